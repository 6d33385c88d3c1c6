// SPDX-License-Identifier: GPL-2.0-or-later
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../lib/run.h"
#include "../lib/strbuf.h"
#include "../lib/strvec.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "tree.h"


/* Files above this are searched for "://" in chunks before being read. */
#define BIG_FILE (4u << 20)
#define CHUNK (1u << 20)

struct queue {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	char **dirs;		/* walk: directories still to read */
	size_t nr, alloc;
	size_t busy;		/* workers reading a directory */
	char **list;		/* git: the file list */
	size_t list_nr, list_alloc, next;
	int rootfd;
};

struct worker {
	struct tree_scan *ts;
	struct queue *q;	/* shared by the workers of one tree_scan_run() */
	pthread_t thread;
	char *buf;
	size_t alloc;
	struct tree_file *files;
	size_t nr, alloc_files;
	size_t files_read, binary, errors, too_big;
	unsigned long long bytes_read;
	struct mem_pool pool;
};


static long long mtime_ns(const struct stat *st)
{
	return (long long)st->st_mtim.tv_sec * 1000000000LL +
	       st->st_mtim.tv_nsec;
}

static struct tree_file *new_file(struct worker *w, const char *path,
				  enum tree_file_state state)
{
	struct tree_file *f;

	ALLOC_GROW(w->files, w->nr + 1, w->alloc_files);
	f = &w->files[w->nr++];
	memset(f, 0, sizeof(*f));
	f->path = mem_pool_strdup(&w->pool, path);
	f->state = state;
	return f;
}

/*
 * A big file with no "://" needs only a chunked look; the few big files
 * with links are read whole.  Keeps memory flat on 20 MB register headers.
 * 0: no link; 1: a link; 2: binary (a NUL in its first chunk).
 */
static int big_file_has_links(struct worker *w, int fd, size_t size)
{
	size_t off = 0, carry = 0;
	ssize_t n;

	/* buf[0..2) carries the previous chunk's last bytes across the seam. */
	ALLOC_GROW(w->buf, CHUNK + 3, w->alloc);
	while (off < size) {
		n = pread(fd, w->buf + 2, CHUNK, (off_t)off);
		if (n <= 0)
			break;
		if (!off && scan_is_binary(w->buf + 2, (size_t)n))
			return 2;
		if (scan_has_marker(w->buf + 2 - carry, (size_t)n + carry))
			return 1;
		if (n >= 2) {
			memcpy(w->buf, w->buf + (size_t)n, 2);
			carry = 2;
		}
		off += (size_t)n;
	}
	return 0;
}

/* The file, up to cap bytes (a file that grows is read no further). */
static int read_all(struct worker *w, int fd, size_t cap, size_t hint,
		    size_t *len)
{
	size_t n = 0;
	ssize_t r;

	ALLOC_GROW(w->buf, hint + 2, w->alloc);
	for (;;) {
		if (n >= cap)
			break;
		if (n + 1 >= w->alloc)
			ALLOC_GROW(w->buf, w->alloc + 1, w->alloc);
		r = read(fd, w->buf + n, w->alloc - 1 - n);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (!r)
			break;
		n += (size_t)r;
		/* The size fstat gave was read: one read, no EOF probe. */
		if (n == hint && n + 1 < w->alloc)
			break;
	}
	w->buf[n] = '\0';
	*len = n;
	return 0;
}

static void release_big_buffer(struct worker *w)
{
	if (w->alloc > BIG_FILE) {
		free(w->buf);
		w->buf = NULL;
		w->alloc = 0;
	}
}

static void process_file(struct worker *w, int dirfd, const char *name,
			 const char *path)
{
	struct tree_scan *ts = w->ts;
	struct tree_file *f;
	struct stat st;
	size_t len;
	int fd, rc;

	if (ts->skip && ts->skip(ts->data, path))
		return;
	if (ts->unchanged) {
		if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW)) {
			if (errno == ENOENT)	/* see below */
				return;
			error_errno("cannot stat '%s'", path);
			w->errors++;
			new_file(w, path, TF_ERROR);
			return;
		}
		if (!S_ISREG(st.st_mode))
			return;
		if (ts->unchanged(ts->data, path, (long long)st.st_size,
				  mtime_ns(&st))) {
			f = new_file(w, path, TF_UNCHANGED);
			f->size = (long long)st.st_size;
			f->mtime_ns = mtime_ns(&st);
			return;
		}
	}
	fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NOCTTY |
		    O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		if (errno == ELOOP)	/* a symlink: never followed */
			return;
		/*
		 * Listed by git but not in the work tree (a sparse checkout,
		 * a file deleted and not yet committed), or gone since the
		 * walk listed it: nothing there to read, and no error.
		 */
		if (errno == ENOENT)
			return;
		error_errno("cannot open '%s'", path);
		w->errors++;
		new_file(w, path, TF_ERROR);
		return;
	}
	if (fstat(fd, &st)) {
		error_errno("cannot stat '%s'", path);
		goto out_error;
	}
	if (!S_ISREG(st.st_mode))
		goto out_close;
	f = new_file(w, path, TF_SCANNED);
	f->size = (long long)st.st_size;
	f->mtime_ns = mtime_ns(&st);
	w->files_read++;
	rc = (size_t)st.st_size > BIG_FILE ?
	     big_file_has_links(w, fd, (size_t)st.st_size) : 1;
	if (!rc) {
		w->bytes_read += (unsigned long long)st.st_size;
		goto out_close;
	}
	if (rc == 2 && ts->max_file && (size_t)st.st_size > ts->max_file) {
		f->state = TF_BINARY;
		w->binary++;
		goto out_close;
	}
	/*
	 * Links in a file past the cap: it is not read whole (a 2 GB file
	 * would take 2 GB), and scan says so.  No source file is so big.
	 */
	if (ts->max_file && (size_t)st.st_size > ts->max_file) {
		warning("skipped '%s': %.1f MB, past the %zu MB a file may be "
			"(scan --max-file-size)", path,
			(double)st.st_size / (1 << 20), ts->max_file >> 20);
		f->state = TF_TOO_BIG;
		w->too_big++;
		goto out_close;
	}
	if (read_all(w, fd, ts->max_file ? ts->max_file : (size_t)st.st_size,
		     (size_t)st.st_size, &len)) {
		error_errno("cannot read '%s'", path);
		f->state = TF_ERROR;
		w->errors++;
		goto out_close;
	}
	w->bytes_read += len;
	rc = scan_buffer(path, w->buf, len, &ts->opts, &f->occ);
	if (rc == 1) {
		f->state = TF_BINARY;
		w->binary++;
	}
	release_big_buffer(w);
out_close:
	close(fd);
	return;
out_error:
	close(fd);
	w->errors++;
	new_file(w, path, TF_ERROR);
}

static int skip_dir(const char *name)
{
	return !strcmp(name, ".git") || !strcmp(name, ".linkmend");
}

static void push_dir(struct queue *q, char *dir)
{
	ALLOC_GROW(q->dirs, q->nr + 1, q->alloc);
	q->dirs[q->nr++] = dir;
}

static void walk_dir(struct worker *w, const char *dir)
{
	struct queue *q = w->q;
	struct strbuf path = STRBUF_INIT;
	struct dirent *e;
	size_t base;
	DIR *d;
	int fd;

	fd = openat(q->rootfd, *dir ? dir : ".", O_RDONLY | O_DIRECTORY |
		    O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 || !(d = fdopendir(fd))) {
		error_errno("cannot read directory '%s'", *dir ? dir : ".");
		if (fd >= 0)
			close(fd);
		w->errors++;
		return;
	}
	strbuf_addstr(&path, dir);
	if (*dir)
		strbuf_addch(&path, '/');
	base = path.len;
	while ((e = readdir(d))) {
		unsigned char type = e->d_type;
		const char *n = e->d_name;

		if (n[0] == '.' && (!n[1] || (n[1] == '.' && !n[2])))
			continue;
		strbuf_setlen(&path, base);
		strbuf_addstr(&path, n);
		if (type == DT_UNKNOWN) {
			struct stat st;

			if (fstatat(fd, n, &st, AT_SYMLINK_NOFOLLOW))
				continue;
			type = S_ISDIR(st.st_mode) ? DT_DIR :
			       S_ISREG(st.st_mode) ? DT_REG : DT_UNKNOWN;
		}
		if (type == DT_DIR) {
			if (skip_dir(n))
				continue;
			pthread_mutex_lock(&q->lock);
			push_dir(q, xstrdup(path.buf));
			pthread_cond_signal(&q->cond);
			pthread_mutex_unlock(&q->lock);
		} else if (type == DT_REG) {
			process_file(w, fd, n, path.buf);
		}
	}
	closedir(d);
	strbuf_release(&path);
}

static void *walk_worker(void *arg)
{
	struct worker *w = arg;
	struct queue *q = w->q;

	for (;;) {
		char *dir;

		pthread_mutex_lock(&q->lock);
		while (!q->nr && q->busy)
			pthread_cond_wait(&q->cond, &q->lock);
		if (!q->nr) {
			pthread_cond_broadcast(&q->cond);
			pthread_mutex_unlock(&q->lock);
			return NULL;
		}
		/* Depth first keeps the queue short and neighbours together. */
		dir = q->dirs[--q->nr];
		q->busy++;
		pthread_mutex_unlock(&q->lock);
		walk_dir(w, dir);
		free(dir);
		pthread_mutex_lock(&q->lock);
		q->busy--;
		if (!q->busy && !q->nr)
			pthread_cond_broadcast(&q->cond);
		pthread_mutex_unlock(&q->lock);
	}
}

static void *list_worker(void *arg)
{
	struct worker *w = arg;
	struct queue *q = w->q;

	for (;;) {
		size_t i, k;

		pthread_mutex_lock(&q->lock);
		k = q->next;
		q->next += 32;
		pthread_mutex_unlock(&q->lock);
		if (k >= q->list_nr)
			return NULL;
		for (i = k; i < k + 32 && i < q->list_nr; i++)
			process_file(w, q->rootfd, q->list[i], q->list[i]);
	}
}

/*
 * git ls-files -z of ts's paths into out: the tracked files (cached),
 * the untracked ones git does not ignore (others), or both.  quiet keeps
 * git's complaints off stderr.
 */
static int ls_files(const struct tree_scan *ts, int cached, int others,
		    int quiet, struct strbuf *out)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	size_t i;

	git_cmd(&cp, ts->root);
	strvec_pushl(&cp.args, "ls-files", "-z", NULL);
	if (cached)
		strvec_push(&cp.args, "--cached");
	if (others)
		strvec_pushl(&cp.args, "--others", "--exclude-standard", NULL);
	strvec_push(&cp.args, "--");
	for (i = 0; i < ts->npaths; i++)
		strvec_push(&cp.args, ts->paths[i]);
	cp.out = out;
	cp.no_stderr = quiet;
	return child_process_run(&cp);
}

/*
 * Nothing tracked to scan: how many untracked files were left out, so
 * that "0 files" can say why (a new repository, nothing added yet).
 */
static void count_untracked(struct tree_scan *ts)
{
	struct strbuf out = STRBUF_INIT;
	size_t i;

	if (!ls_files(ts, 0, 1, 1, &out))
		for (i = 0; i < out.len; i++)
			ts->untracked_left += !out.buf[i];
	strbuf_release(&out);
}

static int git_list(struct tree_scan *ts, struct queue *q)
{
	struct strbuf out = STRBUF_INIT;
	size_t i, start;

	if (ls_files(ts, 1, ts->untracked, 0, &out)) {
		strbuf_release(&out);
		return error("git ls-files failed in '%s'", ts->root);
	}
	for (start = 0, i = 0; i < out.len; i++) {
		if (out.buf[i])
			continue;
		if (i > start) {
			ALLOC_GROW(q->list, q->list_nr + 1, q->list_alloc);
			q->list[q->list_nr++] = xstrndup(out.buf + start,
						       i - start);
		}
		start = i + 1;
	}
	strbuf_release(&out);
	if (!q->list_nr && !ts->untracked)
		count_untracked(ts);
	return 0;
}

static int is_git_checkout(const char *root)
{
	char *p = xstrfmt("%s/.git", root);
	int ret = !access(p, F_OK);

	free(p);
	return ret;
}

static int cmp_file(const void *a, const void *b)
{
	return strcmp(((const struct tree_file *)a)->path,
		      ((const struct tree_file *)b)->path);
}

/* Seed the walk with the requested paths: directories queued, files read. */
static void seed_walk(struct tree_scan *ts, struct worker *w)
{
	struct queue *q = w->q;
	size_t i;

	if (!ts->npaths) {
		push_dir(q, xstrdup(""));
		return;
	}
	for (i = 0; i < ts->npaths; i++) {
		const char *p = ts->paths[i];
		struct stat st;

		if (!*p || !strcmp(p, ".")) {
			push_dir(q, xstrdup(""));
		} else if (fstatat(q->rootfd, p, &st, AT_SYMLINK_NOFOLLOW)) {
			error_errno("cannot stat '%s'", p);
			w->errors++;
		} else if (S_ISDIR(st.st_mode)) {
			push_dir(q, xstrdup(p));
		} else if (S_ISREG(st.st_mode)) {
			process_file(w, q->rootfd, p, p);
		}
	}
}

int tree_scan_run(struct tree_scan *ts)
{
	struct queue qs = {
		PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER,
		NULL, 0, 0, 0, NULL, 0, 0, 0, -1
	}, *q = &qs;
	struct worker *w;
	int jobs = ts->jobs > 0 ? ts->jobs : 2, i, started;
	size_t total = 0;

	q->rootfd = open(ts->root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (q->rootfd < 0)
		return error_errno("cannot open '%s'", ts->root);
	ts->git = !ts->no_git && is_git_checkout(ts->root);
	if (ts->git && git_list(ts, q)) {
		close(q->rootfd);
		return -1;
	}
	w = xcalloc((size_t)jobs, sizeof(*w));
	for (i = 0; i < jobs; i++) {
		w[i].ts = ts;
		w[i].q = q;
	}
	if (!ts->git)
		seed_walk(ts, &w[0]);
	/* Fewer threads than asked when the system refuses one; at worst none. */
	for (started = 0; started < jobs; started++)
		if (pthread_create(&w[started].thread, NULL,
				   ts->git ? list_worker : walk_worker,
				   &w[started]))
			break;
	if (!started)
		(ts->git ? list_worker : walk_worker)(&w[0]);
	for (i = 0; i < jobs; i++) {
		if (i < started)
			pthread_join(w[i].thread, NULL);
		total += w[i].nr;
	}
	ts->files = xcalloc(total ? total : 1, sizeof(*ts->files));
	for (i = 0; i < jobs; i++) {
		if (w[i].nr)
			memcpy(ts->files + ts->nr, w[i].files,
			       w[i].nr * sizeof(*w[i].files));
		ts->nr += w[i].nr;
		ts->files_read += w[i].files_read;
		ts->binary += w[i].binary;
		ts->errors += w[i].errors;
		ts->too_big += w[i].too_big;
		ts->bytes_read += w[i].bytes_read;
		free(w[i].files);
		free(w[i].buf);
		mem_pool_combine(&ts->pool, &w[i].pool);
	}
	free(w);
	qsort(ts->files, ts->nr, sizeof(*ts->files), cmp_file);
	for (total = 0; total < q->list_nr; total++)
		free(q->list[total]);
	free(q->list);
	free(q->dirs);
	close(q->rootfd);
	return 0;
}

void tree_scan_release(struct tree_scan *ts)
{
	size_t i;

	for (i = 0; i < ts->nr; i++)
		occ_list_release(&ts->files[i].occ);
	mem_pool_release(&ts->pool);
	free(ts->files);
	ts->files = NULL;
	ts->nr = 0;
}
