/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Who takes patches in a project without MAINTAINERS.  First what its own
 * documents say (CONTRIBUTING, SUBMITTING, HACKING, then README): the
 * first of an address named for patches ("send patches to the list",
 * a Mailman listinfo page standing for its list) and a request for pull
 * or merge requests, read line by line; "we do not merge pull requests"
 * asks for none.  Else the people of the touched files' history, as
 * get_maintainer.pl --git chooses them: commit authors by count, those
 * with at least min_percent of the commits, at most max of them.
 */
#ifndef PROJECT_CONTACT_H
#define PROJECT_CONTACT_H

#include <stddef.h>

enum contact_form { CONTACT_NONE, CONTACT_MAIL, CONTACT_PULL };

struct contact {
	enum contact_form form;
	char *addr;		/* CONTACT_MAIL: the address, lower case */
	unsigned line;		/* where the document says so, from 1 */
	char *quote;		/* what it says, to the address: one line */
};

/*
 * The order in which path's document is read (0 first), or -1 for a
 * path that is no such document.  Documents at the root, .github/,
 * doc/, docs/ and Documentation/ count.
 */
int contact_doc_rank(const char *path);

/*
 * What document text says into c (zeroed first): 0 when it names where
 * patches go (c->form not CONTACT_NONE), 1 when it says nothing.
 */
int contact_read(const char *text, struct contact *c);
void contact_release(struct contact *c);

struct contact_person {
	char *who;		/* "Name <mail>" as git log printed it */
	size_t commits;
};

/*
 * The people of log, one "Name <mail>" line per commit: the most
 * commits first (ties by first seen), those with min_percent of them,
 * at most max, into *out; returns how many, the commits into *total.
 * A no-reply address (GitHub's users.noreply) is counted, not chosen.
 */
size_t contact_history(const char *log, unsigned min_percent, size_t max,
		       struct contact_person **out, size_t *total);
void contact_people_release(struct contact_person *p, size_t n);

#endif
