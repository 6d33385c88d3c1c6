/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The people and lists a patch goes to: To (those who take it) and Cc,
 * each address once, compared by its mail alone, lower case ("Name
 * <Mail@Host>" and "mail@host (list)" are one).  An address in To is
 * never in Cc.  What routes fill (route.h, people.h) and series reads.
 */
#ifndef PROJECT_RECIPIENTS_H
#define PROJECT_RECIPIENTS_H

#include <stddef.h>

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

#endif
