/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * linkmend archive's stage: the project's own permanent copies of what
 * its links point to, as WARC 1.1 files any Wayback software can serve,
 * with a CDXJ index beside them.  Each capture is a request and a
 * response record (a revisit when the payload is one already kept); a
 * record is counted in the store only once its bytes are on disk, and a
 * file a crash left open is cut after its last counted record at the
 * next run, so that files hold only whole records and nothing is fetched
 * twice.  A file a write failed on (a full disk) is left open for that
 * recovery.  What the store counts is checked against the directory: a
 * capture whose record is gone (its file removed or cut short) is
 * forgotten and fetched again, a torn end cut off.  With request_capture,
 * Save Page Now is then asked for a public copy of every live link
 * (spn.h).
 */
#ifndef ARCHIVE_RUN_H
#define ARCHIVE_RUN_H

#include <signal.h>

#include "../net/net.h"
#include "../store/store.h"
#include "spn.h"
#include "wacz.h"

struct config;

struct archive_opts {
	const char *dir;		/* the collection, created if needed */
	struct net_opts net;
	long long max_size;		/* of a body kept (50 MiB), cut past */
	long long warc_size;		/* a file is closed past this (1 GiB) */
	int all;			/* every checkable link, not the live */
	int force;			/* dir may hold files not linkmend's */
	const struct config *cfg;	/* [check] ignore */
	volatile sig_atomic_t *stop;
	int progress;			/* a progress line on stderr */
	int request_capture;
	struct spn_opts spn;		/* its net, stop: set by archive_run */
	/* ReplayWeb.page's ui.js and sw.js, for the static replay page. */
	const char *replayweb;
};

struct archive_stats {
	long long captures, revisits, bytes, failed;
	size_t indexed;			/* captures in index.cdxj */
	char *index;			/* its path (to free) */
	struct spn_stats spn;
	int fatal;			/* the collection cannot be written */
	int incomplete;			/* a transfer or a write failed */
	size_t claims, hosts;		/* archive_worker()'s */
	long long waited_ms;		/* with no host free to claim */
	char *wacz;			/* the WACZ written (to free), or NULL */
	struct wacz_stats wz;
	long long wacz_ms;		/* writing it took */
	int no_player;			/* the replay page lacks its scripts */
};

void archive_opts_init(struct archive_opts *o);

/*
 * Fetch and keep every link of st not yet in o->dir, then write the
 * index.  -1 after error() when nothing could be done; a capture that
 * failed is counted in stats->failed, a fault writing the collection
 * sets stats->fatal and stops the run.
 */
int archive_run(const struct archive_opts *o, struct store *st,
		struct archive_stats *stats);

/*
 * archive --worker: the same, shared by any number of workers on one
 * store and one collection (a directory all of them reach): hosts are
 * claimed by lease (lease/lease.h), due whenever a check worker gives
 * them back; each worker writes files of its own (locked while open, so
 * that no worker's recovery cuts another's), and the last to finish
 * writes the index of everything.  Not with request_capture.
 */
struct archive_worker_opts {
	const char *owner;
	long long lease_ms;
	size_t hosts;
	long long now_s;		/* work due by this is claimed */
	int progress;
};

int archive_worker(const struct archive_opts *o,
		   const struct archive_worker_opts *wo, struct store *st,
		   struct archive_stats *stats);

struct lease_args;
struct option;

/*
 * Save Page Now's key from LINKMEND_SPN_ACCESS and _SECRET, its address
 * from --spn, else [resolve] wayback of the user's file; only over
 * https.  0, or -1 after error().
 */
int archive_spn_credentials(struct archive_opts *o, const struct config *cfg,
			    const struct option *opts);

/* archive --worker with the command line's lease; 0, or -1. */
int archive_worker_run(const struct archive_opts *o,
		       const struct lease_args *la, const char *owner,
		       struct store *st, struct archive_stats *stats,
		       int quiet);

/* The closing lines on stderr, and the exit status they make. */
int archive_say_stats(const struct archive_opts *o,
		      const struct archive_stats *s, int quiet);

#endif
