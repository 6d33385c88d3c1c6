/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The kernel's MAINTAINERS file: sections with their M:, R:, L: people and
 * lists and their F:, X:, N: patterns; and the section of a path chosen
 * as scripts/get_maintainer.pl --no-keywords ranks them: X: excludes,
 * a section ranks by the depth of the last of its F: patterns that
 * matches (an N: match counts 0), the highest wins; of equals, the one
 * with the more literal pattern, then the later.  K: is kept apart
 * (maintainers_keyword()).  S:
 * (status) and T: (trees) are kept for routing and shaping a series, W:,
 * B: and Q: for the project's own places (own.h).
 */
#ifndef PROJECT_MAINTAINERS_H
#define PROJECT_MAINTAINERS_H

#include <stddef.h>

struct maint_pattern {
	char type;		/* 'F', 'X', 'N' or 'K' */
	char *value;		/* F/X: the glob, with '/' if a directory */
	void *re;		/* N, K: compiled as Perl's m/.../x, or NULL */
};

struct maint_section {
	char *name;
	char **to, **cc;	/* M:, then R: and L: */
	size_t nto, ncc, ato, acc;
	char *cc_kind;		/* 'R' or 'L' for each cc */
	char *status;		/* S:, or NULL */
	char **trees;		/* T:, "git URL [branch]" */
	size_t ntrees, atrees;
	char **links;		/* W:, B: and Q:, as written */
	char *link_kind;	/* 'W', 'B' or 'Q' for each link */
	size_t nlinks, alinks;
	struct maint_pattern *pat;
	size_t npat, apat;
};

struct maintainers {
	struct maint_section *v;
	size_t nr, alloc;
};

/*
 * 1 when the compiled N: or K: re matches s[0..len) as Perl would (byte
 * semantics), 0 when not, when re is NULL or the match is too costly.
 */
int maintainers_regex_match(void *re, const char *s, size_t len);

/* Parse root/MAINTAINERS; -1 when there is none (no message). */
int maintainers_load(const char *root, struct maintainers *m);
/*
 * Parse text (modified in place: lines are cut) into m; root, when given,
 * is where F: directories are looked up (NULL: not at all).
 */
void maintainers_parse(char *text, const char *root, struct maintainers *m);
void maintainers_release(struct maintainers *m);

/*
 * 1 when the F: or X: pattern (a directory's with its '/') covers path,
 * as get_maintainer.pl reads it.
 */
int maintainers_file_match(const char *path, const char *pattern);

/* The best section for path, or -1. */
long maintainers_section(const struct maintainers *m, const char *path);

/* The name of the best section for path ("NETWORKING DRIVERS"), or NULL. */
const char *maintainers_owner(const struct maintainers *m, const char *path);

/*
 * Every section that matches path, the most specific first (as
 * maintainers_section() ranks them); up to max into out, returning how
 * many.
 */
size_t maintainers_matches(const struct maintainers *m, const char *path,
			   long *out, size_t max);

/*
 * 1 when a K: keyword of s matches a line of a patch file as
 * get_maintainer.pl matches it: any line before the first diff's ---/+++,
 * after that only added and removed lines.
 */
int maintainers_keyword(const struct maint_section *s, const char *patch);

/* 1 when section s is Orphan or Obsolete: no one takes its patches. */
int maintainers_unkept(const struct maint_section *s);

/*
 * Every section that get_maintainer.pl ranks first for path (more than
 * one where depths tie: it then orders them by Perl's hash order); up to
 * max into out, returning how many.
 */
size_t maintainers_ties(const struct maintainers *m, const char *path,
			long *out, size_t max);

#endif
