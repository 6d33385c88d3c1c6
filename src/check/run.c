// SPDX-License-Identifier: GPL-2.0-or-later
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../lib/config.h"
#include "../lib/settings.h"
#include "../lib/strmap.h"
#include "../lib/json.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "../url/url.h"
#include "../lease/lease.h"
#include "run.h"
#include "sanity.h"

void check_run_opts_init(struct check_run_opts *o)
{
	memset(o, 0, sizeof(*o));
	check_opts_init(&o->req);
	settings_confirm_init(&o->confirm, &o->spacing_s);
	o->ttl_s = 7 * 86400;
	o->suspect_share = (int)settings_default(SETTING_CHECK_SUSPECT_SHARE);
	o->now = check_now();
}

long long check_now(void)
{
	const char *fake = getenv("LINKMEND_NOW");

	/* Tests move the clock to see checks days apart. */
	if (fake && *fake)
		return strtoll(fake, NULL, 10);
	return (long long)time(NULL);
}

int check_ignored(const struct config *cfg, const char *url)
{
	return settings_match(cfg, SETTING_CHECK_IGNORE, url, 0);
}

/* [host "NAME"] per-host, for the engine. */
static int host_limit(void *data, const char *host)
{
	return (int)settings_number_sub(data, SETTING_HOST_PER_HOST, host);
}

int check_settings(struct check_run_opts *o, const struct config *cfg,
		   const struct option *opts)
{
	long share = o->suspect_share;

	o->cfg = cfg;
	if (!cfg)
		return 0;
	if (settings_confirm(cfg, opts, &o->confirm, &o->spacing_s) ||
	    settings_number(cfg, opts, SETTING_CHECK_SUSPECT_SHARE, &share))
		return -1;
	o->suspect_share = (int)share;
	o->req.net.host_limit = host_limit;
	o->req.net.host_limit_data = (void *)cfg;
	return 0;
}

/* [host "NAME"] accept = 403, 429: statuses that mean alive there. */
static int accepts(const struct config *cfg, const char *host, long status)
{
	const char *v = settings_text_sub(cfg, SETTING_HOST_ACCEPT, host);
	char *end;

	while (v && *v) {
		long s = strtol(v, &end, 10);

		if (end == v)
			break;
		if (s == status)
			return 1;
		v = end + strspn(end, ", ");
	}
	return 0;
}

/*
 * A result as the store keeps it, the tree's settings applied.  Fills sc,
 * which points into r and *detail (to free).
 */
static void to_store(const struct check_run_opts *o,
		     const struct check_result *r, long long url_id,
		     struct store_check *sc, char **detail)
{
	enum verdict v = r->verdict;
	struct url_info info;

	*detail = NULL;
	if (verdict_accepts(v) && r->status && !url_parse(r->url, &info)) {
		if (accepts(o->cfg, info.host, r->status)) {
			v = V_ALIVE;
			*detail = xstrfmt("%s, accepted on this host by "
					  ".linkmend.conf", r->detail);
		}
		url_info_release(&info);
	}
	memset(sc, 0, sizeof(*sc));
	sc->url_id = url_id;
	sc->at = o->now;
	sc->verdict = v;
	sc->status = r->status;
	sc->curl_code = r->curl_code;
	sc->final_url = r->final_url;
	sc->chain = r->chain;
	sc->detail = *detail ? *detail : r->detail;
	sc->digest = r->digest;
	sc->ms = r->elapsed_ms;
}

int check_fresh(const struct check_run_opts *o, const struct link *l)
{
	if (o->force || !l->have_last)
		return 0;
	/*
	 * A refusal by policy (an address not allowed, a scheme not
	 * followed) says what this run may do, not what the URL is: the
	 * next run, perhaps with --allow-private, asks again.  (A worker
	 * asks again only when it next claims the host: check_due_at().)
	 */
	if (link_verdict(l) == V_UNSAFE)
		return 0;
	if (verdict_is_failure(link_verdict(l)))
		return o->now - l->last.at < o->spacing_s;
	return o->now - l->last.at < o->ttl_s;
}

struct run_state {
	const struct check_run_opts *o;
	struct link_set *links;
	const size_t *which;
	struct store *st;
	size_t n, done, counts[V__COUNT];
	long started_ms;
	int failed;
	/* Checks made while the store was away, recorded when it is back. */
	struct store_check *held;
	size_t nheld, aheld;
};

static void hold_check(struct run_state *rs, const struct store_check *sc)
{
	ALLOC_GROW(rs->held, rs->nheld + 1, rs->aheld);
	link_check_copy(&rs->held[rs->nheld++], sc);
}

/*
 * Record what was held once the store is back; what it cannot take then
 * (interrupted while waiting) is said, and asked again by the next run.
 */
static int record_held(struct run_state *rs)
{
	const char *who = rs->o->who ? rs->o->who : "check";
	size_t i, put = 0;
	int ret = 0;

	if (rs->nheld && !lease_wait_store(rs->st, who, rs->o->stop))
		for (; put < rs->nheld; put++)
			if (store_put_check(rs->st, &rs->held[put]))
				break;
	if (put < rs->nheld)
		ret = error("%zu checks not recorded: the store did not come "
			    "back (the next run asks them again)",
			    rs->nheld - put);
	for (i = 0; i < rs->nheld; i++)
		link_check_release(&rs->held[i]);
	free(rs->held);
	return ret;
}

static void on_result(const struct check_result *r, void *data)
{
	struct run_state *rs = data;
	struct link *l = &rs->links->v[rs->which[r->index]];
	struct store_check sc;
	char *detail;

	if (r->deferred) {
		if (rs->o->deferred)
			(*rs->o->deferred)++;
		return;
	}
	to_store(rs->o, r, l->id, &sc, &detail);
	/*
	 * Each check is committed as it finishes (WAL, no fsync per commit:
	 * cheap), so that even kill -9 loses none already made; and no
	 * transaction stays open while requests run: a turn taken at a
	 * shared host would hold its row locked against every other worker
	 * until the next result came in.
	 */
	if (rs->st && l->id >= 0 && !rs->failed &&
	    (rs->nheld || store_put_check(rs->st, &sc))) {
		/* A server's store that went away: keep it until it is back. */
		if (store_lost(rs->st))
			hold_check(rs, &sc);
		else
			rs->failed = error("cannot record the check of '%s'",
					   l->url);
	}
	link_add_check(l, &sc);
	free(detail);
	rs->done++;
	rs->counts[sc.verdict]++;
}

static void tick(void *data)
{
	struct run_state *rs = data;
	double secs = (double)(net_now_ms() - rs->started_ms) / 1000.0;
	double rate = secs > 0 ? (double)rs->done / secs : 0;
	size_t dead = 0;
	int v;

	if (rs->o->tick)
		rs->o->tick(rs->o->tick_data);
	if (!rs->o->progress)
		return;
	for (v = 0; v < V__COUNT; v++)
		if (verdict_is_failure((enum verdict)v))
			dead += rs->counts[v];
	fprintf(stderr, "\rcheck: %zu/%zu  %.0f/s  alive %zu  moved %zu  "
		"failing %zu  ETA %.0fs   ", rs->done, rs->n, rate,
		rs->counts[V_ALIVE],
		rs->counts[V_MOVED] + rs->counts[V_REDIRECTED], dead,
		rate > 0 ? (double)(rs->n - rs->done) / rate : 0.0);
}

int check_links(const struct check_run_opts *o, struct link_set *links,
		const size_t *which, size_t n, struct store *st, size_t *done)
{
	const char **urls = xcalloc(n ? n : 1, sizeof(*urls));
	struct run_state rs;
	size_t i;
	int ret = 0;

	memset(&rs, 0, sizeof(rs));
	rs.o = o;
	rs.links = links;
	rs.which = which;
	rs.st = st;
	rs.n = n;
	rs.started_ms = net_now_ms();
	for (i = 0; i < n; i++)
		urls[i] = links->v[which[i]].url;
	if (n)
		ret = check_urls(urls, n, &o->req, o->stop, on_result,
				 o->progress || o->tick ? tick : NULL, &rs);
	if (o->progress && n)
		fprintf(stderr, "\n");
	if (record_held(&rs))
		ret = -1;
	free(urls);
	*done = rs.done;
	return ret || rs.failed ? -1 : 0;
}

int check_run(const struct check_run_opts *o, struct link_set *links,
	      struct store *st, size_t *todo, size_t *done)
{
	size_t *which = xcalloc(links->nr ? links->nr : 1, sizeof(*which));
	size_t i, n = 0;
	int ret;

	struct strmap hosts = STRMAP_INIT;	/* host -> 1 asked, 2 canary */

	for (i = 0; i < links->nr; i++) {
		const struct link *l = &links->v[i];

		if (check_fresh(o, l))
			continue;
		which[n++] = i;
		if (l->host && l->have_last &&
		    verdict_is_unreachable(link_verdict(l)))
			*strmap_put(&hosts, l->host) = (void *)1;
	}
	/*
	 * A later run asks again only what failed; a host whose links
	 * asked again all failed unanswered (refused, dns, timeout) would
	 * look unreachable, and the network broken.  One link of such a
	 * host that last worked is asked again with them: its canary.
	 */
	for (i = 0; i < links->nr; i++) {
		const struct link *l = &links->v[i];

		if (!l->host || !l->have_last || !check_fresh(o, l) ||
		    verdict_is_failure(link_verdict(l)) ||
		    link_verdict(l) == V_UNSAFE ||
		    strmap_get(&hosts, l->host) != (void *)1)
			continue;
		*strmap_put(&hosts, l->host) = (void *)2;
		which[n++] = i;
	}
	strmap_clear(&hosts, NULL);
	*todo = n;
	ret = check_links(o, links, which, n, st, done);
	free(which);
	return ret;
}

int check_network(const struct check_run_opts *o, const struct link_set *links,
		  struct store *st)
{
	struct strbuf why = STRBUF_INIT;
	int s = sanity_network_suspect(links, o->now, o->cfg, o->suspect_share,
				       &why), ret = 0;

	if (s == 1 && o->trust_network) {
		warning("the network may be broken (%s); going on as "
			"--trust-network says", why.buf);
		s = 0;
	}
	if (s == 1) {
		error("the network looks broken, not the tree's links: %s; "
		      "resolve waits for a check that reaches them "
		      "(--trust-network to go on)", why.buf);
		ret = 1;
	}
	if (s >= 0 && st && store_set_meta(st, "network_suspect",
					   s == 1 ? why.buf : ""))
		ret = -1;
	strbuf_release(&why);
	return ret;
}

size_t check_waiting(const struct check_run_opts *o,
		     const struct link_set *links, long long *next)
{
	size_t i, n = 0;

	*next = 0;
	for (i = 0; i < links->nr; i++) {
		const struct link *l = &links->v[i];
		long long last, at;

		if (!l->have_last || !verdict_is_failure(link_verdict(l)) ||
		    link_is_dead(l, o->confirm, o->spacing_s, NULL))
			continue;
		check_failures_at(l->hist, l->nhist, o->spacing_s, &last);
		n++;
		at = last + o->spacing_s;
		if (!*next || at < *next)
			*next = at;
	}
	return n;
}

size_t check_refused(const struct check_run_opts *o,
		     const struct link_set *links)
{
	size_t i, n = 0;

	for (i = 0; i < links->nr; i++) {
		const struct link *l = &links->v[i];

		n += l->have_last && l->last.at == o->now &&
		     link_verdict(l) == V_UNSAFE;
	}
	return n;
}

size_t check_dead(const struct check_run_opts *o, const struct link_set *links)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i, n = 0;
	int dead;

	for (i = 0; i < links->nr; i++) {
		if (!links->v[i].have_last)
			continue;
		check_confirmation(o, &links->v[i], &sb, &dead);
		n += dead;
		strbuf_reset(&sb);
	}
	strbuf_release(&sb);
	return n;
}

void check_say_waiting(const struct check_run_opts *o,
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

void check_confirmation(const struct check_run_opts *o, const struct link *l,
			struct strbuf *sb, int *dead)
{
	int n;

	*dead = link_is_dead(l, o->confirm, o->spacing_s, &n);
	if (!verdict_is_failure(link_verdict(l)))
		return;
	if (*dead) {
		strbuf_addf(sb, " (dead: %d failed check%s)", n, n == 1 ? "" : "s");
	} else {
		strbuf_addf(sb, " (unconfirmed: %d of %d failed checks)", n,
			    o->confirm);
	}
}

static void print_json(const struct link *l, const char *detail, int dead,
		       int first)
{
	json_t *j = json_object();

	json_object_set_new(j, "url", json_text(l->written ? l->written :
						l->url));
	json_object_set_new(j, "verdict",
			    json_string(verdict_name(l->last.verdict)));
	json_object_set_new(j, "status", json_integer(l->last.status));
	json_object_set_new(j, "final_url", l->last.final_url ?
			    json_text(l->last.final_url) : json_null());
	json_object_set_new(j, "chain", json_text(l->last.chain));
	json_object_set_new(j, "detail", json_text(detail));
	json_object_set_new(j, "dead", json_boolean(dead));
	json_object_set_new(j, "checked_at", json_integer(l->last.at));
	json_object_set_new(j, "checks", json_integer((json_int_t)l->nhist));
	json_print_item(j, first);
}

static void print_tsv(const struct link *l, const struct strbuf *detail)
{
	struct strbuf line = STRBUF_INIT;
	const char *url = l->written ? l->written : l->url;

	strbuf_add_escaped(&line, url, strlen(url));
	strbuf_addf(&line, "\t%s\t", verdict_name(l->last.verdict));
	if (l->last.status)
		strbuf_addf(&line, "%ld", l->last.status);
	else
		strbuf_addch(&line, '-');
	strbuf_addch(&line, '\t');
	if (l->last.final_url)
		strbuf_add_escaped(&line, l->last.final_url,
				   strlen(l->last.final_url));
	else
		strbuf_addch(&line, '-');
	strbuf_addch(&line, '\t');
	strbuf_add_escaped(&line, detail->buf, detail->len);
	strbuf_addch(&line, '\n');
	fwrite(line.buf, 1, line.len, stdout);
	strbuf_release(&line);
}

void check_print(const struct check_run_opts *o, const struct link_set *s,
		 int json)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;
	int first = 1, dead;

	if (json)
		printf("[");
	for (i = 0; i < s->nr; i++) {
		const struct link *l = &s->v[i];

		if (!l->have_last)
			continue;	/* interrupted before its turn */
		strbuf_reset(&sb);
		strbuf_addstr(&sb, l->last.detail);
		check_confirmation(o, l, &sb, &dead);
		if (json)
			print_json(l, sb.buf, dead, first);
		else
			print_tsv(l, &sb);
		first = 0;
	}
	if (json)
		printf("%s]\n", first ? "" : "\n");
	strbuf_release(&sb);
}
