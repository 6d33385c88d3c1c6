// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/xalloc.h"
#include "link.h"

static void id_key(long long id, char key[32])
{
	snprintf(key, 32, "%lld", id);
}

void link_set_id(struct link_set *s, size_t i, long long id)
{
	char key[32];

	s->v[i].id = id;
	if (id < 0)
		return;
	id_key(id, key);
	*strmap_put(&s->by_id, key) = (void *)(i + 1);
}

size_t link_set_add(struct link_set *s, const char *url, const char *host,
		    long long id)
{
	void **slot = strmap_put(&s->by_url, url);
	struct link *l;

	if (*slot)
		return (size_t)*slot - 1;
	ALLOC_GROW(s->v, s->nr + 1, s->alloc);
	l = &s->v[s->nr++];
	memset(l, 0, sizeof(*l));
	l->url = xstrdup(url);
	l->host = xstrdup(host ? host : "");
	*slot = (void *)s->nr;
	link_set_id(s, s->nr - 1, id);
	return s->nr - 1;
}

struct link *link_set_by_id(const struct link_set *s, long long id)
{
	char key[32];
	size_t k;

	id_key(id, key);
	k = (size_t)strmap_get(&s->by_id, key);
	return k ? &s->v[k - 1] : NULL;
}

struct link *link_set_by_url(const struct link_set *s, const char *url)
{
	size_t k = (size_t)strmap_get(&s->by_url, url);

	return k ? &s->v[k - 1] : NULL;
}

void link_check_release(struct store_check *c)
{
	free((char *)c->final_url);
	free((char *)c->chain);
	free((char *)c->detail);
	free((char *)c->digest);
}

void link_check_copy(struct store_check *dst, const struct store_check *src)
{
	*dst = *src;
	dst->final_url = src->final_url ? xstrdup(src->final_url) : NULL;
	dst->chain = xstrdup(src->chain ? src->chain : "");
	dst->detail = xstrdup(src->detail ? src->detail : "");
	dst->digest = xstrdup(src->digest ? src->digest : "");
}

void link_add_check(struct link *l, const struct store_check *sc)
{
	ALLOC_GROW(l->hist, l->nhist + 1, l->ahist);
	l->hist[l->nhist].at = sc->at;
	l->hist[l->nhist].verdict = sc->verdict;
	l->nhist++;
	link_check_release(&l->last);
	link_check_copy(&l->last, sc);
	l->have_last = 1;
}

enum verdict link_verdict(const struct link *l)
{
	return l->have_last ? l->last.verdict : V__COUNT;
}

int link_is_dead(const struct link *l, int confirm, long long spacing_s,
		 int *failures)
{
	return check_is_dead(l->hist, l->nhist, confirm, spacing_s, failures);
}

static int load_check(const struct store_check *sc, void *data)
{
	struct link *l = link_set_by_id(data, sc->url_id);

	if (l)
		link_add_check(l, sc);
	return 0;
}

int link_set_load_checks(struct link_set *s, struct store *st)
{
	return store_each_check(st, load_check, s);
}

void link_release(struct link *l)
{
	free(l->url);
	free(l->written);
	free(l->host);
	free(l->hist);
	link_check_release(&l->last);
	memset(l, 0, sizeof(*l));
}

void link_set_release(struct link_set *s)
{
	size_t i;

	for (i = 0; i < s->nr; i++)
		link_release(&s->v[i]);
	free(s->v);
	strmap_clear(&s->by_url, NULL);
	strmap_clear(&s->by_id, NULL);
	memset(s, 0, sizeof(*s));
}
