/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The fix stage: the store's resolutions written into the tree, file by
 * file and atomically, or shown as a unified diff.  A file changed since
 * the scan is left alone (unless the change is its edits, all made
 * already), an edit already written is not written again,
 * nothing is written through a symlinked directory out of the tree.  One
 * fix at a time per store (fix.lock beside it, flock(2)); before each
 * file an intent is journalled in the store (fix_pending: PATH and the
 * SHA-256 of what will be written), so a run killed at any moment is
 * finished by the next: the file holds the old bytes or the new, and the
 * record follows.
 */
#ifndef FIX_FIX_H
#define FIX_FIX_H

#include <signal.h>
#include <stddef.h>

#include "../store/store.h"
#include "../rewrite/judge.h"
#include "../rewrite/keep.h"

struct fix_opts {
	const char *db;		/* the store's path: the lock goes beside it */
	const char *root;	/* the tree */
	const char *kinds;	/* kinds to write (NULL: the plan's default) */
	int archived;		/* and archived copies */
	int strings;		/* also C strings and formats */
	int dry_run;		/* a diff on stdout, nothing written */
	int wait;		/* for another fix's lock, rather than refuse */
	int home_pages;		/* bare home pages are patches too */
	const struct config *cfg;	/* the tree's [keep], or NULL */
	/* Nonzero: stop before the next file (SIGINT); NULL: never. */
	volatile sig_atomic_t *stop;
};

struct fix_stats {
	size_t files, edits;	/* written (or shown, with dry_run) */
	size_t skipped;		/* files changed since the scan or unread */
	size_t changed;		/* edits whose bytes are not what scan saw */
	size_t done;		/* edits the files hold already */
	size_t unwritten;	/* files whose edits could not be written */
	size_t looked;		/* files with edits gone through */
	size_t left;		/* files with edits not reached (stopped) */
	char *stopped_at;	/* the first file not reached, or NULL */
	struct keep_counts kept;	/* lines not linkmend's to change */
	struct judge_counts unpatched;	/* not worth a patch (judge.h) */
	char *recovered;	/* the file an interrupted run wrote, or NULL */
};

/* -1 after error() when the tree or the store cannot be used. */
int fix_apply(const struct fix_opts *o, struct store *st,
	      struct fix_stats *stats);

#endif
