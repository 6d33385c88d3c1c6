/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Allocation that cannot fail: on exhaustion the process dies with a
 * message, so callers need no NULL checks.  ALLOC_GROW follows git: grow
 * an array to hold at least n elements, amortised.  str_tolower() lowers
 * in place what the *_tolower() copies lower as they copy.
 */
#ifndef LIB_XALLOC_H
#define LIB_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* Copies in lower case (ASCII): hosts, addresses, words compared. */
char *xstrdup_tolower(const char *s);
char *xstrndup_tolower(const char *s, size_t n);
void str_tolower(char *s);
char *xstrfmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* An allocation made by a library (libcurl's handles): p, or the same death. */
void *xcheck(void *p, const char *what);

#define ALLOC_GROW(x, nr, alloc) \
	do { \
		if ((size_t)(nr) > (alloc)) { \
			(alloc) = (alloc) ? (alloc) * 2 : 16; \
			if ((alloc) < (size_t)(nr)) \
				(alloc) = (nr); \
			(x) = xrealloc((x), (alloc) * sizeof(*(x))); \
		} \
	} while (0)

#endif
