/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The project's own places and hosts, as the tree names them.
 *
 * Places: "host/path" of the repositories, bug trackers and patch queues
 * the tree's MAINTAINERS T:, B: and Q: lines and its .git/config remotes
 * name; a link into one of them is a link into the project itself.
 *
 * Hosts: those the MAINTAINERS sections name in their W: (web page), B:
 * (bugs), Q: (patches), T: (trees) and L: (lists: the mail host) lines,
 * for a path those of the sections that own it (its own section first,
 * up to those that cover the whole tree), or those of the whole project.
 *
 * These are parts: a caller asking whose a link's host is, for a path,
 * asks project/whose.h, which joins them with infra.h's hosts and the
 * project's home pages.
 */
#ifndef PROJECT_OWN_H
#define PROJECT_OWN_H

#include <stddef.h>

struct maintainers;

struct own_places {
	char **v;		/* "host/path", lower case host */
	size_t nr, alloc;
};

/* What root's MAINTAINERS and .git/config name; root NULL: nothing. */
void own_places_init(struct own_places *o, const char *root);
void own_places_release(struct own_places *o);

/* 1 when url is one of o's places, or below one. */
int own_place(const struct own_places *o, const char *url);

struct own_host {
	char *host;		/* lower case: "git.kernel.org" */
	char field;		/* 'W', 'B', 'Q', 'T' or 'L' */
	long section;		/* the section of m that names it */
};

struct own_hosts {
	struct own_host *v;
	size_t nr, alloc;
};

/*
 * The hosts m's sections name (each once, as first named) into out,
 * which starts empty: with path, of every section that owns path, the
 * most specific first (maintainers_matches()); with path NULL, of every
 * section in MAINTAINERS' order.  In a section: its W:, B: and Q: lines
 * as written, then its T:, then its L:.  Returns how many.
 */
size_t project_own_hosts(const struct maintainers *m, const char *path,
			 struct own_hosts *out);
void own_hosts_release(struct own_hosts *h);

#endif
