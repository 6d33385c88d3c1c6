/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * "Did you mean": the known word nearest a mistyped one, by edit
 * distance (a swap of two letters counts one), as git suggests commands.
 */
#ifndef LIB_SIMILAR_H
#define LIB_SIMILAR_H

#include <stddef.h>

/*
 * The candidate (of n; NULL entries skipped) nearest word, if close
 * enough to be what was meant (at most 2 edits, fewer for short words),
 * else NULL.
 */
const char *similar_word(const char *word, const char *const *cands,
			 size_t n);

#endif
