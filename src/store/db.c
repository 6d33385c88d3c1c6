// SPDX-License-Identifier: GPL-2.0-or-later
/* db.h: the dispatch to the engine a target names. */
#include <string.h>

#include "../lib/xalloc.h"
#include "db.h"
#include "engine.h"

static int is_pg_url(const char *target)
{
	return !strncmp(target, "postgresql://", 13) ||
	       !strncmp(target, "postgres://", 11);
}

int db_target_is_url(const char *target)
{
	return is_pg_url(target);
}

struct db *db_open(const char *target, int create)
{
	return is_pg_url(target) ? db_open_pg(target) :
	       db_open_sqlite(target, create);
}

void db_close(struct db *db)
{
	if (db)
		db->ops->close(db);
}

const char *db_engine(const struct db *db)
{
	return db->ops->engine;
}

int db_clock_ms(struct db *db, long long *ms)
{
	return db->ops->clock_ms(db, ms);
}

int db_lost(struct db *db)
{
	return db->ops->lost && db->ops->lost(db);
}

int db_reconnect(struct db *db)
{
	return db->ops->reconnect ? db->ops->reconnect(db) : -1;
}

int db_read_only(const struct db *db)
{
	return db->read_only;
}

const char *db_skip_locked(const struct db *db)
{
	return db->ops->skip_locked;
}

int db_exec(struct db *db, const char *sql)
{
	return db->ops->exec(db, sql);
}

int db_query(struct db *db, const char *sql, const struct db_arg *args,
	     int nargs, const char *what,
	     int (*row)(struct db_row *r, void *data), void *data)
{
	return db->ops->query(db, sql, args, nargs, what, row, data);
}

int db_begin(struct db *db)
{
	return db->ops->begin(db);
}

long long db_changes(struct db *db)
{
	return db->ops->changes(db);
}

const char *db_schema(const struct db *db)
{
	return db->ops->schema(db);
}

int db_migrate_legacy(struct db *db, const char *from)
{
	return db->ops->migrate_legacy(db, from);
}

int db_add_column(struct db *db, const char *table, const char *column,
		  const char *type)
{
	return db->ops->add_column(db, table, column, type);
}

#define OPS(r) (((struct db_row_head *)(r))->ops)

const char *db_text(struct db_row *r, int i)
{
	return OPS(r)->text(r, i);
}

long long db_int(struct db_row *r, int i)
{
	return OPS(r)->integer(r, i);
}

const unsigned char *db_blob(struct db_row *r, int i, size_t *len)
{
	return OPS(r)->blob(r, i, len);
}

int db_is_null(struct db_row *r, int i)
{
	return OPS(r)->is_null(r, i);
}

int db_first_text(struct db_row *r, void *char_pp)
{
	char **v = char_pp;

	if (db_text(r, 0))
		*v = xstrdup(db_text(r, 0));
	return 1;
}

int db_first_int(struct db_row *r, void *long_long_p)
{
	*(long long *)long_long_p = db_int(r, 0);
	return 1;
}
