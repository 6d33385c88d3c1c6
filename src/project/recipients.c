// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/xalloc.h"
#include "recipients.h"

/* The mail address of "Name <mail>" or "mail (what)", lower case. */
static char *mail_of(const char *addr)
{
	const char *lt = strchr(addr, '<'), *gt = lt ? strchr(lt, '>') : NULL;

	if (lt && gt)
		return xstrndup_tolower(lt + 1, (size_t)(gt - lt - 1));
	return xstrndup_tolower(addr, strcspn(addr, " \t("));
}

/* The index of the address with this mail in v[0..n), or -1. */
static long find(char **v, size_t n, const char *mail)
{
	size_t i;

	for (i = 0; i < n; i++) {
		char *m = mail_of(v[i]);
		int same = !strcmp(m, mail);

		free(m);
		if (same)
			return (long)i;
	}
	return -1;
}

void recipients_add(struct recipients *r, const char *addr, int to)
{
	char *mail = mail_of(addr);
	long i;

	if (!*mail || !strchr(mail, '@') || find(r->to, r->nto, mail) >= 0)
		goto out;
	i = find(r->cc, r->ncc, mail);
	if (to) {
		if (i >= 0) {	/* a Cc who takes it after all: To only */
			free(r->cc[i]);
			memmove(r->cc + i, r->cc + i + 1,
				(r->ncc - (size_t)i - 1) * sizeof(*r->cc));
			r->ncc--;
		}
		ALLOC_GROW(r->to, r->nto + 1, r->ato);
		r->to[r->nto++] = xstrdup(addr);
	} else if (i < 0) {
		ALLOC_GROW(r->cc, r->ncc + 1, r->acc);
		r->cc[r->ncc++] = xstrdup(addr);
	}
out:
	free(mail);
}

int recipients_find(const struct recipients *r, const char *addr)
{
	char *mail = mail_of(addr);
	int in = find(r->to, r->nto, mail) >= 0 ? 1 :
		 find(r->cc, r->ncc, mail) >= 0 ? 2 : 0;

	free(mail);
	return in;
}

void recipients_merge(struct recipients *dst, const struct recipients *src)
{
	size_t i;

	for (i = 0; i < src->nto; i++)
		recipients_add(dst, src->to[i], 1);
	for (i = 0; i < src->ncc; i++)
		recipients_add(dst, src->cc[i], 0);
}

void recipients_release(struct recipients *r)
{
	size_t i;

	for (i = 0; i < r->nto; i++)
		free(r->to[i]);
	for (i = 0; i < r->ncc; i++)
		free(r->cc[i]);
	free(r->to);
	free(r->cc);
	memset(r, 0, sizeof(*r));
}
