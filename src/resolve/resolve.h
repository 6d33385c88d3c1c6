/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The resolve stage: for every URL that check found moved or dead, the
 * replacement and the evidence for it, recorded per occurrence in the
 * store.  In order of preference: the page it moved to (permanent
 * redirects only, never the site root; to another site only where the
 * page keeps its name there, its content is the old page's, or its
 * renamed host's other pages are found there: else it is looked up as
 * a dead page, its evidence saying OFFSITE_SAYS); for a dead page, where it lives
 * now by evidence (a permanent redirect the Web Archive captured, else
 * the same path, or the same name, on the host its site's root now
 * redirects to, or its last captures did when the host is gone, a page
 * of the same name elsewhere on its site, the page
 * the tree itself links on a host one letter off, on the project's new
 * host or by its title, the rewrite two of its site's known moves
 * agree on), taken only when that page answers now, is no home page
 * nor where a random path of the old host lands, and has the old page's
 * last good capture's title, bytes or a text alike (likeness.h) (a
 * refused one is said as a suggestion);
 * with upgrade, its https twin
 * when that serves the same page; with lore, the lore.kernel.org page of
 * an old mail-archive message; for a dead host one letter off a live
 * one, or a host whose URLs mostly moved to one other, that host (when
 * its URL checks alive); the project's own capture; the Wayback capture
 * nearest before the day the URL entered its file (its git history, or
 * date), verified by replaying it, else the nearest after, else a
 * Memento TimeMap's (with what the page's captures show over the years:
 * one content, or a content that changed, as a living page's does, for
 * the judge to leave it: rewrite/purpose.h); otherwise unresolved.
 * Archives are asked through net/, one request at a time per archive,
 * and their answers cached.
 * Each decision is tagged with its evidence (resolution.via): redirect,
 * archive-redirect, host-redirect, archive-host-redirect, site-search,
 * tree-knows, site-pattern, upgrade, lore, typo, migration, own-archive,
 * wayback, memento.
 */
#ifndef RESOLVE_RESOLVE_H
#define RESOLVE_RESOLVE_H

#include <signal.h>

#include "../lib/vocab.h"
#include "../net/net.h"
#include "../store/store.h"

struct config;

/*
 * The evidence's words for a live link whose redirects lead to another
 * site that is not shown to be its page: series reads them (a commit
 * message then says so, not "failed its checks").
 */
#define OFFSITE_SAYS "it redirects permanently to another site, not " \
	"shown to be the same page"

struct resolve_opts {
	struct net_opts net;
	const char *root;		/* the tree, for its history; or NULL */
	const struct config *cfg;	/* its .linkmend.conf ([keep]), or NULL */
	long long date;			/* when git cannot tell; or 0 */
	long long now;
	const char *wayback;		/* https://web.archive.org */
	const char *memento;		/* a TimeMap prefix, or NULL */
	const char *archive_dir;	/* the project's collection, or NULL */
	const char *archive_base;	/* where it is served */
	int pywb;			/* by pywb, not its replay page */
	long archive_spacing_ms;	/* between two requests to an archive */
	int upgrade, lore, refresh, quiet;
	int trust_network;		/* act on checks of a broken network */
	int confirm;			/* failed checks that make dead (3) */
	long long spacing_s;		/* between counted checks (3 days) */
	int json, no_output;		/* what resolve_run() prints */
	/* Called now and then while requests run (a worker's leases). */
	void (*tick)(void *data);
	void *tick_data;
	/*
	 * Nonzero: stop at the next request (SIGINT).  What was looked up
	 * is kept (the look-up cache); nothing is decided or recorded, and
	 * the next run resumes from the cache.
	 */
	volatile sig_atomic_t *stop;
	int progress;			/* a progress line on stderr */
	struct resolve_stats *stats;	/* filled when not NULL */
};

/* What a run did, for the closing line. */
struct resolve_stats {
	size_t urls;			/* URLs looked at */
	size_t asked;			/* requests to archives and twins */
	size_t replays_kept;		/* capture replays known, not asked */
	size_t hosts_kept;		/* hosts' fresh answers, not asked */
	size_t by_kind[K__COUNT];	/* occurrences decided, by kind */
	int interrupted;
};

void resolve_opts_init(struct resolve_opts *o);

/*
 * Resolve every checked URL of st, record each decision, and print one
 * line (or JSON object) per URL, kind and replacement on stdout.
 * Nothing is resolved while the last check found the network broken
 * (meta network_suspect; src/check/sanity.h) unless o->trust_network.
 * -1 after error().
 */
int resolve_run(const struct resolve_opts *o, struct store *st);

/* What a run decided, by kind, or that it was stopped: on stderr. */
void resolve_say_stats(const struct resolve_stats *s);

#endif
