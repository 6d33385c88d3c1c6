// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * linkmend run: the main job in one command.  scan, check, resolve and
 * series in turn, each given the options it knows, on one store; then a
 * short summary and where the results are.
 */
#include <dirent.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "builtin.h"
#include "lib/strbuf.h"
#include "lib/usage.h"
#include "lib/xalloc.h"
#include "store/store.h"

const char cmd_run_usage[] =
	"linkmend run PATH -o DIR [options of scan, check, resolve, series]";

const char cmd_run_help[] =
	"Run scan on PATH, check, resolve and series -o DIR, on one store, and\n"
	"print a summary: links, hosts, verdicts, replacements by kind,\n"
	"patches written, the time of each stage.  Each option goes to the\n"
	"stages that take it:\n"
	"\n"
	"    --db PATH                                  all\n"
	"    --cacert, --allow-private, --confirm,\n"
	"    --spacing, --timeout                       check, resolve\n"
	"    --jobs, --per-host, --retries, --retry-wait, --spacing-ms  check\n"
	"    --date, --wayback, --memento, --upgrade,\n"
	"    --lore, --archive-spacing                  resolve\n"
	"    --max, --from, --signoff, --strings, --kinds  series\n"
	"    -q, --quiet                                quieter stages\n";

enum { S_SCAN = 1, S_CHECK = 2, S_RESOLVE = 4, S_SERIES = 8 };

struct pass {
	const char *name;
	int has_arg, stages;
};

static const struct pass passes[] = {
	{ "cacert", 1, S_CHECK | S_RESOLVE },
	{ "allow-private", 0, S_CHECK | S_RESOLVE },
	{ "confirm", 1, S_CHECK | S_RESOLVE },
	{ "spacing", 1, S_CHECK | S_RESOLVE },
	{ "timeout", 1, S_CHECK | S_RESOLVE },
	{ "jobs", 1, S_CHECK },
	{ "per-host", 1, S_CHECK },
	{ "retries", 1, S_CHECK },
	{ "retry-wait", 1, S_CHECK },
	{ "spacing-ms", 1, S_CHECK },
	{ "date", 1, S_RESOLVE },
	{ "wayback", 1, S_RESOLVE },
	{ "memento", 1, S_RESOLVE },
	{ "upgrade", 0, S_RESOLVE },
	{ "lore", 0, S_RESOLVE },
	{ "archive-spacing", 1, S_RESOLVE },
	{ "max", 1, S_SERIES },
	{ "from", 1, S_SERIES },
	{ "signoff", 0, S_SERIES },
	{ "strings", 0, S_SERIES },
	{ "kinds", 1, S_SERIES },
};

#define NPASS (sizeof(passes) / sizeof(passes[0]))

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

		if (e->d_name[0] == 's' && !strncmp(e->d_name, "series-", 7)) {
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

int cmd_run(int argc, char **argv)
{
	struct option opts[NPASS + 4];
	struct argv_list st[4];
	const char *names[4] = { "scan", "check", "resolve", "series" };
	int (*fns[4])(int, char **) = { cmd_scan, cmd_check, cmd_resolve, cmd_series };
	const char *out = NULL, *db = NULL, *group = NULL;
	double times[4];
	char *dbpath;
	int opt, idx, quiet = 0, i, ret = 0;
	size_t k;

	memset(opts, 0, sizeof(opts));
	for (k = 0; k < NPASS; k++) {
		opts[k].name = passes[k].name;
		opts[k].has_arg = passes[k].has_arg ? required_argument : no_argument;
		opts[k].val = 1000 + (int)k;
	}
	opts[NPASS].name = "db";
	opts[NPASS].has_arg = required_argument;
	opts[NPASS].val = 'd';
	opts[NPASS + 1].name = "quiet";
	opts[NPASS + 1].val = 'q';
	memset(st, 0, sizeof(st));
	for (i = 0; i < 4; i++)
		push(&st[i], names[i]);
	optind = 1;
	while ((opt = getopt_long(argc, argv, "o:qj:", opts, &idx)) != -1) {
		if (opt == 'o') {
			out = optarg;
		} else if (opt == 'd') {
			db = optarg;
		} else if (opt == 'q') {
			quiet = 1;
		} else if (opt == 'j' || (opt >= 1000 && opt < 1000 + (int)NPASS)) {
			const struct pass *p = opt == 'j' ? &passes[5] : &passes[opt - 1000];
			char *flag = xstrfmt("--%s", p->name);

			for (i = 0; i < 4; i++)
				if (p->stages & (1 << i)) {
					push(&st[i], flag);
					if (p->has_arg)
						push(&st[i], optarg);
				}
			free(flag);
		} else {
			usage_die(cmd_run_usage);
		}
	}
	if (!out || optind + 1 != argc)
		usage_die(cmd_run_usage);
	dbpath = db ? xstrdup(db) : xstrfmt("%s/.linkmend/linkmend.db", argv[optind]);
	for (i = 0; i < 4; i++) {
		push(&st[i], "--db");
		push(&st[i], dbpath);
		if (quiet && i < 3)
			push(&st[i], "-q");
	}
	for (i = 0; i < 3; i++)
		push(&st[i], "--no-output");
	push(&st[0], argv[optind]);
	push(&st[3], "-o");
	push(&st[3], out);
	for (i = 0; i < 4; i++) {
		double t0 = now_s();
		int rc;

		if (!quiet)
			fprintf(stderr, "run: %s\n", names[i]);
		rc = fns[i]((int)st[i].nr, st[i].v);
		times[i] = now_s() - t0;
		/* scan's 1 is "some files unreadable": the rest goes on. */
		if (rc && !(i == 0 && rc == 1)) {
			error("%s failed (exit %d); stopping", names[i], rc);
			ret = rc;
			break;
		}
	}
	{
		struct store *s = store_open(dbpath);

		if (s) {
			store_each_count(s, print_count, &group);
			store_close(s);
		}
		fprintf(stderr, "\nrun: patches %zu in %s\nrun: time: scan %.1fs, check %.1fs,"
			" resolve %.1fs, series %.1fs\nrun: store %s\n", count_patches(out),
			out, times[0], i > 1 ? times[1] : 0.0, i > 2 ? times[2] : 0.0,
			i > 3 ? times[3] : 0.0, dbpath);
	}
	for (i = 0; i < 4; i++)
		release(&st[i]);
	free(dbpath);
	return ret;
}
