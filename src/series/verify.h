/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Proof that an edit touched only what it may: in every file, the words
 * outside its URLs (as scan finds them, comment leaders aside) are the
 * same before and after; and for C, headers, asm and dts, the token
 * stream without comments is the same; for Kconfig, every line outside
 * help text is the same and the help blocks are as many; for rst, the
 * link constructs are as many.  A binary file never passes.
 */
#ifndef SERIES_VERIFY_H
#define SERIES_VERIFY_H

#include <stddef.h>

#include "../lib/strbuf.h"

/*
 * 0 when the change from old to new in path is safe; else -1 with a
 * one-line reason in why.
 */
int verify_change(const char *path, const char *old, size_t oldlen,
		  const char *new, size_t newlen, struct strbuf *why);

/*
 * Every file changed in the work tree dir since the commit base, each
 * proved by verify_change(); one line "PATH: why" on stdout for each
 * that fails (a file added or deleted fails).  *checked and *bad count
 * them.  -1 after error() when git cannot tell what changed.
 */
int verify_tree(const char *dir, const char *base, int *checked, int *bad);

#endif
