/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What a patch's subject says after its area's prefix (subject/subject.h):
 * what changes where, in the fewest words that fit.
 */
#ifndef SERIES_SUMMARY_H
#define SERIES_SUMMARY_H

#include <stddef.h>

#include "../rewrite/plan.h"

/*
 * "Update moved web links in foo.c" for links links of kind in what
 * (NULL: nowhere named), capitalised or not; noun says what the links
 * are ("datasheet"; NULL: "web").  The longest wording that fits in room
 * columns ("use archived copies of dead links" before the longer
 * "replace dead web links with archived copies", the noun dropped
 * before the place), never cut; NULL when none fits with what (without
 * what, the shortest is given whatever room says).
 */
char *subject_summary(enum plan_group kind, size_t links, const char *noun,
		      const char *what, int capital, size_t room);

/*
 * The same for a patch whose links are of the kinds kinds (a bit,
 * 1 << PG_*, each): one kind's words where there is one; else each
 * kind named, "update moved and dead web links", the links of strings
 * said to be in strings and comments ("update web links" where nothing
 * longer fits).
 */
char *subject_summary_kinds(unsigned kinds, size_t links, const char *noun,
			    const char *what, int capital, size_t room);

/*
 * 1 when a summary naming what would repeat the prefix: "net: ... in
 * net", "hwmon: (tmp513) ... in tmp513.c", "HID: ft260: ... in
 * hid-ft260.c" (two of its parts joined), "dt-bindings: ... in bindings".
 */
int subject_repeats(const char *prefix, const char *what);

#endif
