// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "strmap.h"
#include "xalloc.h"

static uint64_t hash(const char *s)
{
	uint64_t h = 14695981039346656037ull;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

static struct strmap_entry *find(const struct strmap *m, const char *key,
				 uint64_t h)
{
	size_t i = (size_t)(h ^ (h >> 29)) & (m->cap - 1);

	while (m->slots[i].key && (m->slots[i].hash != h ||
				   strcmp(m->slots[i].key, key)))
		i = (i + 1) & (m->cap - 1);
	return &m->slots[i];
}

static void grow(struct strmap *m)
{
	struct strmap_entry *old = m->slots;
	size_t i, oldcap = m->cap;

	m->cap = m->cap ? m->cap * 2 : 64;
	m->slots = xcalloc(m->cap, sizeof(*m->slots));
	for (i = 0; i < oldcap; i++)
		if (old[i].key)
			*find(m, old[i].key, old[i].hash) = old[i];
	free(old);
}

void **strmap_put(struct strmap *m, const char *key)
{
	struct strmap_entry *e;
	uint64_t h = hash(key);

	if ((m->nr + 1) * 2 > m->cap)
		grow(m);
	e = find(m, key, h);
	if (!e->key) {
		e->key = xstrdup(key);
		e->value = NULL;
		e->hash = h;
		m->nr++;
	}
	return &e->value;
}

void *strmap_get(const struct strmap *m, const char *key)
{
	struct strmap_entry *e;

	if (!m->cap)
		return NULL;
	e = find(m, key, hash(key));
	return e->key ? e->value : NULL;
}

void strmap_clear(struct strmap *m, void (*free_value)(void *))
{
	size_t i;

	for (i = 0; i < m->cap; i++) {
		if (!m->slots[i].key)
			continue;
		free(m->slots[i].key);
		if (free_value)
			free_value(m->slots[i].value);
	}
	free(m->slots);
	m->slots = NULL;
	m->nr = m->cap = 0;
}
