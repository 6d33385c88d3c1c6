// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * linkmend scan: list every URL in a tree and record it in the store.
 * Files whose size and mtime match the store are not read again; their
 * occurrences come from the store, so the output is always the whole set.
 */
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "builtin.h"
#include "lib/parse-options.h"
#include "lib/path.h"
#include "lib/config.h"
#include "lib/json.h"
#include "lib/run.h"
#include "lib/strbuf.h"
#include "lib/strmap.h"
#include "lib/usage.h"
#include "lib/xalloc.h"
#include "report/report.h"
#include "scan/record.h"
#include "setup.h"
#include "store/store.h"

/* Bump when a scanning rule changes: stored results are then redone. */
/* 3: code in docs, groff escapes, AsciiDoc link text, user URLs */
#define SCANNER_VERSION "3"

const char cmd_scan_usage[] =
	"linkmend scan [--format=tsv|json] [--db PATH] [-j N] [--all-schemes]\n"
	"                     [--untracked] [--no-git] [--root DIR] "
	"[--top-hosts N] [-q]\n"
	"                     [--tree NAME] [--tree-version V] [--replace] PATH...";

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
	"    --db PATH|URL      the store to use: a file, or a PostgreSQL\n"
	"                       database (postgresql://...; also [store] url)\n"
	"    --tree NAME        the tree's name in the store (default: the\n"
	"                       tree scanned from this root before, else the\n"
	"                       root's directory name)\n"
	"    --replace          let this root take the place of a tree of the\n"
	"                       same name scanned from another root\n"
	"    --tree-version V   its version (default: the commit checked out)\n"
	"    -j, --jobs N       threads reading files (default 2)\n"
	"    --all-schemes      record every scheme://, not only http(s)/ftp\n"
	"    --untracked        in a git checkout, also untracked files\n"
	"    --no-git           walk the directory even in a git checkout\n"
	"    --root DIR         the root paths are relative to\n"
	"    --top-hosts N      list the N hosts with most links in the summary\n"
	"    --max-file-size MB a file with links past this is not read, and\n"
	"                       said so (default 64)\n"
	"    -q, --quiet        no summary\n"
	"    --no-output        record only; print nothing on standard output\n";

struct scan_cmd {
	int json, quiet, no_output, top_hosts;
	struct scan_job job;
	/* The summary, counted while printing. */
	size_t occurrences, by_context[CTX__COUNT];
	struct strmap urls, hosts;	/* key -> count (as pointer) */
	int first;
	struct config cfg;
};

static void count(struct strmap *m, const char *key)
{
	void **v = strmap_put(m, key);

	*v = (void *)((size_t)*v + 1);
}

static int print_occ(const struct store_occ *o, void *data)
{
	char flags[96];
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
		json_t *obj = json_object();

		json_object_set_new(obj, "path", json_text(o->path));
		json_object_set_new(obj, "line", json_integer(o->line));
		json_object_set_new(obj, "col", json_integer(o->col));
		json_object_set_new(obj, "start", json_integer(o->start));
		json_object_set_new(obj, "end", json_integer(o->end));
		json_object_set_new(obj, "url", json_text(o->url));
		json_object_set_new(obj, "normalized", json_text(o->key));
		json_object_set_new(obj, "host", json_text(o->host));
		json_object_set_new(obj, "context", json_string(o->context));
		json_object_set_new(obj, "flags", report_flags_json(o->flags));
		json_print_item(obj, sc->first);
		sc->first = 0;
		return 0;
	}
	strbuf_add_escaped(&sb, o->path, strlen(o->path));
	strbuf_addf(&sb, "\t%u\t%u\t", o->line, o->col);
	strbuf_add_escaped(&sb, o->url, strlen(o->url));
	flags_format(o->flags, flags, sizeof(flags));
	strbuf_addf(&sb, "\t%s\t%s\n", o->context, flags);
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
	struct tree_scan *ts = &sc->job.ts;
	struct strbuf sb = STRBUF_INIT;
	size_t unchanged_files = 0, i;
	char big[48] = "";
	unsigned c;

	for (i = 0; i < ts->nr; i++)
		unchanged_files += ts->files[i].state == TF_UNCHANGED;
	if (ts->too_big)
		snprintf(big, sizeof(big), ", %zu too big", ts->too_big);
	fprintf(stderr, "scan: %zu files (%zu read, %zu unchanged, %zu binary,"
		" %zu unreadable%s), %.1f MB read%s\n", ts->nr, ts->files_read,
		unchanged_files, ts->binary, ts->errors,
		big,
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

/* The commit checked out at root, or "" outside git. */
static char *tree_commit(const char *root, int no_git)
{
	const char *argv[] = { "git", "rev-parse", "--verify", "-q", "HEAD",
			       NULL };
	struct strbuf out = STRBUF_INIT;

	if (!no_git && !run_command_quiet(argv, root, &out)) {
		while (out.len && out.buf[out.len - 1] == '\n')
			strbuf_setlen(&out, out.len - 1);
		return strbuf_detach(&out, NULL);
	}
	strbuf_release(&out);
	return xstrdup("");
}

/*
 * The tree the scan goes into: --tree, else the tree scanned from this
 * root before, else a new one named after the root's directory.  A
 * store holds many trees: one scanned from another root is never
 * replaced unless asked (--replace).
 */
static void use_tree(struct store *st, const char *name, const char *version,
		     const char *root, int no_git, int replace)
{
	char *commit = version ? NULL : tree_commit(root, no_git);
	char *real = realpath(root, NULL), *found = NULL, *other;
	const char *base;

	if (!real)
		die_errno("cannot resolve '%s'", root);
	base = strrchr(real, '/');
	if (!name)
		name = found = store_tree_at(st, real);
	if (!name)
		name = base && base[1] ? base + 1 : real;
	other = store_tree_root(st, name);
	if (other && strcmp(other, real) && !replace)
		die("the store holds a tree '%s' scanned from '%s': name this "
		    "one with --tree NAME, or --replace to make '%s' that "
		    "tree", name, other, root);
	if (store_use_tree(st, name, version ? version : commit, real,
			   (long long)time(NULL)))
		die_reported();
	if (other && strcmp(other, real) && store_reset_tree(st))
		die_reported();
	free(other);
	free(found);
	free(real);
	free(commit);
}

static void release(struct scan_cmd *sc)
{
	scan_job_release(&sc->job);
	strmap_clear(&sc->urls, NULL);
	strmap_clear(&sc->hosts, NULL);
	config_release(&sc->cfg);
}

/* Every occurrence under the paths scanned, from the store; 0 or -1. */
static int print_all(struct scan_cmd *sc, struct store *st)
{
	int ret;

	if (sc->json && !sc->no_output)
		printf("[");
	ret = store_each_occurrence(st, sc->job.ts.paths, sc->job.ts.npaths,
				    print_occ, sc);
	if (sc->json && !sc->no_output)
		printf("%s]\n", sc->first ? "" : "\n");
	if (fflush(stdout) || ferror(stdout))
		die_errno("cannot write the output");
	return ret;
}

struct scan_args {
	const char *root, *db, *format, *tree, *tree_version;
	int replace;
	size_t max_file_mb;
};

#define SCAN_OPTIONS(a, sc) { \
	OPT_STRING(0, "format", &(a)->format), \
	OPT_STRING(0, "db", &(a)->db), \
	OPT_INT('j', "jobs", &(sc)->job.ts.jobs, 0, 1024), \
	OPT_BOOL(0, "all-schemes", &(sc)->job.ts.opts.all_schemes), \
	OPT_BOOL(0, "untracked", &(sc)->job.ts.untracked), \
	OPT_BOOL(0, "no-git", &(sc)->job.ts.no_git), \
	OPT_STRING(0, "root", &(a)->root), \
	OPT_INT(0, "top-hosts", &(sc)->top_hosts, 0, 1024), \
	OPT_BOOL('q', "quiet", &(sc)->quiet), \
	OPT_BOOL(0, "no-output", &(sc)->no_output), \
	OPT_STRING(0, "tree", &(a)->tree), \
	OPT_STRING(0, "tree-version", &(a)->tree_version), \
	OPT_BOOL(0, "replace", &(a)->replace), \
	OPT_SIZE(0, "max-file-size", &(a)->max_file_mb, 1, 1 << 20), \
	OPT_END(), \
}

const struct option *cmd_scan_options(void)
{
	static struct scan_args unused_a;
	static struct scan_cmd unused_sc;
	static struct option opts[] = SCAN_OPTIONS(&unused_a, &unused_sc);

	return opts;
}

int cmd_scan(int argc, char **argv)
{
	struct scan_cmd sc;
	struct store *st;
	struct scan_args a = { .format = "tsv", .max_file_mb = 64 };
	char *path, *sig;
	int ret = 0;
	struct option opts[] = SCAN_OPTIONS(&a, &sc);

	memset(&sc, 0, sizeof(sc));
	sc.job.ts.jobs = 2;
	sc.first = 1;
	argc = parse_options(argc, argv, opts, cmd_scan_usage);
	if (!argc)
		usage_die(cmd_scan_usage);
	sc.json = cmd_format_json(a.format, "tsv");
	sc.job.ts.max_file = a.max_file_mb << 20;
	if (!sc.job.ts.jobs)
		sc.job.ts.jobs = 1;
	if (scan_job_paths(&sc.job, a.root, argc, argv))
		die("cannot scan '%s'", argv[0]);
	cmd_conf_load(sc.job.ts.root, &sc.cfg);
	sc.job.cfg = &sc.cfg;
	path = cmd_store_path(a.db, sc.job.ts.root);
	scan_trace("begin");
	st = store_create(path);
	if (!st)
		die_reported();		/* the store said why, naming itself */
	use_tree(st, a.tree, a.tree_version, sc.job.ts.root, sc.job.ts.no_git,
		 a.replace);
	sig = xstrfmt("scanner=%s all_schemes=%d", SCANNER_VERSION,
		      sc.job.ts.opts.all_schemes);
	sc.job.signature = sig;
	if (scan_job_run(&sc.job, st))
		die("cannot scan '%s' into '%s'", sc.job.ts.root, path);
	if (print_all(&sc, st))
		ret = 2;
	scan_trace("printed");
	if (!sc.quiet)
		summary(&sc);
	if (sc.job.ts.errors && !ret)
		ret = 1;
	if (store_close(st))
		ret = 2;
	release(&sc);
	free(sig);
	free(path);
	scan_trace("freed");
	return ret;
}
