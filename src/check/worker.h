/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * check --worker: take work from a shared store and run until none is
 * left, side by side with any number of workers on any number of
 * machines.  Work is claimed a host at a time (a lease with an expiry,
 * store_claim_hosts()), so one host is asked by one worker at a time,
 * and its spacing counts from the last request any worker made there.
 * Each check is committed as it finishes; a worker killed mid-lease
 * loses only the checks in flight, and its hosts go to another worker
 * when the lease runs out.  Leases are renewed while the worker runs.
 */
#ifndef CHECK_WORKER_H
#define CHECK_WORKER_H

#include <stddef.h>

#include "run.h"

struct store;

struct check_worker_opts {
	struct check_run_opts *run;	/* requests, freshness, stop */
	const char *owner;		/* this worker's name in leases */
	long long lease_ms;		/* a claim lasts this long unrenewed */
	size_t hosts;			/* hosts claimed at once */
	size_t per_host;		/* URLs of one host in one claim */
	int progress;			/* a line per claim on stderr */
};

void check_worker_opts_init(struct check_worker_opts *o,
			    struct check_run_opts *run);

struct check_worker_stats {
	size_t claims, hosts, checked;
	long long waited_ms;		/* with no host free to claim */
};

/*
 * Work until no host has work due (or *run->stop).  0, or -1 after
 * error(); what was committed stays either way.
 */
int check_worker(const struct check_worker_opts *o, struct store *st,
		 struct check_worker_stats *stats);

/* When the link's newest result stops being fresh (0: never checked). */
long long check_due_at(const struct check_run_opts *o, const struct link *l);

#endif
