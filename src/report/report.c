// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The report model.  Every occurrence gets one state, from its URL's
 * newest check and its own resolution, so that the totals, the area bars
 * and the table all count the same thing:
 *
 *   alive       the newest check found the page (or a temporary
 *               redirect, or a server that refuses robots)
 *   moved       a new live location is known (a permanent redirect, or
 *               a replacement of kind moved, upgrade, typo, migrated,
 *               canonical)
 *   dead        dead, and replaced by an archived copy
 *   unresolved  dead (confirmed) or moved, and no replacement found
 *   failing     failed checks, not yet confirmed dead
 *   unchecked   never requested (example, placeholder, identifier,
 *               licence, truncated, or not checked yet)
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../lib/json.h"
#include "../lib/strbuf.h"
#include "../lib/strmap.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "../lib/vocab.h"
#include "../project/maintainers.h"
#include "../rewrite/keep.h"
#include "../rewrite/judge.h"
#include "report.h"

struct r_check {
	long long at;
	enum verdict verdict;
	char *final_url, *chain, *detail;
	long status, ms;
	int curl_code;
};

struct r_occ {
	char *path;
	enum context context;
	unsigned flags;
	const char *area;		/* interned in areas */
	unsigned line, col;
	long long start, end;
	size_t link;
	enum kind kind;			/* K__COUNT: none recorded */
	char *replacement, *edit, *evidence;
	char *via;			/* the evidence's tag, or NULL */
	int applied;
	enum link_state state;
	char *owner, *owner_why;	/* whose text it is, or NULL */
	int judged;			/* judgement holds the judge's */
	struct judgement judgement;
	char *says;			/* the judge's sentence when left */
};

struct r_link {
	long long id;
	char *url, *host;
	struct r_check *checks;
	size_t nchecks, achecks;
	size_t nocc;
	int failures, dead;
	enum link_state state;
};

struct build {
	const struct report_opts *o;
	struct maintainers maint;
	int have_maint;
	struct strmap area_of;	/* path -> area name */
	struct strmap by_id;	/* url id -> link index + 1 */
	struct strmap by_pos;	/* "path\tstart" -> occurrence index + 1 */
	struct r_link *links;
	size_t nlinks, alinks;
	struct r_occ *occ;
	size_t nocc, aocc;
	struct judge_counts left;
};

static char *iso_time(long long t)
{
	char buf[32];
	time_t tt = (time_t)t;
	struct tm tm;

	if (!gmtime_r(&tt, &tm) ||
	    !strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm))
		return xstrdup("1970-01-01T00:00:00Z");
	return xstrdup(buf);
}

static json_t *time_json(long long t)
{
	char *s = iso_time(t);
	json_t *j = json_string(s);

	free(s);
	return j;
}

static const char *area_for(struct build *b, const char *path)
{
	void **slot = strmap_put(&b->area_of, path);
	const char *slash;

	if (*slot)
		return *slot;
	if (b->have_maint) {
		const char *owner = maintainers_owner(&b->maint, path);

		if (owner) {
			*slot = xstrdup(owner);
			return *slot;
		}
	}
	slash = strchr(path, '/');
	*slot = slash ? xstrndup(path, (size_t)(slash - path + 1)) :
			xstrdup("(top level)");
	return *slot;
}

static int add_occ(const struct store_occ *so, void *data)
{
	struct build *b = data;
	char key[32], *pos;
	void **slot;
	size_t k;
	struct r_occ *o;

	snprintf(key, sizeof(key), "%lld", so->url_id);
	slot = strmap_put(&b->by_id, key);
	k = (size_t)*slot;
	if (!k) {
		struct r_link *l;

		ALLOC_GROW(b->links, b->nlinks + 1, b->alinks);
		l = &b->links[b->nlinks++];
		memset(l, 0, sizeof(*l));
		l->id = so->url_id;
		l->url = xstrdup(so->key);
		l->host = xstrdup(so->host);
		k = b->nlinks;
		*slot = (void *)k;
	}
	b->links[k - 1].nocc++;
	ALLOC_GROW(b->occ, b->nocc + 1, b->aocc);
	o = &b->occ[b->nocc++];
	memset(o, 0, sizeof(*o));
	o->path = xstrdup(so->path);
	o->context = so->context;
	o->kind = K__COUNT;
	o->flags = so->flags;
	o->area = area_for(b, so->path);
	o->line = so->line;
	o->col = so->col;
	o->start = so->start;
	o->end = so->end;
	o->link = k - 1;
	o->owner = so->owner ? xstrdup(so->owner) : NULL;
	o->owner_why = so->owner_why ? xstrdup(so->owner_why) : NULL;
	pos = xstrfmt("%s\t%lld", so->path, so->start);
	*strmap_put(&b->by_pos, pos) = (void *)b->nocc;
	free(pos);
	return 0;
}

static int add_check(const struct store_check *sc, void *data)
{
	struct build *b = data;
	char key[32];
	size_t k;
	struct r_link *l;
	struct r_check *c;

	snprintf(key, sizeof(key), "%lld", sc->url_id);
	k = (size_t)strmap_get(&b->by_id, key);
	if (!k)
		return 0;	/* a URL no occurrence names any more */
	l = &b->links[k - 1];
	ALLOC_GROW(l->checks, l->nchecks + 1, l->achecks);
	c = &l->checks[l->nchecks++];
	c->at = sc->at;
	c->verdict = sc->verdict;
	c->final_url = sc->final_url ? xstrdup(sc->final_url) : NULL;
	c->chain = xstrdup(sc->chain ? sc->chain : "");
	c->detail = xstrdup(sc->detail ? sc->detail : "");
	c->status = sc->status;
	c->ms = sc->ms;
	c->curl_code = sc->curl_code;
	return 0;
}

static int add_resolution(const struct store_edit *e, void *data)
{
	struct build *b = data;
	char *pos = xstrfmt("%s\t%lld", e->path, e->start);
	size_t k = (size_t)strmap_get(&b->by_pos, pos);
	struct r_occ *o;

	free(pos);
	if (!k)
		return 0;
	o = &b->occ[k - 1];
	o->kind = e->kind;
	free(o->evidence);
	o->evidence = xstrdup(e->evidence);
	free(o->via);
	o->via = e->via ? xstrdup(e->via) : NULL;
	o->applied = e->applied;
	if (e->replacement && e->kind != K_UNRESOLVED) {
		o->replacement = xstrdup(e->replacement);
		/* The bytes fix would write; a wrapped span is not one run. */
		if (e->edit && !(e->flags & OCC_WRAPPED))
			o->edit = xstrdup(e->edit);
	}
	return 0;
}

/*
 * Whose text each occurrence is, where the store does not say (resolve
 * records it for dead links only): judged from the tree as it is now
 * (keep_judge()), each file read once; none without the tree's root.
 */
static void set_owners(struct build *b)
{
	struct strbuf buf = STRBUF_INIT, why = STRBUF_INIT;
	const char *cur = NULL;
	struct keep_tree kt;
	int have = 0;
	size_t i;

	if (!b->o->root)
		return;
	keep_tree_init(&kt, b->o->root, b->o->cfg);
	for (i = 0; i < b->nocc; i++) {
		struct r_occ *o = &b->occ[i];
		enum keep_reason r;

		if (o->owner)
			continue;
		if (!cur || strcmp(cur, o->path)) {
			char *full = xstrfmt("%s/%s", b->o->root, o->path);

			strbuf_reset(&buf);
			have = !strbuf_read_file(&buf, full);
			free(full);
			cur = o->path;
		}
		if (!have || o->start < 0 || (size_t)o->start > buf.len)
			continue;
		strbuf_reset(&why);
		r = keep_judge(o->path, o->context, buf.buf, buf.len,
			       (size_t)o->start, b->links[o->link].url, &kt,
			       &why);
		o->owner = xstrdup(keep_owner(r));
		o->owner_why = xstrdup(why.buf);
	}
	keep_tree_release(&kt);
	strbuf_release(&buf);
	strbuf_release(&why);
}

/*
 * Occurrences by whose text they are: how many, and up to three
 * examples of each class that is not the project's prose.
 */
static json_t *owners_json(const struct build *b)
{
	json_t *j = json_object();
	size_t i;

	for (i = 0; i < b->nocc; i++) {
		const struct r_occ *o = &b->occ[i];
		json_t *c, *ex;

		if (!o->owner)
			continue;
		c = json_object_get(j, o->owner);
		if (!c) {
			c = json_object();
			json_object_set_new(c, "occurrences", json_integer(0));
			json_object_set_new(c, "examples", json_array());
			json_object_set_new(j, o->owner, c);
		}
		json_object_set_new(c, "occurrences", json_integer(
			json_integer_value(json_object_get(c, "occurrences")) + 1));
		ex = json_object_get(c, "examples");
		if (strcmp(o->owner, "prose") && json_array_size(ex) < 3) {
			json_t *e = json_object();

			json_object_set_new(e, "path", json_text(o->path));
			json_object_set_new(e, "line", json_integer(o->line));
			json_object_set_new(e, "url",
					    json_text(b->links[o->link].url));
			json_object_set_new(e, "why", json_text(o->owner_why));
			json_array_append_new(ex, e);
		}
	}
	return j;
}

static void set_states(struct build *b)
{
	size_t i;

	for (i = 0; i < b->nlinks; i++) {
		struct r_link *l = &b->links[i];
		struct check_history *h;
		size_t k;

		if (!l->nchecks)
			continue;
		h = xcalloc(l->nchecks, sizeof(*h));
		for (k = 0; k < l->nchecks; k++) {
			h[k].at = l->checks[k].at;
			h[k].verdict = l->checks[k].verdict;
		}
		l->dead = check_is_dead(h, l->nchecks, b->o->confirm,
					b->o->spacing_s, &l->failures);
		free(h);
	}
	for (i = 0; i < b->nocc; i++) {
		struct r_occ *o = &b->occ[i];
		struct r_link *l = &b->links[o->link];
		enum link_state s;

		if (!l->nchecks) {
			o->state = LS_UNCHECKED;
			continue;
		}
		/* The verdict's state, then what resolve found for it. */
		s = verdict_state(l->checks[l->nchecks - 1].verdict);
		if (s == LS_UNCHECKED && o->kind == K__COUNT)
			o->state = LS_UNCHECKED;	/* never requested */
		else if (o->kind == K_ARCHIVED)
			o->state = LS_DEAD;
		else if (o->kind != K__COUNT && o->kind != K_UNRESOLVED)
			o->state = LS_MOVED;
		else if (s == LS_ALIVE || s == LS_UNCHECKED)
			o->state = LS_ALIVE;
		else if (o->kind != K__COUNT || (s != LS_MOVED && l->dead))
			o->state = LS_UNRESOLVED;
		else if (s == LS_MOVED)
			o->state = LS_MOVED;
		else
			o->state = LS_FAILING;
	}
	/* A link's state is the one most of its occurrences have. */
	{
		size_t (*n)[LS__COUNT] = xcalloc(b->nlinks ? b->nlinks : 1,
						sizeof(*n));
		for (i = 0; i < b->nocc; i++)
			n[b->occ[i].link][b->occ[i].state]++;
		for (i = 0; i < b->nlinks; i++) {
			int s, best = 0;

			for (s = 1; s < LS__COUNT; s++)
				if (n[i][s] > n[i][best])
					best = s;
			b->links[i].state = (enum link_state)best;
		}
		free(n);
	}
}

/* "301 URL; 302 URL" as [{status, url}]. */
static json_t *chain_json(const char *chain)
{
	json_t *a = json_array();
	const char *p = chain;

	while (p && *p) {
		const char *end = strstr(p, "; ");
		size_t len = end ? (size_t)(end - p) : strlen(p);
		char *hop = xstrndup(p, len), *sp = strchr(hop, ' ');
		json_t *o = json_object();

		json_object_set_new(o, "status",
				    json_integer(strtol(hop, NULL, 10)));
		json_object_set_new(o, "url", json_text(sp ? sp + 1 : hop));
		json_array_append_new(a, o);
		free(hop);
		p = end ? end + 2 : NULL;
	}
	return a;
}

static char *source_link(const struct report_opts *o, const struct r_occ *oc)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p;

	if (!o->source_url) {
		strbuf_addf(&sb, "file://%s/%s", o->root ? o->root : ".",
			    oc->path);
		return strbuf_detach(&sb, NULL);
	}
	for (p = o->source_url; *p; p++) {
		if (!strncmp(p, "{path}", 6)) {
			strbuf_addstr(&sb, oc->path);
			p += 5;
		} else if (!strncmp(p, "{line}", 6)) {
			strbuf_addf(&sb, "%u", oc->line);
			p += 5;
		} else {
			strbuf_addch(&sb, *p);
		}
	}
	return strbuf_detach(&sb, NULL);
}

/*
 * What series would leave as it is (rewrite/judge.h), for each moved or
 * archived occurrence of a tree report knows: read from the tree, as
 * series judges it with its defaults.
 */
static void judge_all(struct build *b)
{
	struct judge j;
	struct strbuf buf = STRBUF_INIT;
	const char *at = NULL;
	size_t i;
	int have = 0;

	if (!b->o->root)
		return;
	judge_init(&j, b->o->root, NULL, 0);
	for (i = 0; i < b->nocc; i++) {
		struct r_occ *o = &b->occ[i];
		const char *url = b->links[o->link].url, *words = NULL;
		size_t n = 0;

		if ((o->kind != K_MOVED && o->kind != K_ARCHIVED) ||
		    !o->replacement)
			continue;
		if (!at || strcmp(at, o->path)) {
			char *full = xstrfmt("%s/%s", b->o->root, o->path);

			strbuf_reset(&buf);
			have = !strbuf_read_file(&buf, full);
			free(full);
			at = o->path;
		}
		if (have && o->start >= 0 && (size_t)o->start <= buf.len)
			words = judge_words(buf.buf, buf.len, (size_t)o->start,
					    &n);
		judge_link(&j, o->path, url, o->kind, o->replacement,
			   o->evidence, words, n, &o->judgement);
		o->judged = 1;
		if (o->judgement.left != LEFT_NONE) {
			struct strbuf sb = STRBUF_INIT;

			judge_say(&o->judgement, url, o->replacement,
				  o->evidence, &sb);
			o->says = strbuf_detach(&sb, NULL);
			b->left.n[o->judgement.left]++;
		}
	}
	strbuf_release(&buf);
	judge_release(&j);
}

static json_t *judged_json(const struct r_occ *o)
{
	const struct judgement *d = &o->judgement;

	return json_pack("{s:s, s:s, s:s, s:o, s:o, s:o}",
			 "purpose", purpose_store_name(d->purpose),
			 "purpose_why", d->purpose_why ? d->purpose_why : "",
			 "site", whose_kind_name(d->owner),
			 "site_why", json_text(d->owner_why),
			 "left", d->left != LEFT_NONE ?
			 json_string(left_reason_name(d->left)) : json_null(),
			 "says", json_text(o->says));
}

static json_t *left_json(const struct build *b)
{
	json_t *j = json_object(), *by = json_object();
	size_t i, total = 0;

	for (i = 1; i < LEFT__COUNT; i++)
		if (b->left.n[i]) {
			json_object_set_new(by,
				left_reason_name((enum left_reason)i),
				json_integer((json_int_t)b->left.n[i]));
			total += b->left.n[i];
		}
	json_object_set_new(j, "total", json_integer((json_int_t)total));
	json_object_set_new(j, "reasons", by);
	return j;
}

static json_t *occ_json(const struct build *b, const struct r_occ *o)
{
	json_t *j = json_object();
	char *href = source_link(b->o, o);

	json_object_set_new(j, "path", json_text(o->path));
	json_object_set_new(j, "line", json_integer(o->line));
	json_object_set_new(j, "col", json_integer(o->col));
	json_object_set_new(j, "offset", json_integer(o->start));
	json_object_set_new(j, "length", json_integer(o->end - o->start));
	json_object_set_new(j, "context",
			    json_string(context_name(o->context)));
	json_object_set_new(j, "flags", json_flags(o->flags));
	json_object_set_new(j, "area", json_text(o->area));
	json_object_set_new(j, "state",
			    json_string(link_state_name(o->state)));
	json_object_set_new(j, "href", json_text(href));
	free(href);
	json_object_set_new(j, "owner", o->owner ? json_text(o->owner) :
			    json_null());
	json_object_set_new(j, "owner_why", o->owner_why ?
			    json_text(o->owner_why) : json_null());
	if (o->kind != K__COUNT) {
		json_t *r = json_object();

		json_object_set_new(r, "kind", json_string(kind_name(o->kind)));
		json_object_set_new(r, "replacement", json_text(o->replacement));
		json_object_set_new(r, "edit", json_text(o->edit));
		json_object_set_new(r, "evidence", json_text(o->evidence));
		json_object_set_new(r, "via", o->via ? json_string(o->via) :
				    json_null());
		json_object_set_new(r, "applied", json_boolean(o->applied));
		if (o->judged)
			json_object_set_new(r, "judged", judged_json(o));
		json_object_set_new(j, "resolution", r);
	} else {
		json_object_set_new(j, "resolution", json_null());
	}
	return j;
}

static json_t *link_json(const struct build *b, const struct r_link *l,
			 json_t *occs)
{
	json_t *j = json_object(), *checks = json_array();
	const struct r_check *last = l->nchecks ? &l->checks[l->nchecks - 1] :
				     NULL;
	size_t k;

	json_object_set_new(j, "url", json_text(l->url));
	json_object_set_new(j, "host", json_text(l->host));
	json_object_set_new(j, "state",
			    json_string(link_state_name(l->state)));
	json_object_set_new(j, "verdict", last ?
			    json_string(verdict_name(last->verdict)) :
			    json_null());
	json_object_set_new(j, "status", last && last->status ?
			    json_integer(last->status) : json_null());
	json_object_set_new(j, "checked_at", last ? time_json(last->at) :
			    json_null());
	json_object_set_new(j, "detail", last ? json_text(last->detail) :
			    json_null());
	json_object_set_new(j, "final_url", last ? json_text(last->final_url) :
			    json_null());
	json_object_set_new(j, "chain", chain_json(last ? last->chain : NULL));
	json_object_set_new(j, "dead", json_boolean(l->dead));
	json_object_set_new(j, "failures", json_integer(l->failures));
	for (k = 0; k < l->nchecks; k++) {
		const struct r_check *c = &l->checks[k];
		json_t *cj = json_object();

		json_object_set_new(cj, "at", time_json(c->at));
		json_object_set_new(cj, "verdict",
				    json_string(verdict_name(c->verdict)));
		json_object_set_new(cj, "status", c->status ?
				    json_integer(c->status) : json_null());
		json_object_set_new(cj, "curl_code", json_integer(c->curl_code));
		json_object_set_new(cj, "final_url", json_text(c->final_url));
		json_object_set_new(cj, "detail", json_text(c->detail));
		json_object_set_new(cj, "ms", json_integer(c->ms));
		json_array_append_new(checks, cj);
	}
	json_object_set_new(j, "checks", checks);
	json_object_set_new(j, "occurrences", occs);
	(void)b;
	return j;
}

static json_t *states_json(const size_t *n)
{
	json_t *j = json_object();
	size_t total = 0;
	int s;

	for (s = 0; s < LS__COUNT; s++) {
		json_object_set_new(j, link_state_name(s),
				    json_integer((json_int_t)n[s]));
		total += n[s];
	}
	json_object_set_new(j, "total", json_integer((json_int_t)total));
	return j;
}

static void count_in(json_t *obj, const char *key)
{
	json_t *v = json_object_get(obj, key);

	json_object_set_new(obj, key,
			    json_integer(v ? json_integer_value(v) + 1 : 1));
}

struct tally {
	char *name;
	size_t n[LS__COUNT];
	size_t links;
	struct strmap verdicts;	/* hosts: verdict -> count */
};

static struct tally *tally_get(struct strmap *m, const char *name)
{
	void **slot = strmap_put(m, name);

	if (!*slot) {
		struct tally *t = xcalloc(1, sizeof(*t));

		t->name = xstrdup(name);
		*slot = t;
	}
	return *slot;
}

static size_t tally_bad(const struct tally *t)
{
	return t->n[LS_DEAD] + t->n[LS_UNRESOLVED] + t->n[LS_FAILING] +
	       t->n[LS_MOVED];
}

static int tally_cmp(const void *a, const void *b)
{
	const struct tally *x = *(const struct tally *const *)a;
	const struct tally *y = *(const struct tally *const *)b;
	size_t bx = tally_bad(x), by = tally_bad(y);

	if (bx != by)
		return bx < by ? 1 : -1;
	return strcmp(x->name, y->name);
}

static void tally_free(void *v)
{
	struct tally *t = v;

	strmap_clear(&t->verdicts, NULL);
	free(t->name);
	free(t);
}

static struct tally **tally_sorted(struct strmap *m, size_t *n)
{
	struct strmap_entry *e;
	struct tally **v;
	size_t k = 0;

	v = xcalloc(m->nr ? m->nr : 1, sizeof(*v));
	strmap_for_each(m, e)
		v[k++] = e->value;
	qsort(v, k, sizeof(*v), tally_cmp);
	*n = k;
	return v;
}

static json_t *areas_json(struct build *b)
{
	struct strmap m = STRMAP_INIT;
	struct tally **v;
	json_t *a = json_array();
	size_t i, n;

	for (i = 0; i < b->nocc; i++)
		tally_get(&m, b->occ[i].area)->n[b->occ[i].state]++;
	v = tally_sorted(&m, &n);
	for (i = 0; i < n; i++) {
		json_t *o = states_json(v[i]->n);

		json_object_set_new(o, "name", json_text(v[i]->name));
		json_array_append_new(a, o);
	}
	free(v);
	strmap_clear(&m, tally_free);
	return a;
}

static const char *host_fate(const struct tally *t)
{
	size_t checked = t->links - t->n[LS_UNCHECKED];
	size_t bad = t->n[LS_DEAD] + t->n[LS_UNRESOLVED] + t->n[LS_FAILING];

	if (!checked)
		return link_state_name(LS_UNCHECKED);
	if (!bad)
		return t->n[LS_MOVED] ? "moved" : "alive";
	return bad == checked ? "dead" : "mixed";
}

static json_t *hosts_json(struct build *b)
{
	struct strmap m = STRMAP_INIT;
	struct tally **v;
	json_t *a = json_array();
	size_t i, n;

	/* Hosts count links (URLs), not occurrences. */
	for (i = 0; i < b->nlinks; i++) {
		struct r_link *l = &b->links[i];
		struct tally *t;
		void **slot;

		if (!*l->host)
			continue;
		t = tally_get(&m, l->host);
		t->n[l->state]++;
		t->links++;
		if (l->nchecks) {
			enum verdict v = l->checks[l->nchecks - 1].verdict;

			slot = strmap_put(&t->verdicts, verdict_name(v));
			*slot = (void *)((size_t)*slot + 1);
		}
	}
	v = tally_sorted(&m, &n);
	for (i = 0; i < n; i++) {
		json_t *o = states_json(v[i]->n), *vj = json_object();
		struct strmap_entry *e;

		json_object_del(o, "total");
		json_object_set_new(o, "host", json_text(v[i]->name));
		json_object_set_new(o, "links", json_integer((json_int_t)v[i]->links));
		json_object_set_new(o, "fate", json_string(host_fate(v[i])));
		strmap_for_each(&v[i]->verdicts, e)
			json_object_set_new(vj, e->key,
					    json_integer((json_int_t)(size_t)e->value));
		json_object_set_new(o, "verdicts", vj);
		json_array_append_new(a, o);
	}
	free(v);
	strmap_clear(&m, tally_free);
	return a;
}

static json_t *model_json(struct build *b)
{
	json_t *m = json_object(), *links = json_array(), *tot = json_object();
	json_t *verdicts = json_object(), *kinds = json_object();
	json_t **occs = xcalloc(b->nlinks ? b->nlinks : 1, sizeof(*occs));
	size_t i, states[LS__COUNT] = { 0 }, checked = 0, refused = 0;
	struct strmap hosts = STRMAP_INIT;

	json_object_set_new(m, "schema", json_string("linkmend-report"));
	json_object_set_new(m, "version", json_integer(REPORT_VERSION));
	json_object_set_new(m, "tool", json_pack("{s:s, s:s}", "name",
				"linkmend", "version", b->o->tool_version));
	json_object_set_new(m, "generated", time_json(b->o->now));
	json_object_set_new(m, "root", json_text(b->o->root));
	json_object_set_new(m, "areas_from", json_string(b->have_maint ?
					"MAINTAINERS" : "directories"));
	json_object_set_new(m, "rules", json_pack("{s:i, s:I}", "confirm",
				b->o->confirm, "spacing_s",
				(json_int_t)b->o->spacing_s));
	for (i = 0; i < b->nlinks; i++) {
		struct r_link *l = &b->links[i];

		occs[i] = json_array();
		/* A refusal by policy is no check of the link. */
		if (l->nchecks &&
		    l->checks[l->nchecks - 1].verdict == V_UNSAFE)
			refused++;
		else if (l->nchecks)
			checked++;
		if (l->nchecks) {
			count_in(verdicts,
				 verdict_name(l->checks[l->nchecks - 1].verdict));
		}
		if (*l->host)
			*strmap_put(&hosts, l->host) = l;
	}
	for (i = 0; i < b->nocc; i++) {
		json_array_append_new(occs[b->occ[i].link], occ_json(b, &b->occ[i]));
		states[b->occ[i].state]++;
		if (b->occ[i].kind != K__COUNT)
			count_in(kinds, kind_name(b->occ[i].kind));
	}
	json_object_set_new(tot, "occurrences", json_integer((json_int_t)b->nocc));
	json_object_set_new(tot, "links", json_integer((json_int_t)b->nlinks));
	json_object_set_new(tot, "hosts", json_integer((json_int_t)hosts.nr));
	json_object_set_new(tot, "checked", json_integer((json_int_t)checked));
	json_object_set_new(tot, "refused", json_integer((json_int_t)refused));
	json_object_set_new(m, "totals", tot);
	json_object_set_new(m, "states", states_json(states));
	json_object_set_new(m, "verdicts", verdicts);
	json_object_set_new(m, "kinds", kinds);
	if (b->o->root)
		json_object_set_new(m, "left", left_json(b));
	json_object_set_new(m, "areas", areas_json(b));
	json_object_set_new(m, "hosts", hosts_json(b));
	json_object_set_new(m, "owners", owners_json(b));
	for (i = 0; i < b->nlinks; i++)
		json_array_append_new(links, link_json(b, &b->links[i], occs[i]));
	json_object_set_new(m, "links", links);
	free(occs);
	strmap_clear(&hosts, NULL);
	return m;
}

static void build_release(struct build *b)
{
	size_t i, k;

	for (i = 0; i < b->nlinks; i++) {
		struct r_link *l = &b->links[i];

		for (k = 0; k < l->nchecks; k++) {
			free(l->checks[k].final_url);
			free(l->checks[k].chain);
			free(l->checks[k].detail);
		}
		free(l->checks);
		free(l->url);
		free(l->host);
	}
	for (i = 0; i < b->nocc; i++) {
		struct r_occ *o = &b->occ[i];

		free(o->path);
		free(o->replacement);
		free(o->edit);
		free(o->evidence);
		free(o->owner);
		free(o->owner_why);
		free(o->via);
		free(o->says);
		judgement_release(&o->judgement);
	}
	free(b->links);
	free(b->occ);
	strmap_clear(&b->by_id, NULL);
	strmap_clear(&b->by_pos, NULL);
	strmap_clear(&b->area_of, free);
	if (b->have_maint)
		maintainers_release(&b->maint);
}

json_t *report_build(struct store *st, const struct report_opts *o)
{
	struct build b;
	json_t *m = NULL;

	memset(&b, 0, sizeof(b));
	b.o = o;
	b.have_maint = o->root && !maintainers_load(o->root, &b.maint);
	if (b.have_maint && !b.maint.nr) {
		maintainers_release(&b.maint);
		b.have_maint = 0;
	}
	if (store_each_occurrence(st, NULL, 0, add_occ, &b) ||
	    store_each_check(st, add_check, &b) ||
	    store_each_resolution(st, add_resolution, &b))
		goto out;
	set_states(&b);
	set_owners(&b);
	judge_all(&b);
	m = model_json(&b);
	if (store_has_fates(st)) {
		json_t *f = report_fates_json(st);

		if (!f) {
			json_decref(m);
			m = NULL;
			goto out;
		}
		json_object_set_new(m, "fates", f);
	}
out:
	build_release(&b);
	return m;
}

static int print_count(const struct store_count *c, void *data)
{
	const char **group = data;

	if (!group[1] || strcmp(group[1], c->group)) {
		fprintf(stderr, "%s%s: %s:", group[1] ? "\n" : "", group[0],
			c->group);
		group[1] = c->group;
	}
	fprintf(stderr, " %s %lld", c->label, c->n);
	return 0;
}

int report_print_counts(struct store *st, const char *who)
{
	const char *group[2] = { who, NULL };

	return store_each_count(st, print_count, group);
}
