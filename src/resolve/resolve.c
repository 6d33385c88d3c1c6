// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <curl/curl.h>
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <openssl/evp.h>

#include "../lib/settings.h"
#include "../check/check.h"
#include "../check/link.h"
#include "../check/page.h"
#include "../lib/json.h"
#include "../lib/strbuf.h"
#include "../lib/strmap.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "../net/net.h"
#include "../net/silence.h"
#include "../archive/wacz.h"
#include "../archive/warc.h"
#include "archive.h"
#include "../rewrite/keep.h"
#include "blame.h"
#include "cdxgroup.h"
#include "dating.h"
#include "likeness.h"
#include "pattern.h"
#include "suggest.h"
#include "../rewrite/rewrite.h"
#include "../rewrite/purpose.h"
#include "../store/store.h"
#include "../url/surt.h"
#include "../url/url.h"
#include "resolve.h"

/* A dead host this many letters or fewer from a live one is a typo. */
#define TYPO_DISTANCE 2
/* A host moved when most of its URLs, and at least this many, moved. */
#define MIGRATION_MIN 2
/*
 * A capture that replays badly is rejected and the next nearest asked;
 * this many times at most, so a broken archive cannot keep us forever.
 */
#define REPLAY_ROUNDS 5

struct occ {
	char *path;
	char *text;		/* the URL as the file has it */
	unsigned line;
	long long start;
	int truncated;
	enum context ctx;
	long long date;
	char source[96];	/* where the date came from */
	char *replacement;
	enum kind kind;		/* K__COUNT until decided */
	const char *via;	/* the evidence's tag (resolve.h), or NULL */
	struct strbuf evidence;
	enum keep_reason kept;	/* no patch will change it, whatever it finds */
	const char *owner;	/* whose text it is (keep_owner()), or NULL */
	char *owner_why;	/* and the evidence */
};

/*
 * A page that may be where a dead one lives now (issue 45), from one
 * piece of evidence; a move only once it answers 200 now, is no home
 * page, no catch-all's landing, and carries the old page's title.
 */
struct cand {
	char *url;		/* as the evidence names it */
	const char *via;	/* the evidence's tag (resolve.h) */
	char *how;		/* the evidence, a sentence */
	char *cur;		/* where its redirects led so far */
	int hops;
	long status;		/* of cur; 0 when it did not answer */
	char *title;		/* cur's <title>, or NULL */
	unsigned char sha[32];	/* SHA-256 of its body */
	size_t len;		/* of its body */
	struct shingles text;	/* its visible text's (likeness.h) */
	int parked;
};

/* Redirects of a candidate followed, as a browser would. */
#define CAND_HOPS 5

/* A link (check's model: URL, id, checks) and what resolve finds for it. */
struct target {
	struct link l;
	struct occ *occ;
	size_t nocc, aocc;
	int failures, dead;
	/* The archive look-ups. */
	char *cdx_key;
	struct captures caps;
	int cdx_failed;
	char born[15];		/* the host's first capture, or "" */
	size_t early;		/* captures before it, not offered */
	char published[15];	/* the date its path gives, or "" */
	size_t unpublished;	/* captures before that, not offered */
	char *cdx_error;
	struct captures mementos;
	struct captures local;	/* in the project's own collection */
	/* Guesses, each a replacement only once it checks alive. */
	char *suggest;		/* did-you-mean */
	int suggest_alive;
	char *migrated;		/* the host's domain moved */
	int migrated_alive;
	char *migration;	/* "old -> new (k of n moved)" */
	char *lore;		/* the message on lore.kernel.org */
	int lore_alive;
	char *twin;
	int http_ok, https_ok;
	unsigned char http_digest[32], https_digest[32];
	/* Successors from evidence, in the order they are preferred. */
	struct cand *cands;
	size_t ncands, acands;
	long moved_cap;		/* the capture whose redirect was replayed */
	struct last_root *gone;	/* its gone host's root as last captured */
	long old_cap;		/* the last good capture, its title asked */
	struct shingles *texts;	/* of each replayed capture, or NULL */
	/*
	 * Where its live permanent redirects lead, on another site and not
	 * yet shown to be the page (offsite_of()): it is looked up as a
	 * dead link is, this its first candidate.  NULL: none.
	 */
	char *offsite;
	char *cross;		/* why a redirect to another site is trusted */
	/* How its captures' content changed (compare_latest()). */
	struct capture_changes changed;
	long latest;		/* its latest good capture, or -1 */
};

/*
 * A gone host's root as the Web Archive saw it (issue 45, 2.): its
 * captures, looked up with the host's dead pages (look_up()), and, when
 * the last of them is a permanent redirect, where it went (one replay a
 * site, cached).
 */
struct last_root {
	char *root;		/* scheme://host/, as a dead link wrote it */
	char *query;		/* its look-up: the cache's key */
	char *answer;		/* its CDX reply, or NULL */
	int wanted;		/* a dead link of it may have moved with it */
	char ts[15];		/* the capture replayed, or "" */
	char *original;		/* its URL as archived */
	int status;		/* its status (301 or 308) */
	char *replay;		/* its replay: the cache's key */
	char *to;		/* where it redirected, or NULL */
};

/* A host's first capture of its home page: the site is no older. */
struct birth {
	char *key;		/* its CDX query */
	char ts[15];		/* "" while unknown */
};

struct resolver {
	struct resolve_opts o;
	struct store *st;
	struct target *t;
	size_t nr, alloc;
	struct strmap by_id;
	struct birth *births;	/* find_births() */
	size_t nbirths, abirths;
	int failed;		/* the store failed a read mid-way */
	/* Progress of the requests of one phase (run_net()). */
	const char *phase;
	size_t asked, answered;
	long long phase_ms;
	struct req **reqs;	/* this phase's, freed by run_net() */
	size_t nreqs, areqs;
	struct lookups *lu;	/* look_up()'s */
	int replay_page;	/* the collection is a static replay page's */
	/*
	 * What each host asked (an archive, mostly) did with this run's
	 * requests, across phases.
	 */
	struct net_silence silence;
	struct net *net;	/* the phase's, for a candidate's next hop */
	struct strmap origins;	/* "scheme://host" -> struct origin */
	struct strmap last_roots;	/* home_key() -> struct last_root */
};

/* What a dead link's host says of all its paths, asked once a host. */
struct origin {
	char *root;		/* scheme://host/ */
	long root_status;
	char *root_to;		/* where the root redirects, or NULL */
	char *probe_to;		/* where a random path redirects, or NULL */
	int probed;		/* a random path asked */
	long probe_status;
	char *probe_title;	/* a random path's page's <title>, or NULL */
};

/*
 * One CDX query of a host's captures whose last path segment is one of
 * its dead links' (issue 45: a site that moved a page keeps its name),
 * shared by the links that search that host.
 */
struct search {
	char *host;
	struct strbuf rx;	/* the urlkey filter's alternatives */
	size_t nsegs;
	char *query;		/* the CDX URL: the look-up cache's key */
	char *answer;		/* its CDX reply, or NULL */
};

/* Most segments in one search, and most characters of its filter. */
#define SEARCH_MAX_SEGS 40
#define SEARCH_MAX_FILTER 1000
/* A name found in more places than this says nothing. */
#define SEARCH_MAX_FOUND 3

/*
 * A host that has answered no request of this run and let two time out
 * is silent: it is asked no more this run (as check treats a host), for
 * each request would cost the whole timeout.  Two, not check's one: an
 * archive's first look-up may be a heavy prefix query that stalls where
 * the next would be answered.
 */
#define SILENT_TIMEOUTS 2

/* Why a request went unanswered, for the evidence. */
static char *request_error(const struct resolver *c,
			   const struct net_request *nr)
{
	if (nr->skipped)
		return xstrfmt("not asked: the host answered no request of "
			       "this run, and %d timed out after %ld ms",
			       SILENT_TIMEOUTS, c->o.net.timeout_ms);
	return net_request_error(nr, 1);
}

/* Stopped by the user (SIGINT): nothing more is asked or decided. */
static int stopped(const struct resolver *c)
{
	return c->o.stop && *c->o.stop;
}

static struct target *target_of(struct resolver *c, long long id,
				const char *url, const char *host)
{
	char key[32];
	void **slot;
	struct target *t;

	snprintf(key, sizeof(key), "%lld", id);
	slot = strmap_put(&c->by_id, key);
	if (*slot)
		return &c->t[(size_t)*slot - 1];
	if (!url)
		return NULL;
	ALLOC_GROW(c->t, c->nr + 1, c->alloc);
	t = &c->t[c->nr++];
	memset(t, 0, sizeof(*t));
	t->l.id = id;
	t->l.url = xstrdup(url);
	t->l.host = xstrdup(host);
	*slot = (void *)c->nr;
	return t;
}

static int load_occ(const struct store_url_occ *o, void *data)
{
	struct resolver *c = data;
	struct target *t;
	struct occ *x;

	if (!context_is_checked(o->context) ||
	    (o->flags & (OCC_PLACEHOLDER | OCC_EXAMPLE)))
		return 0;
	t = target_of(c, o->url_id, o->url, o->host);
	ALLOC_GROW(t->occ, t->nocc + 1, t->aocc);
	x = &t->occ[t->nocc++];
	memset(x, 0, sizeof(*x));
	x->path = xstrdup(o->path);
	x->text = xstrdup(o->text);
	x->line = o->line;
	x->start = o->start;
	x->truncated = !!(o->flags & OCC_TRUNCATED);
	x->ctx = o->context;
	x->kind = K__COUNT;
	strbuf_init(&x->evidence, 0);
	return 0;
}

static int load_check(const struct store_check *sc, void *data)
{
	struct resolver *c = data;
	struct target *t = target_of(c, sc->url_id, NULL, NULL);

	if (t)
		link_add_check(&t->l, sc);
	return 0;
}

static void day(long long t, char out[11])
{
	time_t tt = (time_t)t;
	struct tm tm;

	gmtime_r(&tt, &tm);
	strftime(out, 11, "%Y-%m-%d", &tm);
}

/* When each line entered the tree: its date, and where that comes from. */
static void date_occ(const struct resolver *c, struct occ *o,
		     const struct blame_file *f, size_t j)
{
	if (!f->ret && f->dates[j]) {
		o->date = f->dates[j];
		/*
		 * The history's first commit may be an import: its date is
		 * when the history begins, not when the line was written.
		 */
		snprintf(o->source, sizeof(o->source), "git blame %.12s%s",
			 f->commits[j], f->first[j] ?
			 ", the history's first commit" : "");
	} else if (c->o.date) {
		o->date = c->o.date;
		snprintf(o->source, sizeof(o->source), "--date");
	} else {
		o->date = c->o.now;
		snprintf(o->source, sizeof(o->source), "no date known: today");
	}
}

/*
 * When each dead URL entered its file, by one reading of the history of
 * the files that hold them (dating.h); what that cannot say is left to
 * git blame of its line.  The count of each for bench/dating.sh.
 */
static size_t date_urls(struct resolver *c, size_t *n_urls)
{
	struct dating_item *v = NULL;
	struct occ **who = NULL;
	size_t i, k, n = 0, a = 0, dated = 0;

	*n_urls = 0;
	for (i = 0; i < c->nr; i++)
		for (k = 0; c->t[i].dead && k < c->t[i].nocc; k++) {
			struct occ *o = &c->t[i].occ[k];

			o->date = 0;
			if (o->kept != KEEP_NONE)
				continue;
			ALLOC_GROW(v, n + 1, a);
			who = xrealloc(who, a * sizeof(*who));
			memset(&v[n], 0, sizeof(v[n]));
			v[n].path = o->path;
			v[n].url = o->text;
			who[n++] = o;
		}
	*n_urls = n;
	if (c->o.root && n && !dating_run(c->o.root, v, n, c->o.progress))
		for (i = 0; i < n; i++) {
			if (!v[i].date)
				continue;
			who[i]->date = v[i].date;
			snprintf(who[i]->source, sizeof(who[i]->source),
				 "git log %.12s%s", v[i].commit, v[i].first ?
				 ", the history's first commit" : "");
			dated++;
		}
	free(v);
	free(who);
	return dated;
}

/*
 * The dates the dead URLs' lines entered the tree: first by the URLs' own
 * history, then one git blame per file for the rest, as many at once as
 * there are CPUs (-j at most).
 */
static void find_dates(struct resolver *c)
{
	struct strmap files = STRMAP_INIT;
	struct blame_file *f = NULL;
	struct occ ***who = NULL;
	struct timespec t0, t1, t2;
	size_t i, k, j, nf = 0, af = 0, nlines = 0, nfiles = 0, nurls, by_log;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	int jobs = c->o.net.max_total > 0 && c->o.net.max_total < cpus ?
		   c->o.net.max_total : (int)cpus;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	by_log = date_urls(c, &nurls);
	clock_gettime(CLOCK_MONOTONIC, &t2);
	/* Count each file's undated lines, then fill; value is index + 1. */
	for (i = 0; i < c->nr; i++)
		for (k = 0; c->t[i].dead && k < c->t[i].nocc; k++) {
			void **slot;

			if (c->t[i].occ[k].date ||
			    c->t[i].occ[k].kept != KEEP_NONE)
				continue;
			slot = strmap_put(&files, c->t[i].occ[k].path);

			if (!*slot) {
				ALLOC_GROW(f, nf + 1, af);
				memset(&f[nf], 0, sizeof(f[nf]));
				f[nf].path = c->t[i].occ[k].path;
				*slot = (void *)(++nf);
			}
			f[(size_t)*slot - 1].n++;
		}
	who = xcalloc(nf ? nf : 1, sizeof(*who));
	for (j = 0; j < nf; j++) {
		f[j].lines = xcalloc(f[j].n, sizeof(*f[j].lines));
		f[j].dates = xcalloc(f[j].n, sizeof(*f[j].dates));
		f[j].commits = xcalloc(f[j].n, sizeof(*f[j].commits));
		f[j].first = xcalloc(f[j].n, sizeof(*f[j].first));
		who[j] = xcalloc(f[j].n, sizeof(**who));
		f[j].n = 0;
		f[j].ret = -1;
	}
	for (i = 0; i < c->nr; i++)
		for (k = 0; c->t[i].dead && k < c->t[i].nocc; k++) {
			struct occ *o = &c->t[i].occ[k];

			/* Dated by its URL's history, or kept: no blame. */
			if (o->kept != KEEP_NONE || o->date)
				continue;
			j = (size_t)strmap_get(&files, o->path) - 1;
			who[j][f[j].n] = o;
			f[j].lines[f[j].n++] = o->line;
		}
	if (c->o.root && nf)
		blame_files(c->o.root, f, nf, jobs);
	for (j = 0; j < nf; j++) {
		for (k = 0; k < f[j].n; k++)
			date_occ(c, who[j][k], &f[j], k);
		nfiles += !f[j].ret;
		nlines += f[j].ret ? 0 : f[j].n;
		free(f[j].lines);
		free(f[j].dates);
		free(f[j].commits);
		free(f[j].first);
		free(who[j]);
	}
	free(who);
	free(f);
	strmap_clear(&files, NULL);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	/* What a long history costs: bench/dating.sh reads these lines. */
	if (!c->o.quiet && nurls)
		fprintf(stderr, "resolve: %zu of %zu links dated by their "
			"history in %.2f s\n", by_log, nurls,
			(double)(t2.tv_sec - t0.tv_sec) +
			(double)(t2.tv_nsec - t0.tv_nsec) / 1e9);
	if (!c->o.quiet && nfiles)
		fprintf(stderr, "resolve: %zu lines in %zu files dated by git "
			"blame in %.2f s\n", nlines, nfiles,
			(double)(t1.tv_sec - t2.tv_sec) +
			(double)(t1.tv_nsec - t2.tv_nsec) / 1e9);
}

/* ---- did-you-mean ---- */

/* A host is live when one of the tree's checked links there answers. */
static int live_verdict(enum verdict v)
{
	return v != V__COUNT && !verdict_is_failure(v) && v != V_BLOCKED;
}

static int on_host_verdict(const char *host, enum context context,
			   unsigned flags, enum verdict verdict, void *data)
{
	if (context_is_checked(context) &&
	    !(flags & (OCC_PLACEHOLDER | OCC_EXAMPLE)) &&
	    verdict != V__COUNT && live_verdict(verdict))
		*strmap_put(data, host) = (void *)1;
	return 0;
}

/*
 * The tree's live hosts: those of its links loaded, or, when a worker
 * loaded only the hosts it holds, all of the tree's from the store.
 */
static int live_hosts(struct resolver *c, struct strmap *live)
{
	size_t i;

	if (store_hosts_limited(c->st))
		return store_each_tree_host_verdict(c->st, on_host_verdict,
						    live);
	for (i = 0; i < c->nr; i++)
		if (live_verdict(link_verdict(&c->t[i].l)))
			*strmap_put(live, c->t[i].l.host) = (void *)1;
	return 0;
}

static void suggest_hosts(struct resolver *c)
{
	struct strmap live = STRMAP_INIT;
	struct strmap_entry *e;
	size_t i;
	int loaded = 0;

	for (i = 0; i < c->nr; i++) {
		struct target *t = &c->t[i];
		const char *best = NULL;
		int bestd = TYPO_DISTANCE + 1;

		if (!t->dead || link_verdict(&t->l) != V_DNS)
			continue;
		if (!loaded++ && live_hosts(c, &live)) {
			c->failed = -1;
			break;
		}
		strmap_for_each(&live, e) {
			int d;

			if (!strcmp(e->key, t->l.host))
				continue;
			d = edit_distance(t->l.host, e->key, TYPO_DISTANCE);
			if (d < bestd || (d == bestd && best && strcmp(e->key, best) < 0)) {
				bestd = d;
				best = e->key;
			}
		}
		if (best)
			t->suggest = url_with_host(t->l.url, best);
	}
	strmap_clear(&live, NULL);
}

static void on_guess(const struct check_result *r, void *data)
{
	struct resolver *c = data;
	int alive = r->verdict == V_ALIVE;
	size_t i;

	for (i = 0; i < c->nr; i++) {
		struct target *t = &c->t[i];

		if (t->suggest && !strcmp(t->suggest, r->url))
			t->suggest_alive = alive;
		if (t->migrated && !strcmp(t->migrated, r->url))
			t->migrated_alive = alive;
		if (t->lore && !strcmp(t->lore, r->url))
			t->lore_alive = alive;
	}
}

static void tick(void *data)
{
	struct resolver *c = data;

	if (c->o.tick)
		c->o.tick(c->o.tick_data);
}

/* Every guess is checked like any link before it may replace one. */
static void check_guesses(struct resolver *c)
{
	const char **urls = xcalloc(3 * c->nr + 1, sizeof(*urls));
	struct check_opts o;
	size_t i, n = 0;

	for (i = 0; i < c->nr; i++) {
		if (c->t[i].suggest)
			urls[n++] = c->t[i].suggest;
		if (c->t[i].migrated)
			urls[n++] = c->t[i].migrated;
		if (c->t[i].lore)
			urls[n++] = c->t[i].lore;
	}
	check_opts_init(&o);
	o.net = c->o.net;
	if (n)
		check_urls(urls, n, &o, c->o.stop, on_guess, tick, c);
	free(urls);
}

/*
 * Domain migrations: most checked URLs of a host moved to one other
 * host.  Its dead URLs are then guessed there, path for path.
 */
static void find_migrations(struct resolver *c)
{
	struct strmap hosts = STRMAP_INIT;
	struct strmap_entry *e;
	size_t i;

	for (i = 0; i < c->nr; i++)
		if (c->t[i].l.have_last)
			*strmap_put(&hosts, c->t[i].l.host) = (void *)1;
	strmap_for_each(&hosts, e) {
		struct strmap to = STRMAP_INIT;
		struct strmap_entry *k;
		const char *best = NULL;
		size_t n = 0, most = 0;

		for (i = 0; i < c->nr; i++) {
			struct target *t = &c->t[i];
			char *h;
			void **slot;

			if (!t->l.have_last || strcmp(t->l.host, e->key))
				continue;
			n++;
			/* A redirect not shown to be the page's moves no host. */
			if (link_verdict(&t->l) != V_MOVED || !t->l.last.final_url ||
			    t->offsite ||
			    !(h = url_get(t->l.last.final_url, URL_HOST)))
				continue;
			if (strcmp(h, e->key)) {
				slot = strmap_put(&to, h);
				*slot = (void *)((size_t)*slot + 1);
			}
			free(h);
		}
		strmap_for_each(&to, k)
			if ((size_t)k->value > most ||
			    ((size_t)k->value == most && best &&
			     strcmp(k->key, best) < 0)) {
				most = (size_t)k->value;
				best = k->key;
			}
		if (best && most >= MIGRATION_MIN && 2 * most > n) {
			for (i = 0; i < c->nr; i++) {
				struct target *t = &c->t[i];

				if (!t->dead || t->offsite ||
				    strcmp(t->l.host, e->key))
					continue;
				t->migrated = url_with_host(t->l.url, best);
				t->migration = xstrfmt("%s -> %s (%zu of %zu checked "
						       "URLs moved there)", e->key,
						       best, most, n);
			}
			if (!c->o.quiet)
				fprintf(stderr, "resolve: domain migration %s -> %s "
					"(%zu of %zu checked URLs moved there)\n",
					e->key, best, most, n);
		}
		strmap_clear(&to, NULL);
	}
	strmap_clear(&hosts, NULL);
}

/* ---- requests to archives and twins ---- */

struct req {
	struct net_request r;
	struct resolver *c;
	struct target *t;
	int kind;		/* REQ_CDX, REQ_REPLAY, REQ_MEMENTO, REQ_TWIN_HTTP/HTTPS */
	long capture;		/* for REQ_REPLAY; the birth for REQ_BIRTH;
				   the group for REQ_CDX_GROUP */
	struct lookup *lk;	/* for REQ_CDX */
	struct origin *origin;	/* for REQ_HOST_ROOT and REQ_HOST_PROBE */
	struct search *search;	/* for REQ_SEARCH */
	struct last_root *root;	/* for REQ_LAST_ROOT_MOVE */
	int answered;		/* done() ran; else abandoned by a stop */
};

enum { REQ_CDX, REQ_REPLAY, REQ_MEMENTO, REQ_TWIN_HTTP, REQ_TWIN_HTTPS,
       REQ_PAGE, REQ_BIRTH, REQ_MEMENTO_REPLAY, REQ_CDX_GROUP,
       REQ_ARCH_MOVE, REQ_OLD_PAGE, REQ_CAND, REQ_HOST_ROOT,
       REQ_HOST_PROBE, REQ_SEARCH, REQ_LAST_ROOT_MOVE };

/*
 * One CDX look-up of a page, shared by every link that needs it (the same
 * URL with another fragment): its answer, a CDX reply, or why none.
 */
struct lookup {
	char *key;		/* its own CDX query: the cache's key */
	const char *url;	/* the page, as the first link wrote it */
	char *answer;
	char *error;
};

struct lookups {
	struct strmap by_key;	/* of struct lookup */
	struct lookup **pending;	/* to ask: the plan's pages */
	size_t npending, apending;
	struct cdx_plan plan;
	size_t *retry;		/* pages of groups that failed */
	size_t nretry, aretry;
};

static long latest_capture(const struct captures *cs, int st);

static char *strip_fragment(const char *url)
{
	const char *h = strchr(url, '#');

	return h ? xstrndup(url, (size_t)(h - url)) : xstrdup(url);
}

static void on_req(struct net_request *nr, void *data);

/* The request queued on n, or NULL when net refused it. */
static struct req *submit(struct net *n, struct resolver *c, struct target *t,
			  int kind, char *url, long capture)
{
	struct req *q = xcalloc(1, sizeof(*q));

	q->c = c;
	q->t = t;
	q->kind = kind;
	q->capture = capture;
	q->r.url = url;
	q->r.head = 0;
	q->r.done = on_req;
	q->r.data = q;
	if (net_submit(n, &q->r)) {
		free(url);
		free(q);
		return NULL;
	}
	c->asked++;
	ALLOC_GROW(c->reqs, c->nreqs + 1, c->areqs);
	c->reqs[c->nreqs++] = q;
	return q;
}

static void progress_tick(void *data)
{
	struct resolver *c = data;
	double secs = (double)(net_now_ms() - c->phase_ms) / 1000.0;
	double rate = secs > 0 ? (double)c->answered / secs : 0;

	if (c->o.tick)
		c->o.tick(c->o.tick_data);
	if (!c->o.progress)
		return;
	fprintf(stderr, "\rresolve: %s %zu/%zu  %.1f/s  ETA %.0fs   ", c->phase,
		c->answered, c->asked, rate,
		rate > 0 ? (double)(c->asked - c->answered) / rate : 0.0);
}

/* The requests queued on n, run and freed; progress said on a terminal. */
static void run_net(struct resolver *c, struct net *n, const char *phase)
{
	size_t before = c->asked, i;

	if (c->o.stats)
		c->o.stats->asked += c->asked;
	c->phase = phase;
	c->phase_ms = net_now_ms();
	if (c->asked && !stopped(c))
		net_run(n, c->o.stop, progress_tick, c);
	if (c->o.progress && before)
		fprintf(stderr, "\rresolve: %s %zu/%zu%*s\n", phase,
			c->answered, before, 24, "");
	net_free(n);
	for (i = 0; i < c->nreqs; i++) {
		if (!c->reqs[i]->answered)
			net_request_reset(&c->reqs[i]->r);
		free(c->reqs[i]->r.url);
		free(c->reqs[i]);
	}
	c->nreqs = 0;
	c->asked = c->answered = 0;
}

/* Bodies compared for an upgrade: the scheme in links and spacing vary. */
static void twin_digest(const struct strbuf *b, unsigned char out[32])
{
	struct strbuf norm = STRBUF_INIT;
	size_t i;
	unsigned int dl;

	for (i = 0; i < b->len; i++) {
		if (isspace((unsigned char)b->buf[i]))
			continue;
		if (b->len - i >= 8 && !memcmp(b->buf + i, "https://", 8)) {
			strbuf_add(&norm, "http://", 7);
			i += 7;
			continue;
		}
		strbuf_addch(&norm, b->buf[i]);
	}
	EVP_Digest(norm.buf, norm.len, out, &dl, EVP_sha256(), NULL);
	strbuf_release(&norm);
}

static int parked_page(const struct strbuf *b)
{
	return b->len && (strstr(b->buf, "domain is for sale") ||
			  strstr(b->buf, "domain may be for sale") ||
			  strstr(b->buf, "This domain is for sale"));
}

static void lookup_answer(struct resolver *c, struct lookup *lk,
			  struct net_request *nr, int ok)
{
	struct captures valid = { NULL, 0, 0 };

	if (!ok || cdx_parse(lk->url, nr->body.buf, &valid)) {
		free(lk->error);
		lk->error = nr->curl_code ? request_error(c, nr) :
			ok ? xstrdup("not a CDX reply") :
			xstrfmt("HTTP %ld", nr->status);
	} else {
		lk->answer = xstrdup(nr->body.buf);
		store_put_lookup(c->st, lk->key, c->o.now, lk->answer);
	}
	captures_release(&valid);
}

/* Each member's share of a group's answer; a failed group is asked again
 * page by page. */
static void group_answer(struct resolver *c, const struct cdx_group *g,
			 struct net_request *nr, int ok)
{
	struct lookups *lu = c->lu;
	char **rep = xcalloc(g->nmembers, sizeof(*rep));
	size_t m;

	if (ok && !cdxgroup_split(g, nr->body.buf, rep)) {
		for (m = 0; m < g->nmembers; m++) {
			struct lookup *lk = lu->pending[g->page[m]];

			store_put_lookup(c->st, lk->key, c->o.now, rep[m]);
			lk->answer = rep[m];
		}
	} else {
		for (m = 0; m < g->nmembers; m++) {
			ALLOC_GROW(lu->retry, lu->nretry + 1, lu->aretry);
			lu->retry[lu->nretry++] = g->page[m];
		}
	}
	free(rep);
}

/* ---- successors from evidence (issue 45) ---- */

/*
 * The page a replay's Location names: the Wayback answers a redirect
 * capture with a replay URL of its target (/web/TS[mod]/URL); a plain
 * URL elsewhere is the target itself.  NULL when it names none (a
 * redirect to the archive's own pages).
 */
static char *unreplay(const struct resolver *c, const char *loc)
{
	const char *p = strstr(loc, "/web/");
	char *h = url_get(loc, URL_HOST), *a = url_get(c->o.wayback, URL_HOST);
	int archive = h && a && !strcasecmp(h, a);

	free(h);
	free(a);
	if (!archive)
		return strncasecmp(loc, "http://", 7) &&
		       strncasecmp(loc, "https://", 8) ? NULL : xstrdup(loc);
	if (!p)
		return NULL;
	p += 5;
	if (!strspn(p, "0123456789"))
		return NULL;
	p += strspn(p, "0123456789");
	p += strspn(p, "abcdefghijklmnopqrstuvwxyz_");
	if (*p++ != '/' || (strncasecmp(p, "http://", 7) &&
			    strncasecmp(p, "https://", 8)))
		return NULL;
	return xstrdup(p);
}

static void body_sha(const struct strbuf *b, unsigned char out[32])
{
	unsigned int n;

	EVP_Digest(b->buf ? b->buf : "", b->len, out, &n, EVP_sha256(), NULL);
}

/* The visible text of t's capture i, kept to compare (likeness.h). */
static void capture_text(struct target *t, long i, const struct strbuf *b)
{
	if (!t->texts)
		t->texts = xcalloc(t->caps.nr ? t->caps.nr : 1,
				   sizeof(*t->texts));
	shingles_release(&t->texts[i]);
	shingles_of_page(b->buf ? b->buf : "", b->len, &t->texts[i]);
	t->caps.v[i].texted = 1;
}

static void add_cand(struct target *t, char *url, const char *via, char *how)
{
	struct cand *k;
	size_t i;

	for (i = 0; i < t->ncands; i++)
		if (!strcmp(t->cands[i].url, url)) {
			free(url);
			free(how);
			return;
		}
	ALLOC_GROW(t->cands, t->ncands + 1, t->acands);
	k = &t->cands[t->ncands++];
	memset(k, 0, sizeof(*k));
	k->url = url;
	k->via = via;
	k->how = how;
}

static void add_archive_move(struct resolver *c, struct target *t,
			     const char *location)
{
	const struct capture *k = &t->caps.v[t->moved_cap];
	char *to = unreplay(c, location);
	char d[11];

	if (!to)
		return;
	snprintf(d, sizeof(d), "%.4s-%.2s-%.2s", k->ts, k->ts + 4, k->ts + 6);
	add_cand(t, to, "archive-redirect",
		 xstrfmt("the Web Archive saw %s redirect permanently (%d) to "
			 "%s on %s (capture %s)", t->l.url, k->status, to, d,
			 k->ts));
}

static void on_cand(struct req *q, struct net_request *nr)
{
	struct cand *k = &q->t->cands[q->capture];

	k->status = nr->curl_code ? 0 : nr->status;
	if (!nr->curl_code && nr->status >= 300 && nr->status < 400 &&
	    nr->location && k->hops < CAND_HOPS &&
	    (!strncasecmp(nr->location, "http://", 7) ||
	     !strncasecmp(nr->location, "https://", 8))) {
		free(k->cur);
		k->cur = xstrdup(nr->location);
		k->hops++;
		submit(q->c->net, q->c, q->t, REQ_CAND, xstrdup(k->cur),
		       q->capture);
		return;
	}
	if (k->status == 200) {
		body_sha(&nr->body, k->sha);
		k->len = nr->body.len;
		k->title = page_title(&nr->body);
		k->parked = page_is_parked(&nr->body);
		shingles_of_page(nr->body.buf ? nr->body.buf : "", nr->body.len,
				 &k->text);
	}
}

/*
 * A live host's answer for its root or a random path may change, unlike
 * a capture: it is reused for this long (a few days, as a host's site is
 * not rebuilt between the checks of one confirmation), then asked again.
 */
#define HOST_ANSWER_FRESH_S (3 * 24 * 3600LL)

/* What the host of root answered for kind, kept when it answered. */
static void host_answer_keep(struct resolver *c, const char *root,
			     const char *kind, long status, const char *to,
			     const char *title)
{
	struct store_host_answer a = { c->o.now, status, (char *)to,
				       (char *)title };

	if (status > 0)
		store_put_host_answer(c->st, root, kind, &a);
}

/* 1 when a fresh answer of root's host for kind is known, into *a. */
static int host_answer_known(struct resolver *c, const char *root,
			     const char *kind, struct store_host_answer *a)
{
	if (c->o.refresh ||
	    store_get_host_answer(c->st, root, kind,
				  c->o.now - HOST_ANSWER_FRESH_S, a) != 1)
		return 0;
	if (c->o.stats)
		c->o.stats->hosts_kept++;
	return 1;
}

static void on_origin(struct req *q, struct net_request *nr)
{
	struct origin *h = q->origin;
	int moved = !nr->curl_code && nr->status >= 300 &&
		    nr->status < 400 && nr->location;

	if (q->kind == REQ_HOST_PROBE) {
		h->probe_status = nr->curl_code ? 0 : nr->status;
		if (moved)
			h->probe_to = xstrdup(nr->location);
		if (h->probe_status == 200)
			h->probe_title = page_title(&nr->body);
		host_answer_keep(q->c, h->root, "probe", h->probe_status,
				 h->probe_to, h->probe_title);
		return;
	}
	h->root_status = nr->curl_code ? 0 : nr->status;
	if (moved)
		h->root_to = xstrdup(nr->location);
	host_answer_keep(q->c, h->root, "root", h->root_status, h->root_to,
			 NULL);
}

/*
 * A capture is fixed: what its replay showed (no copy; or a copy, with
 * its body's SHA-256 and title) is kept in the look-up cache, keyed by
 * "replay " and the replay's URL, and a later run reads it instead of
 * replaying again (a release later, 991 replays were all repeats).
 */
static void replay_keep(struct resolver *c, const char *url,
			const struct capture *k)
{
	struct strbuf sb = STRBUF_INIT;
	char *key = xstrfmt("replay %s", url);
	size_t i;

	if (k->rejected) {
		strbuf_addstr(&sb, "rejected");
	} else {
		strbuf_addstr(&sb, "verified ");
		for (i = 0; i < sizeof(k->sha); i++)
			strbuf_addf(&sb, "%02x", k->sha[i]);
		strbuf_addf(&sb, " %s", k->title ? k->title : "");
	}
	store_put_lookup(c->st, key, c->o.now, sb.buf);
	free(key);
	strbuf_release(&sb);
}

/* 1 when the replay of k at url is known (k then says what it showed). */
static int replay_known(struct resolver *c, const char *url,
			struct capture *k)
{
	char *key = xstrfmt("replay %s", url), *body;
	long long at;
	size_t i;
	int ret = 0;

	body = c->o.refresh ? NULL : store_get_lookup(c->st, key, &at);
	free(key);
	if (!body)
		return 0;
	if (!strcmp(body, "rejected")) {
		k->rejected = 1;
		ret = 1;
	} else if (!strncmp(body, "verified ", 9) && strlen(body) >= 9 + 64 &&
		   (body[9 + 64] == ' ' || !body[9 + 64])) {
		for (i = 0; i < sizeof(k->sha); i++) {
			unsigned v;

			if (sscanf(body + 9 + 2 * i, "%2x", &v) != 1)
				break;
			k->sha[i] = (unsigned char)v;
		}
		if (i == sizeof(k->sha)) {
			k->verified = 1;
			free(k->title);
			k->title = body[9 + 64] && body[9 + 65] ?
				   xstrdup(body + 9 + 65) : NULL;
			ret = 1;
		}
	}
	free(body);
	if (ret && c->o.stats)
		c->o.stats->replays_kept++;
	return ret;
}

/* A redirect capture's replay: its Location (NULL: none), kept. */
static void move_keep(struct resolver *c, const char *url, const char *loc)
{
	char *key = xstrfmt("replay %s", url);
	char *body = xstrfmt("%s%s", loc ? "location " : "none",
			     loc ? loc : "");

	store_put_lookup(c->st, key, c->o.now, body);
	free(body);
	free(key);
}

/*
 * 1 when the replay of a redirect capture at url is known: its Location
 * into *loc (to free; NULL when it had none).
 */
static int move_known(struct resolver *c, const char *url, char **loc)
{
	char *key = xstrfmt("replay %s", url), *body;
	long long at;
	int ret = 0;

	body = c->o.refresh ? NULL : store_get_lookup(c->st, key, &at);
	free(key);
	*loc = NULL;
	if (body && !strcmp(body, "none")) {
		ret = 1;
	} else if (body && !strncmp(body, "location ", 9) && body[9]) {
		*loc = xstrdup(body + 9);
		ret = 1;
	}
	free(body);
	if (ret && c->o.stats)
		c->o.stats->replays_kept++;
	return ret;
}

/*
 * The Location of a gone host's root's last redirect, replayed: kept as
 * any redirect capture's replay is (move_keep()).
 */
static void on_last_root(struct req *q, struct net_request *nr)
{
	struct last_root *r = q->root;
	const char *loc;

	/* No answer, or the archive's own failure: asked again next run. */
	if (nr->curl_code || nr->status >= 400)
		return;
	loc = nr->status >= 300 ? nr->location : NULL;
	move_keep(q->c, r->replay, loc);
	free(r->to);
	r->to = loc ? unreplay(q->c, loc) : NULL;
}

static void on_req(struct net_request *nr, void *data)
{
	struct req *q = data;
	struct target *t = q->t;
	int ok = !nr->curl_code && nr->status == 200;

	q->c->answered++;
	if (net_silence_note(&q->c->silence, nr)) {
		char *host = net_host_of(nr->url);

		fprintf(stderr, "%sresolve: %s answered no request of this "
			"run, and %d timed out after %ld ms: not asked again "
			"this run (its links are left unresolved, to be asked "
			"again)\n", q->c->o.progress ? "\n" : "", host,
			SILENT_TIMEOUTS, q->c->o.net.timeout_ms);
		free(host);
	}
	switch (q->kind) {
	case REQ_BIRTH: {
		struct captures first = { NULL, 0, 0 };

		if (ok && !cdx_parse(nr->url, nr->body.buf, &first)) {
			struct birth *b = &q->c->births[q->capture];

			store_put_lookup(q->c->st, b->key, q->c->o.now,
					 nr->body.buf);
			if (first.nr)
				memcpy(b->ts, first.v[0].ts, 15);
		}
		captures_release(&first);
		break;
	}
	case REQ_CDX:
		lookup_answer(q->c, q->lk, nr, ok);
		break;
	case REQ_CDX_GROUP:
		group_answer(q->c, &q->c->lu->plan.v[q->capture], nr, ok);
		break;
	case REQ_REPLAY:
		/*
		 * The archive failed us: try later.  A capture that
		 * redirects, or shows a parking page, is no copy.
		 */
		if (nr->curl_code) {
			t->cdx_failed = 1;
			if (!t->cdx_error)
				t->cdx_error = request_error(q->c, nr);
		} else if (!ok || parked_page(&nr->body)) {
			t->caps.v[q->capture].rejected = 1;
			replay_keep(q->c, nr->url, &t->caps.v[q->capture]);
		} else {
			t->caps.v[q->capture].verified = 1;
			free(t->caps.v[q->capture].title);
			t->caps.v[q->capture].title = page_title(&nr->body);
			body_sha(&nr->body, t->caps.v[q->capture].sha);
			capture_text(t, q->capture, &nr->body);
			replay_keep(q->c, nr->url, &t->caps.v[q->capture]);
		}
		break;
	case REQ_ARCH_MOVE:
		if (!nr->curl_code && nr->status >= 300 && nr->status < 400 &&
		    nr->location)
			add_archive_move(q->c, t, nr->location);
		if (!nr->curl_code)
			move_keep(q->c, nr->url, nr->status >= 300 &&
				  nr->status < 400 ? nr->location : NULL);
		break;
	case REQ_OLD_PAGE:
		if (ok && !parked_page(&nr->body)) {
			struct capture *k = &t->caps.v[q->capture];

			k->verified = 1;
			free(k->title);
			k->title = page_title(&nr->body);
			body_sha(&nr->body, k->sha);
			capture_text(t, q->capture, &nr->body);
			replay_keep(q->c, nr->url, k);
		} else if (!nr->curl_code) {
			t->caps.v[q->capture].rejected = 1;
			replay_keep(q->c, nr->url, &t->caps.v[q->capture]);
		}
		break;
	case REQ_CAND:
		on_cand(q, nr);
		break;
	case REQ_HOST_ROOT:
	case REQ_HOST_PROBE:
		on_origin(q, nr);
		break;
	case REQ_SEARCH:
		if (ok) {
			struct captures v = { NULL, 0, 0 };

			if (!cdx_parse(q->search->host, nr->body.buf, &v)) {
				q->search->answer = xstrdup(nr->body.buf);
				store_put_lookup(q->c->st, q->search->query,
						 q->c->o.now, nr->body.buf);
			}
			captures_release(&v);
		}
		break;
	case REQ_LAST_ROOT_MOVE:
		on_last_root(q, nr);
		break;
	case REQ_MEMENTO:
		if (ok) {
			timemap_parse(nr->body.buf, &t->mementos);
		} else if (nr->curl_code) {
			/* No answer is no "no copy": asked again later. */
			t->cdx_failed = 1;
			if (!t->cdx_error)
				t->cdx_error = request_error(q->c, nr);
		}
		break;
	case REQ_MEMENTO_REPLAY:
		/* As a Wayback capture: a page that answers, and no parking. */
		if (!ok || parked_page(&nr->body))
			t->mementos.v[q->capture].rejected = 1;
		else
			t->mementos.v[q->capture].verified = 1;
		break;
	case REQ_PAGE:
		if (ok) {
			char *id = message_id_in_page(nr->body.buf);

			if (id) {
				char *enc = curl_easy_escape(NULL, id, 0);
				char *p;

				/* lore wants '@' as it is. */
				for (p = strstr(enc, "%40"); p; p = strstr(p, "%40")) {
					*p = '@';
					memmove(p + 1, p + 3, strlen(p + 3) + 1);
				}
				t->lore = xstrfmt("https://lore.kernel.org/r/%s", enc);
				curl_free(enc);
				free(id);
			}
		}
		break;
	case REQ_TWIN_HTTP:
		if ((t->http_ok = ok))
			twin_digest(&nr->body, t->http_digest);
		break;
	case REQ_TWIN_HTTPS:
		if ((t->https_ok = ok))
			twin_digest(&nr->body, t->https_digest);
		break;
	}
	net_request_reset(nr);
	q->answered = 1;
}

/* The CDX look-up of url's captures of the statuses filter matches. */
static char *cdx_url(const struct resolver *c, const char *url,
		     const char *filter)
{
	char *bare = strip_fragment(url);
	char *enc = curl_easy_escape(NULL, bare, 0);
	char *r = xstrfmt("%s/cdx/search/cdx?url=%s&output=json"
			  "&fl=timestamp,original,statuscode,mimetype,digest"
			  "&filter=%s", c->o.wayback, enc, filter);

	curl_free(enc);
	free(bare);
	return r;
}

static struct net *new_net(struct resolver *c)
{
	struct net_opts o = c->o.net;

	/* The Wayback Machine asks to be asked gently. */
	o.spacing_ms = c->o.archive_spacing_ms;
	o.per_host = 1;
	o.host_skip = net_silence_skip;
	o.host_skip_data = &c->silence;
	return net_new(&o);
}

/*
 * The project's own collection (linkmend archive -o DIR): its index's
 * captures of every dead URL, by SURT key as pywb would find them.
 */
static int load_local(struct resolver *c)
{
	char *path = xstrfmt("%s/index.cdxj", c->o.archive_dir);
	struct cdxj x;
	struct strmap by_key = STRMAP_INIT;
	size_t i;

	if (cdxj_read(&x, path)) {
		free(path);
		return error("cannot use the collection '%s'", c->o.archive_dir);
	}
	c->replay_page = !c->o.pywb && wacz_is_replay_dir(c->o.archive_dir);
	for (i = 0; i < x.nr; i++) {
		void **slot = strmap_put(&by_key, x.v[i].surt);

		if (!*slot)
			*slot = (void *)(i + 1);
	}
	for (i = 0; i < c->nr; i++) {
		struct target *t = &c->t[i];
		char *key;
		size_t k;

		if (!t->dead || !(key = surt_key(t->l.url)))
			continue;
		/* The index is sorted: a key's captures are one run. */
		for (k = (size_t)strmap_get(&by_key, key); k && k <= x.nr &&
		     !strcmp(x.v[k - 1].surt, key); k++) {
			const struct cdxj_entry *e = &x.v[k - 1];
			struct capture *cap;

			if (strlen(e->ts) != 14)
				continue;
			ALLOC_GROW(t->local.v, t->local.nr + 1, t->local.alloc);
			cap = &t->local.v[t->local.nr++];
			memset(cap, 0, sizeof(*cap));
			memcpy(cap->ts, e->ts, 15);
			cap->original = xstrdup(e->url);
			cap->status = (int)e->status;
		}
		free(key);
	}
	strmap_clear(&by_key, NULL);
	cdxj_release(&x);
	free(path);
	return 0;
}

static void free_lookup(void *p)
{
	struct lookup *lk = p;

	free(lk->key);
	free(lk->answer);
	free(lk->error);
	free(lk);
}

/* Ask for the look-ups of pages[0..n) of lu->pending, each by itself. */
static void ask_alone(struct resolver *c, struct net *n, const size_t *pages,
		      size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		struct lookup *lk = c->lu->pending[pages[i]];
		struct req *q = submit(n, c, NULL, REQ_CDX, xstrdup(lk->key), 0);

		if (q)
			q->lk = lk;
	}
}

/* The look-up of key (of url), from the cache, else queued on lu. */
static struct lookup *lookup_of(struct resolver *c, struct lookups *lu,
				const char *key, const char *url)
{
	struct captures valid = { NULL, 0, 0 };
	void **slot = strmap_put(&lu->by_key, key);
	struct lookup *lk = *slot;
	long long at;

	if (lk)
		return lk;
	lk = xcalloc(1, sizeof(*lk));
	lk->key = xstrdup(key);
	lk->url = url;
	*slot = lk;
	lk->answer = c->o.refresh ? NULL : store_get_lookup(c->st, key, &at);
	if (lk->answer && cdx_parse(lk->url, lk->answer, &valid)) {
		free(lk->answer);
		lk->answer = NULL;
	}
	captures_release(&valid);
	if (!lk->answer) {
		ALLOC_GROW(lu->pending, lu->npending + 1, lu->apending);
		lu->pending[lu->npending++] = lk;
	}
	return lk;
}

static char *home_page(const struct target *t);
static char *home_key(const struct target *t);
static int host_gone(const struct target *t);

/*
 * A gone host's root is looked up with its dead pages (issue 45, 2.):
 * its captures say where the site went, and when it was born, and in
 * the group of the host's plain pages (cdxgroup.h) they cost no request
 * of their own.
 */
static void look_up_roots(struct resolver *c, struct lookups *lu)
{
	size_t i;

	for (i = 0; i < c->nr; i++) {
		struct target *t = &c->t[i];
		struct last_root *r;
		char *key;
		void **slot;

		if (!t->dead || t->local.nr || !host_gone(t) ||
		    page_is_root(t->l.url) || !cdxgroup_plain(t->l.url) ||
		    !(key = home_key(t)))
			continue;
		slot = strmap_put(&c->last_roots, key);
		free(key);
		if (*slot)
			continue;
		r = *slot = xcalloc(1, sizeof(*r));
		r->root = home_page(t);
		r->query = cdx_url(c, r->root, CDX_STATUSES);
		lookup_of(c, lu, r->query, r->root);
	}
}

/*
 * The CDX captures of every dead URL, from the cache or the archive: one
 * look-up a page, whatever its fragments, and the plain pages of a host
 * asked together (cdxgroup.h).
 */
static void look_up(struct resolver *c)
{
	struct lookups lu;
	struct net *n = new_net(c);
	struct strmap_entry *e;
	const char **urls;
	size_t i;

	memset(&lu, 0, sizeof(lu));
	c->lu = &lu;
	for (i = 0; i < c->nr; i++) {
		struct target *t = &c->t[i];

		if (c->o.upgrade && t->l.have_last && link_verdict(&t->l) == V_ALIVE &&
		    !strncmp(t->l.url, "http://", 7)) {
			t->twin = xstrfmt("https://%s", t->l.url + 7);
			submit(n, c, t, REQ_TWIN_HTTP, xstrdup(t->l.url), 0);
			submit(n, c, t, REQ_TWIN_HTTPS, xstrdup(t->twin), 0);
		}
		if (!t->dead)
			continue;
		/* The project's own copy first: the Wayback is not asked. */
		if (t->local.nr)
			continue;
		t->cdx_key = cdx_url(c, t->l.url, CDX_STATUSES);
		lookup_of(c, &lu, t->cdx_key, t->l.url);
	}
	look_up_roots(c, &lu);
	urls = xcalloc(lu.npending + 1, sizeof(*urls));
	for (i = 0; i < lu.npending; i++)
		urls[i] = lu.pending[i]->url;
	cdxgroup_plan(c->o.wayback, urls, lu.npending, &lu.plan);
	free(urls);
	for (i = 0; i < lu.plan.nr; i++)
		submit(n, c, NULL, REQ_CDX_GROUP, xstrdup(lu.plan.v[i].query),
		       (long)i);
	ask_alone(c, n, lu.plan.alone, lu.plan.nalone);
	run_net(c, n, "look-ups");
	if (lu.nretry && !stopped(c)) {
		n = new_net(c);
		ask_alone(c, n, lu.retry, lu.nretry);
		run_net(c, n, "look-ups, one by one");
	}
	for (i = 0; i < c->nr; i++) {
		struct target *t = &c->t[i];
		struct lookup *lk = t->cdx_key ?
			strmap_get(&lu.by_key, t->cdx_key) : NULL;

		if (!lk)
			continue;
		if (lk->answer && !cdx_parse(t->l.url, lk->answer, &t->caps)) {
			captures_keep_same(&t->caps, t->l.url);
			t->unpublished = captures_reject_unpublished(
				&t->caps, t->l.url, t->published);
			continue;
		}
		captures_release(&t->caps);
		t->cdx_failed = 1;
		t->cdx_error = xstrdup(lk->error ? lk->error :
				       lk->answer ? "not a CDX reply" :
				       "not answered");
	}
	strmap_for_each(&c->last_roots, e) {
		struct last_root *r = e->value;
		struct lookup *lk = strmap_get(&lu.by_key, r->query);

		if (lk && lk->answer)
			r->answer = xstrdup(lk->answer);
	}
	cdxgroup_plan_release(&lu.plan);
	free(lu.pending);
	free(lu.retry);
	strmap_clear(&lu.by_key, free_lookup);
	c->lu = NULL;
}

/*
 * A capture older than the host's first capture of its home page is not
 * the site the tree links to (a domain's earlier owner, or an archive's
 * mistake): it is not offered.  One look-up per host, cached.
 */
static char *home_page(const struct target *t)
{
	const char *colon = strstr(t->l.url, "://");

	if (!t->l.host || !colon)
		return NULL;
	return xstrfmt("%.*s://%s/", (int)(colon - t->l.url), t->l.url,
		       t->l.host);
}

/*
 * The archive's key of a home page: http and https, www. or not, are
 * one look-up.
 */
static char *home_key(const struct target *t)
{
	char *root = home_page(t), *key;

	if (!root)
		return NULL;
	key = surt_key(root);
	if (!key)
		key = xstrdup(root);
	free(root);
	return key;
}

/* A site's first 200 capture of its root, from the root's look-up. */
static void root_birth(const struct last_root *r, char ts[15])
{
	struct captures v = { NULL, 0, 0 };
	size_t i;

	if (!cdx_parse(r->query, r->answer, &v))
		for (i = 0; i < v.nr; i++)
			if (v.v[i].status == 200 &&
			    (!ts[0] || strcmp(v.v[i].ts, ts) < 0))
				memcpy(ts, v.v[i].ts, 15);
	captures_release(&v);
}

static void find_births(struct resolver *c)
{
	struct strmap by_home = STRMAP_INIT;
	struct net *n = new_net(c);
	/* Each target's birth (index + 1), or 0: keyed once, used after. */
	size_t *birth_of = xcalloc(c->nr ? c->nr : 1, sizeof(*birth_of));
	size_t i, k;

	for (i = 0; i < c->nr; i++) {
		struct target *t = &c->t[i];
		struct captures first = { NULL, 0, 0 };
		struct birth *b;
		const struct last_root *r;
		char *root, *key, *cached, *home;
		void **slot;
		long long at;

		if (!t->dead || t->cdx_failed || latest_capture(&t->caps, 200) < 0 ||
		    !(home = home_key(t)))
			continue;
		slot = strmap_put(&by_home, home);
		r = strmap_get(&c->last_roots, home);
		free(home);
		if (*slot) {
			birth_of[i] = (size_t)(uintptr_t)*slot;
			continue;
		}
		*slot = (void *)(uintptr_t)(c->nbirths + 1);
		birth_of[i] = c->nbirths + 1;
		root = home_page(t);
		/* A site is as old as its first copy of its home page. */
		key = cdx_url(c, root, "statuscode:200");
		ALLOC_GROW(c->births, c->nbirths + 1, c->abirths);
		b = &c->births[c->nbirths++];
		memset(b, 0, sizeof(*b));
		b->key = xstrfmt("%s&limit=1", key);
		free(key);
		free(root);
		/* A gone host's root came with its pages' look-up. */
		if (r && r->answer) {
			root_birth(r, b->ts);
			continue;
		}
		cached = c->o.refresh ? NULL : store_get_lookup(c->st, b->key, &at);
		if (cached && !cdx_parse(b->key, cached, &first)) {
			if (first.nr)
				memcpy(b->ts, first.v[0].ts, 15);
		} else {
			submit(n, c, NULL, REQ_BIRTH, xstrdup(b->key),
			       (long)(c->nbirths - 1));
		}
		captures_release(&first);
		free(cached);
	}
	run_net(c, n, "first captures");
	for (i = 0; i < c->nr; i++) {
		struct target *t = &c->t[i];
		size_t h = birth_of[i];

		if (!h || !c->births[h - 1].ts[0])
			continue;
		memcpy(t->born, c->births[h - 1].ts, 15);
		for (k = 0; k < t->caps.nr; k++)
			if (strcmp(t->caps.v[k].ts, t->born) < 0 &&
			    !t->caps.v[k].rejected) {
				t->caps.v[k].rejected = 1;
				t->early++;
			}
	}
	free(birth_of);
	strmap_clear(&by_home, NULL);
}

/* Replay the chosen capture of each date; reject and choose again. */
static void verify_captures(struct resolver *c)
{
	int round;
	size_t i, k;

	for (round = 0; round < REPLAY_ROUNDS; round++) {
		struct net *n = new_net(c);
		size_t asked = 0;

		for (i = 0; i < c->nr; i++) {
			struct target *t = &c->t[i];
			struct strmap seen = STRMAP_INIT;
			char ts[15];

			if (!t->dead || t->cdx_failed)
				continue;
			for (k = 0; k < t->nocc; k++) {
				long best;
				char *orig, *url;

				ts14(t->occ[k].date, ts);
				best = capture_choose(&t->caps, ts);
				if (best < 0 || t->caps.v[best].verified)
					continue;
				orig = t->caps.v[best].original;
				if (strmap_get(&seen, t->caps.v[best].ts))
					continue;
				*strmap_put(&seen, t->caps.v[best].ts) = (void *)1;
				url = xstrfmt("%s/web/%sid_/%s", c->o.wayback,
					      t->caps.v[best].ts, orig);
				/* Known: the next round chooses again. */
				if (replay_known(c, url, &t->caps.v[best])) {
					free(url);
					asked++;
					continue;
				}
				submit(n, c, t, REQ_REPLAY, url, best);
				asked++;
			}
			strmap_clear(&seen, NULL);
		}
		run_net(c, n, "replays");
		if (!asked || stopped(c))
			break;
	}
}

/* ---- a living page, by the archive's own evidence (issue 44) ---- */

/*
 * Captures that changed over the years: two digests or more, the last
 * change in a later year than the first capture.  One day's or one
 * year's captures that differ say little (a counter, an ad); a page
 * whose content kept changing across years is a page someone keeps.
 */
static int changed_over_years(const struct capture_changes *ch)
{
	return ch->digests >= 2 && ch->changes &&
	       ch->last_year > ch->first_year;
}

/* The look-up cache's key of the likeness of capture a to capture b. */
static char *likeness_key(const struct resolver *c, const struct capture *a,
			  const struct capture *b)
{
	return xstrfmt("likeness %s/web/%sid_/%s %s", c->o.wayback, a->ts,
		       a->original, b->ts);
}

static void likeness_set(struct capture *a, const struct capture *b,
			 double j)
{
	a->vs = j;
	memcpy(a->vs_ts, b->ts, sizeof(a->vs_ts));
	a->vs_known = 1;
}

static void likeness_keep(struct resolver *c, struct capture *a,
			  const struct capture *b, double j)
{
	char *key = likeness_key(c, a, b), *v = xstrfmt("%.4f", j);

	likeness_set(a, b, j);
	store_put_lookup(c->st, key, c->o.now, v);
	free(v);
	free(key);
}

static int likeness_known(struct resolver *c, struct capture *a,
			  const struct capture *b)
{
	char *key = likeness_key(c, a, b), *body, *end;
	long long at;
	double j;

	body = c->o.refresh ? NULL : store_get_lookup(c->st, key, &at);
	free(key);
	if (!body)
		return 0;
	j = strtod(body, &end);
	if (end != body && !*end)
		likeness_set(a, b, j);
	free(body);
	return a->vs_known;
}

/* Replay capture i of t for its text, unless it is known or asked. */
static size_t ask_text(struct resolver *c, struct net *n, struct target *t,
		       long i)
{
	struct capture *k = &t->caps.v[i];

	if (k->texted || k->rejected || k->asked)
		return 0;
	k->asked = 1;
	submit(n, c, t, REQ_OLD_PAGE, xstrfmt("%s/web/%sid_/%s", c->o.wayback,
					      k->ts, k->original), i);
	return 1;
}

/*
 * The capture to compare capture best of t with: the latest good one,
 * or when best is the latest, the earliest good one of another digest
 * (a page whose latest copy is offered may have lived all the same);
 * -1 when there is none.
 */
static long other_capture(const struct target *t, long best)
{
	long o = -1;
	size_t i;

	if (best != t->latest)
		return t->latest;
	for (i = 0; i < t->caps.nr; i++) {
		const struct capture *k = &t->caps.v[i];

		if (k->rejected || k->status != 200 || !k->digest[0] ||
		    !strcmp(k->digest, t->caps.v[best].digest))
			continue;
		if (o < 0 || strcmp(k->ts, t->caps.v[o].ts) < 0)
			o = (long)i;
	}
	return o;
}

/*
 * The captures of a dead page say whether it lived: their CDX digests
 * (free in the look-up) tell a page that never changed from one that
 * did.  Digests alone are noisy for HTML (a date, an ad, a counter
 * change them), so for an HTML page with several digests the text of
 * each capture an occurrence would be offered is compared with the
 * latest capture's (or, when it is the latest, the earliest of another
 * digest; likeness.h, LIKENESS_CHANGED): one more replay only for such
 * pages, and the likeness is cached.  Text, PDF and other non-HTML
 * captures have no such noise: their digests are their content.
 */
static void compare_latest(struct resolver *c)
{
	int round;
	size_t i, k;

	for (i = 0; i < c->nr; i++) {
		struct target *t = &c->t[i];

		t->latest = -1;
		if (t->dead && !t->cdx_failed && !t->local.nr)
			captures_changes(&t->caps, &t->changed);
	}
	for (round = 0; round < REPLAY_ROUNDS && !stopped(c); round++) {
		struct net *n = new_net(c);
		size_t asked = 0;

		for (i = 0; i < c->nr; i++) {
			struct target *t = &c->t[i];
			char ts[15];

			if (!t->dead || t->cdx_failed || t->local.nr ||
			    !changed_over_years(&t->changed) ||
			    t->changed.not_html)
				continue;
			t->latest = latest_capture(&t->caps, 200);
			if (t->latest < 0)
				continue;
			for (k = 0; k < t->nocc; k++) {
				struct capture *a, *b;
				long best, other;

				ts14(t->occ[k].date, ts);
				best = capture_choose(&t->caps, ts);
				if (best < 0 || !t->caps.v[best].verified ||
				    t->caps.v[best].vs_known)
					continue;
				other = other_capture(t, best);
				if (other < 0 || other == best)
					continue;
				a = &t->caps.v[best];
				b = &t->caps.v[other];
				if (a->digest[0] &&
				    !strcmp(a->digest, b->digest)) {
					likeness_set(a, b, 1);
					continue;
				}
				if (likeness_known(c, a, b))
					continue;
				if (a->texted && b->texted) {
					likeness_keep(c, a, b, shingles_jaccard(
						&t->texts[best],
						&t->texts[other]));
					continue;
				}
				asked += ask_text(c, n, t, best);
				asked += ask_text(c, n, t, other);
			}
		}
		run_net(c, n, "latest captures");
		if (!asked)
			break;
		/* A replay that failed is asked again next round. */
		for (i = 0; i < c->nr; i++)
			for (k = 0; k < c->t[i].caps.nr; k++)
				c->t[i].caps.v[k].asked = 0;
	}
}

/*
 * What t's captures say of the page, for capture best offered, into
 * why: 1 that it lived (the copy would freeze it), 0 that it kept its
 * content over the years (a fixed document), -1 nothing (one capture,
 * one year, no digests, or a text too short to judge).  The judge reads
 * the sentences (rewrite/purpose.h, purpose_of_captures()).
 */
static int captures_say(const struct target *t, long best, struct strbuf *why)
{
	const struct capture_changes *ch = &t->changed;
	const struct capture *a = &t->caps.v[best];
	const char *whose = t->latest >= 0 &&
		!strcmp(a->vs_ts, t->caps.v[t->latest].ts) ? "the latest" :
		"the earliest";
	char *url = strip_fragment(t->l.url);
	int ret = 0;

	if (ch->digests == 1 && ch->seen > 1 &&
	    ch->seen_year > ch->first_year) {
		strbuf_addf(why, CAPTURES_SAY "%s" CAPTURES_KEPT "from %d to "
			    "%d (%zu captures, one digest)", url,
			    ch->first_year, ch->seen_year, ch->seen);
		goto out;
	}
	ret = -1;
	if (!changed_over_years(ch))
		goto out;
	if (!ch->not_html && a->vs_known && a->vs >= LIKENESS_CHANGED) {
		strbuf_addf(why, CAPTURES_SAY "%s" CAPTURES_CHANGED "%zu time%s "
			    "between %d and %d" CAPTURES_NOT_TEXT "capture "
			    "%s's is %.2f alike to %s's, %s)", url, ch->changes,
			    ch->changes == 1 ? "" : "s", ch->first_year,
			    ch->last_year, a->ts, a->vs, whose, a->vs_ts);
		ret = 0;
		goto out;
	}
	if (!ch->not_html && (!a->vs_known || a->vs < 0))
		goto out;
	strbuf_addf(why, CAPTURES_SAY "%s" CAPTURES_CHANGED "%zu time%s "
		    "between %d and %d", url, ch->changes,
		    ch->changes == 1 ? "" : "s", ch->first_year, ch->last_year);
	if (ch->not_html)
		strbuf_addstr(why, " (not HTML: each digest is new content)");
	else
		strbuf_addf(why, " (capture %s's text is %.2f alike to %s's, "
			    "%s)", a->ts, a->vs, whose, a->vs_ts);
	strbuf_addstr(why, CAPTURES_FROZEN);
	ret = 1;
out:
	free(url);
	return ret;
}

/* "scheme://host[:port]" of url, as written; or NULL. */
static char *origin_text(const char *url)
{
	const char *p = strstr(url, "://");

	if (!p)
		return NULL;
	p += 3;
	return xstrndup(url, (size_t)(p - url) + strcspn(p, "/?#"));
}

/* The path and query of url, "/" at least, no fragment. */
static char *path_text(const char *url)
{
	const char *p = strstr(url, "://");

	if (!p)
		return xstrdup("/");
	p += 3;
	p += strcspn(p, "/?#");
	if (*p != '/')
		return xstrfmt("/%.*s", (int)strcspn(p, "#"), p);
	return xstrndup(p, strcspn(p, "#"));
}

static struct origin *origin_for(struct resolver *c, const char *url, int add)
{
	char *o = origin_text(url);
	struct origin *h;
	void **slot;

	if (!o)
		return NULL;
	if (!add) {
		h = strmap_get(&c->origins, o);
		free(o);
		return h;
	}
	slot = strmap_put(&c->origins, o);
	if (!*slot) {
		h = xcalloc(1, sizeof(*h));
		h->root = xstrfmt("%s/", o);
		*slot = h;
	}
	free(o);
	return *slot;
}

static void free_origin(void *p)
{
	struct origin *h = p;

	free(h->root);
	free(h->root_to);
	free(h->probe_to);
	free(h->probe_title);
	free(h);
}

/* The latest capture of status st (0: 301 or 308) not rejected; or -1. */
static long latest_capture(const struct captures *cs, int st)
{
	long best = -1;
	size_t i;

	for (i = 0; i < cs->nr; i++) {
		const struct capture *k = &cs->v[i];

		if (k->rejected || (st ? k->status != st :
				    k->status != 301 && k->status != 308))
			continue;
		if (best < 0 || strcmp(k->ts, cs->v[best].ts) > 0)
			best = (long)i;
	}
	return best;
}

static void run_net_following(struct resolver *c, struct net *n,
			      const char *phase)
{
	c->net = n;
	run_net(c, n, phase);
	c->net = NULL;
}

/*
 * 1. The archive saw the page move: its latest capture with a permanent
 * redirect is replayed for its Location (one request a link that has
 * one; the CDX look-up asked for these captures with its copies).
 */
static void find_archive_moves(struct resolver *c)
{
	struct net *n = new_net(c);
	size_t i;

	for (i = 0; i < c->nr; i++) {
		struct target *t = &c->t[i];
		const struct capture *k;
		char *url, *loc;

		t->moved_cap = t->old_cap = -1;
		if (t->offsite)
			add_cand(t, xstrdup(t->offsite), "redirect",
				 xstrfmt("%s redirects permanently to %s, another "
					 "site", t->l.url, t->offsite));
		if (!t->dead || t->cdx_failed)
			continue;
		t->moved_cap = latest_capture(&t->caps, 0);
		if (t->moved_cap < 0)
			continue;
		k = &t->caps.v[t->moved_cap];
		url = xstrfmt("%s/web/%sid_/%s", c->o.wayback, k->ts,
			      k->original);
		if (move_known(c, url, &loc)) {
			if (loc)
				add_archive_move(c, t, loc);
			free(loc);
			free(url);
			continue;
		}
		submit(n, c, t, REQ_ARCH_MOVE, url, t->moved_cap);
	}
	run_net(c, n, "archived redirects");
}

/* The host answered the check (the page is gone, not the server). */
static int host_answers(const struct target *t)
{
	enum verdict v = link_verdict(&t->l);

	return t->l.have_last && (v == V_GONE || v == V_SOFT404);
}

/* A random path of h's host asked, once a run. */
static void probe_origin(struct resolver *c, struct net *n, struct target *t,
			 struct origin *h)
{
	unsigned long long r = ((unsigned long long)rand() << 31) ^
			       (unsigned long long)rand() ^
			       (unsigned long long)net_now_ms();
	struct store_host_answer a;
	struct req *q;

	if (h->probed++)
		return;
	if (host_answer_known(c, h->root, "probe", &a)) {
		h->probe_status = a.status;
		h->probe_to = a.location;
		h->probe_title = a.title;
		return;
	}
	if ((q = submit(n, c, t, REQ_HOST_PROBE,
			xstrfmt("%slinkmend-probe-%016llx", h->root, r), 0)))
		q->origin = h;
}

/*
 * What a dead link's live host does with any path: its root, and a
 * random path, each asked once a host.  2. A root that redirects
 * permanently to another host says the host moved: the same path there
 * is a candidate.  A random path's redirect is a catch-all's, which no
 * candidate may be.
 */
static void ask_hosts(struct resolver *c)
{
	struct net *n = new_net(c);
	size_t i;

	for (i = 0; i < c->nr; i++) {
		struct target *t = &c->t[i];
		struct store_host_answer a;
		struct origin *h;
		struct req *q;

		if (!t->dead || !host_answers(t) ||
		    !(h = origin_for(c, t->l.url, 1)) || h->root_status)
			continue;
		h->root_status = -1;	/* asked */
		if (host_answer_known(c, h->root, "root", &a)) {
			h->root_status = a.status;
			h->root_to = a.location;
			free(a.title);
		} else if ((q = submit(n, c, t, REQ_HOST_ROOT,
				       xstrdup(h->root), 0))) {
			q->origin = h;
		}
		probe_origin(c, n, t, h);
	}
	run_net(c, n, "hosts");
	for (i = 0; i < c->nr; i++) {
		struct target *t = &c->t[i];
		struct origin *h = t->dead ? origin_for(c, t->l.url, 0) : NULL;
		char *to_host, *to, *path;

		if (!h || !h->root_to ||
		    (h->root_status != 301 && h->root_status != 308))
			continue;
		to_host = url_get(h->root_to, URL_HOST);
		if (to_host && strcasecmp(to_host, t->l.host) &&
		    (to = origin_text(h->root_to))) {
			path = path_text(t->l.url);
			add_cand(t, xstrfmt("%s%s", to, path), "host-redirect",
				 xstrfmt("the site's root %s redirects "
					 "permanently (%ld) to %s", h->root,
					 h->root_status, h->root_to));
			free(path);
			free(to);
		}
		free(to_host);
	}
}

static int archive_placed(const struct target *t);

/* The host answers no more, or not as itself: its root's past may tell. */
static int host_gone(const struct target *t)
{
	if (!t->l.have_last)
		return 0;
	switch (link_verdict(&t->l)) {
	case V_DNS:
	case V_DNS_ERROR:
	case V_REFUSED:
	case V_TIMEOUT:
	case V_TLS:
	case V_PARKED:
		return 1;
	default:
		return 0;
	}
}

/* What the archive saw of a gone host's root, for the evidence. */
static char *last_root_said(const struct last_root *r)
{
	return xstrfmt("the Web Archive's last capture of the dead host's "
		       "root %s (%.4s-%.2s-%.2s, capture %s) redirects "
		       "permanently (%d) to %s", r->original, r->ts,
		       r->ts + 4, r->ts + 6, r->ts, r->status, r->to);
}

/*
 * The redirect a dead link of the tree already had replayed: its own
 * latest permanent redirect is the root's (the root itself is linked).
 */
static int last_root_known(struct resolver *c, struct last_root *r)
{
	size_t i, k;

	for (i = 0; i < c->nr; i++) {
		const struct target *t = &c->t[i];
		const struct capture *g;

		if (!t->dead || t->moved_cap < 0)
			continue;
		g = &t->caps.v[t->moved_cap];
		if (strcmp(g->ts, r->ts) || strcmp(g->original, r->original))
			continue;
		for (k = 0; k < t->ncands; k++)
			if (!strcmp(t->cands[k].via, "archive-redirect")) {
				r->to = xstrdup(t->cands[k].url);
				return 1;
			}
		return 1;	/* replayed, and it named no page */
	}
	return 0;
}

static void free_last_root(void *p)
{
	struct last_root *r = p;

	free(r->root);
	free(r->query);
	free(r->answer);
	free(r->original);
	free(r->replay);
	free(r->to);
	free(r);
}

/*
 * The dead links that may have moved with their gone host: a copy to
 * compare with, and no redirect of their own the archive saw.
 */
static void plan_last_roots(struct resolver *c)
{
	size_t i;

	for (i = 0; i < c->nr; i++) {
		struct target *t = &c->t[i];
		struct last_root *r;
		char *key;

		if (!t->dead || t->cdx_failed || !host_gone(t) ||
		    page_is_root(t->l.url) || archive_placed(t) ||
		    latest_capture(&t->caps, 200) < 0 ||
		    !(key = home_key(t)))
			continue;
		r = strmap_get(&c->last_roots, key);
		free(key);
		if (!r || !r->answer)
			continue;
		r->wanted = 1;
		t->gone = r;
	}
}

/* The redirect each gone site's root last made, replayed or cached. */
static void plan_last_root_moves(struct resolver *c, struct net *n)
{
	struct strmap_entry *e;

	strmap_for_each(&c->last_roots, e) {
		struct last_root *r = e->value;
		struct captures v = { NULL, 0, 0 };
		struct req *q;
		char *loc;
		long k;

		if (!r->wanted || cdx_parse(r->query, r->answer, &v) ||
		    (k = capture_last_move(&v)) < 0) {
			captures_release(&v);
			continue;
		}
		memcpy(r->ts, v.v[k].ts, 15);
		r->original = xstrdup(v.v[k].original);
		r->status = v.v[k].status;
		r->replay = xstrfmt("%s/web/%sid_/%s", c->o.wayback, r->ts,
				    r->original);
		captures_release(&v);
		if (last_root_known(c, r))
			continue;
		if (move_known(c, r->replay, &loc)) {
			r->to = loc ? unreplay(c, loc) : NULL;
			free(loc);
		} else if ((q = submit(n, c, NULL, REQ_LAST_ROOT_MOVE,
				       xstrdup(r->replay), 0))) {
			q->root = r;
		}
	}
}

/*
 * 2. (in its last captures) A gone host's root that the Web Archive
 * last saw redirect permanently to another site: the same path there is
 * a candidate, and the page of the same name the archive has there
 * (search_sites()).  The root's captures came with its pages' look-up;
 * one replay a site of the redirect they end with, cached, for the
 * sites of dead links that have a copy to compare with and no redirect
 * of their own the archive saw.
 */
static void ask_gone_roots(struct resolver *c)
{
	struct strmap_entry *e;
	struct net *n = new_net(c);
	size_t i;

	plan_last_roots(c);
	plan_last_root_moves(c, n);
	run_net(c, n, "gone hosts' last redirects");
	/* Only another site is a move: not the root's https or www. twin. */
	strmap_for_each(&c->last_roots, e) {
		struct last_root *r = e->value;
		char *o = r->to ? origin_text(r->to) : NULL;
		char *home = o ? xstrfmt("%s/", o) : NULL;
		char *key = home ? surt_key(home) : NULL;

		if (r->to && (!key || !strcmp(key, e->key))) {
			free(r->to);
			r->to = NULL;
		}
		free(key);
		free(home);
		free(o);
	}
	for (i = 0; i < c->nr; i++) {
		struct target *t = &c->t[i];
		char *o, *path, *said;

		if (!t->gone || !t->gone->to ||
		    !(o = origin_text(t->gone->to)))
			continue;
		path = path_text(t->l.url);
		said = last_root_said(t->gone);
		add_cand(t, xstrfmt("%s%s", o, path), "archive-host-redirect",
			 xstrfmt("%s; the same path there", said));
		free(said);
		free(path);
		free(o);
	}
}

/* The last path segment of url, when it names a page of its own. */
static char *last_segment(const char *url)
{
	static const char *const plain[] = {
		"index", "default", "home", "homepage", "main", "welcome",
		"start", "readme", "about", "contact", "download", "downloads",
		"docs", "doc", "documentation", "faq", "news", "wiki",
	};
	char *path = path_text(url), *seg;
	size_t n, stem, i;

	path[strcspn(path, "?")] = '\0';
	n = strlen(path);
	while (n && path[n - 1] == '/')
		path[--n] = '\0';
	seg = strrchr(path, '/');
	seg = seg ? seg + 1 : path;
	stem = strcspn(seg, ".");
	for (i = 0; i < sizeof(plain) / sizeof(*plain); i++)
		if (strlen(plain[i]) == stem && !strncasecmp(seg, plain[i], stem))
			stem = 0;
	/* Short or plain names are everywhere: no evidence. */
	if (strlen(seg) < 5 || stem < 3 ||
	    strspn(seg, "0123456789") == strlen(seg)) {
		free(path);
		return NULL;
	}
	seg = xstrdup(seg);
	free(path);
	return seg;
}

/*
 * 1 when a live permanent redirect from url to to keeps the page's own
 * name: to's last path segment is url's, and one that names a page
 * (last_segment(): no "index", no short or bare number).
 */
static int keeps_name(const char *url, const char *to)
{
	char *a = last_segment(url), *b = a ? last_segment(to) : NULL;
	int same = a && b && !strcasecmp(a, b);

	free(a);
	free(b);
	return same;
}

/* 1 when a redirect from url to to keeps the path and query as they are. */
static int keeps_path(const char *url, const char *to)
{
	char *pa = url_get(url, URL_PATH), *pb = url_get(to, URL_PATH);
	char *qa = url_get(url, URL_QUERY), *qb = url_get(to, URL_QUERY);
	int same = pa && pb && !strcmp(pa, pb) &&
		   !strcmp(qa ? qa : "", qb ? qb : "");

	free(pa);
	free(pb);
	free(qa);
	free(qb);
	return same;
}

/* The host t's live permanent redirects end on, or NULL (free it). */
static char *moved_host(const struct target *t)
{
	if (!t->l.have_last || link_verdict(&t->l) != V_MOVED ||
	    !t->l.last.final_url)
		return NULL;
	return url_get(t->l.last.final_url, URL_HOST);
}

/*
 * A domain migration t is part of: most of its host's checked links,
 * and MIGRATION_MIN at least, redirect to one other host, each keeping
 * its path (a site moved as a whole, as find_migrations() models it;
 * a squatter's or a take-over's redirects keep no path).  Its sentence,
 * or NULL.
 */
static char *path_migration(const struct resolver *c, const struct target *t)
{
	char *to = moved_host(t), *h;
	size_t i, n = 0, moved = 0;
	char *why = NULL;

	if (!to || !keeps_path(t->l.url, t->l.last.final_url)) {
		free(to);
		return NULL;
	}
	for (i = 0; i < c->nr; i++) {
		const struct target *u = &c->t[i];

		if (!u->l.have_last || strcmp(u->l.host, t->l.host))
			continue;
		n++;
		if ((h = moved_host(u)) && !strcmp(h, to) &&
		    keeps_path(u->l.url, u->l.last.final_url))
			moved++;
		free(h);
	}
	if (moved >= MIGRATION_MIN && 2 * moved > n)
		why = xstrfmt("the same path, as %zu of the %zu checked links "
			      "of %s moved to %s", moved, n, t->l.host, to);
	free(to);
	return why;
}

/*
 * Where t's live permanent redirects lead when that is no move without
 * more evidence (issue 44), else NULL, *cross then saying why a redirect
 * to another site is trusted (NULL within one).  Within one site (http
 * to https, www., a subdomain, a new path) a redirect is the site's own
 * and trusted; to another site it is one only when the page keeps its
 * name there, or the path is kept as the host's other links' are (a
 * domain migration) or on the same name under another top-level domain
 * (a host renamed: lip6.fr to lip6.org).  A dead domain bought by a squatter, a parked one,
 * a company taken over send old deep links to pages that are not
 * theirs; whether the target is the page is then for its content to
 * show (refusal()), or the host's other pages' (site_moved()).
 */
static char *offsite_of(const struct resolver *c, const struct target *t,
			char **cross)
{
	const char *to = t->l.last.final_url;

	*cross = NULL;
	if (t->dead || !t->l.have_last || link_verdict(&t->l) != V_MOVED ||
	    !to || url_same_site(t->l.url, to))
		return NULL;
	if (keeps_name(t->l.url, to)) {
		*cross = xstrdup("where the page keeps its name");
		return NULL;
	}
	if ((*cross = path_migration(c, t)))
		return NULL;
	if (keeps_path(t->l.url, to) && url_same_name(t->l.url, to)) {
		char *h = url_get(to, URL_HOST);

		*cross = xstrfmt("the same path on a host renamed: %s is %s's "
				 "name under another top-level domain",
				 h ? h : to, t->l.host);
		free(h);
		return NULL;
	}
	return xstrdup(to);
}

static void rx_escape(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		if (!isalnum((unsigned char)*s))
			strbuf_addch(sb, '\\');
		strbuf_addch(sb, (char)tolower((unsigned char)*s));
	}
}

/* The host a dead link's page is searched on: its own, or where it moved. */
static char *search_host(struct resolver *c, const struct target *t,
			 const char **via)
{
	const struct origin *h = origin_for(c, t->l.url, 0);

	if (h && h->root_to &&
	    (h->root_status == 301 || h->root_status == 308)) {
		char *to = url_get(h->root_to, URL_HOST);

		if (to && strcasecmp(to, t->l.host)) {
			*via = "host-redirect";
			return to;
		}
		free(to);
	}
	if (t->gone && t->gone->to) {
		*via = "archive-host-redirect";
		return url_get(t->gone->to, URL_HOST);
	}
	if (!host_answers(t))
		return NULL;
	*via = "site-search";
	return xstrdup(t->l.host);
}

static void search_release(struct search *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(v[i].host);
		strbuf_release(&v[i].rx);
		free(v[i].query);
		free(v[i].answer);
	}
	free(v);
}

/* The archive saw where the page went: no search for it. */
static int archive_placed(const struct target *t)
{
	size_t k;

	for (k = 0; k < t->ncands; k++)
		if (!strcmp(t->cands[k].via, "archive-redirect"))
			return 1;
	return 0;
}

/*
 * Plan the searches, by host: each dead link the archive did not see
 * move, on the host its site's root moved to, else on its own live
 * host when no other evidence placed it.
 */
static size_t plan_searches(struct resolver *c, struct search **out,
			    size_t *of)
{
	struct search *v = NULL;
	size_t nv = 0, av = 0, i, k;

	for (i = 0; i < c->nr; i++) {
		struct target *t = &c->t[i];
		const char *via = NULL;
		char *host, *seg;

		if (!t->dead || archive_placed(t) ||
		    !(seg = last_segment(t->l.url)))
			continue;
		if (!(host = search_host(c, t, &via)) ||
		    (t->ncands && !strcmp(via, "site-search"))) {
			free(host);
			free(seg);
			continue;
		}
		/* The host's open search, or a new one when it is full. */
		for (k = nv; k > 0; k--)
			if (!strcmp(v[k - 1].host, host))
				break;
		if (!k || v[k - 1].nsegs >= SEARCH_MAX_SEGS ||
		    v[k - 1].rx.len + 2 * strlen(seg) > SEARCH_MAX_FILTER) {
			ALLOC_GROW(v, nv + 1, av);
			memset(&v[nv], 0, sizeof(v[nv]));
			v[nv].host = xstrdup(host);
			strbuf_init(&v[nv].rx, 0);
			k = ++nv;
		}
		if (v[k - 1].nsegs++)
			strbuf_addch(&v[k - 1].rx, '|');
		rx_escape(&v[k - 1].rx, seg);
		of[i] = k;
		free(host);
		free(seg);
	}
	*out = v;
	return nv;
}

/* The pages of s's answer named as t's last segment: candidates. */
static void found_in_search(struct resolver *c, struct target *t,
			    const struct search *s)
{
	struct captures found = { NULL, 0, 0 };
	char *seg, *key;
	const char *via = NULL;
	size_t j, m = 0;

	if (!s->answer || cdx_parse(s->host, s->answer, &found))
		return;
	seg = last_segment(t->l.url);
	key = surt_key(t->l.url);
	free(search_host(c, t, &via));
	for (j = 0; seg && key && via && j < found.nr; j++) {
		char *fs = last_segment(found.v[j].original);
		char *fkey = surt_key(found.v[j].original);

		found.v[j].rejected = !(fs && fkey && !strcasecmp(fs, seg) &&
					strcmp(fkey, key));
		m += !found.v[j].rejected;
		free(fs);
		free(fkey);
	}
	for (j = 0; m && m <= SEARCH_MAX_FOUND && j < found.nr; j++) {
		const struct capture *f = &found.v[j];
		char *said;

		if (f->rejected)
			continue;
		said = !strcmp(via, "archive-host-redirect") ?
			last_root_said(t->gone) : NULL;

		add_cand(t, xstrdup(f->original), via,
			 !strcmp(via, "site-search") ?
			 xstrfmt("the Web Archive has a page of the same name "
				 "elsewhere on %s, %s (captured %s)", s->host,
				 f->original, f->ts) : said ?
			 xstrfmt("%s, where the Web Archive has a page of the "
				 "same name, %s (captured %s)", said,
				 f->original, f->ts) :
			 xstrfmt("the site's root redirects permanently to %s, "
				 "where the Web Archive has a page of the same "
				 "name, %s (captured %s)", s->host, f->original,
				 f->ts));
		free(said);
	}
	free(seg);
	free(key);
	captures_release(&found);
}

/*
 * 3. (and 2. on the new host) The site moved the page and kept its name:
 * the captures of the host whose last segment is a dead link's, one CDX
 * query (cached) for the links of a host no other evidence placed; a
 * name found in SEARCH_MAX_FOUND places or fewer gives candidates.
 */
static void search_sites(struct resolver *c)
{
	size_t *of = xcalloc(c->nr ? c->nr : 1, sizeof(*of));
	struct net *n = new_net(c);
	struct search *v = NULL;
	size_t nv = plan_searches(c, &v, of), i, k;

	for (k = 0; k < nv; k++) {
		char *u = xstrfmt("http://%s/", v[k].host);
		char *rx = xstrfmt("urlkey:.*/(%s)$", v[k].rx.buf);
		char *eu = curl_easy_escape(NULL, u, 0);
		char *er = curl_easy_escape(NULL, rx, 0);
		long long at;
		struct req *q;

		v[k].query = xstrfmt("%s/cdx/search/cdx?url=%s&matchType=host"
				     "&output=json&fl=timestamp,original,"
				     "statuscode&filter=statuscode:200"
				     "&filter=%s&collapse=urlkey&limit=200",
				     c->o.wayback, eu, er);
		curl_free(eu);
		curl_free(er);
		free(u);
		free(rx);
		v[k].answer = c->o.refresh ? NULL :
			store_get_lookup(c->st, v[k].query, &at);
		if (!v[k].answer &&
		    (q = submit(n, c, NULL, REQ_SEARCH, xstrdup(v[k].query), 0)))
			q->search = &v[k];
	}
	run_net(c, n, "searches of sites");
	for (i = 0; i < c->nr; i++)
		if (of[i])
			found_in_search(c, &c->t[i], &v[of[i] - 1]);
	free(of);
	search_release(v, nv);
}

/*
 * Every candidate not yet asked, asked as a browser would (redirects
 * followed), and the old page's last good capture, to compare (its
 * title, bytes and text), unless replayed already.
 */
static void ask_cands(struct resolver *c, const char *phase)
{
	struct net *n = new_net(c);
	size_t i, k;

	for (i = 0; i < c->nr; i++) {
		struct target *t = &c->t[i];
		struct capture *g;
		int asked = 0;

		for (k = 0; t->dead && k < t->ncands; k++) {
			if (t->cands[k].cur)
				continue;
			t->cands[k].cur = xstrdup(t->cands[k].url);
			submit(n, c, t, REQ_CAND, xstrdup(t->cands[k].url),
			       (long)k);
			asked++;
		}
		if (!asked)
			continue;
		t->old_cap = latest_capture(&t->caps, 200);
		if (t->old_cap < 0)
			continue;
		g = &t->caps.v[t->old_cap];
		if (!g->verified && !g->asked) {
			char *url = xstrfmt("%s/web/%sid_/%s", c->o.wayback,
					    g->ts, g->original);

			g->asked = 1;
			if (replay_known(c, url, &t->caps.v[t->old_cap]))
				free(url);
			else
				submit(n, c, t, REQ_OLD_PAGE, url, t->old_cap);
		}
	}
	run_net_following(c, n, phase);
	/*
	 * What a random path of each live candidate's host gets: a page
	 * every path gets (a soft 404 titled as the site is) is no match.
	 */
	n = new_net(c);
	for (i = 0; i < c->nr; i++)
		for (k = 0; c->t[i].dead && k < c->t[i].ncands; k++) {
			struct cand *x = &c->t[i].cands[k];
			struct origin *h;

			if (x->status == 200 && (h = origin_for(c, x->cur, 1)))
				probe_origin(c, n, &c->t[i], h);
		}
	run_net(c, n, "successors' hosts");
}

static void check_cands(struct resolver *c)
{
	ask_cands(c, "successors");
}

static char *refusal(const struct resolver *c, const struct target *t,
		     const struct cand *k);

/* ---- 5. the tree knows ---- */

/* A live link of the tree: checked alive now, not one of the dead. */
static int tree_live(const struct target *u)
{
	return !u->dead && u->l.have_last && u->nocc &&
	       link_verdict(&u->l) == V_ALIVE;
}

/* The tree's live link to url, or NULL. */
static const struct target *tree_link(const struct resolver *c,
				      const char *url)
{
	size_t i;

	for (i = 0; i < c->nr; i++)
		if (tree_live(&c->t[i]) && !strcmp(c->t[i].l.url, url))
			return &c->t[i];
	return NULL;
}

/*
 * A typo is a slip of one link or two: a dead host the tree links more
 * often is a host that died (www.ti.com is no typo of www.ni.com).
 */
#define TYPO_MAX_LINKS 2

/*
 * 5c. A dead host one letter off a live host of the tree: the same
 * path there is a candidate (a typo's guess becomes a move only when
 * its page is the old one's).
 */
static void tree_typo(struct resolver *c, struct target *t)
{
	const struct target *u;
	size_t i, n = 0;
	char *host;

	if (!t->suggest)
		return;
	for (i = 0; i < c->nr && n <= TYPO_MAX_LINKS; i++)
		n += !strcmp(c->t[i].l.host, t->l.host);
	if (n > TYPO_MAX_LINKS || !(host = url_get(t->suggest, URL_HOST)))
		return;
	if (edit_distance(host, t->l.host, 1) > 1) {
		free(host);
		return;
	}
	u = tree_link(c, t->suggest);
	add_cand(t, xstrdup(t->suggest), "tree-knows", u ?
		 xstrfmt("the tree links the same page at %s (%s:%u), on "
			 "%s, one letter off the dead host %s", u->l.url,
			 u->occ[0].path, u->occ[0].line, host, t->l.host) :
		 xstrfmt("the tree links %s, one letter off the dead host %s; "
			 "the same path there", host, t->l.host));
	free(host);
}

/* Most candidates one dead link takes from the tree's other links. */
#define TREE_MAX_CANDS 3

/*
 * The candidates of t from u, a live link of the tree whose path names
 * the project up to end: the project's place for its home page, else
 * the rest of t's path there and under u's own directory.  How many.
 */
static size_t project_cands(struct target *t, const struct target *u,
			    const char *end, const char *name,
			    const char *rest, size_t room)
{
	int home = !*rest || !strcmp(rest, "/");
	const char *dir = strrchr(end, '/');
	char *how = xstrfmt("the tree links the project \"%s\" on %s too, "
			    "at %s (%s:%u)", name, u->l.host, u->l.url,
			    u->occ[0].path, u->occ[0].line);

	add_cand(t, home ? xstrndup(u->l.url, (size_t)(end - u->l.url)) :
		 xstrfmt("%.*s%s", (int)(end - u->l.url), u->l.url, rest),
		 "tree-knows", how);
	if (home || !dir || dir == end || room < 2)
		return 1;
	add_cand(t, xstrfmt("%.*s%s", (int)(dir - u->l.url), u->l.url, rest),
		 "tree-knows", xstrdup(how));
	return 2;
}

/*
 * 5a. The tree links the same project on another host: a live link
 * whose path has the project's name among its first three segments.
 * The dead URL's rest of path, after that project's place there (and
 * after the live link's own directory), is a candidate; the project's
 * place itself for its home page.
 */
static size_t tree_project(struct resolver *c, struct target *t)
{
	char *name[2];
	const char *rest[2];
	size_t nn = project_names(t->l.url, t->l.host, name, rest), m, i;
	size_t added = 0;

	for (m = 0; m < nn; m++)
		for (i = 0; i < c->nr && added < TREE_MAX_CANDS; i++) {
			const struct target *u = &c->t[i];
			const char *p = strstr(u->l.url, "://"), *seg;
			size_t len = 0, depth;

			if (!tree_live(u) || !p ||
			    !strcasecmp(u->l.host, t->l.host))
				continue;
			/* The name among the first three segments. */
			seg = p + 3 + strcspn(p + 3, "/?#");
			for (depth = 0; *seg == '/' && depth < 3;
			     seg += len, depth++) {
				len = strcspn(seg + 1, "/?#") + 1;
				if (len - 1 == strlen(name[m]) &&
				    !strncasecmp(seg + 1, name[m], len - 1))
					break;
			}
			if (*seg != '/' || depth == 3)
				continue;
			added += project_cands(t, u, seg + len, name[m],
					       rest[m],
					       TREE_MAX_CANDS - added);
		}
	for (m = 0; m < nn; m++)
		free(name[m]);
	return added;
}

/* The title of t's latest replayed capture that has one, or NULL. */
static const char *known_title(const struct target *t)
{
	const struct capture *best = NULL;
	size_t k;

	for (k = 0; k < t->caps.nr; k++) {
		const struct capture *g = &t->caps.v[k];

		if (g->verified && g->title && *g->title &&
		    (!best || strcmp(g->ts, best->ts) > 0))
			best = g;
	}
	return best ? best->title : NULL;
}

/*
 * 5b. The same document already linked elsewhere in the tree: the live
 * links whose address holds the most distinctive words of the old
 * page's title (from a capture already replayed) are candidates, the
 * page's title still to match.  Two at most a dead link, and only for
 * a title of two distinctive words or more: "Introduction" or "Home"
 * names many pages.
 */
static void tree_title(struct resolver *c, struct target *t)
{
	const char *title = known_title(t);
	size_t best[2] = { 0, 0 }, score[2] = { 0, 0 }, i, m;

	if (!title || title_words_in(title, NULL) < 2)
		return;
	for (i = 0; i < c->nr; i++) {
		size_t n;

		if (!tree_live(&c->t[i]) ||
		    !(n = title_words_in(title, c->t[i].l.url)))
			continue;
		if (n > score[0]) {
			best[1] = best[0];
			score[1] = score[0];
			best[0] = i;
			score[0] = n;
		} else if (n > score[1]) {
			best[1] = i;
			score[1] = n;
		}
	}
	for (m = 0; m < 2 && score[m]; m++) {
		const struct target *u = &c->t[best[m]];

		add_cand(t, xstrdup(u->l.url), "tree-knows",
			 xstrfmt("the tree links %s (%s:%u), whose address "
				 "has words of the old page's title \"%.120s\"",
				 u->l.url, u->occ[0].path, u->occ[0].line,
				 title));
	}
}

/*
 * 5. The tree knows where the page went: a live host one letter off the
 * dead one, the same project linked on another host, the same document
 * linked elsewhere.  Candidates only: each must match the old page.
 * (A worker that loaded only its hosts' links sees only those.)
 */
static void tree_knows(struct resolver *c)
{
	size_t i;

	for (i = 0; i < c->nr; i++) {
		struct target *t = &c->t[i];

		if (!t->dead || archive_placed(t))
			continue;
		tree_typo(c, t);
		/* No copy to compare with: nothing else can be a move. */
		if (latest_capture(&t->caps, 200) < 0)
			continue;
		if (!tree_project(c, t) && !t->ncands)
			tree_title(c, t);
	}
}

/* ---- 4. the site's own pattern ---- */

/* A move known for certain: a live redirect, or a successor found. */
struct known_move {
	const char *old, *new;
};

/* The candidate of t that is where it lives now, or NULL. */
static const struct cand *accepted(const struct resolver *c,
				   const struct target *t)
{
	size_t k;

	for (k = 0; k < t->ncands; k++) {
		char *why = refusal(c, t, &t->cands[k]);

		if (!why)
			return &t->cands[k];
		free(why);
	}
	return NULL;
}

/* A rewrite learnt, and the moves that agree on it. */
struct learnt {
	struct pattern p;
	unsigned general;	/* how many of PATTERN_ANY_* it has */
	size_t n;
	const struct known_move *ex[2];
};

static void free_learnt(void *p)
{
	struct learnt *l = p;

	if (!l)
		return;
	pattern_release(&l->p);
	free(l);
}

/*
 * The rewrites two known moves or more of host agree on, into rules,
 * the most specific first (a directory prefix and an extension before
 * any directory or any extension): n of them.
 */
static size_t learn_site(const struct known_move *mv, size_t nmv,
			 struct learnt ***out)
{
	struct strmap by_key = STRMAP_INIT;
	struct strmap_entry *e;
	struct learnt **v = NULL;
	size_t i, n = 0, a = 0;
	unsigned any;

	for (any = 0; any < 4; any++)
		for (i = 0; i < nmv; i++) {
			struct pattern p;
			struct learnt *l;
			char *key;
			void **slot;

			if (pattern_learn(mv[i].old, mv[i].new, any, &p))
				continue;
			key = pattern_key(&p);
			slot = strmap_put(&by_key, key);
			free(key);
			if (!*slot) {
				l = xcalloc(1, sizeof(*l));
				l->p = p;
				l->general = !!(any & PATTERN_ANY_DIR) +
					     !!(any & PATTERN_ANY_EXT);
				*slot = l;
			} else {
				l = *slot;
				pattern_release(&p);
			}
			if (l->n < 2)
				l->ex[l->n] = &mv[i];
			l->n++;
		}
	/* A rule of a directory prefix before one of any directory. */
	strmap_for_each(&by_key, e) {
		struct learnt *l = e->value;

		if (l->n < 2)
			continue;
		ALLOC_GROW(v, n + 1, a);
		v[n++] = l;
		e->value = NULL;
	}
	for (i = 0; i < n; i++) {
		size_t j;

		for (j = i + 1; j < n; j++)
			if (v[j]->general < v[i]->general) {
				struct learnt *x = v[i];

				v[i] = v[j];
				v[j] = x;
			}
	}
	strmap_clear(&by_key, free_learnt);
	*out = v;
	return n;
}

/* Most pattern candidates one dead link takes. */
#define PATTERN_MAX_CANDS 2

/*
 * 4. The site's own pattern: where two known moves of a host or more
 * (live redirects, and successors found above) were the same rewrite,
 * its other dead links rewritten so are candidates, asked now.
 */
static void site_patterns(struct resolver *c)
{
	struct strmap hosts = STRMAP_INIT;
	struct strmap_entry *e;
	size_t i;

	for (i = 0; i < c->nr; i++) {
		struct target *t = &c->t[i];

		if (t->dead && !accepted(c, t))
			*strmap_put(&hosts, t->l.host) = (void *)1;
	}
	strmap_for_each(&hosts, e) {
		struct known_move *mv = NULL;
		struct learnt **rules;
		size_t nmv = 0, amv = 0, nr, r;

		for (i = 0; i < c->nr; i++) {
			const struct target *u = &c->t[i];
			const struct cand *k = NULL;
			const char *to = NULL;

			if (strcmp(u->l.host, e->key))
				continue;
			if (!u->dead && u->l.have_last &&
			    link_verdict(&u->l) == V_MOVED)
				to = u->l.last.final_url;
			else if (u->dead && (k = accepted(c, u)))
				to = k->cur;
			if (!to)
				continue;
			ALLOC_GROW(mv, nmv + 1, amv);
			mv[nmv].old = u->l.url;
			mv[nmv++].new = to;
		}
		nr = nmv >= 2 ? learn_site(mv, nmv, &rules) : 0;
		for (i = 0; nr && i < c->nr; i++) {
			struct target *t = &c->t[i];
			size_t had = t->ncands;

			if (!t->dead || strcmp(t->l.host, e->key) ||
			    latest_capture(&t->caps, 200) < 0 ||
			    accepted(c, t))
				continue;
			for (r = 0; r < nr &&
			     t->ncands - had < PATTERN_MAX_CANDS; r++) {
				const struct learnt *l = rules[r];
				char *to = pattern_apply(&l->p, t->l.url);

				if (!to || !strcmp(to, t->l.url)) {
					free(to);
					continue;
				}
				add_cand(t, to, "site-pattern", xstrfmt(
					 "%zu other links of %s moved the "
					 "same way, as %s to %s and %s to %s",
					 l->n, t->l.host, l->ex[0]->old,
					 l->ex[0]->new, l->ex[1]->old,
					 l->ex[1]->new));
			}
		}
		for (r = 0; r < nr; r++)
			free_learnt(rules[r]);
		if (nr)
			free(rules);
		free(mv);
	}
	strmap_clear(&hosts, NULL);
	ask_cands(c, "successors by the sites' patterns");
}

/* --lore: the Message-ID of old mail-archive pages (or their captures). */
static void fetch_pages(struct resolver *c)
{
	struct net *n;
	size_t i, k;

	if (!c->o.lore)
		return;
	n = new_net(c);
	for (i = 0; i < c->nr; i++) {
		struct target *t = &c->t[i];
		char ts[15];
		long best;

		if (!t->l.have_last || !host_is_old_mail_archive(t->l.host))
			continue;
		if (!verdict_is_failure(link_verdict(&t->l))) {
			submit(n, c, t, REQ_PAGE, xstrdup(t->l.last.final_url ?
							  t->l.last.final_url : t->l.url), 0);
			continue;
		}
		for (k = 0; t->dead && k < t->nocc; k++) {
			ts14(t->occ[k].date, ts);
			best = capture_choose(&t->caps, ts);
			if (best >= 0 && t->caps.v[best].verified) {
				submit(n, c, t, REQ_PAGE,
				       xstrfmt("%s/web/%sid_/%s", c->o.wayback,
					       t->caps.v[best].ts,
					       t->caps.v[best].original), 0);
				break;
			}
		}
	}
	run_net(c, n, "pages");
}

static void ask_memento(struct resolver *c)
{
	struct net *n;
	size_t i, k;

	if (!c->o.memento)
		return;
	n = new_net(c);
	for (i = 0; i < c->nr; i++) {
		struct target *t = &c->t[i];
		int any = 0;
		char ts[15];

		if (!t->dead || t->cdx_failed)
			continue;
		for (k = 0; k < t->nocc; k++) {
			ts14(t->occ[k].date, ts);
			if (capture_choose(&t->caps, ts) >= 0)
				any = 1;
		}
		if (!any) {
			char *bare = strip_fragment(t->l.url);

			submit(n, c, t, REQ_MEMENTO, xstrfmt("%s%s", c->o.memento, bare), 0);
			free(bare);
		}
	}
	run_net(c, n, "mementos");
}

/*
 * Replay the memento each occurrence would get, as a Wayback capture is
 * replayed before use: one that does not answer 200 (or is refused by
 * the address rule) is rejected and the next nearest tried.
 */
static void verify_mementos(struct resolver *c)
{
	int round;
	size_t i, k;

	for (round = 0; c->o.memento && round < REPLAY_ROUNDS; round++) {
		struct net *n = new_net(c);
		size_t asked = 0;

		for (i = 0; i < c->nr; i++) {
			struct target *t = &c->t[i];
			char ts[15];

			for (k = 0; t->dead && k < t->nocc; k++) {
				long best;

				ts14(t->occ[k].date, ts);
				if (capture_choose(&t->caps, ts) >= 0)
					continue;
				best = capture_choose(&t->mementos, ts);
				if (best < 0 || t->mementos.v[best].verified ||
				    t->mementos.v[best].asked)
					continue;
				t->mementos.v[best].asked = 1;
				submit(n, c, t, REQ_MEMENTO_REPLAY,
				       xstrdup(t->mementos.v[best].memento), best);
				asked++;
			}
		}
		run_net(c, n, "memento replays");
		if (!asked || stopped(c))
			break;
	}
}

/* "*" would end a C comment and is the archive's calendar: encode it. */
static void add_original(struct strbuf *sb, const char *url)
{
	for (; *url && *url != '#'; url++) {
		if (*url == '*')
			strbuf_addstr(sb, "%2A");
		else
			strbuf_addch(sb, *url);
	}
}

static void history_evidence(const struct resolver *c, const struct target *t,
			     struct strbuf *sb)
{
	char a[11], b[11];

	day(t->l.hist[0].at, a);
	day(t->l.last.at, b);
	strbuf_addf(sb, "%s (%s); %zu check%s %s..%s, %d failing counted",
		    verdict_name(link_verdict(&t->l)), t->l.last.detail ? t->l.last.detail : "",
		    t->l.nhist, t->l.nhist == 1 ? "" : "s", a, b, t->failures);
	(void)c;
}

static void decide_dead(struct resolver *c, struct target *t, struct occ *o);
static int decide_successor(struct resolver *c, struct target *t,
			    struct occ *o);
static int decide_archived(struct resolver *c, struct target *t,
			   struct occ *o);

/*
 * https for the http URL as written: its host's case, path and encoding
 * kept.  NULL where it names a port (the twin's own is then needed).
 */
static char *upgrade_written(const char *text)
{
	char *port = url_get(text, URL_PORT);

	if (port || strncasecmp(text, "http://", 7)) {
		free(port);
		return NULL;
	}
	return xstrfmt("https://%s", text + 7);
}

/*
 * 1 when t's redirect to another site only changes the host (the same
 * path and query there) and pages of t's host are found on that site
 * by their content: the host moved, its root with it (a renamed host,
 * whose root has no capture to compare).  *why says so.
 */
static int site_moved(const struct resolver *c, const struct target *t,
		      char **why)
{
	size_t i, k, n = 0;
	const char *where = NULL;

	*why = NULL;
	if (!keeps_path(t->l.url, t->offsite))
		return 0;
	for (i = 0; i < c->nr; i++) {
		const struct target *u = &c->t[i];

		if (u == t || !u->dead || strcmp(u->l.host, t->l.host))
			continue;
		for (k = 0; k < u->ncands; k++) {
			const struct cand *x = &u->cands[k];
			char *no;

			if (!x->cur || !url_same_site(x->cur, t->offsite))
				continue;
			if (!(no = refusal(c, u, x))) {
				where = x->cur;
				n++;
				break;
			}
			free(no);
		}
	}
	if (!n)
		return 0;
	*why = xstrfmt("the same path on a host renamed: %zu other page%s of "
		       "%s %s found there by %s content (%s)", n,
		       n == 1 ? "" : "s", t->l.host, n == 1 ? "is" : "are",
		       n == 1 ? "its" : "their", where);
	return 1;
}

static void decide(struct resolver *c, struct target *t, struct occ *o)
{
	const char *frag = strchr(o->text, '#');
	struct strbuf r = STRBUF_INIT;
	char *why = NULL;

	/* A dead link's place no patch will change (mark_kept()). */
	if (o->kept != KEEP_NONE) {
		history_evidence(c, t, &o->evidence);
		o->kind = K_UNRESOLVED;
		strbuf_addf(&o->evidence, "; kept as it is (%s): not looked up",
			    keep_reason_name(o->kept));
		return;
	}
	if (o->truncated) {
		o->kind = K_UNRESOLVED;
		strbuf_addstr(&o->evidence, "truncated in the source: not guessed");
		return;
	}
	if (t->lore && t->lore_alive) {
		o->kind = K_CANONICAL;
		o->via = "lore";
		o->replacement = xstrdup(t->lore);
		strbuf_addf(&o->evidence, "%s is a mail archive checkpatch.pl calls "
			    "obsolete; the message's Message-ID is on lore, alive",
			    t->l.host);
		return;
	}
	if (t->l.have_last && link_verdict(&t->l) == V_MOVED &&
	    t->l.last.final_url && (!t->offsite || site_moved(c, t, &why))) {
		strbuf_addstr(&r, t->l.last.final_url);
		if (frag && !strchr(t->l.last.final_url, '#'))
			strbuf_addstr(&r, frag);
		o->kind = K_MOVED;
		o->via = "redirect";
		o->replacement = strbuf_detach(&r, NULL);
		strbuf_addf(&o->evidence, "permanent redirects: %s", t->l.last.chain);
		if (why || t->cross)
			strbuf_addf(&o->evidence, "; to another site, %s",
				    why ? why : t->cross);
		free(why);
		return;
	}
	if (t->twin && t->http_ok && t->https_ok &&
	    !memcmp(t->http_digest, t->https_digest, 32)) {
		o->kind = K_UPGRADE;
		o->via = "upgrade";
		o->replacement = upgrade_written(o->text);
		if (!o->replacement)
			o->replacement = xstrdup(t->twin);
		strbuf_addstr(&o->evidence, "https serves the same page (bodies equal "
			      "but for the scheme of links and spacing)");
		return;
	}
	if (t->dead)
		decide_dead(c, t, o);
}

/* A dead link: a checked guess, else an archived copy, else unresolved. */
static void decide_dead(struct resolver *c, struct target *t, struct occ *o)
{
	history_evidence(c, t, &o->evidence);
	if (decide_successor(c, t, o))
		return;
	if (t->offsite)
		strbuf_addf(&o->evidence, "; %s", OFFSITE_SAYS);
	if (t->suggest && t->suggest_alive) {
		o->kind = K_TYPO;
		o->via = "typo";
		o->replacement = xstrdup(t->suggest);
		strbuf_addf(&o->evidence, "; NXDOMAIN, and %s, two letters or fewer "
			    "away, is a live host of this tree; the URL there is "
			    "alive", t->suggest);
		return;
	}
	if (t->migrated && t->migrated_alive) {
		o->kind = K_MIGRATED;
		o->via = "migration";
		o->replacement = xstrdup(t->migrated);
		strbuf_addf(&o->evidence, "; domain migration %s; the URL there is "
			    "alive", t->migration);
		return;
	}
	if (t->suggest)
		strbuf_addf(&o->evidence, "; did you mean %s? (not alive)", t->suggest);
	if (t->migrated)
		strbuf_addf(&o->evidence, "; domain migration %s, but %s is not "
			    "alive", t->migration, t->migrated);
	if (decide_archived(c, t, o))
		return;
	o->kind = K_UNRESOLVED;
	if (t->cdx_failed)
		strbuf_addf(&o->evidence, "; archive look-up failed (%s): to be "
			    "asked again", t->cdx_error ? t->cdx_error : "no reply");
	else
		strbuf_addstr(&o->evidence, "; no archived copy");
}

static int home_like(const char *url)
{
	return page_is_root(url) || page_is_home(url) || page_named_home(url);
}

/* Another page of t's host the archive saw redirect to the same URL. */
static size_t same_target(const struct resolver *c, const struct target *t,
			  const char *url)
{
	size_t i, k, n = 0;

	for (i = 0; i < c->nr; i++) {
		const struct target *u = &c->t[i];

		if (u == t || !u->dead || strcmp(u->l.host, t->l.host) ||
		    !strcmp(u->l.url, t->l.url))
			continue;
		for (k = 0; k < u->ncands; k++)
			if (!strcmp(u->cands[k].via, "archive-redirect") &&
			    !strcmp(u->cands[k].url, url)) {
				n++;
				break;
			}
	}
	return n;
}

enum match { MATCH_NONE, MATCH_BYTES, MATCH_TITLE, MATCH_TEXT };

/*
 * How k's page is the old page's last good capture: the same bytes, the
 * same title, or a text at least LIKENESS_MIN alike (*j, -1 when there
 * is too little text to judge); MATCH_NONE when it is not.
 */
static enum match content_match(const struct target *t, const struct cand *k,
				double *j)
{
	const struct capture *g = &t->caps.v[t->old_cap];

	*j = t->texts ? shingles_jaccard(&t->texts[t->old_cap], &k->text) : -1;
	if (k->len && !memcmp(g->sha, k->sha, sizeof(k->sha)))
		return MATCH_BYTES;
	if (g->title && k->title && !strcasecmp(g->title, k->title))
		return MATCH_TITLE;
	return *j >= LIKENESS_MIN ? MATCH_TEXT : MATCH_NONE;
}

/*
 * Why k is not where t lives now, or NULL when it is: it answers 200 now
 * (redirects followed), is no parked domain, no home page for a deeper
 * page, not where any path of the old host lands, and carries the title
 * of the old page's last good capture.
 */
static char *refusal(const struct resolver *c, const struct target *t,
		     const struct cand *k)
{
	const struct origin *h = origin_for((struct resolver *)c, t->l.url, 0);
	const struct origin *hc;
	const struct capture *g = t->old_cap >= 0 ? &t->caps.v[t->old_cap] : NULL;
	char *why, *tail = NULL;
	double j;
	size_t n;

	if (k->status != 200)
		return k->status ? xstrfmt("HTTP %ld now", k->status) :
			xstrdup("no answer now");
	if (k->parked)
		return xstrdup("a parked domain");
	if (home_like(k->cur) && !home_like(t->l.url))
		return xstrfmt("%s is a home page, no deeper page's successor",
			       k->cur);
	if (h && h->probe_to && (!strcmp(h->probe_to, k->url) ||
				 !strcmp(h->probe_to, k->cur)))
		return xstrfmt("a random path of %s redirects there too",
			       t->l.host);
	if ((hc = origin_for((struct resolver *)c, k->cur, 0)) &&
	    hc->probe_to && !strcmp(hc->probe_to, k->cur))
		return xstrdup("a random path of its host redirects there too");
	if (hc && hc->probe_status == 200 && hc->probe_title && k->title &&
	    !strcasecmp(hc->probe_title, k->title))
		return xstrfmt("a random path of its host answers 200 with the "
			       "same title \"%.120s\"", k->title);
	if (!strcmp(k->via, "archive-redirect") &&
	    (n = same_target(c, t, k->url)))
		return xstrfmt("%zu other page%s of %s redirected there too",
			       n, n == 1 ? "" : "s", t->l.host);
	if (!g || !g->verified)
		return xstrdup("no capture of the old page to compare with");
	if (content_match(t, k, &j) != MATCH_NONE)
		return NULL;
	if (j >= 0)
		tail = xstrfmt(", and its text is %.2f alike to the old page's "
			       "(%.2f needed)", j, LIKENESS_MIN);
	if (!g->title || !k->title)
		why = xstrfmt("no title to compare (%s)%s", !g->title ?
			      "the old page's capture has none" :
			      "the candidate has none", tail ? tail : "");
	else
		why = xstrfmt("its title \"%.120s\" is not the old page's "
			      "\"%.120s\"%s", k->title, g->title,
			      tail ? tail : "");
	free(tail);
	return why;
}

/*
 * The first candidate that is where the page lives now: a move, by the
 * evidence that named it.  Each refused one is said as a suggestion.
 */
static int decide_successor(struct resolver *c, struct target *t,
			    struct occ *o)
{
	const char *frag = strchr(o->text, '#');
	double j;
	size_t k;

	for (k = 0; k < t->ncands; k++) {
		const struct cand *x = &t->cands[k];
		const struct capture *g;
		char *why = refusal(c, t, x);

		/* A page that does not answer is not even a suggestion. */
		if (why && x->status == 200)
			strbuf_addf(&o->evidence, "; suggestion: %s (%s; %s)",
				    x->cur, x->how, why);
		if (why) {
			free(why);
			continue;
		}
		o->kind = K_MOVED;
		o->via = x->via;
		o->replacement = frag && !strchr(x->cur, '#') ?
			xstrfmt("%s%s", x->cur, frag) : xstrdup(x->cur);
		strbuf_addf(&o->evidence, "; %s; %s answers 200 now",
			    x->how, x->cur);
		if (x->hops)
			strbuf_addf(&o->evidence, " (%d redirect%s from %s)",
				    x->hops, x->hops == 1 ? "" : "s", x->url);
		g = &t->caps.v[t->old_cap];
		switch (content_match(t, x, &j)) {
		case MATCH_BYTES:
			strbuf_addf(&o->evidence, ", the same bytes as the "
				    "capture %s of the old page", g->ts);
			break;
		case MATCH_TITLE:
			strbuf_addf(&o->evidence, ", titled \"%.120s\" as the "
				    "capture %s of the old page was", x->title,
				    g->ts);
			break;
		default:
			strbuf_addf(&o->evidence, ", its visible text %.2f "
				    "alike to the capture %s of the old page's "
				    "(shingled words; %.2f needed)", j, g->ts,
				    LIKENESS_MIN);
			break;
		}
		return 1;
	}
	return 0;
}

/*
 * The project's own capture, else a verified Wayback capture, else a
 * memento, each the nearest the day the line was added; 1 when found.
 */
static int decide_archived(struct resolver *c, struct target *t,
			   struct occ *o)
{
	const char *frag = strchr(o->text, '#');
	struct strbuf r = STRBUF_INIT;
	char ts[15], d[11];
	long best;

	ts14(o->date, ts);
	day(o->date, d);
	best = capture_choose(&t->local, ts);
	if (best >= 0) {
		/*
		 * A static collection (archive's WACZ and replay page): its
		 * page's URL, whose hash names the capture; a fragment has
		 * no place there.  Else pywb's BASE/TS/URL.
		 */
		if (c->replay_page) {
			char *u = wacz_replay_url(c->o.archive_base, o->text,
						  t->local.v[best].ts);

			strbuf_addstr(&r, u);
			free(u);
		} else {
			strbuf_addf(&r, "%s/%s/", c->o.archive_base,
				    t->local.v[best].ts);
			add_original(&r, o->text);
			if (frag)
				strbuf_addstr(&r, frag);
		}
		o->kind = K_ARCHIVED;
		o->via = "own-archive";
		o->replacement = strbuf_detach(&r, NULL);
		strbuf_addf(&o->evidence, "; the project's own capture %s "
			    "(%s/index.cdxj), the nearest %s %s (%s)",
			    t->local.v[best].ts, c->o.archive_dir,
			    strcmp(t->local.v[best].ts, ts) <= 0 ? "before" : "after",
			    d, o->source);
		if (c->replay_page)
			strbuf_addf(&o->evidence, ", replayed by the collection's "
				    "static page at %s", c->o.archive_base);
		return 1;
	}
	best = capture_choose(&t->caps, ts);
	if (best >= 0 && t->caps.v[best].verified) {
		strbuf_addf(&r, "%s/web/%s/", c->o.wayback, t->caps.v[best].ts);
		add_original(&r, o->text);
		if (frag)
			strbuf_addstr(&r, frag);
		o->kind = K_ARCHIVED;
		o->via = "wayback";
		o->replacement = strbuf_detach(&r, NULL);
		strbuf_addf(&o->evidence, "; capture %s, the nearest %s %s (%s)",
			    t->caps.v[best].ts,
			    strcmp(t->caps.v[best].ts, ts) <= 0 ? "before" : "after",
			    d, o->source);
		if (t->early)
			strbuf_addf(&o->evidence, "; %zu older capture%s predate%s "
				    "the site's first capture (%.8s): not offered",
				    t->early, t->early == 1 ? "" : "s",
				    t->early == 1 ? "s" : "", t->born);
		if (t->unpublished)
			strbuf_addf(&o->evidence, "; %zu older capture%s "
				    "predate%s the date its address gives "
				    "(%.8s): not offered", t->unpublished,
				    t->unpublished == 1 ? "" : "s",
				    t->unpublished == 1 ? "s" : "",
				    t->published);
		/*
		 * A living page's copy is still recorded, with why it would
		 * freeze the page: the judge (rewrite/judge.h) leaves it.
		 */
		{
			struct strbuf why = STRBUF_INIT;

			if (captures_say(t, best, &why) >= 0)
				strbuf_addf(&o->evidence, "; %s", why.buf);
			strbuf_release(&why);
		}
		return 1;
	}
	best = capture_choose(&t->mementos, ts);
	if (best >= 0 && t->mementos.v[best].verified) {
		o->kind = K_ARCHIVED;
		o->via = "memento";
		o->replacement = xstrdup(t->mementos.v[best].memento);
		strbuf_addf(&o->evidence, "; no Wayback capture; memento %s, the "
			    "nearest %s %s (%s)", t->mementos.v[best].ts,
			    strcmp(t->mementos.v[best].ts, ts) <= 0 ? "before" : "after",
			    d, o->source);
		return 1;
	}
	return 0;
}

static void print_json(const struct target *t, const struct occ *o,
		       int first)
{
	json_t *j = json_object();

	json_object_set_new(j, "url", json_text(t->l.url));
	json_object_set_new(j, "kind", json_string(kind_name(o->kind)));
	json_object_set_new(j, "replacement", o->replacement ?
			    json_text(o->replacement) : json_null());
	json_object_set_new(j, "evidence", json_text(o->evidence.buf));
	json_object_set_new(j, "via", o->via ? json_string(o->via) : json_null());
	json_object_set_new(j, "path", json_text(o->path));
	json_object_set_new(j, "line", json_integer(o->line));
	json_object_set_new(j, "date_source", json_string(o->source));
	json_print_item(j, first);
}

static void print_tsv(const struct target *t, const struct occ *o)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_add_escaped(&sb, t->l.url, strlen(t->l.url));
	strbuf_addf(&sb, "\t%s\t", kind_name(o->kind));
	if (o->replacement)
		strbuf_add_escaped(&sb, o->replacement, strlen(o->replacement));
	else
		strbuf_addch(&sb, '-');
	strbuf_addch(&sb, '\t');
	strbuf_add_escaped(&sb, o->evidence.buf, o->evidence.len);
	strbuf_addch(&sb, '\n');
	fwrite(sb.buf, 1, sb.len, stdout);
	strbuf_release(&sb);
}

static int record(struct resolver *c, const struct target *t,
		  const struct occ *o)
{
	struct store_resolution sr;
	struct strbuf edit = STRBUF_INIT;
	int ret;

	sr.url_id = t->l.id;
	sr.path = o->path;
	sr.start = o->start;
	sr.kind = o->kind;
	sr.replacement = o->replacement;
	sr.evidence = o->evidence.buf;
	sr.at = c->o.now;
	sr.via = o->via;
	/* The bytes fix and series write, decided here once. */
	if (o->replacement && o->ctx != CTX__COUNT)
		rewrite_escape(o->ctx, o->replacement, &edit);
	sr.edit = edit.len ? edit.buf : NULL;
	ret = store_put_resolution(c->st, &sr);
	strbuf_release(&edit);
	if (!ret && o->owner) {
		struct store_class sc = { o->path, o->start, o->owner,
					  o->owner_why, NULL, NULL };

		ret = store_put_class(c->st, &sc);
	}
	return ret;
}

/* Every decision recorded; each URL, kind and replacement printed once. */
static int report(struct resolver *c)
{
	struct strmap printed = STRMAP_INIT;
	size_t i, k;
	int first = 1, ret = 0;

	if (c->o.json && !c->o.no_output)
		printf("[");
	for (i = 0; i < c->nr && !ret; i++) {
		struct target *t = &c->t[i];

		for (k = 0; k < t->nocc; k++) {
			struct occ *o = &t->occ[k];
			char *key;

			if (o->kind == K__COUNT)
				continue;
			if (record(c, t, o)) {
				ret = -1;
				break;
			}
			key = xstrfmt("%s\t%s\t%s", t->l.url, kind_name(o->kind),
				      o->replacement ? o->replacement : "-");
			if (strmap_get(&printed, key) || c->o.no_output) {
				free(key);
				continue;
			}
			*strmap_put(&printed, key) = (void *)1;
			free(key);
			if (c->o.json)
				print_json(t, o, first);
			else
				print_tsv(t, o);
			first = 0;
		}
	}
	if (c->o.json && !c->o.no_output)
		printf("%s]\n", first ? "" : "\n");
	strmap_clear(&printed, NULL);
	return ret;
}

static void free_target(struct target *t)
{
	size_t k;

	for (k = 0; k < t->nocc; k++) {
		free(t->occ[k].path);
		free(t->occ[k].owner_why);
		free(t->occ[k].text);
		free(t->occ[k].replacement);
		strbuf_release(&t->occ[k].evidence);
	}
	free(t->occ);
	link_release(&t->l);
	free(t->cdx_key);
	free(t->cdx_error);
	free(t->suggest);
	free(t->migrated);
	free(t->migration);
	free(t->offsite);
	free(t->cross);
	free(t->lore);
	free(t->twin);
	for (k = 0; t->texts && k < t->caps.nr; k++)
		shingles_release(&t->texts[k]);
	free(t->texts);
	captures_release(&t->caps);
	captures_release(&t->mementos);
	captures_release(&t->local);
	for (k = 0; k < t->ncands; k++) {
		free(t->cands[k].url);
		free(t->cands[k].how);
		free(t->cands[k].cur);
		free(t->cands[k].title);
		shingles_release(&t->cands[k].text);
	}
	free(t->cands);
}


void resolve_say_stats(const struct resolve_stats *s)
{
	struct strbuf sb = STRBUF_INIT;
	int k;

	if (s->interrupted) {
		fprintf(stderr, "resolve: interrupted; the %zu answers had are "
			"kept, nothing decided: run it again to go on\n",
			s->asked);
		return;
	}
	for (k = 0; k < K__COUNT; k++)
		if (s->by_kind[k])
			strbuf_addf(&sb, "%s %s %zu", sb.len ? "," : "",
				    kind_name((enum kind)k), s->by_kind[k]);
	fprintf(stderr, "resolve: %zu URLs, %zu requests to archives and "
		"sites; links by kind:%s\n", s->urls, s->asked,
		sb.len ? sb.buf : " none");
	if (s->replays_kept)
		fprintf(stderr, "resolve: %zu capture replay%s known from an "
			"earlier run, not asked again\n", s->replays_kept,
			s->replays_kept == 1 ? "" : "s");
	if (s->hosts_kept)
		fprintf(stderr, "resolve: %zu host answer%s (a root, a random "
			"path) known from an earlier run of the last %lld "
			"days, not asked again\n", s->hosts_kept,
			s->hosts_kept == 1 ? "" : "s",
			HOST_ANSWER_FRESH_S / 86400);
	strbuf_release(&sb);
}

void resolve_opts_init(struct resolve_opts *o)
{
	memset(o, 0, sizeof(*o));
	net_opts_init(&o->net);
	settings_confirm_init(&o->confirm, &o->spacing_s);
	o->wayback = settings_default_text(SETTING_RESOLVE_WAYBACK);
	o->archive_spacing_ms = 1000;
}

/*
 * What no patch will change, decided before any history or archive work:
 * each dead link's places that series keeps whatever resolve finds (a
 * copyright line, a test's data, a translation: rewrite/keep.h; not the
 * context, which --strings may open, nor a box, which a shorter
 * replacement may fit).  A link kept everywhere is neither dated nor
 * looked up.  Files are read once each.
 */
static int final_reason(enum keep_reason r)
{
	return r != KEEP_NONE && r != KEEP_NOT_DOC && r != KEEP_BOX;
}

static void mark_kept(struct resolver *c)
{
	struct keep_tree kt;
	struct strmap files = STRMAP_INIT;
	struct strbuf why = STRBUF_INIT;
	struct strmap_entry *e;
	size_t i, k, nkept = 0;

	if (!c->o.root)
		return;
	keep_tree_init(&kt, c->o.root, c->o.cfg);
	for (i = 0; i < c->nr; i++) {
		struct target *t = &c->t[i];
		size_t kept = 0;

		for (k = 0; t->dead && k < t->nocc; k++) {
			struct occ *o = &t->occ[k];
			void **slot = strmap_put(&files, o->path);
			struct strbuf *b;
			enum keep_reason r;

			if (!*slot) {
				char *full = xstrfmt("%s/%s", c->o.root, o->path);
				struct stat st;

				b = xcalloc(1, sizeof(*b));
				strbuf_init(b, 0);
				/* Gone since scan: nothing to keep, no message. */
				if (lstat(full, &st) || !S_ISREG(st.st_mode) ||
				    strbuf_read_file(b, full)) {
					strbuf_release(b);
					free(b);
					b = (void *)-1;
				}
				free(full);
				*slot = b;
			}
			b = *slot;
			if (b == (void *)-1 || o->start < 0 ||
			    (size_t)o->start >= b->len)
				continue;
			strbuf_reset(&why);
			r = keep_judge(o->path, o->ctx, b->buf, b->len,
				       (size_t)o->start, o->text, &kt, &why);
			/* Recorded with the resolution (record()). */
			o->owner = keep_owner(r);
			free(o->owner_why);
			o->owner_why = xstrdup(why.buf);
			if (final_reason(r)) {
				o->kept = r;
				kept++;
			}
		}
		/* Kept everywhere: no longer dead to any look-up. */
		if (t->dead && kept == t->nocc) {
			t->dead = 0;
			nkept++;
		}
	}
	strmap_for_each(&files, e)
		if (e->value != (void *)-1) {
			strbuf_release(e->value);
			free(e->value);
		}
	strmap_clear(&files, NULL);
	strbuf_release(&why);
	keep_tree_release(&kt);
	if (!c->o.quiet && nkept)
		fprintf(stderr, "resolve: %zu dead links kept everywhere (a "
			"copyright line, test data, ...): not looked up\n",
			nkept);
}

/*
 * Which links are dead, by the confirmation rule; and those whose live
 * redirect to another site is looked up as a dead link's page is.
 */
static void judge(struct resolver *c)
{
	size_t i;

	for (i = 0; i < c->nr; i++) {
		struct target *t = &c->t[i];

		t->dead = link_is_dead(&t->l, c->o.confirm, c->o.spacing_s,
				       &t->failures);
	}
	for (i = 0; i < c->nr; i++)
		c->t[i].offsite = offsite_of(c, &c->t[i], &c->t[i].cross);
	for (i = 0; i < c->nr; i++)
		if (c->t[i].offsite)
			c->t[i].dead = 1;
}

static int decide_all(struct resolver *c)
{
	size_t i, k;

	if (store_begin(c->st))
		return -1;
	for (i = 0; i < c->nr; i++)
		for (k = 0; k < c->t[i].nocc; k++)
			decide(c, &c->t[i], &c->t[i].occ[k]);
	if (report(c)) {
		store_rollback(c->st);
		return error("cannot record resolutions");
	}
	return store_commit(c->st);
}

int resolve_run(const struct resolve_opts *o, struct store *st)
{
	/* The phases that ask the web, in order. */
	static void (*const phases[])(struct resolver *) = {
		look_up, find_births, verify_captures, compare_latest,
		find_archive_moves,
		ask_hosts, ask_gone_roots, search_sites, tree_knows, check_cands,
		site_patterns, ask_memento,
		verify_mementos, fetch_pages, check_guesses,
	};
	struct resolver c;
	size_t i, k;
	int ret = -1;

	memset(&c, 0, sizeof(c));
	c.o = *o;
	c.st = st;
	net_silence_init(&c.silence, SILENT_TIMEOUTS);
	if (!o->trust_network) {
		char *why = store_get_meta(st, "network_suspect");
		int broken = why && *why;

		if (broken)
			error("the last check found the network broken (%s): "
			      "nothing resolved; check again once it works, or "
			      "--trust-network", why);
		free(why);
		if (broken)
			return -1;
	}
	if (store_each_checked_occurrence(st, load_occ, &c) ||
	    store_each_check(st, load_check, &c))
		goto out;
	judge(&c);
	mark_kept(&c);
	if (o->stats)
		o->stats->urls = c.nr;
	if (c.o.archive_dir && load_local(&c))
		goto out;
	find_dates(&c);
	suggest_hosts(&c);
	if (c.failed)
		goto out;
	find_migrations(&c);
	/* Each phase's answers are cached as they come: a stop loses none. */
	for (i = 0; i < sizeof(phases) / sizeof(phases[0]) && !stopped(&c); i++)
		phases[i](&c);
	if (stopped(&c)) {
		if (o->stats)
			o->stats->interrupted = 1;
		ret = 0;
		goto out;
	}
	ret = decide_all(&c);
	for (i = 0; !ret && o->stats && i < c.nr; i++)
		for (k = 0; k < c.t[i].nocc; k++)
			if (c.t[i].occ[k].kind != K__COUNT)
				o->stats->by_kind[c.t[i].occ[k].kind]++;
out:
	for (i = 0; i < c.nr; i++)
		free_target(&c.t[i]);
	free(c.t);
	for (i = 0; i < c.nbirths; i++)
		free(c.births[i].key);
	free(c.births);
	free(c.reqs);
	strmap_clear(&c.by_id, NULL);
	strmap_clear(&c.origins, free_origin);
	strmap_clear(&c.last_roots, free_last_root);
	net_silence_clear(&c.silence);
	return ret;
}
