// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../lib/xalloc.h"
#include "likeness.h"

#define SHINGLE_WORDS 3

/* Elements whose content is not read: skipped to their end tag. */
static const char *const hidden[] = { "script", "style", "title" };

static int starts_tag(const char *p, const char *end, const char *name)
{
	size_t n = strlen(name);

	return (size_t)(end - p) > n && !strncasecmp(p, name, n) &&
	       !isalnum((unsigned char)p[n]);
}

/* Past the end tag of name from p, or end. */
static const char *skip_element(const char *p, const char *end,
				const char *name)
{
	for (; p < end; p++)
		if (*p == '<' && p + 1 < end && p[1] == '/' &&
		    starts_tag(p + 2, end, name))
			break;
	return p;
}

static int by_value(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static uint64_t fnv(uint64_t h, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		h ^= (unsigned char)tolower((unsigned char)s[i]);
		h *= 0x100000001b3ULL;
	}
	return h;
}

void shingles_of_page(const char *body, size_t len, struct shingles *out)
{
	const char *p = body, *end = body + len;
	/* The last words' starts and lengths, a ring of SHINGLE_WORDS. */
	const char *w[SHINGLE_WORDS];
	size_t wl[SHINGLE_WORDS], nw = 0, alloc = 0, i, k;

	out->v = NULL;
	out->nr = 0;
	while (p && p < end) {
		if (*p == '<') {
			const char *q = p + 1, *gt;

			for (k = 0; k < sizeof(hidden) / sizeof(*hidden); k++)
				if (starts_tag(q, end, hidden[k])) {
					q = skip_element(q, end, hidden[k]);
					break;
				}
			gt = memchr(q, '>', (size_t)(end - q));
			p = gt ? gt + 1 : end;
			continue;
		}
		/* An entity (&amp;) separates words; it is no word. */
		if (*p == '&') {
			p += 1 + strspn(p + 1, "#abcdefghijklmnopqrstuvwxyz"
					"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
			if (p < end && *p == ';')
				p++;
			continue;
		}
		if (!isalnum((unsigned char)*p) &&
		    !((unsigned char)*p & 0x80)) {
			p++;
			continue;
		}
		w[nw % SHINGLE_WORDS] = p;
		while (p < end && (isalnum((unsigned char)*p) ||
				   ((unsigned char)*p & 0x80)))
			p++;
		wl[nw % SHINGLE_WORDS] = (size_t)(p - w[nw % SHINGLE_WORDS]);
		nw++;
		if (nw < SHINGLE_WORDS)
			continue;
		{
			uint64_t h = 0xcbf29ce484222325ULL;

			for (i = nw - SHINGLE_WORDS; i < nw; i++) {
				h = fnv(h, " ", 1);
				h = fnv(h, w[i % SHINGLE_WORDS],
					wl[i % SHINGLE_WORDS]);
			}
			ALLOC_GROW(out->v, out->nr + 1, alloc);
			out->v[out->nr++] = h;
		}
	}
	if (!out->nr)
		return;
	qsort(out->v, out->nr, sizeof(*out->v), by_value);
	for (i = 1, k = 1; i < out->nr; i++)
		if (out->v[i] != out->v[k - 1])
			out->v[k++] = out->v[i];
	out->nr = k;
}

void shingles_release(struct shingles *s)
{
	free(s->v);
	s->v = NULL;
	s->nr = 0;
}

double shingles_jaccard(const struct shingles *a, const struct shingles *b)
{
	size_t i = 0, j = 0, both = 0;

	if (a->nr < LIKENESS_MIN_SHINGLES || b->nr < LIKENESS_MIN_SHINGLES)
		return -1;
	while (i < a->nr && j < b->nr) {
		if (a->v[i] == b->v[j]) {
			both++;
			i++;
			j++;
		} else if (a->v[i] < b->v[j]) {
			i++;
		} else {
			j++;
		}
	}
	return (double)both / (double)(a->nr + b->nr - both);
}
