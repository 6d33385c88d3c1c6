/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Who gets a patch.  When the tree ships scripts/get_maintainer.pl, what
 * it prints for the patch file (--no-git --no-git-fallback, as git
 * send-email --to-cmd would run it): maintainers, supporters and odd
 * fixers in To, reviewers and lists in Cc.  Otherwise, or when asked,
 * the tree's MAINTAINERS read here by the script's rules (people.h).  The
 * script runs once for the patches alike in what its answer depends on
 * (the sections covering their files, the K: keywords their text holds),
 * and not at all for those whose answer was kept (struct route_memo).
 * To holds the maintainers of each file's most specific section, those
 * of broader ones go Cc, unless that leaves no person in To.  A patch
 * with nobody in To goes To its lists.
 */
#ifndef PROJECT_ROUTE_H
#define PROJECT_ROUTE_H

#include <stddef.h>

#include "recipients.h"

struct maintainers;

/*
 * What get_maintainer.pl's answer for a patch depends on, besides the
 * tree it runs in: the files the patch changes (sorted, one a line), the
 * MAINTAINERS sections whose K: keywords its text holds (by name, one a
 * line) and the script's options.
 */
struct route_question {
	char *files, *keywords;
	const char *options;
};

/*
 * Answers kept between runs (the store's, for series): get gives the one
 * kept for q (*answer to free, NULL when none), put keeps the n answers
 * to q[0..n) the script gave; each returns -1 after it said why, which
 * costs a run of the script, never the routing.  kept counts the
 * patches answered by get, asked the script's runs.
 */
struct route_memo {
	int (*get)(void *data, const struct route_question *q, char **answer);
	int (*put)(void *data, const struct route_question *q,
		   char *const *answer, size_t n);
	void *data;
	size_t kept, asked;
};

/*
 * The recipients of each of the n patch files into out[0..n), the
 * get_maintainer.pl runs jobs at a time, or none when in_process; m may
 * be NULL (no MAINTAINERS: nobody).  memo, when given, answers for the
 * script where it can and keeps what the script answered.  -1 after
 * error().
 */
int route_patches(const char *root, const struct maintainers *m,
		  char *const *files, size_t n, int jobs, int in_process,
		  struct route_memo *memo, struct recipients *out);

/*
 * The same for patches written one after another: the script starts on
 * each as it is added, while the caller writes the next.  begin for n
 * patches; add patch i's file (each i in [0, n) once, a patch alike an
 * earlier one costing no run); end waits for the runs and puts the
 * recipients into out[0..n), as route_patches() does, or with out NULL
 * abandons the batch (runs not begun are not begun).  Both end and the
 * runs' files read the patches as they were when added: a patch is not
 * changed once added.  root and m stay valid until end.
 */
struct route_batch;

struct route_batch *route_batch_begin(const char *root,
				      const struct maintainers *m, size_t n,
				      int jobs, int in_process,
				      struct route_memo *memo);
void route_batch_add(struct route_batch *b, size_t i, const char *file);
int route_batch_end(struct route_batch *b, struct recipients *out);

/*
 * 1 when a K: keyword of m matches r's To: and Cc: lines: get_maintainer.pl
 * reads a patch's whole mail header, so a patch addressed to them may get
 * more recipients when asked again.
 */
int recipients_keyword(const struct maintainers *m, const struct recipients *r);

#endif
