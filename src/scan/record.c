// SPDX-License-Identifier: GPL-2.0-or-later
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "../lib/config.h"
#include "../lib/settings.h"
#include "../lib/path.h"
#include "../lib/strbuf.h"
#include "../lib/strmap.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "record.h"

int scan_skipped(const struct config *cfg, const char *path)
{
	return settings_match(cfg, SETTING_SCAN_SKIP, path, 1);
}

/* The configuration's own URLs (archive endpoints) are no links to mend. */
static int skip_path(void *data, const char *path)
{
	struct scan_job *sc = data;

	return !strcmp(path, ".linkmend.conf") || scan_skipped(sc->cfg, path);
}

void scan_trace(const char *what)
{
	static struct timespec t0;
	static int on = -1;
	struct timespec t;

	if (on < 0)
		on = getenv("LINKMEND_TRACE") != NULL;
	if (!on)
		return;
	clock_gettime(CLOCK_MONOTONIC, &t);
	if (!t0.tv_sec)
		t0 = t;
	fprintf(stderr, "trace: %-10s %8.3f ms\n", what,
		(double)(t.tv_sec - t0.tv_sec) * 1e3 +
		(double)(t.tv_nsec - t0.tv_nsec) / 1e6);
}

static int load_file(const struct store_file *f, void *data)
{
	manifest_add(data, f->path, f->size, f->mtime_ns);
	return 0;
}

/*
 * Called from the scan threads, which only read the manifest.  A thread
 * walks one directory at a time, so the last directory is cached.
 */
static int unchanged(void *data, const char *path, long long size,
		     long long mtime_ns)
{
	static _Thread_local const struct manifest_dir *last;
	static _Thread_local const char *last_path;
	struct scan_job *sc = data;
	const char *slash = strrchr(path, '/');
	size_t n = slash ? (size_t)(slash - path) : 0;
	struct manifest_entry *e;

	if (!last_path || strlen(last_path) != n || memcmp(last_path, path, n)) {
		last = manifest_dir(&sc->manifest, path, n);
		last_path = last ? last->path : NULL;
		if (!last)
			return 0;
	}
	e = manifest_find(last, slash ? slash + 1 : path);
	return e && e->size == size && e->mtime_ns == mtime_ns;
}

/* One directory's files, as the store will keep them. */
struct dir_files {
	struct store_file *v;
	size_t nr, alloc;
	int dirty;
};

/*
 * The entry for path's directory.  Paths arrive sorted, so the last
 * directory asked for is usually the next one too.
 */
static struct dir_files *dir_of(struct strmap *dirs, const char *path,
				const char **name)
{
	static struct dir_files *last;
	static char *last_dir;
	static size_t last_len = (size_t)-1;
	const char *slash = strrchr(path, '/');
	size_t n = slash ? (size_t)(slash - path) : 0;
	void **slot;

	*name = slash ? slash + 1 : path;
	if (!dirs) {
		free(last_dir);
		last_dir = NULL;
		last_len = (size_t)-1;
		return NULL;
	}
	if (last_dir && n == last_len && !memcmp(path, last_dir, n))
		return last;
	free(last_dir);
	last_dir = xstrndup(path, n);
	last_len = n;
	slot = strmap_put(dirs, last_dir);
	if (!*slot)
		*slot = xcalloc(1, sizeof(struct dir_files));
	last = *slot;
	return last;
}

static void add_file(struct dir_files *d, const char *name, long long size,
		     long long mtime_ns)
{
	ALLOC_GROW(d->v, d->nr + 1, d->alloc);
	d->v[d->nr].path = name;
	d->v[d->nr].size = size;
	d->v[d->nr].mtime_ns = mtime_ns;
	d->nr++;
}

static int cmp_store_file(const void *a, const void *b)
{
	return strcmp(((const struct store_file *)a)->path,
		      ((const struct store_file *)b)->path);
}

static void free_dir_files(void *p)
{
	struct dir_files *d = p;

	free(d->v);
	free(d);
}

static int put_occurrences(struct store *st, const struct tree_file *f)
{
	size_t k;

	for (k = 0; k < f->occ.nr; k++) {
		const struct occurrence *o = &f->occ.v[k];
		struct store_occ so = { 0 };

		so.path = f->path;
		so.line = o->line;
		so.col = o->col;
		so.start = (long long)o->start;
		so.end = (long long)o->end;
		so.url = o->url;
		so.key = o->key;
		so.host = o->host;
		so.context = o->ctx;
		so.flags = o->flags;
		so.url_id = -1;
		if (store_put_occurrence(st, &so))
			return -1;
	}
	return 0;
}

/* The path of a file the store recorded, relative to the root. */
static void entry_path(struct strbuf *path, const struct manifest_dir *md,
		       size_t i)
{
	strbuf_reset(path);
	strbuf_addf(path, "%s%s%s", md->path, *md->path ? "/" : "",
		    md->v[i].name);
}

/* Outside the paths scanned, what was recorded stands. */
static void keep_outside(struct scan_job *sc, struct strmap *dirs)
{
	struct tree_scan *ts = &sc->ts;
	struct strbuf path = STRBUF_INIT;
	struct strmap_entry *e;
	const char *name;
	size_t i;

	strmap_for_each(&sc->manifest.dirs, e) {
		struct manifest_dir *md = e->value;

		for (i = 0; ts->npaths && i < md->nr; i++) {
			entry_path(&path, md, i);
			if (path_under_any(path.buf, ts->paths, ts->npaths))
				continue;
			add_file(dir_of(dirs, path.buf, &name), md->v[i].name,
				 md->v[i].size, md->v[i].mtime_ns);
		}
	}
	strbuf_release(&path);
}

/* The files scanned: each read one's occurrences anew. */
static int put_files(struct store *st, struct scan_job *sc,
		     struct strmap *dirs)
{
	struct tree_scan *ts = &sc->ts;
	const char *name;
	size_t i;

	for (i = 0; i < ts->nr; i++) {
		struct tree_file *f = &ts->files[i];
		struct manifest_entry *s = manifest_lookup(&sc->manifest,
							   f->path);
		struct dir_files *d = dir_of(dirs, f->path, &name);

		if (s)
			s->seen = 1;
		if (f->state == TF_UNCHANGED) {
			add_file(d, name, f->size, f->mtime_ns);
			continue;
		}
		d->dirty = 1;
		if (s && store_delete_occurrences(st, f->path))
			return -1;
		/* Looked at again next time: read then, or said again. */
		if (f->state == TF_ERROR || f->state == TF_TOO_BIG)
			continue;
		add_file(d, name, f->size, f->mtime_ns);
		if (put_occurrences(st, f))
			return -1;
	}
	return 0;
}

/* Files gone from the part of the tree scanned are forgotten. */
static int forget_gone(struct store *st, struct scan_job *sc,
		       struct strmap *dirs)
{
	struct tree_scan *ts = &sc->ts;
	struct strbuf path = STRBUF_INIT;
	struct strmap_entry *e;
	const char *name;
	size_t i;
	int ret = 0;

	strmap_for_each(&sc->manifest.dirs, e) {
		struct manifest_dir *md = e->value;

		for (i = 0; i < md->nr && !ret; i++) {
			if (md->v[i].seen)
				continue;
			entry_path(&path, md, i);
			if (!path_under_any(path.buf, ts->paths, ts->npaths))
				continue;
			dir_of(dirs, path.buf, &name)->dirty = 1;
			ret = store_delete_occurrences(st, path.buf);
		}
	}
	strbuf_release(&path);
	return ret;
}

static int put_dirs(struct store *st, struct strmap *dirs)
{
	struct strmap_entry *e;

	strmap_for_each(dirs, e) {
		struct dir_files *d = e->value;

		if (!d->dirty)
			continue;
		if (d->nr)	/* a directory left empty has no list */
			qsort(d->v, d->nr, sizeof(*d->v), cmp_store_file);
		if (store_put_dir(st, e->key, d->v, d->nr))
			return -1;
	}
	return 0;
}

/*
 * Write the scan: occurrences of every file read, and the file list of
 * each directory in which something was read, appeared or vanished.
 */
static int record(struct store *st, struct scan_job *sc)
{
	struct strmap dirs = STRMAP_INIT;
	const char *name;
	int ret = -1;

	if (store_begin(st))
		return -1;
	if (!sc->manifest.files && store_clear_files(st))
		goto out;
	keep_outside(sc, &dirs);
	if (put_files(st, sc, &dirs))
		goto out;
	scan_trace("occ");
	if (forget_gone(st, sc, &dirs))
		goto out;
	scan_trace("gone");
	if (put_dirs(st, &dirs))
		goto out;
	scan_trace("dirs");
	/* Kept, they are a third of the table a release later (issue 47). */
	sc->pruned = store_prune_resolutions(st);
	if (sc->pruned < 0)
		goto out;
	if (store_set_meta(st, "scan_signature", sc->signature) ||
	    (sc->real_root && store_set_meta(st, "root", sc->real_root)))
		goto out;
	ret = store_commit(st);
	scan_trace("commit");
out:
	dir_of(NULL, "", &name);
	strmap_clear(&dirs, free_dir_files);
	if (ret)
		store_rollback(st);
	return ret;
}


/*
 * The root and the pathspecs relative to it.  One directory: it is the
 * root.  Otherwise paths are taken from --root or the current directory
 * and must lie inside it.
 */
int scan_job_paths(struct scan_job *job, const char *root, int argc,
		   char *const *argv)
{
	struct tree_scan *ts = &job->ts;
	char real_root[PATH_MAX], real[PATH_MAX];
	const char **specs;
	struct stat st;
	int i;

	if (!root && argc == 1 && !stat(argv[0], &st) && S_ISDIR(st.st_mode)) {
		ts->root = xstrdup(argv[0]);
		return 0;
	}
	ts->root = xstrdup(root ? root : ".");
	if (!realpath(ts->root, real_root))
		return error_errno("cannot resolve '%s'", ts->root);
	specs = xcalloc((size_t)argc + 1, sizeof(*specs));
	ts->paths = specs;
	for (i = 0; i < argc; i++) {
		size_t l = strlen(real_root);
		char *rel;

		if (!realpath(argv[i], real))
			return error_errno("cannot resolve '%s'", argv[i]);
		if (strncmp(real, real_root, l) ||
		    (real[l] && real[l] != '/' && l > 1))
			return error("'%s' is outside the root '%s'", argv[i],
				     ts->root);
		rel = xstrdup(real + l + (real[l] == '/'));
		if (l == 1)
			memmove(rel, rel + (rel[0] == '/'), strlen(rel) + 1);
		specs[i] = rel;
		ts->npaths = (size_t)i + 1;
		if (path_normalize(rel))
			return error("'%s' is outside the root '%s'", argv[i],
				     ts->root);
	}
	/* The root itself among them ("scan . drivers/iio"): all of it. */
	for (i = 0; i < argc; i++)
		if (!*specs[i])
			break;
	if (i < argc) {
		for (i = 0; i < argc; i++)
			free((char *)specs[i]);
		specs[0] = NULL;
		ts->npaths = 0;
	}
	return 0;
}

int scan_job_run(struct scan_job *sc, struct store *st)
{
	char *old_sig;

	sc->ts.skip = skip_path;
	sc->ts.data = sc;
	old_sig = store_get_meta(st, "scan_signature");
	/* Results from other rules or options are not reused. */
	if (old_sig && !strcmp(old_sig, sc->signature)) {
		if (store_each_file(st, load_file, &sc->manifest)) {
			free(old_sig);
			return -1;
		}
		manifest_done(&sc->manifest);
	}
	free(old_sig);
	scan_trace("manifest");
	if (sc->manifest.files)
		sc->ts.unchanged = unchanged;
	scan_trace("start");
	sc->real_root = realpath(sc->ts.root, NULL);
	if (tree_scan_run(&sc->ts))
		return error("cannot list the files under '%s'", sc->ts.root);
	scan_trace("scanned");
	if (record(st, sc))
		return error("cannot record the scan");
	scan_trace("recorded");
	return 0;
}

void scan_job_release(struct scan_job *sc)
{
	size_t i;

	for (i = 0; i < sc->ts.npaths; i++)
		free((char *)sc->ts.paths[i]);
	free((void *)sc->ts.paths);
	free((char *)sc->ts.root);
	manifest_release(&sc->manifest);
	tree_scan_release(&sc->ts);
	free(sc->real_root);
}
