// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../lib/path.h"
#include "../lib/vocab.h"
#include "../lib/strbuf.h"
#include "../lib/strmap.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "store.h"

/*
 * 2: occurrence.flags is the scanner's bits (lib/vocab.h), not names;
 * resolution.edit is the replacement escaped for its context.
 */
#define STORE_SCHEMA_VERSION "2"

enum stmt_id {
	ST_PUT_DIR,
	ST_DEL_DIR,
	ST_DEL_OCC,
	ST_PUT_URL,
	ST_PUT_OCC,
	ST_PUT_CHECK,
	ST__COUNT
};

static const char *const stmt_sql[ST__COUNT] = {
	[ST_PUT_DIR] = "INSERT OR REPLACE INTO dir(path, files) VALUES (?1, ?2)",
	[ST_DEL_DIR] = "DELETE FROM dir WHERE path = ?1",
	[ST_DEL_OCC] = "DELETE FROM occurrence WHERE path = ?1",
	[ST_PUT_URL] = "INSERT INTO url(url, host, scheme) VALUES (?1, ?2, ?3)",
	[ST_PUT_OCC] = "INSERT INTO occurrence(path, start, end, "
		       "line, col, url_id, text, context, flags) "
		       "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
	[ST_PUT_CHECK] = "INSERT OR REPLACE INTO checks(url_id, at, verdict, "
			 "status, curl_code, final_url, chain, detail, digest, ms) "
			 "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
};

struct store {
	sqlite3 *db;
	char *path;
	sqlite3_stmt *stmt[ST__COUNT];
	/* url -> id + 1, loaded on first use: saves a query per occurrence. */
	struct strmap url_ids;
	int url_ids_loaded;
};

static const char schema[] =
	"CREATE TABLE IF NOT EXISTS meta("
	"  key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;"
	/*
	 * What the last scan saw, one row per directory: a table of 80,000
	 * file rows costs more to write than the scan that fills it.  files
	 * is a run of entries: name, NUL, size and mtime_ns as 8-byte
	 * little-endian integers.
	 */
	"CREATE TABLE IF NOT EXISTS dir("
	"  path TEXT PRIMARY KEY, files BLOB NOT NULL) WITHOUT ROWID;"
	"CREATE TABLE IF NOT EXISTS url("
	"  id INTEGER PRIMARY KEY, url TEXT NOT NULL UNIQUE,"
	"  host TEXT NOT NULL, scheme TEXT NOT NULL);"
	"CREATE TABLE IF NOT EXISTS occurrence("
	"  path TEXT NOT NULL, start INTEGER NOT NULL, end INTEGER NOT NULL,"
	"  line INTEGER NOT NULL, col INTEGER NOT NULL,"
	"  url_id INTEGER NOT NULL REFERENCES url(id),"
	"  text TEXT NOT NULL, context TEXT NOT NULL, flags INTEGER NOT NULL,"
	"  PRIMARY KEY(path, start)) WITHOUT ROWID;"
	"CREATE TABLE IF NOT EXISTS resolution("
	"  url_id INTEGER NOT NULL REFERENCES url(id), path TEXT NOT NULL,"
	"  start INTEGER NOT NULL, kind TEXT NOT NULL, replacement TEXT,"
	"  edit TEXT,"
	"  evidence TEXT NOT NULL, at INTEGER NOT NULL,"
	"  applied INTEGER NOT NULL DEFAULT 0,"
	"  PRIMARY KEY(url_id, path, start)) WITHOUT ROWID;"
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
	"  dir TEXT NOT NULL, file TEXT NOT NULL, offset INTEGER NOT NULL,"
	"  length INTEGER NOT NULL, end INTEGER NOT NULL,"
	"  url_id INTEGER NOT NULL, url TEXT NOT NULL, type TEXT NOT NULL,"
	"  record_id TEXT NOT NULL, date TEXT NOT NULL, ts TEXT NOT NULL,"
	"  status INTEGER NOT NULL, mime TEXT NOT NULL,"
	"  payload_digest TEXT NOT NULL, PRIMARY KEY(dir, file, offset))"
	"  WITHOUT ROWID;"
	"CREATE INDEX IF NOT EXISTS occurrence_url ON occurrence(url_id);";

static int db_error(struct store *st, const char *what)
{
	return error("store '%s': %s: %s", st->path, what,
		     sqlite3_errmsg(st->db));
}

static int exec(struct store *st, const char *sql)
{
	char *msg = NULL;

	if (sqlite3_exec(st->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
		error("store '%s': %s", st->path, msg ? msg : "failed");
		sqlite3_free(msg);
		return -1;
	}
	return 0;
}

static int mkdir_parent(const char *path)
{
	char *dir = xstrdup(path), *slash = strrchr(dir, '/');
	int ret = 0;

	if (slash && slash != dir) {
		*slash = '\0';
		if (mkdir(dir, 0777) && errno != EEXIST)
			ret = error_errno("cannot create '%s'", dir);
		else if (!strcmp(slash + 1, "linkmend.db")) {
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

/*
 * Run sql, its ?1, ?2 ... bound to the texts of args (NULL-terminated, or
 * NULL), and call row() on each result row: row() returns 0 to go on, 1
 * to stop, -1 (after error()) to fail.  0, or -1 after an error naming
 * what could not be read.
 */
static int each_row(struct store *st, const char *sql,
		    const char *const *args, const char *what,
		    int (*row)(sqlite3_stmt *s, void *data), void *data)
{
	sqlite3_stmt *s;
	int rc, r = 0, i;

	if (sqlite3_prepare_v2(st->db, sql, -1, &s, NULL))
		return db_error(st, what);
	for (i = 0; args && args[i]; i++)
		sqlite3_bind_text(s, i + 1, args[i], -1, SQLITE_STATIC);
	while (!r && (rc = sqlite3_step(s)) == SQLITE_ROW)
		r = row(s, data);
	if (!r && rc != SQLITE_DONE)
		r = db_error(st, what);
	sqlite3_finalize(s);
	return r < 0 ? -1 : 0;
}

/* A column's text, or NULL: readers skip rows missing what they need. */
static const char *text(sqlite3_stmt *s, int i)
{
	return (const char *)sqlite3_column_text(s, i);
}

/* What a public store_each_*() reader hands each row's struct to. */
struct reader {
	struct store *st;
	void *cb;
	void *data;
	const void *extra;
	struct strbuf buf;
};

#define READER(st, cb, data) { (st), (void *)(cb), (data), NULL, STRBUF_INIT }

/* The first row's first column, copied; then stop. */
static int first_text(sqlite3_stmt *s, void *data)
{
	char **v = data;

	if (text(s, 0))
		*v = xstrdup(text(s, 0));
	return 1;
}

/* Schema 1 kept flags as names ("wrapped,https", "-"): now bits. */
static void sql_flags_parse(sqlite3_context *ctx, int argc,
			    sqlite3_value **argv)
{
	const unsigned char *t = sqlite3_value_text(argv[0]);

	(void)argc;
	sqlite3_result_int64(ctx, t ? flags_parse((const char *)t) : 0);
}

static int migrate_1(struct store *st)
{
	char *has_edit = NULL;
	int ret;

	if (sqlite3_create_function(st->db, "linkmend_flags", 1,
				    SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
				    sql_flags_parse, NULL, NULL))
		return db_error(st, "cannot migrate");
	if (exec(st, "UPDATE occurrence SET flags = linkmend_flags(flags)"
		 " WHERE typeof(flags) = 'text'") ||
	    each_row(st, "SELECT count(*) FROM pragma_table_info('resolution')"
		     " WHERE name = 'edit'", NULL, "cannot migrate", first_text,
		     &has_edit))
		return -1;
	/* Resolutions of schema 1 have no edit: resolve writes them anew. */
	ret = has_edit && strcmp(has_edit, "0") ? 0 :
	      exec(st, "ALTER TABLE resolution ADD COLUMN edit TEXT");
	free(has_edit);
	return ret;
}

static int check_store(struct store *st)
{
	char *v;

	/* Reading the schema fails at once on a file that is not a database. */
	if (exec(st, "SELECT count(*) FROM sqlite_master"))
		return -1;
	if (exec(st, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
		 "PRAGMA foreign_keys=OFF;") || exec(st, schema))
		return -1;
	v = store_get_meta(st, "schema");
	if (v && !strcmp(v, "1") && migrate_1(st)) {
		free(v);
		return -1;
	}
	if (!v || !strcmp(v, "1")) {
		if (store_set_meta(st, "schema", STORE_SCHEMA_VERSION)) {
			free(v);
			return -1;
		}
	} else if (strcmp(v, STORE_SCHEMA_VERSION)) {
		error("store '%s': schema version %s, expected %s", st->path,
		      v, STORE_SCHEMA_VERSION);
		free(v);
		return -1;
	}
	free(v);
	return 0;
}

static struct store *open_store(const char *path, int create)
{
	struct store *st = xcalloc(1, sizeof(*st));
	int i, flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX;

	st->path = xstrdup(path);
	if (create) {
		if (mkdir_parent(path))
			goto fail;
		flags |= SQLITE_OPEN_CREATE;
	} else if (access(path, F_OK)) {
		error_errno("cannot open the store '%s'", path);
		goto fail;
	}
	if (sqlite3_open_v2(path, &st->db, flags, NULL)) {
		db_error(st, "cannot open");
		goto fail;
	}
	sqlite3_busy_timeout(st->db, 10000);
	if (check_store(st))
		goto fail;
	for (i = 0; i < ST__COUNT; i++)
		if (sqlite3_prepare_v2(st->db, stmt_sql[i], -1, &st->stmt[i],
				       NULL)) {
			db_error(st, "cannot prepare");
			goto fail;
		}
	return st;
fail:
	store_close(st);
	return NULL;
}

struct store *store_open(const char *path)
{
	return open_store(path, 0);
}

struct store *store_create(const char *path)
{
	return open_store(path, 1);
}

int store_close(struct store *st)
{
	int i, ret = 0;

	if (!st)
		return 0;
	for (i = 0; i < ST__COUNT; i++)
		sqlite3_finalize(st->stmt[i]);
	if (st->db && sqlite3_close(st->db) != SQLITE_OK)
		ret = db_error(st, "cannot close");
	strmap_clear(&st->url_ids, NULL);
	free(st->path);
	free(st);
	return ret;
}

int store_begin(struct store *st)
{
	return exec(st, "BEGIN IMMEDIATE");
}

int store_commit(struct store *st)
{
	return exec(st, "COMMIT");
}

int store_rollback(struct store *st)
{
	/* Ids handed out in the transaction are gone with it. */
	strmap_clear(&st->url_ids, NULL);
	st->url_ids_loaded = 0;
	return exec(st, "ROLLBACK");
}

char *store_get_meta(struct store *st, const char *key)
{
	const char *args[] = { key, NULL };
	char *v = NULL;

	if (each_row(st, "SELECT value FROM meta WHERE key = ?1", args,
		     "cannot read settings", first_text, &v))
		return NULL;
	return v;
}

int store_set_meta(struct store *st, const char *key, const char *value)
{
	sqlite3_stmt *s;
	int rc;

	if (sqlite3_prepare_v2(st->db, "INSERT OR REPLACE INTO meta(key, value)"
			       " VALUES (?1, ?2)", -1, &s, NULL))
		return db_error(st, "cannot write settings");
	sqlite3_bind_text(s, 1, key, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 2, value, -1, SQLITE_STATIC);
	rc = sqlite3_step(s);
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : db_error(st, "cannot write settings");
}

static int step_done(struct store *st, sqlite3_stmt *s, const char *what)
{
	int rc = sqlite3_step(s);

	sqlite3_reset(s);
	sqlite3_clear_bindings(s);
	return rc == SQLITE_DONE ? 0 : db_error(st, what);
}

static void put_le64(struct strbuf *sb, long long v)
{
	unsigned char b[8];
	int i;

	for (i = 0; i < 8; i++)
		b[i] = (unsigned char)((unsigned long long)v >> (8 * i));
	strbuf_add(sb, b, 8);
}

static long long get_le64(const unsigned char *b)
{
	unsigned long long v = 0;
	int i;

	for (i = 7; i >= 0; i--)
		v = (v << 8) | b[i];
	return (long long)v;
}

/* One dir row: its run of files, each to the callback. */
static int file_row(sqlite3_stmt *s, void *data)
{
	struct reader *r = data;
	int (*cb)(const struct store_file *, void *) =
		(int (*)(const struct store_file *, void *))r->cb;
	const char *dir = text(s, 0);
	const unsigned char *b = sqlite3_column_blob(s, 1);
	size_t n = (size_t)sqlite3_column_bytes(s, 1), i = 0, base;

	if (!dir)
		return 0;
	strbuf_reset(&r->buf);
	strbuf_addstr(&r->buf, dir);
	if (*dir)
		strbuf_addch(&r->buf, '/');
	base = r->buf.len;
	while (i < n) {
		const unsigned char *nul = memchr(b + i, 0, n - i);
		struct store_file f;

		if (!nul || (size_t)(nul - b) + 17 > n)
			return error("store '%s': directory '%s' has a corrupt "
				     "file list", r->st->path, dir);
		strbuf_setlen(&r->buf, base);
		strbuf_add(&r->buf, b + i, (size_t)(nul - b) - i);
		f.path = r->buf.buf;
		f.size = get_le64(nul + 1);
		f.mtime_ns = get_le64(nul + 9);
		if (cb(&f, r->data))
			return 1;
		i = (size_t)(nul - b) + 17;
	}
	return 0;
}

int store_each_file(struct store *st,
		    int (*cb)(const struct store_file *f, void *data),
		    void *data)
{
	struct reader r = READER(st, cb, data);
	int ret = each_row(st, "SELECT path, files FROM dir", NULL,
			   "cannot read files", file_row, &r);

	strbuf_release(&r.buf);
	return ret;
}

int store_put_dir(struct store *st, const char *dir,
		  const struct store_file *files, size_t n)
{
	struct strbuf blob = STRBUF_INIT;
	sqlite3_stmt *s;
	size_t i;
	int ret;

	if (!n) {
		s = st->stmt[ST_DEL_DIR];
		sqlite3_bind_text(s, 1, dir, -1, SQLITE_STATIC);
		return step_done(st, s, "cannot forget directory");
	}
	for (i = 0; i < n; i++) {
		strbuf_add(&blob, files[i].path, strlen(files[i].path) + 1);
		put_le64(&blob, files[i].size);
		put_le64(&blob, files[i].mtime_ns);
	}
	s = st->stmt[ST_PUT_DIR];
	sqlite3_bind_text(s, 1, dir, -1, SQLITE_STATIC);
	sqlite3_bind_blob(s, 2, blob.buf, (int)blob.len, SQLITE_STATIC);
	ret = step_done(st, s, "cannot record directory");
	strbuf_release(&blob);
	return ret;
}

int store_delete_occurrences(struct store *st, const char *path)
{
	sqlite3_stmt *s = st->stmt[ST_DEL_OCC];

	sqlite3_bind_text(s, 1, path, -1, SQLITE_STATIC);
	return step_done(st, s, "cannot delete occurrences");
}

int store_clear_files(struct store *st)
{
	return exec(st, "DELETE FROM occurrence; DELETE FROM dir;");
}

static int url_id_row(sqlite3_stmt *s, void *data)
{
	struct store *st = data;

	if (text(s, 1))
		*strmap_put(&st->url_ids, text(s, 1)) =
			(void *)(size_t)(sqlite3_column_int64(s, 0) + 1);
	return 0;
}

static int load_url_ids(struct store *st)
{
	st->url_ids_loaded = 1;
	return each_row(st, "SELECT id, url FROM url", NULL, "cannot read urls",
			url_id_row, st);
}

static long long url_id(struct store *st, const struct store_occ *o)
{
	const char *colon = strchr(o->key, ':');
	char scheme[16] = "";
	sqlite3_stmt *s;
	void **slot;
	long long id;

	if (!st->url_ids_loaded && load_url_ids(st))
		return -1;
	slot = strmap_put(&st->url_ids, o->key);
	if (*slot)
		return (long long)(size_t)*slot - 1;
	if (colon && (size_t)(colon - o->key) < sizeof(scheme))
		memcpy(scheme, o->key, (size_t)(colon - o->key));
	s = st->stmt[ST_PUT_URL];
	sqlite3_bind_text(s, 1, o->key, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 2, o->host ? o->host : "", -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 3, scheme, -1, SQLITE_STATIC);
	if (step_done(st, s, "cannot record url"))
		return -1;
	id = sqlite3_last_insert_rowid(st->db);
	*slot = (void *)(size_t)(id + 1);
	return id;
}

int store_put_occurrence(struct store *st, const struct store_occ *o)
{
	sqlite3_stmt *s;
	long long id = url_id(st, o);

	if (id < 0)
		return -1;
	s = st->stmt[ST_PUT_OCC];
	sqlite3_bind_text(s, 1, o->path, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 2, o->start);
	sqlite3_bind_int64(s, 3, o->end);
	sqlite3_bind_int64(s, 4, o->line);
	sqlite3_bind_int64(s, 5, o->col);
	sqlite3_bind_int64(s, 6, id);
	sqlite3_bind_text(s, 7, o->url, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 8, o->context, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 9, (sqlite3_int64)o->flags);
	return step_done(st, s, "cannot record occurrence");
}

struct prefixes {
	const char *const *v;
	size_t n;
};

static int occ_row(sqlite3_stmt *s, void *data)
{
	struct reader *r = data;
	const struct prefixes *p = r->extra;
	struct store_occ o;

	o.path = text(s, 0);
	if (!o.path || !path_under_any(o.path, p->v, p->n))
		return 0;
	o.line = (unsigned)sqlite3_column_int64(s, 1);
	o.col = (unsigned)sqlite3_column_int64(s, 2);
	o.start = sqlite3_column_int64(s, 3);
	o.end = sqlite3_column_int64(s, 4);
	o.url = text(s, 5);
	o.key = text(s, 6);
	o.host = text(s, 7);
	o.context = text(s, 8);
	o.flags = (unsigned)sqlite3_column_int64(s, 9);
	o.url_id = sqlite3_column_int64(s, 10);
	if (!o.url || !o.key || !o.host || !o.context)
		return 0;
	return ((int (*)(const struct store_occ *, void *))r->cb)(&o, r->data) ?
	       1 : 0;
}

int store_each_occurrence(struct store *st, const char *const *prefixes,
			  size_t n,
			  int (*cb)(const struct store_occ *o, void *data),
			  void *data)
{
	struct reader r = READER(st, cb, data);
	struct prefixes p = { prefixes, n };

	r.extra = &p;
	return each_row(st, "SELECT o.path, o.line, o.col, o.start, o.end,"
			" o.text, u.url, u.host, o.context, o.flags, u.id"
			" FROM occurrence o JOIN url u ON u.id = o.url_id"
			" ORDER BY o.path, o.start", NULL,
			"cannot read occurrences", occ_row, &r);
}

static int url_row(sqlite3_stmt *s, void *data)
{
	struct reader *r = data;
	struct store_url u;

	u.id = sqlite3_column_int64(s, 0);
	u.url = text(s, 1);
	u.host = text(s, 2);
	return u.url && u.host &&
	       ((int (*)(const struct store_url *, void *))r->cb)(&u, r->data);
}

int store_each_checkable_url(struct store *st,
			     int (*cb)(const struct store_url *u, void *data),
			     void *data)
{
	struct reader r = READER(st, cb, data);
	char *sql = xstrfmt("SELECT u.id, u.url, u.host FROM url u WHERE EXISTS"
			    " (SELECT 1 FROM occurrence o WHERE o.url_id = u.id"
			    "  AND o.context NOT IN ('identifier', 'license')"
			    "  AND (o.flags & %u) = 0) ORDER BY u.url",
			    (unsigned)OCC_NOT_CHECKED);
	int ret = each_row(st, sql, NULL, "cannot read urls", url_row, &r);

	free(sql);
	return ret;
}

long long store_url_id(struct store *st, const char *url, const char *host)
{
	struct store_occ o;

	memset(&o, 0, sizeof(o));
	o.key = url;
	o.host = host;
	return url_id(st, &o);
}

static void bind_text_or_null(sqlite3_stmt *s, int i, const char *v)
{
	if (v)
		sqlite3_bind_text(s, i, v, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(s, i);
}

int store_put_check(struct store *st, const struct store_check *c)
{
	sqlite3_stmt *s = st->stmt[ST_PUT_CHECK];

	sqlite3_bind_int64(s, 1, c->url_id);
	sqlite3_bind_int64(s, 2, c->at);
	sqlite3_bind_text(s, 3, c->verdict, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 4, c->status);
	sqlite3_bind_int64(s, 5, c->curl_code);
	bind_text_or_null(s, 6, c->final_url);
	sqlite3_bind_text(s, 7, c->chain ? c->chain : "", -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 8, c->detail ? c->detail : "", -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 9, c->digest ? c->digest : "", -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 10, c->ms);
	return step_done(st, s, "cannot record check");
}

static int check_row(sqlite3_stmt *s, void *data)
{
	struct reader *r = data;
	struct store_check c;

	c.url_id = sqlite3_column_int64(s, 0);
	c.at = sqlite3_column_int64(s, 1);
	c.verdict = text(s, 2);
	c.status = (long)sqlite3_column_int64(s, 3);
	c.curl_code = (int)sqlite3_column_int64(s, 4);
	c.final_url = text(s, 5);
	c.chain = text(s, 6);
	c.detail = text(s, 7);
	c.digest = text(s, 8);
	c.ms = (long)sqlite3_column_int64(s, 9);
	return c.verdict &&
	       ((int (*)(const struct store_check *, void *))r->cb)(&c, r->data);
}

int store_each_check(struct store *st,
		     int (*cb)(const struct store_check *c, void *data),
		     void *data)
{
	struct reader r = READER(st, cb, data);

	return each_row(st, "SELECT url_id, at, verdict, status, curl_code,"
			" final_url, chain, detail, digest, ms FROM checks"
			" ORDER BY url_id, at", NULL, "cannot read checks",
			check_row, &r);
}

static int url_occ_row(sqlite3_stmt *s, void *data)
{
	struct reader *r = data;
	struct store_url_occ o;

	o.url_id = sqlite3_column_int64(s, 0);
	o.url = text(s, 1);
	o.host = text(s, 2);
	o.path = text(s, 3);
	o.context = text(s, 4);
	o.flags = (unsigned)sqlite3_column_int64(s, 5);
	o.line = (unsigned)sqlite3_column_int64(s, 6);
	o.start = sqlite3_column_int64(s, 7);
	if (!o.url || !o.host || !o.path || !o.context)
		return 0;
	return ((int (*)(const struct store_url_occ *, void *))r->cb)(&o,
								     r->data) ?
	       1 : 0;
}

int store_each_checked_occurrence(struct store *st,
				  int (*cb)(const struct store_url_occ *o,
					    void *data),
				  void *data)
{
	struct reader r = READER(st, cb, data);
	char *sql = xstrfmt("SELECT u.id, u.url, u.host, o.path, o.context,"
			    " o.flags, o.line, o.start FROM url u"
			    " JOIN occurrence o ON o.url_id = u.id"
			    " WHERE EXISTS (SELECT 1 FROM checks c"
			    "  WHERE c.url_id = u.id) OR (o.flags & %u) != 0"
			    " ORDER BY u.url, o.path, o.start",
			    (unsigned)OCC_TRUNCATED);
	int ret = each_row(st, sql, NULL, "cannot read occurrences",
			   url_occ_row, &r);

	free(sql);
	return ret;
}

int store_put_resolution(struct store *st, const struct store_resolution *r)
{
	sqlite3_stmt *s;
	int rc;

	if (sqlite3_prepare_v2(st->db, "INSERT OR REPLACE INTO resolution(url_id,"
			       " path, start, kind, replacement, evidence, at,"
			       " edit) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
			       -1, &s, NULL))
		return db_error(st, "cannot record resolution");
	sqlite3_bind_int64(s, 1, r->url_id);
	sqlite3_bind_text(s, 2, r->path, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 3, r->start);
	sqlite3_bind_text(s, 4, r->kind, -1, SQLITE_STATIC);
	bind_text_or_null(s, 5, r->replacement);
	sqlite3_bind_text(s, 6, r->evidence, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 7, r->at);
	bind_text_or_null(s, 8, r->edit);
	rc = sqlite3_step(s);
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : db_error(st, "cannot record resolution");
}

struct lookup {
	char *body;
	long long at;
};

static int lookup_row(sqlite3_stmt *s, void *data)
{
	struct lookup *l = data;

	if (text(s, 1)) {
		l->at = sqlite3_column_int64(s, 0);
		l->body = xstrdup(text(s, 1));
	}
	return 1;
}

char *store_get_lookup(struct store *st, const char *key, long long *at)
{
	const char *args[] = { key, NULL };
	struct lookup l = { NULL, 0 };

	if (each_row(st, "SELECT at, body FROM lookup WHERE key = ?1", args,
		     "cannot read the look-up cache", lookup_row, &l))
		return NULL;
	if (l.body)
		*at = l.at;
	return l.body;
}

int store_put_lookup(struct store *st, const char *key, long long at,
		     const char *body)
{
	sqlite3_stmt *s;
	int rc;

	if (sqlite3_prepare_v2(st->db, "INSERT OR REPLACE INTO lookup(key, at, body)"
			       " VALUES (?1, ?2, ?3)", -1, &s, NULL))
		return db_error(st, "cannot write the look-up cache");
	sqlite3_bind_text(s, 1, key, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 2, at);
	sqlite3_bind_text(s, 3, body, -1, SQLITE_STATIC);
	rc = sqlite3_step(s);
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : db_error(st, "cannot write the look-up cache");
}

char *store_find(void)
{
	char dir[4096], *p;
	struct stat st;

	if (!getcwd(dir, sizeof(dir) - 32))
		return NULL;
	for (;;) {
		char *db = xstrfmt("%s/.linkmend/linkmend.db", dir);

		if (!stat(db, &st))
			return db;
		free(db);
		p = strrchr(dir, '/');
		if (!p || p == dir)
			return NULL;
		*p = '\0';
	}
}

static int edit_row(sqlite3_stmt *s, void *data)
{
	struct reader *r = data;
	struct store_edit e;

	e.path = text(s, 0);
	e.start = sqlite3_column_int64(s, 1);
	e.end = sqlite3_column_int64(s, 2);
	e.line = (unsigned)sqlite3_column_int64(s, 3);
	e.text = text(s, 4);
	e.context = text(s, 5);
	e.flags = (unsigned)sqlite3_column_int64(s, 6);
	e.kind = text(s, 7);
	e.replacement = text(s, 8);
	e.evidence = text(s, 9);
	e.applied = (int)sqlite3_column_int64(s, 10);
	e.url = text(s, 11);
	e.edit = text(s, 12);
	if (!e.path || !e.text || !e.context || !e.kind || !e.evidence ||
	    !e.url)
		return 0;
	return ((int (*)(const struct store_edit *, void *))r->cb)(&e, r->data) ?
	       1 : 0;
}

int store_each_resolution(struct store *st,
			  int (*cb)(const struct store_edit *e, void *data),
			  void *data)
{
	struct reader r = READER(st, cb, data);

	return each_row(st, "SELECT r.path, r.start, o.end, o.line, o.text,"
			" o.context, o.flags, r.kind, r.replacement, r.evidence,"
			" r.applied, u.url, r.edit FROM resolution r"
			" JOIN occurrence o ON o.path = r.path AND o.start = r.start"
			" JOIN url u ON u.id = r.url_id ORDER BY r.path, r.start",
			NULL, "cannot read resolutions", edit_row, &r);
}

int store_mark_applied(struct store *st, const char *path, long long start)
{
	sqlite3_stmt *s;
	int rc;

	if (sqlite3_prepare_v2(st->db, "UPDATE resolution SET applied = 1"
			       " WHERE path = ?1 AND start = ?2", -1, &s, NULL))
		return db_error(st, "cannot record a fix");
	sqlite3_bind_text(s, 1, path, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 2, start);
	rc = sqlite3_step(s);
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : db_error(st, "cannot record a fix");
}

static int count_row(sqlite3_stmt *s, void *data)
{
	struct reader *r = data;
	struct store_count c;

	c.group = r->extra;
	c.label = text(s, 0);
	c.n = sqlite3_column_int64(s, 1);
	return c.label &&
	       ((int (*)(const struct store_count *, void *))r->cb)(&c, r->data);
}

int store_each_count(struct store *st,
		     int (*cb)(const struct store_count *c, void *data),
		     void *data)
{
	static const char *const queries[][2] = {
		{ "total", "SELECT 'occurrences', count(*) FROM occurrence"
			   " UNION ALL SELECT 'urls', count(*) FROM url"
			   " UNION ALL SELECT 'hosts', count(DISTINCT host) FROM url"
			   " WHERE host != ''"
			   " UNION ALL SELECT 'checked', count(DISTINCT url_id) FROM checks" },
		{ "verdict", "SELECT c.verdict, count(*) FROM checks c"
			     " WHERE c.at = (SELECT max(at) FROM checks d"
			     " WHERE d.url_id = c.url_id) GROUP BY c.verdict"
			     " ORDER BY c.verdict" },
		{ "kind", "SELECT kind, count(*) FROM resolution GROUP BY kind"
			  " ORDER BY kind" },
	};
	struct reader r = READER(st, cb, data);
	size_t i;

	for (i = 0; i < sizeof(queries) / sizeof(queries[0]); i++) {
		r.extra = queries[i][0];
		if (each_row(st, queries[i][1], NULL, "cannot count", count_row,
			     &r))
			return -1;
	}
	return 0;
}

int store_put_capture(struct store *st, const struct store_capture *c)
{
	sqlite3_stmt *s;
	int rc;

	if (sqlite3_prepare_v2(st->db, "INSERT OR REPLACE INTO capture(dir, file,"
			       " offset, length, end, url_id, url, type, record_id,"
			       " date, ts, status, mime, payload_digest) VALUES"
			       " (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12,"
			       " ?13, ?14)", -1, &s, NULL))
		return db_error(st, "cannot record a capture");
	sqlite3_bind_text(s, 1, c->dir, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 2, c->file, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 3, c->offset);
	sqlite3_bind_int64(s, 4, c->length);
	sqlite3_bind_int64(s, 5, c->end);
	sqlite3_bind_int64(s, 6, c->url_id);
	sqlite3_bind_text(s, 7, c->url, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 8, c->type, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 9, c->record_id, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 10, c->date, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 11, c->ts, -1, SQLITE_STATIC);
	sqlite3_bind_int64(s, 12, c->status);
	sqlite3_bind_text(s, 13, c->mime, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 14, c->payload_digest, -1, SQLITE_STATIC);
	rc = sqlite3_step(s);
	sqlite3_finalize(s);
	return rc == SQLITE_DONE ? 0 : db_error(st, "cannot record a capture");
}

static int capture_row(sqlite3_stmt *s, void *data)
{
	struct reader *r = data;
	struct store_capture c;
	int i;

	for (i = 0; i < 14; i++)
		if (sqlite3_column_type(s, i) == SQLITE_NULL)
			return 0;
	c.dir = text(s, 0);
	c.file = text(s, 1);
	c.offset = sqlite3_column_int64(s, 2);
	c.length = sqlite3_column_int64(s, 3);
	c.end = sqlite3_column_int64(s, 4);
	c.url_id = sqlite3_column_int64(s, 5);
	c.url = text(s, 6);
	c.type = text(s, 7);
	c.record_id = text(s, 8);
	c.date = text(s, 9);
	c.ts = text(s, 10);
	c.status = (long)sqlite3_column_int64(s, 11);
	c.mime = text(s, 12);
	c.payload_digest = text(s, 13);
	return ((int (*)(const struct store_capture *, void *))r->cb)(&c,
								     r->data) ?
	       1 : 0;
}

int store_each_capture(struct store *st, const char *dir,
		       int (*cb)(const struct store_capture *c, void *data),
		       void *data)
{
	struct reader r = READER(st, cb, data);
	const char *args[] = { dir, NULL };

	return each_row(st, "SELECT dir, file, offset, length, end, url_id, url,"
			" type, record_id, date, ts, status, mime, payload_digest"
			" FROM capture WHERE dir = ?1 ORDER BY file, offset", args,
			"cannot read captures", capture_row, &r);
}
