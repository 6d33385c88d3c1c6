// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The report's "fates" (report.h): what became of each edit series
 * proposed, from the store's fates and refusals, and a line per count
 * that says what to do, in the words the cover letter uses.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../lib/json.h"
#include "../lib/strbuf.h"
#include "../lib/strmap.h"
#include "../lib/strvec.h"
#include "../lib/xalloc.h"
#include "../series/write.h"
#include "report.h"

struct fates {
	json_t *edits;
	json_t *refusals;	/* in the store's order */
	struct strvec refusal_keys;	/* theirs in refused, in that order */
	struct strmap refused;	/* "path\nold\nnew" (new "*": any) -> obj */
	struct strmap taken;	/* refusals that matched an edit */
	/* Counts: pending by the day sent, written by the series' dir. */
	struct strmap pending, written;
	size_t applied, nrefused;
};

static json_t *iso_json(long long t)
{
	time_t tt = (time_t)t;
	struct tm tm;
	char buf[32];

	if (t <= 0 || !gmtime_r(&tt, &tm))
		return json_null();
	strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
	return json_string(buf);
}

static void count(struct strmap *m, const char *key)
{
	void **slot = strmap_put(m, key);

	*slot = (void *)((size_t)*slot + 1);
}

static int refusal_cb(const struct store_refusal *r, void *data)
{
	struct fates *F = data;
	char *k = xstrfmt("%s\n%s\n%s", r->path, r->old_url, r->new_url);
	json_t *o = json_pack("{s:o, s:o, s:o, s:s, s:o, s:o, s:o, s:o, s:o}",
			      "path", json_text(r->path), "old_url",
			      json_text(r->old_url), "new_url",
			      strcmp(r->new_url, "*") ?
			      json_text(r->new_url) : json_null(),
			      "fate", "refused", "refused", iso_json(r->at),
			      "reason", json_text(r->reason), "written",
			      json_null(), "sent", json_null(), "how",
			      json_null());

	*strmap_put(&F->refused, k) = o;
	json_array_append_new(F->refusals, o);
	strvec_push(&F->refusal_keys, k);
	free(k);
	return 0;
}

/* The refusal of path's old -> new (or of any replacement), or NULL. */
static json_t *refusal_of(struct fates *F, const char *path, const char *old,
			  const char *new)
{
	char *k = xstrfmt("%s\n%s\n%s", path, old, new);
	json_t *r = strmap_get(&F->refused, k);

	if (!r) {
		free(k);
		k = xstrfmt("%s\n%s\n*", path, old);
		r = strmap_get(&F->refused, k);
	}
	if (r)
		*strmap_put(&F->taken, k) = r;
	free(k);
	return r;
}

static int fate_cb(const struct store_fate *f, void *data)
{
	struct fates *F = data;
	json_t *o, *sent = json_null(), *refusal;
	const char *fate;

	/* A later edit of the link took its place: that one says. */
	if (!strcmp(f->state, "replaced"))
		return 0;
	if (f->sent_at > 0)
		sent = json_pack("{s:o, s:o, s:o, s:o, s:i}", "at",
				 iso_json(f->sent_at), "message_id",
				 json_text(f->message_id), "thread",
				 json_text(f->first_id), "via",
				 json_text(f->via), "version", f->version);
	refusal = refusal_of(F, f->path, f->old_url, f->new_url);
	if (refusal)
		fate = "refused";
	else if (!strcmp(f->state, "applied"))
		fate = "applied";
	else if (f->sent_at > 0)
		fate = "pending";	/* sent, not found applied */
	else
		fate = "written";
	o = json_pack("{s:o, s:o, s:o, s:s, s:I, s:o, s:o, s:o, s:o, s:o, "
		      "s:o}", "path", json_text(f->path), "old_url",
		      json_text(f->old_url), "new_url", json_text(f->new_url),
		      "fate", fate, "line",
		      (json_int_t)f->line, "patch", json_text(f->patch),
		      "written", iso_json(f->written_at), "sent", sent,
		      "how", !strcmp(fate, "applied") ? json_text(f->how) :
		      json_null(), "reason", refusal ?
		      json_incref(json_object_get(refusal, "reason")) :
		      json_null(), "refused", refusal ?
		      json_incref(json_object_get(refusal, "refused")) :
		      json_null());
	json_array_append_new(F->edits, o);
	if (refusal) {
		F->nrefused++;
	} else if (!strcmp(fate, "applied")) {
		F->applied++;
	} else if (f->sent_at > 0) {
		char day[32];

		series_day(f->sent_at, day, sizeof(day));
		count(&F->pending, day);
	} else {
		count(&F->written, f->dir ? f->dir : "");
	}
	return 0;
}

static void add_line(json_t *a, const char *fate, size_t n, const char *day,
		     const char *dir, const char *says, const char *command)
{
	json_array_append_new(a, json_pack("{s:s, s:I, s:o, s:o, s:s, s:o}",
					   "fate", fate, "links",
					   (json_int_t)n, "day",
					   json_text(day), "dir",
					   json_text(dir), "says", says,
					   "command", json_text(command)));
}

static int entry_cmp(const void *a, const void *b)
{
	return strcmp((*(struct strmap_entry *const *)a)->key,
		      (*(struct strmap_entry *const *)b)->key);
}

/* m's entries by key, *n of them (free the array). */
static struct strmap_entry **sorted(struct strmap *m, size_t *n)
{
	struct strmap_entry **v = xcalloc(m->nr ? m->nr : 1, sizeof(*v));
	struct strmap_entry *e;

	*n = 0;
	strmap_for_each(m, e)
		v[(*n)++] = e;
	qsort(v, *n, sizeof(*v), entry_cmp);
	return v;
}

static json_t *summary_json(struct fates *F)
{
	json_t *a = json_array();
	struct strmap_entry *e, **v;
	struct strbuf sb = STRBUF_INIT;
	size_t i, nv;

	v = sorted(&F->written, &nv);
	for (i = 0; i < nv; i++) {
		size_t n = (size_t)v[i]->value;
		char *cmd;

		e = v[i];
		cmd = xstrfmt("linkmend sent %s", *e->key ? e->key : "DIR");

		strbuf_addf(&sb, "%zu %s written in %s, not recorded as sent: "
			    "`%s` once it is mailed", n, n == 1 ? "link" :
			    "links", *e->key ? e->key : "a series", cmd);
		add_line(a, "written", n, NULL, *e->key ? e->key : NULL,
			 sb.buf, cmd);
		strbuf_reset(&sb);
		free(cmd);
	}
	free(v);
	v = sorted(&F->pending, &nv);
	for (i = 0; i < nv; i++) {
		e = v[i];
		series_held_line((size_t)e->value, HELD_PENDING, e->key, &sb);
		add_line(a, "pending", (size_t)e->value, e->key, NULL, sb.buf,
			 "linkmend series --resend");
		strbuf_reset(&sb);
	}
	free(v);
	if (F->applied) {
		series_held_line(F->applied, HELD_APPLIED, "", &sb);
		add_line(a, "applied", F->applied, NULL, NULL, sb.buf, NULL);
		strbuf_reset(&sb);
	}
	if (F->nrefused) {
		series_held_line(F->nrefused, HELD_REFUSED, "", &sb);
		add_line(a, "refused", F->nrefused, NULL, NULL, sb.buf,
			 "linkmend refuse --withdraw");
	}
	strbuf_release(&sb);
	return a;
}

json_t *report_fates_json(struct store *st)
{
	struct fates F = { json_array(), json_array(), STRVEC_INIT,
			   STRMAP_INIT, STRMAP_INIT, STRMAP_INIT, STRMAP_INIT,
			   0, 0 };
	json_t *m = NULL, *r;
	size_t i;

	if (store_each_refusal(st, refusal_cb, &F) ||
	    store_each_fate(st, fate_cb, &F))
		goto out;
	/* A refusal of a link no edit of the store names: its own row. */
	json_array_foreach(F.refusals, i, r)
		if (!strmap_get(&F.taken, F.refusal_keys.v[i])) {
			json_array_append(F.edits, r);
			F.nrefused++;
		}
	m = json_pack("{s:O, s:o}", "edits", F.edits, "summary",
		      summary_json(&F));
out:
	json_decref(F.edits);
	json_decref(F.refusals);
	strvec_clear(&F.refusal_keys);
	strmap_clear(&F.refused, NULL);
	strmap_clear(&F.taken, NULL);
	strmap_clear(&F.pending, NULL);
	strmap_clear(&F.written, NULL);
	return m;
}
