// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../lib/strmap.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "../store/store.h"
#include "link.h"
#include "worker.h"

/* A next_s for a host with nothing to check until a scan adds a URL. */
#define NEVER (1LL << 50)

void check_worker_opts_init(struct check_worker_opts *o,
			    struct check_run_opts *run)
{
	memset(o, 0, sizeof(*o));
	o->run = run;
	o->lease_ms = 60000;
	o->hosts = 256;
	o->per_host = 100;
}

long long check_due_at(const struct check_run_opts *o, const struct link *l)
{
	if (!l->have_last)
		return 0;
	return l->last.at + (verdict_is_failure(link_verdict(l)) ?
			     o->spacing_s : o->ttl_s);
}

static long long wall_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* One claimed host. */
struct held {
	char *host;
	long long since_ms;	/* wall clock */
	long long next_s;	/* the earliest due time of what is left */
	size_t first, n;	/* its links in the batch */
	int left;		/* more due than one claim takes */
};

struct batch {
	const struct check_worker_opts *o;
	struct store *st;
	struct held *v;
	size_t nr, alloc;
	struct strmap by_host;	/* host -> held index + 1 */
	struct link_set links;
	size_t *which, nwhich, awhich;
	long long renewed_ms;
	int failed;
};

static int on_claim(const char *host, long long since_ms, void *data)
{
	struct batch *b = data;
	struct held *h;

	ALLOC_GROW(b->v, b->nr + 1, b->alloc);
	h = &b->v[b->nr++];
	memset(h, 0, sizeof(*h));
	h->host = xstrdup(host);
	h->since_ms = since_ms;
	h->next_s = NEVER;
	*strmap_put(&b->by_host, host) = (void *)b->nr;
	return 0;
}

struct host_walk {
	struct batch *b;
	struct held *h;
};

static int on_host_url(const struct store_url *u, const struct store_check *last,
		       void *data)
{
	struct host_walk *w = data;
	struct batch *b = w->b;
	const struct check_run_opts *o = b->o->run;
	size_t i = link_set_add(&b->links, u->url, u->host, u->id);
	struct link *l = &b->links.v[i];
	long long due;

	if (last && !l->have_last)
		link_add_check(l, last);
	if (check_fresh(o, l)) {
		due = check_due_at(o, l);
		if (due < w->h->next_s)
			w->h->next_s = due;
		return 0;
	}
	if (w->h->n >= b->o->per_host) {
		w->h->left = 1;
		return 0;
	}
	ALLOC_GROW(b->which, b->nwhich + 1, b->awhich);
	b->which[b->nwhich++] = i;
	w->h->n++;
	return 0;
}

/* The engine asks when another worker last asked a host. */
static long host_since(void *data, const char *host)
{
	struct batch *b = data;
	size_t k = (size_t)strmap_get(&b->by_host, host);
	long long ago;

	if (!k || !b->v[k - 1].since_ms)
		return 0;
	ago = wall_ms() - b->v[k - 1].since_ms;
	return net_now_ms() - (long)ago;
}

static void renew(void *data)
{
	struct batch *b = data;
	long long now = wall_ms();

	if (b->failed || now - b->renewed_ms < b->o->lease_ms / 4)
		return;
	b->renewed_ms = now;
	if (store_renew_leases(b->st, b->o->owner, now + b->o->lease_ms) < 0)
		b->failed = -1;
}

static void batch_release(struct batch *b)
{
	size_t i;

	for (i = 0; i < b->nr; i++)
		free(b->v[i].host);
	free(b->v);
	free(b->which);
	strmap_clear(&b->by_host, NULL);
	link_set_release(&b->links);
	memset(b, 0, sizeof(*b));
}

/* Give every held host back, with when it next has work. */
static int give_back(struct batch *b)
{
	const struct check_run_opts *o = b->o->run;
	int interrupted = o->stop && *o->stop, ret = 0;
	size_t i, k;

	for (i = 0; i < b->nr; i++) {
		struct held *h = &b->v[i];

		for (k = h->first; k < h->first + h->n; k++) {
			const struct link *l = &b->links.v[b->which[k]];
			long long due;

			due = l->have_last && l->last.at == o->now ?
			      check_due_at(o, l) : 0;
			if (due < h->next_s)
				h->next_s = due;
		}
		if (h->left || interrupted)
			h->next_s = 0;
		if (store_release_host(b->st, b->o->owner, h->host, wall_ms(),
				       h->next_s))
			ret = -1;
	}
	return ret;
}

static int work_once(const struct check_worker_opts *o, struct store *st,
		     struct check_worker_stats *stats, int *none)
{
	struct check_run_opts run = *o->run;
	struct batch b;
	size_t i, done = 0;
	long long now = wall_ms();
	int n, ret = 0;

	memset(&b, 0, sizeof(b));
	b.o = o;
	b.st = st;
	b.renewed_ms = now;
	n = store_claim_hosts(st, o->owner, run.now, now, now + o->lease_ms,
			      o->hosts, on_claim, &b);
	if (n < 0) {
		batch_release(&b);
		return -1;
	}
	*none = n == 0;
	for (i = 0; i < b.nr && !ret; i++) {
		struct host_walk w = { &b, &b.v[i] };

		b.v[i].first = b.nwhich;
		ret = store_each_host_url(st, b.v[i].host, on_host_url, &w);
	}
	run.req.net.host_since = host_since;
	run.req.net.host_since_data = &b;
	run.tick = renew;
	run.tick_data = &b;
	if (!ret && b.nwhich)
		ret = check_links(&run, &b.links, b.which, b.nwhich, st, &done);
	if (give_back(&b) || b.failed)
		ret = -1;
	stats->claims += n > 0;
	stats->hosts += b.nr;
	stats->checked += done;
	if (o->progress && n > 0)
		fprintf(stderr, "check: worker %s: %zu hosts, %zu URLs checked"
			" (%zu in all)\n", o->owner, b.nr, done,
			stats->checked);
	batch_release(&b);
	return ret;
}

int check_worker(const struct check_worker_opts *o, struct store *st,
		 struct check_worker_stats *stats)
{
	memset(stats, 0, sizeof(*stats));
	if (store_hosts_prepare(st))
		return -1;
	while (!(o->run->stop && *o->run->stop)) {
		long long due;
		int none = 0;

		if (work_once(o, st, stats, &none))
			return -1;
		if (!none)
			continue;
		/*
		 * Nothing free to claim: done when no host has work due,
		 * else other workers hold it (a dead one's lease runs out).
		 */
		due = store_count_due_hosts(st, o->run->now);
		if (due < 0)
			return -1;
		if (!due)
			break;
		{
			struct timespec ts = { 0, 200 * 1000000L };
			long long t0 = wall_ms();

			nanosleep(&ts, NULL);
			stats->waited_ms += wall_ms() - t0;
		}
	}
	return 0;
}
