/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * How alike two pages read: the Jaccard index of their visible text's
 * word shingles (three words in a row, lowercased; tags, scripts, styles
 * and the <title> left out, the title being compared on its own).  A
 * page that moved keeps its text while its site's template, footer or
 * title changes; another page of the same site shares the template but
 * not the text.  LIKENESS_MIN is where the kernel test web's truth puts
 * the line (tests/kernel/likeness.py).
 */
#ifndef RESOLVE_LIKENESS_H
#define RESOLVE_LIKENESS_H

#include <stddef.h>
#include <stdint.h>

/*
 * A candidate whose text is at least this alike to the old page's last
 * good capture is the same page.  Measured on the kernel test web (seed
 * 1, tests/kernel/likeness.py: 148 true successors, 13524 other pages a
 * candidate could be): of the pairs with text enough to judge, every
 * true successor is 0.667 or more alike to its old page (a footer
 * added), every other page (another of the site, a home page, a
 * catch-all's landing, a page that took the expected place) 0.571 or
 * less.  Any threshold in (0.571, 0.667] keeps precision 1.0; 0.62 is
 * between.
 */
#define LIKENESS_MIN 0.62
/*
 * A capture of a page whose text is less alike than this to the page's
 * latest capture is another version of it: the page changed (issue 44,
 * a living page).  Not LIKENESS_MIN, which asks "is this the same page
 * at all": a FAQ that gained a tenth of its entries, a wiki page
 * rewritten in part, stays above 0.62 yet changed.  What must stay
 * below the line is an archive's noise: a date, ad or counter line of
 * w words changes at most w + 2 of a page's n shingles on each side, so
 * the index is at least (n - w - 2) / (n + w + 2), 0.8 or more for a
 * line of 8 words in a page of 90 shingles or more (a short article of
 * a hundred words).  A page under that may be called living by one
 * noisy line: it is then left, reported, rather than frozen, the safer
 * of the two mistakes.
 */
#define LIKENESS_CHANGED 0.8
/* Fewer shingles than this are too little text to judge by. */
#define LIKENESS_MIN_SHINGLES 8

struct shingles {
	uint64_t *v;		/* hashes, sorted, unique */
	size_t nr;
};

/* The shingles of an HTML (or plain text) body of len bytes. */
void shingles_of_page(const char *body, size_t len, struct shingles *out);
void shingles_release(struct shingles *s);

/*
 * |a and b| / |a or b|; -1 when either has fewer than
 * LIKENESS_MIN_SHINGLES shingles (no judgement).
 */
double shingles_jaccard(const struct shingles *a, const struct shingles *b);

#endif
