/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A memory pool, after git's mem-pool: many small allocations that live
 * and die together (the paths of a tree scan) cost one malloc per block
 * and one free per block.  Not thread-safe: one pool per thread.
 */
#ifndef LIB_MEMPOOL_H
#define LIB_MEMPOOL_H

#include <stddef.h>

struct mem_pool {
	struct mp_block *blocks;
	char *next;
	size_t left;
};

#define MEM_POOL_INIT { NULL, NULL, 0 }

void *mem_pool_alloc(struct mem_pool *p, size_t n);
char *mem_pool_strndup(struct mem_pool *p, const char *s, size_t n);
char *mem_pool_strdup(struct mem_pool *p, const char *s);
/* Move every block of from into into (from is left empty). */
void mem_pool_combine(struct mem_pool *into, struct mem_pool *from);
void mem_pool_release(struct mem_pool *p);

#endif
