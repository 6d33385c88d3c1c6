// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One job per URL, a small state machine driven by the request engine's
 * done() callbacks: GET (a HEAD answer can contradict GET's: frameworks
 * route HEAD apart, some never answer it; a body that is no HTML page
 * is kept only in part); a hop per redirect, a meta refresh counted as
 * one, cookies kept across hops (a consent wall's loop ends once its
 * cookie is set); a wait and a retry for transient faults; then, for a
 * page that answers 2xx, a look at the host's probe (a random path on
 * the same host, fetched once) to tell a real page from a soft-404 or a
 * parked domain, and at its anchors for a #fragment.
 */
#include <ctype.h>
#include <curl/curl.h>
#include <netdb.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "../lib/strmap.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "../net/silence.h"
#include "../url/url.h"
#include "check.h"
#include "page.h"

void check_opts_init(struct check_opts *o)
{
	net_opts_init(&o->net);
	o->retries = CHECK_RETRIES;
	o->retry_wait_ms = CHECK_RETRY_WAIT_MS;
	o->max_retry_after_s = CHECK_MAX_RETRY_AFTER_S;
	o->max_wait_ms = CHECK_MAX_WAIT_MS;
	o->max_hops = CHECK_MAX_HOPS;
}

/*
 * A timeout is tried again this many times, not until the retries are
 * spent: each try costs the whole timeout, and a host that does not
 * answer in 30 s seldom does in the next 30.
 */
#define TIMEOUT_RETRIES 1
/*
 * A host with this many timeouts and no answer is silent: its other
 * URLs are not asked (each would wait the whole timeout).
 */
#define SILENT_AFTER 1
/* The site root's own redirects followed: evidence, not a job's chain. */
#define ROOT_HOPS 5

struct probe;

struct job {
	struct check_ctx *ctx;
	size_t index;
	const char *orig;
	char *cur;
	struct net_request req;
	int tries, hops, temporary;
	long waited_ms;		/* before its retries, all told */
	int over_wait;		/* a retry was not made: max_wait_ms */
	struct strbuf chain;
	char **seen;		/* "URL\tcookies" of each hop */
	size_t nseen, aseen;
	long status;
	int have_body, parked, not_page, frag_missing;
	unsigned char digest[32];	/* of the body: the result's */
	unsigned char page[32];		/* of it without its path: vs the probe */
	unsigned char skel[32];		/* what stays of it: page_skeleton() */
	char *nf_title;		/* its title, when it says "not found" */
	int home_named;		/* redirected to a page named like a home */
	/*
	 * Redirected to another host: where a random path of the host it
	 * left is sent (its probe's Location), asked once; the job waits
	 * on that probe while orig_waiting.
	 */
	int orig_asked, orig_waiting;
	char *orig_probe_to;
	const char *sent_on;	/* a page sent it to another host: how */
	/*
	 * The page whose script sent the job on, as it was then: past it a
	 * failure is the failure of a URL the script named, never the
	 * link's, and the page is judged on its own (script_failed says
	 * what became of the target).
	 */
	struct {
		char *url, *nf_title;
		size_t chain_len;
		int hops, temporary, not_page;
		long status;
		const char *sent_on;
		unsigned char digest[32], page[32], skel[32];
	} script;
	char *script_failed;
	/* The cookies of the host the job is at, and the header sent. */
	char *cookie_host;
	struct strbuf cookies;
	char *cookie_hdr;
	const char *hdrs[2];
	struct job *next_waiting;
};

/*
 * Where a probe (or its look at the site's root) is: every job of the
 * host waits for it to be done.  Changed only by probe_set().
 */
enum probe_state {
	PROBE_NOT_ASKED,	/* (again, when a worker's host was given up) */
	PROBE_RUNNING,
	PROBE_DONE,
};

struct probe {
	char *url;
	enum probe_state state;
	long status;
	char *location;		/* where a random path redirects, or NULL */
	int parked, not_page, nf_title;
	unsigned char page[32];		/* of the body without its path */
	unsigned char skel[32];
	struct net_request req;
	struct job *waiters;
	struct check_ctx *ctx;
	/*
	 * The site's root, followed to where it lands, asked only for a job
	 * redirected to a page named like a home page: what makes a page
	 * the home page is that the root lands on it, not its name.
	 */
	char *root_url, *root_final;	/* where it is; where it answered 200 */
	enum probe_state root_state;
	int root_hops;
	unsigned char root_page[32];
	struct net_request root_req;
	struct job *root_waiters;
};



struct check_ctx {
	const struct check_opts *o;
	struct net *net;
	struct strmap probes;	/* "scheme://host" -> struct probe */
	struct strmap dns;	/* host -> verdict + 1 */
	struct net_silence silence;	/* a host timed out, never answered */
	void (*done)(const struct check_result *r, void *data);
	void *data;
	size_t remaining;
	struct job **jobs;	/* by input index; NULL once finished */
};

static void hex(const unsigned char *d, char *out)
{
	static const char x[] = "0123456789abcdef";
	int i;

	for (i = 0; i < 32; i++) {
		out[2 * i] = x[d[i] >> 4];
		out[2 * i + 1] = x[d[i] & 15];
	}
	out[64] = '\0';
}

static void free_job(struct job *j)
{
	size_t i;

	j->ctx->jobs[j->index] = NULL;
	net_request_reset(&j->req);
	free(j->cur);
	strbuf_release(&j->chain);
	free(j->cookie_host);
	strbuf_release(&j->cookies);
	free(j->cookie_hdr);
	free(j->nf_title);
	free(j->orig_probe_to);
	free(j->script.url);
	free(j->script.nf_title);
	free(j->script_failed);
	for (i = 0; i < j->nseen; i++)
		free(j->seen[i]);
	free(j->seen);
	free(j);
}

static int is_ftp(const char *url)
{
	return !strncasecmp(url, "ftp://", 6);
}

static void finish(struct job *j, enum verdict v, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void script_target_failed(struct job *j, enum verdict v,
				 const char *detail);

static void finish(struct job *j, enum verdict v, const char *fmt, ...)
{
	struct check_ctx *c = j->ctx;
	struct check_result r;
	char detail[1024], digest[65] = "";
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(detail, sizeof(detail), fmt, ap);
	va_end(ap);
	if (j->script.url && verdict_is_failure(v))
		return script_target_failed(j, v, detail);
	if (j->script_failed && n >= 0 && (size_t)n < sizeof(detail))
		snprintf(detail + n, sizeof(detail) - (size_t)n, "; %s",
			 j->script_failed);
	if (j->have_body)
		hex(j->digest, digest);
	memset(&r, 0, sizeof(r));
	r.url = j->orig;
	r.index = j->index;
	r.verdict = v;
	r.status = j->req.status ? j->req.status : j->status;
	if (is_ftp(j->cur))
		r.status = 0;	/* FTP's reply codes are in the detail */
	r.curl_code = j->req.curl_code;
	r.final_url = j->hops ? j->cur : NULL;
	r.chain = j->chain.buf;
	r.detail = detail;
	r.digest = digest;
	r.elapsed_ms = j->req.elapsed_ms;
	r.tries = j->tries + 1;
	c->done(&r, c->data);
	free_job(j);
	c->remaining--;
}

/*
 * No verdict: a hop's host is another worker's (net's host_slot gave the
 * request up).  The link is left for a later claim.
 */
static void finish_deferred(struct job *j)
{
	struct check_ctx *c = j->ctx;
	struct check_result r;

	memset(&r, 0, sizeof(r));
	r.url = j->orig;
	r.index = j->index;
	r.verdict = V__COUNT;
	r.deferred = 1;
	r.chain = r.detail = r.digest = "";
	c->done(&r, c->data);
	free_job(j);
	c->remaining--;
}

static void on_job_done(struct net_request *req, void *data);

/* "Set-Cookie: name=value; ...": name=value into the job's jar. */
static void on_header_line(struct net_request *req, const char *line,
			   size_t len)
{
	struct job *j = req->data;
	const char *v = line + 11, *end = line + len, *eq;
	size_t n;

	if (len < 12 || strncasecmp(line, "Set-Cookie:", 11))
		return;
	while (v < end && (*v == ' ' || *v == '\t'))
		v++;
	for (n = 0; v + n < end && v[n] != ';' && v[n] != '\r' &&
	     v[n] != '\n'; n++)
		;
	eq = memchr(v, '=', n);
	if (!eq || eq == v || memchr(v, ' ', (size_t)(eq - v)))
		return;
	/* A cookie set again replaces its old value. */
	{
		struct strbuf keep = STRBUF_INIT;
		size_t k = (size_t)(eq - v + 1), at = 0;

		while (at < j->cookies.len) {
			size_t e = at + strcspn(j->cookies.buf + at, ";");

			if (e - at < k || memcmp(j->cookies.buf + at, v, k))
				strbuf_addf(&keep, "%s%.*s", keep.len ? "; " : "",
					    (int)(e - at), j->cookies.buf + at);
			at = e + (e < j->cookies.len ? 2 : 0);
		}
		strbuf_addf(&keep, "%s%.*s", keep.len ? "; " : "", (int)n, v);
		strbuf_release(&j->cookies);
		j->cookies = keep;
	}
}

static void submit(struct job *j, const char *url, long delay_ms)
{
	char *host;

	if (url != j->cur) {
		free(j->cur);
		j->cur = xstrdup(url);
	}
	/* Cookies go back only to the host that set them. */
	host = url_get(j->cur, URL_HOST);
	if (!host || !j->cookie_host || strcasecmp(host, j->cookie_host)) {
		strbuf_reset(&j->cookies);
		free(j->cookie_host);
		j->cookie_host = host;
	} else {
		free(host);
	}
	free(j->cookie_hdr);
	j->cookie_hdr = NULL;
	j->hdrs[0] = NULL;
	if (j->cookies.len) {
		j->cookie_hdr = xstrfmt("Cookie: %s", j->cookies.buf);
		j->hdrs[0] = j->cookie_hdr;
	}
	j->req.headers = j->hdrs;
	j->req.header_line = on_header_line;
	j->req.page_only = 1;
	j->req.url = j->cur;
	/* FTP without a body: SIZE or CWD says whether it is there. */
	j->req.head = is_ftp(j->cur);
	j->req.done = on_job_done;
	j->req.data = j;
	j->req.not_before_ms = delay_ms ? net_now_ms() + delay_ms : 0;
	if (net_submit(j->ctx->net, &j->req))
		finish(j, V_SERVER_ERROR, "not a URL libcurl can request");
}

static char *origin_of(const char *url)
{
	CURLU *u = curl_url();
	char *scheme = NULL, *host = NULL, *port = NULL, *ret = NULL;

	if (u && !curl_url_set(u, CURLUPART_URL, url, 0) &&
	    !curl_url_get(u, CURLUPART_SCHEME, &scheme, 0) &&
	    !curl_url_get(u, CURLUPART_HOST, &host, 0)) {
		if (curl_url_get(u, CURLUPART_PORT, &port, 0))
			port = NULL;
		ret = port ? xstrfmt("%s://%s:%s", scheme, host, port) :
			     xstrfmt("%s://%s", scheme, host);
	}
	curl_free(scheme);
	curl_free(host);
	curl_free(port);
	curl_url_cleanup(u);
	return ret;
}

/* "301 -> URL (2 hops)": the first hop's status, where it ends. */
static void finish_hops(struct job *j, enum verdict v, const char *why)
{
	finish(j, v, "%s%.*s -> %s (%d hop%s)%s", why,
	       (int)strcspn(j->chain.buf, " "), j->chain.buf, j->cur, j->hops,
	       j->hops == 1 ? "" : "s",
	       j->sent_on && v == V_REDIRECTED ? "; a suggestion, not a move" :
	       "");
}

static void with_root(struct job *j, struct probe *p);
static void with_probe(struct job *j);

/* The page as it was when its script sent the job on. */
static void keep_script_page(struct job *j)
{
	j->script.url = xstrdup(j->cur);
	j->script.nf_title = j->nf_title ? xstrdup(j->nf_title) : NULL;
	j->script.chain_len = j->chain.len;
	j->script.hops = j->hops;
	j->script.temporary = j->temporary;
	j->script.sent_on = j->sent_on;
	j->script.not_page = j->not_page;
	j->script.status = j->status;
	memcpy(j->script.digest, j->digest, sizeof(j->digest));
	memcpy(j->script.page, j->page, sizeof(j->page));
	memcpy(j->script.skel, j->skel, sizeof(j->skel));
}

/*
 * Where the page's script sent it failed: that URL is the script's, not
 * the link's (a literal read wrong would name one the page never did).
 * The page is judged as if it had no script, the failure said beside.
 */
static void script_target_failed(struct job *j, enum verdict v,
				 const char *detail)
{
	const char *to = j->chain.buf + j->script.chain_len;

	to += strspn(to, "; ");
	to += strcspn(to, " ");
	to += *to == ' ';
	j->script_failed = xstrfmt("its script sends browsers to %.*s, which "
				   "failed (%s: %s): not counted against the "
				   "page", (int)strcspn(to, ";"), to,
				   verdict_name(v), detail);
	free(j->cur);
	j->cur = j->script.url;
	j->script.url = NULL;
	free(j->nf_title);
	j->nf_title = j->script.nf_title;
	j->script.nf_title = NULL;
	strbuf_setlen(&j->chain, j->script.chain_len);
	j->hops = j->script.hops;
	j->temporary = j->script.temporary;
	j->sent_on = j->script.sent_on;
	j->not_page = j->script.not_page;
	j->status = j->script.status;
	j->have_body = 1;
	j->parked = 0;
	j->frag_missing = 0;
	j->home_named = 0;
	memcpy(j->digest, j->script.digest, sizeof(j->digest));
	memcpy(j->page, j->script.page, sizeof(j->page));
	memcpy(j->skel, j->script.skel, sizeof(j->skel));
	net_request_reset(&j->req);
	with_probe(j);
}

/* 1 when the job's first redirect went to url. */
static int first_hop_is(const struct job *j, const char *url)
{
	const char *to = j->chain.buf + strcspn(j->chain.buf, " ");

	to += *to == ' ';
	return strlen(url) == strcspn(to, ";") && !strncmp(to, url, strlen(url));
}

static void conclude(struct job *j, struct probe *p)
{
	const char *same;

	if (j->parked || (p && p->parked))
		return finish(j, V_PARKED, "parked domain");
	/* Where any path of the host lands is no page of its own. */
	if (j->hops && p && p->location && !strcmp(p->location, j->cur))
		return finish(j, V_SOFT404, "redirects to %s, where a random "
			      "path on the host lands too", j->cur);
	/*
	 * Nor, for a deeper page, where any path of the host it left is
	 * sent (issue 45); a home page may follow its host's to another.
	 */
	if (j->hops && j->orig_probe_to && first_hop_is(j, j->orig_probe_to) &&
	    !page_is_root(j->orig) && !page_is_home(j->orig))
		return finish(j, V_SOFT404, "redirects to %s, where a random "
			      "path on the host it left is sent too", j->cur);
	/*
	 * A home page whose every path goes to a page named as another
	 * site's home page (an acquirer's .../homepage.html): the site is
	 * gone, not moved; a host renamed lands on its new root instead.
	 */
	if (j->hops && j->orig_probe_to && first_hop_is(j, j->orig_probe_to) &&
	    page_named_home(j->cur))
		return finish(j, V_SOFT404, "redirects to %s, another site's "
			      "home page, where a random path on the host it "
			      "left is sent too", j->cur);
	/*
	 * The host answers 200 for anything: compare the pages, each
	 * without its own path (a not-found page that echoes it), or what
	 * stays of them (one that differs on every request).
	 */
	if (p && p->status == 200 && j->not_page == p->not_page &&
	    (!memcmp(j->page, p->page, sizeof(j->page)) ||
	     !memcmp(j->skel, p->skel, sizeof(j->skel))))
		return finish(j, V_SOFT404,
			      "same page as a random path on the host");
	/* A not-found page that differs by the path, and says so. */
	if (p && p->status == 200 && p->nf_title && j->nf_title)
		return finish(j, V_SOFT404, "its title says \"%.200s\", as a "
			      "random path's on the host does", j->nf_title);
	if (j->home_named) {
		if (p && p->root_state != PROBE_DONE)
			return with_root(j, p);
		if (p && p->root_final && !strcmp(p->root_final, j->cur))
			return finish(j, V_SOFT404, "redirects to the site's "
				      "home page %s, where the site's root "
				      "lands too", j->cur);
		if (p && p->root_final &&
		    !memcmp(p->root_page, j->page, sizeof(j->page)))
			return finish(j, V_SOFT404, "redirects to the site's "
				      "home page %s, the page the site's root "
				      "serves", j->cur);
		/*
		 * Named "home" or "homepage" the page is one, wherever the
		 * root lands (a site that sends every old path to its new
		 * host's .../homepage.html): a deeper page's successor it
		 * is not.  Other names ("start", "index") need the root.
		 */
		if (page_named_home(j->cur))
			return finish(j, V_SOFT404, "redirects to %s, a page "
				      "named as the site's home page", j->cur);
	}
	if (j->frag_missing && !j->hops)
		return finish(j, V_FRAGMENT_MISSING, "HTTP %ld, but no anchor "
			      "'%s' on the page", j->status,
			      strchr(j->orig, '#') + 1);
	if (!j->hops)
		return finish(j, V_ALIVE, "HTTP %ld", j->status);
	/* Back where it began (a cookie set on the way): no move. */
	if (!strncmp(j->orig, j->cur, strcspn(j->orig, "#")) &&
	    strlen(j->cur) == strcspn(j->orig, "#"))
		return finish_hops(j, V_ALIVE, "the same page: ");
	/* Only https, or a trailing slash: the same page, no move. */
	if ((same = page_same(j->orig, j->cur)))
		return finish_hops(j, V_ALIVE, same[0] == 'h' ?
				   "the same page over https: " :
				   "the same page: ");
	/* No HTTP redirect: where it leads is offered, never patched in. */
	if (j->sent_on)
		return finish_hops(j, V_REDIRECTED, "a page that sends "
				   "browsers elsewhere: ");
	finish_hops(j, j->temporary ? V_REDIRECTED : V_MOVED, "");
}

/* The probe of the host a job left has answered: now its own host's. */
static void orig_answered(struct job *j, struct probe *p)
{
	j->orig_waiting = 0;
	if (!p)
		return finish_deferred(j);
	if (p->location)
		j->orig_probe_to = xstrdup(p->location);
	with_probe(j);
}

/* The jobs waiting on a probe: each concluded, or deferred when p is NULL. */
static void wake(struct job **waiters, struct probe *p)
{
	struct job *j, *next;

	for (j = *waiters, *waiters = NULL; j; j = next) {
		next = j->next_waiting;
		if (j->orig_waiting)
			orig_answered(j, p);
		else if (p)
			conclude(j, p);
		else
			finish_deferred(j);
	}
}

static const char *probe_state_name(enum probe_state s)
{
	static const char *const names[] = {
		[PROBE_NOT_ASKED] = "not asked",
		[PROBE_RUNNING] = "running",
		[PROBE_DONE] = "done",
	};

	return names[s];
}

/*
 * The one place a probe's state changes (as curl's multistate()): with
 * LINKMEND_TRACE set, each change is said on stderr.
 */
static void probe_set(struct probe *p, enum probe_state *st,
		      enum probe_state to)
{
	static int trace = -1;

	if (trace < 0)
		trace = getenv("LINKMEND_TRACE") != NULL;
	if (trace && *st != to)
		fprintf(stderr, "trace: probe %s%s: %s -> %s\n", p->url,
			st == &p->root_state ? " (site root)" : "",
			probe_state_name(*st), probe_state_name(to));
	*st = to;
}

static void on_probe_done(struct net_request *req, void *data)
{
	struct probe *p = data;

	if (req->deferred) {	/* asked again by the next job there */
		net_request_reset(req);
		probe_set(p, &p->state, PROBE_NOT_ASKED);
		wake(&p->waiters, NULL);
		return;
	}
	probe_set(p, &p->state, PROBE_DONE);
	p->status = req->curl_code ? 0 : req->status;
	p->parked = p->status == 200 && page_is_parked(&req->body);
	p->not_page = req->not_page;
	if (p->status >= 300 && p->status < 400 && req->location)
		p->location = xstrdup(req->location);
	page_digest(&req->body, p->url, p->page);
	page_skeleton(&req->body, p->url, p->skel);
	if (p->status == 200 && !p->not_page) {
		char *t = page_not_found_title(&req->body);

		p->nf_title = t != NULL;
		free(t);
	}
	net_request_reset(req);
	wake(&p->waiters, p);
}

static void with_probe(struct job *j)
{
	struct check_ctx *c = j->ctx;
	/* Waiting on the host it left (with_orig_probe()), or its own. */
	char *origin = origin_of(j->orig_waiting ? j->orig : j->cur);
	struct probe *p;
	void **slot;

	if (!origin && j->orig_waiting)
		return orig_answered(j, NULL);
	if (!origin)
		return conclude(j, NULL);
	slot = strmap_put(&c->probes, origin);
	if (!*slot) {
		unsigned long long r = ((unsigned long long)rand() << 31) ^
				       (unsigned long long)rand() ^
				       (unsigned long long)net_now_ms();

		p = xcalloc(1, sizeof(*p));
		p->ctx = c;
		p->url = xstrfmt("%s/linkmend-probe-%016llx", origin, r);
		*slot = p;
	}
	free(origin);
	p = *slot;
	if (p->state == PROBE_DONE && j->orig_waiting)
		return orig_answered(j, p);
	if (p->state == PROBE_DONE)
		return conclude(j, p);
	j->next_waiting = p->waiters;
	p->waiters = j;
	if (p->state == PROBE_NOT_ASKED) {
		probe_set(p, &p->state, PROBE_RUNNING);
		p->req.url = p->url;
		p->req.head = 0;
		p->req.page_only = 1;
		p->req.done = on_probe_done;
		p->req.data = p;
		/* Every 2xx of the host waits for it: first in its queue. */
		p->req.urgent = 1;
		if (net_submit(c->net, &p->req))
			on_probe_done(&p->req, p);
	}
}

/*
 * A job redirected to another host first waits for the probe of the host
 * it left: a redirect every path there takes is no move (a site that
 * sends all its old links to one page of its new host).
 */
static void with_orig_probe(struct job *j)
{
	char *a = origin_of(j->orig), *b = origin_of(j->cur);
	int other = a && b && strcasecmp(a, b);

	free(a);
	free(b);
	if (j->orig_asked || !j->hops || !other)
		return with_probe(j);
	j->orig_asked = 1;
	j->orig_waiting = 1;
	with_probe(j);
}

static void on_root_done(struct net_request *req, void *data)
{
	struct probe *p = data;

	if (req->deferred) {	/* asked again by the next job there */
		net_request_reset(req);
		probe_set(p, &p->root_state, PROBE_NOT_ASKED);
		wake(&p->root_waiters, NULL);
		return;
	}
	/* The root's own redirects, followed (a few: evidence, no job). */
	if (!req->curl_code && req->status >= 300 && req->status < 400 &&
	    req->location && p->root_hops < ROOT_HOPS &&
	    (!strncasecmp(req->location, "http://", 7) ||
	     !strncasecmp(req->location, "https://", 8))) {
		free(p->root_url);
		p->root_url = xstrdup(req->location);
		p->root_hops++;
		net_request_reset(req);
		req->url = p->root_url;
		if (!net_submit(p->ctx->net, req))
			return;
	}
	probe_set(p, &p->root_state, PROBE_DONE);
	if (!req->curl_code && req->status == 200) {
		p->root_final = xstrdup(p->root_url);
		page_digest(&req->body, p->root_url, p->root_page);
	}
	net_request_reset(req);
	wake(&p->root_waiters, p);
}

static void with_root(struct job *j, struct probe *p)
{
	char *origin;

	j->next_waiting = p->root_waiters;
	p->root_waiters = j;
	if (p->root_state != PROBE_NOT_ASKED)
		return;
	probe_set(p, &p->root_state, PROBE_RUNNING);
	origin = origin_of(j->cur);
	if (!origin) {
		probe_set(p, &p->root_state, PROBE_DONE);
		p->root_waiters = NULL;
		return conclude(j, p);
	}
	free(p->root_url);
	p->root_url = xstrfmt("%s/", origin);
	free(origin);
	p->root_req.url = p->root_url;
	p->root_req.page_only = 1;
	p->root_req.done = on_root_done;
	p->root_req.data = p;
	p->root_req.urgent = 1;
	if (net_submit(j->ctx->net, &p->root_req))
		on_root_done(&p->root_req, p);
}

/* NXDOMAIN and a failing resolver look alike to libcurl: ask again. */
static enum verdict dns_verdict(struct check_ctx *c, const char *url)
{
	CURLU *u = curl_url();
	char *host = NULL;
	enum verdict v = V_DNS_ERROR;
	void **slot;

	if (!u || curl_url_set(u, CURLUPART_URL, url, 0) ||
	    curl_url_get(u, CURLUPART_HOST, &host, 0)) {
		curl_url_cleanup(u);
		return V_DNS_ERROR;
	}
	slot = strmap_put(&c->dns, host);
	if (*slot) {
		v = (enum verdict)((size_t)*slot - 1);
	} else {
		struct addrinfo hints, *res = NULL;
		int rc;

		memset(&hints, 0, sizeof(hints));
		hints.ai_socktype = SOCK_STREAM;
		rc = getaddrinfo(host, NULL, &hints, &res);
		if (!rc)
			freeaddrinfo(res);
		v = rc == EAI_NONAME ? V_DNS : V_DNS_ERROR;
		*slot = (void *)(size_t)(v + 1);
	}
	curl_free(host);
	curl_url_cleanup(u);
	return v;
}

static int is_tls_error(int code)
{
	return code == CURLE_SSL_CONNECT_ERROR ||
	       code == CURLE_PEER_FAILED_VERIFICATION ||
	       code == CURLE_SSL_CERTPROBLEM || code == CURLE_SSL_CIPHER ||
	       code == CURLE_SSL_CACERT_BADFILE ||
	       code == CURLE_SSL_ISSUER_ERROR ||
	       code == CURLE_SSL_PINNEDPUBKEYNOTMATCH ||
	       code == CURLE_SSL_INVALIDCERTSTATUS ||
	       code == CURLE_SSL_CRL_BADFILE;
}

static int is_transient_error(int code)
{
	return code == CURLE_OPERATION_TIMEDOUT || code == CURLE_GOT_NOTHING ||
	       code == CURLE_SEND_ERROR || code == CURLE_RECV_ERROR ||
	       code == CURLE_PARTIAL_FILE || code == CURLE_HTTP2 ||
	       code == CURLE_HTTP2_STREAM;
}

/* Retry after a wait, or return 0 when the retries are spent. */
static int retry(struct job *j, long wait_ms)
{
	const struct check_opts *o = j->ctx->o;

	if (j->tries >= o->retries)
		return 0;
	if (wait_ms < 0)
		wait_ms = o->retry_wait_ms << j->tries;
	/* Three Retry-After: 300 would hold a pre-commit hook 15 minutes. */
	if (o->max_wait_ms && j->waited_ms + wait_ms > o->max_wait_ms) {
		j->over_wait = 1;
		return 0;
	}
	j->waited_ms += wait_ms;
	j->tries++;
	submit(j, j->cur, wait_ms);
	return 1;
}

static void on_error(struct job *j)
{
	const struct check_opts *o = j->ctx->o;
	int code = j->req.curl_code;
	const char *msg = *j->req.errbuf ? j->req.errbuf :
			  curl_easy_strerror((CURLcode)code);

	if (j->req.refused || j->req.cut) {
		char *why = net_request_error(&j->req, 1);

		finish(j, j->req.refused ? V_UNSAFE : V_SERVER_ERROR, "%s", why);
		free(why);
		return;
	}
	/* FTP's own answers: no file, no directory, no login. */
	if (is_ftp(j->cur) && (code == CURLE_REMOTE_FILE_NOT_FOUND ||
			       code == CURLE_FTP_COULDNT_RETR_FILE))
		return finish(j, V_GONE, "FTP: no such file");
	if (is_ftp(j->cur) && code == CURLE_REMOTE_ACCESS_DENIED)
		return finish(j, V_GONE, "FTP: no such directory (CWD refused)");
	if (is_ftp(j->cur) && code == CURLE_LOGIN_DENIED)
		return finish(j, V_BLOCKED, "FTP: anonymous login refused");
	/*
	 * A resolver that never answers outlasts the transfer's timeout:
	 * libcurl's name lookup never finished, and no address was tried.
	 */
	if (code == CURLE_OPERATION_TIMEDOUT && !j->req.resolved &&
	    !j->req.primary_ip)
		return finish(j, V_DNS_ERROR, "no answer from DNS (SERVFAIL or timeout)");
	if (code == CURLE_COULDNT_RESOLVE_HOST) {
		if (dns_verdict(j->ctx, j->cur) == V_DNS)
			return finish(j, V_DNS, "NXDOMAIN");
		return finish(j, V_DNS_ERROR, "no answer from DNS (SERVFAIL or timeout)");
	}
	if (code == CURLE_COULDNT_CONNECT)
		return finish(j, V_REFUSED, "connection refused");
	if (is_tls_error(code))
		return finish(j, V_TLS, "TLS: %s", msg);
	/*
	 * A timeout is tried again TIMEOUT_RETRIES times, and not at all on
	 * a host that has answered nothing yet.
	 */
	if (code == CURLE_OPERATION_TIMEDOUT) {
		if (j->tries < TIMEOUT_RETRIES &&
		    !net_silence_is(&j->ctx->silence, j->cur) &&
		    retry(j, -1))
			return;
	} else if (is_transient_error(code) && retry(j, -1)) {
		return;
	}
	if (code == CURLE_OPERATION_TIMEDOUT)
		return finish(j, V_TIMEOUT, "timed out after %ld ms, %d tr%s",
			      o->net.timeout_ms, j->tries + 1,
			      j->tries ? "ies" : "y");
	finish(j, V_SERVER_ERROR, "%s", msg);
}

/* A redirect (or a meta refresh) to where: a hop, or the verdict. */
static void hop(struct job *j, long s, const char *to, const char *what)
{
	const struct check_opts *o = j->ctx->o;
	char *key = xstrfmt("%s\t%s", to, j->cookies.buf);
	size_t i;

	/* A loop: the same URL with the same cookies as before. */
	for (i = 0; i < j->nseen; i++)
		if (!strcmp(j->seen[i], key)) {
			free(key);
			return finish(j, V_SERVER_ERROR, "redirect loop after %d "
				      "hop%s", j->hops, j->hops == 1 ? "" : "s");
		}
	free(key);
	if (strncasecmp(to, "http://", 7) && strncasecmp(to, "https://", 8))
		return finish(j, V_UNSAFE, "%ld to %.*s: not followed (only "
			      "http and https are)", s, (int)strcspn(to, ":"), to);
	if (j->hops >= o->max_hops)
		return finish(j, V_SERVER_ERROR, "more than %d redirects",
			      o->max_hops);
	ALLOC_GROW(j->seen, j->nseen + 1, j->aseen);
	j->seen[j->nseen++] = xstrfmt("%s\t%s", j->cur, j->cookies.buf);
	j->hops++;
	if (s != 301 && s != 308)
		j->temporary = 1;
	strbuf_addf(&j->chain, "%s%s %s", j->chain.len ? "; " : "", what, to);
	j->tries = 0;
	submit(j, to, 0);
}

static int same_host(const char *a, const char *b)
{
	char *ha = url_get(a, URL_HOST), *hb = url_get(b, URL_HOST);
	int same = ha && hb && !strcasecmp(ha, hb);

	free(ha);
	free(hb);
	return same;
}

/* A 2xx page: what it says, then the host's probe. */
static void on_page(struct job *j, struct net_request *req)
{
	char *frag, *refresh;

	j->status = req->status;
	j->have_body = 1;
	j->not_page = req->not_page;
	memcpy(j->digest, req->digest, sizeof(j->digest));
	page_digest(&req->body, j->cur, j->page);
	page_skeleton(&req->body, j->cur, j->skel);
	free(j->nf_title);
	j->nf_title = req->not_page ? NULL : page_not_found_title(&req->body);
	j->parked = page_is_parked(&req->body);
	if (!req->not_page) {
		const char *how = "meta-refresh";

		refresh = page_meta_refresh(&req->body, j->cur);
		if (!refresh && !j->parked &&
		    (refresh = page_script_redirect(&req->body, j->cur)))
			how = "script";
		if (refresh && strcmp(refresh, j->cur)) {
			if (*how == 's' && !j->script.url)
				keep_script_page(j);
			if (!same_host(refresh, j->cur))
				j->sent_on = how;
			hop(j, 200, refresh, how);
			free(refresh);
			return;
		}
		free(refresh);
	}
	if (!req->not_page && !req->body_capped &&
	    (frag = page_fragment(j->orig))) {
		j->frag_missing = !page_has_anchor(&req->body, frag);
		free(frag);
	}
	/* Where a redirect ends at the site root, the page is lost. */
	if (j->hops && page_is_root(j->cur) && !page_is_root(j->orig))
		return finish(j, V_SOFT404, "redirects to the site root %s", j->cur);
	/* Evidence follows (conclude()): a name is none. */
	if (j->hops && page_is_home(j->cur) && !page_is_home(j->orig) &&
	    !page_is_root(j->orig))
		j->home_named = 1;
	if (j->hops && page_is_error(j->cur) && !page_is_error(j->orig))
		return finish(j, V_SOFT404, "redirects to an error page %s",
			      j->cur);
	with_orig_probe(j);
}

static void on_job_done(struct net_request *req, void *data)
{
	struct job *j = data;
	const struct check_opts *o = j->ctx->o;
	long s = req->status;

	if (req->deferred)
		return finish_deferred(j);
	if (req->skipped)
		return finish(j, V_TIMEOUT, "not asked: the host has answered "
			      "no request of this run, and one timed out after "
			      "%ld ms", o->net.timeout_ms);
	net_silence_note(&j->ctx->silence, req);
	if (req->curl_code)
		return on_error(j);
	/* FTP: its reply codes are no HTTP statuses; there it is. */
	if (is_ftp(j->cur))
		return finish(j, V_ALIVE, "FTP: %s there",
			      j->cur[strlen(j->cur) - 1] == '/' ? "directory" :
			      "file");
	if (s >= 300 && s < 400 && s != 304) {
		char st[8];

		if (!req->location)
			return finish(j, V_SERVER_ERROR, "%ld without Location", s);
		snprintf(st, sizeof(st), "%ld", s);
		return hop(j, s, req->location, st);
	}
	if (s == 429) {
		long ra = req->retry_after_s;

		if (ra > o->max_retry_after_s)
			return finish(j, V_BLOCKED, "429, Retry-After %ld is over %ld",
				      ra, o->max_retry_after_s);
		if (retry(j, ra >= 0 ? ra * 1000 : -1))
			return;
		return finish(j, V_BLOCKED, "429, Retry-After %ld, gave up after %d "
			      "tries%s", ra, j->tries + 1, j->over_wait ?
			      " (waiting more would pass --max-wait)" : "");
	}
	if (s >= 500 && s != 999) {
		if (retry(j, -1))
			return;
		return finish(j, V_SERVER_ERROR, "HTTP %ld, %d tr%s", s,
			      j->tries + 1, j->tries ? "ies" : "y");
	}
	if (s == 404 || s == 410)
		return finish(j, V_GONE, "HTTP %ld", s);
	if (s == 401 || s == 403 || s == 999)
		return finish(j, V_BLOCKED, "HTTP %ld", s);
	if (s >= 400 || s < 200)
		return finish(j, V_GONE, "HTTP %ld", s);
	on_page(j, req);
}

static void free_probe(void *p)
{
	struct probe *pr = p;

	net_request_reset(&pr->req);
	net_request_reset(&pr->root_req);
	free(pr->url);
	free(pr->location);
	free(pr->root_url);
	free(pr->root_final);
	free(pr);
}

int check_urls(const char *const *urls, size_t n, const struct check_opts *o,
	       volatile sig_atomic_t *stop,
	       void (*done)(const struct check_result *r, void *data),
	       void (*tick)(void *data), void *data)
{
	struct check_ctx c;
	struct net_opts no;
	size_t i;
	int ret;

	memset(&c, 0, sizeof(c));
	c.o = o;
	c.done = done;
	c.data = data;
	net_silence_init(&c.silence, SILENT_AFTER);
	no = o->net;
	no.host_skip = net_silence_skip;
	no.host_skip_data = &c.silence;
	c.net = net_new(&no);
	srand((unsigned)(time(NULL) ^ getpid()));
	c.jobs = xcalloc(n ? n : 1, sizeof(*c.jobs));
	for (i = 0; i < n; i++)
		c.jobs[i] = xcalloc(1, sizeof(**c.jobs));
	for (i = 0; i < n; i++) {
		struct job *j = c.jobs[i];

		j->ctx = &c;
		j->index = i;
		j->orig = urls[i];
		strbuf_init(&j->chain, 0);
		strbuf_init(&j->cookies, 0);
		c.remaining++;
		submit(j, urls[i], 0);
	}
	ret = net_run(c.net, stop, tick, data);
	/*
	 * After a stop, the jobs still queued or running are abandoned
	 * unreported: their URLs stay unchecked for the next run.
	 */
	net_free(c.net);
	for (i = 0; i < n; i++)
		if (c.jobs[i])
			free_job(c.jobs[i]);
	free(c.jobs);
	strmap_clear(&c.probes, free_probe);
	strmap_clear(&c.dns, NULL);
	net_silence_clear(&c.silence);
	return ret;
}
