/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Many pages of one host in one CDX look-up.  The Wayback Machine asks
 * to be asked gently (one request a second), and a tree's dead links
 * cluster on a few hosts, so the pages of a host are asked together: a
 * prefix query (matchType=prefix) whose urlkey filter names each page's
 * SURT key, anchored, so that the archive answers with those pages'
 * captures alone.  Its answer is split into the reply a look-up of each
 * page would have had, which is what is cached and used.
 *
 * Only a page whose key linkmend computes exactly as the archive does is
 * grouped (cdxgroup_plain(): http(s), a plain host, a path of unreserved
 * characters, no query): a page missing from a group's answer has no
 * capture, not another key.  Any other page is asked alone, by its URL.
 */
#ifndef RESOLVE_CDXGROUP_H
#define RESOLVE_CDXGROUP_H

#include <stddef.h>

/*
 * The captures asked of a page: its copies (200), and the permanent
 * redirects the archive saw it make (301, 308), whose targets are where
 * it may live now.  Percent-encoded: statuscode:(200|301|308).
 */
#define CDX_STATUSES "statuscode%3A%28200%7C301%7C308%29"

/* Most keys in one query, and most characters of its filter. */
#define CDXGROUP_MAX_KEYS 40
#define CDXGROUP_MAX_FILTER 1000

struct cdx_group {
	char *query;		/* the CDX URL to ask */
	char **keys;		/* the SURT keys asked, sorted */
	size_t nkeys;
	size_t *page;		/* members: indexes into the planned pages */
	size_t *key_of;		/* and the index of each one's key */
	size_t nmembers;
};

struct cdx_plan {
	struct cdx_group *v;
	size_t nr, alloc;
	size_t *alone;		/* pages to ask by their own URL */
	size_t nalone, aalone;
};

/* 1 when the archive's key for url is the one surt_key() gives. */
int cdxgroup_plain(const char *url);

/*
 * Plan the look-ups of urls[0..n) (fragments ignored) at the Wayback
 * Machine base: the plain pages of a host that holds two keys or more
 * in groups, every other page alone.
 */
void cdxgroup_plan(const char *base, const char *const *urls, size_t n,
		   struct cdx_plan *out);
void cdxgroup_plan_release(struct cdx_plan *p);

/*
 * Split the group's CDX reply body into replies[0..g->nmembers), one
 * CDX JSON reply per member (its key's rows, or "[]"), each to free.
 * -1 after error() naming the host when the body is not a CDX reply
 * with a urlkey field.
 */
int cdxgroup_split(const struct cdx_group *g, const char *body,
		   char **replies);

#endif
