/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The check stage over a set of links: which results are fresh enough to
 * keep, the requests for the rest, each result recorded in the store and
 * committed as it finishes (kill -9 loses none already made), the tree's
 * settings applied (an accepted status is alive; per-host limits), and
 * the verdicts printed.  check_run() is what "linkmend check" does; diff
 * uses the same pieces on the links a change adds.
 */
#ifndef CHECK_RUN_H
#define CHECK_RUN_H

#include <signal.h>

#include "../lib/strbuf.h"
#include "check.h"
#include "link.h"

struct config;

struct check_run_opts {
	struct check_opts req;
	const struct config *cfg;	/* the tree's settings, or NULL */
	int confirm;			/* failed checks that make dead (3) */
	long long spacing_s;		/* between counted checks (3 days) */
	long long ttl_s;		/* a success stays fresh (7 days) */
	int force;			/* fresh results are asked again */
	int trust_network;		/* never judge the network broken */
	int suspect_share;		/* % of hosts unreachable: broken (50) */
	long long now;
	int progress;			/* a progress line on stderr */
	volatile sig_atomic_t *stop;
	const char *who;	/* in messages: a worker's name; NULL: check */
	/* Called about four times a second while requests run, or NULL. */
	void (*tick)(void *data);
	void *tick_data;
	/* Counts links left unchecked (a worker's hop given up), if set. */
	size_t *deferred;
};

void check_run_opts_init(struct check_run_opts *o);

/* "now" in seconds; LINKMEND_NOW moves the clock in tests. */
long long check_now(void);

/* .linkmend.conf: [check] ignore matches url. */
int check_ignored(const struct config *cfg, const char *url);
/*
 * The confirmation rule ([check] confirm, spacing) and suspect-share into
 * o, unless opts (NULL: none) had them on the command line, and
 * [host "NAME"] per-host into o->req.net; -1 after error().
 */
struct option;
int check_settings(struct check_run_opts *o, const struct config *cfg,
		   const struct option *opts);

/* Is the link's newest result good enough not to ask again? */
int check_fresh(const struct check_run_opts *o, const struct link *l);

/*
 * Check links->v[which[i]] for i < n, recording each result in st (when
 * st and the link's id) and in the link.  *done counts those finished.
 * -1 after error(); an interruption (*o->stop) is no error.
 */
int check_links(const struct check_run_opts *o, struct link_set *links,
		const size_t *which, size_t n, struct store *st, size_t *done);

/* Every link that is not fresh, checked; returns as check_links(). */
int check_run(const struct check_run_opts *o, struct link_set *links,
	      struct store *st, size_t *todo, size_t *done);

/*
 * After a run on st: whether its checks say the checker's network is
 * broken rather than the tree's links (src/check/sanity.h), recorded in
 * st (meta network_suspect, which resolve heeds) and said on stderr.
 * 1 when it is (never with o->trust_network), 0 when not or when nothing
 * was checked now, -1 after error().
 */
int check_network(const struct check_run_opts *o, const struct link_set *links,
		  struct store *st);

/*
 * Failing links not yet confirmed dead: how many, and the earliest time
 * a check would count for one of them (*next; 0 when none).
 */
size_t check_waiting(const struct check_run_opts *o,
		     const struct link_set *links, long long *next);

/*
 * Links this run refused by policy (an address not allowed, a redirect to
 * a scheme not followed): their newest result, made now, is unsafe.  Not
 * checks of the URL: the next run asks again.
 */
size_t check_refused(const struct check_run_opts *o,
		     const struct link_set *links);

/* Links dead by the confirmation rule: check's exit 1. */
size_t check_dead(const struct check_run_opts *o, const struct link_set *links);

/*
 * "check: N failing links wait for confirmation ...; run again after
 * DATE" on stderr, when some do.
 */
void check_say_waiting(const struct check_run_opts *o,
		       const struct link_set *links);

/*
 * " (dead: N failed checks)" or " (unconfirmed: N of M failed checks)"
 * for a failing link, appended to sb; *dead set.
 */
void check_confirmation(const struct check_run_opts *o, const struct link *l,
			struct strbuf *sb, int *dead);

/* One TSV line (or JSON object) per checked link, on stdout. */
void check_print(const struct check_run_opts *o, const struct link_set *s,
		 int json);

#endif
