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
	char *from_dir;		/* old directory prefix; NULL: any */
	char *to_dir;		/* what replaces it, "/" at least */
	enum pattern_name name;
	char *from_ext;		/* ".html", "" (none), "/" (a directory);
				   NULL: any */
	char *to_ext;		/* NULL: the old one kept (any to any) */
};

/* How general a rewrite learnt is. */
#define PATTERN_ANY_DIR 1	/* any directory replaced (none was kept) */
#define PATTERN_ANY_EXT 2	/* whatever the old extension was */

/*
 * The rewrite that takes old to new, as general as flags say.  -1 when
 * the move is no rewrite of its name (another name, a query, no path),
 * or a directory segment was kept and PATTERN_ANY_DIR asked.  A name is
 * compared percent-decoded when its separators changed ("A31%20user"
 * is "a31-user").
 */
int pattern_learn(const char *old, const char *new, unsigned flags,
		  struct pattern *out);

/* A string equal for equal rewrites, to count the moves that agree. */
char *pattern_key(const struct pattern *r);

/* url rewritten, or NULL when the rewrite does not apply to it. */
char *pattern_apply(const struct pattern *r, const char *url);

void pattern_release(struct pattern *r);

#endif
