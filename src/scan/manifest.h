/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the last scan saw: for each directory, its files with size and
 * mtime, so that a rescan opens only what changed.  Loaded once from the
 * store, then only read (safely from any number of scan threads) until
 * manifest_release().  Names within a directory are kept sorted.
 */
#ifndef SCAN_MANIFEST_H
#define SCAN_MANIFEST_H

#include <stddef.h>

#include "../lib/mempool.h"
#include "../lib/strmap.h"

struct manifest_entry {
	const char *name;
	long long size, mtime_ns;
	int seen;		/* set by the caller: still in the tree */
};

struct manifest_dir {
	const char *path;	/* "" for the root */
	struct manifest_entry *v;
	size_t nr, alloc;
};

struct manifest {
	struct strmap dirs;	/* path -> struct manifest_dir */
	struct mem_pool pool;
	size_t files;
	struct manifest_dir *last;	/* loading: the directory being filled */
};

#define MANIFEST_INIT { STRMAP_INIT, MEM_POOL_INIT, 0, NULL }

/* Loading: add a file (relative path); then sort once with manifest_done. */
void manifest_add(struct manifest *m, const char *path, long long size,
		  long long mtime_ns);
void manifest_done(struct manifest *m);

/* The directory of path (its first dirlen bytes), or NULL. */
struct manifest_dir *manifest_dir(const struct manifest *m, const char *path,
				  size_t dirlen);
/* The entry for name in d, or NULL. */
struct manifest_entry *manifest_find(const struct manifest_dir *d,
				     const char *name);
/* The entry for a relative path, or NULL. */
struct manifest_entry *manifest_lookup(const struct manifest *m,
				       const char *path);

void manifest_release(struct manifest *m);

#endif
