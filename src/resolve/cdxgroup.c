// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <curl/curl.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/strbuf.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "../url/surt.h"
#include "cdxgroup.h"

/* Characters a plain path may hold: the unreserved ones and '/'. */
static int plain_path(const char *p)
{
	for (; *p; p++)
		if (!isalnum((unsigned char)*p) && !strchr("-._~/", *p))
			return 0;
	return 1;
}

static int plain_host(const char *h)
{
	const char *s;

	if (!*h || *h == '.' || *h == '-' || h[strlen(h) - 1] == '.')
		return 0;
	for (s = h; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '-' && *s != '.')
			return 0;
	return 1;
}

int cdxgroup_plain(const char *url)
{
	CURLU *u = curl_url();
	char *scheme = NULL, *user = NULL, *host = NULL, *path = NULL;
	char *query = NULL;
	int ok = 0;

	if (!u || curl_url_set(u, CURLUPART_URL, url, 0) ||
	    curl_url_get(u, CURLUPART_SCHEME, &scheme, 0) ||
	    curl_url_get(u, CURLUPART_HOST, &host, 0))
		goto out;
	curl_url_get(u, CURLUPART_USER, &user, 0);
	curl_url_get(u, CURLUPART_QUERY, &query, 0);
	curl_url_get(u, CURLUPART_PATH, &path, 0);
	/*
	 * Canonicalizers differ on dot and empty segments (libcurl removes
	 * the first): the URL as written holds neither.
	 */
	ok = (!strcmp(scheme, "http") || !strcmp(scheme, "https")) &&
	     !user && !query && !strchr(url, '?') && plain_host(host) &&
	     path && plain_path(path) && !strstr(url, "/.") &&
	     strstr(url, "://") && !strstr(strstr(url, "://") + 3, "//");
out:
	curl_free(scheme);
	curl_free(user);
	curl_free(host);
	curl_free(path);
	curl_free(query);
	curl_url_cleanup(u);
	return ok;
}

struct rec {
	char *key;
	size_t hostlen;		/* "com,example)" */
	size_t page;
};

static int rec_cmp(const void *a, const void *b)
{
	const struct rec *x = a, *y = b;
	size_t n = x->hostlen < y->hostlen ? x->hostlen : y->hostlen;
	int c = memcmp(x->key, y->key, n);

	if (!c && x->hostlen != y->hostlen)
		c = x->hostlen < y->hostlen ? -1 : 1;
	if (!c)
		c = strcmp(x->key, y->key);
	if (!c)
		c = x->page < y->page ? -1 : x->page > y->page;
	return c;
}

/* Every character but a letter or digit escaped: literal in Java and Python. */
static void add_escaped(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		if (!isalnum((unsigned char)*s))
			strbuf_addch(sb, '\\');
		strbuf_addch(sb, *s);
	}
}

static size_t escaped_len(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += isalnum((unsigned char)*s) ? 1 : 2;
	return n;
}

static void add_alone(struct cdx_plan *p, size_t page)
{
	ALLOC_GROW(p->alone, p->nalone + 1, p->aalone);
	p->alone[p->nalone++] = page;
}

/* "com,example:8080)" back to "example.com:8080". */
static void add_host(struct strbuf *sb, const char *key, size_t hostlen)
{
	const char *colon = memchr(key, ':', hostlen);
	size_t end = colon ? (size_t)(colon - key) : hostlen - 1;
	size_t i = end;

	while (i > 0) {
		size_t j = i;

		while (j > 0 && key[j - 1] != ',')
			j--;
		strbuf_add(sb, key + j, i - j);
		if (j > 0)
			strbuf_addch(sb, '.');
		i = j ? j - 1 : 0;
	}
	if (colon)
		strbuf_add(sb, colon, hostlen - 1 - end);
}

static char *group_query(const char *base, const struct cdx_group *g,
			 size_t hostlen)
{
	const char *first = g->keys[0], *last = g->keys[g->nkeys - 1];
	struct strbuf url = STRBUF_INIT, rx = STRBUF_INIT;
	size_t common = 0, i;
	char *eu, *er, *ret;

	while (first[common] && first[common] == last[common])
		common++;
	strbuf_addstr(&url, "http://");
	add_host(&url, first, hostlen);
	/* Every key has "/" after its host: the prefix holds it. */
	strbuf_add(&url, first + hostlen, common - hostlen);
	strbuf_addstr(&rx, "urlkey:^(");
	for (i = 0; i < g->nkeys; i++) {
		if (i)
			strbuf_addch(&rx, '|');
		add_escaped(&rx, g->keys[i]);
	}
	strbuf_addstr(&rx, ")$");
	eu = curl_easy_escape(NULL, url.buf, 0);
	er = curl_easy_escape(NULL, rx.buf, 0);
	ret = xstrfmt("%s/cdx/search/cdx?url=%s&matchType=prefix&output=json"
		      "&fl=urlkey,timestamp,original,statuscode,mimetype,digest"
		      "&filter=%s&filter=%s", base, eu, CDX_STATUSES, er);
	curl_free(eu);
	curl_free(er);
	strbuf_release(&url);
	strbuf_release(&rx);
	return ret;
}

/* The records r[0..n) of one host, with nkeys distinct keys, as a group. */
static void close_chunk(const char *base, struct cdx_plan *p,
			const struct rec *r, size_t n, size_t nkeys)
{
	struct cdx_group *g;
	size_t i;

	if (!n)
		return;
	if (nkeys < 2) {
		for (i = 0; i < n; i++)
			add_alone(p, r[i].page);
		return;
	}
	ALLOC_GROW(p->v, p->nr + 1, p->alloc);
	g = &p->v[p->nr++];
	memset(g, 0, sizeof(*g));
	g->keys = xcalloc(nkeys, sizeof(*g->keys));
	g->page = xcalloc(n, sizeof(*g->page));
	g->key_of = xcalloc(n, sizeof(*g->key_of));
	for (i = 0; i < n; i++) {
		if (!g->nkeys || strcmp(g->keys[g->nkeys - 1], r[i].key))
			g->keys[g->nkeys++] = xstrdup(r[i].key);
		g->page[i] = r[i].page;
		g->key_of[i] = g->nkeys - 1;
	}
	g->nmembers = n;
	g->query = group_query(base, g, r[0].hostlen);
}

void cdxgroup_plan(const char *base, const char *const *urls, size_t n,
		   struct cdx_plan *out)
{
	struct rec *r = xcalloc(n ? n : 1, sizeof(*r));
	size_t nr = 0, i, start, nkeys, filter;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < n; i++) {
		const char *hash = strchr(urls[i], '#');
		char *bare = hash ? xstrndup(urls[i], (size_t)(hash - urls[i])) :
			xstrdup(urls[i]);
		char *key = cdxgroup_plain(bare) ? surt_key(bare) : NULL;
		char *paren = key ? strchr(key, ')') : NULL;

		free(bare);
		if (!paren || paren[1] != '/') {
			free(key);
			add_alone(out, i);
			continue;
		}
		r[nr].key = key;
		r[nr].hostlen = (size_t)(paren - key) + 1;
		r[nr++].page = i;
	}
	if (nr)
		qsort(r, nr, sizeof(*r), rec_cmp);
	/* Runs of one host, cut where a query would grow too long. */
	for (start = 0, i = 0, nkeys = 0, filter = 0; i <= nr; i++) {
		int same_host = i < nr && i > start &&
			r[i].hostlen == r[start].hostlen &&
			!memcmp(r[i].key, r[start].key, r[i].hostlen);
		int new_key = i < nr &&
			(i == start || strcmp(r[i].key, r[i - 1].key));
		size_t len = i < nr ? escaped_len(r[i].key) + 1 : 0;

		if (i > start && (!same_host ||
		    (new_key && (nkeys == CDXGROUP_MAX_KEYS ||
				 filter + len > CDXGROUP_MAX_FILTER)))) {
			close_chunk(base, out, r + start, i - start, nkeys);
			start = i;
			nkeys = filter = 0;
		}
		if (i < nr && (i == start || new_key)) {
			nkeys++;
			filter += len;
		}
	}
	for (i = 0; i < nr; i++)
		free(r[i].key);
	free(r);
}

void cdxgroup_plan_release(struct cdx_plan *p)
{
	size_t i, k;

	for (i = 0; i < p->nr; i++) {
		struct cdx_group *g = &p->v[i];

		for (k = 0; k < g->nkeys; k++)
			free(g->keys[k]);
		free(g->keys);
		free(g->page);
		free(g->key_of);
		free(g->query);
	}
	free(p->v);
	free(p->alone);
	memset(p, 0, sizeof(*p));
}

static int key_cmp(const void *a, const void *b)
{
	return strcmp(a, *(char *const *)b);
}

static int group_error(const struct cdx_group *g, const char *what)
{
	struct strbuf host = STRBUF_INIT;

	add_host(&host, g->keys[0], (size_t)(strchr(g->keys[0], ')') - g->keys[0]) + 1);
	error("the CDX reply for %zu pages of %s %s", g->nkeys, host.buf, what);
	strbuf_release(&host);
	return -1;
}

int cdxgroup_split(const struct cdx_group *g, const char *body,
		   char **replies)
{
	json_error_t err;
	json_t *root = json_loads(body, 0, &err), *head, **rows;
	size_t i, n, f_key = 0;
	int found = 0;

	if (!root || !json_is_array(root)) {
		json_decref(root);
		return group_error(g, "is not a JSON array");
	}
	n = json_array_size(root);
	head = json_array_get(root, 0);
	for (i = 0; n && json_is_array(head) && i < json_array_size(head); i++) {
		const char *f = json_string_value(json_array_get(head, i));

		if (f && !strcmp(f, "urlkey")) {
			f_key = i;
			found = 1;
		}
	}
	if (n && !found) {
		json_decref(root);
		return group_error(g, "has no urlkey field");
	}
	rows = xcalloc(g->nkeys, sizeof(*rows));
	for (i = 1; i < n; i++) {
		json_t *row = json_array_get(root, i);
		const char *key = json_string_value(json_array_get(row, f_key));
		char **at;
		size_t k;

		if (!key || !(at = bsearch(key, g->keys, g->nkeys,
					   sizeof(*g->keys), key_cmp)))
			continue;	/* not a page asked for */
		k = (size_t)(at - g->keys);
		if (!rows[k]) {
			rows[k] = json_array();
			json_array_append(rows[k], head);
		}
		json_array_append(rows[k], row);
	}
	for (i = 0; i < g->nmembers; i++) {
		json_t *a = rows[g->key_of[i]];
		char *s = a ? json_dumps(a, JSON_COMPACT) : NULL;

		replies[i] = xstrdup(s ? s : "[]");
		free(s);
	}
	for (i = 0; i < g->nkeys; i++)
		json_decref(rows[i]);
	free(rows);
	json_decref(root);
	return 0;
}
