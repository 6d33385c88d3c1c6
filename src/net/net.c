// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <curl/curl.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "../lib/addr.h"
#include "../lib/settings.h"
#include "../lib/strmap.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "net.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netdb.h>
#include <sys/socket.h>

/* net_request.slotted: where a request stands with a shared host's turn. */
enum { SLOT_NONE, SLOT_OURS, SLOT_BUSY, SLOT_UNSHARED };

struct net_host {
	char *name;
	struct net_request *head, *tail;	/* queued, FIFO */
	size_t queued;
	int active;
	int limit;		/* transfers at once to this host */
	long last_start;
	int unsent;		/* started, request not yet gone out */
	int listed;		/* in net.waiting */
	struct net *net;
};

struct net {
	struct net_opts o;
	CURLM *multi;
	struct strmap hosts;
	struct net_host **waiting;	/* hosts with queued requests */
	size_t nwaiting, awaiting;
	size_t pending;
	int active;
	struct net_request **running;
	size_t nrunning, arunning;
};

void net_opts_init(struct net_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->max_total = (int)settings_default(SETTING_CHECK_JOBS);
	o->per_host = (int)settings_default(SETTING_CHECK_PER_HOST);
	o->spacing_ms = settings_default(SETTING_CHECK_SPACING_MS);
	o->timeout_ms = (long)(settings_default(SETTING_CHECK_TIMEOUT) *
			       settings_row(SETTING_CHECK_TIMEOUT)->scale);
	o->connect_timeout_ms = 10000;
	o->max_body = 1 << 20;
	o->user_agent = settings_default_text(SETTING_CHECK_USER_AGENT);
	o->max_header_bytes = 64 << 10;
	o->max_header_lines = 200;
}

/* An address as text, for a message ("127.0.0.1", "::1"). */
static void address_text(const struct sockaddr *sa, char ip[INET6_ADDRSTRLEN])
{
	const void *in = sa->sa_family == AF_INET6 ?
		(const void *)&((const struct sockaddr_in6 *)sa)->sin6_addr :
		(const void *)&((const struct sockaddr_in *)sa)->sin_addr;

	if (!inet_ntop(sa->sa_family, in, ip, INET6_ADDRSTRLEN))
		strcpy(ip, "?");
}

/* The engine sees sockaddrs; the ranges are lib/addr.c's. */
const char *net_address_kind(const struct sockaddr *sa)
{
	if (sa->sa_family == AF_INET6)
		return addr_kind(AF_INET6, ((const struct sockaddr_in6 *)sa)->
				 sin6_addr.s6_addr);
	if (sa->sa_family == AF_INET)
		return addr_kind(AF_INET, (const unsigned char *)
				 &((const struct sockaddr_in *)sa)->sin_addr);
	return "non-IP";
}

static curl_socket_t open_socket(void *p, curlsocktype purpose,
				 struct curl_sockaddr *a)
{
	struct net_request *r = p;
	const char *kind;

	/* Refused before the transfer began (a proxied target, a deferral). */
	if (purpose == CURLSOCKTYPE_IPCXN &&
	    (r->refused || r->deferred || r->skipped))
		return CURL_SOCKET_BAD;
	/*
	 * Through a proxy the address is the proxy's: the rule holds for it
	 * too (a proxy on this machine reaches what linkmend may not).
	 */
	if (purpose == CURLSOCKTYPE_IPCXN && !r->allow_private &&
	    (kind = net_address_kind(&a->addr))) {
		char ip[INET6_ADDRSTRLEN];

		address_text(&a->addr, ip);
		free(r->refused);
		r->refused = xstrfmt("%s is a %s address", ip, kind);
		return CURL_SOCKET_BAD;
	}
	return socket(a->family, a->socktype | SOCK_CLOEXEC, a->protocol);
}

char *net_request_error(const struct net_request *r, int stable)
{
	if (r->refused)
		return xstrfmt("not requested: %s (--allow-private allows it)",
			       r->refused);
	if (r->cut)
		return xstrfmt("cut off: %s", r->cut);
	if (!r->curl_code)
		return xstrdup("no HTTP response");
	if (!stable && *r->errbuf)
		return xstrdup(r->errbuf);
	return xstrdup(curl_easy_strerror((CURLcode)r->curl_code));
}

long net_now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

struct net *net_new(const struct net_opts *o)
{
	struct net *n = xcalloc(1, sizeof(*n));

	n->o = *o;
	n->multi = xcheck(curl_multi_init(), "a libcurl multi handle");
	curl_multi_setopt(n->multi, CURLMOPT_MAX_TOTAL_CONNECTIONS,
			  (long)o->max_total);
	curl_multi_setopt(n->multi, CURLMOPT_MAX_HOST_CONNECTIONS,
			  (long)o->per_host);
	curl_multi_setopt(n->multi, CURLMOPT_PIPELINING, CURLPIPE_MULTIPLEX);
	return n;
}

static void drop(struct net *n, struct net_request *r)
{
	n->running[r->slot] = n->running[--n->nrunning];
	n->running[r->slot]->slot = r->slot;
	curl_multi_remove_handle(n->multi, r->easy);
	curl_easy_cleanup(r->easy);
	r->easy = NULL;
	curl_slist_free_all(r->header_list);
	r->header_list = NULL;
	curl_slist_free_all(r->connect_to);
	r->connect_to = NULL;
}

static void free_host(void *p)
{
	struct net_host *h = p;

	free(h->name);
	free(h);
}

void net_free(struct net *n)
{
	if (!n)
		return;
	/* Transfers abandoned by a stop. */
	while (n->nrunning)
		drop(n, n->running[n->nrunning - 1]);
	curl_multi_cleanup(n->multi);
	strmap_clear(&n->hosts, free_host);
	free(n->waiting);
	free(n->running);
	free(n);
}

size_t net_pending(const struct net *n)
{
	return n->pending;
}

void net_request_reset(struct net_request *r)
{
	free(r->location);
	free(r->raw_location);
	r->raw_location = NULL;
	free(r->primary_ip);
	free(r->refused);
	free(r->cut);
	r->cut = NULL;
	r->location = NULL;
	r->primary_ip = NULL;
	r->refused = NULL;
	r->header_bytes = r->header_lines = 0;
	strbuf_release(&r->body);
	strbuf_release(&r->request_head);
	r->body_len = 0;
	r->curl_code = 0;
	r->status = 0;
	r->retry_after_s = -1;
	r->body_capped = 0;
	r->not_page = 0;
	r->errbuf[0] = '\0';
	r->elapsed_ms = 0;
	r->resolved = 0;
	memset(r->digest, 0, sizeof(r->digest));
}

char *net_host_of(const char *url)
{
	CURLU *u = curl_url();
	char *host = NULL, *ret = NULL;

	if (u && !curl_url_set(u, CURLUPART_URL, url, 0) &&
	    !curl_url_get(u, CURLUPART_HOST, &host, 0))
		ret = xstrdup_tolower(host);
	curl_free(host);
	curl_url_cleanup(u);
	return ret;
}

/*
 * A proxy connects for us, so the address rule is applied to the target
 * here, before the request is handed over: its literal address, or every
 * address its name resolves to.  A name this machine cannot resolve is
 * not handed over: only the proxy would know where it goes (127.0.0.1,
 * perhaps), and the rule could not be applied.  A name that passes is
 * pinned: the proxy is asked for a tunnel to the address checked here
 * (CURLOPT_CONNECT_TO), never to the name, which it would look up again
 * and might then find at 127.0.0.1 (DNS rebinding).  Inside the tunnel
 * the request names the host as usual (Host, TLS name and certificate).
 */
static void refuse_proxied(CURL *e, struct net_request *r)
{
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM }, *res, *ai;
	char *host = net_host_of(r->url);
	const char *kind;

	if (!host)
		return;
	if ((kind = addr_literal_kind(host))) {
		r->refused = xstrfmt("%s is a %s address", host, kind);
	} else if (!getaddrinfo(host, NULL, &hints, &res)) {
		char ip[INET6_ADDRSTRLEN], pin[INET6_ADDRSTRLEN + 8];

		for (ai = res; ai && !r->refused; ai = ai->ai_next) {
			if (!(kind = net_address_kind(ai->ai_addr)))
				continue;
			address_text(ai->ai_addr, ip);
			r->refused = xstrfmt("%s resolves to %s, a %s address",
					     host, ip, kind);
		}
		if (!r->refused && res) {
			/* Any host and port of this transfer: that address. */
			address_text(res->ai_addr, ip);
			snprintf(pin, sizeof(pin), res->ai_family == AF_INET6 ?
				 "::[%s]:" : "::%s:", ip);
			r->connect_to = curl_slist_append(NULL, pin);
			curl_easy_setopt(e, CURLOPT_CONNECT_TO, r->connect_to);
			curl_easy_setopt(e, CURLOPT_HTTPPROXYTUNNEL, 1L);
		}
		freeaddrinfo(res);
	} else {
		r->refused = xstrfmt("%s does not resolve here, so its address "
				     "cannot be checked: not sent through the "
				     "proxy", host);
	}
	free(host);
}

int net_submit(struct net *n, struct net_request *r)
{
	char *name = net_host_of(r->url);
	struct net_host *h;
	void **slot;

	if (!name)
		return -1;
	slot = strmap_put(&n->hosts, name);
	if (!*slot) {
		h = xcalloc(1, sizeof(*h));
		h->name = name;
		h->net = n;
		h->limit = n->o.host_limit ?
			   n->o.host_limit(n->o.host_limit_data, name) : 0;
		if (h->limit <= 0)
			h->limit = n->o.per_host;
		h->last_start = -1000000;
		if (n->o.host_since) {
			long since = n->o.host_since(n->o.host_since_data,
						     name);

			if (since)
				h->last_start = since;
		}
		*slot = h;
	} else {
		free(name);
	}
	h = *slot;
	r->host = h;
	r->next = NULL;
	r->slotted = SLOT_NONE;
	r->deferred = 0;
	r->skipped = 0;
	if (r->urgent && h->head) {
		/*
		 * First, but after a request holding the host's shared turn:
		 * one that asked behind it would wait for a turn that cannot
		 * end until it goes.
		 */
		struct net_request **pp = &h->head;

		while (*pp && (*pp)->slotted == SLOT_OURS)
			pp = &(*pp)->next;
		r->next = *pp;
		*pp = r;
		if (!r->next)
			h->tail = r;
	} else {
		if (h->tail)
			h->tail->next = r;
		else
			h->head = r;
		h->tail = r;
	}
	h->queued++;
	n->pending++;
	if (!h->listed) {
		ALLOC_GROW(n->waiting, n->nwaiting + 1, n->awaiting);
		n->waiting[n->nwaiting++] = h;
		h->listed = 1;
	}
	return 0;
}

int net_take_header(struct net_request *r, const char *data, size_t len)
{
	/* A server that sends headers without end is cut off. */
	r->header_bytes += len;
	if (++r->header_lines > r->header_caps[1] ||
	    r->header_bytes > r->header_caps[0]) {
		free(r->cut);
		r->cut = xstrfmt("more than %zu header lines or %zu header "
				 "bytes", r->header_caps[1], r->header_caps[0]);
		return -1;
	}

	if (r->page_only && len > 13 && !strncasecmp(data, "Content-Type:", 13) &&
	    !memmem(data, len, "html", 4) && !memmem(data, len, "HTML", 4)) {
		r->not_page = 1;
		if (r->cap > PAGE_ONLY_CAP)
			r->cap = PAGE_ONLY_CAP;
	}
	if (len > 12 && !strncasecmp(data, "Retry-After:", 12)) {
		char v[32], *end;
		size_t i = 12, k = 0;
		long s;

		/* The line is no C string: its value is copied out, bounded. */
		while (i < len && (data[i] == ' ' || data[i] == '\t'))
			i++;
		while (i < len && k < sizeof(v) - 1 && data[i] != '\r' &&
		       data[i] != '\n')
			v[k++] = data[i++];
		v[k] = '\0';
		s = strtol(v, &end, 10);
		/* Seconds only; an HTTP date counts as "some time". */
		r->retry_after_s = end != v && s >= 0 ? s : 60;
	}
	/* A Location of raw UTF-8 (not percent-encoded), kept as sent. */
	if (len > 9 && !strncasecmp(data, "Location:", 9)) {
		size_t i = 9, end = len;

		while (i < len && (data[i] == ' ' || data[i] == '\t'))
			i++;
		while (end > i && (data[end - 1] == '\r' || data[end - 1] == '\n' ||
				   data[end - 1] == ' '))
			end--;
		free(r->raw_location);
		r->raw_location = NULL;
		for (size_t k = i; k < end; k++)
			if ((unsigned char)data[k] >= 0x80) {
				r->raw_location = xstrndup(data + i, end - i);
				break;
			}
	}
	/* A new response (after 1xx) starts with a status line. */
	if (len > 5 && !strncmp(data, "HTTP/", 5))
		r->retry_after_s = -1;
	if (r->header_line)
		r->header_line(r, data, len);
	return 0;
}

static size_t on_header(char *data, size_t size, size_t nmemb, void *p)
{
	size_t len = size * nmemb;

	return net_take_header(p, data, len) ? 0 : len;
}

static void turn_end(struct net_request *r, int sent);

static int on_debug(CURL *e, curl_infotype type, char *data, size_t len,
		    void *p)
{
	struct net_request *r = p;
	long now;

	(void)e;
	if (type != CURLINFO_HEADER_OUT)
		return 0;
	if (r->keep_request) {
		strbuf_reset(&r->request_head);	/* the last request's */
		strbuf_add(&r->request_head, data, len);
	}
	/*
	 * Sent, not about to be (prereq): on a busy machine the two can be
	 * ms apart, and the host's spacing and the next worker's turn
	 * count from the later.
	 */
	now = net_now_ms();
	if (now > r->host->last_start)
		r->host->last_start = now;
	turn_end(r, 1);
	return 0;
}

static size_t on_body_capped(char *data, size_t size, size_t nmemb, void *p)
{
	struct net_request *r = p;
	size_t len = size * nmemb, take = len;
	curl_off_t wire = 0;

	/* Decoded bytes far beyond those on the wire: a compression bomb. */
	if (!r->identity && r->body_len + len > (64 << 10) &&
	    !curl_easy_getinfo(r->easy, CURLINFO_SIZE_DOWNLOAD_T, &wire) &&
	    (curl_off_t)(r->body_len + len) > 100 * (wire + 1)) {
		free(r->cut);
		r->cut = xstrfmt("decompressed to over 100 times its %lld bytes "
				 "(a compression bomb)", (long long)wire);
		return 0;
	}
	if (r->body_len + len > r->cap) {
		take = r->cap - r->body_len;
		r->body_capped = 1;
	}
	if (r->body_sink) {
		if (take && r->body_sink(r, data, take))
			return 0;
	} else {
		strbuf_add(&r->body, data, take);
	}
	r->body_len += take;
	return take == len ? len : 0;	/* capped: enough, stop */
}


/* A shared turn ends with its request: sent, or given up unsent. */
static void turn_end(struct net_request *r, int sent)
{
	const struct net_opts *o = &r->host->net->o;

	if (r->slotted != SLOT_OURS)
		return;
	r->slotted = SLOT_NONE;
	if (o->host_turn_end)
		o->host_turn_end(o->host_slot_data, r->host->name, sent);
}

/*
 * The request is about to go out (its name resolved, its connection
 * made): the host's spacing counts from now, not from when the transfer
 * was queued, so that a slow first look-up or handshake cannot bring two
 * requests closer together at the server than the spacing.
 */
static int on_prereq(void *data, char *primary_ip, char *local_ip,
		     int primary_port, int local_port)
{
	struct net_request *r = data;
	long now = net_now_ms();

	(void)primary_ip;
	(void)local_ip;
	(void)primary_port;
	(void)local_port;
	if (now > r->host->last_start)
		r->host->last_start = now;
	if (!r->sent) {
		r->sent = 1;
		r->host->unsent--;
	}
	return CURL_PREREQFUNC_OK;
}

static void *start(struct net *n, struct net_request *r)
{
	CURL *e = xcheck(curl_easy_init(), "a libcurl transfer");

	net_request_reset(r);
	r->cap = n->o.max_body;
	curl_easy_setopt(e, CURLOPT_URL, r->url);
	curl_easy_setopt(e, CURLOPT_PRIVATE, r);
	curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(e, CURLOPT_NOBODY, r->head ? 1L : 0L);
	curl_easy_setopt(e, CURLOPT_FOLLOWLOCATION, 0L);
	curl_easy_setopt(e, CURLOPT_PROTOCOLS_STR, "http,https,ftp");
	/*
	 * An FTP connection kept for later is closed (QUIT, 221) inside
	 * another transfer, whose response code libcurl then sets to 221:
	 * each FTP transfer closes its own.
	 */
	if (!strncasecmp(r->url, "ftp://", 6))
		curl_easy_setopt(e, CURLOPT_FORBID_REUSE, 1L);
	/* Redirects are followed by the caller, hop by hop; never by curl. */
	curl_easy_setopt(e, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
	r->allow_private = n->o.allow_private;
	/* Never a proxy from the environment; one given, for every host. */
	curl_easy_setopt(e, CURLOPT_PROXY, n->o.proxy ? n->o.proxy : "");
	curl_easy_setopt(e, CURLOPT_NOPROXY, "");
	r->proxied = n->o.proxy != NULL;
	if (r->proxied && !r->allow_private)
		refuse_proxied(e, r);
	/*
	 * One that must end unsent is given no connection of another's
	 * (open_socket() refuses it a new one).
	 */
	if (r->refused || r->deferred || r->skipped)
		curl_easy_setopt(e, CURLOPT_FRESH_CONNECT, 1L);
	r->header_caps[0] = n->o.max_header_bytes;
	r->header_caps[1] = n->o.max_header_lines;
	curl_easy_setopt(e, CURLOPT_OPENSOCKETFUNCTION, open_socket);
	curl_easy_setopt(e, CURLOPT_OPENSOCKETDATA, r);
	curl_easy_setopt(e, CURLOPT_TIMEOUT_MS, n->o.timeout_ms);
	curl_easy_setopt(e, CURLOPT_CONNECTTIMEOUT_MS, n->o.connect_timeout_ms);
	curl_easy_setopt(e, CURLOPT_USERAGENT, n->o.user_agent);
	if (!r->identity)
		curl_easy_setopt(e, CURLOPT_ACCEPT_ENCODING, "");
	if (r->post)
		curl_easy_setopt(e, CURLOPT_COPYPOSTFIELDS, r->post);
	if (r->headers) {
		const char *const *h;
		struct curl_slist *l = NULL;

		for (h = r->headers; *h; h++)
			l = curl_slist_append(l, *h);
		r->header_list = l;
		curl_easy_setopt(e, CURLOPT_HTTPHEADER, l);
	}
	if (r->keep_request || n->o.spacing_ms || r->slotted == SLOT_OURS) {
		curl_easy_setopt(e, CURLOPT_DEBUGFUNCTION, on_debug);
		curl_easy_setopt(e, CURLOPT_DEBUGDATA, r);
		curl_easy_setopt(e, CURLOPT_VERBOSE, 1L);
	}
	/* A capture is kept as HTTP/1.1 bytes, as archives keep them. */
	curl_easy_setopt(e, CURLOPT_HTTP_VERSION, r->identity ?
			 (long)CURL_HTTP_VERSION_1_1 : (long)CURL_HTTP_VERSION_2TLS);
	curl_easy_setopt(e, CURLOPT_ERRORBUFFER, r->errbuf);
	curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, on_body_capped);
	curl_easy_setopt(e, CURLOPT_WRITEDATA, r);
	curl_easy_setopt(e, CURLOPT_HEADERFUNCTION, on_header);
	curl_easy_setopt(e, CURLOPT_HEADERDATA, r);
	curl_easy_setopt(e, CURLOPT_PREREQFUNCTION, on_prereq);
	curl_easy_setopt(e, CURLOPT_PREREQDATA, r);
	if (n->o.cacert)
		curl_easy_setopt(e, CURLOPT_CAINFO, n->o.cacert);
	r->easy = e;
	ALLOC_GROW(n->running, n->nrunning + 1, n->arunning);
	r->slot = n->nrunning;
	n->running[n->nrunning++] = r;
	curl_multi_add_handle(n->multi, e);
	n->active++;
	r->host->active++;
	r->elapsed_ms = net_now_ms();
	if (r->skipped) {
		r->sent = 1;	/* never: no spacing counts from it */
	} else {
		r->host->last_start = r->elapsed_ms;
		r->host->unsent++;
		r->sent = 0;
	}
	return e;
}

/* Start what may start now; return ms until something else may, or -1. */
static long schedule(struct net *n)
{
	long now = net_now_ms(), wait = -1;
	size_t i = 0;

	while (i < n->nwaiting) {
		struct net_host *h = n->waiting[i];
		struct net_request **pp, *r;

		if (!h->queued) {
			h->listed = 0;
			n->waiting[i] = n->waiting[--n->nwaiting];
			continue;
		}
		for (pp = &h->head; *pp && h->active < h->limit &&
		     n->active < n->o.max_total;) {
			/*
			 * The clock counts whole ms: a request that went out
			 * at 10.9 and one at 60.0 are 50 apart by it, 49.1 on
			 * the wire.  One more ms keeps the spacing whole.
			 */
			long ready = h->last_start + n->o.spacing_ms +
				     (n->o.spacing_ms > 0);

			/*
			 * Spacing counts from when a request goes out: while
			 * one is still resolving or connecting, the next
			 * waits (that transfer's progress wakes the loop).
			 */
			if (h->unsent && n->o.spacing_ms)
				break;

			r = *pp;
			/*
			 * Started only to end unsent (the host is silent):
			 * at once, for no request goes out to be spaced.
			 */
			if (n->o.host_skip &&
			    n->o.host_skip(n->o.host_skip_data, h->name))
				r->skipped = 1;
			if (r->not_before_ms > ready && !r->skipped)
				ready = r->not_before_ms;
			if (ready > now && !r->skipped) {
				if (wait < 0 || ready - now < wait)
					wait = ready - now;
				/* A later one may be ready; not past a turn. */
				if (r->not_before_ms > now &&
				    r->slotted == SLOT_NONE) {
					pp = &r->next;
					continue;
				}
				break;		/* spacing: wait for this host */
			}
			/* Our turn here; and among the other workers? */
			if (!r->skipped && n->o.host_slot &&
			    (r->slotted == SLOT_NONE ||
			     r->slotted == SLOT_BUSY)) {
				int ours = 0;
				long turn = n->o.host_slot(n->o.host_slot_data,
							   h->name,
							   n->o.spacing_ms,
							   &ours);

				/*
				 * The wait counts from the store's clock
				 * read inside host_slot, which on a busy
				 * machine can be many ms after our now: from
				 * the time it answered, the wait can only be
				 * long, never short on the wire.
				 */
				now = net_now_ms();
				if (turn == NET_SLOT_NONE) {
					turn = 0;
					r->slotted = SLOT_UNSHARED;
				} else if (turn == NET_SLOT_GIVE_UP) {
					/* Started only to end unsent. */
					turn = 0;
					r->deferred = 1;
					r->slotted = SLOT_UNSHARED;
				} else if (turn < 0) {
					/*
					 * No turn could be had (the store is
					 * down): never a request without one.
					 */
					turn = 0;
					r->deferred = 1;
					r->slotted = SLOT_UNSHARED;
				} else if (ours) {
					r->slotted = SLOT_OURS;
				} else {
					r->slotted = SLOT_BUSY;
					if (turn <= 0)
						turn = 1;
				}
				if (turn > 0) {
					r->not_before_ms = now + turn;
					if (wait < 0 || turn < wait)
						wait = turn;
					break;
				}
			}
			*pp = r->next;
			if (h->tail == r) {
				struct net_request *t = h->head;

				while (t && t->next)
					t = t->next;
				h->tail = t;
			}
			h->queued--;
			start(n, r);
		}
		i++;
	}
	return wait;
}

/*
 * A Location of raw UTF-8 bytes, as a URL: each byte percent-encoded the
 * way URLs are written (upper-case hex; libcurl writes lower-case), the
 * rest as the server wrote it, resolved against the request's URL.  NULL
 * when it does not parse: libcurl's own reading is used.
 */
static char *encode_location(CURL *e, const struct net_request *r)
{
	static const char hex[] = "0123456789ABCDEF";
	struct strbuf sb = STRBUF_INIT;
	char *base = NULL, *abs = NULL, *ret = NULL;
	const unsigned char *p;
	CURLU *u = curl_url();

	for (p = (const unsigned char *)r->raw_location; *p; p++) {
		if (*p >= 0x80 || *p == ' ') {
			strbuf_addch(&sb, '%');
			strbuf_addch(&sb, hex[*p >> 4]);
			strbuf_addch(&sb, hex[*p & 15]);
		} else {
			strbuf_addch(&sb, (char)*p);
		}
	}
	if (u && !curl_easy_getinfo(e, CURLINFO_EFFECTIVE_URL, &base) && base &&
	    !curl_url_set(u, CURLUPART_URL, base, 0) &&
	    !curl_url_set(u, CURLUPART_URL, sb.buf, 0) &&
	    !curl_url_get(u, CURLUPART_URL, &abs, 0))
		ret = xstrdup(abs);
	curl_free(abs);
	curl_url_cleanup(u);
	strbuf_release(&sb);
	return ret;
}

static void finish(struct net *n, CURL *e, CURLcode code)
{
	struct net_request *r;
	char *loc = NULL, *ip = NULL;
	curl_off_t t = 0;
	unsigned int dl = 0;

	curl_easy_getinfo(e, CURLINFO_PRIVATE, (char **)&r);
	/* Our own cap stops a long body: that is no failure. */
	if (code == CURLE_WRITE_ERROR && r->body_capped)
		code = CURLE_OK;
	/*
	 * libcurl buffers a header line before we see it and calls one over
	 * its limit "Out of memory": say what the server did.
	 */
	if (code == CURLE_OUT_OF_MEMORY && r->header_lines && !r->body_len &&
	    !r->cut)
		r->cut = xstrfmt("a response header line over libcurl's limit "
				 "of %d bytes", CURL_MAX_HTTP_HEADER);
	r->curl_code = (int)code;
	curl_easy_getinfo(e, CURLINFO_RESPONSE_CODE, &r->status);
	if (!curl_easy_getinfo(e, CURLINFO_REDIRECT_URL, &loc) && loc)
		r->location = r->raw_location ? encode_location(e, r) : NULL;
	if (!r->location && loc)
		r->location = xstrdup(loc);
	if (!curl_easy_getinfo(e, CURLINFO_PRIMARY_IP, &ip) && ip && *ip)
		r->primary_ip = xstrdup(ip);
	if (!curl_easy_getinfo(e, CURLINFO_NAMELOOKUP_TIME_T, &t))
		r->resolved = t > 0;
	t = 0;
	curl_easy_getinfo(e, CURLINFO_TOTAL_TIME_T, &t);
	r->elapsed_ms = (long)(t / 1000);
	EVP_Digest(r->body.buf, r->body.len, r->digest, &dl, EVP_sha256(),
		   NULL);
	drop(n, r);
	n->active--;
	r->host->active--;
	/* A turn not ended by its headers going out: they may have. */
	turn_end(r, r->sent);
	if (!r->sent) {
		r->sent = 1;
		r->host->unsent--;
	}
	n->pending--;
	r->done(r, r->data);
}

int net_run(struct net *n, volatile sig_atomic_t *stop,
	    void (*tick)(void *data), void *tick_data)
{
	long last_tick = 0;

	while (n->pending && !(stop && *stop)) {
		long wait = schedule(n), now;
		int running, msgs, timeout, finished;
		CURLMsg *m;

		timeout = wait < 0 ? 200 : (int)(wait < 200 ? wait : 200);
		if (curl_multi_perform(n->multi, &running) != CURLM_OK)
			return error("libcurl's multi interface failed");
		finished = 0;
		while ((m = curl_multi_info_read(n->multi, &msgs)))
			if (m->msg == CURLMSG_DONE) {
				finish(n, m->easy_handle, m->data.result);
				finished++;
			}
		if (!n->pending)
			break;
		now = net_now_ms();
		if (tick && now - last_tick >= 250) {
			tick(tick_data);
			last_tick = now;
		}
		/* A finished transfer may let a queued one start: no wait. */
		if (finished)
			continue;
		curl_multi_poll(n->multi, NULL, 0, timeout ? timeout : 1, NULL);
	}
	return 0;
}
