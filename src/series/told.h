/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the user tells linkmend of the patches series wrote, for the
 * commands sent and refuse: which were sent (their mails' Message-Ids,
 * read from the files series wrote), and which edits a maintainer
 * refused, per patch file or per link in a file.  A refusal is kept in
 * the store, keyed on the file and the old and new URL (the line may
 * move), and goes to and from a file a tree can carry:
 *
 *   # linkmend refusals: path, URL, replacement ("*": any), when, why
 *   drivers/foo/foo.c<TAB>http://...<TAB>https://...<TAB>1700000000<TAB>why
 *
 * Each returns 0, or -1 after error() naming the file or link.
 */
#ifndef SERIES_TOLD_H
#define SERIES_TOLD_H

#include <stddef.h>

#include "../store/store.h"

/*
 * The patches under path (a series directory, or one patch file) sent
 * at now, via how ("mail", or the user's words): each edit they hold
 * recorded with its mail's Message-Id and the first mail of its series
 * (its cover letter).  *links and *patches count what was recorded.
 */
int told_sent(struct store *st, const char *path, const char *via,
	      long long now, size_t *links, size_t *patches);

/* Every edit of the patch file refused (or, withdraw, no longer). */
int told_refuse_patch(struct store *st, const char *patch,
		      const char *reason, int withdraw, long long now,
		      size_t *n);
/*
 * The link url in path (relative to the tree's root) refused: its
 * replacement new, or (NULL) the one series proposed last, else any
 * ("*").  withdraw: the refusal of new (NULL: every one of the link)
 * dropped.
 */
int told_refuse_link(struct store *st, const char *path, const char *url,
		     const char *new, const char *reason, int withdraw,
		     long long now, size_t *n);

/* The refusals, in the file format above, into out (one a line). */
struct strbuf;
int told_export(struct store *st, struct strbuf *out);
/* The refusals of file recorded (a line that is not one: an error). */
int told_import(struct store *st, const char *file, size_t *n);
/* Each refusal file holds to cb, which stops it with nonzero. */
int told_each_refusal(const char *file,
		      int (*cb)(const struct store_refusal *r, void *data),
		      void *data);

/*
 * Where a tree carries its refusals (refuse --export into it), at its
 * root: series says when it holds one the store has not, never
 * importing it unasked.
 */
#define TOLD_REFUSALS_FILE ".linkmend-refused"

#endif
