// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * linkmend check: a verdict for every URL that scan recorded (or that the
 * arguments name), with its evidence.  Every finished check is written to
 * the store at once, so an interrupted run loses nothing and the next one
 * resumes; fresh results are reused rather than fetched again.
 */
#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "builtin.h"
#include "check/check.h"
#include "lib/config.h"
#include "lib/strbuf.h"
#include "lib/strmap.h"
#include "lib/usage.h"
#include "lib/xalloc.h"
#include "store/store.h"
#include "url/url.h"

const char cmd_check_usage[] =
	"linkmend check [--db PATH] [-j N] [--per-host N] [--format=tsv|json]\n"
	"                      [--confirm N] [--spacing DAYS] [--ttl DAYS] "
	"[--force]\n"
	"                      [--timeout S] [--retries N] [--retry-wait MS]\n"
	"                      [--cacert FILE] [--allow-private] "
	"[--user-agent UA]\n"
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
	"requested, and no evidence of death);\n"
	"status is the last HTTP status or '-'; final_url the URL after\n"
	"redirects or '-'; detail a short reason.  A failing URL is dead only\n"
	"after --confirm failed checks at least --spacing days apart; detail\n"
	"says how far it is.  Placeholder, example, identifier and licence\n"
	"URLs are never requested.\n"
	"\n"
	"    --db PATH          the store (default: .linkmend/linkmend.db here\n"
	"                       or in a parent directory)\n"
	"    -j, --jobs N       requests at once (default 64)\n"
	"    --per-host N       requests at once to one host (default 2)\n"
	"    --spacing-ms MS    least time between two requests to one host\n"
	"                       (default 50)\n"
	"    --confirm N        failed checks before a URL is dead (default 3)\n"
	"    --spacing DAYS     least time between counted checks (default 3)\n"
	"    --ttl DAYS         a success is fresh this long (default 7)\n"
	"    --force            check even URLs with fresh results\n"
	"    --timeout S        per request (default 30)\n"
	"    --retries N        for transient faults (default 3)\n"
	"    --retry-wait MS    first backoff, doubled each retry (default 1000)\n"
	"    --max-body BYTES   of a body kept and digested (default 1 MiB)\n"
	"    --cacert FILE      trust this CA (the test web's)\n"
	"    --allow-private    allow loopback and private addresses\n"
	"    --user-agent UA    sent with every request\n"
	"    --format=tsv|json  output format\n"
	"    -q, --quiet        no progress line\n"
	"    --no-output        record in the store only\n"
	"\n"
	"Settings from .linkmend.conf: [check] ignore, user-agent, jobs,\n"
	"per-host, timeout, spacing-ms, confirm; [host \"NAME\"] accept,\n"
	"per-host.  Options given here override them.\n"
	"\n"
	"Exit status: 0 when the check ran, whatever it found; 2 on error;\n"
	"130 when interrupted (finished checks are kept).\n";

struct item {
	char *url;
	long long id;
	/* The newest check, and the history's verdicts. */
	int have_last;
	struct store_check last;
	struct check_history *hist;
	size_t nhist, ahist;
};

struct check_cmd {
	struct store *st;
	struct item *items;
	size_t nr, alloc;
	struct strmap by_id;	/* id as text -> item index + 1 */
	int json, quiet, force, confirm, no_output;
	long long spacing_s, ttl_s, now;
	size_t done, todo, counts[V__COUNT];
	long started_ms;
	size_t uncommitted;
	long last_commit_ms;
	int progress;
	struct config cfg;
};

static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
	(void)sig;
	interrupted = 1;
}

static long long now_s(void)
{
	const char *fake = getenv("LINKMEND_NOW");

	/* Tests move the clock to see checks days apart. */
	if (fake && *fake)
		return strtoll(fake, NULL, 10);
	return (long long)time(NULL);
}

static void add_item(struct check_cmd *c, const char *url, long long id)
{
	char key[32];
	struct item *it;

	ALLOC_GROW(c->items, c->nr + 1, c->alloc);
	it = &c->items[c->nr++];
	memset(it, 0, sizeof(*it));
	it->url = xstrdup(url);
	it->id = id;
	snprintf(key, sizeof(key), "%lld", id);
	*strmap_put(&c->by_id, key) = (void *)c->nr;
}

static int add_checkable(const struct store_url *u, void *data)
{
	struct check_cmd *c = data;

	if (!cmd_conf_ignore_url(&c->cfg, u->url))
		add_item(c, u->url, u->id);
	return 0;
}

/* [host "NAME"] per-host, for the engine. */
static int host_limit(void *data, const char *host)
{
	const struct config *cfg = data;
	const char *v = config_get_sub(cfg, "host", host, "per-host");

	return v ? atoi(v) : 0;
}

static void set_last(struct item *it, const struct store_check *sc)
{
	free((char *)it->last.verdict);
	free((char *)it->last.final_url);
	free((char *)it->last.chain);
	free((char *)it->last.detail);
	free((char *)it->last.digest);
	it->last = *sc;
	it->last.verdict = xstrdup(sc->verdict);
	it->last.final_url = sc->final_url ? xstrdup(sc->final_url) : NULL;
	it->last.chain = xstrdup(sc->chain ? sc->chain : "");
	it->last.detail = xstrdup(sc->detail ? sc->detail : "");
	it->last.digest = xstrdup(sc->digest ? sc->digest : "");
	it->have_last = 1;
}

static void add_history(struct item *it, const struct store_check *sc)
{
	ALLOC_GROW(it->hist, it->nhist + 1, it->ahist);
	it->hist[it->nhist].at = sc->at;
	it->hist[it->nhist].verdict = verdict_from_name(sc->verdict);
	it->nhist++;
	set_last(it, sc);
}

static int load_check(const struct store_check *sc, void *data)
{
	struct check_cmd *c = data;
	char key[32];
	size_t k;

	snprintf(key, sizeof(key), "%lld", sc->url_id);
	k = (size_t)strmap_get(&c->by_id, key);
	if (k)
		add_history(&c->items[k - 1], sc);
	return 0;
}

/* Is the newest result still good enough not to ask again? */
static int fresh(const struct check_cmd *c, const struct item *it)
{
	enum verdict v;

	if (c->force || !it->have_last)
		return 0;
	v = verdict_from_name(it->last.verdict);
	if (verdict_is_failure(v))
		return c->now - it->last.at < c->spacing_s;
	return c->now - it->last.at < c->ttl_s;
}

static void commit_some(struct check_cmd *c, int force)
{
	long now = net_now_ms();

	if (!c->st || !c->uncommitted || (!force && c->uncommitted < 200 &&
				now - c->last_commit_ms < 1000))
		return;
	if (store_commit(c->st) || store_begin(c->st))
		die("cannot record checks");
	c->uncommitted = 0;
	c->last_commit_ms = now;
}

static void on_result(const struct check_result *r, void *data)
{
	struct check_cmd *c = data;
	struct item *it = &c->items[r->index];
	struct store_check sc;
	char *detail;

	cmd_conf_check_result(&c->cfg, r, it->id, c->now, &sc, &detail);
	if (it->id >= 0 && store_put_check(c->st, &sc))
		die("cannot record the check of '%s'", it->url);
	add_history(it, &sc);
	free(detail);
	c->uncommitted++;
	c->done++;
	c->counts[verdict_from_name(sc.verdict)]++;
	/*
	 * Each check is committed as it finishes (WAL, no fsync per commit:
	 * cheap), so that even kill -9 loses none already made.
	 */
	commit_some(c, 1);
}

static void tick(void *data)
{
	struct check_cmd *c = data;
	double secs = (double)(net_now_ms() - c->started_ms) / 1000.0;
	double rate = secs > 0 ? (double)c->done / secs : 0;
	size_t dead = 0;
	int v;

	commit_some(c, 0);
	if (!c->progress)
		return;
	for (v = 0; v < V__COUNT; v++)
		if (verdict_is_failure((enum verdict)v))
			dead += c->counts[v];
	fprintf(stderr, "\rcheck: %zu/%zu  %.0f/s  alive %zu  moved %zu  "
		"failing %zu  ETA %.0fs   ", c->done, c->todo, rate,
		c->counts[V_ALIVE], c->counts[V_MOVED] + c->counts[V_REDIRECTED],
		dead, rate > 0 ? (double)(c->todo - c->done) / rate : 0.0);
}

/* "(dead: 3 checks over 6 days)" or "(unconfirmed: 1 of 3 checks)". */
static void confirmation(const struct check_cmd *c, const struct item *it,
			 struct strbuf *sb, int *dead)
{
	int n = check_failures(it->hist, it->nhist, c->spacing_s);

	*dead = 0;
	if (!verdict_is_failure(verdict_from_name(it->last.verdict)))
		return;
	if (n >= c->confirm) {
		*dead = 1;
		strbuf_addf(sb, " (dead: %d failed check%s)", n, n == 1 ? "" : "s");
	} else {
		strbuf_addf(sb, " (unconfirmed: %d of %d failed checks)", n,
			    c->confirm);
	}
}

static void print_items(struct check_cmd *c)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;
	int first = 1;

	if (c->json)
		printf("[");
	for (i = 0; i < c->nr; i++) {
		struct item *it = &c->items[i];
		int dead;

		if (!it->have_last)
			continue;	/* interrupted before its turn */
		strbuf_reset(&sb);
		strbuf_addstr(&sb, it->last.detail);
		confirmation(c, it, &sb, &dead);
		if (c->json) {
			json_t *o = json_object();
			char *text;

			json_object_set_new(o, "url", json_string(it->url));
			json_object_set_new(o, "verdict", json_string(it->last.verdict));
			json_object_set_new(o, "status", json_integer(it->last.status));
			json_object_set_new(o, "final_url", it->last.final_url ?
					    json_string(it->last.final_url) : json_null());
			json_object_set_new(o, "chain", json_string(it->last.chain));
			json_object_set_new(o, "detail", json_string(sb.buf));
			json_object_set_new(o, "dead", json_boolean(dead));
			json_object_set_new(o, "checked_at", json_integer(it->last.at));
			json_object_set_new(o, "checks", json_integer((json_int_t)it->nhist));
			text = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER |
					  JSON_ENSURE_ASCII);
			if (text)
				printf("%s\n%s", first ? "" : ",", text);
			first = 0;
			free(text);
			json_decref(o);
			continue;
		}
		{
			struct strbuf line = STRBUF_INIT;

			strbuf_add_escaped(&line, it->url, strlen(it->url));
			strbuf_addf(&line, "\t%s\t", it->last.verdict);
			if (it->last.status)
				strbuf_addf(&line, "%ld", it->last.status);
			else
				strbuf_addch(&line, '-');
			strbuf_addch(&line, '\t');
			if (it->last.final_url)
				strbuf_add_escaped(&line, it->last.final_url,
						   strlen(it->last.final_url));
			else
				strbuf_addch(&line, '-');
			strbuf_addch(&line, '\t');
			strbuf_add_escaped(&line, sb.buf, sb.len);
			strbuf_addch(&line, '\n');
			fwrite(line.buf, 1, line.len, stdout);
			strbuf_release(&line);
		}
	}
	if (c->json)
		printf("%s]\n", first ? "" : "\n");
	strbuf_release(&sb);
}

static void add_arg(struct check_cmd *c, const char *arg)
{
	struct url_info info;
	long long id = -1;

	if (url_parse(arg, &info)) {
		warning("'%s' is not a URL libcurl accepts; skipped", arg);
		return;
	}
	if (c->st)
		id = store_url_id(c->st, info.norm, info.host);
	if (c->st && id < 0)
		die("cannot record '%s'", arg);
	add_item(c, info.norm, id);
	url_info_release(&info);
}

static void add_file(struct check_cmd *c, const char *path)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	char *line = NULL;
	size_t n = 0;
	ssize_t len;

	if (!f)
		die_errno("cannot open '%s'", path);
	while ((len = getline(&line, &n, f)) >= 0) {
		while (len && (line[len - 1] == '\n' || line[len - 1] == '\r' ||
			       line[len - 1] == ' '))
			line[--len] = '\0';
		if (len && line[0] != '#')
			add_arg(c, line);
	}
	free(line);
	if (f != stdin)
		fclose(f);
}

enum {
	OPT_DB = 256, OPT_PER_HOST, OPT_FORMAT, OPT_CONFIRM, OPT_SPACING,
	OPT_TTL, OPT_FORCE, OPT_TIMEOUT, OPT_RETRIES, OPT_RETRY_WAIT,
	OPT_CACERT, OPT_ALLOW_PRIVATE, OPT_SPACING_MS, OPT_MAX_BODY, OPT_NO_OUTPUT,
	OPT_USER_AGENT,
};

/* Given on the command line, so .linkmend.conf does not override it. */
enum { G_CONFIRM = 64 };

static const struct option long_opts[] = {
	{ "db", required_argument, NULL, OPT_DB },
	{ "jobs", required_argument, NULL, 'j' },
	{ "per-host", required_argument, NULL, OPT_PER_HOST },
	{ "spacing-ms", required_argument, NULL, OPT_SPACING_MS },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "confirm", required_argument, NULL, OPT_CONFIRM },
	{ "spacing", required_argument, NULL, OPT_SPACING },
	{ "ttl", required_argument, NULL, OPT_TTL },
	{ "force", no_argument, NULL, OPT_FORCE },
	{ "timeout", required_argument, NULL, OPT_TIMEOUT },
	{ "retries", required_argument, NULL, OPT_RETRIES },
	{ "retry-wait", required_argument, NULL, OPT_RETRY_WAIT },
	{ "max-body", required_argument, NULL, OPT_MAX_BODY },
	{ "cacert", required_argument, NULL, OPT_CACERT },
	{ "allow-private", no_argument, NULL, OPT_ALLOW_PRIVATE },
	{ "quiet", no_argument, NULL, 'q' },
	{ "no-output", no_argument, NULL, OPT_NO_OUTPUT },
	{ "user-agent", required_argument, NULL, OPT_USER_AGENT },
	{ NULL, 0, NULL, 0 },
};

int cmd_check(int argc, char **argv)
{
	struct check_cmd c;
	struct check_opts o;
	const char *db = NULL;
	const char **urls;
	char *found = NULL;
	size_t i, k;
	int opt, ret = 0;
	unsigned given = 0;
	char *root = NULL;
	struct sigaction sa;

	memset(&c, 0, sizeof(c));
	check_opts_init(&o);
	c.confirm = 3;
	c.spacing_s = 3 * 86400;
	c.ttl_s = 7 * 86400;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "j:q", long_opts, NULL)) != -1) {
		switch (opt) {
		case OPT_DB:
			db = optarg;
			break;
		case 'j':
			o.net.max_total = (int)cmd_number(optarg, "--jobs", 1, 4096);
			given |= NET_GIVEN_JOBS;
			break;
		case OPT_PER_HOST:
			o.net.per_host = (int)cmd_number(optarg, "--per-host", 1, 64);
			given |= NET_GIVEN_PER_HOST;
			break;
		case OPT_SPACING_MS:
			o.net.spacing_ms = (long)cmd_number(optarg, "--spacing-ms", 0, 600000);
			given |= NET_GIVEN_SPACING;
			break;
		case OPT_FORMAT:
			if (!strcmp(optarg, "json"))
				c.json = 1;
			else if (strcmp(optarg, "tsv"))
				die("--format: '%s' is not tsv or json", optarg);
			break;
		case OPT_CONFIRM:
			c.confirm = (int)cmd_number(optarg, "--confirm", 1, 100);
			given |= G_CONFIRM;
			break;
		case OPT_SPACING:
			c.spacing_s = (long long)(cmd_number(optarg, "--spacing", 0, 3650) * 86400);
			break;
		case OPT_TTL:
			c.ttl_s = (long long)(cmd_number(optarg, "--ttl", 0, 3650) * 86400);
			break;
		case OPT_FORCE:
			c.force = 1;
			break;
		case OPT_TIMEOUT:
			o.net.timeout_ms = (long)(cmd_number(optarg, "--timeout", 0.1, 3600) * 1000);
			given |= NET_GIVEN_TIMEOUT;
			if (o.net.connect_timeout_ms > o.net.timeout_ms)
				o.net.connect_timeout_ms = o.net.timeout_ms;
			break;
		case OPT_RETRIES:
			o.retries = (int)cmd_number(optarg, "--retries", 0, 20);
			break;
		case OPT_RETRY_WAIT:
			o.retry_wait_ms = (long)cmd_number(optarg, "--retry-wait", 0, 600000);
			break;
		case OPT_MAX_BODY:
			o.net.max_body = (size_t)cmd_number(optarg, "--max-body", 0, 1 << 30);
			break;
		case OPT_CACERT:
			o.net.cacert = optarg;
			break;
		case OPT_ALLOW_PRIVATE:
			o.net.allow_private = 1;
			break;
		case 'q':
			c.quiet = 1;
			break;
		case OPT_NO_OUTPUT:
			c.no_output = 1;
			break;
		case OPT_USER_AGENT:
			o.net.user_agent = optarg;
			given |= NET_GIVEN_USER_AGENT;
			break;
		default:
			usage_die(cmd_check_usage);
		}
	}
	argc -= optind;
	argv += optind;
	if (!db)
		db = found = store_find();
	if (!db && !argc)
		die("no store here: run 'linkmend scan' first, or give --db or URLs");
	if (db) {
		c.st = store_open(db);
		if (!c.st)
			die("cannot use the store '%s'", db);
		root = store_get_meta(c.st, "root");
	}
	cmd_conf_load(root ? root : ".", &c.cfg);
	cmd_conf_validate(&c.cfg);
	cmd_conf_net(&c.cfg, &o.net, given);
	if (!(given & G_CONFIRM))
		c.confirm = (int)cmd_conf_number(&c.cfg, "check", "confirm", 1,
						 100, c.confirm);
	o.net.host_limit = host_limit;
	o.net.host_limit_data = &c.cfg;
	for (i = 0; i < (size_t)argc; i++) {
		if (strstr(argv[i], "://"))
			add_arg(&c, argv[i]);
		else
			add_file(&c, argv[i]);
	}
	if (!argc && store_each_checkable_url(c.st, add_checkable, &c))
		die("cannot read the store '%s'", db);
	if (c.st && store_each_check(c.st, load_check, &c))
		die("cannot read the store '%s'", db);

	c.now = now_s();
	urls = xcalloc(c.nr ? c.nr : 1, sizeof(*urls));
	for (i = k = 0; i < c.nr; i++)
		if (!fresh(&c, &c.items[i]))
			urls[k++] = c.items[i].url;
	c.todo = k;
	/* check_urls reports input indexes: map them back to items. */
	{
		struct item *sub = xcalloc(k ? k : 1, sizeof(*sub));
		size_t *map = xcalloc(k ? k : 1, sizeof(*map));
		struct item *all = c.items;
		size_t nall = c.nr;

		for (i = k = 0; i < nall; i++)
			if (!fresh(&c, &all[i])) {
				map[k] = i;
				sub[k++] = all[i];
			}
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_sigint;
		sigaction(SIGINT, &sa, NULL);
		sigaction(SIGTERM, &sa, NULL);
		c.progress = !c.quiet && isatty(2);
		c.started_ms = c.last_commit_ms = net_now_ms();
		if (c.st && store_begin(c.st))
			die("cannot write the store '%s'", db);
		c.items = sub;
		c.nr = k;
		if (check_urls(urls, k, &o, &interrupted, on_result, tick, &c))
			ret = 2;
		if (c.st && store_commit(c.st))
			die("cannot record checks in '%s'", db);
		for (i = 0; i < k; i++)
			all[map[i]] = sub[i];
		c.items = all;
		c.nr = nall;
		free(sub);
		free(map);
	}
	if (c.progress)
		fprintf(stderr, "\n");
	if (!c.no_output)
		print_items(&c);
	if (!c.quiet)
		fprintf(stderr, "check: %zu URLs, %zu checked now, %zu fresh from "
			"the store%s\n", c.nr, c.done, c.nr - c.todo,
			interrupted ? "; interrupted" : "");
	if (fflush(stdout) || ferror(stdout))
		die_errno("cannot write the output");
	for (i = 0; i < c.nr; i++) {
		struct item *it = &c.items[i];

		free(it->url);
		free(it->hist);
		free((char *)it->last.verdict);
		free((char *)it->last.final_url);
		free((char *)it->last.chain);
		free((char *)it->last.detail);
		free((char *)it->last.digest);
	}
	free(c.items);
	free(urls);
	strmap_clear(&c.by_id, NULL);
	config_release(&c.cfg);
	free(root);
	if (store_close(c.st))
		ret = 2;
	free(found);
	if (interrupted)
		return 130;
	return ret;
}
