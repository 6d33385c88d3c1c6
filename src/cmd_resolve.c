// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * linkmend resolve: options, then the resolve stage (src/resolve/) on
 * the store.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "builtin.h"
#include "check/run.h"
#include "lease/lease.h"
#include "lib/config.h"
#include "lib/parse-options.h"
#include "lib/settings.h"
#include "lib/usage.h"
#include "net/options.h"
#include "resolve/resolve.h"
#include "resolve/worker.h"
#include "setup.h"

const struct usage_text cmd_resolve_usage = {
	"linkmend resolve [options]",
	"Find a replacement for every URL that check found moved or dead, and\n"
	"print one line per URL and replacement:\n"
	"\n"
	"    url  kind  replacement  evidence            (tab-separated)\n"
	"\n"
	"kind is moved (permanent redirects to a live page that is not the\n"
	"site root), upgrade (the https twin serves the same page; only with\n"
	"--upgrade), canonical (with --lore, the lore.kernel.org page of a\n"
	"message on a mail archive checkpatch.pl calls obsolete), typo (an\n"
	"NXDOMAIN host within two letters of a live host of the tree, whose\n"
	"URL checks alive), migrated (most of the host's URLs moved to one\n"
	"other host, where this one checks alive), archived (the Wayback capture\n"
	"nearest before the date the line entered the tree, else nearest\n"
	"after; a fixed timestamp, never '*'), or unresolved (replacement '-').\n"
	"\n"
	"With --worker, every tree of the store is resolved side by side with\n"
	"any number of workers, until no host that check's workers gave back\n"
	"is left; a claim is of hosts (as check --worker), each tree citing\n"
	"them is resolved for their URLs (its root must be on this machine, or\n"
	"--date given), and every request to an archive takes a turn in the\n"
	"store, so the archive's spacing holds across workers.\n",
	"Settings from .linkmend.conf: [check] confirm and spacing (the rule\n"
	"check and report apply too), the network settings as for check;\n"
	"[resolve] wayback and memento from your own file only.\n",
};

static int date_arg(const struct option *opt, const char *s)
{
	struct tm tm;
	char *end;

	memset(&tm, 0, sizeof(tm));
	end = strptime(s, "%Y-%m-%d", &tm);
	if (!end || *end)
		return error("--date: '%s' is not YYYY-MM-DD", s);
	*(long long *)opt->value = (long long)timegm(&tm);
	return 0;
}

struct resolve_args {
	struct resolve_opts o;
	const char *db, *tree, *format;
	struct lease_args la;
	struct opt_list paths;
};

#define RESOLVE_ARGS_INIT { .format = "tsv", .la = LEASE_ARGS_INIT }

#define RESOLVE_OPTIONS(a) { \
	OPT_DB(&(a)->db), \
	OPT_TREE(&(a)->tree), \
	OPT_PATHS(&(a)->paths), \
	OPT_WORKER(&(a)->la), \
	OPT_CALLBACK(0, "date", &(a)->o.date, date_arg, "YYYY-MM-DD", \
		     "when the links entered the tree, where git cannot tell " \
		     "(a release tarball)"), \
	OPT_SETTING(RESOLVE_WAYBACK, &(a)->o.wayback), \
	OPT_SETTING(RESOLVE_MEMENTO, &(a)->o.memento), \
	OPT_STRING(0, "archive", &(a)->o.archive_dir, "DIR", "the project's " \
		   "own collection (linkmend archive), looked in first"), \
	OPT_STRING(0, "archive-base", &(a)->o.archive_base, "URL", "where " \
		   "that collection is served: its static replay page's " \
		   "URL/index.html#url=ORIGINAL&ts=TIMESTAMP, or with " \
		   "--pywb, URL/TIMESTAMP/ORIGINAL"), \
	OPT_BOOL(0, "pywb", &(a)->o.pywb, "the collection is served by " \
		 "pywb, not by its static replay page"), \
	OPT_BOOL(0, "upgrade", &(a)->o.upgrade, \
		 "propose https for http links that serve the same"), \
	OPT_BOOL(0, "lore", &(a)->o.lore, \
		 "propose lore.kernel.org for old mail-archive links"), \
	OPT_CONFIRM(&(a)->o.confirm, &(a)->o.spacing_s), \
	OPT_LONG(0, "archive-spacing", &(a)->o.archive_spacing_ms, 0, \
		 600000, 1, "MS", "least time between two requests to one " \
		 "archive"), \
	OPT_BOOL(0, "refresh", &(a)->o.refresh, \
		 "ask the archives and hosts again, not the cache"), \
	OPT_BOOL(0, "trust-network", &(a)->o.trust_network, "resolve even " \
		 "when the last check found the network broken"), \
	OPT_NET(&(a)->o.net), \
	OPT_FORMAT(&(a)->format, "tsv|json"), \
	OPT_QUIET(&(a)->o.quiet), \
	OPT_NO_OUTPUT(&(a)->o.no_output), \
	OPT_END(), \
}

const struct option *cmd_resolve_options(void)
{
	static struct resolve_args dflt = RESOLVE_ARGS_INIT;
	static struct option opts[] = RESOLVE_OPTIONS(&dflt);

	resolve_opts_init(&dflt.o);
	return opts;
}

int cmd_resolve(int argc, char **argv)
{
	struct resolve_args a = RESOLVE_ARGS_INIT;
	struct resolve_opts *o = &a.o;
	struct resolve_stats stats;
	struct cmd_store cs;
	struct config cfg;
	const char *v;
	int ret;
	struct option opts[] = RESOLVE_OPTIONS(&a);

	resolve_opts_init(o);
	if (parse_options(argc, argv, opts, &cmd_resolve_usage))
		usage_die(cmd_resolve_usage.synopsis);
	o->json = cmd_format_json(a.format, "tsv");
	if (a.la.worker && a.tree)
		die("--worker resolves every tree of the store, not one: "
		    "drop --tree");
	if (o->archive_dir && !o->archive_base)
		die("--archive needs --archive-base, the URL the collection is "
		    "served at");
	cmd_store_open(&cs, a.db, a.tree, 0, 0,
		       "run 'linkmend scan' and 'linkmend check' first");
	if (a.paths.nr && a.la.worker)
		die("--path limits one tree's links: not with --worker");
	cmd_limit_paths(&cs, &a.paths);
	o->root = cs.root;
	cmd_conf_load(cs.root ? cs.root : ".", &cfg);
	o->cfg = &cfg;
	if (net_options_finish(&o->net, opts, &cfg) ||
	    settings_confirm(&cfg, opts, &o->confirm, &o->spacing_s))
		die_reported();	/* the setting, naming its file */
	/* The file's, where --wayback or --memento was not given. */
	if ((v = settings_text(&cfg, opts, SETTING_RESOLVE_WAYBACK)))
		o->wayback = v;
	if ((v = settings_text(&cfg, opts, SETTING_RESOLVE_MEMENTO)))
		o->memento = v;
	o->now = check_now();
	o->stop = cmd_catch_signals();
	/* The stage has said what went wrong, in one line. */
	if (a.la.worker) {
		char *owner = cmd_worker_owner();

		ret = resolve_worker_run(o, cs.st, &a.la, owner) ? 2 : 0;
		free(owner);
	} else {
		memset(&stats, 0, sizeof(stats));
		o->progress = !o->quiet && isatty(2);
		o->stats = &stats;
		ret = resolve_run(o, cs.st) ? 2 : 0;
		if (!ret && !o->quiet)
			resolve_say_stats(&stats);
		if (!ret && stats.interrupted)
			ret = 130;
	}
	if (fflush(stdout) || ferror(stdout))
		die_errno("cannot write the output");
	if (cmd_store_close(&cs))
		ret = 2;
	config_release(&cfg);
	opt_list_release(&a.paths);
	return ret;
}
