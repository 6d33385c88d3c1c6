// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../lib/digest.h"
#include "../lib/path.h"
#include "../lib/run.h"
#include "../lib/strbuf.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "../scan/manifest.h"
#include "fix.h"
#include "../rewrite/keep.h"
#include "../rewrite/plan.h"
#include "../rewrite/rewrite.h"

static int write_tmp(const char *dir, const char *buf, size_t len, char **out)
{
	char *p = xstrfmt("%s/linkmend-diff-XXXXXX", dir);
	int fd = mkstemp(p);

	if (fd < 0 || write(fd, buf, len) != (ssize_t)len) {
		if (fd >= 0)
			close(fd);
		unlink(p);
		free(p);
		return error_errno("cannot write a temporary file");
	}
	close(fd);
	*out = p;
	return 0;
}

/* The unified diff of one file, by diff(1), on stdout. */
static int show_diff(const char *path, const struct strbuf *old,
		     const struct strbuf *new)
{
	const char *tmpdir = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	struct strbuf shown = STRBUF_INIT;
	char *a = NULL, *b = NULL, *la, *lb;
	const char *argv[] = { "diff", "-u", "--label", NULL, "--label", NULL,
			       NULL, NULL, NULL };
	struct strbuf out = STRBUF_INIT;
	int ret = -1, status;

	/* A file name from the tree reaches the terminal: no raw escapes. */
	strbuf_add_printable(&shown, path, strlen(path));
	la = xstrfmt("a/%s", shown.buf);
	lb = xstrfmt("b/%s", shown.buf);
	strbuf_release(&shown);
	argv[3] = la;
	argv[5] = lb;

	if (write_tmp(tmpdir, old->buf, old->len, &a) ||
	    write_tmp(tmpdir, new->buf, new->len, &b))
		goto out;
	argv[6] = a;
	argv[7] = b;
	status = run_command(argv, NULL, NULL, 0, &out, NULL);
	if (status == 0 || status == 1) {
		fwrite(out.buf, 1, out.len, stdout);
		ret = 0;
	} else {
		error("cannot run diff");
	}
out:
	if (a)
		unlink(a);
	if (b)
		unlink(b);
	strbuf_release(&out);
	free(a);
	free(b);
	free(la);
	free(lb);
	return ret;
}

static int load_file(const struct store_file *f, void *data)
{
	manifest_add(data, f->path, f->size, f->mtime_ns);
	return 0;
}

static int unchanged_since_scan(const struct manifest *m, const char *full,
				const char *path)
{
	struct manifest_entry *e = manifest_lookup(m, path);
	struct stat st;

	if (!e || lstat(full, &st) || !S_ISREG(st.st_mode))
		return 0;
	return e->size == (long long)st.st_size &&
	       e->mtime_ns == (long long)st.st_mtim.tv_sec * 1000000000LL +
			      st.st_mtim.tv_nsec;
}

/*
 * One fix at a time per store: .linkmend/fix.lock, held with flock(2)
 * for the run (the kernel drops it when the process dies, kill -9 too).
 */
static int lock_store(const char *db, int wait)
{
	char *dir = xstrdup(db), *slash = strrchr(dir, '/'), *path;
	int fd;

	if (slash)
		*slash = '\0';
	path = xstrfmt("%s/fix.lock", slash ? dir : ".");
	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0666);
	if (fd < 0) {
		error_errno("cannot open '%s'", path);
	} else if (flock(fd, wait ? LOCK_EX : LOCK_EX | LOCK_NB)) {
		if (errno == EWOULDBLOCK)
			error("another linkmend fix is writing this tree (%s); "
			      "--wait waits for it", path);
		else
			error_errno("cannot lock '%s'", path);
		close(fd);
		fd = -1;
	}
	free(path);
	free(dir);
	return fd;
}

/* 1 if full's directory lies inside root (no symlinked directory out). */
static int inside_tree(const char *root_real, const char *full)
{
	char *dir = xstrdup(full), *slash = strrchr(dir, '/'), *real;
	size_t n = strlen(root_real);
	int ok;

	if (slash)
		*slash = '\0';
	real = realpath(dir, NULL);
	ok = real && !strncmp(real, root_real, n) &&
	     (real[n] == '/' || real[n] == '\0');
	free(real);
	free(dir);
	return ok;
}

/* Commit, and start the next transaction. */
static int checkpoint(struct store *st)
{
	return store_commit(st) || store_begin(st) ? -1 : 0;
}

/*
 * A run killed between writing a file and recording it left
 * "fix_pending" = PATH TAB SHA-256 of what it wrote: if the file holds
 * that, its edits are done and recorded now; otherwise it was not
 * written.  Returns the path recovered (to free), or NULL.
 */
static int recover_pending(struct store *st, const char *root,
			   struct plan *p, char **recovered)
{
	char *v = store_get_meta(st, "fix_pending"), *tab, *full;
	struct strbuf sb = STRBUF_INIT;
	char hex[65];
	size_t i;
	int ret = 0;

	*recovered = NULL;
	if (!v || !*v || !(tab = strchr(v, '\t'))) {
		free(v);
		return 0;
	}
	*tab = '\0';
	full = xstrfmt("%s/%s", root, v);
	if (!strbuf_read_file(&sb, full)) {
		sha256_hex(sb.buf, sb.len, hex);
		if (!strcmp(hex, tab + 1)) {
			for (i = 0; i < p->nr; i++)
				if (!strcmp(p->v[i].path, v) && !p->v[i].applied) {
					if (store_mark_applied(st, v, (long long)p->v[i].start))
						ret = -1;
					p->v[i].applied = 1;
				}
			*recovered = xstrdup(v);
		}
	}
	if (store_set_meta(st, "fix_pending", "") || checkpoint(st))
		ret = -1;
	strbuf_release(&sb);
	free(full);
	free(v);
	return ret;
}

struct fixer {
	const struct fix_opts *o;
	struct store *st;
	struct plan p;
	struct manifest m;
	char *root_real;
	struct keep_tree kt;
	struct judge judge;
	struct fix_stats *stats;
};

/*
 * The intent first, then the file, then the record: a run killed
 * anywhere here is finished by the next.  -1 when the store fails.
 */
static int write_journalled(struct fixer *f, const char *path,
			    const char *full, const struct strbuf *new,
			    const size_t *which, size_t n, int *written)
{
	struct plan *p = &f->p;
	char hex[65], *pending;
	size_t k;
	int ret;

	*written = 0;

	sha256_hex(new->buf, new->len, hex);
	pending = xstrfmt("%s\t%s", path, hex);
	ret = store_set_meta(f->st, "fix_pending", pending) ||
	      checkpoint(f->st);
	free(pending);
	if (ret)
		return -1;
	if (rewrite_file(full, new->buf, new->len)) {
		f->stats->unwritten++;	/* rewrite_file() said why */
	} else {
		*written = 1;
		for (k = 0; k < n; k++)
			if (store_mark_applied(f->st, p->v[which[k]].path,
					       (long long)p->v[which[k]].start))
				return -1;
	}
	return store_set_meta(f->st, "fix_pending", "") || checkpoint(f->st) ?
	       -1 : 0;
}

/*
 * A file changed since the scan is left alone, unless what changed is
 * fix's own work: every edit of it is there already (an earlier run,
 * one killed before it recorded, or a commit of it).  1 when it is to
 * be skipped.
 */
static int changed_by_others(struct fixer *f, size_t i, size_t j)
{
	struct plan *p = &f->p;
	size_t k;

	for (k = i; k < j; k++)
		if (!p->v[k].applied && p->v[k].kept == KEEP_NONE &&
		    p->v[k].judged.left == LEFT_NONE)
			break;
	if (k == j)
		return 0;
	warning("skipped '%s': changed since the last scan", p->v[i].path);
	f->stats->skipped++;
	return 1;
}

/*
 * The edits of plan entries [i, j), one file, applied to old; stale: the
 * file is not as scan saw it.
 */
static int edit_file(struct fixer *f, size_t i, size_t j, const char *full,
		     const struct strbuf *old, int stale)
{
	struct plan *p = &f->p;
	struct strbuf new = STRBUF_INIT;
	struct edit *ev = xcalloc(j - i, sizeof(*ev));
	size_t *which = xcalloc(j - i, sizeof(*which)), n = 0, k;
	int ret = 0, written = 0;

	plan_fit(p, i, j, old->buf, old->len, &f->kt, &f->stats->kept);
	if (stale && changed_by_others(f, i, j))
		goto out;
	for (k = i; k < j; k++)
		f->stats->done += p->v[k].applied;
	for (k = i; k < j; k++) {
		if (p->v[k].applied || p->v[k].kept != KEEP_NONE ||
		    p->v[k].judged.left != LEFT_NONE)
			continue;
		if (p->v[k].changed) {
			warning("skipped %s:%u: not the URL scan saw there",
				p->v[k].path, p->v[k].line);
			f->stats->changed++;
			continue;
		}
		which[n] = k;
		ev[n].start = p->v[k].start;
		ev[n].end = p->v[k].end;
		ev[n++].text = plan_text(&p->v[k]);
	}
	if (n && rewrite_apply(old->buf, old->len, ev, n, &new)) {
		error("'%s': edits not applied", p->v[i].path);
		f->stats->unwritten++;
	} else if (n && f->o->dry_run) {
		written = !show_diff(p->v[i].path, old, &new);
	} else if (n) {
		ret = write_journalled(f, p->v[i].path, full, &new, which, n,
				       &written);
	}
	/* Only what was written (or shown) is counted as made. */
	if (written) {
		f->stats->files++;
		f->stats->edits += n;
	}
out:
	free(ev);
	free(which);
	strbuf_release(&new);
	return ret;
}

/*
 * The path of plan entry i in the tree if it may be edited, else NULL;
 * *stale: the file is not as the last scan saw it.
 */
static char *usable_path(struct fixer *f, size_t i, int *stale)
{
	const char *path = f->p.v[i].path;
	char *rel = xstrdup(path), *full;

	if (path_normalize(rel)) {
		free(rel);
		return NULL;
	}
	full = xstrfmt("%s/%s", f->o->root, rel);
	free(rel);
	if (!inside_tree(f->root_real, full)) {
		warning("skipped '%s': its directory is outside the tree "
			"(a symlink)", path);
		f->stats->skipped++;
		free(full);
		return NULL;
	}
	if (!f->o->dry_run) {
		/* A write a kill -9 cut short: never a result. */
		char *tmp = xstrfmt("%s.linkmend-??????", full);

		remove_leftovers(tmp);
		free(tmp);
	}
	*stale = !unchanged_since_scan(&f->m, full, path);
	return full;
}

static int fix_files(struct fixer *f)
{
	struct plan *p = &f->p;
	size_t i, j;

	/*
	 * Every file with edits is read, those fix wrote before too: an
	 * edit undone since (git checkout) is made again.
	 */
	for (i = 0; i < p->nr; i = j) {
		struct strbuf old = STRBUF_INIT;
		char *full;
		int ret, stale = 0;

		for (j = i; j < p->nr && !strcmp(p->v[j].path, p->v[i].path);
		     j++)
			;
		/* Between files: each is old or new, and recorded. */
		if (f->o->stop && *f->o->stop) {
			f->stats->stopped_at = xstrdup(p->v[i].path);
			for (; i < p->nr; i++)
				f->stats->left += !i ||
					strcmp(p->v[i].path, p->v[i - 1].path);
			break;
		}
		f->stats->looked++;
		if (!(full = usable_path(f, i, &stale)))
			continue;
		if (strbuf_read_file(&old, full)) {
			f->stats->skipped++;
			free(full);
			continue;
		}
		ret = edit_file(f, i, j, full, &old, stale);
		free(full);
		strbuf_release(&old);
		if (ret)
			return error("cannot record the fix of '%s'",
				     p->v[i].path);
	}
	return 0;
}

int fix_apply(const struct fix_opts *o, struct store *st,
	      struct fix_stats *stats)
{
	struct fixer f;
	int lock = -1, ret = -1;

	memset(&f, 0, sizeof(f));
	memset(stats, 0, sizeof(*stats));
	f.o = o;
	f.st = st;
	f.stats = stats;
	f.root_real = realpath(o->root, NULL);
	if (!f.root_real) {
		error_errno("cannot find the tree '%s'", o->root);
		goto out;
	}
	keep_tree_init(&f.kt, f.root_real, o->cfg);
	judge_init(&f.judge, f.root_real, o->cfg, o->home_pages);
	if (!o->dry_run && (lock = lock_store(o->db, o->wait)) < 0)
		goto out;
	if (plan_load(st, o->kinds, o->archived, o->strings, &f.p) ||
	    store_each_file(st, load_file, &f.m))
		goto out;
	f.p.judge = &f.judge;
	manifest_done(&f.m);
	if (!o->dry_run && (store_begin(st) ||
	    recover_pending(st, o->root, &f.p, &stats->recovered)))
		goto out;
	if (fix_files(&f))
		goto out;
	stats->unpatched = f.p.left;
	/* What each link is for, for the report: no reason to stop. */
	if (!o->dry_run && plan_record(st, &f.p, NULL))
		warning("the links' purposes are not recorded in the store");
	if (!o->dry_run && store_commit(st))
		goto out;
	ret = 0;
out:
	keep_tree_release(&f.kt);
	judge_release(&f.judge);
	free(f.root_real);
	if (lock >= 0)
		close(lock);
	plan_release(&f.p);
	manifest_release(&f.m);
	return ret;
}
