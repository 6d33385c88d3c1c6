// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The store's queries (store.h), written once for both engines (db.h):
 * the only place that knows the tables.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../lib/digest.h"
#include "../lib/path.h"
#include "../lib/vocab.h"
#include "../lib/strbuf.h"
#include "../lib/strmap.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "db.h"
#include "store.h"

/*
 * 2: occurrence.flags is the scanner's bits (lib/vocab.h), not names;
 * resolution.edit is the replacement escaped for its context.
 * 3: many trees in one store (tree, tree_id), workers' host leases.
 * 4: host.resolve_s and archive_s, when a host's URLs are next due for
 * resolve and archive;
 * host.turn_*, the turn at a host every worker asks.
 * 5: occurrence.owner, owner_why, purpose, purpose_why: whose text an
 * occurrence is and what its link is for, each with its evidence.
 * 6: fate, what became of each edit series wrote (written, sent,
 * applied), and refusal, the edits a maintainer refused: new tables,
 * which the schema's text makes in a store of 5.
 * 7: host_answer, what a host answered for its root or a random path,
 * reused while fresh (store_get_host_answer()): a new table, which the
 * schema's text makes in a store of 5 or 6.
 * 8: routing, get_maintainer.pl's answers kept for the next series: a
 * new table, which the schema's text makes in a store of 5, 6 or 7.
 */
#define STORE_SCHEMA_VERSION "8"

struct store {
	struct db *db;
	char *path;
	long long tree;		/* the selected tree's id, or 0 */
	char *tree_name;
	char *held_by;		/* store_limit_hosts(): owner, or "" */
	/* store_limit_paths(): the prefixes, and as SQL over occurrence o. */
	const char *const *paths;
	size_t npaths;
	char *paths_sql;
	/* url -> id + 1, loaded on first use: saves a query per occurrence. */
	struct strmap url_ids;
	int url_ids_loaded;
	int has_via;		/* resolution.via: a read-only old store lacks it */
	int has_fate;		/* fate, refusal: a read-only 5 lacks them */
	int has_host_answer;	/* host_answer: a read-only 5 or 6 lacks it */
	int has_routing;	/* routing: a read-only 5 or 6 lacks it */
};

#define ARGS(...) (const struct db_arg[]){ __VA_ARGS__ }, \
	(int)(sizeof((const struct db_arg[]){ __VA_ARGS__ }) / \
	      sizeof(struct db_arg))
#define NOARGS NULL, 0

/* What a public store_each_*() reader hands each row's struct to. */
struct reader {
	struct store *st;
	void *cb;
	void *data;
	const void *extra;
	struct strbuf buf;
};

#define READER(st, cb, data) { (st), (void *)(cb), (data), NULL, STRBUF_INIT }

/* A setting's key as kept: a tree's own under "tree/ID/". */
static char *meta_key(struct store *st, const char *key)
{
	if (st->tree > 0 && strcmp(key, "schema"))
		return xstrfmt("tree/%lld/%s", st->tree, key);
	return xstrdup(key);
}

char *store_get_meta(struct store *st, const char *key)
{
	char *k = meta_key(st, key), *v = NULL;
	int ret = db_query(st->db, "SELECT value FROM meta WHERE key = ?1",
			   ARGS(DB_T(k)), "cannot read settings", db_first_text,
			   &v);

	free(k);
	return ret ? NULL : v;
}

int store_set_meta(struct store *st, const char *key, const char *value)
{
	char *k = meta_key(st, key);
	int ret = db_query(st->db, "INSERT INTO meta(key, value)"
			   " VALUES (?1, ?2) ON CONFLICT(key)"
			   " DO UPDATE SET value = excluded.value",
			   ARGS(DB_T(k), DB_T(value)),
			   "cannot write settings", NULL, NULL);

	free(k);
	return ret;
}

/* A store migrated from schema 2 names its one tree after its root. */
static int name_migrated_tree(struct store *st)
{
	char *root = NULL, *name;
	const char *base;
	int ret;

	if (db_query(st->db, "SELECT root FROM tree WHERE id = 1", NOARGS,
		     "cannot migrate", db_first_text, &root))
		return -1;
	if (!root)
		return 0;
	base = strrchr(root, '/');
	base = base && base[1] ? base + 1 : root;
	name = xstrdup(base);
	ret = db_query(st->db, "UPDATE tree SET name = ?1 WHERE id = 1",
		       ARGS(DB_T(name)), "cannot migrate", NULL, NULL);
	free(name);
	free(root);
	return ret;
}

static int check_store(struct store *st)
{
	char *v;
	int ret = 0;

	/*
	 * A store that cannot be written here is read as it is: one of
	 * schema 5 has no fates (none recorded), one of 5 or 6 no host
	 * answers, one of 5 to 7 no kept routing,
	 * answers, and their tables are made where it can be written.
	 */
	if (db_read_only(st->db)) {
		v = store_get_meta(st, "schema");
		if (v && (!strcmp(v, "5") || !strcmp(v, "6") ||
			  !strcmp(v, "7"))) {
			st->has_fate = strcmp(v, "5") != 0;
			st->has_host_answer = !strcmp(v, "7");
			free(v);
			st->has_via = db_add_column(st->db, "resolution", "via",
						    "TEXT") > 0;
			return 0;
		}
		free(v);
	} else if (db_exec(st->db, db_schema(st->db))) {
		return -1;
	}
	st->has_fate = 1;
	st->has_host_answer = 1;
	st->has_routing = 1;
	v = store_get_meta(st, "schema");
	/* The same ALTERs on both engines; a fresh schema has the columns. */
	if (v && (!strcmp(v, "3") || !strcmp(v, "4"))) {
		ret = db_begin(st->db) ||
		      (!strcmp(v, "3") &&
		       db_exec(st->db, "ALTER TABLE host ADD COLUMN resolve_s"
			       " BIGINT NOT NULL DEFAULT 0;"
			       "ALTER TABLE host ADD COLUMN archive_s"
			       " BIGINT NOT NULL DEFAULT 0;"
			       "ALTER TABLE host ADD COLUMN turn_by TEXT;"
			       "ALTER TABLE host ADD COLUMN turn_ms"
			       " BIGINT NOT NULL DEFAULT 0;"
			       "ALTER TABLE host ADD COLUMN turn_until_ms"
			       " BIGINT NOT NULL DEFAULT 0")) ||
		      db_exec(st->db, "ALTER TABLE occurrence ADD COLUMN"
			      " owner TEXT;"
			      "ALTER TABLE occurrence ADD COLUMN owner_why TEXT;"
			      "ALTER TABLE occurrence ADD COLUMN purpose TEXT;"
			      "ALTER TABLE occurrence ADD COLUMN"
			      " purpose_why TEXT") ||
		      store_set_meta(st, "schema", STORE_SCHEMA_VERSION) ||
		      db_exec(st->db, "COMMIT") ? -1 : 0;
		if (ret)
			db_exec(st->db, "ROLLBACK");
	} else if (v && (!strcmp(v, "1") || !strcmp(v, "2"))) {
		ret = db_begin(st->db) || db_migrate_legacy(st->db, v) ||
		      name_migrated_tree(st) ||
		      store_set_meta(st, "schema", STORE_SCHEMA_VERSION) ||
		      db_exec(st->db, "COMMIT") ? -1 : 0;
	} else if (!v || !strcmp(v, "5") || !strcmp(v, "6") ||
		   !strcmp(v, "7")) {
		/* 5, 6 or 7 to 8: the new tables only, made above. */
		ret = store_set_meta(st, "schema", STORE_SCHEMA_VERSION);
	} else if (strcmp(v, STORE_SCHEMA_VERSION)) {
		ret = error("store '%s': schema version %s, expected %s",
			    st->path, v, STORE_SCHEMA_VERSION);
	}
	free(v);
	if (!ret) {
		int via = db_add_column(st->db, "resolution", "via", "TEXT");

		ret = via < 0 ? -1 : 0;
		st->has_via = via > 0;
	}
	return ret;
}

static int count_trees(struct db_row *r, void *data)
{
	struct store *st = data;

	(void)r;
	/* Exactly one tree: it is the one meant. */
	if (st->tree_name) {
		free(st->tree_name);
		st->tree_name = NULL;
		st->tree = 0;
		return 1;
	}
	st->tree = db_int(r, 0);
	st->tree_name = xstrdup(db_text(r, 1) ? db_text(r, 1) : "");
	return 0;
}

static struct store *open_store(const char *path, int create)
{
	struct store *st = xcalloc(1, sizeof(*st));

	st->path = xstrdup(path);
	st->db = db_open(path, create);
	if (!st->db || check_store(st) ||
	    db_query(st->db, "SELECT id, name FROM tree ORDER BY id LIMIT 2",
		     NOARGS, "cannot read trees", count_trees, st)) {
		store_close(st);
		return NULL;
	}
	return st;
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
	if (!st)
		return 0;
	db_close(st->db);
	strmap_clear(&st->url_ids, NULL);
	free(st->tree_name);
	free(st->held_by);
	free(st->paths_sql);
	free(st->path);
	free(st);
	return 0;
}

const char *store_engine(const struct store *st)
{
	return db_engine(st->db);
}

int store_read_only(const struct store *st)
{
	return db_read_only(st->db);
}

int store_is_url(const char *target)
{
	return db_target_is_url(target);
}

int store_clock_ms(struct store *st, long long *ms)
{
	return db_clock_ms(st->db, ms);
}

int store_lost(struct store *st)
{
	return db_lost(st->db);
}

int store_reconnect(struct store *st)
{
	return db_lost(st->db) ? db_reconnect(st->db) : 0;
}

int store_begin(struct store *st)
{
	return db_begin(st->db);
}

int store_commit(struct store *st)
{
	return db_exec(st->db, "COMMIT");
}

int store_rollback(struct store *st)
{
	/* Ids handed out in the transaction are gone with it. */
	strmap_clear(&st->url_ids, NULL);
	st->url_ids_loaded = 0;
	return db_exec(st->db, "ROLLBACK");
}

static int tree_row(struct db_row *r, void *data)
{
	struct reader *rd = data;
	struct store_tree t;

	t.id = db_int(r, 0);
	t.name = db_text(r, 1);
	t.version = db_text(r, 2);
	t.root = db_text(r, 3);
	t.scanned_at = db_int(r, 4);
	if (!t.name || !t.version)
		return 0;
	return ((int (*)(const struct store_tree *, void *))rd->cb)(&t,
								   rd->data) ?
	       1 : 0;
}

int store_each_tree(struct store *st,
		    int (*cb)(const struct store_tree *t, void *data),
		    void *data)
{
	struct reader r = READER(st, cb, data);

	return db_query(st->db, "SELECT id, name, version, root, scanned_at"
			" FROM tree ORDER BY name", NOARGS,
			"cannot read trees", tree_row, &r);
}

static int select_row(struct db_row *r, void *data)
{
	struct store *st = data;

	st->tree = db_int(r, 0);
	return 1;
}

static int tree_names(struct db_row *r, void *data)
{
	struct strbuf *sb = data;

	if (sb->len)
		strbuf_addstr(sb, ", ");
	strbuf_addstr(sb, db_text(r, 0) ? db_text(r, 0) : "");
	return 0;
}

int store_select_tree(struct store *st, const char *name)
{
	long long n = 0;

	if (!name) {
		struct strbuf names = STRBUF_INIT;
		int ret = 0;

		if (st->tree > 0)
			return 0;
		if (db_query(st->db, "SELECT count(*) FROM tree", NOARGS,
			     "cannot read trees", db_first_int, &n) ||
		    db_query(st->db, "SELECT name FROM tree ORDER BY name"
			     " LIMIT 6", NOARGS, "cannot read trees",
			     tree_names, &names))
			ret = -1;
		else if (n > 1)
			ret = error("store '%s' holds %lld trees (%s%s): name "
				    "one with --tree", st->path, n, names.buf,
				    n > 6 ? ", ..." : "");
		strbuf_release(&names);
		return ret;
	}
	st->tree = 0;
	if (db_query(st->db, "SELECT id FROM tree WHERE name = ?1",
		     ARGS(DB_T(name)), "cannot read trees", select_row, st))
		return -1;
	if (!st->tree)
		return error("store '%s' has no tree named '%s'", st->path,
			     name);
	free(st->tree_name);
	st->tree_name = xstrdup(name);
	return 0;
}

int store_use_tree(struct store *st, const char *name, const char *version,
		   const char *root, long long now)
{
	char *copy;

	st->tree = 0;
	if (db_query(st->db, "INSERT INTO tree(name, version, root,"
		     " scanned_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT(name)"
		     " DO UPDATE SET version = excluded.version,"
		     " root = excluded.root, scanned_at = excluded.scanned_at"
		     " RETURNING id",
		     ARGS(DB_T(name), DB_T(version ? version : ""), DB_T(root),
			  DB_I(now)), "cannot record the tree", select_row, st))
		return -1;
	if (!st->tree)
		return error("store '%s': cannot record the tree '%s'",
			     st->path, name);
	copy = xstrdup(name);	/* name may be st->tree_name itself */
	free(st->tree_name);
	st->tree_name = copy;
	return 0;
}

/* A tree's root: scan's absolute one (meta), else the one recorded. */
#define TREE_ROOT "coalesce((SELECT m.value FROM meta m" \
		  " WHERE m.key = 'tree/' || CAST(t.id AS TEXT) || '/root')" \
		  ", t.root)"

char *store_tree_at(struct store *st, const char *root)
{
	char *name = NULL;

	if (db_query(st->db, "SELECT t.name FROM tree t WHERE " TREE_ROOT
		     " = ?1 ORDER BY t.id LIMIT 1", ARGS(DB_T(root)),
		     "cannot read trees", db_first_text, &name))
		return NULL;
	return name;
}

char *store_tree_root(struct store *st, const char *name)
{
	char *root = NULL;

	if (db_query(st->db, "SELECT " TREE_ROOT " FROM tree t"
		     " WHERE t.name = ?1", ARGS(DB_T(name)),
		     "cannot read trees", db_first_text, &root))
		return NULL;
	return root;
}

int store_reset_tree(struct store *st)
{
	return store_clear_files(st) ||
	       db_query(st->db, "DELETE FROM resolution WHERE tree_id = ?1",
			ARGS(DB_I(st->tree)), "cannot clear the tree", NULL,
			NULL) ? -1 : 0;
}

const char *store_tree_name(const struct store *st)
{
	return st->tree > 0 ? st->tree_name : NULL;
}

/* Writing a tree's rows needs the tree: scan chose it, or open found one. */
static int need_tree(struct store *st, const char *what)
{
	if (st->tree > 0)
		return 0;
	return error("store '%s': %s: no tree chosen (--tree NAME)", st->path,
		     what);
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
static int file_row(struct db_row *row, void *data)
{
	struct reader *r = data;
	int (*cb)(const struct store_file *, void *) =
		(int (*)(const struct store_file *, void *))r->cb;
	const char *dir = db_text(row, 0);
	size_t n, i = 0, base;
	const unsigned char *b;

	if (!dir)
		return 0;
	strbuf_reset(&r->buf);
	strbuf_addstr(&r->buf, dir);
	if (*dir)
		strbuf_addch(&r->buf, '/');
	base = r->buf.len;
	b = db_blob(row, 1, &n);
	while (i < n) {
		const unsigned char *nul = memchr(b + i, 0, n - i);
		struct store_file f;

		if (!nul || (size_t)(nul - b) + 17 > n)
			return error("store '%s': directory '%s' has a corrupt "
				     "file list", r->st->path, r->buf.buf);
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
	int ret = db_query(st->db, "SELECT path, files FROM dir"
			   " WHERE tree_id = ?1", ARGS(DB_I(st->tree)),
			   "cannot read files", file_row, &r);

	strbuf_release(&r.buf);
	return ret;
}

int store_put_dir(struct store *st, const char *dir,
		  const struct store_file *files, size_t n)
{
	struct strbuf blob = STRBUF_INIT;
	size_t i;
	int ret;

	if (need_tree(st, "cannot record directory"))
		return -1;
	if (!n)
		return db_query(st->db, "DELETE FROM dir WHERE tree_id = ?1"
				" AND path = ?2", ARGS(DB_I(st->tree), DB_T(dir)),
				"cannot forget directory", NULL, NULL);
	for (i = 0; i < n; i++) {
		strbuf_add(&blob, files[i].path, strlen(files[i].path) + 1);
		put_le64(&blob, files[i].size);
		put_le64(&blob, files[i].mtime_ns);
	}
	ret = db_query(st->db, "INSERT INTO dir(tree_id, path, files)"
		       " VALUES (?1, ?2, ?3) ON CONFLICT(tree_id, path)"
		       " DO UPDATE SET files = excluded.files",
		       ARGS(DB_I(st->tree), DB_T(dir), DB_B(blob.buf, blob.len)),
		       "cannot record directory", NULL, NULL);
	strbuf_release(&blob);
	return ret;
}

int store_delete_occurrences(struct store *st, const char *path)
{
	return need_tree(st, "cannot delete occurrences") ||
	       db_query(st->db, "DELETE FROM occurrence WHERE tree_id = ?1"
			" AND path = ?2", ARGS(DB_I(st->tree), DB_T(path)),
			"cannot delete occurrences", NULL, NULL) ? -1 : 0;
}

int store_clear_files(struct store *st)
{
	return need_tree(st, "cannot clear files") ||
	       db_query(st->db, "DELETE FROM occurrence WHERE tree_id = ?1",
			ARGS(DB_I(st->tree)), "cannot clear files", NULL,
			NULL) ||
	       db_query(st->db, "DELETE FROM dir WHERE tree_id = ?1",
			ARGS(DB_I(st->tree)), "cannot clear files", NULL,
			NULL) ? -1 : 0;
}

static int url_id_row(struct db_row *r, void *data)
{
	struct store *st = data;

	if (db_text(r, 1))
		*strmap_put(&st->url_ids, db_text(r, 1)) =
			(void *)(size_t)(db_int(r, 0) + 1);
	return 0;
}

static int load_url_ids(struct store *st)
{
	st->url_ids_loaded = 1;
	return db_query(st->db, "SELECT id, url FROM url", NOARGS,
			"cannot read urls", url_id_row, st);
}

static int id_row(struct db_row *r, void *data)
{
	*(long long *)data = db_int(r, 0);
	return 1;
}

static long long url_id(struct store *st, const struct store_occ *o)
{
	const char *colon = strchr(o->key, ':');
	const char *host = o->host ? o->host : "";
	char scheme[16] = "";
	long long id = -1;
	void **slot;

	if (!st->url_ids_loaded && load_url_ids(st))
		return -1;
	slot = strmap_put(&st->url_ids, o->key);
	if (*slot)
		return (long long)(size_t)*slot - 1;
	if (colon && (size_t)(colon - o->key) < sizeof(scheme))
		memcpy(scheme, o->key, (size_t)(colon - o->key));
	/*
	 * Another scan into a shared store may have added it since the ids
	 * were loaded: the row is then only read.  A new URL gives its host
	 * work for workers now.
	 */
	if (db_query(st->db, "INSERT INTO url(url, host, scheme)"
		     " VALUES (?1, ?2, ?3) ON CONFLICT(url)"
		     " DO UPDATE SET host = excluded.host RETURNING id",
		     ARGS(DB_T(o->key), DB_T(host), DB_T(scheme)),
		     "cannot record url", id_row, &id) || id < 0 ||
	    (*host && db_query(st->db, "INSERT INTO host(host) VALUES (?1)"
			       " ON CONFLICT(host) DO UPDATE SET next_s = 0",
			       ARGS(DB_T(host)), "cannot record url", NULL,
			       NULL)))
		return -1;
	*slot = (void *)(size_t)(id + 1);
	return id;
}

int store_put_occurrence(struct store *st, const struct store_occ *o)
{
	long long id;

	if (need_tree(st, "cannot record occurrence"))
		return -1;
	id = url_id(st, o);
	if (id < 0)
		return -1;
	return db_query(st->db, "INSERT INTO occurrence(tree_id, path, start,"
			" \"end\", line, col, url_id, text, context, flags)"
			" VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
			ARGS(DB_I(st->tree), DB_T(o->path), DB_I(o->start),
			     DB_I(o->end), DB_I(o->line), DB_I(o->col),
			     DB_I(id), DB_T(o->url),
			     DB_T(context_name(o->context)),
			     DB_I(o->flags)),
			"cannot record occurrence", NULL, NULL);
}

/*
 * A vocabulary word read back from the store: a word this linkmend does
 * not know (a newer one's store, or a damaged one) is an error naming
 * it, never a guess.
 */
static int read_context(const char *s, enum context *c)
{
	*c = context_from_name(s);
	if (*c == CTX__COUNT)
		return error("the store holds an occurrence in the context "
			     "'%s', which this linkmend does not know", s);
	return 0;
}

static int read_kind(const char *s, enum kind *k)
{
	*k = kind_from_name(s);
	if (*k == K__COUNT)
		return error("the store holds a resolution of the kind '%s', "
			     "which this linkmend does not know", s);
	return 0;
}

static int read_verdict(const char *s, enum verdict *v)
{
	*v = verdict_from_name(s);
	if (*v == V__COUNT)
		return error("the store holds a check with the verdict '%s', "
			     "which this linkmend does not know", s);
	return 0;
}

struct prefixes {
	const char *const *v;
	size_t n;
};

static int occ_row(struct db_row *row, void *data)
{
	struct reader *r = data;
	const struct prefixes *p = r->extra;
	struct store_occ o;

	o.path = db_text(row, 0);
	if (!o.path || !path_under_any(o.path, p->v, p->n) ||
	    !path_under_any(o.path, r->st->paths, r->st->npaths))
		return 0;
	o.line = (unsigned)db_int(row, 1);
	o.col = (unsigned)db_int(row, 2);
	o.start = db_int(row, 3);
	o.end = db_int(row, 4);
	o.url = db_text(row, 5);
	o.key = db_text(row, 6);
	o.host = db_text(row, 7);
	o.flags = (unsigned)db_int(row, 9);
	o.url_id = db_int(row, 10);
	o.owner = db_text(row, 11);
	o.owner_why = db_text(row, 12);
	o.purpose = db_text(row, 13);
	o.purpose_why = db_text(row, 14);
	if (!o.url || !o.key || !o.host || !db_text(row, 8))
		return 0;
	if (read_context(db_text(row, 8), &o.context))
		return -1;
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
	return db_query(st->db, "SELECT o.path, o.line, o.col, o.start,"
			" o.\"end\", o.text, u.url, u.host, o.context, o.flags,"
			" u.id, o.owner, o.owner_why, o.purpose, o.purpose_why"
			" FROM occurrence o JOIN url u ON u.id = o.url_id"
			" WHERE o.tree_id = ?1 OR ?1 = 0"
			" ORDER BY o.path, o.start", ARGS(DB_I(st->tree)),
			"cannot read occurrences", occ_row, &r);
}

static int url_row(struct db_row *row, void *data)
{
	struct reader *r = data;
	struct store_url u;

	u.id = db_int(row, 0);
	u.url = db_text(row, 1);
	u.host = db_text(row, 2);
	return u.url && u.host &&
	       ((int (*)(const struct store_url *, void *))r->cb)(&u, r->data);
}

/*
 * url u has an occurrence worth checking in the tree (in any when the
 * tree is 0): mask is OCC_NOT_CHECKED.
 */
#define CHECKABLE(tree, mask) \
	"EXISTS (SELECT 1 FROM occurrence o WHERE o.url_id = u.id" \
	"  AND (o.tree_id = " tree " OR " tree " = 0)" \
	"  AND o.context NOT IN ('identifier', 'license')" \
	"  AND (o.flags & " mask ") = 0)"

int store_each_checkable_url(struct store *st,
			     int (*cb)(const struct store_url *u, void *data),
			     void *data)
{
	struct reader r = READER(st, cb, data);
	char *sql = xstrfmt("SELECT u.id, u.url, u.host FROM url u WHERE "
			    "EXISTS (SELECT 1 FROM occurrence o"
			    " WHERE o.url_id = u.id"
			    "  AND (o.tree_id = ?1 OR ?1 = 0)"
			    "  AND o.context NOT IN ('identifier', 'license')"
			    "  AND (o.flags & ?2) = 0%s)"
			    " AND (?3 = '' OR EXISTS"
			    " (SELECT 1 FROM host h WHERE h.host = u.host"
			    "  AND h.owner = ?3)) ORDER BY u.url",
			    st->paths_sql ? st->paths_sql : "");
	int ret = db_query(st->db, sql,
			   ARGS(DB_I(st->tree), DB_I(OCC_NOT_CHECKED),
				DB_T(st->held_by ? st->held_by : "")),
			   "cannot read urls", url_row, &r);

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

int store_put_check(struct store *st, const struct store_check *c)
{
	return db_query(st->db, "INSERT INTO checks(url_id, at, verdict,"
			" status, curl_code, final_url, chain, detail, digest,"
			" ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"
			" ON CONFLICT(url_id, at) DO UPDATE SET"
			" verdict = excluded.verdict, status = excluded.status,"
			" curl_code = excluded.curl_code,"
			" final_url = excluded.final_url, chain = excluded.chain,"
			" detail = excluded.detail, digest = excluded.digest,"
			" ms = excluded.ms",
			ARGS(DB_I(c->url_id), DB_I(c->at),
			     DB_T(verdict_name(c->verdict)),
			     DB_I(c->status), DB_I(c->curl_code),
			     DB_T(c->final_url), DB_T(c->chain ? c->chain : ""),
			     DB_T(c->detail ? c->detail : ""),
			     DB_T(c->digest ? c->digest : ""), DB_I(c->ms)),
			"cannot record check", NULL, NULL);
}

static int check_row(struct db_row *row, void *data)
{
	struct reader *r = data;
	struct store_check c;

	c.url_id = db_int(row, 0);
	c.at = db_int(row, 1);
	c.verdict = db_text(row, 2) ? verdict_from_name(db_text(row, 2)) :
		    V__COUNT;
	if (c.verdict == V__COUNT)
		return error("the store holds a check of URL %lld with the "
			     "verdict '%s', which this linkmend does not know",
			     c.url_id, db_text(row, 2) ? db_text(row, 2) : "");
	c.status = (long)db_int(row, 3);
	c.curl_code = (int)db_int(row, 4);
	c.final_url = db_text(row, 5);
	c.chain = db_text(row, 6);
	c.detail = db_text(row, 7);
	c.digest = db_text(row, 8);
	c.ms = (long)db_int(row, 9);
	return ((int (*)(const struct store_check *, void *))r->cb)(&c,
								   r->data);
}

int store_each_check(struct store *st,
		     int (*cb)(const struct store_check *c, void *data),
		     void *data)
{
	struct reader r = READER(st, cb, data);

	if (st->held_by)
		return db_query(st->db, "SELECT c.url_id, c.at, c.verdict,"
				" c.status, c.curl_code, c.final_url, c.chain,"
				" c.detail, c.digest, c.ms FROM checks c"
				" JOIN url u ON u.id = c.url_id"
				" JOIN host h ON h.host = u.host"
				" WHERE h.owner = ?1 ORDER BY c.url_id, c.at",
				ARGS(DB_T(st->held_by)), "cannot read checks",
				check_row, &r);
	return db_query(st->db, "SELECT url_id, at, verdict, status, curl_code,"
			" final_url, chain, detail, digest, ms FROM checks"
			" ORDER BY url_id, at", NOARGS, "cannot read checks",
			check_row, &r);
}

static int url_occ_row(struct db_row *row, void *data)
{
	struct reader *r = data;
	struct store_url_occ o;

	o.url_id = db_int(row, 0);
	o.url = db_text(row, 1);
	o.host = db_text(row, 2);
	o.path = db_text(row, 3);
	if (!o.path || !path_under_any(o.path, r->st->paths, r->st->npaths))
		return 0;
	o.flags = (unsigned)db_int(row, 5);
	o.line = (unsigned)db_int(row, 6);
	o.start = db_int(row, 7);
	o.text = db_text(row, 8);
	if (!o.url || !o.host || !o.path || !db_text(row, 4) || !o.text)
		return 0;
	if (read_context(db_text(row, 4), &o.context))
		return -1;
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

	return db_query(st->db, "SELECT u.id, u.url, u.host, o.path, o.context,"
			" o.flags, o.line, o.start, o.text FROM url u"
			" JOIN occurrence o ON o.url_id = u.id"
			" WHERE (o.tree_id = ?1 OR ?1 = 0) AND"
			" (EXISTS (SELECT 1 FROM checks c WHERE c.url_id = u.id)"
			"  OR (o.flags & ?2) != 0) AND (?3 = '' OR EXISTS"
			"  (SELECT 1 FROM host h WHERE h.host = u.host"
			"   AND h.owner = ?3))"
			" ORDER BY u.url, o.path, o.start",
			ARGS(DB_I(st->tree), DB_I(OCC_TRUNCATED),
			     DB_T(st->held_by ? st->held_by : "")),
			"cannot read occurrences", url_occ_row, &r);
}

int store_put_resolution(struct store *st, const struct store_resolution *r)
{
	if (need_tree(st, "cannot record resolution"))
		return -1;
	if (st->has_via)
		return db_query(st->db, "INSERT INTO resolution(tree_id, url_id,"
				" path, start, kind, replacement, evidence, at,"
				" edit, via)"
				" VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"
				" ON CONFLICT(tree_id, url_id, path, start) DO"
				" UPDATE SET kind = excluded.kind,"
				" replacement = excluded.replacement,"
				" evidence = excluded.evidence, at = excluded.at,"
				" edit = excluded.edit, via = excluded.via,"
				" applied = 0",
				ARGS(DB_I(st->tree), DB_I(r->url_id),
				     DB_T(r->path), DB_I(r->start),
				     DB_T(kind_name(r->kind)),
				     DB_T(r->replacement), DB_T(r->evidence),
				     DB_I(r->at), DB_T(r->edit), DB_T(r->via)),
				"cannot record resolution", NULL, NULL);
	return db_query(st->db, "INSERT INTO resolution(tree_id, url_id, path,"
			" start, kind, replacement, evidence, at, edit)"
			" VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"
			" ON CONFLICT(tree_id, url_id, path, start) DO UPDATE SET"
			" kind = excluded.kind,"
			" replacement = excluded.replacement,"
			" evidence = excluded.evidence, at = excluded.at,"
			" edit = excluded.edit, applied = 0",
			ARGS(DB_I(st->tree), DB_I(r->url_id), DB_T(r->path),
			     DB_I(r->start), DB_T(kind_name(r->kind)),
			     DB_T(r->replacement), DB_T(r->evidence),
			     DB_I(r->at), DB_T(r->edit)),
			"cannot record resolution", NULL, NULL);
}

struct lookup {
	char *body;
	long long at;
};

static int lookup_row(struct db_row *r, void *data)
{
	struct lookup *l = data;

	if (db_text(r, 1)) {
		l->at = db_int(r, 0);
		l->body = xstrdup(db_text(r, 1));
	}
	return 1;
}

char *store_get_lookup(struct store *st, const char *key, long long *at)
{
	struct lookup l = { NULL, 0 };

	if (db_query(st->db, "SELECT at, body FROM lookup WHERE key = ?1",
		     ARGS(DB_T(key)), "cannot read the look-up cache",
		     lookup_row, &l))
		return NULL;
	if (l.body)
		*at = l.at;
	return l.body;
}

int store_put_lookup(struct store *st, const char *key, long long at,
		     const char *body)
{
	return db_query(st->db, "INSERT INTO lookup(key, at, body)"
			" VALUES (?1, ?2, ?3) ON CONFLICT(key) DO UPDATE SET"
			" at = excluded.at, body = excluded.body",
			ARGS(DB_T(key), DB_I(at), DB_T(body)),
			"cannot write the look-up cache", NULL, NULL);
}

struct host_answer_row {
	struct store_host_answer *a;
	int found;
};

static int host_answer_row(struct db_row *r, void *data)
{
	struct host_answer_row *h = data;

	h->a->at = db_int(r, 0);
	h->a->status = (long)db_int(r, 1);
	h->a->location = db_is_null(r, 2) ? NULL : xstrdup(db_text(r, 2));
	h->a->title = db_is_null(r, 3) ? NULL : xstrdup(db_text(r, 3));
	h->found = 1;
	return 1;
}

int store_get_host_answer(struct store *st, const char *origin,
			  const char *kind, long long since,
			  struct store_host_answer *a)
{
	struct host_answer_row h = { a, 0 };

	memset(a, 0, sizeof(*a));
	if (!st->has_host_answer)
		return 0;
	if (db_query(st->db, "SELECT at, status, location, title"
		     " FROM host_answer WHERE origin = ?1 AND kind = ?2"
		     " AND at >= ?3", ARGS(DB_T(origin), DB_T(kind),
					   DB_I(since)),
		     "cannot read the hosts' answers", host_answer_row, &h))
		return -1;
	return h.found;
}

void store_host_answer_release(struct store_host_answer *a)
{
	free(a->location);
	free(a->title);
	a->location = a->title = NULL;
}

int store_put_host_answer(struct store *st, const char *origin,
			  const char *kind, const struct store_host_answer *a)
{
	if (!st->has_host_answer)
		return 0;
	return db_query(st->db, "INSERT INTO host_answer(origin, kind, at,"
			" status, location, title) VALUES (?1, ?2, ?3, ?4,"
			" ?5, ?6) ON CONFLICT(origin, kind) DO UPDATE SET"
			" at = excluded.at, status = excluded.status,"
			" location = excluded.location,"
			" title = excluded.title",
			ARGS(DB_T(origin), DB_T(kind), DB_I(a->at),
			     DB_I(a->status), DB_T(a->location),
			     DB_T(a->title)),
			"cannot write the hosts' answers", NULL, NULL);
}

char *store_find(void)
{
	return path_find_up(STORE_PATH);
}

static int edit_row(struct db_row *row, void *data)
{
	struct reader *r = data;
	struct store_edit e;

	e.path = db_text(row, 0);
	if (!e.path || !path_under_any(e.path, r->st->paths, r->st->npaths))
		return 0;
	e.start = db_int(row, 1);
	e.end = db_int(row, 2);
	e.line = (unsigned)db_int(row, 3);
	e.text = db_text(row, 4);
	e.flags = (unsigned)db_int(row, 6);
	e.replacement = db_text(row, 8);
	e.evidence = db_text(row, 9);
	e.applied = (int)db_int(row, 10);
	e.url = db_text(row, 11);
	e.edit = db_text(row, 12);
	e.owner = db_text(row, 13);
	e.owner_why = db_text(row, 14);
	e.purpose = db_text(row, 15);
	e.purpose_why = db_text(row, 16);
	e.via = db_text(row, 17);
	if (!e.path || !e.text || !db_text(row, 5) || !db_text(row, 7) ||
	    !e.evidence || !e.url)
		return 0;
	if (read_context(db_text(row, 5), &e.context) ||
	    read_kind(db_text(row, 7), &e.kind))
		return -1;
	return ((int (*)(const struct store_edit *, void *))r->cb)(&e, r->data) ?
	       1 : 0;
}

#define SELECT_EDITS(via) "SELECT r.path, r.start, o.\"end\", o.line," \
	" o.text, o.context, o.flags, r.kind, r.replacement," \
	" r.evidence, r.applied, u.url, r.edit, o.owner, o.owner_why," \
	" o.purpose, o.purpose_why, " via " FROM resolution r" \
	" JOIN occurrence o ON o.tree_id = r.tree_id" \
	"  AND o.path = r.path AND o.start = r.start" \
	"  AND o.url_id = r.url_id" \
	" JOIN url u ON u.id = r.url_id WHERE r.tree_id = ?1" \
	" ORDER BY r.path, r.start"

int store_each_resolution(struct store *st,
			  int (*cb)(const struct store_edit *e, void *data),
			  void *data)
{
	struct reader r = READER(st, cb, data);

	/* A read-only store of an older build has no via: NULL then. */
	return db_query(st->db, st->has_via ?
			SELECT_EDITS("r.via") : SELECT_EDITS("NULL"),
			ARGS(DB_I(st->tree)), "cannot read resolutions",
			edit_row, &r);
}

int store_put_class(struct store *st, const struct store_class *c)
{
	if (need_tree(st, "cannot record whose text a link is"))
		return -1;
	return db_query(st->db, "UPDATE occurrence SET"
			" owner = COALESCE(?4, owner),"
			" owner_why = COALESCE(?5, owner_why),"
			" purpose = COALESCE(?6, purpose),"
			" purpose_why = COALESCE(?7, purpose_why)"
			" WHERE tree_id = ?1 AND path = ?2 AND start = ?3",
			ARGS(DB_I(st->tree), DB_T(c->path), DB_I(c->start),
			     DB_T(c->owner), DB_T(c->owner_why),
			     DB_T(c->purpose), DB_T(c->purpose_why)),
			"cannot record whose text a link is", NULL, NULL);
}

long long store_prune_resolutions(struct store *st)
{
	if (need_tree(st, "cannot prune resolutions") ||
	    db_query(st->db, "DELETE FROM resolution WHERE tree_id = ?1"
		     " AND NOT EXISTS (SELECT 1 FROM occurrence o"
		     "  WHERE o.tree_id = resolution.tree_id"
		     "  AND o.path = resolution.path"
		     "  AND o.start = resolution.start"
		     "  AND o.url_id = resolution.url_id)",
		     ARGS(DB_I(st->tree)), "cannot prune resolutions", NULL,
		     NULL))
		return -1;
	return db_changes(st->db);
}

int store_mark_applied(struct store *st, const char *path, long long start)
{
	return need_tree(st, "cannot record a fix") ||
	       db_query(st->db, "UPDATE resolution SET applied = 1"
			" WHERE tree_id = ?1 AND path = ?2 AND start = ?3",
			ARGS(DB_I(st->tree), DB_T(path), DB_I(start)),
			"cannot record a fix", NULL, NULL) ? -1 : 0;
}

static int count_row(struct db_row *row, void *data)
{
	struct reader *r = data;
	struct store_count c;

	c.group = r->extra;
	c.label = db_text(row, 0);
	c.n = db_int(row, 1);
	return c.label &&
	       ((int (*)(const struct store_count *, void *))r->cb)(&c, r->data);
}

/* The URLs the tree cites (every URL when ?1 = 0). */
#define CITED "(SELECT o.url_id FROM occurrence o" \
	      " WHERE o.tree_id = ?1 OR ?1 = 0)"

int store_each_count(struct store *st,
		     int (*cb)(const struct store_count *c, void *data),
		     void *data)
{
	static const char *const queries[][2] = {
		{ "total", "SELECT 'occurrences', count(*) FROM occurrence"
			   " WHERE tree_id = ?1 OR ?1 = 0"
			   " UNION ALL SELECT 'urls', count(*) FROM url"
			   " WHERE id IN " CITED
			   " UNION ALL SELECT 'hosts', count(DISTINCT host)"
			   " FROM url WHERE host != '' AND id IN " CITED
			   " UNION ALL SELECT 'checked', count(DISTINCT url_id)"
			   " FROM checks WHERE url_id IN " CITED },
		{ "verdict", "SELECT c.verdict, count(*) FROM checks c"
			     " WHERE c.url_id IN " CITED " AND"
			     " c.at = (SELECT max(at) FROM checks d"
			     " WHERE d.url_id = c.url_id) GROUP BY c.verdict"
			     " ORDER BY c.verdict" },
		/* A resolution whose line now holds another URL is past. */
		{ "kind", "SELECT r.kind, count(*) FROM resolution r"
			  " WHERE (r.tree_id = ?1 OR ?1 = 0) AND EXISTS"
			  " (SELECT 1 FROM occurrence o"
			  "  WHERE o.tree_id = r.tree_id AND o.path = r.path"
			  "  AND o.start = r.start AND o.url_id = r.url_id)"
			  " GROUP BY r.kind ORDER BY r.kind" },
	};
	struct reader r = READER(st, cb, data);
	size_t i;

	for (i = 0; i < sizeof(queries) / sizeof(queries[0]); i++) {
		r.extra = queries[i][0];
		if (db_query(st->db, queries[i][1], ARGS(DB_I(st->tree)),
			     "cannot count", count_row, &r))
			return -1;
	}
	return 0;
}

int store_put_capture(struct store *st, const struct store_capture *c)
{
	return db_query(st->db, "INSERT INTO capture(dir, file, \"offset\","
			" length, \"end\", url_id, url, type, record_id, date, ts,"
			" status, mime, payload_digest) VALUES (?1, ?2, ?3, ?4,"
			" ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)"
			" ON CONFLICT(dir, file, \"offset\") DO UPDATE SET"
			" length = excluded.length, \"end\" = excluded.\"end\","
			" url_id = excluded.url_id, url = excluded.url,"
			" type = excluded.type, record_id = excluded.record_id,"
			" date = excluded.date, ts = excluded.ts,"
			" status = excluded.status, mime = excluded.mime,"
			" payload_digest = excluded.payload_digest",
			ARGS(DB_T(c->dir), DB_T(c->file), DB_I(c->offset),
			     DB_I(c->length), DB_I(c->end), DB_I(c->url_id),
			     DB_T(c->url), DB_T(c->type), DB_T(c->record_id),
			     DB_T(c->date), DB_T(c->ts), DB_I(c->status),
			     DB_T(c->mime), DB_T(c->payload_digest)),
			"cannot record a capture", NULL, NULL);
}

int store_drop_capture(struct store *st, const char *dir, const char *file,
		       long long offset)
{
	return db_query(st->db, "DELETE FROM capture WHERE dir = ?1 AND"
			" file = ?2 AND \"offset\" = ?3", ARGS(DB_T(dir),
			DB_T(file), DB_I(offset)), "cannot forget a capture",
			NULL, NULL);
}

static int capture_row(struct db_row *row, void *data)
{
	struct reader *r = data;
	struct store_capture c;
	int i;

	for (i = 0; i < 14; i++)
		if (db_is_null(row, i))
			return 0;
	c.dir = db_text(row, 0);
	c.file = db_text(row, 1);
	c.offset = db_int(row, 2);
	c.length = db_int(row, 3);
	c.end = db_int(row, 4);
	c.url_id = db_int(row, 5);
	c.url = db_text(row, 6);
	c.type = db_text(row, 7);
	c.record_id = db_text(row, 8);
	c.date = db_text(row, 9);
	c.ts = db_text(row, 10);
	c.status = (long)db_int(row, 11);
	c.mime = db_text(row, 12);
	c.payload_digest = db_text(row, 13);
	return ((int (*)(const struct store_capture *, void *))r->cb)(&c,
								     r->data) ?
	       1 : 0;
}

int store_each_capture(struct store *st, const char *dir,
		       int (*cb)(const struct store_capture *c, void *data),
		       void *data)
{
	struct reader r = READER(st, cb, data);

	return db_query(st->db, "SELECT dir, file, \"offset\", length, \"end\","
			" url_id, url, type, record_id, date, ts, status, mime,"
			" payload_digest FROM capture WHERE dir = ?1"
			" ORDER BY file, \"offset\"", ARGS(DB_T(dir)),
			"cannot read captures", capture_row, &r);
}

int store_hosts_prepare(struct store *st)
{
	return db_query(st->db, "INSERT INTO host(host) SELECT DISTINCT host"
			" FROM url WHERE host != '' ON CONFLICT(host) DO NOTHING",
			NOARGS, "cannot list hosts", NULL, NULL);
}

struct claimed {
	char **host;
	long long *since;
	size_t n;
};

static int claim_row(struct db_row *r, void *data)
{
	struct claimed *c = data;
	long long last = db_int(r, 3), until = db_int(r, 2);

	if (!db_text(r, 0))
		return 0;
	c->host[c->n] = xstrdup(db_text(r, 0));
	/*
	 * A lease that ran out with its owner still named: that worker died
	 * (or stalled) and may have asked the host until the lease's end.
	 */
	c->since[c->n++] = db_text(r, 1) && until > last ? until : last;
	return 0;
}

/* The column that says when a host next has work for job. */
static const char *due_column(enum store_job job)
{
	static const char *const column[] = {
		[STORE_JOB_CHECK] = "next_s",
		[STORE_JOB_RESOLVE] = "resolve_s",
		[STORE_JOB_ARCHIVE] = "archive_s",
	};

	return column[job];
}

int store_claim_hosts(struct store *st, enum store_job job, const char *owner,
		      long long now_s, long long now_ms, long long until_ms,
		      size_t max,
		      int (*cb)(const char *host, long long since_ms,
				void *data),
		      void *data)
{
	struct claimed c;
	/* Not while another worker's request holds its turn (a hop there). */
	char *sql = xstrfmt("SELECT host, owner, until_ms, last_ms FROM host"
			    " WHERE %s <= ?1 AND until_ms < ?2 AND"
			    " (turn_by IS NULL OR turn_until_ms < ?2)"
			    " ORDER BY %s, host LIMIT ?3%s", due_column(job),
			    due_column(job), db_skip_locked(st->db));
	size_t i;
	int ret;

	c.host = xcalloc(max ? max : 1, sizeof(*c.host));
	c.since = xcalloc(max ? max : 1, sizeof(*c.since));
	c.n = 0;
	ret = db_begin(st->db) ||
	      db_query(st->db, sql, ARGS(DB_I(now_s), DB_I(now_ms),
					 DB_I(max)),
		       "cannot claim hosts", claim_row, &c) ? -1 : 0;
	for (i = 0; !ret && i < c.n; i++)
		ret = db_query(st->db, "UPDATE host SET owner = ?1,"
			       " until_ms = ?2 WHERE host = ?3",
			       ARGS(DB_T(owner), DB_I(until_ms),
				    DB_T(c.host[i])),
			       "cannot claim hosts", NULL, NULL);
	if (!ret)
		ret = db_exec(st->db, "COMMIT");
	else
		db_exec(st->db, "ROLLBACK");
	for (i = 0; i < c.n; i++) {
		if (!ret && cb(c.host[i], c.since[i], data))
			ret = -1;
		free(c.host[i]);
	}
	free(c.host);
	free(c.since);
	free(sql);
	return ret ? -1 : (int)c.n;
}

long long store_renew_leases(struct store *st, const char *owner,
			     long long until_ms)
{
	if (db_query(st->db, "UPDATE host SET until_ms = ?2 WHERE owner = ?1",
		     ARGS(DB_T(owner), DB_I(until_ms)), "cannot renew leases",
		     NULL, NULL))
		return -1;
	return db_changes(st->db);
}

int store_release_host(struct store *st, enum store_job job,
		       const char *owner, const char *host, long long last_ms,
		       long long next_s)
{
	/*
	 * What a check found is resolve's to look at again.  last_ms only
	 * grows: a turn another worker reserved (store_take_turn()) stays.
	 */
	char *sql = xstrfmt("UPDATE host SET owner = NULL, until_ms = 0,"
			    " last_ms = CASE WHEN last_ms > ?3 THEN last_ms"
			    " ELSE ?3 END, %s = ?4%s WHERE host = ?2"
			    " AND owner = ?1", due_column(job),
			    job == STORE_JOB_CHECK ?
			    ", resolve_s = 0, archive_s = 0" : "");
	int ret = db_query(st->db, sql, ARGS(DB_T(owner), DB_T(host),
					     DB_I(last_ms), DB_I(next_s)),
			   "cannot release a host", NULL, NULL);

	free(sql);
	return ret;
}

long long store_count_due_hosts(struct store *st, enum store_job job,
				long long now_s)
{
	char *sql = xstrfmt("SELECT count(*) FROM host WHERE %s <= ?1",
			    due_column(job));
	long long n = -1;

	if (db_query(st->db, sql, ARGS(DB_I(now_s)), "cannot count hosts",
		     db_first_int, &n))
		n = -1;
	free(sql);
	return n;
}

int store_take_turn(struct store *st, const char *host, const char *owner,
		    long long spacing_ms, long long now_ms, long long until_ms,
		    long long *at_ms)
{
	long long at = -1;

	if (db_query(st->db, "INSERT INTO host(host) VALUES (?1)"
		     " ON CONFLICT(host) DO NOTHING", ARGS(DB_T(host)),
		     "cannot take a turn", NULL, NULL) ||
	    /*
	     * A lease that ran out with its owner named: that worker died and
	     * may have asked the host until the lease's end (as a claim).
	     */
	    db_query(st->db, "UPDATE host SET turn_by = ?2,"
		     " turn_until_ms = ?5, turn_ms = CASE WHEN"
		     " (CASE WHEN owner IS NOT NULL AND owner != ?2 AND"
		     "  until_ms > last_ms THEN until_ms ELSE last_ms END)"
		     " + ?3 > ?4 THEN (CASE WHEN owner IS NOT NULL AND"
		     "  owner != ?2 AND until_ms > last_ms THEN until_ms"
		     "  ELSE last_ms END) + ?3 ELSE ?4 END"
		     " WHERE host = ?1 AND (turn_by IS NULL OR"
		     " turn_until_ms < ?4) AND (owner IS NULL OR owner = ?2"
		     " OR until_ms < ?4) RETURNING turn_ms",
		     ARGS(DB_T(host), DB_T(owner), DB_I(spacing_ms),
			  DB_I(now_ms), DB_I(until_ms)),
		     "cannot take a turn", db_first_int, &at))
		return -1;
	if (at >= 0) {
		*at_ms = at;
		return 1;
	}
	/*
	 * Leased to another worker: ask again in a while.  Else another's
	 * turn: the next can be no sooner than a spacing after it.
	 */
	if (db_query(st->db, "SELECT CASE WHEN owner IS NOT NULL AND"
		     " owner != ?2 AND until_ms >= ?3 THEN -1 ELSE turn_ms END"
		     " FROM host WHERE host = ?1",
		     ARGS(DB_T(host), DB_T(owner), DB_I(now_ms)),
		     "cannot take a turn", db_first_int, &at))
		return -1;
	if (at < 0) {
		*at_ms = now_ms + 200;
		return 2;
	}
	*at_ms = at + spacing_ms;
	return 0;
}

int store_end_turn(struct store *st, const char *host, const char *owner,
		   int sent, long long now_ms)
{
	return db_query(st->db, "UPDATE host SET turn_by = NULL, last_ms ="
			" CASE WHEN ?3 != 0 AND ?4 > last_ms THEN ?4"
			" ELSE last_ms END WHERE host = ?1 AND turn_by = ?2",
			ARGS(DB_T(host), DB_T(owner), DB_I(sent),
			     DB_I(now_ms)), "cannot end a turn", NULL, NULL);
}

int store_drop_turns(struct store *st, const char *owner, long long now_ms)
{
	return db_query(st->db, "UPDATE host SET turn_by = NULL, last_ms ="
			" CASE WHEN ?2 > last_ms THEN ?2 ELSE last_ms END"
			" WHERE turn_by = ?1", ARGS(DB_T(owner), DB_I(now_ms)),
			"cannot end a turn", NULL, NULL);
}

void store_limit_hosts(struct store *st, const char *owner)
{
	free(st->held_by);
	st->held_by = owner ? xstrdup(owner) : NULL;
}

void store_limit_paths(struct store *st, const char *const *paths, size_t n)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	free(st->paths_sql);
	st->paths_sql = NULL;
	st->paths = paths;
	st->npaths = n;
	for (i = 0; i < n && *paths[i]; i++) {
		struct strbuf lit = STRBUF_INIT;
		const char *p;

		/* A literal, its quotes doubled: the same on both engines. */
		for (p = paths[i]; *p; p++) {
			if (*p == '\'')
				strbuf_addch(&lit, '\'');
			strbuf_addch(&lit, *p);
		}
		strbuf_addf(&sb, "%s o.path = '%s' OR substr(o.path, 1,"
			    " length('%s/')) = '%s/'", i ? " OR" : " AND (",
			    lit.buf, lit.buf, lit.buf);
		strbuf_release(&lit);
	}
	/* An empty prefix ("." at the root) holds everything. */
	if (i < n) {
		st->paths = NULL;
		st->npaths = 0;
		strbuf_release(&sb);
		return;
	}
	if (sb.len) {
		strbuf_addch(&sb, ')');
		st->paths_sql = strbuf_detach(&sb, NULL);
	}
}

int store_hosts_limited(const struct store *st)
{
	return st->held_by != NULL;
}

static int host_verdict_row(struct db_row *row, void *data)
{
	struct reader *r = data;
	enum context ctx;
	enum verdict v = V__COUNT;

	if (!db_text(row, 0) || !db_text(row, 1))
		return 0;
	if (read_context(db_text(row, 1), &ctx) ||
	    (db_text(row, 3) && read_verdict(db_text(row, 3), &v)))
		return -1;
	return ((int (*)(const char *, enum context, unsigned, enum verdict,
			 void *))r->cb)(db_text(row, 0), ctx,
					(unsigned)db_int(row, 2), v,
					r->data) ? 1 : 0;
}

int store_each_tree_host_verdict(struct store *st,
				 int (*cb)(const char *host,
					   enum context context,
					   unsigned flags,
					   enum verdict verdict, void *data),
				 void *data)
{
	struct reader r = READER(st, cb, data);

	return db_query(st->db, "SELECT u.host, o.context, o.flags,"
			" (SELECT c.verdict FROM checks c WHERE"
			"  c.url_id = u.id ORDER BY c.at DESC LIMIT 1)"
			" FROM occurrence o JOIN url u ON u.id = o.url_id"
			" WHERE o.tree_id = ?1 OR ?1 = 0",
			ARGS(DB_I(st->tree)), "cannot read verdicts",
			host_verdict_row, &r);
}

int store_each_tree_of_held(struct store *st, const char *owner,
			    int (*cb)(const struct store_tree *t, void *data),
			    void *data)
{
	struct reader r = READER(st, cb, data);

	return db_query(st->db, "SELECT t.id, t.name, t.version, t.root,"
			" t.scanned_at FROM tree t"
			" WHERE EXISTS (SELECT 1 FROM occurrence o"
			"  JOIN url u ON u.id = o.url_id"
			"  JOIN host h ON h.host = u.host"
			"  WHERE o.tree_id = t.id AND h.owner = ?1)"
			" ORDER BY t.name", ARGS(DB_T(owner)),
			"cannot list trees", tree_row, &r);
}

static int host_url_row(struct db_row *row, void *data)
{
	struct reader *r = data;
	struct store_url u;
	struct store_check c;

	u.id = db_int(row, 0);
	u.url = db_text(row, 1);
	u.host = db_text(row, 2);
	if (!u.url || !u.host)
		return 0;
	memset(&c, 0, sizeof(c));
	c.url_id = u.id;
	c.at = db_int(row, 3);
	c.verdict = db_text(row, 4) ? verdict_from_name(db_text(row, 4)) :
		    V__COUNT;
	c.chain = c.detail = c.digest = "";
	return ((int (*)(const struct store_url *, const struct store_check *,
			 void *))r->cb)(&u, c.verdict != V__COUNT ? &c : NULL,
					r->data);
}

int store_each_host_url(struct store *st, const char *host,
			int (*cb)(const struct store_url *u,
				  const struct store_check *last, void *data),
			void *data)
{
	struct reader r = READER(st, cb, data);

	return db_query(st->db, "SELECT u.id, u.url, u.host, c.at, c.verdict"
			" FROM url u LEFT JOIN checks c ON c.url_id = u.id"
			"  AND c.at = (SELECT max(at) FROM checks d"
			"  WHERE d.url_id = u.id)"
			" WHERE u.host = ?1 AND " CHECKABLE("0", "?2")
			" ORDER BY u.url", ARGS(DB_T(host), DB_I(OCC_NOT_CHECKED)),
			"cannot read urls", host_url_row, &r);
}

int store_has_fates(const struct store *st)
{
	return st->has_fate;
}

static int need_fates(struct store *st, const char *what)
{
	if (need_tree(st, what))
		return -1;
	if (!st->has_fate)
		return error("store '%s': %s: it is read only here and of "
			     "schema 5 (no fates)", st->path, what);
	return 0;
}

int store_put_written(struct store *st, const struct store_fate *f)
{
	if (need_fates(st, "cannot record a written edit"))
		return -1;
	/* A sent edit written again is its next version, still owed. */
	return db_query(st->db, "INSERT INTO fate(tree_id, path, old_url,"
			" new_url, line, line_after, state, patch, dir,"
			" written_at, sent_at, first_id, version, prev_line,"
			" next_line, line_was, prior_url, message_id)"
			" VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'written', ?7, ?8,"
			" ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)"
			" ON CONFLICT(tree_id, path, old_url, new_url)"
			" DO UPDATE"
			" SET line = excluded.line,"
			" line_after = excluded.line_after,"
			" prev_line = excluded.prev_line,"
			" next_line = excluded.next_line,"
			" line_was = excluded.line_was,"
			" message_id = excluded.message_id,"
			" prior_url = COALESCE(excluded.prior_url,"
			"  CASE WHEN fate.state = 'sent' THEN NULL"
			"  ELSE fate.prior_url END),"
			" version = CASE WHEN fate.state = 'sent'"
			"  THEN fate.version + 1 ELSE fate.version END,"
			" state = 'written', how = NULL,"
			" patch = excluded.patch,"
			" dir = excluded.dir, written_at = excluded.written_at",
			ARGS(DB_I(st->tree), DB_T(f->path), DB_T(f->old_url),
			     DB_T(f->new_url), DB_I(f->line),
			     DB_T(f->line_after), DB_T(f->patch), DB_T(f->dir),
			     DB_I(f->written_at), DB_I(f->sent_at),
			     DB_T(f->first_id),
			     DB_I(f->version > 0 ? f->version : 1),
			     DB_T(f->prev_line), DB_T(f->next_line),
			     DB_T(f->line_was), DB_T(f->prior_url),
			     DB_T(f->message_id)),
			"cannot record a written edit", NULL, NULL);
}

static int fate_row(struct db_row *row, void *data)
{
	struct reader *r = data;
	struct store_fate f;

	f.path = db_text(row, 0);
	f.old_url = db_text(row, 1);
	f.new_url = db_text(row, 2);
	f.line = (unsigned)db_int(row, 3);
	f.line_after = db_text(row, 4);
	f.state = db_text(row, 5);
	f.how = db_text(row, 6);
	f.patch = db_text(row, 7);
	f.dir = db_text(row, 8);
	f.written_at = db_int(row, 9);
	f.sent_at = db_int(row, 10);
	f.message_id = db_text(row, 11);
	f.first_id = db_text(row, 12);
	f.via = db_text(row, 13);
	f.version = (int)db_int(row, 14);
	f.seen_at = db_int(row, 15);
	f.prev_line = db_text(row, 16);
	f.next_line = db_text(row, 17);
	f.line_was = db_text(row, 18);
	f.prior_url = db_text(row, 19);
	if (!f.path || !f.old_url || !f.new_url || !f.line_after || !f.state)
		return 0;
	return ((int (*)(const struct store_fate *, void *))r->cb)(&f,
								  r->data) ?
	       1 : 0;
}

int store_each_fate(struct store *st,
		    int (*cb)(const struct store_fate *f, void *data),
		    void *data)
{
	struct reader r = READER(st, cb, data);

	if (!st->has_fate)
		return 0;
	return db_query(st->db, "SELECT path, old_url, new_url, line,"
			" line_after, state, how, patch, dir, written_at,"
			" sent_at, message_id, first_id, via, version, seen_at,"
			" prev_line, next_line, line_was, prior_url FROM fate"
			" WHERE tree_id = ?1"
			" ORDER BY path, old_url, new_url",
			ARGS(DB_I(st->tree)), "cannot read fates", fate_row,
			&r);
}

int store_set_fate(struct store *st, const char *path, const char *old_url,
		   const char *new_url, const char *state, const char *how,
		   long long at)
{
	return need_fates(st, "cannot record a fate") ||
	       db_query(st->db, "UPDATE fate SET state = ?5, how = ?6,"
			" seen_at = ?7 WHERE tree_id = ?1 AND path = ?2"
			" AND old_url = ?3 AND new_url = ?4",
			ARGS(DB_I(st->tree), DB_T(path), DB_T(old_url),
			     DB_T(new_url), DB_T(state), DB_T(how), DB_I(at)),
			"cannot record a fate", NULL, NULL) ? -1 : 0;
}

int store_unsend(struct store *st, const char *path, const char *old_url,
		 const char *new_url)
{
	return need_fates(st, "cannot record a fate") ||
	       db_query(st->db, "UPDATE fate SET state = 'written',"
			" sent_at = 0, message_id = NULL, first_id = NULL,"
			" via = NULL, version = 1 WHERE tree_id = ?1"
			" AND path = ?2 AND old_url = ?3 AND new_url = ?4",
			ARGS(DB_I(st->tree), DB_T(path), DB_T(old_url),
			     DB_T(new_url)), "cannot record a fate", NULL,
			NULL) ? -1 : 0;
}

long long store_mark_sent(struct store *st, const char *patch,
			  const char *message_id, const char *first_id,
			  const char *via, long long at)
{
	/* The first send's thread stays the thread of every resend. */
	if (need_fates(st, "cannot record a sent patch") ||
	    db_query(st->db, "UPDATE fate SET state = 'sent', sent_at = ?3,"
		     " message_id = ?4,"
		     " first_id = COALESCE(first_id, ?5, ?4), via = ?6"
		     " WHERE tree_id = ?1 AND state = 'written' AND"
		     " (patch = ?2 OR (CAST(?4 AS TEXT) IS NOT NULL"
		     "  AND message_id = ?4))",
		     ARGS(DB_I(st->tree), DB_T(patch), DB_I(at),
			  DB_T(message_id), DB_T(first_id), DB_T(via)),
		     "cannot record a sent patch", NULL, NULL))
		return -1;
	return db_changes(st->db);
}

int store_put_refusal(struct store *st, const struct store_refusal *r)
{
	return need_fates(st, "cannot record a refusal") ||
	       db_query(st->db, "INSERT INTO refusal(tree_id, path, old_url,"
			" new_url, reason, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)"
			" ON CONFLICT(tree_id, path, old_url, new_url)"
			" DO UPDATE SET reason = excluded.reason,"
			" at = excluded.at",
			ARGS(DB_I(st->tree), DB_T(r->path), DB_T(r->old_url),
			     DB_T(r->new_url), DB_T(r->reason ? r->reason : ""),
			     DB_I(r->at)),
			"cannot record a refusal", NULL, NULL) ? -1 : 0;
}

long long store_drop_refusal(struct store *st, const char *path,
			     const char *old_url, const char *new_url)
{
	if (need_fates(st, "cannot withdraw a refusal") ||
	    db_query(st->db, "DELETE FROM refusal WHERE tree_id = ?1"
		     " AND path = ?2 AND old_url = ?3"
		     " AND (CAST(?4 AS TEXT) IS NULL OR new_url = ?4)",
		     ARGS(DB_I(st->tree), DB_T(path), DB_T(old_url),
			  DB_T(new_url)), "cannot withdraw a refusal", NULL,
		     NULL))
		return -1;
	return db_changes(st->db);
}

static int refusal_row(struct db_row *row, void *data)
{
	struct reader *r = data;
	struct store_refusal f;

	f.path = db_text(row, 0);
	f.old_url = db_text(row, 1);
	f.new_url = db_text(row, 2);
	f.reason = db_text(row, 3);
	f.at = db_int(row, 4);
	if (!f.path || !f.old_url || !f.new_url || !f.reason)
		return 0;
	return ((int (*)(const struct store_refusal *, void *))r->cb)(&f,
								     r->data) ?
	       1 : 0;
}

int store_each_refusal(struct store *st,
		       int (*cb)(const struct store_refusal *r, void *data),
		       void *data)
{
	struct reader r = READER(st, cb, data);

	if (!st->has_fate)
		return 0;
	return db_query(st->db, "SELECT path, old_url, new_url, reason, at"
			" FROM refusal WHERE tree_id = ?1"
			" ORDER BY path, old_url, new_url",
			ARGS(DB_I(st->tree)), "cannot read refusals",
			refusal_row, &r);
}

/*
 * The digest the routing table is keyed by: the key's parts, each ended
 * by a NUL, which none holds.
 */
static void routing_key(const struct store_routing *r, char out[65])
{
	struct strbuf sb = STRBUF_INIT;
	const char *part[] = { r->revision, r->files, r->keywords,
			       r->options };
	size_t i;

	for (i = 0; i < sizeof(part) / sizeof(part[0]); i++) {
		strbuf_addstr(&sb, part[i] ? part[i] : "");
		strbuf_add(&sb, "", 1);
	}
	sha256_hex(sb.buf, sb.len, out);
	strbuf_release(&sb);
}

int store_get_routing(struct store *st, const struct store_routing *r,
		      char **answer)
{
	char key[65];

	*answer = NULL;
	if (!st->has_routing)
		return 0;
	if (need_tree(st, "cannot read kept recipients"))
		return -1;
	routing_key(r, key);
	/* The parts compared too: a digest's collision is no answer. */
	return db_query(st->db, "SELECT answer FROM routing WHERE tree_id = ?1"
			" AND key = ?2 AND revision = ?3 AND files = ?4"
			" AND keywords = ?5 AND options = ?6",
			ARGS(DB_I(st->tree), DB_T(key), DB_T(r->revision),
			     DB_T(r->files), DB_T(r->keywords),
			     DB_T(r->options)),
			"cannot read kept recipients", db_first_text, answer);
}

int store_put_routing(struct store *st, const struct store_routing *r,
		      size_t n, long long now)
{
	char key[65];
	size_t i;

	if (!n)
		return 0;
	if (!st->has_routing)
		return error("store '%s': cannot keep recipients: it is read "
			     "only here and of schema 5 to 7", st->path);
	if (need_tree(st, "cannot keep recipients") ||
	    db_query(st->db, "DELETE FROM routing WHERE tree_id = ?1"
		     " AND revision <> ?2",
		     ARGS(DB_I(st->tree), DB_T(r[0].revision)),
		     "cannot keep recipients", NULL, NULL))
		return -1;
	for (i = 0; i < n; i++) {
		routing_key(&r[i], key);
		if (db_query(st->db, "INSERT INTO routing(tree_id, key,"
			     " revision, files, keywords, options, answer, at)"
			     " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"
			     " ON CONFLICT(tree_id, key) DO UPDATE"
			     " SET answer = excluded.answer, at = excluded.at",
			     ARGS(DB_I(st->tree), DB_T(key),
				  DB_T(r[i].revision), DB_T(r[i].files),
				  DB_T(r[i].keywords), DB_T(r[i].options),
				  DB_T(r[i].answer), DB_I(now)),
			     "cannot keep recipients", NULL, NULL))
			return -1;
	}
	return 0;
}
