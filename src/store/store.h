/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The store remembers what every stage found: a SQLite file (WAL, one
 * writer; the default, .linkmend/linkmend.db in the tree) or a
 * PostgreSQL database ("postgresql://..."), one schema in both.  This
 * module alone knows the schema or any SQL (src/store/db.h has the two
 * engines).  Functions return 0 or -1 after error(), naming the store; a
 * file that is not a linkmend store, or a corrupt one, is an error at
 * store_open(), never a crash later.
 *
 * A store holds many trees (each scan names its own); URLs and their
 * checks are the store's, shared by every tree that cites them.  Files,
 * occurrences, resolutions and settings are the selected tree's: a
 * store with one tree selects it when opened, otherwise
 * store_select_tree() names one, and readers with none selected see
 * every tree.
 */
#ifndef STORE_STORE_H
#define STORE_STORE_H

#include <stddef.h>

#include "../lib/vocab.h"

struct store;

/* A file as the last scan saw it. */
struct store_file {
	const char *path;
	long long size, mtime_ns;
};

/* An occurrence as stored; strings live until the next callback. */
struct store_occ {
	const char *path;
	unsigned line, col;
	long long start, end;
	const char *url, *key, *host;
	enum context context;
	unsigned flags;		/* OCC_* (lib/vocab.h) */
	long long url_id;	/* set by store_each_occurrence() */
	/* Read back only (store_put_class() writes them); NULL: not judged. */
	const char *owner, *owner_why, *purpose, *purpose_why;
};

/* Counts for a summary: label -> count, in groups. */
struct store_count {
	const char *group;	/* "total", "verdict" or "kind" */
	const char *label;
	long long n;
};

/*
 * Totals (occurrences, urls, hosts), URLs by latest verdict and
 * occurrences by resolution kind; cb once per count.
 */
int store_each_count(struct store *st,
		     int (*cb)(const struct store_count *c, void *data),
		     void *data);

/* Where a tree keeps its own store, from its root. */
#define STORE_DIR ".linkmend"
#define STORE_FILE "linkmend.db"
#define STORE_PATH STORE_DIR "/" STORE_FILE

/* STORE_PATH here or in the nearest parent that has one; NULL if none. */
char *store_find(void);

/*
 * Open the store at path; a missing one is an error naming it.  Only
 * scan creates a store: store_create() makes its directory and schema
 * when they are not there yet.
 */
struct store *store_open(const char *path);
struct store *store_create(const char *path);
int store_close(struct store *st);

/* Does target name a database server (a URL) rather than a file? */
int store_is_url(const char *target);
/* "sqlite" or "postgresql". */
const char *store_engine(const struct store *st);

/* A tree scanned into the store. */
struct store_tree {
	long long id;
	const char *name, *version, *root;
	long long scanned_at;
};

int store_each_tree(struct store *st,
		    int (*cb)(const struct store_tree *t, void *data),
		    void *data);
/*
 * Select the tree called name for what follows; with NULL, the store's
 * only tree (none selected when it is empty; an error when it has
 * several).  -1 after error() naming what is missing.
 */
int store_select_tree(struct store *st, const char *name);
/*
 * For scan: the tree called name, made when new, its version (a commit,
 * a package version, or "") and root recorded, and selected.
 */
int store_use_tree(struct store *st, const char *name, const char *version,
		   const char *root, long long now);
/* The selected tree's name, or NULL. */
const char *store_tree_name(const struct store *st);
/* 1 if the store can only be read here (a read-only mount). */
int store_read_only(const struct store *st);
/*
 * The name of the tree scanned from root (an absolute path), or NULL
 * (none, or after error()); to free.
 */
char *store_tree_at(struct store *st, const char *root);
/* The root the tree called name was scanned from, or NULL; to free. */
char *store_tree_root(struct store *st, const char *name);
/* The selected tree's files, occurrences and resolutions forgotten. */
int store_reset_tree(struct store *st);

/*
 * The store's clock (db_clock_ms()): leases and turns are kept in it, so
 * that workers whose own clocks differ still agree on them.
 */
int store_clock_ms(struct store *st, long long *ms);
/*
 * A store on a server that went away (store_lost(): its connection was
 * lost) fails every call until store_reconnect() brings it back (the
 * workers' wait, with back-off: lease_wait_store()).
 */
int store_lost(struct store *st);
/* One attempt, quiet: 0 if the store is back. */
int store_reconnect(struct store *st);
int store_begin(struct store *st);
int store_commit(struct store *st);
int store_rollback(struct store *st);

/*
 * Key/value settings kept with the data (scanner version, options): the
 * selected tree's own when one is.
 */
char *store_get_meta(struct store *st, const char *key);
int store_set_meta(struct store *st, const char *key, const char *value);

/* Every file recorded; cb returns nonzero to stop. */
int store_each_file(struct store *st,
		    int (*cb)(const struct store_file *f, void *data),
		    void *data);

/*
 * Replace what is recorded of directory dir ("" for the root) with files,
 * whose paths are names inside it; n == 0 forgets the directory.
 */
int store_put_dir(struct store *st, const char *dir,
		  const struct store_file *files, size_t n);
/* Forget the occurrences in one file. */
int store_delete_occurrences(struct store *st, const char *path);
/* Forget every file and occurrence (a rescan from scratch). */
int store_clear_files(struct store *st);

/* Add one occurrence of a URL (the url row is created on first use). */
int store_put_occurrence(struct store *st, const struct store_occ *o);

/*
 * Every occurrence in files under one of prefixes (all when n == 0; a
 * prefix names a file or a directory), ordered by path and offset.
 */
int store_each_occurrence(struct store *st, const char *const *prefixes,
			  size_t n,
			  int (*cb)(const struct store_occ *o, void *data),
			  void *data);

/* A URL as the check stage sees it. */
struct store_url {
	long long id;
	const char *url, *host;
};

/*
 * Every URL with at least one occurrence worth checking: a context that
 * is checked (not identifier, licence) and no placeholder, example,
 * invalid or truncated flag.  Ordered by URL.
 */
int store_each_checkable_url(struct store *st,
			     int (*cb)(const struct store_url *u, void *data),
			     void *data);
/* The id of url, recorded with host if new; -1 after error(). */
long long store_url_id(struct store *st, const char *url, const char *host);

/* One check of one URL. */
struct store_check {
	long long url_id;
	long long at;		/* seconds since the epoch */
	enum verdict verdict;	/* its name only in the store */
	long status;
	int curl_code;
	const char *final_url;	/* may be NULL */
	const char *chain, *detail, *digest;
	long ms;
};

int store_put_check(struct store *st, const struct store_check *c);
/* Every check recorded, ordered by URL id and time. */
int store_each_check(struct store *st,
		     int (*cb)(const struct store_check *c, void *data),
		     void *data);

/* An occurrence of a URL, for the resolve stage. */
struct store_url_occ {
	long long url_id;
	const char *url, *host, *path;
	enum context context;
	const char *text;	/* the URL as the file has it */
	unsigned flags;
	unsigned line;
	long long start;
};

/*
 * Every occurrence of every URL that has been checked, and every
 * truncated one (never checked, but reported), by URL then path.
 */
int store_each_checked_occurrence(struct store *st,
				  int (*cb)(const struct store_url_occ *o,
					    void *data),
				  void *data);

/* A replacement found for one occurrence, with its evidence. */
struct store_resolution {
	long long url_id;
	const char *path;
	long long start;
	enum kind kind;
	const char *replacement, *evidence;
	long long at;
	/* The replacement escaped for the occurrence's context, or NULL. */
	const char *edit;
	/* The evidence's tag (redirect, archive-redirect ...), or NULL. */
	const char *via;
};

/* Replace what is recorded for the occurrence (kind "unresolved" too). */
int store_put_resolution(struct store *st, const struct store_resolution *r);

/* A resolution with its occurrence, as fix and series use it. */
struct store_edit {
	const char *path;
	long long start, end;
	unsigned line;
	const char *text;	/* the URL as scanned */
	enum context context;
	enum kind kind;
	const char *replacement, *evidence, *url;
	const char *edit;	/* as resolve escaped it; NULL in old stores */
	const char *via;	/* the evidence's tag, or NULL */
	unsigned flags;
	int applied;		/* written by fix already */
	/* The occurrence's class (store_put_class()), or NULL. */
	const char *owner, *owner_why, *purpose, *purpose_why;
};

/* Every resolution with its occurrence, by path and offset. */
int store_each_resolution(struct store *st,
			  int (*cb)(const struct store_edit *e, void *data),
			  void *data);
/*
 * Whose text an occurrence is (owner: "prose", "imported", "legal",
 * "history", "example", ...: rewrite/keep.h) and what its link is for
 * (purpose: "fixed document", "living page", "home page"), each with
 * its evidence as a short phrase.  A NULL field leaves what is recorded;
 * a rescan of the file forgets them all.
 */
struct store_class {
	const char *path;
	long long start;
	const char *owner, *owner_why;
	const char *purpose, *purpose_why;
};

int store_put_class(struct store *st, const struct store_class *c);

/*
 * Forget the selected tree's resolutions whose occurrence is gone (its
 * file changed or went: no occurrence of that URL at that offset): how
 * many, or -1.
 */
long long store_prune_resolutions(struct store *st);

/* Record that fix wrote the resolution of this occurrence. */
int store_mark_applied(struct store *st, const char *path, long long start);

/*
 * The archive look-up cache: what an archive answered for key (its
 * request URL), kept so that a re-run asks again only when told to.
 */
char *store_get_lookup(struct store *st, const char *key, long long *at);
int store_put_lookup(struct store *st, const char *key, long long at,
		     const char *body);

/*
 * What a host answered for a request about all of its paths: kind
 * "root" (its root) or "probe" (a random path), by origin
 * ("scheme://host").  Unlike a capture, a live host's answer changes:
 * it is reused only while fresh (at >= since), and a request that got
 * no answer is never kept.
 */
struct store_host_answer {
	long long at;
	long status;
	char *location;		/* where it redirected, or NULL */
	char *title;		/* the page's <title>, or NULL */
};

/* 1 and *a filled (release it) when fresh, 0 when not, -1 on error. */
int store_get_host_answer(struct store *st, const char *origin,
			  const char *kind, long long since,
			  struct store_host_answer *a);
void store_host_answer_release(struct store_host_answer *a);
int store_put_host_answer(struct store *st, const char *origin,
			  const char *kind, const struct store_host_answer *a);

/* A record linkmend archive wrote: a response or a revisit. */
struct store_capture {
	const char *dir;	/* the collection (its real path) */
	const char *file;	/* the WARC file's name in dir */
	long long offset, length, end;
	long long url_id;
	const char *url, *type, *record_id;
	const char *date;	/* WARC-Date */
	const char *ts;		/* 14 digits */
	long status;
	const char *mime, *payload_digest;	/* "sha1:BASE32" */
};

int store_put_capture(struct store *st, const struct store_capture *c);
/* Forget the capture at file:offset of dir (its record is gone). */
int store_drop_capture(struct store *st, const char *dir, const char *file,
		       long long offset);
/* Every capture recorded in dir, by file and offset. */
int store_each_capture(struct store *st, const char *dir,
		       int (*cb)(const struct store_capture *c, void *data),
		       void *data);

/*
 * Work shared by workers (check, resolve, archive --worker) on one store, a
 * host at a time so that each host's politeness holds across all of
 * them.  Every host has a lease (owner, until_ms), the wall-clock time of
 * the last request any worker made there (last_ms) and the time it next
 * has a URL due (next_s: 0 when a scan gave it a new URL or work was
 * left; resolve_s and archive_s likewise for those jobs).  Times in _ms
 * are milliseconds since the epoch; in _s, seconds.
 */

/*
 * Resolve's and archive's workers claim hosts the same way, by resolve_s
 * and archive_s: a host is due for them again (0) whenever a check
 * worker gives it back.  A host is one worker's at a time, whatever the
 * job.
 */
enum store_job { STORE_JOB_CHECK, STORE_JOB_RESOLVE, STORE_JOB_ARCHIVE };

/* Give every host of every URL a lease row (once, before claiming). */
int store_hosts_prepare(struct store *st);
/*
 * Claim up to max hosts with work due by now_s whose lease is free or
 * ran out before now_ms, for owner until until_ms; cb(host, since_ms)
 * for each, since_ms the time its last request may have started (spacing
 * counts from it).  One transaction; on PostgreSQL rows another worker
 * is claiming are skipped, never waited for.  Returns how many, or -1.
 */
int store_claim_hosts(struct store *st, enum store_job job, const char *owner,
		      long long now_s, long long now_ms, long long until_ms,
		      size_t max,
		      int (*cb)(const char *host, long long since_ms,
				void *data),
		      void *data);
/* owner's leases pushed to until_ms; how many it still holds, or -1. */
long long store_renew_leases(struct store *st, const char *owner,
			     long long until_ms);
/*
 * Give host back: its last request at last_ms, job's work due again at
 * next_s (and, after check, resolve's at once).
 */
int store_release_host(struct store *st, enum store_job job,
		       const char *owner, const char *host, long long last_ms,
		       long long next_s);
/* Hosts with job's work due by now_s, leased or not; -1 after error(). */
long long store_count_due_hosts(struct store *st, enum store_job job,
				long long now_s);
/*
 * A host every worker may ask (an archive, a redirect's target) is taken
 * in turns, one worker's request at a time: take it for owner until
 * until_ms (a dead worker's turn passes then) and return 1 with *at_ms
 * when its request may go (a spacing after the last one went, last_ms);
 * 0 when another worker's request holds it, with *at_ms when to ask
 * again; 2 likewise when the host is leased to another worker (its
 * requests are that worker's alone: no turn until it gives it back);
 * -1 after error().  The turn ends when the request went out (last_ms =
 * now_ms) or was given up.  Hosts are not claimed while a turn is out.
 */
int store_take_turn(struct store *st, const char *host, const char *owner,
		    long long spacing_ms, long long now_ms, long long until_ms,
		    long long *at_ms);
int store_end_turn(struct store *st, const char *host, const char *owner,
		   int sent, long long now_ms);
/*
 * Every turn owner holds, given up (a worker stopping); one whose end was
 * not recorded (the store was away) may have gone out: it counts as last
 * at now_ms.
 */
int store_drop_turns(struct store *st, const char *owner, long long now_ms);
/*
 * From now on store_each_checked_occurrence(), store_each_check() and
 * store_each_checkable_url() read only URLs on hosts owner holds (NULL:
 * all again).
 */
void store_limit_hosts(struct store *st, const char *owner);
/*
 * From now on store_each_checkable_url(), store_each_checked_occurrence()
 * and store_each_resolution() read only what occurs under one of paths
 * (relative to the tree's root; kept, not copied; n = 0: everything).
 */
void store_limit_paths(struct store *st, const char *const *paths, size_t n);
int store_hosts_limited(const struct store *st);
/*
 * Every occurrence of the selected tree, whatever the limit: its URL's
 * host, its context and flags, and the URL's newest verdict (or NULL).
 */
int store_each_tree_host_verdict(struct store *st,
				 int (*cb)(const char *host,
					   enum context context,
					   unsigned flags,
					   enum verdict verdict, void *data),
				 void *data);
/* Each tree citing a URL on a host owner holds, by name. */
int store_each_tree_of_held(struct store *st, const char *owner,
			    int (*cb)(const struct store_tree *t, void *data),
			    void *data);
/*
 * Every URL of host worth checking (in any tree), by URL, with its
 * newest check (only at and verdict set), or NULL when never checked.
 */
int store_each_host_url(struct store *st, const char *host,
			int (*cb)(const struct store_url *u,
				  const struct store_check *last, void *data),
			void *data);

/*
 * What became of each edit series proposed, one row per link in a file:
 * path, the URL as the file had it (old_url) and the text series wrote
 * instead (new_url); never its line, which moves.  state is "written"
 * (in a patch not known to be sent), "sent" (linkmend sent, or handed
 * to b4), "applied" (a later revision holds it: how says "as sent", or
 * "changed" or "removed" when upstream changed or removed the line
 * instead) or "replaced" (a later edit of the link, new_url changed,
 * took its place).  An edit sent once stays owed (pending) until
 * applied, even while a resend of it is only written: sent_at > 0.
 */
struct store_fate {
	const char *path, *old_url, *new_url;
	unsigned line;		/* where the last series saw it */
	const char *line_after;	/* the line as the patch makes it */
	const char *line_was;	/* and as the base had it, or NULL */
	/* The lines around it at the base (not blank), or NULL. */
	const char *prev_line, *next_line;
	const char *state, *how;
	const char *patch, *dir;	/* the patch file, its series' dir */
	long long written_at, sent_at, seen_at;
	/* The mail's Message-Id, the first mail's (v1's thread), or NULL. */
	const char *message_id, *first_id;
	const char *via;	/* "b4 branch ...", "mail", or NULL */
	int version;		/* 1, then 2 for its first resend ... */
	/* A resend's: new_url of the version it replaces, or NULL. */
	const char *prior_url;
};

/* 1 when the store keeps fates (a read-only store of schema 5 has none). */
int store_has_fates(const struct store *st);
/*
 * Record that series wrote f (state, how, sent_at, message ids are
 * kept): a sent edit written again is its next version.
 */
int store_put_written(struct store *st, const struct store_fate *f);
/* The selected tree's fates, by path, old_url and new_url. */
int store_each_fate(struct store *st,
		    int (*cb)(const struct store_fate *f, void *data),
		    void *data);
/* The edit path old_url -> new_url is applied (how) or replaced. */
int store_set_fate(struct store *st, const char *path, const char *old_url,
		   const char *new_url, const char *state, const char *how,
		   long long at);
/*
 * The edit path old_url -> new_url was not sent after all (a b4 branch
 * b4 never sent): written again, its send forgotten.
 */
int store_unsend(struct store *st, const char *path, const char *old_url,
		 const char *new_url);
/*
 * The edits written in the patch file patch (a real path), or as the
 * mail message_id (series gives each its own: a series directory moved
 * is found so), sent at at in the thread that began with first_id (or
 * NULL: this mail, or the thread of its first send); how many, or -1.
 */
long long store_mark_sent(struct store *st, const char *patch,
			  const char *message_id, const char *first_id,
			  const char *via, long long at);

/*
 * An edit a maintainer refused: the link old_url in path not to become
 * new_url ("*": not to be changed at all), with why, kept until
 * withdrawn.
 */
struct store_refusal {
	const char *path, *old_url, *new_url, *reason;
	long long at;
};

int store_put_refusal(struct store *st, const struct store_refusal *r);
/* Refusals withdrawn (new_url NULL: any of old_url in path): how many. */
long long store_drop_refusal(struct store *st, const char *path,
			     const char *old_url, const char *new_url);
int store_each_refusal(struct store *st,
		       int (*cb)(const struct store_refusal *r, void *data),
		       void *data);

/*
 * get_maintainer.pl's answer for a patch, kept for the selected tree so
 * that the next series need not ask again: by the tree's revision (as
 * series names it: its commit and the blobs the script reads), the
 * patch's files (sorted, one a line), the sections whose K: keywords its
 * text holds (one a line) and the script's options; answer is what the
 * script printed.
 */
struct store_routing {
	const char *revision, *files, *keywords, *options;
	const char *answer;
};

/*
 * The answer kept for r's key (r->answer is not read) into *answer, to
 * free; NULL when none is (a read-only store of schema 5 to 7 keeps none).
 */
int store_get_routing(struct store *st, const struct store_routing *r,
		      char **answer);
/*
 * Keep the n answers r[0..n), all of one revision, at now: the tree's
 * answers for other revisions are forgotten (they are never asked for
 * again once the tree moved on).  The caller holds a transaction.
 */
int store_put_routing(struct store *st, const struct store_routing *r,
		      size_t n, long long now);

#endif
