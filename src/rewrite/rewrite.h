/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Byte edits that cannot break the code they sit in.  rewrite_escape()
 * writes a replacement URL the way its context needs (no comment closer
 * in a block comment, %% in a printf format, $$ in a Makefile, ...);
 * rewrite_apply() replaces occurrence spans in a file's bytes, joining a
 * wrapped URL back onto its first line; rewrite_file() writes a file
 * atomically, keeping its mode and owner.
 */
#ifndef REWRITE_REWRITE_H
#define REWRITE_REWRITE_H

#include <stddef.h>

#include "../lib/strbuf.h"
#include "../lib/vocab.h"

/* Append url to out escaped for ctx. */
void rewrite_escape(enum context ctx, const char *url, struct strbuf *out);

struct edit {
	size_t start, end;	/* the occurrence's span in the old bytes */
	const char *text;	/* the escaped replacement */
	char *owned;		/* text when the edit made it, or NULL */
};

/*
 * Apply edits (any order, not overlapping) to old[0..len) into out.  A
 * wrapped span (URL, line break, comment leader, continuation) becomes
 * the new URL on the first line followed by what followed the old one:
 * the continuation line is gone.  Blanks between an edit and the end of
 * its line are dropped, and so are those before a text that starts a new
 * line: an edited line never ends in white space.  Returns -1 (after error()) on overlapping or out-of-range edits.
 */
int rewrite_apply(const char *old, size_t len, struct edit *edits, size_t n,
		  struct strbuf *out);

/* Write buf to path atomically: a temporary file, fsync, rename; mode and owner kept. */
int rewrite_file(const char *path, const char *buf, size_t len);

#endif
