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

#include "lib/settings.h"
#include "builtin.h"
#include "check/run.h"
#include "lib/config.h"
#include "lib/parse-options.h"
#include "lib/strbuf.h"
#include "lib/usage.h"
#include "net/net.h"
#include "net/options.h"
#include "resolve/resolve.h"
#include "resolve/worker.h"
#include "setup.h"

const char cmd_resolve_usage[] =
	"linkmend resolve [--db PATH] [--format=tsv|json] [--date YYYY-MM-DD]\n"
	"                        [--wayback URL] [--memento URL] [--upgrade] [--lore]\n"
	"                        [--archive DIR --archive-base URL]\n"
	"                        [--confirm N] [--spacing DAYS] [--refresh]\n"
	"                        [-j N] [--per-host N] [--timeout S] "
	"[--cacert FILE]\n"
	"                        [--allow-private] [--proxy URL] "
	"[--user-agent UA] [-q]\n"
	"                        [--worker [--lease S] [--claim-hosts N]]";

const char cmd_resolve_help[] =
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
	"    --db PATH        the store\n"
	"    --tree NAME      the tree, in a store of several\n"
	"    --date DATE      when the links entered the tree, where git cannot\n"
	"                     tell (a release tarball)\n"
	"    --wayback URL    the Wayback Machine (https://web.archive.org)\n"
	"    --memento URL    a TimeMap prefix for other archives, asked when\n"
	"                     the Wayback Machine has nothing\n"
	"    --archive DIR    the project's own collection (linkmend archive),\n"
	"                     looked in first\n"
	"    --archive-base URL  where that collection is served (pywb style:\n"
	"                     URL/TIMESTAMP/ORIGINAL)\n"
	"    --upgrade        propose https for http links that serve the same\n"
	"    --lore           propose lore.kernel.org for old mail-archive links\n"
	"    --confirm N      failed checks that make a URL dead (3)\n"
	"    --spacing DAYS   between counted checks (3)\n"
	"    --archive-spacing MS  between two requests to one archive (1000)\n"
	"    --refresh        ask the archives again, not the cache\n"
	"    --trust-network  resolve even when the last check found the\n"
	"                     network broken (see check)\n"
	"    -j, --jobs N, --per-host N, --spacing-ms MS, --timeout S,\n"
	"    --cacert FILE, --allow-private, --proxy URL, --user-agent UA\n"
	"                     as for check\n"
	"    --format=tsv|json\n"
	"    --no-output      record in the store only\n"
	"    --worker         resolve every tree of the store side by side\n"
	"                     with any number of workers, until no host that\n"
	"                     check's workers gave back is left; a claim is of\n"
	"                     hosts (as check --worker), each tree citing them\n"
	"                     is resolved for their URLs (its root must be on\n"
	"                     this machine, or --date given), and every\n"
	"                     request to an archive takes a turn in the store,\n"
	"                     so the archive's spacing holds across workers;\n"
	"                     prints nothing on standard output\n"
	"    --lease S, --claim-hosts N  as for check --worker\n"
	"\n"
	"Settings from .linkmend.conf: [check] confirm and spacing (the rule\n"
	"check and report apply too), the network settings as for check;\n"
	"[resolve] wayback and memento from your own file only.\n";

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
	int worker;
	long long lease_s;
	size_t claim_hosts;
	struct opt_list paths;
};

#define RESOLVE_OPTIONS(a) { \
	OPT_STRING(0, "archive", &(a)->o.archive_dir), \
	OPT_STRING(0, "archive-base", &(a)->o.archive_base), \
	OPT_STRING(0, "db", &(a)->db), \
	OPT_STRING(0, "tree", &(a)->tree), \
	OPT_STRING(0, "format", &(a)->format), \
	OPT_CALLBACK(0, "date", &(a)->o.date, date_arg), \
	OPT_STRING(0, "wayback", &(a)->o.wayback), \
	OPT_STRING(0, "memento", &(a)->o.memento), \
	OPT_BOOL(0, "upgrade", &(a)->o.upgrade), \
	OPT_BOOL(0, "lore", &(a)->o.lore), \
	OPT_CONFIRM(&(a)->o.confirm, &(a)->o.spacing_s), \
	OPT_LONG(0, "archive-spacing", &(a)->o.archive_spacing_ms, 0, \
		 600000, 1), \
	OPT_BOOL(0, "refresh", &(a)->o.refresh), \
	OPT_BOOL(0, "trust-network", &(a)->o.trust_network), \
	OPT_NET(&(a)->o.net), \
	OPT_BOOL('q', "quiet", &(a)->o.quiet), \
	OPT_BOOL(0, "no-output", &(a)->o.no_output), \
	OPT_BOOL(0, "worker", &(a)->worker), \
	OPT_LLONG(0, "lease", &(a)->lease_s, 5, 86400, 1), \
	OPT_SIZE(0, "claim-hosts", &(a)->claim_hosts, 1, 100000), \
	OPT_PATHS(&(a)->paths), \
	OPT_END(), \
}

const struct option *cmd_resolve_options(void)
{
	static struct resolve_args unused;
	static struct option opts[] = RESOLVE_OPTIONS(&unused);

	return opts;
}

/* resolve --worker: the store's work, shared; nothing on stdout. */
static int run_worker(struct resolve_args *a, struct cmd_store *cs)
{
	struct resolve_worker_opts wo;
	struct resolve_worker_stats stats;
	char *owner = cmd_worker_owner();
	long long t0 = net_now_ms();
	int ret;

	memset(&wo, 0, sizeof(wo));
	wo.resolve = &a->o;
	wo.owner = owner;
	wo.lease_ms = a->lease_s * 1000;
	wo.hosts = a->claim_hosts ? a->claim_hosts : 256;
	wo.progress = !a->o.quiet && isatty(2);
	wo.stop = cmd_catch_signals();
	ret = resolve_worker(&wo, cs->st, &stats);
	if (!a->o.quiet)
		fprintf(stderr, "resolve: worker %s: %zu hosts in %zu claims,"
			" %zu tree runs, %.1f s (%.1f s with nothing to claim)"
			"%s\n", owner, stats.hosts, stats.claims, stats.trees,
			(double)(net_now_ms() - t0) / 1000.0,
			(double)stats.waited_ms / 1000.0,
			cmd_interrupted ? "; interrupted" : "");
	free(owner);
	return ret ? 2 : 0;
}

/* What the run decided, by kind; or that it was stopped. */
static void closing_line(const struct resolve_stats *s)
{
	struct strbuf sb = STRBUF_INIT;
	int k;

	if (s->interrupted) {
		fprintf(stderr, "resolve: interrupted; the %zu answers had are "
			"kept, nothing decided: run it again to go on\n",
			s->asked);
		return;
	}
	for (k = 0; k < K__COUNT; k++)
		if (s->by_kind[k])
			strbuf_addf(&sb, "%s %s %zu", sb.len ? "," : "",
				    kind_name((enum kind)k), s->by_kind[k]);
	fprintf(stderr, "resolve: %zu URLs, %zu requests to archives and "
		"sites; links by kind:%s\n", s->urls, s->asked,
		sb.len ? sb.buf : " none");
	strbuf_release(&sb);
}

int cmd_resolve(int argc, char **argv)
{
	struct resolve_args a = { .format = "tsv", .lease_s = 60 };
	struct resolve_opts *o = &a.o;
	struct cmd_store cs;
	struct config cfg;
	const char *v;
	int ret;
	struct option opts[] = RESOLVE_OPTIONS(&a);

	resolve_opts_init(o);
	if (parse_options(argc, argv, opts, cmd_resolve_usage))
		usage_die(cmd_resolve_usage);
	o->json = cmd_format_json(a.format, "tsv");
	if (a.worker && a.tree)
		die("--worker resolves every tree of the store, not one: "
		    "drop --tree");
	if (o->archive_dir && !o->archive_base)
		die("--archive needs --archive-base, the URL the collection is "
		    "served at");
	cmd_store_open(&cs, a.db, a.tree, 0, 0,
		       "run 'linkmend scan' and 'linkmend check' first");
	if (a.paths.nr && a.worker)
		die("--path limits one tree's links: not with --worker");
	cmd_limit_paths(&cs, &a.paths);
	o->root = cs.root;
	cmd_conf_load(cs.root ? cs.root : ".", &cfg);
	if (net_options_finish(&o->net, opts, &cfg) ||
	    settings_confirm(&cfg, opts, &o->confirm, &o->spacing_s))
		die_reported();	/* the setting, naming its file */
	/* The file's, where --wayback or --memento was not given. */
	if ((v = settings_text(&cfg, opts, "resolve", "wayback")))
		o->wayback = v;
	if ((v = settings_text(&cfg, opts, "resolve", "memento")))
		o->memento = v;
	o->now = check_now();
	/* resolve_run() has said what went wrong, in one line. */
	if (a.worker) {
		ret = run_worker(&a, &cs);
	} else {
		struct resolve_stats stats;

		memset(&stats, 0, sizeof(stats));
		o->stop = cmd_catch_signals();
		o->progress = !o->quiet && isatty(2);
		o->stats = &stats;
		ret = resolve_run(o, cs.st) ? 2 : 0;
		if (!ret && !o->quiet)
			closing_line(&stats);
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
