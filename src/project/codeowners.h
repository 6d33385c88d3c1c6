/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A CODEOWNERS file, as GitHub and GitLab read it: found in .github/, the
 * root, docs/ or .gitlab/ (the first there wins); each line a pattern and
 * its owners (@user, @org/team, an address), '#' comments, '\' escapes;
 * GitLab's "[Section]" headers ("^" optional, "[n]" approvals) with
 * default owners that a line without owners of its own takes.  Patterns
 * read as gitignore's, as GitHub documents them: a leading or middle '/'
 * anchors at the root, else a pattern matches at any depth; a trailing
 * '/' names a directory; '*' and '?' stop at '/', '**' crosses it; a
 * pattern covers a path or a directory above it, but a last '*' of its
 * own (dir, '/', '*') covers only dir's own files.  The last line that
 * matches decides, and a line with no owners leaves its paths with none.
 * Nothing here routes patches yet.
 */
#ifndef PROJECT_CODEOWNERS_H
#define PROJECT_CODEOWNERS_H

#include <stddef.h>

struct codeowners_rule {
	char *pattern;		/* as written, escapes and all */
	char **owners;		/* its own, or its section's defaults */
	size_t nowners;
	size_t line;		/* in the file, from 1 */
	long section;		/* index in sec, or -1 before any */
};

struct codeowners_section {
	char *name;
	int optional;		/* "^[Name]" */
	int approvals;		/* "[Name][n]", 0 when not given */
	char **owners;		/* the section's default owners */
	size_t nowners;
};

struct codeowners {
	char *file;		/* where it was read, as the root names it */
	struct codeowners_rule *v;
	size_t nr, alloc;
	struct codeowners_section *sec;
	size_t nsec, asec;
};

/* Where the two hosts look, in the order the first found is taken. */
extern const char *const codeowners_places[];

/*
 * Find and parse root's CODEOWNERS into co: 0 when read, 1 when the tree
 * has none (no message), -1 with one error() naming the file when it is
 * unreadable, too large, binary or not UTF-8 (co is then empty).
 */
int codeowners_load(const char *root, struct codeowners *co);

/*
 * Parse text[0..len) into co; name is the file for messages.  -1, with
 * one error() and co empty, for text that load would refuse.
 */
int codeowners_parse(const char *text, size_t len, const char *name,
		     struct codeowners *co);
void codeowners_release(struct codeowners *co);

/* 1 when the pattern, as a CODEOWNERS line writes it, covers path. */
int codeowners_match(const char *pattern, const char *path);

/*
 * The last line that covers path, or NULL; its nowners is 0 when that
 * line leaves path without owners.
 */
const struct codeowners_rule *codeowners_owner(const struct codeowners *co,
					       const char *path);

/*
 * GitLab's reading: each section decides apart, and a path's owners are
 * those of the last covering line of every section (the lines before any
 * header count as one).  Up to max rules into out, in the file's order;
 * returns how many.
 */
size_t codeowners_sections_owner(const struct codeowners *co,
				 const char *path,
				 const struct codeowners_rule **out,
				 size_t max);

#endif
