/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A string-keyed hash map (open addressing, FNV-1a, at most half full;
 * the hash is kept so long keys with shared prefixes rarely meet strcmp).  Keys are copied;
 * values are the caller's.  Not thread-safe for writers; any number of
 * readers may share a map nobody writes.
 */
#ifndef LIB_STRMAP_H
#define LIB_STRMAP_H

#include <stddef.h>

struct strmap_entry {
	char *key;
	void *value;
	unsigned long long hash;
};

struct strmap {
	struct strmap_entry *slots;
	size_t nr, cap;
};

#define STRMAP_INIT { NULL, 0, 0 }

/* The slot's value pointer for key, created (NULL) when absent. */
void **strmap_put(struct strmap *m, const char *key);
void *strmap_get(const struct strmap *m, const char *key);
/* Release keys; free_value, when given, is called on every value. */
void strmap_clear(struct strmap *m, void (*free_value)(void *));

#define strmap_for_each(m, e) \
	for ((e) = (m)->slots; (e) && (e) < (m)->slots + (m)->cap; (e)++) \
		if ((e)->key)

#endif
