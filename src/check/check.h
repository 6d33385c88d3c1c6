/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Verdicts from responses.  check_urls() requests each URL with GET (FTP
 * without its body), follows redirects and meta refreshes hop by hop,
 * retries transient faults with backoff and obeys Retry-After, probes each
 * host once with a random path to recognise soft-404s and parked domains,
 * and reports one result per URL with its evidence.  link_is_dead()
 * (link.h) applies the confirmation rule to a URL's history.
 */
#ifndef CHECK_CHECK_H
#define CHECK_CHECK_H

#include <signal.h>
#include <stddef.h>

#include "../lib/strbuf.h"
#include "../lib/vocab.h"
#include "../net/net.h"

/*
 * The defaults of check_opts, each with its reason.
 *
 * A transient fault (a reset, a 503 while a server restarts) passes in
 * seconds: three tries, the first wait 1 s and doubled, ride it out
 * without holding a run for minutes.
 */
#define CHECK_RETRIES 3
#define CHECK_RETRY_WAIT_MS 1000
/*
 * A Retry-After past 5 minutes is a host that does not want us now: the
 * link is blocked for this run, not held up for the hour it asks.
 */
#define CHECK_MAX_RETRY_AFTER_S 300
/*
 * All waits before one URL's retries, 10 minutes: a few Retry-After of
 * a busy host fit, a run that waits all night does not.
 */
#define CHECK_MAX_WAIT_MS 600000
/*
 * Redirects followed: real moves take one to three hops (http to https,
 * a new host, a trailing slash); ten is a loop with changing URLs.
 */
#define CHECK_MAX_HOPS 10

struct check_opts {
	struct net_opts net;
	int retries;		/* for transient faults */
	long retry_wait_ms;	/* first backoff, doubled each time */
	long max_retry_after_s;	/* a longer Retry-After gives up */
	/*
	 * All the waits before one URL's retries (backoff, Retry-After) in
	 * ms: a retry that would pass it is not made (0: no bound).
	 */
	long max_wait_ms;
	int max_hops;		/* redirects followed */
};

void check_opts_init(struct check_opts *o);

struct check_result {
	const char *url;
	size_t index;		/* in the input */
	enum verdict verdict;
	long status;		/* last HTTP status, or 0 */
	int curl_code;
	const char *final_url;	/* after redirects, or NULL */
	const char *chain;	/* "301 URL; 302 URL", or "" */
	const char *detail;	/* a short human reason */
	const char *digest;	/* hex SHA-256 of the final body, or "" */
	long elapsed_ms;
	int tries;
	/*
	 * No verdict (verdict V__COUNT): a host on its way is another
	 * worker's (net_opts.host_slot); the link is to be checked later.
	 */
	int deferred;
};

/*
 * Check urls[0..n); done() is called once per URL as it finishes, in no
 * particular order.  Stops early when *stop becomes nonzero (then the
 * URLs not reported were not checked).  tick() is called about four
 * times a second.
 */
int check_urls(const char *const *urls, size_t n, const struct check_opts *o,
	       volatile sig_atomic_t *stop,
	       void (*done)(const struct check_result *r, void *data),
	       void (*tick)(void *data), void *data);

#endif
