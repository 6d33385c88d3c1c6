// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "../url/url.h"
#include "archive.h"

void captures_release(struct captures *c)
{
	size_t i;

	for (i = 0; i < c->nr; i++) {
		free(c->v[i].original);
		free(c->v[i].memento);
		free(c->v[i].title);
	}
	free(c->v);
	c->v = NULL;
	c->nr = c->alloc = 0;
}

static struct capture *add(struct captures *c)
{
	struct capture *k;

	ALLOC_GROW(c->v, c->nr + 1, c->alloc);
	k = &c->v[c->nr++];
	memset(k, 0, sizeof(*k));
	return k;
}

static int valid_ts(const char *s)
{
	return strlen(s) == 14 && strspn(s, "0123456789") == 14;
}

void captures_keep_same(struct captures *c, const char *url)
{
	size_t i, n = 0;

	for (i = 0; i < c->nr; i++) {
		if (url_same_resource(url, c->v[i].original)) {
			c->v[n++] = c->v[i];
			continue;
		}
		free(c->v[i].original);
		free(c->v[i].memento);
	}
	c->nr = n;
}

/* Row's field i as a string; NULL when i < 0 or it is none. */
static const char *field(json_t *row, int i)
{
	return i < 0 ? NULL : json_string_value(json_array_get(row, (size_t)i));
}

int cdx_parse(const char *url, const char *body, struct captures *out)
{
	json_error_t err;
	json_t *root = json_loads(body, 0, &err), *head;
	int f_ts = -1, f_orig = -1, f_status = -1, f_digest = -1, f_mime = -1;
	size_t i, n;

	if (!root)
		return error("the CDX reply for '%s' is not JSON: %s", url,
			     err.text);
	if (!json_is_array(root)) {
		json_decref(root);
		return error("the CDX reply for '%s' is not an array", url);
	}
	n = json_array_size(root);
	if (!n) {
		json_decref(root);
		return 0;
	}
	head = json_array_get(root, 0);
	for (i = 0; json_is_array(head) && i < json_array_size(head); i++) {
		const char *f = json_string_value(json_array_get(head, i));

		if (!f)
			continue;
		if (!strcmp(f, "timestamp"))
			f_ts = (int)i;
		else if (!strcmp(f, "original"))
			f_orig = (int)i;
		else if (!strcmp(f, "statuscode"))
			f_status = (int)i;
		else if (!strcmp(f, "digest"))
			f_digest = (int)i;
		else if (!strcmp(f, "mimetype"))
			f_mime = (int)i;
	}
	if (f_ts < 0 || f_orig < 0) {
		json_decref(root);
		return error("the CDX reply for '%s' lacks the timestamp and "
			     "original fields", url);
	}
	for (i = 1; i < n; i++) {
		json_t *row = json_array_get(root, i);
		const char *ts = json_string_value(json_array_get(row, (size_t)f_ts));
		const char *orig = json_string_value(json_array_get(row, (size_t)f_orig));
		const char *st = f_status >= 0 ?
			json_string_value(json_array_get(row, (size_t)f_status)) : NULL;
		const char *dg = field(row, f_digest), *mt = field(row, f_mime);
		struct capture *k;

		if (!ts || !orig || !valid_ts(ts))
			continue;	/* a row we cannot use */
		k = add(out);
		memcpy(k->ts, ts, 15);
		k->original = xstrdup(orig);
		k->status = st && isdigit((unsigned char)*st) ? atoi(st) : 0;
		/* "-" is the archive's none; a longer one is no SHA-1's. */
		if (dg && strcmp(dg, "-") && strlen(dg) < sizeof(k->digest))
			strcpy(k->digest, dg);
		if (mt && strcmp(mt, "-") && strlen(mt) < sizeof(k->mime))
			strcpy(k->mime, mt);
	}
	json_decref(root);
	return 0;
}

int capture_mime_html(const char *mime)
{
	return !*mime || !strncasecmp(mime, "text/html", 9) ||
	       !strncasecmp(mime, "application/xhtml", 17) ||
	       !strcasecmp(mime, "unk") || !strcasecmp(mime, "unknown");
}

static int year_of(const char *ts)
{
	return (ts[0] - '0') * 1000 + (ts[1] - '0') * 100 +
	       (ts[2] - '0') * 10 + (ts[3] - '0');
}

static int ts_cmp(const void *a, const void *b)
{
	const struct capture *const *x = a, *const *y = b;

	return strcmp((*x)->ts, (*y)->ts);
}

void captures_changes(const struct captures *c, struct capture_changes *out)
{
	const struct capture **v = xcalloc(c->nr ? c->nr : 1, sizeof(*v));
	size_t n = 0, i, k;
	int typed = 0, html = 0;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < c->nr; i++)
		if ((c->v[i].status == 200 || !c->v[i].status) &&
		    !c->v[i].rejected && c->v[i].digest[0])
			v[n++] = &c->v[i];
	qsort(v, n, sizeof(*v), ts_cmp);
	for (i = 0; i < n; i++) {
		/* A revisit record says "the same as before": no type. */
		if (v[i]->mime[0] && strcmp(v[i]->mime, "warc/revisit")) {
			typed++;
			html += capture_mime_html(v[i]->mime);
		}
		for (k = 0; k < i && strcmp(v[k]->digest, v[i]->digest); k++)
			;
		out->digests += k == i;
		out->seen++;
		out->seen_year = year_of(v[i]->ts);
		if (!i) {
			out->first_year = year_of(v[i]->ts);
			continue;
		}
		if (strcmp(v[i - 1]->digest, v[i]->digest)) {
			out->changes++;
			out->last_year = year_of(v[i]->ts);
		}
	}
	out->not_html = typed && !html;
	free(v);
}

static int month_of(const char *m)
{
	static const char *const names[] = { "Jan", "Feb", "Mar", "Apr", "May",
		"Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
	int i;

	for (i = 0; i < 12; i++)
		if (!strncmp(m, names[i], 3))
			return i + 1;
	return 0;
}

/* "Tue, 20 Jun 2000 18:02:59 GMT" -> "20000620180259". */
static int rfc1123_ts(const char *d, char out[15])
{
	int day, year, h, mi, s, mon;
	char m[4];

	if (sscanf(d, "%*3s, %d %3s %d %d:%d:%d", &day, m, &year, &h, &mi, &s) != 6)
		return -1;
	mon = month_of(m);
	if (!mon || year < 1990 || year > 9999)
		return -1;
	snprintf(out, 15, "%04d%02d%02d%02d%02d%02d", year, mon, day, h, mi, s);
	return 0;
}

/*
 * A memento is written into a comment as it is given: only an http(s)
 * URL libcurl takes, on a named host (an archive has a name; an IP
 * literal is how a hostile TimeMap points at a private address), with
 * nothing in it a comment or a header could not hold.
 */
static int memento_ok(const char *m, size_t n)
{
	struct url_info info;
	size_t i;
	char *u;
	int ok;

	for (i = 0; i < n; i++)
		if ((unsigned char)m[i] <= ' ' || m[i] == 0x7f)
			return 0;
	u = xstrndup(m, n);
	ok = !url_parse(u, &info);
	free(u);
	if (!ok)
		return 0;
	ok = (!strcmp(info.scheme, "http") || !strcmp(info.scheme, "https")) &&
	     *info.host && !strchr(info.host, ':') &&
	     strspn(info.host, "0123456789.") != strlen(info.host);
	url_info_release(&info);
	return ok;
}

int timemap_parse(const char *body, struct captures *out)
{
	const char *p = body;

	while ((p = strchr(p, '<'))) {
		const char *q = strchr(p, '>'), *e;
		char *rel = NULL, *dt = NULL;

		if (!q)
			break;
		/* Attributes run to the comma that ends the entry. */
		e = q + 1;
		while (*e && *e != '<') {
			const char *a = e;

			while (*a == ';' || *a == ' ' || *a == '\t' || *a == '\n' ||
			       *a == '\r' || *a == ',')
				a++;
			if (!strncmp(a, "rel=\"", 5) || !strncmp(a, "datetime=\"", 10)) {
				const char *v = strchr(a, '"') + 1, *ve = strchr(v, '"');

				if (!ve)
					break;
				if (*a == 'r') {
					free(rel);
					rel = xstrndup(v, (size_t)(ve - v));
				} else {
					free(dt);
					dt = xstrndup(v, (size_t)(ve - v));
				}
				e = ve + 1;
				continue;
			}
			if (*a == '<' || !*a) {
				e = a;
				break;
			}
			e = a + 1;
		}
		if (rel && strstr(rel, "memento") && dt &&
		    memento_ok(p + 1, (size_t)(q - p - 1))) {
			char ts[15];

			if (!rfc1123_ts(dt, ts)) {
				struct capture *k = add(out);

				memcpy(k->ts, ts, 15);
				k->memento = xstrndup(p + 1, (size_t)(q - p - 1));
				k->original = xstrdup(k->memento);
			}
		}
		free(rel);
		free(dt);
		p = e;
	}
	return 0;
}

/* Whole years from a (14 digits) to b, as their dates' digits count. */
static long years_between(const char *a, const char *b)
{
	return strtol(b, NULL, 10) / 10000000000L -
	       strtol(a, NULL, 10) / 10000000000L;
}

long capture_choose(const struct captures *c, const char *date14)
{
	long before = -1, after = -1;
	size_t i;

	for (i = 0; i < c->nr; i++) {
		const struct capture *k = &c->v[i];
		int cmp;

		if (k->rejected || (k->status && k->status != 200))
			continue;
		cmp = strcmp(k->ts, date14);
		if (cmp <= 0) {
			if (before < 0 || strcmp(k->ts, c->v[before].ts) > 0)
				before = (long)i;
		} else if (after < 0 || strcmp(k->ts, c->v[after].ts) < 0) {
			after = (long)i;
		}
	}
	if (before >= 0 && after >= 0 && strlen(date14) == 14 &&
	    years_between(c->v[before].ts, date14) > 5 &&
	    years_between(date14, c->v[after].ts) <
	    years_between(c->v[before].ts, date14))
		return after;
	return before >= 0 ? before : after;
}

long capture_last_move(const struct captures *c)
{
	const char *after = "";
	long best = -1;
	size_t i;

	for (i = 0; i < c->nr; i++)
		if (c->v[i].status == 200 && strcmp(c->v[i].ts, after) > 0)
			after = c->v[i].ts;
	for (i = 0; i < c->nr; i++) {
		const struct capture *k = &c->v[i];
		int s, b;

		if ((k->status != 301 && k->status != 308) || !k->original ||
		    strcmp(k->ts, after) <= 0)
			continue;
		s = !strncasecmp(k->original, "https://", 8);
		b = best >= 0 &&
		    !strncasecmp(c->v[best].original, "https://", 8);
		if (best < 0 || s > b ||
		    (s == b && strcmp(k->ts, c->v[best].ts) > 0))
			best = (long)i;
	}
	return best;
}

/* n digits at p, within [lo, hi]: the number, else -1. */
static int digits(const char *p, int n, int lo, int hi)
{
	int v = 0, k;

	for (k = 0; k < n; k++) {
		if (!isdigit((unsigned char)p[k]))
			return -1;
		v = v * 10 + p[k] - '0';
	}
	return v >= lo && v <= hi ? v : -1;
}

/* A segment boundary: the path's '/', its end, or what ends a segment. */
static int ends(char c)
{
	return !c || c == '/' || c == '?' || c == '#' || c == '.' ||
	       c == '-' || c == '_';
}

int url_published(const char *url, char out[15])
{
	char *path = url_get(url, URL_PATH);
	const char *p;
	char buf[32];
	int y = -1, m = 1, d = 1;

	for (p = path; p && *p && y < 0; p = strchr(p + 1, '/')) {
		const char *s = *p == '/' ? p + 1 : p;
		int yy = digits(s, 4, 1991, 2099), mm, dd;

		/* "/20151230-00/": a blog's day, its digits run together. */
		if (yy >= 0 && (mm = digits(s + 4, 2, 1, 12)) > 0 &&
		    (dd = digits(s + 6, 2, 1, 31)) > 0 && ends(s[8])) {
			y = yy;
			m = mm;
			d = dd;
			continue;
		}
		if (yy < 0 || !ends(s[4]))
			continue;
		s += 4;
		if ((*s == '/' || *s == '-') &&
		    (mm = digits(s + 1, 2, 1, 12)) > 0 && ends(s[3])) {
			y = yy;
			m = mm;
			s += 3;
			if ((*s == '/' || *s == '-') &&
			    (dd = digits(s + 1, 2, 1, 31)) > 0 && ends(s[3]))
				d = dd;
		} else if (*s == '/' && (s[1] == 'q' || s[1] == 'Q') &&
			   s[2] >= '1' && s[2] <= '4' && ends(s[3])) {
			y = yy;
			m = (s[2] - '1') * 3 + 1;
		} else if (*s == '/' || !*s) {
			y = yy - 1;
		}
	}
	free(path);
	if (y < 0)
		return -1;
	snprintf(buf, sizeof(buf), "%04d%02d%02d000000", y, m, d);
	memcpy(out, buf, 15);
	return 0;
}

size_t captures_reject_unpublished(struct captures *c, const char *url,
				   char out[15])
{
	size_t i, n = 0;

	out[0] = '\0';
	if (url_published(url, out))
		return 0;
	for (i = 0; i < c->nr; i++)
		if (strcmp(c->v[i].ts, out) < 0 && !c->v[i].rejected) {
			c->v[i].rejected = 1;
			n++;
		}
	if (!n)
		out[0] = '\0';
	return n;
}
