/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * check --worker: take work from a shared store and run until none is
 * left, side by side with any number of workers on any number of
 * machines, hosts claimed by lease (lease.h).  Each check is committed
 * as it finishes; a host's due time (next_s) is when its freshest
 * verdict goes stale, so claims never rescan finished hosts.
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
	size_t deferred;		/* left for a later claim */
	long long waited_ms;		/* with no host free to claim */
};

/*
 * Work until no host has work due (or *run->stop).  0, or -1 after
 * error(); what was committed stays either way.
 */
int check_worker(const struct check_worker_opts *o, struct store *st,
		 struct check_worker_stats *stats);

struct lease_args;

/*
 * check --worker as a whole: the options of the command line, the work
 * done, a closing line on stderr unless quiet.  0, or -1 after error().
 */
int check_worker_run(struct check_run_opts *run, struct store *st,
		     const struct lease_args *la, const char *owner,
		     int quiet);

/* When the link's newest result stops being fresh (0: never checked). */
long long check_due_at(const struct check_run_opts *o, const struct link *l);

#endif
