/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Who gets a patch.  When the tree ships scripts/get_maintainer.pl, what
 * it prints for the patch file (--no-git --no-git-fallback, as git
 * send-email --to-cmd would run it): maintainers, supporters and odd
 * fixers in To, reviewers and lists in Cc.  Otherwise, or when asked,
 * the tree's MAINTAINERS read here by the script's rules (people.h).  A
 * patch with nobody in To goes To its lists.
 */
#ifndef SERIES_ROUTE_H
#define SERIES_ROUTE_H

#include <stddef.h>

struct maintainers;

struct recipients {
	char **to, **cc;
	size_t nto, ncc, ato, acc;
};

/* Add addr to To (to) or Cc, once; an address in To is never in Cc. */
void recipients_add(struct recipients *r, const char *addr, int to);
/* 1 when addr's mail is in r's To, 2 in its Cc, 0 in neither. */
int recipients_find(const struct recipients *r, const char *addr);
/* Everything in src into dst, To to To and Cc to Cc. */
void recipients_merge(struct recipients *dst, const struct recipients *src);
void recipients_release(struct recipients *r);

/*
 * The recipients of each of the n patch files into out[0..n), the
 * get_maintainer.pl runs jobs at a time, or none when in_process; m may
 * be NULL (no MAINTAINERS: nobody).  -1 after error().
 */
int route_patches(const char *root, const struct maintainers *m,
		  char *const *files, size_t n, int jobs, int in_process,
		  struct recipients *out);

/*
 * Put To: and Cc: lines at the end of file's mail header, in place of
 * those it had.  -1 after error().
 */
int recipients_write(const char *file, const struct recipients *r);

/*
 * 1 when a K: keyword of m matches r's To: and Cc: lines: get_maintainer.pl
 * reads a patch's whole mail header, so a patch addressed to them may get
 * more recipients when asked again.
 */
int recipients_keyword(const struct maintainers *m, const struct recipients *r);

#endif
