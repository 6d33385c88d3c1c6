/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * When each dead URL entered its file, from one reading of the history:
 * git log -p of every file that holds one, and of the names those files
 * had before a rename or copy git finds where they were created.  A
 * URL's date is the author date of the earliest commit that added a
 * line holding it to the file (or to a file it came from), so a line
 * rewrapped or reindented later keeps the URL's date; git blame, one
 * process a file, gave the line's last change.  What the history never
 * shows as added (a URL it wrote across two lines) is left undated.
 */
#ifndef RESOLVE_DATING_H
#define RESOLVE_DATING_H

#include <stddef.h>

struct dating_item {
	const char *path;	/* relative to the checkout's top */
	const char *url;	/* as the file holds it now */
	long long date;		/* out: seconds since the epoch; 0: unknown */
	char commit[41];	/* out: the commit that added it */
	int first;		/* out: that commit is where history begins */
};

/*
 * Dates for v[0..n) in the git checkout root; -1 without a message when
 * git cannot read its history (no checkout), every date left 0.  With
 * progress, the commits read so far on stderr (a terminal's line).
 */
int dating_run(const char *root, struct dating_item *v, size_t n,
	       int progress);

#endif
