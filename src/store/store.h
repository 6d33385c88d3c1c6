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
	const char *url, *key, *host, *context, *flags;
};

/* Open (creating the directory and schema if needed) the store at path. */
struct store *store_open(const char *path);
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

#endif
