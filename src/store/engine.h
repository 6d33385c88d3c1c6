/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What an engine gives db.c (db.h is the interface store.c sees): its
 * operations and its opener.  For sqlite.c, pg.c and db.c only.
 */
#ifndef STORE_ENGINE_H
#define STORE_ENGINE_H

/* The types of db.h, which sees only the interface, not the engines. */
struct db;
struct db_arg;
struct db_row;

struct db_ops {
	const char *engine;
	const char *skip_locked;	/* " FOR UPDATE SKIP LOCKED" or "" */
	void (*close)(struct db *db);
	int (*exec)(struct db *db, const char *sql);
	int (*query)(struct db *db, const char *sql,
		     const struct db_arg *args, int nargs, const char *what,
		     int (*row)(struct db_row *r, void *data), void *data);
	int (*begin)(struct db *db);
	long long (*changes)(struct db *db);
	const char *(*schema)(const struct db *db);
	int (*migrate_legacy)(struct db *db, const char *from);
	int (*add_column)(struct db *db, const char *table, const char *column,
			  const char *type);
	const char *(*text)(struct db_row *r, int i);
	long long (*integer)(struct db_row *r, int i);
	const unsigned char *(*blob)(struct db_row *r, int i, size_t *len);
	int (*is_null)(struct db_row *r, int i);
	int (*clock_ms)(struct db *db, long long *ms);
	int (*lost)(struct db *db);		/* NULL: never */
	int (*reconnect)(struct db *db);	/* NULL: cannot */
};

/* Every engine's connection begins with this. */
struct db {
	const struct db_ops *ops;
	char *name;		/* for messages: a path, a URL without password */
	int read_only;		/* opened to be read only (a read-only mount) */
};

/*
 * A row is the engine's own; its first member is the ops it answers
 * to, so that db_text() and the rest can dispatch.
 */
struct db_row_head {
	const struct db_ops *ops;
};

struct db *db_open_sqlite(const char *path, int create);
struct db *db_open_pg(const char *url);

#endif
