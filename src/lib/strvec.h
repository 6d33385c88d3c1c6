/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A growing NULL-terminated array of strings the vector owns, in the
 * manner of git's strvec: an argv built piece by piece.
 */
#ifndef LIB_STRVEC_H
#define LIB_STRVEC_H

#include <stddef.h>

#include "usage.h"

struct strvec {
	char **v;		/* NULL-terminated once anything is pushed */
	size_t nr, alloc;
};

#define STRVEC_INIT { NULL, 0, 0 }

void strvec_push(struct strvec *sv, const char *s);
void strvec_pushf(struct strvec *sv, const char *fmt, ...) LM_PRINTF(2, 3);
/* Each argument up to a NULL. */
void strvec_pushl(struct strvec *sv, ...);
/* Each string of a NULL-terminated array. */
void strvec_pushv(struct strvec *sv, const char *const *v);
void strvec_clear(struct strvec *sv);

#endif
