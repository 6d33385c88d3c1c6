/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Work shared by workers on one store (check --worker, resolve --worker),
 * claimed a host at a time: a lease with an expiry (store_claim_hosts()),
 * renewed while the worker runs, so one host is one worker's at a time
 * and its spacing counts from the last request any worker made there.
 * A worker killed mid-lease loses only what it had not committed; its
 * hosts go to another worker when the lease runs out.  Hosts every
 * worker asks (an archive) are not leased: each request takes a turn
 * (lease_turn()).
 *
 * Leases and turns are timed by the store's clock (store_clock_ms()),
 * never a worker's own, which may be wrong or be stepped; a worker times
 * its own waits on its monotonic clock.  While the store is away a
 * worker sends no request that needs a turn, and none to its own hosts
 * once its lease may have run out unrenewed.
 */
#ifndef LEASE_LEASE_H
#define LEASE_LEASE_H

#include <signal.h>
#include <stddef.h>

#include "../lib/strmap.h"
#include "../store/store.h"

/* What the command line says of a worker: --worker, --lease, --claim-hosts. */
struct lease_args {
	int worker;
	long long lease_s;
	size_t hosts;
};
#define LEASE_DEFAULT_S 60
#define LEASE_DEFAULT_HOSTS 256
#define LEASE_ARGS_INIT { 0, LEASE_DEFAULT_S, LEASE_DEFAULT_HOSTS }

struct lease_opts {
	enum store_job job;
	const char *owner;		/* this worker's name in leases */
	long long lease_ms;		/* a claim lasts this long unrenewed */
	size_t hosts;			/* hosts claimed at once */
	long long now_s;		/* work due by this is claimed */
	volatile sig_atomic_t *stop;
	/*
	 * A request to a host another worker holds is given up after this
	 * long (NET_SLOT_GIVE_UP), so that two workers each waiting for
	 * the other's host cannot wait for ever: a quarter lease for every
	 * worker (lease_opts_init()).  The request ends unsent, as when the
	 * store is away: check holds the link for its next claim, resolve
	 * and archive count it a failed look-up to be asked again.
	 */
	long long give_up_ms;
};

/* o for a worker of job, with the one give-up rule above. */
void lease_opts_init(struct lease_opts *o, enum store_job job,
		     const char *owner, long long lease_ms, size_t hosts,
		     long long now_s, volatile sig_atomic_t *stop);

struct net_opts;

struct lease_held {
	char *host;
	long since_ms;		/* its last request may have started then
				 * (net_now_ms()'s clock; 0: never asked) */
	long long next_s;	/* when it next has work: set by the job */
};

struct lease_batch {
	const struct lease_opts *o;
	struct store *st;
	struct lease_held *v;
	size_t nr, alloc;
	struct strmap by_host;	/* host -> index + 1 */
	struct strmap waiting;	/* host -> first refused, net_now_ms() */
	long renewed_ms;	/* the last renewal tried, net_now_ms() */
	long held_ms;		/* the leases hold a lease_ms from this */
	long retried_ms;	/* the last try to reach a lost store */
	int lost;		/* some leases were taken: ours no longer */
	int failed;		/* a renewal or turn failed: stop */
};

/* "check: worker OWNER", for messages; the caller frees it. */
char *lease_who(const struct lease_opts *o);

/*
 * Wait for a lost store (store_lost()) to come back, trying again with
 * back-off (up to 4 s apart) and saying so on stderr as who; 0 once it is
 * back (at once if it was never lost), -1 if *stop was set first.
 */
int lease_wait_store(struct store *st, const char *who,
		     volatile sig_atomic_t *stop);

/* Claim up to o->hosts hosts with work due into b; how many, or -1. */
int lease_claim(struct lease_batch *b, const struct lease_opts *o,
		struct store *st);
/* net_opts.host_since for b's hosts (data is b). */
long lease_since(void *data, const char *host);
/*
 * net_opts.host_slot and host_turn_end: the store's turns (data is b),
 * for any host but b's own (NET_SLOT_NONE).
 */
long lease_turn(void *data, const char *host, long spacing_ms, int *ours);
void lease_turn_end(void *data, const char *host, int sent);
/* A tick: renews b's leases every quarter lease (data is b). */
void lease_renew(void *data);

/*
 * A worker's network options and tick wired to b, the same for every
 * worker: spacing on b's hosts counts from the last request any worker
 * made (host_since), a request to a host b does not hold takes a turn in
 * the store (host_slot, host_turn_end), and the tick renews b's leases.
 */
void lease_wire(struct lease_batch *b, struct net_opts *no,
		void (**tick)(void *), void **tick_data);
/*
 * Give every host of b back with its next_s (0, due at once, if
 * interrupted), and any turn still held, and free b.  -1 if that, a
 * renewal or a turn failed.
 */
int lease_release(struct lease_batch *b);

/*
 * Call once() until no host has o->job's work due (or *o->stop): once()
 * claims, works and releases, and sets *none when it claimed nothing;
 * the loop then waits for other workers' hosts (200 ms at a time, added
 * to *waited_ms).  0, or -1 after error(); what was committed stays.
 */
int lease_work(const struct lease_opts *o, struct store *st,
	       int (*once)(struct store *st, void *data, int *none),
	       void *data, long long *waited_ms);

#endif
