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

long long lease_wall_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int on_claim(const char *host, long long since_ms, void *data)
{
	struct lease_batch *b = data;
	struct lease_held *h;

	ALLOC_GROW(b->v, b->nr + 1, b->alloc);
	h = &b->v[b->nr++];
	memset(h, 0, sizeof(*h));
	h->host = xstrdup(host);
	h->since_ms = since_ms;
	h->next_s = NEVER;
	*strmap_put(&b->by_host, host) = (void *)b->nr;
	return 0;
}

int lease_claim(struct lease_batch *b, const struct lease_opts *o,
		struct store *st)
{
	long long now = lease_wall_ms();

	memset(b, 0, sizeof(*b));
	b->o = o;
	b->st = st;
	b->renewed_ms = now;
	return store_claim_hosts(st, o->job, o->owner, o->now_s, now,
				 now + o->lease_ms, o->hosts, on_claim, b);
}

long lease_since(void *data, const char *host)
{
	struct lease_batch *b = data;
	size_t k = (size_t)strmap_get(&b->by_host, host);
	long long ago;

	if (!k || !b->v[k - 1].since_ms)
		return 0;
	ago = lease_wall_ms() - b->v[k - 1].since_ms;
	/* A few ms later: the two clocks each count whole ms. */
	return net_now_ms() - (long)ago + 3;
}

long lease_turn(void *data, const char *host, long spacing_ms, int *ours)
{
	struct lease_batch *b = data;
	long long now = lease_wall_ms(), at = 0;
	void **since;
	int r;

	if (strmap_get(&b->by_host, host))
		return NET_SLOT_NONE;	/* ours by lease */
	/*
	 * A few ms more: the wall clock that timed the last request, the
	 * one we read now and the one net waits by each count whole ms
	 * (t-workers saw 300.00 ms at 300 with two).
	 */
	r = store_take_turn(b->st, host, b->o->owner, spacing_ms + 5, now,
			    now + b->o->lease_ms, &at);
	if (r < 0) {
		b->failed = -1;
		return -1;
	}
	*ours = r == 1;
	since = strmap_put(&b->waiting, host);
	if (r != 2) {
		*since = NULL;
	} else if (!*since) {
		*since = (void *)(size_t)now;
	} else if (b->o->give_up_ms &&
		   now - (long long)(size_t)*since > b->o->give_up_ms) {
		*since = NULL;
		return NET_SLOT_GIVE_UP;
	}
	return at > now ? (long)(at - now) : 0;
}

void lease_turn_end(void *data, const char *host, int sent)
{
	struct lease_batch *b = data;

	if (store_end_turn(b->st, host, b->o->owner, sent, lease_wall_ms()))
		b->failed = -1;
}

void lease_renew(void *data)
{
	struct lease_batch *b = data;
	long long now = lease_wall_ms();

	if (b->failed || now - b->renewed_ms < b->o->lease_ms / 4)
		return;
	b->renewed_ms = now;
	if (store_renew_leases(b->st, b->o->owner, now + b->o->lease_ms) < 0)
		b->failed = -1;
}

int lease_release(struct lease_batch *b)
{
	int interrupted = b->o->stop && *b->o->stop, ret = 0;
	size_t i;

	for (i = 0; i < b->nr; i++) {
		struct lease_held *h = &b->v[i];

		if (interrupted)
			h->next_s = 0;
		if (store_release_host(b->st, b->o->job, b->o->owner, h->host,
				       lease_wall_ms(), h->next_s))
			ret = -1;
		free(h->host);
	}
	free(b->v);
	strmap_clear(&b->by_host, NULL);
	strmap_clear(&b->waiting, NULL);
	if (store_drop_turns(b->st, b->o->owner))
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

		if (once(st, data, &none))
			return -1;
		if (!none)
			continue;
		/*
		 * Nothing free to claim: done when no host has work due,
		 * else other workers hold it (a dead one's lease runs out).
		 */
		due = store_count_due_hosts(st, o->job, o->now_s);
		if (due < 0)
			return -1;
		if (!due)
			break;
		{
			struct timespec ts = { 0, 200 * 1000000L };
			long long t0 = lease_wall_ms();

			nanosleep(&ts, NULL);
			*waited_ms += lease_wall_ms() - t0;
		}
	}
	return 0;
}

