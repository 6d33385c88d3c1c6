/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A rewrite is made in place: the new URL takes the old one's place, and
 * no line is split or joined, whatever its width (checkpatch.pl exempts
 * a line that holds a URL from its length limit; a reflowed paragraph is
 * a change no maintainer asked for, and outside C comments it can break
 * the syntax the line is in).  In a box comment (a closer such as "*" or
 * "|" at the end of the line, in the column where a neighbouring line
 * ends too) the closer keeps its column: the blanks before it grow or
 * shrink; an edit that cannot keep it is not made, and its reason is
 * returned so the caller reports it with the lines that must stay.
 */
#ifndef REWRITE_LAYOUT_H
#define REWRITE_LAYOUT_H

#include <stddef.h>

#include "keep.h"
#include "rewrite.h"

/* The columns buf[0..n) takes on a terminal: tabs to eight, UTF-8 chars. */
size_t layout_width(const char *buf, size_t n);

/*
 * Fit edits ev[0..n) (sorted by start, not overlapping) into buf[0..len):
 * why[i] is KEEP_NONE for an edit to make, KEEP_BOX for one to leave
 * out.  A box edit is widened over the blanks before its closer and its
 * text, padded, is ev[i].owned (the caller frees it).
 */
void layout_fit(const char *buf, size_t len, struct edit *ev, size_t n,
		enum keep_reason *why);

#endif
