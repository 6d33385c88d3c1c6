/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The lines a change adds, from git: the working tree against HEAD, the
 * index against HEAD (cached), REV against HEAD, or the range BASE..TIP
 * (TIP's files, whatever is checked out).  For each file the
 * change adds or modifies: its path, its new content and the line
 * ranges added (from "git diff -U0"); deleted files are left out, since
 * they add no link.  Runs git in root; -1 after error().
 */
#ifndef SCAN_CHANGES_H
#define SCAN_CHANGES_H

#include <stddef.h>

#include "../lib/strbuf.h"

struct change_range {
	unsigned first, count;	/* lines first .. first+count-1 */
};

struct change_file {
	char *path;
	struct strbuf content;
	struct change_range *ranges;
	size_t nr, alloc;
};

struct changes {
	struct change_file *v;
	size_t nr, alloc;
};

/* rev NULL: the working tree (or, with cached, the index) against HEAD. */
int changes_load(const char *root, const char *rev, int cached,
		 struct changes *out);
void changes_release(struct changes *c);

/* 1 if line is among f's added lines. */
int change_has_line(const struct change_file *f, unsigned line);

/*
 * Parse "git diff -U0 --no-prefix"-style text into files with ranges (no
 * content); exported for the tests.
 */
int changes_parse(const char *diff, struct changes *out);

#endif
