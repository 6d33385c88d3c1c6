// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * linkmend scan: list every URL in a tree and record it in the store.
 * Files whose size and mtime match the store are not read again; their
 * occurrences come from the store, so the output is always the whole set.
 */
#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "builtin.h"
#include "lib/path.h"
#include "lib/config.h"
#include "lib/strbuf.h"
#include "lib/strmap.h"
#include "lib/usage.h"
#include "lib/xalloc.h"
#include "report/report.h"
#include "scan/manifest.h"
#include "scan/tree.h"
#include "store/store.h"

/* Bump when a scanning rule changes: stored results are then redone. */
#define SCANNER_VERSION "1"

const char cmd_scan_usage[] =
	"linkmend scan [--format=tsv|json] [--db PATH] [-j N] [--all-schemes]\n"
	"                     [--untracked] [--no-git] [--root DIR] "
	"[--top-hosts N] [-q] PATH...";

const char cmd_scan_help[] =
	"Find every URL in the files under PATH and print one record per\n"
	"occurrence, sorted by path and position, on standard output:\n"
	"\n"
	"    path  line  col  url  context  flags       (tab-separated)\n"
	"\n"
	"path is relative to the scan root (PATH itself when it is the one\n"
	"directory given, else --root or the current directory); line and\n"
	"col are 1-based, col in bytes.  context is one of c-comment,\n"
	"c-line-comment, c-string, c-format, kconfig-help, kconfig, rst,\n"
	"markdown, yaml, makefile, script-comment, html, text, code,\n"
	"identifier, license; flags is a comma-separated subset of wrapped,\n"
	"truncated, placeholder, example, https, invalid, or '-'.\n"
	"\n"
	"Results are kept in the store (.linkmend/linkmend.db under the root\n"
	"by default); a file whose size and mtime are unchanged since the\n"
	"last scan is not read again.  A summary goes to standard error.\n"
	"\n"
	"    --format=tsv|json  output format (default tsv)\n"
	"    --db PATH          the store to use\n"
	"    -j, --jobs N       threads reading files (default 2)\n"
	"    --all-schemes      record every scheme://, not only http(s)/ftp\n"
	"    --untracked        in a git checkout, also untracked files\n"
	"    --no-git           walk the directory even in a git checkout\n"
	"    --root DIR         the root paths are relative to\n"
	"    --top-hosts N      list the N hosts with most links in the summary\n"
	"    -q, --quiet        no summary\n"
	"    --no-output        record only; print nothing on standard output\n";

struct scan_cmd {
	int json, quiet, no_output, top_hosts;
	const char *db;
	struct tree_scan ts;
	struct manifest manifest;
	char *signature;
	char *real_root;	/* where later stages find the files */
	/* The summary, counted while printing. */
	size_t occurrences, by_context[CTX__COUNT];
	struct strmap urls, hosts;	/* key -> count (as pointer) */
	int first;
	struct config cfg;
};

/* The configuration's own URLs (archive endpoints) are no links to mend. */
static int skip_path(void *data, const char *path)
{
	struct scan_cmd *sc = data;

	return !strcmp(path, ".linkmend.conf") ||
	       cmd_conf_skip_path(&sc->cfg, path);
}

/* LINKMEND_TRACE=1 prints the time of each phase on stderr. */
static void trace_time(const char *what)
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
	struct scan_cmd *sc = data;
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
	char flags[96];
	size_t k;

	for (k = 0; k < f->occ.nr; k++) {
		const struct occurrence *o = &f->occ.v[k];
		struct store_occ so;

		flags_format(o->flags, flags, sizeof(flags));
		so.path = f->path;
		so.line = o->line;
		so.col = o->col;
		so.start = (long long)o->start;
		so.end = (long long)o->end;
		so.url = o->url;
		so.key = o->key;
		so.host = o->host;
		so.context = context_name(o->ctx);
		so.flags = flags;
		so.url_id = -1;
		if (store_put_occurrence(st, &so))
			return -1;
	}
	return 0;
}

/*
 * Write the scan: occurrences of every file read, and the file list of
 * each directory in which something was read, appeared or vanished.
 * Outside the scanned paths the old lists stand.
 */
static int record(struct store *st, struct scan_cmd *sc)
{
	struct tree_scan *ts = &sc->ts;
	struct strmap dirs = STRMAP_INIT;
	struct strmap_entry *e;
	const char *name;
	struct dir_files *d;
	size_t i;
	int fresh = !sc->manifest.files;
	struct strbuf path = STRBUF_INIT;

	if (store_begin(st))
		return -1;
	if (fresh && store_clear_files(st))
		goto fail;
	/* Outside the paths scanned, what was recorded stands. */
	strmap_for_each(&sc->manifest.dirs, e) {
		struct manifest_dir *md = e->value;

		for (i = 0; ts->npaths && i < md->nr; i++) {
			strbuf_reset(&path);
			strbuf_addf(&path, "%s%s%s", md->path,
				    *md->path ? "/" : "", md->v[i].name);
			if (path_under_any(path.buf, ts->paths, ts->npaths))
				continue;
			d = dir_of(&dirs, path.buf, &name);
			add_file(d, md->v[i].name, md->v[i].size,
				 md->v[i].mtime_ns);
		}
	}
	for (i = 0; i < ts->nr; i++) {
		struct tree_file *f = &ts->files[i];
		struct manifest_entry *s = manifest_lookup(&sc->manifest,
							   f->path);

		if (s)
			s->seen = 1;
		d = dir_of(&dirs, f->path, &name);
		if (f->state == TF_UNCHANGED) {
			add_file(d, name, f->size, f->mtime_ns);
			continue;
		}
		d->dirty = 1;
		if (s && store_delete_occurrences(st, f->path))
			goto fail;
		if (f->state == TF_ERROR)
			continue;
		add_file(d, name, f->size, f->mtime_ns);
		if (put_occurrences(st, f))
			goto fail;
	}
	trace_time("occ");
	/* Files gone from the part of the tree scanned are forgotten. */
	strmap_for_each(&sc->manifest.dirs, e) {
		struct manifest_dir *md = e->value;

		for (i = 0; i < md->nr; i++) {
			if (md->v[i].seen)
				continue;
			strbuf_reset(&path);
			strbuf_addf(&path, "%s%s%s", md->path,
				    *md->path ? "/" : "", md->v[i].name);
			if (!path_under_any(path.buf, ts->paths, ts->npaths))
				continue;
			dir_of(&dirs, path.buf, &name)->dirty = 1;
			if (store_delete_occurrences(st, path.buf))
				goto fail;
		}
	}
	trace_time("gone");
	strmap_for_each(&dirs, e) {
		d = e->value;
		if (!d->dirty)
			continue;
		qsort(d->v, d->nr, sizeof(*d->v), cmp_store_file);
		if (store_put_dir(st, e->key, d->v, d->nr))
			goto fail;
	}
	trace_time("dirs");
	if (store_set_meta(st, "scan_signature", sc->signature) ||
	    (sc->real_root && store_set_meta(st, "root", sc->real_root)))
		goto fail;
	dir_of(NULL, "", &name);
	strmap_clear(&dirs, free_dir_files);
	strbuf_release(&path);
	i = store_commit(st);
	trace_time("commit");
	return i;
fail:
	dir_of(NULL, "", &name);
	strmap_clear(&dirs, free_dir_files);
	strbuf_release(&path);
	store_rollback(st);
	return -1;
}

static void count(struct strmap *m, const char *key)
{
	void **v = strmap_put(m, key);

	*v = (void *)((size_t)*v + 1);
}

static int print_occ(const struct store_occ *o, void *data)
{
	struct scan_cmd *sc = data;
	enum context ctx = context_from_name(o->context);
	struct strbuf sb = STRBUF_INIT;

	sc->occurrences++;
	if (ctx < CTX__COUNT)
		sc->by_context[ctx]++;
	count(&sc->urls, o->key);
	if (*o->host)
		count(&sc->hosts, o->host);
	if (sc->no_output)
		return 0;
	if (sc->json) {
		json_t *obj = json_object(), *flags = report_flags_json(o->flags);
		char *text;

		json_object_set_new(obj, "path", json_string(o->path));
		json_object_set_new(obj, "line", json_integer(o->line));
		json_object_set_new(obj, "col", json_integer(o->col));
		json_object_set_new(obj, "start", json_integer(o->start));
		json_object_set_new(obj, "end", json_integer(o->end));
		json_object_set_new(obj, "url", json_string(o->url));
		json_object_set_new(obj, "normalized", json_string(o->key));
		json_object_set_new(obj, "host", json_string(o->host));
		json_object_set_new(obj, "context", json_string(o->context));
		json_object_set_new(obj, "flags", flags);
		text = json_dumps(obj, JSON_COMPACT | JSON_PRESERVE_ORDER |
				  JSON_ENSURE_ASCII);
		if (text)
			printf("%s\n%s", sc->first ? "" : ",", text);
		else
			error("cannot encode '%s' as JSON", o->path);
		sc->first = 0;
		free(text);
		json_decref(obj);
		return 0;
	}
	strbuf_add_escaped(&sb, o->path, strlen(o->path));
	strbuf_addf(&sb, "\t%u\t%u\t", o->line, o->col);
	strbuf_add_escaped(&sb, o->url, strlen(o->url));
	strbuf_addf(&sb, "\t%s\t%s\n", o->context, o->flags);
	fwrite(sb.buf, 1, sb.len, stdout);
	strbuf_release(&sb);
	return 0;
}

struct host_count {
	const char *host;
	size_t n;
};

static int cmp_host_count(const void *a, const void *b)
{
	const struct host_count *x = a, *y = b;

	if (x->n != y->n)
		return x->n < y->n ? 1 : -1;
	return strcmp(x->host, y->host);
}

static void summary(struct scan_cmd *sc)
{
	struct tree_scan *ts = &sc->ts;
	struct strbuf sb = STRBUF_INIT;
	size_t unchanged_files = 0, i;
	unsigned c;

	for (i = 0; i < ts->nr; i++)
		unchanged_files += ts->files[i].state == TF_UNCHANGED;
	fprintf(stderr, "scan: %zu files (%zu read, %zu unchanged, %zu binary,"
		" %zu unreadable), %.1f MB read%s\n", ts->nr, ts->files_read,
		unchanged_files, ts->binary, ts->errors,
		(double)ts->bytes_read / 1e6, ts->git ? ", from git" : "");
	fprintf(stderr, "scan: %zu occurrences, %zu unique URLs, %zu hosts\n",
		sc->occurrences, sc->urls.nr, sc->hosts.nr);
	for (c = 0; c < CTX__COUNT; c++)
		if (sc->by_context[c])
			strbuf_addf(&sb, "%s%s %zu", sb.len ? ", " : "",
				    context_name((enum context)c),
				    sc->by_context[c]);
	if (sb.len)
		fprintf(stderr, "scan: by context: %s\n", sb.buf);
	strbuf_release(&sb);
	if (sc->top_hosts > 0 && sc->hosts.nr) {
		struct host_count *hc = xcalloc(sc->hosts.nr, sizeof(*hc));
		struct strmap_entry *e;
		size_t n = 0;

		strmap_for_each(&sc->hosts, e) {
			hc[n].host = e->key;
			hc[n++].n = (size_t)e->value;
		}
		qsort(hc, n, sizeof(*hc), cmp_host_count);
		fprintf(stderr, "scan: top hosts:\n");
		for (i = 0; i < n && i < (size_t)sc->top_hosts; i++) {
			struct strbuf h = STRBUF_INIT;

			strbuf_add_escaped(&h, hc[i].host, strlen(hc[i].host));
			fprintf(stderr, "  %7zu  %s\n", hc[i].n, h.buf);
			strbuf_release(&h);
		}
		free(hc);
	}
}

static int parse_int(const char *s, const char *opt)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || v < 0 || v > 1024)
		die("%s: '%s' is not a number from 0 to 1024", opt, s);
	return (int)v;
}

enum {
	OPT_FORMAT = 256, OPT_DB, OPT_ALL_SCHEMES, OPT_UNTRACKED, OPT_NO_GIT,
	OPT_ROOT, OPT_TOP_HOSTS, OPT_NO_OUTPUT,
};

static const struct option long_opts[] = {
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "db", required_argument, NULL, OPT_DB },
	{ "jobs", required_argument, NULL, 'j' },
	{ "all-schemes", no_argument, NULL, OPT_ALL_SCHEMES },
	{ "untracked", no_argument, NULL, OPT_UNTRACKED },
	{ "no-git", no_argument, NULL, OPT_NO_GIT },
	{ "root", required_argument, NULL, OPT_ROOT },
	{ "top-hosts", required_argument, NULL, OPT_TOP_HOSTS },
	{ "quiet", no_argument, NULL, 'q' },
	{ "no-output", no_argument, NULL, OPT_NO_OUTPUT },
	{ NULL, 0, NULL, 0 },
};

/*
 * The root and the pathspecs relative to it.  One directory: it is the
 * root.  Otherwise paths are taken from --root or the current directory
 * and must lie inside it.
 */
static void resolve_paths(struct scan_cmd *sc, const char *root,
			  int argc, char **argv)
{
	struct tree_scan *ts = &sc->ts;
	char real_root[PATH_MAX], real[PATH_MAX];
	const char **specs;
	struct stat st;
	int i;

	if (!root && argc == 1 && !stat(argv[0], &st) && S_ISDIR(st.st_mode)) {
		ts->root = xstrdup(argv[0]);
		return;
	}
	ts->root = xstrdup(root ? root : ".");
	if (!realpath(ts->root, real_root))
		die_errno("cannot resolve '%s'", ts->root);
	specs = xcalloc((size_t)argc + 1, sizeof(*specs));
	for (i = 0; i < argc; i++) {
		size_t l = strlen(real_root);
		char *rel;

		if (!realpath(argv[i], real))
			die_errno("cannot resolve '%s'", argv[i]);
		if (strncmp(real, real_root, l) ||
		    (real[l] && real[l] != '/' && l > 1))
			die("'%s' is outside the root '%s'", argv[i],
			    ts->root);
		rel = xstrdup(real + l + (real[l] == '/'));
		if (l == 1)
			memmove(rel, rel + (rel[0] == '/'), strlen(rel) + 1);
		if (path_normalize(rel))
			die("'%s' is outside the root '%s'", argv[i],
			    ts->root);
		specs[i] = rel;
	}
	ts->paths = specs;
	ts->npaths = (size_t)argc;
}

int cmd_scan(int argc, char **argv)
{
	struct scan_cmd sc;
	struct store *st;
	const char *root = NULL;
	char *db, *old_sig;
	int c, ret = 0;
	size_t i;

	memset(&sc, 0, sizeof(sc));
	sc.ts.jobs = 2;
	sc.first = 1;
	optind = 1;
	while ((c = getopt_long(argc, argv, "j:q", long_opts, NULL)) != -1) {
		switch (c) {
		case OPT_FORMAT:
			if (!strcmp(optarg, "json"))
				sc.json = 1;
			else if (strcmp(optarg, "tsv"))
				die("--format: '%s' is not tsv or json",
				    optarg);
			break;
		case OPT_DB:
			sc.db = optarg;
			break;
		case 'j':
			sc.ts.jobs = parse_int(optarg, "--jobs");
			if (!sc.ts.jobs)
				sc.ts.jobs = 1;
			break;
		case OPT_ALL_SCHEMES:
			sc.ts.opts.all_schemes = 1;
			break;
		case OPT_UNTRACKED:
			sc.ts.untracked = 1;
			break;
		case OPT_NO_GIT:
			sc.ts.no_git = 1;
			break;
		case OPT_ROOT:
			root = optarg;
			break;
		case OPT_TOP_HOSTS:
			sc.top_hosts = parse_int(optarg, "--top-hosts");
			break;
		case 'q':
			sc.quiet = 1;
			break;
		case OPT_NO_OUTPUT:
			sc.no_output = 1;
			break;
		default:
			usage_die(cmd_scan_usage);
		}
	}
	argc -= optind;
	argv += optind;
	if (!argc)
		usage_die(cmd_scan_usage);
	resolve_paths(&sc, root, argc, argv);
	cmd_conf_load(sc.ts.root, &sc.cfg);
	cmd_conf_validate(&sc.cfg);
	sc.ts.skip = skip_path;
	sc.ts.data = &sc;

	db = sc.db ? xstrdup(sc.db) :
	     xstrfmt("%s/.linkmend/linkmend.db", sc.ts.root);
	trace_time("begin");
	st = store_open(db);
	if (!st)
		die("cannot use the store '%s'", db);
	sc.signature = xstrfmt("scanner=%s all_schemes=%d", SCANNER_VERSION,
			       sc.ts.opts.all_schemes);
	old_sig = store_get_meta(st, "scan_signature");
	/* Results from other rules or options are not reused. */
	if (old_sig && !strcmp(old_sig, sc.signature)) {
		if (store_each_file(st, load_file, &sc.manifest))
			die("cannot read the store '%s'", db);
		manifest_done(&sc.manifest);
	}
	free(old_sig);
	trace_time("manifest");
	if (sc.manifest.files) {
		sc.ts.unchanged = unchanged;
		sc.ts.data = &sc;
	}
	trace_time("start");
	sc.real_root = realpath(sc.ts.root, NULL);
	if (tree_scan_run(&sc.ts))
		die("cannot list the files under '%s'", sc.ts.root);
	trace_time("scanned");
	if (record(st, &sc))
		die("cannot record the scan in '%s'", db);
	trace_time("recorded");
	if (sc.json && !sc.no_output)
		printf("[");
	if (store_each_occurrence(st, sc.ts.paths, sc.ts.npaths, print_occ,
				  &sc))
		ret = 2;
	if (sc.json && !sc.no_output)
		printf("%s]\n", sc.first ? "" : "\n");
	if (fflush(stdout) || ferror(stdout))
		die_errno("cannot write the output");
	trace_time("printed");
	if (!sc.quiet)
		summary(&sc);
	trace_time("summary");
	if (sc.ts.errors && !ret)
		ret = 1;
	if (store_close(st))
		ret = 2;
	manifest_release(&sc.manifest);
	strmap_clear(&sc.urls, NULL);
	strmap_clear(&sc.hosts, NULL);
	tree_scan_release(&sc.ts);
	config_release(&sc.cfg);
	for (i = 0; i < sc.ts.npaths; i++)
		free((char *)sc.ts.paths[i]);
	free((void *)sc.ts.paths);
	free((char *)sc.ts.root);
	free(sc.signature);
	free(sc.real_root);
	free(db);
	trace_time("freed");
	return ret;
}
