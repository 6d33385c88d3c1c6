// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The SQLite engine (db.h): one file, WAL, one writer at a time (BEGIN
 * IMMEDIATE), statements kept prepared.  The only file that includes
 * sqlite3.h.  Also the migrations of stores made before schema 3, which
 * only this engine ever wrote.
 */
#include <errno.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../lib/strbuf.h"
#include "../lib/strmap.h"
#include "../lib/usage.h"
#include "../lib/vocab.h"
#include "../lib/xalloc.h"
#include "db.h"
#include "engine.h"
#include "store.h"

struct db_sqlite {
	struct db base;
	sqlite3 *h;
	struct strmap stmts;	/* sql -> sqlite3_stmt */
	long long changes;
};

struct db_row {
	const struct db_ops *ops;
	sqlite3_stmt *s;
};

#define SQ(db) ((struct db_sqlite *)(db))

static const char schema[] =
	"CREATE TABLE IF NOT EXISTS meta("
	"  key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;"
	"CREATE TABLE IF NOT EXISTS tree("
	"  id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE,"
	"  version TEXT NOT NULL DEFAULT '', root TEXT,"
	"  scanned_at INTEGER NOT NULL DEFAULT 0);"
	/*
	 * What the last scan saw, one row per directory: a table of 80,000
	 * file rows costs more to write than the scan that fills it.  files
	 * is a run of entries: name, NUL, size and mtime_ns as 8-byte
	 * little-endian integers.
	 */
	"CREATE TABLE IF NOT EXISTS dir("
	"  tree_id INTEGER NOT NULL, path TEXT NOT NULL, files BLOB NOT NULL,"
	"  PRIMARY KEY(tree_id, path)) WITHOUT ROWID;"
	"CREATE TABLE IF NOT EXISTS url("
	"  id INTEGER PRIMARY KEY, url TEXT NOT NULL UNIQUE,"
	"  host TEXT NOT NULL, scheme TEXT NOT NULL);"
	"CREATE TABLE IF NOT EXISTS occurrence("
	"  tree_id INTEGER NOT NULL,"
	"  path TEXT NOT NULL, start INTEGER NOT NULL, \"end\" INTEGER NOT NULL,"
	"  line INTEGER NOT NULL, col INTEGER NOT NULL,"
	"  url_id INTEGER NOT NULL REFERENCES url(id),"
	"  text TEXT NOT NULL, context TEXT NOT NULL, flags INTEGER NOT NULL,"
	"  owner TEXT, owner_why TEXT, purpose TEXT, purpose_why TEXT,"
	"  PRIMARY KEY(tree_id, path, start)) WITHOUT ROWID;"
	"CREATE TABLE IF NOT EXISTS resolution("
	"  tree_id INTEGER NOT NULL,"
	"  url_id INTEGER NOT NULL REFERENCES url(id), path TEXT NOT NULL,"
	"  start INTEGER NOT NULL, kind TEXT NOT NULL, replacement TEXT,"
	"  edit TEXT,"
	"  evidence TEXT NOT NULL, at INTEGER NOT NULL,"
	"  applied INTEGER NOT NULL DEFAULT 0,"
	"  PRIMARY KEY(tree_id, url_id, path, start)) WITHOUT ROWID;"
	"CREATE TABLE IF NOT EXISTS lookup("
	"  key TEXT PRIMARY KEY, at INTEGER NOT NULL, body TEXT NOT NULL)"
	"  WITHOUT ROWID;"
	/* The history of every check: nothing finished is ever lost. */
	"CREATE TABLE IF NOT EXISTS checks("
	"  url_id INTEGER NOT NULL REFERENCES url(id), at INTEGER NOT NULL,"
	"  verdict TEXT NOT NULL, status INTEGER NOT NULL,"
	"  curl_code INTEGER NOT NULL, final_url TEXT, chain TEXT NOT NULL,"
	"  detail TEXT NOT NULL, digest TEXT NOT NULL, ms INTEGER NOT NULL,"
	"  PRIMARY KEY(url_id, at)) WITHOUT ROWID;"
	/*
	 * The project's own copies (linkmend archive): one row per response
	 * or revisit record, with where it lies; end is where the record
	 * pair (request, response) ends, so that a file a crash left open
	 * can be cut after its last recorded pair.
	 */
	"CREATE TABLE IF NOT EXISTS capture("
	"  dir TEXT NOT NULL, file TEXT NOT NULL, \"offset\" INTEGER NOT NULL,"
	"  length INTEGER NOT NULL, \"end\" INTEGER NOT NULL,"
	"  url_id INTEGER NOT NULL, url TEXT NOT NULL, type TEXT NOT NULL,"
	"  record_id TEXT NOT NULL, date TEXT NOT NULL, ts TEXT NOT NULL,"
	"  status INTEGER NOT NULL, mime TEXT NOT NULL,"
	"  payload_digest TEXT NOT NULL, PRIMARY KEY(dir, file, \"offset\"))"
	"  WITHOUT ROWID;"
	/* Workers' leases on hosts (check --worker); see store.h. */
	"CREATE TABLE IF NOT EXISTS host("
	"  host TEXT PRIMARY KEY, owner TEXT,"
	"  until_ms INTEGER NOT NULL DEFAULT 0,"
	"  last_ms INTEGER NOT NULL DEFAULT 0,"
	"  next_s INTEGER NOT NULL DEFAULT 0,"
	"  resolve_s INTEGER NOT NULL DEFAULT 0,"
	"  archive_s INTEGER NOT NULL DEFAULT 0, turn_by TEXT,"
	"  turn_ms INTEGER NOT NULL DEFAULT 0,"
	"  turn_until_ms INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;"
	/*
	 * What became of each edit series proposed (store.h, struct
	 * store_fate) and the edits refused: a link in a file, by its old
	 * and new URL, never by its line, which moves.
	 */
	"CREATE TABLE IF NOT EXISTS fate("
	"  tree_id INTEGER NOT NULL, path TEXT NOT NULL,"
	"  old_url TEXT NOT NULL, new_url TEXT NOT NULL,"
	"  line INTEGER NOT NULL, line_after TEXT NOT NULL,"
	"  line_was TEXT, prev_line TEXT, next_line TEXT, prior_url TEXT,"
	"  state TEXT NOT NULL, how TEXT, patch TEXT, dir TEXT,"
	"  written_at INTEGER NOT NULL DEFAULT 0,"
	"  sent_at INTEGER NOT NULL DEFAULT 0, message_id TEXT,"
	"  first_id TEXT, via TEXT, version INTEGER NOT NULL DEFAULT 1,"
	"  seen_at INTEGER NOT NULL DEFAULT 0,"
	"  PRIMARY KEY(tree_id, path, old_url, new_url)) WITHOUT ROWID;"
	"CREATE TABLE IF NOT EXISTS refusal("
	"  tree_id INTEGER NOT NULL, path TEXT NOT NULL,"
	"  old_url TEXT NOT NULL, new_url TEXT NOT NULL,"
	"  reason TEXT NOT NULL, at INTEGER NOT NULL,"
	"  PRIMARY KEY(tree_id, path, old_url, new_url)) WITHOUT ROWID;"
	/*
	 * What a host answered for a request about all of its paths (its
	 * root, a random path), by origin and kind (store.h, struct
	 * store_host_answer): asked again once it is stale.
	 */
	"CREATE TABLE IF NOT EXISTS host_answer("
	"  origin TEXT NOT NULL, kind TEXT NOT NULL, at INTEGER NOT NULL,"
	"  status INTEGER NOT NULL, location TEXT, title TEXT,"
	"  PRIMARY KEY(origin, kind)) WITHOUT ROWID;"
	/*
	 * get_maintainer.pl's answers, kept for the next series (store.h,
	 * struct store_routing): key is a digest of the rest of the key,
	 * which may be longer than an index row may be on PostgreSQL.
	 */
	"CREATE TABLE IF NOT EXISTS routing("
	"  tree_id INTEGER NOT NULL, key TEXT NOT NULL,"
	"  revision TEXT NOT NULL, files TEXT NOT NULL,"
	"  keywords TEXT NOT NULL, options TEXT NOT NULL,"
	"  answer TEXT NOT NULL, at INTEGER NOT NULL,"
	"  PRIMARY KEY(tree_id, key)) WITHOUT ROWID;"
	"CREATE INDEX IF NOT EXISTS occurrence_url ON occurrence(url_id);"
	"CREATE INDEX IF NOT EXISTS url_host ON url(host);"
	"CREATE INDEX IF NOT EXISTS host_next ON host(next_s);"
	"CREATE INDEX IF NOT EXISTS fate_patch ON fate(patch);";

/* Whichever read met a damaged page first, the store is damaged. */
static int sq_damaged(struct db_sqlite *d)
{
	if ((sqlite3_errcode(d->h) & 0xff) != SQLITE_CORRUPT)
		return 0;
	error("store '%s' is damaged (%s): move it away and scan again",
	      d->base.name, sqlite3_errmsg(d->h));
	return 1;
}

static int sq_error(struct db_sqlite *d, const char *what)
{
	if (sq_damaged(d))
		return -1;
	return error("store '%s': %s: %s", d->base.name, what,
		     sqlite3_errmsg(d->h));
}

static int mkdir_parent(const char *path)
{
	char *dir = xstrdup(path), *slash = strrchr(dir, '/');
	int ret = 0;

	if (slash && slash != dir) {
		*slash = '\0';
		if (mkdir(dir, 0777) && errno != EEXIST)
			ret = error_errno("cannot create '%s'", dir);
		else if (!strcmp(slash + 1, STORE_FILE)) {
			/* Keep the store out of git status in a checkout. */
			char *ign = xstrfmt("%s/.gitignore", dir);
			int fd = open(ign, O_WRONLY | O_CREAT | O_EXCL, 0666);

			if (fd >= 0) {
				if (write(fd, "*\n", 2) != 2)
					ret = error_errno("cannot write '%s'", ign);
				close(fd);
			}
			free(ign);
		}
	}
	free(dir);
	return ret;
}

static int sq_exec(struct db *db, const char *sql)
{
	struct db_sqlite *d = SQ(db);
	char *msg = NULL;

	if (sqlite3_exec(d->h, sql, NULL, NULL, &msg) != SQLITE_OK) {
		if (!sq_damaged(d))
			error("store '%s': %s", db->name,
			      msg ? msg : "failed");
		sqlite3_free(msg);
		return -1;
	}
	return 0;
}

static void sq_close(struct db *db)
{
	struct db_sqlite *d = SQ(db);
	struct strmap_entry *e;

	strmap_for_each(&d->stmts, e)
		sqlite3_finalize(e->value);
	strmap_clear(&d->stmts, NULL);
	if (d->h && sqlite3_close(d->h) != SQLITE_OK)
		sq_error(d, "cannot close");
	free(db->name);
	free(d);
}

static int sq_query(struct db *db, const char *sql,
		    const struct db_arg *args, int nargs, const char *what,
		    int (*row)(struct db_row *r, void *data), void *data)
{
	struct db_sqlite *d = SQ(db);
	void **slot = strmap_put(&d->stmts, sql);
	sqlite3_stmt *own = NULL;
	struct db_row r;
	int rc, ret = 0, i;

	if (!*slot && sqlite3_prepare_v2(d->h, sql, -1,
					 (sqlite3_stmt **)slot, NULL))
		return sq_error(d, what);
	/* The same query from a row callback of its own: a statement of its own. */
	if (sqlite3_stmt_busy(*slot) &&
	    sqlite3_prepare_v2(d->h, sql, -1, &own, NULL))
		return sq_error(d, what);
	r.ops = db->ops;
	r.s = own ? own : *slot;
	for (i = 0; i < nargs; i++) {
		const struct db_arg *a = &args[i];

		switch (a->type) {
		case DB_NULL:
			sqlite3_bind_null(r.s, i + 1);
			break;
		case DB_TEXT:
			sqlite3_bind_text(r.s, i + 1, a->s, -1, SQLITE_STATIC);
			break;
		case DB_INT:
			sqlite3_bind_int64(r.s, i + 1, a->i);
			break;
		case DB_BLOB:
			sqlite3_bind_blob(r.s, i + 1, a->s, (int)a->len,
					  SQLITE_STATIC);
			break;
		}
	}
	while (!ret && (rc = sqlite3_step(r.s)) == SQLITE_ROW)
		ret = row ? row(&r, data) : 0;
	if (!ret && rc != SQLITE_DONE)
		ret = sq_error(d, what);
	d->changes = sqlite3_changes64(d->h);
	sqlite3_reset(r.s);
	sqlite3_clear_bindings(r.s);
	sqlite3_finalize(own);
	return ret < 0 ? -1 : 0;
}

static int sq_begin(struct db *db)
{
	return sq_exec(db, "BEGIN IMMEDIATE");
}

static long long sq_changes(struct db *db)
{
	return SQ(db)->changes;
}

static const char *sq_text(struct db_row *r, int i)
{
	return (const char *)sqlite3_column_text(r->s, i);
}

static long long sq_int(struct db_row *r, int i)
{
	return sqlite3_column_int64(r->s, i);
}

/*
 * db_first_int() and db_first_text(), in the engine itself: an engine
 * calls nothing in db.c, which calls the engines.
 */
static int sq_first_int(struct db_row *r, void *long_long_p)
{
	*(long long *)long_long_p = sq_int(r, 0);
	return 1;
}

static int sq_first_text(struct db_row *r, void *char_pp)
{
	if (sq_text(r, 0))
		*(char **)char_pp = xstrdup(sq_text(r, 0));
	return 1;
}

static const unsigned char *sq_blob(struct db_row *r, int i, size_t *len)
{
	const unsigned char *b = sqlite3_column_blob(r->s, i);

	*len = (size_t)sqlite3_column_bytes(r->s, i);
	return b;
}

static int sq_is_null(struct db_row *r, int i)
{
	return sqlite3_column_type(r->s, i) == SQLITE_NULL;
}

/* Schema 1 kept flags as names ("wrapped,https", "-"): now bits. */
static void sql_flags_parse(sqlite3_context *ctx, int argc,
			    sqlite3_value **argv)
{
	const unsigned char *t = sqlite3_value_text(argv[0]);

	(void)argc;
	sqlite3_result_int64(ctx, t ? flags_parse((const char *)t) : 0);
}

static int migrate_1(struct db_sqlite *d)
{
	char *has_edit = NULL;
	int ret;

	if (sqlite3_create_function(d->h, "linkmend_flags", 1,
				    SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
				    sql_flags_parse, NULL, NULL))
		return sq_error(d, "cannot migrate");
	if (sq_exec(&d->base, "UPDATE occurrence SET flags ="
		    " linkmend_flags(flags) WHERE typeof(flags) = 'text'") ||
	    sq_query(&d->base, "SELECT count(*) FROM"
		     " pragma_table_info('resolution') WHERE name = 'edit'",
		     NULL, 0, "cannot migrate", sq_first_text, &has_edit))
		return -1;
	/* Resolutions of schema 1 have no edit: resolve writes them anew. */
	ret = has_edit && strcmp(has_edit, "0") ? 0 :
	      sq_exec(&d->base, "ALTER TABLE resolution ADD COLUMN edit TEXT");
	free(has_edit);
	return ret;
}

/*
 * Schema 3 keeps many trees in one store: the tree's rows gain tree_id
 * (in their keys, so two versions of one tree can share paths) and the
 * store's one tree becomes tree 1, named after its directory.  Its
 * settings (root, scan signature, a fix under way) move to keys of that
 * tree ("tree/1/root").
 */
static const char migrate_2_rename[] =
	"ALTER TABLE dir RENAME TO dir2;"
	"ALTER TABLE occurrence RENAME TO occurrence2;"
	"ALTER TABLE resolution RENAME TO resolution2;"
	"DROP INDEX IF EXISTS occurrence_url;";

/* After the schema made the new tables: the rows moved into tree 1. */
static const char migrate_2_copy[] =
	"INSERT INTO dir SELECT 1, path, files FROM dir2;"
	"INSERT INTO occurrence(tree_id, path, start, \"end\", line, col,"
	"  url_id, text, context, flags) SELECT 1, path, start, \"end\", line,"
	"  col, url_id, text, context, flags FROM occurrence2;"
	"INSERT INTO resolution SELECT 1, url_id, path, start, kind,"
	"  replacement, edit, evidence, at, applied FROM resolution2;"
	"DROP TABLE dir2; DROP TABLE occurrence2; DROP TABLE resolution2;"
	"INSERT INTO tree(id, name, root) SELECT 1, 'tree',"
	"  (SELECT value FROM meta WHERE key = 'root')"
	"  WHERE EXISTS (SELECT 1 FROM meta WHERE key = 'root')"
	"  OR EXISTS (SELECT 1 FROM dir);"
	"UPDATE meta SET key = 'tree/1/' || key WHERE key != 'schema'"
	"  AND EXISTS (SELECT 1 FROM tree WHERE id = 1);";

static int sq_migrate_legacy(struct db *db, const char *from)
{
	struct db_sqlite *d = SQ(db);

	if (!strcmp(from, "1") && migrate_1(d))
		return -1;
	/* The old tables step aside; the schema makes the new ones. */
	return sq_exec(db, migrate_2_rename) || sq_exec(db, schema) ||
	       sq_exec(db, migrate_2_copy) ? -1 : 0;
}

/* SQLite has no ADD COLUMN IF NOT EXISTS: its table's columns say. */
static int sq_add_column(struct db *db, const char *table,
			 const char *column, const char *type)
{
	char *sql = xstrfmt("SELECT count(*) FROM pragma_table_info('%s')"
			    " WHERE name = '%s'", table, column);
	long long n = -1;
	int ret;

	ret = sq_query(db, sql, NULL, 0, "cannot read the schema",
		       sq_first_int, &n);
	free(sql);
	if (ret || n < 0)
		return -1;
	if (n)
		return 1;
	if (db->read_only)
		return 0;
	sql = xstrfmt("ALTER TABLE %s ADD COLUMN %s %s", table, column, type);
	ret = sq_exec(db, sql);
	free(sql);
	return ret ? -1 : 1;
}

static const char *sq_schema(const struct db *db)
{
	(void)db;
	return schema;
}

/* The machine's clock: every worker on a file's store shares it. */
static int sq_clock_ms(struct db *db, long long *ms)
{
	struct timespec ts;

	(void)db;
	clock_gettime(CLOCK_REALTIME, &ts);
	*ms = (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
	return 0;
}

static const struct db_ops sqlite_ops = {
	.engine = "sqlite",
	.skip_locked = "",
	.close = sq_close,
	.exec = sq_exec,
	.query = sq_query,
	.begin = sq_begin,
	.changes = sq_changes,
	.schema = sq_schema,
	.migrate_legacy = sq_migrate_legacy,
	.add_column = sq_add_column,
	.text = sq_text,
	.integer = sq_int,
	.blob = sq_blob,
	.is_null = sq_is_null,
	.clock_ms = sq_clock_ms,
};

/*
 * The application_id linkmend's stores carry ("LkMd"), so that no
 * other program's database is taken for one and written to.
 */
#define LINKMEND_APPLICATION_ID 1282100580	/* 0x4c6b4d64 */
#define DB_STR_(x) #x
#define DB_STR(x) DB_STR_(x)

/* The one integer sql answers, or -1 after error(). */
static long long sq_one_int(struct db_sqlite *d, const char *sql)
{
	long long v = -1;

	return sq_query(&d->base, sql, NULL, 0, "cannot read", sq_first_int,
			&v) ? -1 : v;
}

/*
 * 0 if the database is linkmend's (marked, or a store made before the
 * mark, or empty: then marked now); -1 after error() if it is another
 * program's, which is left as it is.
 */
static int sq_ours(struct db_sqlite *d)
{
	long long app = sq_one_int(d, "PRAGMA application_id"), tables, meta;

	if (app < 0)
		return -1;
	if (app == LINKMEND_APPLICATION_ID)
		return 0;
	tables = sq_one_int(d, "SELECT count(*) FROM sqlite_master"
			" WHERE type = 'table'");
	meta = sq_one_int(d, "SELECT count(*) FROM sqlite_master"
		      " WHERE type = 'table' AND name = 'meta'");
	if (tables < 0 || meta < 0)
		return -1;
	if (app || (tables && !meta) ||
	    (meta && sq_one_int(d, "SELECT count(*) FROM meta"
			       " WHERE key = 'schema'") < 1))
		return error("'%s' is another program's database, not a "
			     "linkmend store: it is left as it is (give "
			     "another --db)", d->base.name);
	/* Best effort: a store on a read-only mount stays unmarked. */
	sqlite3_exec(d->h, "PRAGMA application_id = "
		     DB_STR(LINKMEND_APPLICATION_ID), NULL, NULL, NULL);
	return 0;
}

/*
 * 1 if the store can only be read here: its file or its directory (where
 * the WAL's files go) is not writable, as on a read-only mount.
 */
static int read_only_here(const char *path)
{
	char *dir = xstrdup(path), *slash = strrchr(dir, '/');
	int ro;

	if (slash == dir)
		slash[1] = '\0';
	else if (slash)
		*slash = '\0';
	ro = access(path, W_OK) || access(slash ? dir : ".", W_OK);
	free(dir);
	return ro;
}

/* "file:PATH?immutable=1", PATH's URI characters encoded. */
static char *immutable_uri(const char *path)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addstr(&sb, "file:");
	for (; *path; path++)
		if (strchr("%?#", *path))
			strbuf_addf(&sb, "%%%02x", (unsigned char)*path);
		else
			strbuf_addch(&sb, *path);
	strbuf_addstr(&sb, "?immutable=1");
	return strbuf_detach(&sb, NULL);
}

/*
 * A damaged store is said at once, not found by whichever command
 * happens to read a damaged page (PRAGMA quick_check: the b-trees and
 * their pages, without the slower index-to-table check).
 */
static int sq_check_pages(struct db_sqlite *d)
{
	sqlite3_stmt *s;
	const unsigned char *v;
	int ret = 0;

	if (sqlite3_prepare_v2(d->h, "PRAGMA quick_check(1)", -1, &s,
			       NULL) != SQLITE_OK)
		return sq_error(d, "cannot check");
	if (sqlite3_step(s) != SQLITE_ROW)
		ret = sq_error(d, "cannot check");
	else if ((v = sqlite3_column_text(s, 0)) && strcmp((const char *)v, "ok"))
		ret = error("store '%s' is damaged (%s): move it away and scan "
			    "again", d->base.name, v);
	sqlite3_finalize(s);
	return ret;
}

struct db *db_open_sqlite(const char *path, int create)
{
	struct db_sqlite *d = xcalloc(1, sizeof(*d));
	int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, ro = 0;
	char *uri = NULL;

	d->base.ops = &sqlite_ops;
	d->base.name = xstrdup(path);
	if (create) {
		if (mkdir_parent(path))
			goto fail;
		flags |= SQLITE_OPEN_CREATE;
	} else if (access(path, F_OK)) {
		error_errno("cannot open the store '%s'", path);
		goto fail;
	}
	/*
	 * A store that cannot be written here is opened to be read: the
	 * commands that only read (report) work, a write fails saying so.
	 */
	if (!create && read_only_here(path)) {
		ro = d->base.read_only = 1;
		uri = immutable_uri(path);
		flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI |
			SQLITE_OPEN_NOMUTEX;
	}
	if (sqlite3_open_v2(uri ? uri : path, &d->h, flags, NULL)) {
		sq_error(d, "cannot open");
		goto fail;
	}
	sqlite3_busy_timeout(d->h, 10000);
	/* Reading the schema fails at once on a file that is not a database. */
	if (sq_exec(&d->base, "SELECT count(*) FROM sqlite_master") ||
	    sq_ours(d) || sq_check_pages(d) ||
	    (!ro && sq_exec(&d->base, "PRAGMA journal_mode=WAL;"
			    " PRAGMA synchronous=NORMAL;"
			    " PRAGMA foreign_keys=OFF;")))
		goto fail;
	free(uri);
	return &d->base;
fail:
	free(uri);
	sq_close(&d->base);
	return NULL;
}
