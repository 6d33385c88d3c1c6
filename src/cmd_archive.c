// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * linkmend archive: options, then the archive stage (src/archive/run.h)
 * on the store's links, then its summary and exit status.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "archive/run.h"
#include "archive/wacz.h"
#include "builtin.h"
#include "check/run.h"
#include "lease/lease.h"
#include "lib/config.h"
#include "lib/parse-options.h"
#include "lib/usage.h"
#include "net/options.h"
#include "setup.h"

const struct usage_text cmd_archive_usage = {
	"linkmend archive -o DIR [options]",
	"Fetch every link that check found alive (or, with --only all, every\n"
	"checkable link) not yet in DIR, with check's politeness, and keep it\n"
	"in DIR as WARC 1.1: linkmend-TIME-NNNNN.warc.gz files, a warcinfo\n"
	"record each, a request and a response record per capture, each\n"
	"record its own gzip member, sha1 block and payload digests.  A\n"
	"payload already kept is written as a revisit record.  DIR/index.cdxj\n"
	"indexes every capture (SURT key, timestamp, JSON) for pywb and the\n"
	"like, and for 'linkmend resolve --archive DIR'.\n"
	"\n"
	"DIR/NAME.wacz (NAME: DIR's own) holds the whole collection as WACZ\n"
	"1.1.1 (the WARC files stored as they are, the index, a page per URL,\n"
	"datapackage.json with each file's sha256), and DIR/index.html\n"
	"replays it in any browser with ReplayWeb.page (its ui.js and\n"
	"replay/sw.js beside it): copy DIR to any static web host, and\n"
	"'linkmend resolve --archive-base URL' points dead links at\n"
	"URL/index.html#url=...&ts=....  --wacz-check FILE reads one back.\n"
	"\n"
	"With --worker, every tree of the store is archived side by side with\n"
	"any number of workers sharing DIR, until no host that check's workers\n"
	"gave back is left; hosts are claimed as by check --worker, each\n"
	"worker writing files of its own; not with --tree or\n"
	"--request-capture.\n",
	"An interrupted run keeps what it wrote; the next one completes the\n"
	"set.  Settings from .linkmend.conf: [check] ignore, user-agent, jobs,\n"
	"per-host, timeout, spacing-ms; [resolve] wayback for --spn.\n"
	"\n"
	"Exit status: 0 when every capture was made; 1 when some URLs could\n"
	"not be fetched (each named; asked again next time) or the replay\n"
	"page lacks ReplayWeb.page (make replayweb); 2 on error, or when DIR\n"
	"holds files linkmend did not write (--force).\n",
};

static int only_arg(const struct option *opt, const char *s)
{
	if (strcmp(s, "all") && strcmp(s, "alive"))
		return error("--only: '%s' is not alive or all", s);
	*(int *)opt->value = !strcmp(s, "all");
	return 0;
}

int cmd_archive(int argc, char **argv)
{
	struct archive_opts o;
	struct archive_stats stats;
	struct cmd_store cs;
	struct config cfg;
	struct lease_args la = LEASE_ARGS_INIT;
	const char *db = NULL, *tree = NULL, *check = NULL;
	int quiet = 0, ret;
	struct option opts[] = {
		OPT_STRING('o', "output", &o.dir, "DIR",
			   "the collection, created if needed"),
		OPT_BOOL(0, "force", &o.force, "write into DIR even if it "
			 "holds files linkmend did not write"),
		OPT_DB(&db),
		OPT_TREE(&tree),
		OPT_WORKER(&la),
		OPT_CALLBACK(0, "only", &o.all, only_arg, "alive|all",
			     "which links: those check found alive, or every "
			     "checkable one"),
		OPT_BYTES(0, "max-size", &o.max_size, "SIZE", "of one body; a "
			  "longer one is kept cut, WARC-Truncated: length"),
		OPT_BYTES(0, "warc-size", &o.warc_size, "SIZE",
			  "a file is closed past this size"),
		OPT_NET(&o.net),
		OPT_BOOL(0, "request-capture", &o.request_capture, "also ask "
			 "the Wayback Machine's Save Page Now to capture every "
			 "live link it has no capture of; prints 'url  "
			 "saved|already|error  detail'; credentials from "
			 "LINKMEND_SPN_ACCESS and LINKMEND_SPN_SECRET"),
		OPT_STRING(0, "spn", &o.spn.base, "URL", "the Wayback Machine, "
			   "else [resolve] wayback of your own file"),
		OPT_LONG(0, "spn-spacing", &o.spn.spacing_ms, 0, 3600000, 1,
			 "MS", "least time between two requests to it"),
		OPT_LONG(0, "spn-poll", &o.spn.poll_ms, 0, 600000, 1, "MS",
			 "least time between two polls of a job"),
		OPT_STRING(0, "wacz-check", &check, "FILE", "only read the WACZ "
			   "FILE back: every hash and size, every index line's "
			   "record, every page; exit 1 on a fault"),
		OPT_STRING(0, "replayweb", &o.replayweb, "DIR",
			   "ReplayWeb.page's ui.js and sw.js for the replay page "
			   "(the npm package replaywebpage; make replayweb "
			   "installs it)"),
		OPT_QUIET(&quiet),
		OPT_END(),
	};

	archive_opts_init(&o);
	if (parse_options(argc, argv, opts, &cmd_archive_usage) ||
	    (!o.dir && !check))
		usage_die(cmd_archive_usage.synopsis);
	if (check) {
		if (wacz_check(check))
			return 1;
		if (!quiet)
			fprintf(stderr, "archive: %s is a sound WACZ\n", check);
		return 0;
	}
	if (!o.replayweb)
		o.replayweb = getenv("LINKMEND_REPLAYWEB");
	if (!o.replayweb)
		o.replayweb = LINKMEND_REPLAYWEB;
	if (la.worker && (tree || o.request_capture))
		die("--worker archives every tree of the store, without "
		    "Save Page Now: drop --%s", tree ? "tree" : "request-capture");
	cmd_store_open(&cs, db, tree, 0, !la.worker, "run 'linkmend scan' and "
		       "'linkmend check' first");
	cmd_conf_load(cs.root ? cs.root : ".", &cfg);
	if (net_options_finish(&o.net, opts, &cfg) ||
	    (o.request_capture && archive_spn_credentials(&o, &cfg, opts)))
		die_reported();	/* the setting, naming its file */
	o.net.max_body = (size_t)o.max_size;
	o.cfg = &cfg;
	o.stop = cmd_catch_signals();
	o.progress = !quiet && isatty(2);
	if (la.worker) {
		char *owner = cmd_worker_owner();

		ret = archive_worker_run(&o, &la, owner, cs.st, &stats, quiet);
		free(owner);
	} else {
		ret = archive_run(&o, cs.st, &stats);
	}
	if (ret)
		die("cannot archive into '%s'", o.dir);
	ret = archive_say_stats(&o, &stats, quiet);
	free(stats.index);
	free(stats.wacz);
	config_release(&cfg);
	if (cmd_store_close(&cs))
		ret = 2;
	return ret;
}
