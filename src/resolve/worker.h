/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * resolve --worker: resolve what check's workers found, shared by any
 * number of workers on one store (lease/lease.h).  A claim is of hosts of
 * checked URLs; each tree citing them is resolved for those URLs alone
 * (its lines dated from its root, which must be on this machine), and
 * a host is due again whenever a check worker gives it back.  Archives
 * are asked by every worker: each request takes a turn in the store, so
 * an archive's spacing holds across all of them.  Archive answers are
 * cached store-wide: a URL two trees cite is looked up once.
 */
#ifndef RESOLVE_WORKER_H
#define RESOLVE_WORKER_H

#include <signal.h>
#include <stddef.h>

#include "resolve.h"

struct resolve_worker_opts {
	const struct resolve_opts *resolve;	/* the template of each run */
	const char *owner;
	long long lease_ms;
	size_t hosts;
	int progress;			/* a line per claim on stderr */
	volatile sig_atomic_t *stop;
};

struct resolve_worker_stats {
	size_t claims, hosts, trees;	/* trees: runs, one per tree a claim */
	long long waited_ms;		/* with no host free to claim */
};

/* Work until no host has resolve's work due; 0, or -1 after error(). */
int resolve_worker(const struct resolve_worker_opts *o, struct store *st,
		   struct resolve_worker_stats *stats);

struct lease_args;

/*
 * resolve --worker as a whole: o (its stop set) as each run's template,
 * the command line's lease, a closing line on stderr unless o->quiet.
 * 0, or -1 after error().
 */
int resolve_worker_run(const struct resolve_opts *o, struct store *st,
		       const struct lease_args *la, const char *owner);

#endif
