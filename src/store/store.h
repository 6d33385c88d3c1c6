/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The store: one SQLite database (WAL, one writer) that remembers what
 * every stage found.  This is the only module that knows the schema or
 * includes sqlite3.h.  Functions return 0 or -1 after error(), naming the
 * database; a file that is not a linkmend store, or a corrupt one, is an
 * error at store_open(), never a crash later.
 */
#ifndef STORE_STORE_H
#define STORE_STORE_H

#include <stddef.h>

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
	const char *url, *key, *host, *context;
	unsigned flags;		/* OCC_* (lib/vocab.h) */
	long long url_id;	/* set by store_each_occurrence() */
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

/* .linkmend/linkmend.db here or in the nearest parent that has one; NULL if none. */
char *store_find(void);

/*
 * Open the store at path; a missing one is an error naming it.  Only
 * scan creates a store: store_create() makes its directory and schema
 * when they are not there yet.
 */
struct store *store_open(const char *path);
struct store *store_create(const char *path);
int store_close(struct store *st);

int store_begin(struct store *st);
int store_commit(struct store *st);
int store_rollback(struct store *st);

/* Key/value settings kept with the data (scanner version, options). */
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
	const char *verdict;
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
	const char *url, *host, *path, *context;
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
	const char *kind, *replacement, *evidence;
	long long at;
	/* The replacement escaped for the occurrence's context, or NULL. */
	const char *edit;
};

/* Replace what is recorded for the occurrence (kind "unresolved" too). */
int store_put_resolution(struct store *st, const struct store_resolution *r);

/* A resolution with its occurrence, as fix and series use it. */
struct store_edit {
	const char *path;
	long long start, end;
	unsigned line;
	const char *text;	/* the URL as scanned */
	const char *context, *kind, *replacement, *evidence, *url;
	const char *edit;	/* as resolve escaped it; NULL in old stores */
	unsigned flags;
	int applied;		/* written by fix already */
};

/* Every resolution with its occurrence, by path and offset. */
int store_each_resolution(struct store *st,
			  int (*cb)(const struct store_edit *e, void *data),
			  void *data);
/* Record that fix wrote the resolution of this occurrence. */
int store_mark_applied(struct store *st, const char *path, long long start);

/*
 * The archive look-up cache: what an archive answered for key (its
 * request URL), kept so that a re-run asks again only when told to.
 */
char *store_get_lookup(struct store *st, const char *key, long long *at);
int store_put_lookup(struct store *st, const char *key, long long at,
		     const char *body);

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
/* Every capture recorded in dir, by file and offset. */
int store_each_capture(struct store *st, const char *dir,
		       int (*cb)(const struct store_capture *c, void *data),
		       void *data);

#endif
