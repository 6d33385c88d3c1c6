/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * When a line entered the tree: the author date of the commit that
 * introduced it, by git blame (following lines through moves and copies).
 */
#ifndef RESOLVE_BLAME_H
#define RESOLVE_BLAME_H

#include <stddef.h>

/*
 * Author dates (seconds since the epoch) of lines[0..n) (1-based) of
 * path, relative to the git checkout root; 0 for a line not committed
 * yet.  The commit of each line goes to commits[i] (40 hex digits and a
 * NUL) when commits is not NULL, and first[i] is 1 when first is not
 * NULL and that commit is where the history begins (git's boundary: a
 * tree imported in one commit dates every line from it).  Returns -1
 * when git cannot blame the file (no checkout, no history), without a
 * message.
 */
int blame_lines(const char *root, const char *path, const unsigned *lines,
		size_t n, long long *dates, char (*commits)[41], int *first);

/* One file's blame_lines() call, its arguments and its result. */
struct blame_file {
	const char *path;
	unsigned *lines;
	size_t n;
	long long *dates;
	char (*commits)[41];
	int *first;
	int ret;	/* blame_lines()'s */
};

/*
 * blame_lines() on every file, up to jobs git blame at once: on a long
 * history each one reads thousands of commits, and they share nothing.
 */
void blame_files(const char *root, struct blame_file *f, size_t n, int jobs);

#endif
