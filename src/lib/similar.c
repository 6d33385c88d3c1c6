// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>

#include "similar.h"
#include "xalloc.h"

/* Optimal string alignment distance: edits, with a swap as one. */
static size_t distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j, d;
	size_t *row = xcalloc((la + 1) * (lb + 1), sizeof(*row));

#define AT(i, j) row[(i) * (lb + 1) + (j)]
	for (i = 0; i <= la; i++)
		AT(i, 0) = i;
	for (j = 0; j <= lb; j++)
		AT(0, j) = j;
	for (i = 1; i <= la; i++)
		for (j = 1; j <= lb; j++) {
			size_t best = AT(i - 1, j - 1) + (a[i - 1] != b[j - 1]);

			if (AT(i - 1, j) + 1 < best)
				best = AT(i - 1, j) + 1;
			if (AT(i, j - 1) + 1 < best)
				best = AT(i, j - 1) + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && AT(i - 2, j - 2) + 1 < best)
				best = AT(i - 2, j - 2) + 1;
			AT(i, j) = best;
		}
	d = AT(la, lb);
#undef AT
	free(row);
	return d;
}

const char *similar_word(const char *word, const char *const *cands,
			 size_t n)
{
	const char *best = NULL;
	size_t i, bd = (size_t)-1, limit = strlen(word) <= 4 ? 1 : 2;

	for (i = 0; i < n; i++) {
		size_t d;

		if (!cands[i])
			continue;
		d = distance(word, cands[i]);
		if (d < bd) {
			bd = d;
			best = cands[i];
		}
	}
	return bd <= limit ? best : NULL;
}
