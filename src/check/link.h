/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One model of a link for every stage that asks about URLs (check, diff,
 * resolve): the URL as requested, its host, its id in the store (-1 when
 * there is no store) and its checks so far in time order, the newest kept
 * whole.  A link set finds its links by URL and by store id; a stage keeps
 * its own facts about a link in a parallel array, by index.
 */
#ifndef CHECK_LINK_H
#define CHECK_LINK_H

#include <stddef.h>

#include "../lib/strmap.h"
#include "../store/store.h"
#include "check.h"

struct link {
	char *url, *host;
	char *written;		/* as the input wrote it, when not url */
	long long id;
	struct check_history *hist;
	size_t nhist, ahist;
	int have_last;
	struct store_check last;	/* strings owned, never NULL but final_url */
};

struct link_set {
	struct link *v;
	size_t nr, alloc;
	struct strmap by_url, by_id;	/* -> index + 1 */
};

#define LINK_SET_INIT { NULL, 0, 0, STRMAP_INIT, STRMAP_INIT }

/* The index of url's link, added (with host and id) when new. */
size_t link_set_add(struct link_set *s, const char *url, const char *host,
		    long long id);
/* The link with store id id, or NULL. */
struct link *link_set_by_id(const struct link_set *s, long long id);
/* The link of url, or NULL. */
struct link *link_set_by_url(const struct link_set *s, const char *url);
/* Give a link its store id (after link_set_add with -1). */
void link_set_id(struct link_set *s, size_t i, long long id);
/* Every check the store holds of the set's links; -1 after error(). */
int link_set_load_checks(struct link_set *s, struct store *st);
void link_set_release(struct link_set *s);

/* Free what a link holds (one not in a set). */
void link_release(struct link *l);

/* Append one check (copied) to the link's history. */
void link_add_check(struct link *l, const struct store_check *sc);
/* A check's own copy of its strings (NULL texts as ""), and its release. */
void link_check_copy(struct store_check *dst, const struct store_check *src);
void link_check_release(struct store_check *c);
/* The verdict of the newest check (V__COUNT when never checked). */
enum verdict link_verdict(const struct link *l);
/*
 * Dead by the confirmation rule (check_is_dead(): its newest check
 * failed, and confirm failures at least spacing_s apart count), as
 * check, diff and resolve judge a link.  *failures (when not NULL) is
 * the count.
 */
int link_is_dead(const struct link *l, int confirm, long long spacing_s,
		 int *failures);

#endif
