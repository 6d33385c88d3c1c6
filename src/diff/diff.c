// SPDX-License-Identifier: GPL-2.0-or-later
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/color.h"
#include "../lib/config.h"
#include "../lib/strbuf.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "../scan/changes.h"
#include "../scan/record.h"
#include "../scan/scan.h"
#include "diff.h"

/* A link as the change adds it: where, and which link. */
struct d_occ {
	char *path;
	unsigned line;
	size_t link;
};

/* What diff knows of a link beside check's model, by the same index. */
struct d_link {
	char *replacement;	/* the store's, or NULL */
	int from_store;		/* its result is a stored one, within ttl */
	size_t nhist;		/* its checks before this run's */
};

struct diff_state {
	const struct diff_opts *o;
	struct link_set links;
	struct d_link *more;
	struct d_occ *occ;
	size_t nocc, aocc;
	size_t checked_now;
};

static int worth_checking(const struct diff_state *c, const struct occurrence *o)
{
	return context_is_checked(o->ctx) && *o->host &&
	       !(o->flags & OCC_NOT_CHECKED) &&
	       !check_ignored(c->o->check.cfg, o->key);
}

static void collect(struct diff_state *c, const struct change_file *f)
{
	struct occ_list occ = { NULL, 0, 0 };
	struct scan_opts so = { 0 };
	size_t i;

	if (!f->nr || scan_skipped(c->o->check.cfg, f->path) ||
	    !scan_has_marker(f->content.buf, f->content.len))
		return;
	if (scan_buffer(f->path, f->content.buf, f->content.len, &so, &occ)) {
		occ_list_release(&occ);
		return;		/* binary */
	}
	for (i = 0; i < occ.nr; i++) {
		const struct occurrence *o = &occ.v[i];
		struct d_occ *d;

		if (!change_has_line(f, o->line) || !worth_checking(c, o))
			continue;
		ALLOC_GROW(c->occ, c->nocc + 1, c->aocc);
		d = &c->occ[c->nocc++];
		d->path = xstrdup(f->path);
		d->line = o->line;
		d->link = link_set_add(&c->links, o->key, o->host, -1);
	}
	occ_list_release(&occ);
}

static int load_resolution(const struct store_edit *e, void *data)
{
	struct diff_state *c = data;
	struct link *l = link_set_by_url(&c->links, e->url);
	struct d_link *m;

	if (!l || !e->replacement || e->kind == K_UNRESOLVED)
		return 0;
	m = &c->more[l - c->links.v];
	if (!m->replacement)
		m->replacement = xstrdup(e->replacement);
	return 0;
}

/* The store's links, checks and replacements for the links added. */
static int load_store(struct diff_state *c, struct store *st)
{
	size_t i;

	for (i = 0; i < c->links.nr; i++) {
		struct link *l = &c->links.v[i];
		long long id = store_url_id(st, l->url, l->host);

		if (id < 0)
			return -1;
		link_set_id(&c->links, i, id);
	}
	return link_set_load_checks(&c->links, st) ||
	       store_each_resolution(st, load_resolution, c) ? -1 : 0;
}

/* Links with no result newer than --ttl are checked now. */
static int check_stale(struct diff_state *c, const struct check_run_opts *o,
		       struct store *st)
{
	size_t *which = xcalloc(c->links.nr, sizeof(*which));
	size_t i, n = 0;
	int ret;

	for (i = 0; i < c->links.nr; i++) {
		const struct link *l = &c->links.v[i];

		c->more[i].nhist = l->nhist;
		c->more[i].from_store = l->have_last &&
					o->now - l->last.at < c->o->ttl_s;
		if (!c->more[i].from_store)
			which[n++] = i;
	}
	ret = check_links(o, &c->links, which, n, st, &c->checked_now);
	free(which);
	return ret;
}

/*
 * The verdict's state (lib/vocab.c's table); a failing link is dead by
 * the confirmation rule, as check says it, or with --strict.  A refusal
 * by policy was never requested: failing, never passed.
 */
static enum link_state state_of(const struct diff_state *c,
				 const struct link *l)
{
	const struct check_run_opts *o = &c->o->check;
	enum link_state s = verdict_state(link_verdict(l));

	if (s == LS_UNCHECKED)
		s = LS_FAILING;
	if (s == LS_FAILING &&
	    (c->o->strict || link_is_dead(l, o->confirm, o->spacing_s, NULL)))
		s = LS_DEAD;
	return s;
}

/* The status of a move is its first hop's ("301 URL; ..."), not the page's. */
static long status_of(const struct link *l)
{
	if (link_verdict(l) == V_MOVED && *l->last.chain)
		return strtol(l->last.chain, NULL, 10);
	return l->last.status;
}

static void print_text(struct strbuf *sb, const struct d_occ *d,
		       const struct link *l, const char *replacement,
		       enum link_state s, int color)
{
	strbuf_add_escaped(sb, d->path, strlen(d->path));
	if (color)
		strbuf_addf(sb, ":%u: %s%s link%s ", d->line,
			    s == LS_DEAD ? COLOR_RED COLOR_BOLD : COLOR_YELLOW,
			    link_state_name(s), COLOR_RESET);
	else
		strbuf_addf(sb, ":%u: %s link ", d->line, link_state_name(s));
	strbuf_add_escaped(sb, l->url, strlen(l->url));
	if (s == LS_MOVED) {
		strbuf_addstr(sb, " -> ");
		if (l->last.final_url)
			strbuf_add_escaped(sb, l->last.final_url,
					   strlen(l->last.final_url));
		strbuf_addf(sb, " (%ld)", status_of(l));
	} else {
		strbuf_addf(sb, " (%s: ", verdict_name(l->last.verdict));
		strbuf_add_escaped(sb, l->last.detail, strlen(l->last.detail));
		strbuf_addch(sb, ')');
		if (replacement) {
			strbuf_addstr(sb, "; suggested: ");
			strbuf_add_escaped(sb, replacement, strlen(replacement));
		}
	}
	strbuf_addch(sb, '\n');
}

static json_t *occ_json(const struct diff_state *c, const struct d_occ *d,
			enum link_state s)
{
	const struct link *l = &c->links.v[d->link];
	const char *r = c->more[d->link].replacement;

	return json_pack("{s:s, s:i, s:s, s:s, s:s, s:o, s:s, s:o, s:b}",
			 "path", d->path, "line", (int)d->line, "url", l->url,
			 "state", link_state_name(s), "verdict",
			 verdict_name(l->last.verdict),
			 "final_url", l->last.final_url ?
			 json_string(l->last.final_url) : json_null(),
			 "detail", l->last.detail,
			 "replacement", r ? json_string(r) : json_null(),
			 "from_store", c->more[d->link].from_store);
}

static void summary(const struct diff_state *c, const size_t n[LS__COUNT])
{
	/* A refusal is no check: said apart, as check says it. */
	size_t refused = check_refused(&c->o->check, &c->links);
	char refusals[64] = "";

	if (refused > c->checked_now)
		refused = c->checked_now;
	if (refused)
		snprintf(refusals, sizeof(refusals), "%zu refused by policy, ",
			 refused);
	fprintf(stderr, "diff: %zu link%s added or changed (%zu URL%s): "
		"%zu dead, %zu failing, %zu moved, %zu alive; %zu "
		"checked now, %s%zu from the store%s\n", c->nocc,
		c->nocc == 1 ? "" : "s", c->links.nr,
		c->links.nr == 1 ? "" : "s", n[LS_DEAD], n[LS_FAILING],
		n[LS_MOVED], n[LS_ALIVE], c->checked_now - refused, refusals,
		c->links.nr - c->checked_now,
		c->o->check.stop && *c->o->check.stop ? "; interrupted" : "");
}

/* The report on stdout; the number of dead links added. */
static size_t report(const struct diff_state *c)
{
	struct strbuf sb = STRBUF_INIT;
	json_t *a = json_array();
	size_t i, n[LS__COUNT] = { 0 };

	for (i = 0; i < c->nocc; i++) {
		const struct d_occ *d = &c->occ[i];
		const struct link *l = &c->links.v[d->link];
		const struct d_link *m = &c->more[d->link];
		enum link_state s;

		/* Neither a stored result nor one of this run: interrupted. */
		if (!m->from_store && l->nhist == m->nhist)
			continue;
		s = state_of(c, l);
		n[s]++;
		if (c->o->json)
			json_array_append_new(a, occ_json(c, d, s));
		else if (s != LS_ALIVE)
			print_text(&sb, d, l, m->replacement, s, c->o->color);
	}
	if (c->o->json) {
		char *text = json_dumps(a, JSON_INDENT(1) | JSON_PRESERVE_ORDER);

		if (text)
			strbuf_addf(&sb, "%s\n", text);
		free(text);
	}
	json_decref(a);
	fwrite(sb.buf, 1, sb.len, stdout);
	strbuf_release(&sb);
	if (!c->o->quiet)
		summary(c, n);
	return n[LS_DEAD];
}

/* The links the change adds, from REV..HEAD, the index or the tree. */
static int collect_change(struct diff_state *c, const char *root,
			  const char *rev, int cached)
{
	struct changes ch;
	size_t i;

	if (changes_load(root, rev, cached, &ch))
		return error("cannot tell what the change adds");
	for (i = 0; i < ch.nr; i++)
		collect(c, &ch.v[i]);
	changes_release(&ch);
	c->more = xcalloc(c->links.nr + 1, sizeof(*c->more));
	return 0;
}

static void release(struct diff_state *c)
{
	size_t i;

	for (i = 0; i < c->links.nr; i++)
		free(c->more[i].replacement);
	for (i = 0; i < c->nocc; i++)
		free(c->occ[i].path);
	free(c->more);
	free(c->occ);
	link_set_release(&c->links);
}


/* The store the command found (cmd_store_find()), if any. */
static struct store *open_store(const struct diff_opts *o, int *failed)
{
	struct store *st = o->db ? store_open(o->db) : NULL;

	*failed = o->db && !st;
	return st;
}

int diff_run(const struct diff_opts *o, struct diff_result *res)
{
	struct diff_state c;
	struct store *st = NULL;
	int ret = 0, failed;

	memset(&c, 0, sizeof(c));
	memset(res, 0, sizeof(*res));
	c.o = o;
	if (collect_change(&c, o->root, o->rev, o->cached))
		return -1;
	if (c.links.nr) {
		st = open_store(o, &failed);
		/* The store's own error named it and said why. */
		if (failed || (st && load_store(&c, st)))
			ret = -1;
	}
	if (!ret && c.links.nr && check_stale(&c, &o->check, st))
		res->check_failed = 1;
	if (!ret)
		res->dead = report(&c);
	release(&c);
	if (store_close(st))
		ret = -1;
	return ret;
}
