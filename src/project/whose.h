/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Whose host a link is on, for the file it is in: one question for what
 * the tree says of its own places.  The answer is the project's
 * infrastructure (infra_host(): kernel.org and [keep] host), a place the
 * tree names as its own repository, tracker or patch queue (own.h's
 * places: MAINTAINERS T:, B:, Q: and the git remotes), a host of a
 * MAINTAINERS section that owns the file (its W:, B:, Q:, T: and L:
 * lines, the most specific section first), or the project's home page
 * as its README, configure.ac (AC_INIT's URL), package metadata
 * (package.json, *.pc.in, *.spec, debian/control, pyproject.toml,
 * setup.py, CMakeLists.txt, Cargo.toml) name it, the archive of its
 * lists a root document names ("Web archives of those lists are at
 * http://seclists.org"), and a list of its own by name in an archive's
 * path (seclists.org/nmap-dev/); with the evidence: the file and line,
 * or the section and field, that named it.
 *
 * A site is its host without "www." (and its subdomains), but on a host
 * many projects share (github.com, sourceforge.net, a list service) the
 * site is the host and the path as named: github.com/OWNER/REPO, never
 * github.com.  What is read here only decides what a patch leaves as it
 * is and whom a report tells; never where a request or data goes.
 */
#ifndef PROJECT_WHOSE_H
#define PROJECT_WHOSE_H

#include <stddef.h>

#include "own.h"

struct config;
struct maintainers;

enum whose_kind {
	WHOSE_NONE,		/* someone else's */
	WHOSE_INFRA,		/* the project's infrastructure */
	WHOSE_PLACE,		/* its repository, tracker or patch queue */
	WHOSE_SECTION,		/* a site of a section owning the file */
	WHOSE_PROJECT,		/* the project's home page */
};

struct whose_site {
	char *place;		/* "host" or "host/path", lower case host */
	char *evidence;		/* "configure.ac:3: AC_INIT" */
};

struct whose {
	const struct config *cfg;
	const struct maintainers *m;	/* NULL: none */
	struct own_places places;
	struct whose_site *v;		/* the project's home pages */
	size_t nr, alloc;
	char *names[2];			/* remote's, folder's name */
};

struct whose_answer {
	enum whose_kind kind;
	long section;		/* WHOSE_SECTION: its index in m; or -1 */
	char field;		/* WHOSE_SECTION: 'W', 'B', 'Q', 'T', 'L' */
	char *evidence;		/* what named it; NULL for WHOSE_NONE */
};

/* What root names (NULL: nothing), with m (NULL: no MAINTAINERS). */
void whose_init(struct whose *w, const char *root,
		const struct maintainers *m, const struct config *cfg);
void whose_release(struct whose *w);

/* Add a home page of the project by hand (a test's, or a caller's). */
void whose_add_site(struct whose *w, const char *url, const char *evidence);

/*
 * Whose url is, for a link in path (relative to the root): the first of
 * infrastructure, place, section, project that holds it; a filled in
 * (whose_answer_release() it) and its kind returned.
 */
enum whose_kind whose_url(const struct whose *w, const char *path,
			  const char *url, struct whose_answer *a);
void whose_answer_release(struct whose_answer *a);

/* "the project's infrastructure", "a MAINTAINERS section's own host"... */
const char *whose_kind_name(enum whose_kind k);

#endif
