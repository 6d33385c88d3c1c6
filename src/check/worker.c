// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../lib/xalloc.h"
#include "../store/store.h"
#include "../lease/lease.h"
#include "link.h"
#include "worker.h"

void check_worker_opts_init(struct check_worker_opts *o,
			    struct check_run_opts *run)
{
	memset(o, 0, sizeof(*o));
	o->run = run;
	o->lease_ms = LEASE_DEFAULT_S * 1000LL;
	o->hosts = LEASE_DEFAULT_HOSTS;
	o->per_host = 100;
}

long long check_due_at(const struct check_run_opts *o, const struct link *l)
{
	if (!l->have_last)
		return 0;
	return l->last.at + (verdict_is_failure(link_verdict(l)) ?
			     o->spacing_s : o->ttl_s);
}

/* One claimed host's part of the batch. */
struct part {
	size_t first, n;	/* its links in which[] */
	int left;		/* more due than one claim takes */
};

struct batch {
	const struct check_worker_opts *o;
	struct lease_batch lease;
	struct part *parts;
	struct link_set links;
	size_t *which, nwhich, awhich;
};

struct host_walk {
	struct batch *b;
	struct lease_held *h;
	struct part *p;
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
	if (w->p->n >= b->o->per_host) {
		w->p->left = 1;
		return 0;
	}
	ALLOC_GROW(b->which, b->nwhich + 1, b->awhich);
	b->which[b->nwhich++] = i;
	w->p->n++;
	return 0;
}

/* When each held host next has work: its new checks' due times. */
static void set_next(struct batch *b)
{
	const struct check_run_opts *o = b->o->run;
	size_t i, k;

	for (i = 0; i < b->lease.nr; i++) {
		struct lease_held *h = &b->lease.v[i];
		struct part *p = &b->parts[i];

		for (k = p->first; k < p->first + p->n; k++) {
			const struct link *l = &b->links.v[b->which[k]];
			long long due;

			due = l->have_last && l->last.at == o->now ?
			      check_due_at(o, l) : 0;
			if (due < h->next_s)
				h->next_s = due;
		}
		if (p->left)
			h->next_s = 0;
	}
}

struct check_loop {
	const struct check_worker_opts *o;
	struct lease_opts lease;
	struct check_worker_stats *stats;
};

static int check_once(struct store *st, void *data, int *none)
{
	struct check_loop *cl = data;
	const struct check_worker_opts *o = cl->o;
	struct check_run_opts run = *o->run;
	struct batch b;
	char *who = lease_who(&cl->lease);
	size_t i, done = 0;
	int n, ret = 0;

	memset(&b, 0, sizeof(b));
	b.o = o;
	n = lease_claim(&b.lease, &cl->lease, st);
	if (n < 0) {
		free(who);
		return -1;
	}
	*none = n == 0;
	b.parts = xcalloc(b.lease.nr ? b.lease.nr : 1, sizeof(*b.parts));
	for (i = 0; i < b.lease.nr && !ret; i++) {
		struct host_walk w = { &b, &b.lease.v[i], &b.parts[i] };

		b.parts[i].first = b.nwhich;
		ret = store_each_host_url(st, b.lease.v[i].host, on_host_url,
					  &w);
	}
	/* A redirect to a host we do not hold: in turns, as an archive. */
	lease_wire(&b.lease, &run.req.net, &run.tick, &run.tick_data);
	run.who = who;
	run.deferred = &cl->stats->deferred;
	if (!ret && b.nwhich)
		ret = check_links(&run, &b.links, b.which, b.nwhich, st, &done);
	set_next(&b);
	cl->stats->claims += n > 0;
	cl->stats->hosts += b.lease.nr;
	cl->stats->checked += done;
	if (o->progress && n > 0)
		fprintf(stderr, "check: worker %s: %zu hosts, %zu URLs checked"
			" (%zu in all)\n", o->owner, b.lease.nr, done,
			cl->stats->checked);
	if (lease_release(&b.lease))
		ret = -1;
	free(b.parts);
	free(b.which);
	free(who);
	link_set_release(&b.links);
	return ret;
}

int check_worker(const struct check_worker_opts *o, struct store *st,
		 struct check_worker_stats *stats)
{
	struct check_loop cl;

	memset(stats, 0, sizeof(*stats));
	memset(&cl, 0, sizeof(cl));
	cl.o = o;
	cl.stats = stats;
	lease_opts_init(&cl.lease, STORE_JOB_CHECK, o->owner, o->lease_ms,
			o->hosts, o->run->now, o->run->stop);
	return lease_work(&cl.lease, st, check_once, &cl, &stats->waited_ms);
}

int check_worker_run(struct check_run_opts *run, struct store *st,
		     const struct lease_args *la, const char *owner, int quiet)
{
	struct check_worker_opts wo;
	struct check_worker_stats stats;
	long long t0 = net_now_ms();
	int ret;

	check_worker_opts_init(&wo, run);
	wo.owner = owner;
	wo.lease_ms = la->lease_s * 1000;
	wo.hosts = la->hosts;
	wo.progress = !quiet && isatty(2);
	ret = check_worker(&wo, st, &stats);
	if (!quiet)
		fprintf(stderr, "check: worker %s: %zu URLs checked on %zu hosts"
			" in %zu claims, %.1f s (%.1f s with nothing to claim)"
			"; %zu left for a later claim (a redirect to a host "
			"another worker held)%s\n", owner, stats.checked,
			stats.hosts, stats.claims,
			(double)(net_now_ms() - t0) / 1000.0,
			(double)stats.waited_ms / 1000.0, stats.deferred,
			run->stop && *run->stop ? "; interrupted" : "");
	return ret;
}
