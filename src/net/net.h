/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The one request engine, over libcurl's multi interface: one connection
 * pool, a global cap on transfers, per-host queues with a cap and a
 * minimum spacing between request starts, requests that wait until a
 * given time (retries, Retry-After).  Redirects are never followed here:
 * the caller sees each hop.  Bodies are kept up to a cap and digested.
 *
 * One thread: net_submit() may be called from a done() callback.
 */
#ifndef NET_NET_H
#define NET_NET_H

/* What page_only keeps of a body that is no HTML page. */
#define PAGE_ONLY_CAP (64 << 10)

#include <signal.h>
#include <stddef.h>

#include "../lib/strbuf.h"

struct net_opts {
	int max_total;		/* transfers at once (64) */
	int per_host;		/* transfers at once per host (2) */
	long spacing_ms;	/* between request starts on one host */
	long timeout_ms;	/* whole transfer */
	long connect_timeout_ms;
	size_t max_body;	/* bytes kept and digested */
	const char *cacert;
	const char *user_agent;
	/*
	 * Allow connections to loopback, private, link-local and metadata
	 * addresses; without it they are refused at connect time, on the
	 * address actually connected to (no DNS answer gets around it).
	 */
	int allow_private;
	/*
	 * An HTTP(S) proxy to send every request through, or NULL: then
	 * proxy variables in the environment (http_proxy, ...) are ignored,
	 * since the address rule above would see only the proxy's address.
	 * With one, each target's name is resolved here first and refused
	 * if any of its addresses is one no request may reach; else the
	 * proxy is asked for a tunnel (CONNECT) to the address checked, not
	 * to the name, which the proxy would look up again (its answer may
	 * have changed: DNS rebinding).
	 */
	const char *proxy;
	/* Caps on what a server controls: response header bytes and lines. */
	size_t max_header_bytes;	/* 64 KiB */
	size_t max_header_lines;	/* 200 */
	/* per_host for one host where it differs: > 0, else per_host. */
	int (*host_limit)(void *data, const char *host);
	void *host_limit_data;
	/*
	 * When the last request to host may have started elsewhere (another
	 * worker on the store), on net_now_ms()'s clock, or 0: the spacing
	 * counts from it, as from this engine's own last start.
	 */
	long (*host_since)(void *data, const char *host);
	void *host_since_data;
	/*
	 * For hosts every worker may ask (an archive, a redirect's target):
	 * one request at a time among all workers holds the host's turn.
	 * host_slot asks for it when a request is next to start: returns
	 * the ms to wait (counted from when it returns: a slow store adds
	 * to the wait, never takes from it), with *ours set when the turn
	 * is this request's (it then starts after the wait; the turn's
	 * time counts from when the last turn's request went out), unset
	 * when another worker holds it (ask again after the wait);
	 * NET_SLOT_NONE when the host needs no turn (this worker's own:
	 * go); NET_SLOT_GIVE_UP when the request is not to be made now
	 * (another worker holds the host too long): it ends unsent,
	 * deferred set; -1 when the store cannot tell: the same, for no
	 * request goes without a turn.
	 * host_turn_end is told once per turn: sent when the request's head
	 * went out (the next turn counts from then), or not.  NULL: not
	 * shared.
	 */
	long (*host_slot)(void *data, const char *host, long spacing_ms,
			  int *ours);
	/*
	 * Whether a request to host is not to be made after all (the host
	 * has answered none of the last ones): asked when one is next to
	 * start; nonzero ends it unsent, skipped set.  NULL: never.
	 */
	int (*host_skip)(void *data, const char *host);
	void *host_skip_data;
	void (*host_turn_end)(void *data, const char *host, int sent);
	void *host_slot_data;
};

void net_opts_init(struct net_opts *o);

/*
 * The name a request to url is queued under (its host, lower-cased): the
 * host host_limit, host_since, host_slot and host_skip are asked about.
 * NULL when url has none.
 */
char *net_host_of(const char *url);

struct net_request {
	/* Set by the caller. */
	char *url;
	int head;		/* HEAD, else GET */
	long not_before_ms;	/* do not start before this (net_now_ms) */
	void (*done)(struct net_request *r, void *data);
	void *data;
	/*
	 * For a capture (archive): identity asks for no content coding so
	 * the body is the bytes the server sent; header_line sees every
	 * response header line as received (status lines too, CRLF kept);
	 * body_sink takes the body as it arrives instead of body (-1 stops
	 * the transfer); keep_request keeps the request head as sent.
	 */
	int identity, keep_request;
	int urgent;		/* first in its host's queue, not last */
	/*
	 * Keep the whole body (to max_body) only of an HTML page: of another
	 * (a PDF, a tarball) PAGE_ONLY_CAP bytes, enough to tell it apart;
	 * the cut is no failure.  not_page says so.
	 */
	int page_only;
	/* A POST of this body (form-encoded) instead of HEAD or GET. */
	const char *post;
	/* Extra request headers ("Name: value"), NULL-terminated. */
	const char *const *headers;
	void (*header_line)(struct net_request *r, const char *line,
			    size_t len);
	int (*body_sink)(struct net_request *r, const char *data, size_t len);
	struct strbuf request_head;
	size_t body_len;	/* bytes taken, kept or sunk */

	/* Set by the engine when done() is called. */
	int curl_code;		/* CURLcode */
	char errbuf[256];
	long status;		/* 0 when no HTTP response */
	char *location;		/* redirect target, resolved; or NULL */
	char *raw_location;	/* its header as sent, when it held 8-bit bytes */
	long retry_after_s;	/* -1 when none */
	struct strbuf body;	/* up to max_body bytes */
	int body_capped;
	int not_page;		/* page_only saw a type that is not HTML */
	unsigned char digest[32];	/* SHA-256 of the kept body */
	long elapsed_ms;
	char *primary_ip;
	/*
	 * The host's name was resolved (libcurl's name lookup time is set):
	 * a timeout without it is the resolver's, not the server's.
	 */
	int resolved;
	/* Set when the engine refused: "127.0.0.1 is a loopback address". */
	char *refused;
	/* Set when a cap cut the transfer off: why (header flood, bomb). */
	char *cut;
	/* Not made: host_slot gave it up (the host is another worker's). */
	int deferred;
	/* Not made: host_skip said so. */
	int skipped;

	/* The engine's own. */
	struct net_request *next;
	void *easy;
	void *header_list;
	void *connect_to;	/* a proxied target's pinned address */
	struct net_host *host;
	size_t cap, slot;
	size_t header_bytes, header_lines;
	size_t header_caps[2];	/* bytes, lines */
	int allow_private, proxied;
	int sent;		/* its request went out (or never will) */
	int slotted;		/* with host_slot: asked, holds the turn */
};

struct net;

#define NET_SLOT_NONE (-2)
#define NET_SLOT_GIVE_UP (-3)

struct net *net_new(const struct net_opts *o);
void net_free(struct net *n);

/* Queue r; r->url must stay valid until done().  Returns -1 on a URL libcurl rejects. */
int net_submit(struct net *n, struct net_request *r);

/*
 * Run until no request is queued or running, or *stop becomes nonzero
 * (then running transfers are abandoned: done() is not called for them
 * nor for queued ones; they are left for the caller to free).
 */
int net_run(struct net *n, volatile sig_atomic_t *stop,
	    void (*tick)(void *data), void *tick_data);

/* "loopback", "private", ... for an address no request may reach; NULL. */
struct sockaddr;
const char *net_address_kind(const struct sockaddr *sa);

/* Milliseconds on a monotonic clock. */
long net_now_ms(void);

/*
 * Why r got no reply, in one line for a message (the caller frees it):
 * the address the engine refused to reach, the cap that cut the transfer,
 * else libcurl's error: its error buffer, or with stable its name of the
 * fault only (the buffer holds timings, which evidence must not).
 */
char *net_request_error(const struct net_request *r, int stable);

/*
 * One response header line as received (CRLF kept, no NUL): the caps,
 * Content-Type for page_only, Retry-After, then r->header_line.  -1 when
 * a cap cut the transfer (r->cut says which).  The engine's header
 * callback; public for the fuzz harness.
 */
int net_take_header(struct net_request *r, const char *data, size_t len);

/* Release what the engine set in r (for reuse or free). */
void net_request_reset(struct net_request *r);

/* Requests queued or running. */
size_t net_pending(const struct net *n);

#endif
