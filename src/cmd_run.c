// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * linkmend run: the main job in one command.  scan, check, resolve and
 * series in turn, each given the options it knows, on one store; then a
 * short summary and where the results are.  Its option table is built
 * from the stages' own: each option goes to every stage that takes it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "builtin.h"
#include "lib/parse-options.h"
#include "lib/strbuf.h"
#include "lib/strvec.h"
#include "lib/usage.h"
#include "lib/xalloc.h"
#include "report/report.h"
#include "series/write.h"
#include "setup.h"
#include "store/store.h"

const struct usage_text cmd_run_usage = {
	"linkmend run ROOT [--] [PATH...] -o DIR [options]\n"
	"   or: linkmend run --root ROOT PATH... -o DIR [options]",
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
	"Every option of scan, check, resolve and series goes to each of those\n"
	"stages that takes it, as that stage parses it; the list says where\n"
	"(scan's -j counts threads: run does not give it -j).\n",
	"Exit status: 2 when a stage fails (run stops there), 130 when\n"
	"interrupted, else 1 when a stage found something that needs\n"
	"attention (scan: unreadable files; series: edits skipped because\n"
	"the tree changed), else 0.\n",
};

enum { S_SCAN, S_CHECK, S_RESOLVE, S_SERIES, NSTAGES };
static const char *const names[NSTAGES] = { "scan", "check", "resolve",
					     "series" };
static struct strvec st[NSTAGES];
static const struct option *stage_opts[NSTAGES];

/* Whether stage takes the option: run sets some itself, -j is threads. */
static int takes(int stage, const char *name)
{
	static const char *const own[] = { "db", "format", "no-output",
					    "output", "quiet", "which-section",
					    "root", "path", "worker", "lease",
					    "claim-hosts", NULL };
	size_t i;

	for (i = 0; own[i]; i++)
		if (!strcmp(own[i], name))
			return 0;
	if (stage == S_SCAN && !strcmp(name, "jobs"))
		return 0;
	return parse_options_find(stage_opts[stage], name) != NULL;
}

static int forward(const struct option *opt, const char *arg)
{
	int i;

	for (i = 0; i < NSTAGES; i++) {
		if (!takes(i, opt->long_name))
			continue;
		strvec_pushf(&st[i], "--%s", opt->long_name);
		if (arg)
			strvec_push(&st[i], arg);
	}
	return 0;
}

static void summary(const char *dbpath, const char *out, const double *t)
{
	struct store *s = store_open(dbpath);

	if (s) {
		report_print_counts(s, "run");
		store_close(s);
	}
	fprintf(stderr, "\nrun: patches %zu in %s\nrun: time: scan %.1fs, "
		"check %.1fs, resolve %.1fs, series %.1fs\nrun: store %s\n",
		series_count_patches(out), out, t[0], t[1], t[2], t[3],
		dbpath);
}

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int cmd_run(int argc, char **argv)
{
	int (*fns[NSTAGES])(int, char **) = { cmd_scan, cmd_check, cmd_resolve,
					      cmd_series };
	const char *out = NULL, *db = NULL, *root_opt = NULL;
	double t[NSTAGES] = { 0 };
	struct strvec paths = STRVEC_INIT;
	char *dbpath, *root, *real_root;
	int quiet = 0, i, ret = 0, attention = 0;
	size_t k;
	struct option own[] = {
		OPT_STRING('o', "output", &out, "DIR",
			   "where series writes the patches"),
		OPT_DB(&db),
		OPT_STRING(0, "root", &root_opt, "ROOT",
			   "the tree; every argument is then a PATH"),
		OPT_QUIET(&quiet),
	};
	struct option *opts;

	stage_opts[S_SCAN] = cmd_scan_options();
	stage_opts[S_CHECK] = cmd_check_options();
	stage_opts[S_RESOLVE] = cmd_resolve_options();
	stage_opts[S_SERIES] = cmd_series_options();
	for (i = 0; i < NSTAGES; i++)
		strvec_push(&st[i], names[i]);
	opts = parse_options_merge(own, sizeof(own) / sizeof(own[0]),
				   stage_opts, names, NSTAGES, takes, forward);
	argc = parse_options(argc, argv, opts, &cmd_run_usage);
	parse_options_merged_free(opts, sizeof(own) / sizeof(own[0]));
	if (!out || argc < 1)
		usage_die(cmd_run_usage.synopsis);
	root = cmd_tree_paths(root_opt, argc, argv, quiet, &real_root, &paths);
	dbpath = cmd_store_find(db, root, STORE_USER_URL | STORE_AT_ROOT, NULL);
	for (i = 0; i < NSTAGES; i++) {
		strvec_pushl(&st[i], "--db", dbpath, NULL);
		if (quiet)
			strvec_push(&st[i], "-q");
		if (i != S_SERIES)
			strvec_push(&st[i], "--no-output");
		for (k = 0; i != S_SCAN && k < paths.nr; k++)
			strvec_pushl(&st[i], "--path",
				     *paths.v[k] ? paths.v[k] : ".", NULL);
	}
	if (paths.nr) {
		strvec_pushl(&st[S_SCAN], "--root", real_root, NULL);
		for (k = 0; k < paths.nr; k++)
			strvec_pushf(&st[S_SCAN], "%s/%s", real_root,
				     paths.v[k]);
	} else {
		strvec_push(&st[S_SCAN], root);
	}
	strvec_pushl(&st[S_SERIES], "-o", out, NULL);
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
		t[i] = now_s() - t0;
		/*
		 * A stage's 1 is "done, something needs attention": go on.
		 * Check's (dead links found) is what run is for.
		 */
		if (rc == 1) {
			attention |= i != S_CHECK;
		} else if (rc) {
			error("%s %s (exit %d); stopping", names[i],
			      rc == 130 ? "interrupted" : "failed", rc);
			ret = rc;
			break;
		}
	}
	if (!quiet)
		summary(dbpath, out, t);
	for (i = 0; i < NSTAGES; i++)
		strvec_clear(&st[i]);
	strvec_clear(&paths);
	free(real_root);
	free(root);
	free(dbpath);
	return ret ? ret : attention;
}
