/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The series stage: the store's resolutions as patch series for the
 * maintainers: one patch per MAINTAINERS section and kind of change,
 * subjects in the area's own style, To/Cc from the section, one line
 * per link in the commit message and its evidence below the "---" line,
 * a cover letter with the totals; more
 * than max patches make several series, each on top of the one before.
 * The commits are made by git itself on a side index, never touching the
 * work tree, and written out by git format-patch, so git am takes them.
 * The directory is replaced whole or not at all.
 */
#ifndef SERIES_WRITE_H
#define SERIES_WRITE_H

#include <signal.h>
#include <stddef.h>

#include "../lib/strbuf.h"
#include "../store/store.h"

struct config;

struct series_opts {
	const char *root;	/* the tree: a git checkout */
	const char *dir;	/* where the series go */
	const char *base_rev;	/* the commits' base (HEAD) */
	const char *kinds;	/* as fix (NULL: the plan's default) */
	const char *from;	/* "Name <mail>", or NULL: git's user */
	int signoff, archived, strings, quiet;
	int max;		/* patches in one series (15) */
	int jobs;		/* get_maintainer.pl runs at once */
	int in_process;		/* route by MAINTAINERS here, no script */
	int b4;			/* each series an enrolled b4 branch too */
	int home_pages;		/* bare home pages are patches too */
	/* --to, --cc: for every patch and cover letter, NULL-terminated. */
	const char *const *to, *const *cc;
	/*
	 * Only the edits sent before and not applied, as their next
	 * version (changed) or RESEND, in reply to their first mail.
	 */
	int resend;
	const struct config *cfg;	/* the tree's [keep], or NULL */
	/*
	 * Nonzero: stop (SIGINT) before the next step; nothing is put in
	 * dir, which keeps what it held.
	 */
	volatile sig_atomic_t *stop;
};

/*
 * 0; 1 when edits were skipped because the base no longer holds what
 * scan saw (each named in a warning); -1 after error().
 */
int series_write(const struct series_opts *o, struct store *st);

/*
 * For each path, the MAINTAINERS section chosen (MAINTAINERS here) and
 * those get_maintainer.pl ranks as high, one line each on stdout.
 */
int series_which_section(char *const *paths, size_t n);

/* The patches (not cover letters) under dir, its series folders too. */
size_t series_count_patches(const char *dir);

/* Why an edit of the plan is not proposed (fate.c). */
enum held_why {
	HELD_REFUSED,		/* a maintainer refused it */
	HELD_APPLIED,		/* a later revision holds it */
	HELD_PENDING,		/* sent, not applied: not without --resend */
	HELD_PENDING_CHANGED,	/* the same, its replacement since changed */
	HELD_NEW,		/* never sent: not in a --resend run */
	HELD__COUNT
};

/* "2026-09-20" of a time in seconds, into buf (n >= 11). */
void series_day(long long at, char *buf, size_t n);

/*
 * The line that says n links were not proposed for why (pending: sent
 * on day, "2026-09-20") and the command that would act on them, as the
 * cover letter and series say it and the report repeats it, into sb.
 */
void series_held_line(size_t n, enum held_why why, const char *day,
		      struct strbuf *sb);

#endif
