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
#include "lib/parse-options.h"
#include "lib/strbuf.h"
#include "lib/usage.h"
#include "lib/xalloc.h"
#include "store/store.h"

const char cmd_run_usage[] =
	"linkmend run PATH -o DIR [options of scan, check, resolve, series]";

const char cmd_run_help[] =
	"Run scan on PATH, check, resolve and series -o DIR, on one store, and\n"
	"print a summary: links, hosts, verdicts, replacements by kind,\n"
	"patches written, the time of each stage.  Every option of check,\n"
	"resolve and series (but their --db, --format, --no-output, -o and\n"
	"-q, which run sets) goes to each of those stages that takes it, as\n"
	"that stage parses it: --cacert, --allow-private, --proxy, --confirm,\n"
	"--spacing, -j/--jobs, --per-host, --spacing-ms, --timeout and\n"
	"--user-agent to check and resolve; --retries, --retry-wait, --ttl,\n"
	"--force, --max-body to check; --date, --wayback, --memento,\n"
	"--upgrade, --lore, --archive, --archive-base, --archive-spacing,\n"
	"--refresh to resolve; --max, --from, --signoff, --strings, --kinds,\n"
	"--archived, --base (and -j/--jobs) to series.\n"
	"\n"
	"    --db PATH        the store, for all (PATH/.linkmend/linkmend.db)\n"
	"    -q, --quiet      quieter stages\n";

/* The stages run forwards options to, in the order of st[] below. */
enum { S_SCAN, S_CHECK, S_RESOLVE, S_SERIES, NSTAGES };

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
		    !parse_options_find(stage_opts[i], opt->long_name))
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
				  int *quiet)
{
	struct option own[] = {
		OPT_STRING('o', "output", out),
		OPT_STRING(0, "db", db),
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

			if (!o->long_name || run_sets(o->long_name))
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

int cmd_run(int argc, char **argv)
{
	const char *names[NSTAGES] = { "scan", "check", "resolve", "series" };
	int (*fns[NSTAGES])(int, char **) = { cmd_scan, cmd_check, cmd_resolve,
					      cmd_series };
	const char *out = NULL, *db = NULL;
	double times[NSTAGES] = { 0 };
	struct option *opts;
	char *dbpath;
	int quiet = 0, i, ret = 0;

	stage_opts[S_CHECK] = cmd_check_options();
	stage_opts[S_RESOLVE] = cmd_resolve_options();
	stage_opts[S_SERIES] = cmd_series_options();
	for (i = 0; i < NSTAGES; i++)
		push(&st[i], names[i]);
	opts = run_options(&out, &db, &quiet);
	argc = parse_options(argc, argv, opts, cmd_run_usage);
	free(opts);
	if (!out || argc != 1)
		usage_die(cmd_run_usage);
	dbpath = db ? xstrdup(db) : xstrfmt("%s/.linkmend/linkmend.db", argv[0]);
	for (i = 0; i < NSTAGES; i++) {
		push(&st[i], "--db");
		push(&st[i], dbpath);
		if (quiet && i != S_SERIES)
			push(&st[i], "-q");
		if (i != S_SERIES)
			push(&st[i], "--no-output");
	}
	push(&st[S_SCAN], argv[0]);
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
		/* scan's 1 is "some files unreadable": the rest goes on. */
		if (rc && !(i == S_SCAN && rc == 1)) {
			error("%s failed (exit %d); stopping", names[i], rc);
			ret = rc;
			break;
		}
	}
	summary(dbpath, out, times, i);
	for (i = 0; i < NSTAGES; i++)
		release(&st[i]);
	free(dbpath);
	return ret;
}
