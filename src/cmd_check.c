// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * linkmend check: a verdict for every URL that scan recorded (or that the
 * arguments name), with its evidence.  Every finished check is written to
 * the store at once, so an interrupted run loses nothing and the next one
 * resumes; fresh results are reused rather than fetched again.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "builtin.h"
#include "check/run.h"
#include "lib/config.h"
#include "lib/parse-options.h"
#include "lib/usage.h"
#include "lib/xalloc.h"
#include "check/worker.h"
#include "net/options.h"
#include "setup.h"
#include "store/store.h"
#include "url/url.h"

const char cmd_check_usage[] =
	"linkmend check [--db PATH] [-j N] [--per-host N] [--format=tsv|json]\n"
	"                      [--confirm N] [--spacing DAYS] [--ttl DAYS] "
	"[--force]\n"
	"                      [--trust-network] [--suspect-share PCT]\n"
	"                      [--timeout S] [--retries N] [--retry-wait MS]\n"
	"                      [--cacert FILE] [--allow-private] "
	"[--proxy URL]\n"
	"                      [--user-agent UA] [--tree NAME]\n"
	"                      [--worker [--lease S] [--claim-hosts N]]"
	"\n"
	"                      [-q] [URL|FILE...]";

const char cmd_check_help[] =
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
	"URLs are never requested.\n"
	"\n"
	"    --db PATH|URL      the store (default: .linkmend/linkmend.db here\n"
	"                       or in a parent directory, or [store] url);\n"
	"                       postgresql://... names a PostgreSQL store\n"
	"    --tree NAME        only the URLs of that tree of the store\n"
	"    --worker           take work from the store with any number of\n"
	"                       other workers (here or on other machines) until\n"
	"                       none is left; a host is one worker's at a time\n"
	"                       (a lease), so its spacing holds across them all;\n"
	"                       prints nothing on standard output\n"
	"    --lease S          a worker's hold on its hosts without renewal\n"
	"                       (default 60): a killed worker's hosts go to\n"
	"                       another after this\n"
	"    --claim-hosts N    hosts a worker takes at a time (default 256)\n"
	"    -j, --jobs N       requests at once (default 64)\n"
	"    --per-host N       requests at once to one host (default 2)\n"
	"    --spacing-ms MS    least time between two requests to one host\n"
	"                       (default 50)\n"
	"    --confirm N        failed checks before a URL is dead (default 3)\n"
	"    --spacing DAYS     least time between counted checks (default 3)\n"
	"    --ttl DAYS         a success is fresh this long (default 7)\n"
	"    --force            check even URLs with fresh results\n"
	"    --suspect-share PCT  more hosts than this unreachable (of 20 or\n"
	"                       more) means the network is broken (default 50)\n"
	"    --trust-network    go on even when the network looks broken\n"
	"    --timeout S        per request (default 30)\n"
	"    --retries N        for transient faults (default 3)\n"
	"    --retry-wait MS    first backoff, doubled each retry (default 1000)\n"
	"    --max-wait S       all waits before one URL's retries, Retry-After\n"
	"                       too (default 600; diff: 30)\n"
	"    --max-body BYTES   of a body kept and digested (default 1 MiB)\n"
	"    --cacert FILE      trust this CA (the test web's)\n"
	"    --allow-private    allow loopback, private and other special-\n"
	"                       purpose addresses (IANA's registries)\n"
	"    --proxy URL        send every request through this proxy (the\n"
	"                       http_proxy variables are ignored); a target\n"
	"                       whose name resolves to a special-purpose\n"
	"                       address is still refused\n"
	"    --user-agent UA    sent with every request\n"
	"    --format=tsv|json  output format\n"
	"    -q, --quiet        no progress line\n"
	"    --no-output        record in the store only\n"
	"\n"
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
	"Exit status: 0 when the check ran, whatever it found; 2 on error or\n"
	"a broken network;\n"
	"130 when interrupted (finished checks are kept).\n";

static void add_arg(struct link_set *links, struct store *st, const char *arg)
{
	struct url_info info;
	long long id = -1;

	if (url_parse(arg, &info)) {
		warning("'%s' is not a URL libcurl accepts; skipped", arg);
		return;
	}
	if (st)
		id = store_url_id(st, info.norm, info.host);
	if (st && id < 0)
		die("cannot record '%s'", arg);
	link_set_add(links, info.norm, info.host, id);
	url_info_release(&info);
}

/* URLs one per line; blank lines and '#' comments skipped. */
static void add_file(struct link_set *links, struct store *st,
		     const char *path)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	char *line = NULL;
	size_t n = 0;
	ssize_t len;
	struct stat sb;

	/* A directory opens, and reads as nothing: "0 URLs", exit 0. */
	if (f && !fstat(fileno(f), &sb) && S_ISDIR(sb.st_mode))
		die("'%s' is a directory: check takes URLs or files of URLs "
		    "(to check a tree: linkmend scan '%s', then check)", path,
		    path);
	if (!f)
		die_errno("cannot open '%s'", path);
	while ((len = getline(&line, &n, f)) >= 0) {
		while (len && (line[len - 1] == '\n' || line[len - 1] == '\r' ||
			       line[len - 1] == ' '))
			line[--len] = '\0';
		if (len && line[0] != '#')
			add_arg(links, st, line);
	}
	free(line);
	if (f != stdin)
		fclose(f);
}

struct checkable {
	struct link_set *links;
	const struct config *cfg;
};

static int add_checkable(const struct store_url *u, void *data)
{
	struct checkable *c = data;

	if (!check_ignored(c->cfg, u->url))
		link_set_add(c->links, u->url, u->host, u->id);
	return 0;
}

struct check_args {
	struct check_run_opts o;
	const char *db, *tree, *format;
	int quiet, no_output, worker;
	long long lease_s;
	size_t claim_hosts;
	struct opt_list paths;
};

#define CHECK_OPTIONS(a) { \
	OPT_STRING(0, "db", &(a)->db), \
	OPT_STRING(0, "tree", &(a)->tree), \
	OPT_NET(&(a)->o.req.net), \
	OPT_STRING(0, "format", &(a)->format), \
	OPT_CONFIRM(&(a)->o.confirm, &(a)->o.spacing_s), \
	OPT_LLONG(0, "ttl", &(a)->o.ttl_s, 0, 3650, OPT_DAYS_TO_S), \
	OPT_BOOL(0, "force", &(a)->o.force), \
	OPT_BOOL(0, "trust-network", &(a)->o.trust_network), \
	OPT_INT(0, "suspect-share", &(a)->o.suspect_share, 1, 100), \
	OPT_INT(0, "retries", &(a)->o.req.retries, 0, 20), \
	OPT_LONG(0, "retry-wait", &(a)->o.req.retry_wait_ms, 0, 600000, 1), \
	OPT_LONG(0, "max-wait", &(a)->o.req.max_wait_ms, 0, 86400, \
		 OPT_SECONDS_TO_MS), \
	OPT_SIZE(0, "max-body", &(a)->o.req.net.max_body, 0, 1 << 30), \
	OPT_BOOL('q', "quiet", &(a)->quiet), \
	OPT_BOOL(0, "no-output", &(a)->no_output), \
	OPT_BOOL(0, "worker", &(a)->worker), \
	OPT_LLONG(0, "lease", &(a)->lease_s, 5, 86400, 1), \
	OPT_SIZE(0, "claim-hosts", &(a)->claim_hosts, 1, 100000), \
	OPT_PATHS(&(a)->paths), \
	OPT_END(), \
}

const struct option *cmd_check_options(void)
{
	static struct check_args unused;
	static struct option opts[] = CHECK_OPTIONS(&unused);

	return opts;
}

/* What the confirmation rule still waits for, and when to run again. */
static void waiting_say(const struct check_run_opts *o,
			const struct link_set *links)
{
	long long next;
	size_t n = check_waiting(o, links, &next);
	char when[32];
	time_t t = (time_t)next;
	struct tm tm;

	if (!n)
		return;
	gmtime_r(&t, &tm);
	strftime(when, sizeof(when), "%Y-%m-%d %H:%M UTC", &tm);
	fprintf(stderr, "check: %zu failing link%s wait%s for confirmation (%d "
		"failed checks at least %lld day%s apart make a link dead); "
		"run again after %s\n", n, n == 1 ? "" : "s", n == 1 ? "s" : "",
		o->confirm, o->spacing_s / 86400,
		o->spacing_s / 86400 == 1 ? "" : "s", when);
}

/* check --worker: the store's work, shared; nothing on stdout. */
static int run_worker(struct check_args *a, struct cmd_store *cs)
{
	struct check_worker_opts wo;
	struct check_worker_stats stats;
	char *owner = cmd_worker_owner();
	long long t0 = net_now_ms();
	int ret;

	check_worker_opts_init(&wo, &a->o);
	wo.owner = owner;
	wo.lease_ms = a->lease_s * 1000;
	if (a->claim_hosts)
		wo.hosts = a->claim_hosts;
	wo.progress = !a->quiet && isatty(2);
	ret = check_worker(&wo, cs->st, &stats);
	if (!a->quiet)
		fprintf(stderr, "check: worker %s: %zu URLs checked on %zu hosts"
			" in %zu claims, %.1f s (%.1f s with nothing to claim)"
			"; %zu left for a later claim (a redirect to a host "
			"another worker held)%s\n", owner, stats.checked,
			stats.hosts, stats.claims,
			(double)(net_now_ms() - t0) / 1000.0,
			(double)stats.waited_ms / 1000.0, stats.deferred,
			cmd_interrupted ? "; interrupted" : "");
	free(owner);
	return ret ? 2 : 0;
}

int cmd_check(int argc, char **argv)
{
	struct check_args a = { .format = "tsv", .lease_s = 60 };
	struct check_run_opts *o = &a.o;
	struct link_set links = LINK_SET_INIT;
	struct checkable ck = { &links, NULL };
	struct cmd_store cs;
	struct config cfg;
	int json, i, ret = 0;
	size_t todo = 0, done = 0;
	struct option opts[] = CHECK_OPTIONS(&a);

	check_run_opts_init(o);
	argc = parse_options(argc, argv, opts, cmd_check_usage);
	json = cmd_format_json(a.format, "tsv");
	cmd_store_open(&cs, a.db, a.tree, argc > 0, 0,
		       "run 'linkmend scan' first, or give --db or URLs");
	if (a.paths.nr && (a.worker || argc))
		die("--path limits the store's links: not with --worker or "
		    "URLs");
	cmd_limit_paths(&cs, &a.paths);
	cmd_conf_load(cs.root ? cs.root : ".", &cfg);
	ck.cfg = &cfg;
	if (net_options_finish(&o->req.net, opts, &cfg) ||
	    check_settings(o, &cfg, opts))
		die_reported();	/* the setting, naming its file */
	if (a.worker) {
		if (argc)
			die("--worker takes its URLs from the store, not '%s'",
			    argv[0]);
		o->stop = cmd_catch_signals();
		o->now = check_now();
		ret = run_worker(&a, &cs);
		config_release(&cfg);
		if (cmd_store_close(&cs))
			ret = 2;
		return cmd_interrupted ? 130 : ret;
	}
	for (i = 0; i < argc; i++) {
		if (strstr(argv[i], "://"))
			add_arg(&links, cs.st, argv[i]);
		else
			add_file(&links, cs.st, argv[i]);
	}
	if (!argc && store_each_checkable_url(cs.st, add_checkable, &ck))
		die("cannot read the store '%s'", cs.db);
	if (cs.st && link_set_load_checks(&links, cs.st))
		die("cannot read the store '%s'", cs.db);
	o->stop = cmd_catch_signals();
	o->progress = !a.quiet && isatty(2);
	o->now = check_now();
	if (check_run(o, &links, cs.st, &todo, &done))
		ret = 2;
	else if (!cmd_interrupted && !argc && check_network(o, &links, cs.st))
		ret = 2;
	if (!a.no_output)
		check_print(o, &links, json);
	if (!a.quiet)
		fprintf(stderr, "check: %zu URLs, %zu checked now, %zu fresh from "
			"the store%s\n", links.nr, done, links.nr - todo,
			cmd_interrupted ? "; interrupted" : "");
	waiting_say(o, &links);
	if (fflush(stdout) || ferror(stdout))
		die_errno("cannot write the output");
	link_set_release(&links);
	config_release(&cfg);
	if (cmd_store_close(&cs))
		ret = 2;
	opt_list_release(&a.paths);
	return cmd_interrupted ? 130 : ret;
}
