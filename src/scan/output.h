/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What scan prints: every occurrence under the paths scanned, read back
 * from the store (so the output is the whole set whether or not a file
 * was read again), as TSV or JSON on stdout, counted as it goes for the
 * summary on stderr.
 */
#ifndef SCAN_OUTPUT_H
#define SCAN_OUTPUT_H

#include <stddef.h>

#include "../lib/strmap.h"
#include "../lib/vocab.h"

struct store;
struct tree_scan;

struct scan_output {
	int json, no_output, top_hosts;
	/* Counted while printing. */
	size_t occurrences, by_context[CTX__COUNT];
	struct strmap urls, hosts;	/* key -> count (as pointer) */
	int first;
};

void scan_output_init(struct scan_output *so);
void scan_output_release(struct scan_output *so);

/* The occurrences under ts's paths; 0, or -1 after error(). */
int scan_output_all(struct scan_output *so, struct store *st,
		    const struct tree_scan *ts);

/* Files, occurrences, contexts and the top hosts, on stderr. */
void scan_output_summary(const struct scan_output *so,
			 const struct tree_scan *ts);

/*
 * Make the tree the scan goes into current in st: name (--tree), else
 * the tree scanned from this root before, else one named after the
 * root's directory; version, else the commit checked out (no_git: none).
 * A tree of that name scanned from another root is replaced only when
 * replace is set.  0, or -1 after error().
 */
int scan_use_tree(struct store *st, const char *name, const char *version,
		  const char *root, int no_git, int replace);

#endif
