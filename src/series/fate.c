// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What became of the edits series proposed before (series.h): the
 * store's fates and refusals read once, each fate found applied at the
 * base or not, and each edit of the plan proposed or held, with why.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../check/run.h"
#include "../lib/strbuf.h"
#include "../lib/strmap.h"
#include "../lib/strvec.h"
#include "../lib/atomic.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "series.h"
#include "told.h"
#include "write.h"

struct fate_rec {
	char *path, *old_url, *new_url, *line_after, *state, *first_id;
	char *prev_line, *next_line, *line_was, *prior_url, *via;
	char *moved_from;	/* its path in the store, its file renamed */
	long long sent_at, written_at;
	int version;
};

struct series_fates {
	struct fate_rec *v;
	size_t nr, alloc;
	struct strmap pending;	/* "path\nold" -> fate_rec owed */
	struct strmap applied;	/* "path\nold\nnew" -> fate_rec */
	struct strmap refused;	/* "path\nold\nnew" or ...\n* -> reason */
	size_t found[3];	/* applied now: as sent, changed, removed */
	size_t moved;		/* owed ones followed to a renamed file */
	/* The refusals the tree carries that the store has not. */
	char *carried;		/* its TOLD_REFUSALS_FILE, or NULL */
	size_t unimported;
};

static const char *const how_names[] = { "as sent", "changed", "removed" };

static char *key2(const char *path, const char *old)
{
	return xstrfmt("%s\n%s", path, old);
}

static char *key3(const char *path, const char *old, const char *new)
{
	return xstrfmt("%s\n%s\n%s", path, old, new);
}

/* The store's path of a checkout's path (the store's root a part). */
static const char *store_path(const struct series *c, const char *path)
{
	size_t pl = c->prefix ? strlen(c->prefix) : 0;

	return pl && !strncmp(path, c->prefix, pl) ? path + pl : path;
}

static int fate_cb(const struct store_fate *f, void *data)
{
	struct series_fates *F = data;
	struct fate_rec *r;

	ALLOC_GROW(F->v, F->nr + 1, F->alloc);
	r = &F->v[F->nr++];
	r->path = xstrdup(f->path);
	r->old_url = xstrdup(f->old_url);
	r->new_url = xstrdup(f->new_url);
	r->line_after = xstrdup(f->line_after);
	r->state = xstrdup(f->state);
	r->first_id = f->first_id ? xstrdup(f->first_id) : NULL;
	r->prev_line = f->prev_line ? xstrdup(f->prev_line) : NULL;
	r->next_line = f->next_line ? xstrdup(f->next_line) : NULL;
	r->line_was = f->line_was ? xstrdup(f->line_was) : NULL;
	r->prior_url = f->prior_url ? xstrdup(f->prior_url) : NULL;
	r->via = f->via ? xstrdup(f->via) : NULL;
	r->moved_from = NULL;
	r->sent_at = f->sent_at;
	r->written_at = f->written_at;
	r->version = f->version;
	return 0;
}

static int refusal_cb(const struct store_refusal *r, void *data)
{
	struct series_fates *F = data;
	char *k = key3(r->path, r->old_url, r->new_url);
	void **slot = strmap_put(&F->refused, k);

	if (!*slot)
		*slot = xstrdup(*r->reason ? r->reason : "no reason given");
	free(k);
	return 0;
}

/* The next line of b after the one at *at that is not blank, or NULL. */
static const char *next_full_line(const struct strbuf *b, const char *at,
				  size_t *len)
{
	const char *end = b->buf + b->len, *l = memchr(at, '\n', end - at);

	while (l && ++l < end) {
		const char *e = memchr(l, '\n', end - l), *p;

		if (!e)
			e = end;
		for (p = l; p < e && (*p == ' ' || *p == '\t' || *p == '\r');
		     p++)
			;
		if (p < e) {
			*len = (size_t)(e - l);
			return l;
		}
		l = e;
	}
	return NULL;
}

/* Where b holds line as a whole line, or NULL. */
static const char *find_line(const struct strbuf *b, const char *line)
{
	size_t n = strlen(line);
	const char *p = b->buf, *end = b->buf + b->len;

	while (n && (p = memmem(p, (size_t)(end - p), line, n))) {
		if ((p == b->buf || p[-1] == '\n') &&
		    (p + n == end || p[n] == '\n' || p[n] == '\r'))
			return p;
		p++;
	}
	return NULL;
}

/*
 * How a later revision holds the edit r, whose file is b (NULL: gone):
 * -1 not at all (still owed), else an index of how_names.  Neither URL
 * there: the line that stood above it says whether the line below it is
 * another now (changed) or the one that followed it (removed).
 */
static int applied_how(const struct fate_rec *r, const struct strbuf *b)
{
	const char *url, *before, *prev, *next;
	size_t len;
	int found;

	if (!b)
		return 2;
	if (memmem(b->buf, b->len, r->line_after, strlen(r->line_after)))
		return 0;
	/* The line as it was (a URL wrapped over two lines too), or its URL. */
	if ((r->line_was && *r->line_was &&
	     memmem(b->buf, b->len, r->line_was, strlen(r->line_was))) ||
	    memmem(b->buf, b->len, r->old_url, strlen(r->old_url)))
		return -1;
	if (memmem(b->buf, b->len, r->new_url, strlen(r->new_url)))
		return 1;
	prev = r->prev_line ? find_line(b, r->prev_line) : NULL;
	if (prev) {
		next = next_full_line(b, prev, &len);
		return next && (!r->next_line || len != strlen(r->next_line) ||
				memcmp(next, r->next_line, len)) ? 1 : 2;
	}
	/* Its words before the URL, not the comment's leader or indent. */
	url = strstr(r->line_after, r->new_url);
	if (!url)
		return 2;
	before = r->line_after;
	while (before < url && strchr(" \t/*#;-", *before))
		before++;
	found = url - before >= 4 &&
		memmem(b->buf, b->len, before, (size_t)(url - before)) != NULL;
	return found ? 1 : 2;
}

/*
 * 1 when b4 has not sent the branch named in via ("b4 branch NAME"): b4
 * send tags what it sent sent/SHORT-vN (SHORT: NAME without "b4/"), a
 * commit of the tree linkmend's tip (branch.NAME.linkmend-tip) has, and
 * no such tag has that tree.  Answers kept per branch in unsent.
 */
static int b4_unsent(struct series *c, const char *via,
		     struct strmap *unsent)
{
	struct strbuf made = STRBUF_INIT, tags = STRBUF_INIT;
	struct strbuf tree = STRBUF_INIT;
	const char *branch = via + 10;
	const char *shortname = !strncmp(branch, "b4/", 3) ? branch + 3 :
				branch;
	void **slot = strmap_put(unsent, branch);
	char *key, *pattern, *line, *next;

	if (*slot)
		return *slot == (void *)1;
	*slot = (void *)2;	/* sent, unless shown otherwise */
	key = xstrfmt("branch.%s.linkmend-tip", branch);
	pattern = xstrfmt("refs/tags/sent/%s-v*", shortname);
	if (series_git(c, &made, "config", "--get", key, NULL) || !made.len)
		goto out;
	strbuf_setlen(&made, strcspn(made.buf, "\n"));
	strbuf_addstr(&made, "^{tree}");
	if (series_git(c, &tree, "rev-parse", "-q", "--verify", made.buf,
		       NULL) ||
	    series_git(c, &tags, "for-each-ref", "--format=%(refname)^{tree}",
		       pattern, NULL))
		goto out;
	*slot = (void *)1;
	for (line = tags.buf; *line; line = next) {
		struct strbuf t = STRBUF_INIT;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		else
			next = line + strlen(line);
		if (!series_git(c, &t, "rev-parse", "-q", "--verify", line,
				NULL) && !strcmp(t.buf, tree.buf))
			*slot = (void *)2;
		strbuf_release(&t);
	}
out:
	free(key);
	free(pattern);
	strbuf_release(&made);
	strbuf_release(&tags);
	strbuf_release(&tree);
	return *slot == (void *)1;
}

static char *line_after(const struct planned *e, const struct strbuf *b,
			char **before);

/* Why the edit path old -> new (or any of old in path) was refused. */
static const char *refused_reason(struct series_fates *F, const char *path,
				  const char *old, const char *new)
{
	char *k = key3(path, old, new);
	const char *reason = strmap_get(&F->refused, k);

	free(k);
	if (!reason) {
		k = key3(path, old, "*");
		reason = strmap_get(&F->refused, k);
		free(k);
	}
	return reason;
}

/* 1 when a and b are in one directory, or have one name. */
static int near_path(const char *a, const char *b)
{
	const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
	size_t da = sa ? (size_t)(sa - a) : 0, db = sb ? (size_t)(sb - b) : 0;

	return (da == db && !strncmp(a, b, da)) ||
	       !strcmp(sa ? sa + 1 : a, sb ? sb + 1 : b);
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/*
 * The plan's edit of r's link in a file where no other fate names that
 * link (one that followed its file from r's path may): by pass, on r's
 * line as the base had it (else as the patch made it) in a file of r's
 * file's name (0) or in any (1), or in a file of its directory or name
 * (2).  Its index, or -1.
 */
static long successor_edit(struct series *c, struct strmap *have,
			   const struct fate_rec *r, int pass)
{
	size_t i;

	for (i = 0; i < c->plan.nr; i++) {
		const struct planned *e = &c->plan.v[i];
		const char *sp = store_path(c, e->path);
		const struct fate_rec *h;
		char *k, *after, *was;
		int same;

		if (strcmp(e->text, r->old_url))
			continue;
		k = key2(sp, e->text);
		h = strmap_get(have, k);
		free(k);
		if (h && (!h->moved_from || strcmp(h->moved_from, r->path)))
			continue;
		if (pass == 2) {
			if (near_path(r->path, sp))
				return (long)i;
			continue;
		}
		if (pass == 0 && strcmp(base_name(r->path), base_name(sp)))
			continue;
		after = line_after(e, series_blob(c, e->path), &was);
		same = r->line_was && *r->line_was ?
		       was && !strcmp(was, r->line_was) :
		       !strcmp(after, r->line_after);
		free(after);
		free(was);
		if (same)
			return (long)i;
	}
	return -1;
}

/*
 * A fate whose file the base no longer has may have gone with its file
 * (renamed or moved upstream, as 6.1 -> 6.12 moved Documentation/arch/
 * and the arm dts; or rewritten, a binding's .txt become .yaml): its
 * successor_edit(), its line first.  Then the fate is that edit's: its
 * path taken, its refusals following it.  1 when moved.
 */
static int follow_rename(struct series *c, struct series_fates *F,
			 struct strmap *have, struct fate_rec *r)
{
	static const char *const any = "*";
	const char *news[2] = { r->new_url, any }, *sp, *reason;
	char *k;
	long i;
	int j;

	/* Only what is owed or refused matters: sent, or refused. */
	if (!r->sent_at && !refused_reason(F, r->path, r->old_url, r->new_url))
		return 0;
	for (j = 0, i = -1; j < 3 && i < 0; j++)
		i = successor_edit(c, have, r, j);
	if (i < 0)
		return 0;
	sp = store_path(c, c->plan.v[i].path);
	for (j = 0; j < 2; j++) {
		k = key3(r->path, r->old_url, news[j]);
		reason = strmap_get(&F->refused, k);
		free(k);
		if (!reason)
			continue;
		k = key3(sp, r->old_url, news[j]);
		if (!strmap_get(&F->refused, k))
			*strmap_put(&F->refused, k) = xstrdup(reason);
		free(k);
	}
	r->moved_from = r->path;
	r->path = xstrdup(sp);
	/* Taken: another fate of the link follows its own file. */
	k = key2(r->path, r->old_url);
	*strmap_put(have, k) = r;
	free(k);
	F->moved++;
	return 1;
}

static int unimported_cb(const struct store_refusal *r, void *data)
{
	struct series_fates *F = data;
	char *k = key3(r->path, r->old_url, r->new_url);

	F->unimported += !strmap_get(&F->refused, k);
	free(k);
	return 0;
}

/*
 * The refusals file the tree carries (at the store's root), counted by
 * what the store has not: said, never imported unasked, for the tree's
 * files must not decide what the store holds.  A bad line is said too.
 */
static void carried_refusals(struct series *c, struct series_fates *F)
{
	char *file = xstrfmt("%s/%s%s", c->root, c->prefix ? c->prefix : "",
			     TOLD_REFUSALS_FILE);

	if (access(file, F_OK) ||
	    told_each_refusal(file, unimported_cb, F) || !F->unimported) {
		free(file);
		return;
	}
	F->carried = xstrfmt("%s%s", c->prefix ? c->prefix : "",
			     TOLD_REFUSALS_FILE);
	free(file);
}

int series_fates_load(struct series *c, struct store *st)
{
	struct strmap unsent = STRMAP_INIT, have = STRMAP_INIT;
	struct series_fates *F = xcalloc(1, sizeof(*F));
	long long now = check_now();
	size_t i;
	int ret = 0, began = 0;

	c->fates = F;
	c->again = xcalloc(c->plan.nr ? c->plan.nr : 1, sizeof(*c->again));
	if (!store_has_fates(st))
		return 0;
	if (store_each_fate(st, fate_cb, F) ||
	    store_each_refusal(st, refusal_cb, F))
		return -1;
	carried_refusals(c, F);
	/* The links each file has a fate of (a renamed file's are new). */
	for (i = 0; i < F->nr; i++) {
		char *k = key2(F->v[i].path, F->v[i].old_url);

		*strmap_put(&have, k) = &F->v[i];
		free(k);
	}
	for (i = 0; i < F->nr && !ret; i++) {
		struct fate_rec *r = &F->v[i];
		struct strbuf *b;
		char *cp, *k;
		int how;

		if (!strcmp(r->state, "replaced"))
			continue;
		if (!strcmp(r->state, "applied")) {
			k = key3(r->path, r->old_url, r->new_url);
			*strmap_put(&F->applied, k) = r;
			free(k);
			continue;
		}
		cp = xstrfmt("%s%s", c->prefix ? c->prefix : "", r->path);
		b = series_blob(c, cp);
		free(cp);
		/* Its file gone with the link still owed there: not applied. */
		how = !b && follow_rename(c, F, &have, r) ? -1 :
		      applied_how(r, b);
		if (how < 0) {
			void **slot;

			/* Handed to b4, which has not sent it: unsent. */
			if (r->sent_at && r->via &&
			    !strncmp(r->via, "b4 branch ", 10) &&
			    b4_unsent(c, r->via, &unsent)) {
				if (!began && store_begin(st)) {
					ret = -1;
					break;
				}
				began = 1;
				ret = store_unsend(st, r->moved_from ?
						   r->moved_from : r->path,
						   r->old_url, r->new_url);
				r->sent_at = 0;
			}
			if (!r->sent_at)
				continue;
			k = key2(r->path, r->old_url);
			slot = strmap_put(&F->pending, k);
			if (!*slot || ((struct fate_rec *)*slot)->written_at <
				      r->written_at)
				*slot = r;
			free(k);
			continue;
		}
		/* Found at the base: recorded, never proposed again. */
		if (!began && store_begin(st)) {
			ret = -1;
			break;
		}
		began = 1;
		F->found[how]++;
		ret = store_set_fate(st, r->path, r->old_url, r->new_url,
				     "applied", how_names[how], now);
		free(r->state);
		r->state = xstrdup("applied");
		k = key3(r->path, r->old_url, r->new_url);
		*strmap_put(&F->applied, k) = r;
		free(k);
	}
	if (began && (ret || store_commit(st))) {
		store_rollback(st);
		ret = -1;
	}
	strmap_clear(&unsent, NULL);
	strmap_clear(&have, NULL);
	return ret;
}

static void hold(struct series *c, size_t i, enum held_why why,
		 const char *reason, long long sent_at)
{
	struct held *h;

	ALLOC_GROW(c->held, c->nheld + 1, c->aheld);
	h = &c->held[c->nheld++];
	h->edit = i;
	h->why = why;
	h->reason = reason;
	h->sent_at = sent_at;
}

int series_fate_hold(struct series *c, size_t i)
{
	struct series_fates *F = c->fates;
	const struct planned *e = &c->plan.v[i];
	const char *sp = store_path(c, e->path);
	const char *reason;
	struct fate_rec *r;
	char *k;

	if (!F)
		return 0;
	reason = refused_reason(F, sp, e->text, e->replacement);
	if (reason) {
		hold(c, i, HELD_REFUSED, reason, 0);
		return 1;
	}
	k = key3(sp, e->text, e->replacement);
	r = strmap_get(&F->applied, k);
	free(k);
	if (r) {
		hold(c, i, HELD_APPLIED, NULL, 0);
		return 1;
	}
	k = key2(sp, e->text);
	r = strmap_get(&F->pending, k);
	free(k);
	if (r && !c->o->resend) {
		hold(c, i, strcmp(r->new_url, e->replacement) ?
		     HELD_PENDING_CHANGED : HELD_PENDING, NULL, r->sent_at);
		return 1;
	}
	if (r) {
		struct again *a = xcalloc(1, sizeof(*a));

		a->first_id = r->first_id;
		a->sent_at = r->sent_at;
		a->version = r->version + !strcmp(r->state, "sent");
		/* Changed since sent; or a resend of a change not sent yet. */
		if (strcmp(r->new_url, e->replacement))
			a->prior_new = r->new_url;
		else if (!strcmp(r->state, "written"))
			a->prior_new = r->prior_url;
		c->again[i] = a;
		return 0;
	}
	if (c->o->resend) {
		hold(c, i, HELD_NEW, NULL, 0);
		return 1;
	}
	return 0;
}

void series_day(long long at, char *buf, size_t n)
{
	time_t t = (time_t)at;
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, n, "%Y-%m-%d", &tm);
}

void series_held_line(size_t n, enum held_why why, const char *day,
		      struct strbuf *sb)
{
	const char *links = n == 1 ? "link" : "links";

	switch (why) {
	case HELD_REFUSED:
		strbuf_addf(sb, "%zu %s refused: never proposed until the "
			    "refusal is withdrawn (linkmend refuse --withdraw)",
			    n, links);
		break;
	case HELD_APPLIED:
		strbuf_addf(sb, "%zu %s applied at a later revision: not "
			    "proposed again", n, links);
		break;
	case HELD_PENDING:
		strbuf_addf(sb, "%zu %s sent on %s, pending: `series "
			    "--resend` to send them again", n, links, day);
		break;
	case HELD_PENDING_CHANGED:
		strbuf_addf(sb, "%zu %s sent on %s, pending, resolved anew "
			    "since: `series --resend` sends them as the next "
			    "version", n, links, day);
		break;
	case HELD_NEW:
	case HELD__COUNT:
		strbuf_addf(sb, "%zu %s never sent: not in a resend; series "
			    "without --resend proposes them", n, links);
		break;
	}
}

/*
 * The held edits in[0..n) (indexes into c->held) counted by why and,
 * pending, by the day sent: a line each into lines.
 */
static void held_lines(struct series *c, const size_t *in, size_t n,
		       struct strvec *lines)
{
	int why;

	for (why = 0; why < HELD__COUNT; why++) {
		struct strmap days = STRMAP_INIT;
		struct strmap_entry *d;
		size_t i, count = 0;

		for (i = 0; i < n; i++) {
			const struct held *h = &c->held[in[i]];
			char day[32] = "";
			void **slot;

			if ((int)h->why != why)
				continue;
			count++;
			if (h->why == HELD_PENDING ||
			    h->why == HELD_PENDING_CHANGED)
				series_day(h->sent_at, day, sizeof(day));
			slot = strmap_put(&days, day);
			*slot = (void *)((size_t)*slot + 1);
		}
		if (!count)
			continue;
		strmap_for_each(&days, d) {
			struct strbuf sb = STRBUF_INIT;

			series_held_line((size_t)d->value, (enum held_why)why,
					 d->key, &sb);
			strvec_push(lines, sb.buf);
			strbuf_release(&sb);
		}
		strmap_clear(&days, NULL);
	}
}

void series_fates_say(struct series *c)
{
	struct series_fates *F = c->fates;
	struct strvec lines = STRVEC_INIT;
	size_t *all = xcalloc(c->nheld ? c->nheld : 1, sizeof(*all));
	size_t i;

	if (F && (F->found[0] || F->found[1] || F->found[2]))
		fprintf(stderr, "series: %zu edit%s found applied at %s "
			"(%zu as sent, %zu on a line changed upstream, %zu "
			"whose line was removed)\n",
			F->found[0] + F->found[1] + F->found[2],
			F->found[0] + F->found[1] + F->found[2] == 1 ? "" : "s",
			c->o->base_rev, F->found[0], F->found[1], F->found[2]);
	if (F && F->moved)
		fprintf(stderr, "series: %zu link%s sent or refused followed "
			"to %s file's new path (renamed at %s)\n", F->moved,
			F->moved == 1 ? "" : "s", F->moved == 1 ? "its" :
			"their", c->o->base_rev);
	if (F && F->carried)
		fprintf(stderr, "series: the tree carries %zu refusal%s in %s "
			"that this store has not: `linkmend refuse --import "
			"%s` records them\n", F->unimported,
			F->unimported == 1 ? "" : "s", F->carried, F->carried);
	for (i = 0; i < c->nheld; i++)
		all[i] = i;
	held_lines(c, all, c->nheld, &lines);
	for (i = 0; i < lines.nr; i++)
		fprintf(stderr, "series: %s\n", lines.v[i]);
	strvec_clear(&lines);
	free(all);
}

size_t series_held_text(struct series *c, size_t first, size_t last,
			struct strbuf *sb)
{
	struct strvec lines = STRVEC_INIT;
	size_t *mine = xcalloc(c->nheld ? c->nheld : 1, sizeof(*mine));
	size_t i, k, n = 0;

	/* The held links of the series' own sections (all without any). */
	for (i = 0; i < c->nheld; i++) {
		const char *path = c->plan.v[c->held[i].edit].path;
		long s = c->have_m ? maintainers_section(&c->m, path) : -1;

		for (k = first; c->have_m && k < last; k++)
			if (c->g[k].section == s)
				break;
		if (!c->have_m || k < last)
			mine[n++] = i;
	}
	held_lines(c, mine, n, &lines);
	if (lines.nr)
		strbuf_addstr(sb, "\nNot in this series:\n\n");
	for (i = 0; i < lines.nr; i++)
		strbuf_addf(sb, "  %s\n", lines.v[i]);
	n = lines.nr;
	strvec_clear(&lines);
	free(mine);
	return n;
}

int series_write_held(struct series *c, const char *dir)
{
	static const char *const why_names[] = {
		[HELD_REFUSED] = "refused",
		[HELD_APPLIED] = "applied",
		[HELD_PENDING] = "pending",
		[HELD_PENDING_CHANGED] = "pending, resolved anew",
		[HELD_NEW] = "new, not in a resend",
	};
	struct strbuf sb = STRBUF_INIT;
	size_t i;
	int ret = 0;

	for (i = 0; i < c->nheld; i++) {
		const struct held *h = &c->held[i];
		const struct planned *e = &c->plan.v[h->edit];
		char day[32];

		if (!sb.len)
			strbuf_addstr(&sb, "# Links not proposed, by what "
				      "became of them before: path:line: URL "
				      "-> replacement: why.\n");
		strbuf_addf(&sb, "%s:%u: %s -> %s: %s", e->path, e->line,
			    e->text, e->replacement, why_names[h->why]);
		if (h->sent_at) {
			series_day(h->sent_at, day, sizeof(day));
			strbuf_addf(&sb, " (sent on %s)", day);
		}
		if (h->reason) {
			strbuf_addstr(&sb, ": ");
			strbuf_add_escaped(&sb, h->reason, strlen(h->reason));
		}
		strbuf_addch(&sb, '\n');
	}
	ret = series_write_list(dir, "HELD", &sb);
	strbuf_release(&sb);
	return ret;
}

/* The line not blank above (dir < 0) or below the line at s, or NULL. */
static char *near_line(const struct strbuf *b, const char *s, int dir)
{
	const char *l, *e, *p;

	if (dir > 0) {
		size_t len;

		l = next_full_line(b, s, &len);
		return l ? xstrndup(l, len) : NULL;
	}
	for (e = s; e > b->buf; e = l) {
		e--;		/* the newline ending the line above */
		l = line_start(b->buf, e);
		for (p = l; p < e && (*p == ' ' || *p == '\t' || *p == '\r');
		     p++)
			;
		if (p < e)
			return xstrndup(l, (size_t)(e - l));
	}
	return NULL;
}

/*
 * The lines of b holding [start, end) with e's edit made (after), or as
 * they are (before, when not NULL): to free.
 */
static char *line_after(const struct planned *e, const struct strbuf *b,
			char **before)
{
	const char *s, *t;
	struct strbuf sb = STRBUF_INIT;

	if (!b || e->end > b->len || e->start > e->end) {
		*before = NULL;
		return xstrdup(e->replacement);
	}
	s = line_start(b->buf, b->buf + e->start);
	t = memchr(b->buf + e->end, '\n', b->len - e->end);
	if (!t)
		t = b->buf + b->len;
	*before = xstrndup(s, (size_t)(t - s));
	strbuf_add(&sb, s, (size_t)(b->buf + e->start - s));
	strbuf_addstr(&sb, plan_text(e));
	strbuf_add(&sb, b->buf + e->end, (size_t)(t - (b->buf + e->end)));
	return strbuf_detach(&sb, NULL);
}

int series_fates_record(struct series *c, const char *patch,
			const char *dir, const struct group *g,
			long long now)
{
	size_t i;

	for (i = 0; i < g->nr; i++) {
		const struct planned *e = &c->plan.v[g->edits[i]];
		const struct again *a = c->again[g->edits[i]];
		struct store_fate f;
		struct strbuf *b = series_blob(c, e->path);
		char *was, *after = line_after(e, b, &was);
		char *prev = NULL, *next = NULL;
		int ret;

		if (b && e->start <= b->len) {
			const char *s = line_start(b->buf, b->buf + e->start);

			prev = near_line(b, s, -1);
			next = near_line(b, b->buf + e->end, 1);
		}
		memset(&f, 0, sizeof(f));
		f.path = store_path(c, e->path);
		f.old_url = e->text;
		f.new_url = e->replacement;
		f.line = e->line;
		f.line_after = after;
		f.line_was = was;
		f.prev_line = prev;
		f.next_line = next;
		f.patch = patch;
		f.dir = dir;
		f.message_id = g->msgid;
		f.written_at = now;
		f.sent_at = a ? a->sent_at : 0;
		f.first_id = a ? a->first_id : NULL;
		f.version = a ? a->version : 1;
		f.prior_url = a ? a->prior_new : NULL;
		ret = store_put_written(c->st, &f) ||
		      (a && a->prior_new &&
		       store_set_fate(c->st, f.path, e->text, a->prior_new,
				      "replaced", NULL, now));
		free(after);
		free(was);
		free(prev);
		free(next);
		if (ret)
			return -1;
	}
	return 0;
}

void series_fates_release(struct series *c)
{
	struct series_fates *F = c->fates;
	size_t i;

	if (c->again) {
		for (i = 0; i < c->plan.nr; i++)
			free(c->again[i]);
		free(c->again);
	}
	free(c->held);
	if (!F)
		return;
	for (i = 0; i < F->nr; i++) {
		free(F->v[i].path);
		free(F->v[i].old_url);
		free(F->v[i].new_url);
		free(F->v[i].line_after);
		free(F->v[i].state);
		free(F->v[i].first_id);
		free(F->v[i].prev_line);
		free(F->v[i].next_line);
		free(F->v[i].line_was);
		free(F->v[i].prior_url);
		free(F->v[i].via);
		free(F->v[i].moved_from);
	}
	free(F->v);
	strmap_clear(&F->pending, NULL);
	strmap_clear(&F->applied, NULL);
	strmap_clear(&F->refused, free);
	free(F->carried);
	free(F);
}
