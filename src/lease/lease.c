// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../lib/strmap.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "../net/net.h"
#include "../store/store.h"
#include "lease.h"

/* A due time for a host with no work until something makes it due. */
#define NEVER (1LL << 50)

char *lease_who(const struct lease_opts *o)
{
	static const char *const stage[] = {
		[STORE_JOB_CHECK] = "check",
		[STORE_JOB_RESOLVE] = "resolve",
		[STORE_JOB_ARCHIVE] = "archive",
	};

	return xstrfmt("%s: worker %s", stage[o->job], o->owner);
}

int lease_wait_store(struct store *st, const char *who,
		     volatile sig_atomic_t *stop)
{
	long t0 = net_now_ms(), pause = 250;

	if (!store_lost(st))
		return 0;
	fprintf(stderr, "%s: the store is unreachable: waiting for it"
		" (trying again with back-off)\n", who);
	while (store_reconnect(st)) {
		struct timespec ts = { pause / 1000, (pause % 1000) * 1000000 };

		if (stop && *stop)
			return -1;
		nanosleep(&ts, NULL);
		if (pause < 4000)
			pause *= 2;
	}
	fprintf(stderr, "%s: the store is back after %.1f s\n", who,
		(double)(net_now_ms() - t0) / 1000.0);
	return 0;
}

/* Wait for a lost store, saying so as this worker. */
static int wait_store(const struct lease_opts *o, struct store *st)
{
	char *who = lease_who(o);
	int ret = lease_wait_store(st, who, o->stop);

	free(who);
	return ret;
}

/*
 * A store call failed: the batch fails, unless the store is lost, which
 * is not this worker's fault (the caller defers what needed it).  -1.
 */
static int store_failed(struct lease_batch *b)
{
	if (!store_lost(b->st))
		b->failed = -1;
	return -1;
}

/* The store's clock (store_failed() when it cannot be read). */
static int store_now(struct lease_batch *b, long long *now)
{
	return store_clock_ms(b->st, now) ? store_failed(b) : 0;
}

struct claim_ctx {
	struct lease_batch *b;
	long long now;		/* the store's clock at the claim */
	long mono;		/* ours then */
};

static int on_claim(const char *host, long long since_ms, void *data)
{
	struct claim_ctx *c = data;
	struct lease_batch *b = c->b;
	struct lease_held *h;

	ALLOC_GROW(b->v, b->nr + 1, b->alloc);
	h = &b->v[b->nr++];
	memset(h, 0, sizeof(*h));
	h->host = xstrdup(host);
	/*
	 * How long ago by the store's clock, then on ours; a few ms later:
	 * the two clocks each count whole ms.
	 */
	if (since_ms)
		h->since_ms = c->mono - (long)(c->now - since_ms) + 3;
	h->next_s = NEVER;
	*strmap_put(&b->by_host, host) = (void *)b->nr;
	return 0;
}

int lease_claim(struct lease_batch *b, const struct lease_opts *o,
		struct store *st)
{
	struct claim_ctx c = { b, 0, net_now_ms() };

	memset(b, 0, sizeof(*b));
	b->o = o;
	b->st = st;
	/* The leases hold a lease_ms from before the claim went out. */
	b->renewed_ms = b->held_ms = c.mono;
	if (store_clock_ms(st, &c.now))
		return -1;
	/*
	 * The store read its clock somewhere between c.mono and now: a
	 * request it saw as long ago maps onto our clock no earlier than
	 * if it had read it now (t-workers saw 299.77 ms at 300 on a loaded
	 * machine, mapped from before the query).
	 */
	c.mono = net_now_ms();
	return store_claim_hosts(st, o->job, o->owner, o->now_s, c.now,
				 c.now + o->lease_ms, o->hosts, on_claim, &c);
}

long lease_since(void *data, const char *host)
{
	struct lease_batch *b = data;
	size_t k = (size_t)strmap_get(&b->by_host, host);

	return k ? b->v[k - 1].since_ms : 0;
}

long lease_turn(void *data, const char *host, long spacing_ms, int *ours)
{
	struct lease_batch *b = data;
	long mono = net_now_ms();
	long long now, at = 0;
	void **since;
	int r;

	if (strmap_get(&b->by_host, host)) {
		/*
		 * Ours by lease while it surely holds: renewed every quarter
		 * lease, so not renewed for three means the store is away or
		 * another worker has the host.
		 */
		if (b->lost || mono - b->held_ms > b->o->lease_ms * 3 / 4)
			return -1;
		return NET_SLOT_NONE;
	}
	if (store_now(b, &now))
		return -1;
	/*
	 * A few ms more: the clock that timed the last request, the one we
	 * read now and the one net waits by each count whole ms
	 * (t-workers saw 300.00 ms at 300 with two).
	 */
	r = store_take_turn(b->st, host, b->o->owner, spacing_ms + 5, now,
			    now + b->o->lease_ms, &at);
	if (r < 0)
		return store_failed(b);
	*ours = r == 1;
	since = strmap_put(&b->waiting, host);
	if (r != 2) {
		*since = NULL;
	} else if (!*since) {
		*since = (void *)(size_t)mono;
	} else if (b->o->give_up_ms &&
		   mono - (long)(size_t)*since > b->o->give_up_ms) {
		*since = NULL;
		return NET_SLOT_GIVE_UP;
	}
	return at > now ? (long)(at - now) : 0;
}

void lease_turn_end(void *data, const char *host, int sent)
{
	struct lease_batch *b = data;
	long long now;

	/* Lost: the turn stays ours until dropped, which ends it at now. */
	if (store_now(b, &now))
		return;
	if (store_end_turn(b->st, host, b->o->owner, sent, now))
		store_failed(b);
}

void lease_renew(void *data)
{
	struct lease_batch *b = data;
	long mono = net_now_ms();
	long long now, n;

	if (b->failed)
		return;
	if (store_lost(b->st)) {
		/* A reconnection is tried once a second, quietly. */
		if (mono - b->retried_ms < 1000)
			return;
		b->retried_ms = mono;
		if (store_reconnect(b->st))
			return;
		{
			char *who = lease_who(b->o);

			fprintf(stderr, "%s: the store is back\n", who);
			free(who);
		}
	} else if (mono - b->renewed_ms < b->o->lease_ms / 4) {
		return;
	}
	b->renewed_ms = mono;
	if (store_now(b, &now))
		return;
	n = store_renew_leases(b->st, b->o->owner, now + b->o->lease_ms);
	if (n < 0) {
		store_failed(b);
		return;
	}
	if ((size_t)n < b->nr && !b->lost) {
		/* Another worker took them after they ran out. */
		warning("worker %s: %zu of its %zu host leases ran out while the "
			"store was away: their links wait for a later claim",
			b->o->owner, b->nr - (size_t)n, b->nr);
		b->lost = 1;
	}
	b->held_ms = mono;
}

int lease_release(struct lease_batch *b)
{
	int interrupted = b->o->stop && *b->o->stop, ret = 0;
	long long now = 0;
	size_t i;

	/* What was found is given back with its hosts: wait for the store. */
	if (wait_store(b->o, b->st) || store_now(b, &now))
		ret = -1;
	for (i = 0; i < b->nr; i++) {
		struct lease_held *h = &b->v[i];

		if (interrupted)
			h->next_s = 0;
		if (!ret && store_release_host(b->st, b->o->job, b->o->owner,
					       h->host, now, h->next_s))
			ret = -1;
		free(h->host);
	}
	free(b->v);
	strmap_clear(&b->by_host, NULL);
	strmap_clear(&b->waiting, NULL);
	if (!ret && store_drop_turns(b->st, b->o->owner, now))
		ret = -1;
	ret = ret || b->failed ? -1 : 0;
	memset(b, 0, sizeof(*b));
	return ret;
}

int lease_work(const struct lease_opts *o, struct store *st,
	       int (*once)(struct store *st, void *data, int *none),
	       void *data, long long *waited_ms)
{
	*waited_ms = 0;
	if (store_hosts_prepare(st))
		return -1;
	while (!(o->stop && *o->stop)) {
		long long due;
		int none = 0;

		if (once(st, data, &none)) {
			/* A store that went away: wait for it, then go on. */
			if (!store_lost(st) ||
			    wait_store(o, st))
				return -1;
			continue;
		}
		if (!none)
			continue;
		/*
		 * Nothing free to claim: done when no host has work due,
		 * else other workers hold it (a dead one's lease runs out).
		 */
		due = store_count_due_hosts(st, o->job, o->now_s);
		if (due < 0) {
			if (!store_lost(st) ||
			    wait_store(o, st))
				return -1;
			continue;
		}
		if (!due)
			break;
		{
			struct timespec ts = { 0, 200 * 1000000L };
			long t0 = net_now_ms();

			nanosleep(&ts, NULL);
			*waited_ms += net_now_ms() - t0;
		}
	}
	return 0;
}


void lease_opts_init(struct lease_opts *o, enum store_job job,
		     const char *owner, long long lease_ms, size_t hosts,
		     long long now_s, volatile sig_atomic_t *stop)
{
	memset(o, 0, sizeof(*o));
	o->job = job;
	o->owner = owner;
	o->lease_ms = lease_ms;
	o->hosts = hosts;
	o->now_s = now_s;
	o->stop = stop;
	o->give_up_ms = lease_ms / 4;
}

void lease_wire(struct lease_batch *b, struct net_opts *no,
		void (**tick)(void *), void **tick_data)
{
	no->host_since = lease_since;
	no->host_since_data = b;
	no->host_slot = lease_turn;
	no->host_turn_end = lease_turn_end;
	no->host_slot_data = b;
	*tick = lease_renew;
	*tick_data = b;
}
