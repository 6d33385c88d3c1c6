// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mempool.h"
#include "xalloc.h"

#define BLOCK_SIZE (256u << 10)

struct mp_block {
	struct mp_block *next;
	char *end;
	max_align_t space[];
};

void *mem_pool_alloc(struct mem_pool *p, size_t n)
{
	struct mp_block *b;
	size_t size;
	char *r;

	n = (n + sizeof(max_align_t) - 1) & ~(sizeof(max_align_t) - 1);
	if (n > p->left) {
		size = n > BLOCK_SIZE / 4 ? n : BLOCK_SIZE;
		b = xmalloc(sizeof(*b) + size);
		b->end = (char *)b->space + size;
		if (size == BLOCK_SIZE || !p->blocks) {
			b->next = p->blocks;
			p->blocks = b;
			p->next = (char *)b->space;
			p->left = size;
		} else {
			/* A big one-off: keep the current block for small ones. */
			b->next = p->blocks->next;
			p->blocks->next = b;
			return b->space;
		}
	}
	r = p->next;
	p->next += n;
	p->left -= n;
	return r;
}

char *mem_pool_strndup(struct mem_pool *p, const char *s, size_t n)
{
	char *r = mem_pool_alloc(p, n + 1);

	memcpy(r, s, n);
	r[n] = '\0';
	return r;
}

char *mem_pool_strdup(struct mem_pool *p, const char *s)
{
	return mem_pool_strndup(p, s, strlen(s));
}

void mem_pool_combine(struct mem_pool *into, struct mem_pool *from)
{
	struct mp_block *b = from->blocks, *last;

	if (!b)
		return;
	for (last = b; last->next; last = last->next)
		;
	if (into->blocks) {
		/* Keep into's current block first: it is the one being filled. */
		last->next = into->blocks->next;
		into->blocks->next = b;
	} else {
		into->blocks = b;
		into->next = from->next;
		into->left = from->left;
	}
	from->blocks = NULL;
	from->next = NULL;
	from->left = 0;
}

void mem_pool_release(struct mem_pool *p)
{
	struct mp_block *b = p->blocks, *next;

	for (; b; b = next) {
		next = b->next;
		free(b);
	}
	p->blocks = NULL;
	p->next = NULL;
	p->left = 0;
}
