// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>

#include "../lib/strbuf.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "../scan/scan.h"
#include "layout.h"
#include "plan.h"
#include "rewrite.h"

struct load_ctx {
	struct plan *p;
	const char *kinds;
	int archived, strings;
};

static int kind_listed(const char *kinds, const char *kind)
{
	size_t l = strlen(kind);
	const char *k = kinds;

	while ((k = strstr(k, kind))) {
		if ((k == kinds || k[-1] == ',') && (!k[l] || k[l] == ','))
			return 1;
		k += l;
	}
	return 0;
}

static int add(const struct store_edit *e, void *data)
{
	struct load_ctx *lc = data;
	struct plan *p = lc->p;
	enum context ctx = e->context;
	struct strbuf esc = STRBUF_INIT;
	struct planned *x;
	int strings = context_is_code(ctx);

	if (!e->replacement || e->kind == K_UNRESOLVED ||
	    kind_is_guess(e->kind) ||
	    !(kind_listed(lc->kinds, kind_name(e->kind)) ||
	      (lc->archived && e->kind == K_ARCHIVED)) ||
	    ctx == CTX__COUNT ||
	    !context_is_checked(ctx) || (strings && !lc->strings))
		return 0;
	/* Resolve's escaped edit; a store older than that has none. */
	if (e->edit)
		strbuf_addstr(&esc, e->edit);
	else
		rewrite_escape(ctx, e->replacement, &esc);
	ALLOC_GROW(p->v, p->nr + 1, p->alloc);
	x = &p->v[p->nr++];
	memset(x, 0, sizeof(*x));
	x->path = xstrdup(e->path);
	x->start = (size_t)e->start;
	x->end = (size_t)e->end;
	x->line = e->line;
	x->text = xstrdup(e->text);
	x->replacement = strbuf_detach(&esc, NULL);
	x->kind = e->kind;
	x->evidence = xstrdup(e->evidence);
	x->url = xstrdup(e->url);
	x->via = e->via ? xstrdup(e->via) : NULL;
	x->ctx = ctx;
	x->wrapped = !!(e->flags & OCC_WRAPPED);
	x->strings = strings;
	x->applied = e->applied;
	x->judged.owner_section = -1;
	return 0;
}

int plan_load(struct store *st, const char *kinds, int archived, int strings,
	      struct plan *p)
{
	struct load_ctx lc = { p, kinds ? kinds : PLAN_DEFAULT_KINDS, archived,
			       strings };
	int k;

	for (k = 0; k < K__COUNT; k++)
		if (kind_is_guess((enum kind)k) &&
		    kind_listed(lc.kinds, kind_name((enum kind)k)))
			return error("--kinds: %s replacements are guesses, "
				     "reported and never written",
				     kind_name((enum kind)k));
	return store_each_resolution(st, add, &lc);
}

int plan_record(struct store *st, const struct plan *p, const char *prefix)
{
	size_t i, pl = prefix ? strlen(prefix) : 0;
	int ret = 0;

	for (i = 0; i < p->nr && !ret; i++) {
		const struct planned *e = &p->v[i];
		const struct judgement *d = &e->judged;
		struct strbuf why = STRBUF_INIT;
		struct store_class sc;

		if (!d->purpose_why)
			continue;	/* not judged */
		strbuf_addstr(&why, *d->purpose_why ? d->purpose_why :
			      "no sign of a fixed document, living page or "
			      "home page");
		if (d->owner != WHOSE_NONE && d->owner_why)
			strbuf_addf(&why, "; %s: %s", whose_kind_name(d->owner),
				    d->owner_why);
		if (d->left != LEFT_NONE)
			strbuf_addf(&why, "; left as it is: %s",
				    left_reason_name(d->left));
		memset(&sc, 0, sizeof(sc));
		sc.path = pl && !strncmp(e->path, prefix, pl) ? e->path + pl :
			  e->path;
		sc.start = (long long)e->start;
		sc.purpose = purpose_store_name(d->purpose);
		sc.purpose_why = why.buf;
		ret = store_put_class(st, &sc);
		strbuf_release(&why);
	}
	return ret;
}

void plan_release(struct plan *p)
{
	size_t i;

	for (i = 0; i < p->nr; i++) {
		free(p->v[i].path);
		free(p->v[i].text);
		free(p->v[i].replacement);
		free(p->v[i].fitted);
		free(p->v[i].evidence);
		free(p->v[i].url);
		free(p->v[i].owner_why);
		free(p->v[i].via);
		judgement_release(&p->v[i].judged);
	}
	free(p->v);
	p->v = NULL;
	p->nr = p->alloc = 0;
	memset(&p->left, 0, sizeof(p->left));
}

/*
 * A span that holds escapes (scan keeps them): a man page's URL with
 * groff's \: \% \&, an rst URL with \_ for each '_'.
 */
static int escaped_same(const char *s, size_t n, const char *text)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (scan_groff_escape(s + i, n - i)) {
			i++;
			continue;
		}
		if (scan_rst_escape(s + i, n - i))
			i++;
		if (*text++ != s[i])
			return 0;
	}
	return !*text;
}

/*
 * The replacement as an rst span that escaped its URL's '_' must write
 * it, each '_' as \_ (the author's "l2\_and\_l3"); NULL for any other.
 */
static char *rst_escape(const char *s)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p;

	for (p = s; *p; p++) {
		if (*p == '_' && (p == s || p[-1] != '\\'))
			strbuf_addch(&sb, '\\');
		strbuf_addch(&sb, *p);
	}
	return strbuf_detach(&sb, NULL);
}

static char *rst_escaped(const struct planned *e, const char *buf,
			 size_t len)
{
	if (e->ctx != CTX_RST || e->end > len || e->start >= e->end ||
	    !memmem(buf + e->start, e->end - e->start, "\\_", 2))
		return NULL;
	return rst_escape(e->replacement);
}

int plan_span_ok(const struct planned *e, const char *buf, size_t len)
{
	size_t n = e->end - e->start, k;

	if (e->end > len || e->start >= e->end)
		return 0;
	/*
	 * A joined, %%-decoded or &amp;-decoded URL differs from its bytes:
	 * check the start.
	 */
	if (e->wrapped || e->ctx == CTX_C_FORMAT || e->ctx == CTX_HTML) {
		k = strcspn(e->text, e->ctx == CTX_HTML ? "&" : "%");
		if (k > n)
			k = n;
		for (size_t i = 0; i < k; i++)
			if (buf[e->start + i] == '\n')
				return 1;
			else if (buf[e->start + i] != e->text[i])
				return 0;
		return k > 0;
	}
	if (memchr(buf + e->start, '\\', n))
		return escaped_same(buf + e->start, n, e->text);
	return strlen(e->text) == n && !memcmp(buf + e->start, e->text, n);
}

int plan_done(const struct planned *e, const char *buf, size_t len)
{
	size_t n = strlen(e->replacement), w;
	char *esc;
	int done;

	if (e->start > len || n > len - e->start)
		return 0;
	/*
	 * The URL scan saw still there is not done, unless the replacement
	 * extends it (/docs moved to /docs/manual.html): then the bytes
	 * past the URL's end, which ended it, are the replacement's own.
	 */
	if (plan_span_ok(e, buf, len) &&
	    !(n > e->end - e->start && !memcmp(buf + e->start, e->replacement, n)))
		return 0;
	/* Where layout_fit() moved it to a line of its own: just below. */
	w = len - e->start < n + 256 ? len - e->start : n + 256;
	if (memmem(buf + e->start, w, e->replacement, n))
		return 1;
	/* Written with rst's \_, as its span had them. */
	if (e->ctx != CTX_RST || !strchr(e->replacement, '_'))
		return 0;
	esc = rst_escape(e->replacement);
	n = strlen(esc);
	w = len - e->start < n + 256 ? len - e->start : n + 256;
	done = memmem(buf + e->start, w, esc, n) != NULL;
	free(esc);
	return done;
}

static enum left_reason judge(struct judge *j, struct planned *e,
			      const char *buf, size_t len)
{
	size_t n;
	const char *words = judge_words(buf, len, e->start, &n);

	judgement_release(&e->judged);
	return judge_link(j, e->path, e->url, e->kind, e->replacement,
			  e->evidence, words, n, &e->judged);
}

size_t plan_fit(struct plan *p, size_t i, size_t j, const char *buf,
		size_t len, struct keep_tree *kt, struct keep_counts *kept)
{
	struct edit *ev = xcalloc(j - i + 1, sizeof(*ev));
	enum keep_reason *why = xcalloc(j - i + 1, sizeof(*why));
	size_t *which = xcalloc(j - i + 1, sizeof(*which)), n = 0, k, made = 0;
	struct strbuf owner_why = STRBUF_INIT;

	for (k = i; k < j; k++) {
		struct planned *e = &p->v[k];

		e->changed = 0;
		e->kept = KEEP_NONE;
		e->judged.left = LEFT_NONE;
		/*
		 * Made already (by fix, or committed), whatever the store
		 * says; else it is to be made (again, if undone since).
		 */
		e->applied = plan_done(e, buf, len);
		if (e->applied)
			continue;
		if (!plan_span_ok(e, buf, len)) {
			e->changed = 1;
			continue;
		}
		strbuf_reset(&owner_why);
		e->kept = keep_judge(e->path, e->ctx, buf, len, e->start,
				     e->url, kt, &owner_why);
		e->owner = keep_owner(e->kept);
		free(e->owner_why);
		e->owner_why = xstrdup(owner_why.buf);
		if (e->kept != KEEP_NONE) {
			kept->n[e->kept]++;
			continue;
		}
		if (p->judge && judge(p->judge, e, buf, len) != LEFT_NONE) {
			p->left.n[e->judged.left]++;
			continue;
		}
		which[n] = k;
		ev[n].start = e->start;
		ev[n].end = e->end;
		ev[n].owned = rst_escaped(e, buf, len);
		ev[n].text = ev[n].owned ? ev[n].owned : e->replacement;
		n++;
	}
	layout_fit(buf, len, ev, n, why);
	for (k = 0; k < n; k++) {
		struct planned *e = &p->v[which[k]];

		if (why[k] != KEEP_NONE) {
			e->kept = why[k];
			kept->n[why[k]]++;
		} else {
			made++;
		}
		if (ev[k].owned) {
			free(e->fitted);
			e->fitted = ev[k].owned;
			e->end = ev[k].end;
		}
	}
	free(ev);
	free(why);
	free(which);
	strbuf_release(&owner_why);
	return made;
}

const char *plan_text(const struct planned *e)
{
	return e->fitted ? e->fitted : e->replacement;
}

enum plan_group plan_group(const struct planned *e)
{
	if (e->strings)
		return PG_STRINGS;
	if (e->kind == K_ARCHIVED)
		return PG_ARCHIVED;
	if (e->kind == K_UPGRADE)
		return PG_UPGRADE;
	return PG_MOVED;
}

const char *plan_group_name(enum plan_group g)
{
	static const char *const names[PG__COUNT] = { "moved", "upgrade",
						      "archived", "strings" };

	return g < PG__COUNT ? names[g] : "?";
}
