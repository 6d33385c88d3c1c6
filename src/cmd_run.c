// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * linkmend run: the main job in one command.  scan, check, resolve and
 * series in turn, each given the options it knows, on one store; then a
 * short summary and where the results are.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "builtin.h"
#include "setup.h"
#include "lib/parse-options.h"
#include "lib/run.h"
#include "lib/strbuf.h"
#include "lib/usage.h"
#include "lib/xalloc.h"
#include "store/store.h"

const char cmd_run_usage[] =
	"linkmend run ROOT [--] [PATH...] -o DIR [options of scan, check,\n"
	"                    resolve, series]\n"
	"   or: linkmend run --root ROOT PATH... -o DIR [options]";

const char cmd_run_help[] =
	"Run scan on ROOT, check, resolve and series -o DIR, on one store, and\n"
	"print a summary: links, hosts, verdicts, replacements by kind,\n"
	"patches written, the time of each stage.\n"
	"\n"
	"PATHs (relative to ROOT; with --root, to the current directory) limit\n"
	"the run to those parts of the tree: only their links are scanned,\n"
	"checked and resolved, and the series is theirs, its paths relative to\n"
	"the tree's root.  A ROOT that is a directory inside a git checkout\n"
	"(drivers/iio in a kernel tree) is that part of the checkout: the tree\n"
	"is the checkout and the run is limited to the directory.\n"
	"\n"
	"Every option of scan, check, resolve and series (but their --db,\n"
	"--format, --no-output, -o and -q, which run sets) goes to each of\n"
	"those stages that takes it, as that stage parses it: --cacert,\n"
	"--allow-private, --proxy, --confirm, --spacing, -j/--jobs,\n"
	"--per-host, --spacing-ms, --timeout and --user-agent to check and\n"
	"resolve; --retries, --retry-wait, --ttl, --force, --max-body to\n"
	"check; --date, --wayback, --memento, --upgrade, --lore, --archive,\n"
	"--archive-base, --archive-spacing, --refresh to resolve; --max,\n"
	"--from, --signoff, --strings, --kinds, --archived, --base (and\n"
	"-j/--jobs) to series; --no-git, --untracked, --all-schemes,\n"
	"--tree, --tree-version, --replace, --top-hosts to scan (--tree to\n"
	"every stage).\n"
	"\n"
	"    --db PATH        the store, for all (else [store] url of your own\n"
	"                     file, else ROOT/.linkmend/linkmend.db)\n"
	"    -q, --quiet      quieter stages\n"
	"\n"
	"Exit status: 2 when a stage fails (run stops there), 130 when\n"
	"interrupted, else 1 when a stage found something that needs\n"
	"attention (scan: unreadable files; series: edits skipped because\n"
	"the tree changed), else 0.\n";

/* The stages run forwards options to, in the order of st[] below. */
enum { S_SCAN, S_CHECK, S_RESOLVE, S_SERIES, NSTAGES };

/* Options of a stage that run does not forward to it. */
static int not_forwarded(int stage, const char *name)
{
	/* scan's -j is its threads, not check's requests at once. */
	return stage == S_SCAN && !strcmp(name, "jobs");
}

struct argv_list {
	char **v;
	size_t nr, alloc;
};

static void push(struct argv_list *a, const char *s)
{
	ALLOC_GROW(a->v, a->nr + 2, a->alloc);
	a->v[a->nr++] = s ? xstrdup(s) : NULL;
	a->v[a->nr] = NULL;
}

static void release(struct argv_list *a)
{
	size_t i;

	for (i = 0; i < a->nr; i++)
		free(a->v[i]);
	free(a->v);
	memset(a, 0, sizeof(*a));
}

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int print_count(const struct store_count *c, void *data)
{
	const char **group = data;

	if (!*group || strcmp(*group, c->group)) {
		fprintf(stderr, "%srun: %s:", *group ? "\n" : "", c->group);
		*group = c->group;
	}
	fprintf(stderr, " %s %lld", c->label, c->n);
	return 0;
}

static size_t count_patches(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0;

	if (!d)
		return 0;
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);

		if (e->d_type == DT_DIR && e->d_name[0] != '.') {
			/* A tree's series, or a part of one. */
			char *sub = xstrfmt("%s/%s", dir, e->d_name);

			n += count_patches(sub);
			free(sub);
		} else if (l > 6 && !strcmp(e->d_name + l - 6, ".patch") &&
			   strncmp(e->d_name, "0000-", 5)) {
			n++;
		}
	}
	closedir(d);
	return n;
}

/* Options run sets itself; the stages' own are not forwarded. */
static int run_sets(const char *name)
{
	static const char *const own[] = { "db", "format", "no-output",
					    "output", "quiet", "which-section",
					    NULL };
	size_t i;

	for (i = 0; own[i]; i++)
		if (!strcmp(own[i], name))
			return 1;
	return 0;
}

static struct argv_list st[NSTAGES];
static const struct option *stage_opts[NSTAGES];

/* Give the option to every stage whose table has it. */
static int forward(const struct option *opt, const char *arg)
{
	char *flag = xstrfmt("--%s", opt->long_name);
	int i;

	for (i = 0; i < NSTAGES; i++) {
		if (!stage_opts[i] ||
		    !parse_options_find(stage_opts[i], opt->long_name) ||
		    not_forwarded(i, opt->long_name))
			continue;
		push(&st[i], flag);
		if (arg)
			push(&st[i], arg);
	}
	free(flag);
	return 0;
}

/* run's table: its own options, then the stages' that it forwards. */
static struct option *run_options(const char **out, const char **db,
				  const char **root, int *quiet)
{
	struct option own[] = {
		OPT_STRING('o', "output", out),
		OPT_STRING(0, "db", db),
		OPT_STRING(0, "root", root),
		OPT_BOOL('q', "quiet", quiet),
	};
	size_t n = sizeof(own) / sizeof(own[0]), i;
	struct option *opts;
	int s;

	for (s = 0; s < NSTAGES; s++)
		for (i = 0; stage_opts[s] && stage_opts[s][i].type != OPTION_END;
		     i++)
			n++;
	opts = xcalloc(n + 1, sizeof(*opts));	/* zeroed: OPT_END() */
	memcpy(opts, own, sizeof(own));
	n = sizeof(own) / sizeof(own[0]);
	for (s = 0; s < NSTAGES; s++) {
		const struct option *o = stage_opts[s];

		for (; o && o->type != OPTION_END; o++) {
			const struct option *have;

			if (!o->long_name || run_sets(o->long_name) ||
			    !strcmp(o->long_name, "root") ||
			    !strcmp(o->long_name, "path"))
				continue;
			have = parse_options_find(opts, o->long_name);
			if (have && parse_options_takes_arg(have) !=
			    parse_options_takes_arg(o))
				die("BUG: --%s takes a value in one stage only",
				    o->long_name);
			if (have)
				continue;
			opts[n] = (struct option)OPT_CALLBACK(o->short_name,
				o->long_name, NULL, forward);
			opts[n++].takes_arg = parse_options_takes_arg(o);
		}
	}
	return opts;
}

static void summary(const char *dbpath, const char *out, const double *times,
		    int ran)
{
	struct store *s = store_open(dbpath);
	const char *group = NULL;

	if (s) {
		store_each_count(s, print_count, &group);
		store_close(s);
	}
	fprintf(stderr, "\nrun: patches %zu in %s\nrun: time: scan %.1fs, "
		"check %.1fs, resolve %.1fs, series %.1fs\nrun: store %s\n",
		count_patches(out), out, times[0], ran > 1 ? times[1] : 0.0,
		ran > 2 ? times[2] : 0.0, ran > 3 ? times[3] : 0.0, dbpath);
}

/*
 * A ROOT inside a git checkout, not its top, and holding files git
 * tracks: the checkout is the tree, ROOT a part of it.  Sets *top and
 * *prefix (to free) and returns 1, else 0.
 */
static int git_part(const char *dir, char **top, char **prefix)
{
	const char *a[] = { "git", "rev-parse", "--show-toplevel",
			    "--show-prefix", NULL };
	const char *ls[] = { "git", "ls-files", "--", ".", NULL };
	struct strbuf out = STRBUF_INIT, files = STRBUF_INIT;
	char *nl;
	int ret = 0;

	if (run_command_quiet(a, dir, &out) || !(nl = strchr(out.buf, '\n')))
		goto out;
	*nl++ = '\0';
	nl[strcspn(nl, "\n")] = '\0';
	if (!*nl || run_command_quiet(ls, dir, &files) || !files.len)
		goto out;
	if (nl[strlen(nl) - 1] == '/')
		nl[strlen(nl) - 1] = '\0';
	*top = xstrdup(out.buf);
	*prefix = xstrdup(nl);
	ret = 1;
out:
	strbuf_release(&out);
	strbuf_release(&files);
	return ret;
}

/* path (from here) relative to real_root, or die naming it. */
static char *under_root(const char *real_root, const char *path)
{
	char *real = realpath(path, NULL), *rel;
	size_t l = strlen(real_root);

	if (!real)
		die_errno("cannot resolve '%s'", path);
	if (strncmp(real, real_root, l) || (real[l] && real[l] != '/'))
		die("'%s' is outside the root '%s'", path, real_root);
	rel = xstrdup(real + l + (real[l] == '/'));
	free(real);
	return rel;
}

int cmd_run(int argc, char **argv)
{
	const char *names[NSTAGES] = { "scan", "check", "resolve", "series" };
	int (*fns[NSTAGES])(int, char **) = { cmd_scan, cmd_check, cmd_resolve,
					      cmd_series };
	const char *out = NULL, *db = NULL, *root_opt = NULL;
	double times[NSTAGES] = { 0 };
	struct option *opts;
	char *dbpath, *root, *real_root, **paths, *top = NULL, *prefix = NULL;
	size_t npaths = 0, k;
	int quiet = 0, i, ret = 0, attention = 0, first;

	stage_opts[S_SCAN] = cmd_scan_options();
	stage_opts[S_CHECK] = cmd_check_options();
	stage_opts[S_RESOLVE] = cmd_resolve_options();
	stage_opts[S_SERIES] = cmd_series_options();
	for (i = 0; i < NSTAGES; i++)
		push(&st[i], names[i]);
	opts = run_options(&out, &db, &root_opt, &quiet);
	argc = parse_options(argc, argv, opts, cmd_run_usage);
	free(opts);
	if (!out || argc < 1)
		usage_die(cmd_run_usage);
	/* The root, and the paths the run is limited to, relative to it. */
	first = root_opt ? 0 : 1;
	root = xstrdup(root_opt ? root_opt : argv[0]);
	if (!root_opt && argc == 1 && git_part(root, &top, &prefix)) {
		free(root);
		root = top;
		if (!quiet)
			fprintf(stderr, "run: the tree is the checkout '%s'; "
				"the run is limited to %s\n", root, prefix);
	}
	real_root = realpath(root, NULL);
	if (!real_root)
		die_errno("cannot resolve '%s'", root);
	paths = xcalloc((size_t)argc + 2, sizeof(*paths));
	if (prefix)
		paths[npaths++] = prefix;
	for (i = first; i < argc; i++) {
		char *p = root_opt ? xstrdup(argv[i]) :
			  xstrfmt("%s/%s", root, argv[i]);

		paths[npaths++] = under_root(real_root, p);
		free(p);
	}
	dbpath = cmd_store_path(db, root);
	for (i = 0; i < NSTAGES; i++) {
		push(&st[i], "--db");
		push(&st[i], dbpath);
		if (quiet)
			push(&st[i], "-q");
		if (i != S_SERIES)
			push(&st[i], "--no-output");
		if (i == S_SCAN)
			continue;
		for (k = 0; k < npaths; k++) {
			push(&st[i], "--path");
			push(&st[i], *paths[k] ? paths[k] : ".");
		}
	}
	if (npaths) {
		push(&st[S_SCAN], "--root");
		push(&st[S_SCAN], real_root);
		for (k = 0; k < npaths; k++) {
			char *p = xstrfmt("%s/%s", real_root, paths[k]);

			push(&st[S_SCAN], p);
			free(p);
		}
	} else {
		push(&st[S_SCAN], root);
	}
	push(&st[S_SERIES], "-o");
	push(&st[S_SERIES], out);
	for (i = 0; i < NSTAGES; i++) {
		double t0 = now_s();
		char **args;
		int rc;

		if (!quiet)
			fprintf(stderr, "run: %s\n", names[i]);
		/* A stage reorders its argv: it gets a copy, run frees. */
		args = xcalloc(st[i].nr + 1, sizeof(*args));
		memcpy(args, st[i].v, st[i].nr * sizeof(*args));
		rc = fns[i]((int)st[i].nr, args);
		free(args);
		times[i] = now_s() - t0;
		/* A stage's 1 is "done, something needs attention": go on. */
		if (rc == 1) {
			attention = 1;
			continue;
		}
		if (rc) {
			error("%s %s (exit %d); stopping", names[i],
			      rc == 130 ? "interrupted" : "failed", rc);
			ret = rc;
			break;
		}
	}
	summary(dbpath, out, times, i);
	if (!ret && attention)
		ret = 1;
	for (i = 0; i < NSTAGES; i++)
		release(&st[i]);
	for (k = 0; k < npaths; k++)
		free(paths[k]);
	free(paths);
	free(real_root);
	free(root);
	free(dbpath);
	return ret;
}
