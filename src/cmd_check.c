// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * linkmend check: a verdict for every URL that scan recorded (or that the
 * arguments name), with its evidence.  Every finished check is written to
 * the store at once, so an interrupted run loses nothing and the next one
 * resumes; fresh results are reused rather than fetched again.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "builtin.h"
#include "check/input.h"
#include "check/run.h"
#include "check/worker.h"
#include "lease/lease.h"
#include "lib/config.h"
#include "lib/parse-options.h"
#include "lib/usage.h"
#include "net/options.h"
#include "setup.h"
#include "store/store.h"

const struct usage_text cmd_check_usage = {
	"linkmend check [options] [URL|FILE...]",
	"Check every URL that scan recorded (or the URLs given, or listed one\n"
	"per line in FILE, '-' for standard input) and print one line per URL:\n"
	"\n"
	"    url  verdict  status  final_url  detail        (tab-separated)\n"
	"\n"
	"verdict is one of alive, moved, redirected, gone, soft-404, dns,\n"
	"dns-error, refused, timeout, tls, blocked, server-error, parked,\n"
	"unsafe (a private address, or a redirect to another scheme: not\n"
	"requested, and no evidence of death), fragment-missing (the page is\n"
	"there, its #anchor is not);\n"
	"status is the last HTTP status or '-'; final_url the URL after\n"
	"redirects or '-'; detail a short reason.  A failing URL is dead only\n"
	"after --confirm failed checks at least --spacing days apart; detail\n"
	"says how far it is.  Placeholder, example, identifier and licence\n"
	"URLs are never requested.\n",
	"Settings from .linkmend.conf: [check] ignore, user-agent, jobs,\n"
	"per-host, timeout, spacing-ms, confirm, spacing, suspect-share, proxy;\n"
	"[host \"NAME\"] accept, per-host ('linkmend help config').  Options\n"
	"given here override them.\n"
	"\n"
	"When the project's core hosts (kernel.org, www, git, lore, patchwork,\n"
	"bugzilla, docs; each [keep] host) are unreachable, or more than\n"
	"--suspect-share of the hosts are, the network is at fault, not the\n"
	"tree: check says so and exits 2, and resolve acts on no check until a\n"
	"later one reaches them.\n"
	"\n"
	"Exit status: 0 when no link is dead; 1 when some are (by the\n"
	"confirmation rule: with --confirm 1, every failing link), as a CI job\n"
	"or a hook wants; 2 on error or a broken network; 130 when interrupted\n"
	"(finished checks are kept).\n",
};

struct check_args {
	struct check_run_opts o;
	const char *db, *tree, *format;
	int quiet, no_output;
	struct lease_args la;
	struct opt_list paths;
};

#define CHECK_ARGS_INIT { .format = "tsv", .la = LEASE_ARGS_INIT }

#define CHECK_OPTIONS(a) { \
	OPT_DB(&(a)->db), \
	OPT_TREE(&(a)->tree), \
	OPT_PATHS(&(a)->paths), \
	OPT_WORKER(&(a)->la), \
	OPT_NET(&(a)->o.req.net), \
	OPT_CONFIRM(&(a)->o.confirm, &(a)->o.spacing_s), \
	OPT_LLONG(0, "ttl", &(a)->o.ttl_s, 0, 3650, OPT_DAYS_TO_S, "DAYS", \
		  "a success is fresh this long"), \
	OPT_BOOL(0, "force", &(a)->o.force, "check even URLs with fresh " \
		 "results"), \
	OPT_SETTING(CHECK_SUSPECT_SHARE, &(a)->o.suspect_share), \
	OPT_BOOL(0, "trust-network", &(a)->o.trust_network, \
		 "go on even when the network looks broken"), \
	OPT_INT(0, "retries", &(a)->o.req.retries, 0, 20, "N", \
		"retries of a transient fault"), \
	OPT_LONG(0, "retry-wait", &(a)->o.req.retry_wait_ms, 0, 600000, 1, \
		 "MS", "the first wait before a retry, doubled each time"), \
	OPT_LONG(0, "max-wait", &(a)->o.req.max_wait_ms, 0, 86400, \
		 OPT_SECONDS_TO_MS, "S", "all waits before one URL's " \
		 "retries, Retry-After too"), \
	OPT_SIZE(0, "max-body", &(a)->o.req.net.max_body, 0, 1 << 30, \
		 "BYTES", "of a body kept and digested"), \
	OPT_FORMAT(&(a)->format, "tsv|json"), \
	OPT_QUIET(&(a)->quiet), \
	OPT_NO_OUTPUT(&(a)->no_output), \
	OPT_END(), \
}

const struct option *cmd_check_options(void)
{
	static struct check_args dflt = CHECK_ARGS_INIT;
	static struct option opts[] = CHECK_OPTIONS(&dflt);

	check_run_opts_init(&dflt.o);
	return opts;
}

int cmd_check(int argc, char **argv)
{
	struct check_args a = CHECK_ARGS_INIT;
	struct check_run_opts *o = &a.o;
	struct link_set links = LINK_SET_INIT;
	struct cmd_store cs;
	struct config cfg;
	int json, i, ret = 0;
	size_t todo = 0, done = 0, dead, refused;
	struct option opts[] = CHECK_OPTIONS(&a);

	check_run_opts_init(o);
	argc = parse_options(argc, argv, opts, &cmd_check_usage);
	json = cmd_format_json(a.format, "tsv");
	cmd_store_open(&cs, a.db, a.tree, argc > 0, 0,
		       "run 'linkmend scan' first, or give --db or URLs");
	if (a.paths.nr && (a.la.worker || argc))
		die("--path limits the store's links: not with --worker or "
		    "URLs");
	if (a.la.worker && argc)
		die("--worker takes its URLs from the store, not '%s'",
		    argv[0]);
	cmd_limit_paths(&cs, &a.paths);
	cmd_conf_load(cs.root ? cs.root : ".", &cfg);
	if (net_options_finish(&o->req.net, opts, &cfg) ||
	    check_settings(o, &cfg, opts))
		die_reported();	/* the setting, naming its file */
	o->stop = cmd_catch_signals();
	o->now = check_now();
	if (a.la.worker) {
		char *owner = cmd_worker_owner();

		ret = check_worker_run(o, cs.st, &a.la, owner, a.quiet) ? 2 : 0;
		free(owner);
		goto out;
	}
	for (i = 0; i < argc; i++)
		if (strstr(argv[i], "://") ?
		    check_add_url(&links, cs.st, argv[i]) :
		    check_add_file(&links, cs.st, argv[i]))
			die_reported();
	if ((!argc && check_add_store(&links, cs.st, &cfg)) ||
	    (cs.st && link_set_load_checks(&links, cs.st)))
		die("cannot read the store '%s'", cs.db);
	o->progress = !a.quiet && isatty(2);
	if (check_run(o, &links, cs.st, &todo, &done))
		ret = 2;
	else if (!cmd_interrupted && !argc && check_network(o, &links, cs.st))
		ret = 2;
	if (!a.no_output)
		check_print(o, &links, json);
	/* Dead links are what a CI job or a hook asks check about. */
	dead = check_dead(o, &links);
	if (!ret && dead)
		ret = 1;
	/* A refusal is no check: said apart, never counted as checked. */
	refused = check_refused(o, &links);
	if (refused > done)
		refused = done;
	if (!a.quiet) {
		fprintf(stderr, "check: %zu URLs, %zu checked now, ", links.nr,
			done - refused);
		if (refused)
			fprintf(stderr, "%zu refused by policy, ", refused);
		fprintf(stderr, "%zu fresh from the store", links.nr - todo);
		if (cmd_interrupted)
			fputs("; interrupted", stderr);
		else if (dead)
			fprintf(stderr, "; %zu dead", dead);
		fputc('\n', stderr);
	}
	if (!a.quiet)
		check_say_waiting(o, &links);
	if (fflush(stdout) || ferror(stdout))
		die_errno("cannot write the output");
	link_set_release(&links);
out:
	config_release(&cfg);
	if (cmd_store_close(&cs))
		ret = 2;
	opt_list_release(&a.paths);
	return cmd_interrupted ? 130 : ret;
}
