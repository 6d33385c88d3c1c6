/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The store's two engines behind one small interface, for store.c only:
 * SQLite (sqlite.c, a file) and PostgreSQL (pg.c, through libpq, for a
 * target "postgresql://..." or "postgres://...").  SQL is written once,
 * with ?1, ?2 ... parameters and the syntax both engines read (ON
 * CONFLICT, RETURNING, quoted "end" and "offset"); an engine differs
 * only in its schema text, its transactions and its legacy migrations.
 * Every function returns 0 or -1 after error() naming the store.
 */
#ifndef STORE_DB_H
#define STORE_DB_H

#include <stddef.h>

enum db_type { DB_NULL, DB_TEXT, DB_INT, DB_BLOB };

/* One parameter: text (NULL is SQL NULL), an integer or bytes. */
struct db_arg {
	enum db_type type;
	const char *s;
	long long i;
	size_t len;
};

static inline struct db_arg db_arg_text(const char *v)
{
	return (struct db_arg){ v ? DB_TEXT : DB_NULL, v, 0, 0 };
}

#define DB_T(v) db_arg_text(v)
#define DB_I(v) ((struct db_arg){ DB_INT, NULL, (long long)(v), 0 })
#define DB_B(p, n) ((struct db_arg){ DB_BLOB, (p), 0, (n) })

struct db;
struct db_row;

/* A result row's columns; strings live until the next row. */
const char *db_text(struct db_row *r, int i);	/* NULL when NULL */
long long db_int(struct db_row *r, int i);
const unsigned char *db_blob(struct db_row *r, int i, size_t *len);
int db_is_null(struct db_row *r, int i);
/* Row callbacks: the first row's first column (text copied), then stop. */
int db_first_text(struct db_row *r, void *char_pp);
int db_first_int(struct db_row *r, void *long_long_p);

/*
 * Open target (a path or a URL); create: make a new SQLite file (a
 * PostgreSQL database must exist: the schema is made in it).
 */
struct db *db_open(const char *target, int create);
void db_close(struct db *db);

/* Does target name a server (a URL), not a file? */
int db_target_is_url(const char *target);

/* "sqlite" or "postgresql". */
const char *db_engine(const struct db *db);
/* 1 if the store was opened to be read only (it cannot be written here). */
int db_read_only(const struct db *db);

/*
 * The database's clock, ms since the epoch: what every worker on the store
 * times leases and turns by, whatever its own clock says (SQLite's is this
 * machine's, which all its workers share).
 */
int db_clock_ms(struct db *db, long long *ms);
/*
 * A server's store whose connection was lost (PostgreSQL stopped or
 * restarted): every statement fails until db_reconnect() succeeds (0;
 * -1, quietly, while the server is still away).  A transaction open then
 * is gone.  A file's store is never lost.
 */
int db_lost(struct db *db);
int db_reconnect(struct db *db);

/* Statements without parameters or rows, ';'-separated. */
int db_exec(struct db *db, const char *sql);

/*
 * Run sql with args and call row() on each result row: 0 goes on, 1
 * stops, -1 (after error()) fails.  what says what failed ("cannot
 * record a check").  Each statement is prepared once per connection
 * and kept, keyed by its text.
 */
int db_query(struct db *db, const char *sql, const struct db_arg *args,
	     int nargs, const char *what,
	     int (*row)(struct db_row *r, void *data), void *data);

/*
 * What a SELECT of rows to claim ends with: " FOR UPDATE SKIP LOCKED"
 * where writers run side by side (PostgreSQL), "" where the writer holds
 * the whole store until COMMIT (SQLite's BEGIN IMMEDIATE).
 */
const char *db_skip_locked(const struct db *db);

/* BEGIN as the engine wants it for one writer at a time; COMMIT. */
int db_begin(struct db *db);

/* The engine's schema text for CREATE ... IF NOT EXISTS. */
const char *db_schema(const struct db *db);

/* Rows changed by the last statement db_query() ran. */
long long db_changes(struct db *db);

/*
 * Bring a store the engine made before schema 3 up to it, its schema
 * made whole (SQLite only: PostgreSQL stores begin at 3).  from is the
 * schema it says it has.
 */
int db_migrate_legacy(struct db *db, const char *from);

/*
 * A column a later linkmend added, added to a store that lacks it (no
 * schema version of its own: a store of an older build gains it on
 * open).  1 when the table has it now, 0 when it has not and the store
 * is read only, -1 after error().
 */
int db_add_column(struct db *db, const char *table, const char *column,
		  const char *type);

#endif
