// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>

#include "../lib/xalloc.h"
#include "manifest.h"

void manifest_add(struct manifest *m, const char *path, long long size,
		  long long mtime_ns)
{
	const char *slash = strrchr(path, '/');
	size_t n = slash ? (size_t)(slash - path) : 0;
	struct manifest_dir *d = m->last;
	struct manifest_entry *e;

	/* The store gives a directory's files together: one lookup each. */
	if (!d || strlen(d->path) != n || memcmp(d->path, path, n)) {
		char *key = mem_pool_strndup(&m->pool, path, n);
		void **slot = strmap_put(&m->dirs, key);

		if (!*slot) {
			d = mem_pool_alloc(&m->pool, sizeof(*d));
			memset(d, 0, sizeof(*d));
			d->path = key;
			*slot = d;
		}
		d = m->last = *slot;
	}
	ALLOC_GROW(d->v, d->nr + 1, d->alloc);
	e = &d->v[d->nr++];
	e->name = mem_pool_strdup(&m->pool, slash ? slash + 1 : path);
	e->size = size;
	e->mtime_ns = mtime_ns;
	e->seen = 0;
	m->files++;
}

static int cmp_entry(const void *a, const void *b)
{
	return strcmp(((const struct manifest_entry *)a)->name,
		      ((const struct manifest_entry *)b)->name);
}

void manifest_done(struct manifest *m)
{
	struct strmap_entry *e;

	strmap_for_each(&m->dirs, e) {
		struct manifest_dir *d = e->value;

		qsort(d->v, d->nr, sizeof(*d->v), cmp_entry);
	}
	m->last = NULL;
}

struct manifest_dir *manifest_dir(const struct manifest *m, const char *path,
				  size_t dirlen)
{
	char buf[512];
	char *key = dirlen < sizeof(buf) ? buf : xmalloc(dirlen + 1);
	struct manifest_dir *d;

	memcpy(key, path, dirlen);
	key[dirlen] = '\0';
	d = strmap_get(&m->dirs, key);
	if (key != buf)
		free(key);
	return d;
}

struct manifest_entry *manifest_find(const struct manifest_dir *d,
				     const char *name)
{
	struct manifest_entry key = { name, 0, 0, 0 };

	if (!d || !d->nr)
		return NULL;
	return bsearch(&key, d->v, d->nr, sizeof(*d->v), cmp_entry);
}

struct manifest_entry *manifest_lookup(const struct manifest *m,
				       const char *path)
{
	const char *slash = strrchr(path, '/');
	size_t n = slash ? (size_t)(slash - path) : 0;

	return manifest_find(manifest_dir(m, path, n), slash ? slash + 1 : path);
}

void manifest_release(struct manifest *m)
{
	struct strmap_entry *e;

	strmap_for_each(&m->dirs, e)
		free(((struct manifest_dir *)e->value)->v);
	strmap_clear(&m->dirs, NULL);
	mem_pool_release(&m->pool);
	m->files = 0;
	m->last = NULL;
}
