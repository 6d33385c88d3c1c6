/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A site's own pattern (issue 45, strategy 4, as FABLE learns it): how
 * a site rewrote one of its URLs when it moved the page, learnt from a
 * known move (old URL, new URL) and applied to its other dead links.  A
 * rewrite is a new origin (scheme://host), the old path's directory
 * prefix replaced by a new one (or the whole directory, whatever it
 * was), the last segment's name kept, lowercased or its separators
 * changed, and its extension changed (".html" to "/", ".pdf" to
 * ".html" ...).  URLs with a query are neither learnt from nor rewritten.
 */
#ifndef RESOLVE_PATTERN_H
#define RESOLVE_PATTERN_H

/* How the last segment's name changed. */
enum pattern_name {
	PN_SAME, PN_LOWER, PN_DASH, PN_DASH_LOWER, PN_UNDERSCORE,
	PN_UNDERSCORE_LOWER, PN__COUNT
};

struct pattern {
	char *origin;		/* scheme://host of the new URL */
	char *from_dir;		/* old directory prefix; NULL: any directory */
	char *to_dir;		/* what replaces it, "/" at least */
	enum pattern_name name;
	char *from_ext;		/* ".html", "" (none) or "/" (a directory) */
	char *to_ext;
};

/*
 * The rewrite that takes old to new: with any_dir, the one that replaces
 * any directory (only when no directory segment was kept).  -1 when the
 * move is no rewrite of its name (another name, a query, no path).
 */
int pattern_learn(const char *old, const char *new, int any_dir,
		  struct pattern *out);

/* A string equal for equal rewrites, to count the moves that agree. */
char *pattern_key(const struct pattern *r);

/* url rewritten, or NULL when the rewrite does not apply to it. */
char *pattern_apply(const struct pattern *r, const char *url);

void pattern_release(struct pattern *r);

#endif
