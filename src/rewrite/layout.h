/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A rewrite keeps the shape of the lines it touches.  It never pushes a
 * line that was within LAYOUT_MAX_COLS (checkpatch.pl's limit, tabs to
 * eight) past it: the URL goes to a line of its own, with the leader of
 * the comment or paragraph it is in, or the edit is not made.  In a box
 * comment (a closer such as "*" or "|" at
 * the end of the line, in the column where a neighbouring line ends too)
 * the closer keeps its column: the blanks before it grow or shrink.  An
 * edit that cannot do either is not made; its reason is returned so the
 * caller reports it with the lines that must stay.
 */
#ifndef REWRITE_LAYOUT_H
#define REWRITE_LAYOUT_H

#include <stddef.h>

#include "keep.h"
#include "rewrite.h"

#define LAYOUT_MAX_COLS 100

/* The columns buf[0..n) takes on a terminal: tabs to eight, UTF-8 chars. */
size_t layout_width(const char *buf, size_t n);

/*
 * Where a URL may go to a line of its own: in a comment (a line that
 * begins with its leader), or in Kconfig help, rst and text paragraphs;
 * 0 in markdown, YAML, strings and code, where a line break changes
 * what the line means.
 */
enum { LAYOUT_BREAK_COMMENT = 1, LAYOUT_BREAK_TEXT = 2 };
int layout_may_break(enum context ctx);

/*
 * Fit edits ev[0..n) (sorted by start, not overlapping) into buf[0..len):
 * why[i] is KEEP_NONE for an edit to make, KEEP_WIDTH or KEEP_BOX for one
 * to leave out.  A box edit is widened over the blanks before its closer
 * and its text, padded, is ev[i].owned (the caller frees it); so is the
 * text of one whose URL goes to a line of its own (ev[i].may_break).
 */
void layout_fit(const char *buf, size_t len, struct edit *ev, size_t n,
		enum keep_reason *why);

#endif
