// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <glob.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../lib/atomic.h"
#include "../lib/outdir.h"
#include "../lib/run.h"
#include "../lib/strbuf.h"
#include "../lib/strmap.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "../rewrite/keep.h"
#include "../rewrite/rewrite.h"
#include "b4.h"
#include "../project/maintainers.h"
#include "../project/route.h"
#include "series.h"
#include "write.h"

/* path as it is after group gi and every group before it, into out. */
static int content_after(struct series *c, size_t gi, const char *path,
			 struct strbuf *out)
{
	struct strbuf *old = series_blob(c, path);
	struct edit *ev;
	size_t n = 0, i, k;
	int ret;

	if (!old)
		return error("'%s' is not in %s", path, c->o->base_rev);
	ev = xcalloc(c->plan.nr, sizeof(*ev));
	for (k = 0; k <= gi; k++)
		for (i = 0; i < c->g[k].nr; i++) {
			const struct planned *e = &c->plan.v[c->g[k].edits[i]];

			if (strcmp(e->path, path))
				continue;
			ev[n].start = e->start;
			ev[n].end = e->end;
			ev[n++].text = plan_text(e);
		}
	ret = rewrite_apply(old->buf, old->len, ev, n, out);
	free(ev);
	return ret;
}

static void add_data(struct strbuf *st, const char *buf, size_t len)
{
	strbuf_addf(st, "data %zu\n", len);
	strbuf_add(st, buf, len);
	strbuf_addch(st, '\n');
}

/* A path as fast-import reads it: C-quoted when it must be. */
static void add_path(struct strbuf *st, const char *path)
{
	const char *p;

	if (path[0] != '"' && !strpbrk(path, "\n\\")) {
		strbuf_addstr(st, path);
		return;
	}
	strbuf_addch(st, '"');
	for (p = path; *p; p++) {
		if (*p == '\n')
			strbuf_addstr(st, "\\n");
		else if (*p == '"' || *p == '\\')
			strbuf_addf(st, "\\%c", *p);
		else
			strbuf_addch(st, *p);
	}
	strbuf_addch(st, '"');
}

/*
 * Groups [first, last) as commits on *parent, which moves to the last:
 * one git fast-import for them all, each file's new content written
 * once, no process per file (the kernel's 900 files took minutes so).
 */
static int commit_groups(struct series *c, size_t first, size_t last,
			 struct strbuf *parent, long long now)
{
	/* One ref for every series, reset by each: write_all() drops it. */
	char *ref = xstrfmt("refs/linkmend/series-%d", (int)getpid());
	char *marks = xstrfmt("%s/linkmend-marks-%d", c->git_dir,
			      (int)getpid());
	char *mopt = xstrfmt("--export-marks=%s", marks);
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf st = STRBUF_INIT, m = STRBUF_INIT;
	size_t k, i;
	int ret = -1;

	for (k = first; k < last; k++) {
		struct group *g = &c->g[k];
		struct strmap files = STRMAP_INIT;
		struct strbuf msg = STRBUF_INIT;

		strbuf_addf(&st, "commit %s\nmark :%zu\n", ref, k + 1);
		/* A second apart, so that the order is the log's. */
		strbuf_addf(&st, "author %s <%s> %lld +0000\n", c->from_name,
			    c->from_mail, now + (long long)k);
		strbuf_addf(&st, "committer %s <%s> %lld +0000\n",
			    c->from_name, c->from_mail, now + (long long)k);
		series_message(c, g, &msg);
		add_data(&st, msg.buf, msg.len);
		strbuf_release(&msg);
		if (k == first)
			strbuf_addf(&st, "from %s\n", parent->buf);
		for (i = 0; i < g->nr; i++) {
			const char *path = c->plan.v[g->edits[i]].path;
			struct strbuf body = STRBUF_INIT;
			void **slot = strmap_put(&files, path);
			const char *mode;

			if (*slot)
				continue;
			*slot = (void *)1;
			if (content_after(c, k, path, &body)) {
				strbuf_release(&body);
				strmap_clear(&files, NULL);
				goto out;
			}
			mode = strmap_get(&c->modes, path);
			strbuf_addf(&st, "M %s inline ", mode ? mode : "100644");
			add_path(&st, path);
			strbuf_addch(&st, '\n');
			add_data(&st, body.buf, body.len);
			strbuf_release(&body);
		}
		strmap_clear(&files, NULL);
		strbuf_addch(&st, '\n');
	}
	strbuf_addstr(&st, "done\n");
	/*
	 * Tied to us: killed with us, an orphan would write its crash
	 * report and marks after the next run removed stale ones.
	 */
	series_git_cmd(c, &cp);
	strvec_pushl(&cp.args, "fast-import", "--quiet", "--done", "--force",
		     mopt, NULL);
	cp.in = st.buf;
	cp.in_len = st.len;
	cp.tied = 1;
	if (child_process_run(&cp)) {
		error("git fast-import failed in '%s'", c->root);
		goto out;
	}
	if (strbuf_read_file(&m, marks))
		goto out;
	/* ":N sha" lines: each group's commit; the last is the new parent. */
	for (k = first; k < last; k++) {
		char *want = xstrfmt(":%zu ", k + 1), *at = strstr(m.buf, want);

		free(want);
		if (!at || (at != m.buf && at[-1] != '\n')) {
			error("git fast-import made no commit for %s",
			      c->g[k].area);
			goto out;
		}
		at = strchr(at, ' ') + 1;
		free(c->g[k].commit);
		c->g[k].commit = xstrndup(at, strcspn(at, "\n"));
	}
	strbuf_reset(parent);
	strbuf_addstr(parent, c->g[last - 1].commit);
	ret = 0;
out:
	unlink(marks);
	free(marks);
	free(mopt);
	free(ref);
	strbuf_release(&st);
	strbuf_release(&m);
	return ret;
}

/*
 * A Message-Id of the run's own, for linkmend sent to read back and a
 * resend to reply to: no dot on its right, so that no K: keyword of
 * MAINTAINERS and no trailer check of b4's reads it as a host or an
 * address.
 */
static char *new_msgid(const struct series *c, long long now)
{
	static unsigned n;
	unsigned long h = 5381;
	const char *p;
	char date[32];
	time_t t = (time_t)now;
	struct tm tm;

	for (p = c->from_mail; p && *p; p++)
		h = h * 33 + (unsigned char)*p;
	gmtime_r(&t, &tm);
	strftime(date, sizeof(date), "%Y%m%d%H%M%S", &tm);
	return xstrfmt("<%s.%d.%u.%08lx@linkmend>", date, (int)getpid(),
		       ++n, h & 0xffffffffUL);
}

/*
 * A mail's Message-Id and, in a thread, In-Reply-To and References
 * (references: the thread's first mail before the parent, or NULL).
 */
static void add_thread(struct strbuf *sb, const char *msgid,
		       const char *parent, const char *first)
{
	if (msgid)
		strbuf_addf(sb, "Message-Id: %s\n", msgid);
	if (!parent)
		return;
	strbuf_addf(sb, "In-Reply-To: %s\nReferences: ", parent);
	if (first && strcmp(first, parent))
		strbuf_addf(sb, "%s ", first);
	strbuf_addf(sb, "%s\n", parent);
}

/* The headers of add_thread() put into the patch at path, before Subject. */
static int put_thread(const char *path, const char *msgid, const char *parent,
		      const char *first)
{
	struct strbuf sb = STRBUF_INIT, out = STRBUF_INIT;
	const char *subject;
	int ret = -1;

	if (strbuf_read_file(&sb, path))
		goto out;
	subject = strstr(sb.buf, "\nSubject: ");
	if (!subject) {
		error("'%s' has no Subject line", path);
		goto out;
	}
	subject++;
	strbuf_add(&out, sb.buf, (size_t)(subject - sb.buf));
	add_thread(&out, msgid, parent, first);
	strbuf_addstr(&out, subject);
	ret = atomic_write_file(path, out.buf, out.len, NULL);
out:
	strbuf_release(&sb);
	strbuf_release(&out);
	return ret;
}

static int write_cover(struct series *c, const char *dir,
		       const struct unit *u, const struct recipients *rcpt)
{
	struct strbuf sb = STRBUF_INIT, subject = STRBUF_INIT;
	char *path = xstrfmt("%s/0000-cover-letter.patch", dir);
	size_t first = u->first, last = u->last;
	const char *tag = u->tag;
	char date[64];
	time_t now = time(NULL);
	struct tm tm;
	size_t i;
	int ret;

	gmtime_r(&now, &tm);
	strftime(date, sizeof(date), "%a, %d %b %Y %H:%M:%S +0000", &tm);
	strbuf_addf(&sb, "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n"
		    "From: %s <%s>\nDate: %s\n", c->from_name, c->from_mail,
		    date);
	for (i = 0; i < rcpt->nto; i++)
		strbuf_addf(&sb, "To: %s\n", rcpt->to[i]);
	for (i = 0; i < rcpt->ncc; i++)
		strbuf_addf(&sb, "Cc: %s\n", rcpt->cc[i]);
	{
		struct strbuf text = STRBUF_INIT;

		series_cover_text(c, first, last, u->part, u->parts, &subject,
				  &text);
		add_thread(&sb, u->cover_id, u->in_reply_to, NULL);
		strbuf_addf(&sb, "Subject: [%s 0/%zu] %s\n\n%s", tag,
			    last - first, subject.buf, text.buf);
		strbuf_release(&text);
	}
	/* As git format-patch --base writes it; here the cover has it too. */
	strbuf_addf(&sb, "\nbase-commit: %s\n", c->base);
	ret = atomic_write_file(path, sb.buf, sb.len, NULL);
	strbuf_release(&subject);
	free(path);
	strbuf_release(&sb);
	return ret;
}

/*
 * A resend's changelog, first below the "---" line as maintainers read
 * it: each link whose replacement changed since the version sent.
 */
static void add_changelog(struct series *c, const struct group *g,
			  struct strbuf *sb)
{
	size_t i, n = 0;
	int v = 0;

	for (i = 0; i < g->nr; i++) {
		const struct again *a = c->again ? c->again[g->edits[i]] : NULL;

		if (a && a->version > v)
			v = a->version;
	}
	if (!v)
		return;
	for (i = 0; i < g->nr; i++) {
		const struct planned *e = &c->plan.v[g->edits[i]];
		const struct again *a = c->again[g->edits[i]];

		if (!a || !a->prior_new)
			continue;
		if (!n++)
			strbuf_addf(sb, "Changes in v%d:\n", v);
		strbuf_addf(sb, "- %s:%u: %s now becomes %s (v%d: %s)\n",
			    e->path, e->line, e->text, e->replacement,
			    a->version - 1, a->prior_new);
	}
	if (!n)
		strbuf_addf(sb, "Resent unchanged (sent first in v1, not "
			    "applied).\n");
	strbuf_addch(sb, '\n');
}

/*
 * The group's evidence put below the patch's "---" line, before the
 * diffstat: where format-patch puts notes, read in review and dropped
 * by git am.
 */
static int put_evidence(struct series *c, struct group *g)
{
	struct strbuf sb = STRBUF_INIT, out = STRBUF_INIT, ev = STRBUF_INIT;
	const char *sep;
	int ret = -1;

	if (strbuf_read_file(&sb, g->file))
		goto out;
	sep = strstr(sb.buf, "\n---\n");
	if (!sep) {
		error("'%s' has no '---' line", g->file);
		goto out;
	}
	sep += 5;
	add_changelog(c, g, &ev);
	series_evidence(c, g, &ev);
	strbuf_add(&out, sb.buf, (size_t)(sep - sb.buf));
	strbuf_add(&out, ev.buf, ev.len);
	strbuf_addch(&out, '\n');
	strbuf_addstr(&out, sep);
	ret = atomic_write_file(g->file, out.buf, out.len, NULL);
	free(g->notes);
	g->notes = strbuf_detach(&ev, NULL);
out:
	strbuf_release(&sb);
	strbuf_release(&out);
	strbuf_release(&ev);
	return ret;
}

static int has_edge(const char *l, const char *end)
{
	const char *p;

	for (p = l; p + 1 < end; p++)
		if ((p[0] == '/' && p[1] == '*') || (p[0] == '*' && p[1] == '/'))
			return 1;
	return 0;
}

/*
 * The context lines a hunk at offset at of a block comment needs for
 * checkpatch.pl, reading the patch alone (no tree), to see that it is a
 * comment: checkpatch guesses from the first comment edge ("/" "*" or
 * "*" "/") in the hunk, and with none there it reads the lines as code
 * ("spaces required around that ':'").  3, git's default, where the
 * three lines either side show an edge or a " * " leader; else the
 * distance to the nearest edge (at most 400 lines away).
 */
static size_t comment_context(const char *buf, size_t len, size_t at)
{
	const char *end = buf + len, *here = line_start(buf, buf + at);
	const char *l, *e;
	size_t up = 0, down = 0, k;

	for (l = here, k = 0; k <= 400; k++) {
		e = memchr(l, '\n', (size_t)(end - l));
		e = e ? e : end;
		if (k <= 3 && (has_edge(l, e) ||
			       *(l + strspn(l, " \t")) == '*'))
			return 3;
		if (has_edge(l, e)) {
			down = k;
			break;
		}
		if (e == end)
			break;
		l = e + 1;
	}
	for (l = here, k = 0; k <= 400 && l > buf; k++) {
		l = line_start(buf, l - 1);
		e = memchr(l, '\n', (size_t)(end - l));
		if (k < 3 && *(l + strspn(l, " \t")) == '*')
			return 3;
		if (has_edge(l, e ? e : end)) {
			up = k + 1;
			break;
		}
	}
	if (!up && !down)
		return 3;
	k = !up ? down : !down ? up : up < down ? up : down;
	return k > 3 ? k : 3;
}

/* The context a unit's patches need: the widest any of its hunks does. */
static size_t unit_context(struct series *c, size_t first, size_t last)
{
	size_t k, i, n = 3;

	for (k = first; k < last; k++)
		for (i = 0; i < c->g[k].nr; i++) {
			const struct planned *e = &c->plan.v[c->g[k].edits[i]];
			struct strbuf *b;
			size_t want;

			if (e->ctx != CTX_C_COMMENT ||
			    !(b = series_blob(c, e->path)) || e->start >= b->len)
				continue;
			want = comment_context(b->buf, b->len, e->start);
			if (want > n)
				n = want;
		}
	return n;
}

/*
 * git format-patch of start..end into sdir; the files' names into files.
 * One patch alone is a [PATCH] with no number.
 */
static int format_patches(struct series *c, const char *sdir,
			  const char *start, const char *end, const char *tag,
			  int numbered, size_t context, struct strbuf *files)
{
	char *range = xstrfmt("%s..%s", start, end), *abs = NULL;
	char *prefix = xstrfmt("--subject-prefix=%s", tag);
	char *base = xstrfmt("--base=%s", c->base);
	char *unified = xstrfmt("-U%zu", context);
	char cwd[4096];
	int ret;

	/* git -C reads a relative -o from the checkout's top, not here. */
	if (sdir[0] != '/' && getcwd(cwd, sizeof(cwd)))
		sdir = abs = xstrfmt("%s/%s", cwd, sdir);
	ret = series_git(c, files, "format-patch", numbered ? "--numbered" :
			 "--no-numbered", prefix, unified, "-o", sdir, range,
			 base, NULL) ?
	      error("git format-patch failed") : 0;
	free(unified);
	free(abs);
	free(base);
	free(prefix);
	free(range);
	return ret;
}

/*
 * To and Cc into each of the n patch files, their first answers from
 * batch, which the patches were added to as they were written.
 * get_maintainer.pl matches K: keywords in the whole mail, headers too:
 * a patch whose new To: and Cc: lines hold a keyword is asked about
 * again, as it now reads, until its recipients stay the same (three
 * rounds at most).
 */
static int address(struct series *c, char **files, size_t n,
		   struct route_batch *batch, struct route_memo *memo,
		   struct recipients *rcpt)
{
	const struct maintainers *m = c->have_m ? &c->m : NULL;
	char **again = xcalloc(n, sizeof(*again));
	size_t *which = xcalloc(n, sizeof(*which));
	struct recipients *more = xcalloc(n, sizeof(*more));
	size_t k, na = 0, round;
	int ret = -1;

	if (route_batch_end(batch, rcpt))
		goto out;
	for (k = 0; k < n; k++)
		which[k] = k;
	na = n;
	for (round = 0; round < 4; round++) {
		size_t i, next = 0;

		for (i = 0; i < na; i++) {
			k = which[i];
			if (recipients_write(files[k], &rcpt[k])) {
				error("cannot address '%s'", files[k]);
				goto out;
			}
			if (round < 3 && recipients_keyword(m, &rcpt[k]))
				which[next++] = k;
		}
		if (!next)
			break;
		for (i = 0; i < next; i++)
			again[i] = files[which[i]];
		if (route_patches(c->root, m, again, next, c->o->jobs,
				  c->o->in_process, memo, more))
			goto out;
		for (i = 0, na = 0; i < next; i++) {
			size_t before = rcpt[which[i]].nto + rcpt[which[i]].ncc;

			recipients_merge(&rcpt[which[i]], &more[i]);
			if (rcpt[which[i]].nto + rcpt[which[i]].ncc != before)
				which[na++] = which[i];
			recipients_release(&more[i]);
		}
	}
	ret = 0;
out:
	for (k = 0; k < n; k++)
		recipients_release(&more[k]);
	free(more);
	free(which);
	free(again);
	return ret;
}

/*
 * git format-patch --base names the base in the first patch only; a
 * maintainer's tools read any one patch, so every patch names it, in
 * the same place (before the signature).
 */
static int add_base_commit(const char *path, const char *base)
{
	struct strbuf sb = STRBUF_INIT, out = STRBUF_INIT;
	const char *sig, *next;
	int ret = 0;

	if (strbuf_read_file(&sb, path)) {
		strbuf_release(&sb);
		return -1;
	}
	if (!strstr(sb.buf, "\nbase-commit: ")) {
		sig = strstr(sb.buf, "\n-- \n");
		while (sig && (next = strstr(sig + 1, "\n-- \n")))
			sig = next;
		if (sig)
			sig++;		/* the signature's own line */
		else
			sig = sb.buf + sb.len;
		strbuf_add(&out, sb.buf, (size_t)(sig - sb.buf));
		strbuf_addf(&out, "\nbase-commit: %s\n", base);
		strbuf_addstr(&out, sig);
		ret = atomic_write_file(path, out.buf, out.len, NULL);
	}
	strbuf_release(&sb);
	strbuf_release(&out);
	return ret;
}

/*
 * With --b4, the context of u's patches, written to sdir with
 * u->context lines: fewer where a context line is one b4 send would
 * read as a trailer and mail (b4_context()), the patches then made
 * again with as many; none keeps it out when it is next to a change,
 * and the series is not handed to b4 (u->no_b4 says why).
 */
static int b4_safe_context(struct series *c, const char *sdir,
			   struct unit *u, const char *start, const char *end,
			   const char *tag, size_t n)
{
	struct strbuf text = STRBUF_INIT, where = STRBUF_INIT;
	struct strbuf out = STRBUF_INIT;
	size_t k, want = u->context;
	int ret = 0;

	for (k = u->first; k < u->last && want; k++) {
		strbuf_reset(&text);
		if (strbuf_read_file(&text, c->g[k].file)) {
			ret = -1;
			goto out;
		}
		want = b4_context(text.buf, want, &where);
	}
	if (!want) {
		u->no_b4 = strbuf_detach(&where, NULL);
		goto out;
	}
	if (want == u->context)
		goto out;
	if (!c->o->quiet)
		fprintf(stderr, "series: %s: %zu line%s of context, not "
			"%zu: one more would show b4 send a line it reads as "
			"a trailer naming someone\n", *u->dir ? u->dir : ".",
			want, want == 1 ? "" : "s", u->context);
	u->context = want;
	ret = format_patches(c, sdir, start, end, tag, n > 1, want, &out);
out:
	strbuf_release(&text);
	strbuf_release(&where);
	strbuf_release(&out);
	return ret;
}

/*
 * A series' subject tag: the tree's ("PATCH net-next"), and in a
 * resend "v2" after it (git format-patch -v's place) when a link's
 * replacement changed, else RESEND after PATCH; with the thread it
 * answers, the first mail of the first send.
 */
static void unit_tag(struct series *c, struct unit *u)
{
	char *tag = series_subject_tag(&c->g[u->first]);
	size_t k, i;
	int v = 0, changed = 0;

	u->in_reply_to = NULL;
	for (k = u->first; c->again && k < u->last; k++)
		for (i = 0; i < c->g[k].nr; i++) {
			const struct again *a = c->again[c->g[k].edits[i]];

			if (!a)
				continue;
			if (a->version > v)
				v = a->version;
			changed |= a->prior_new != NULL;
			if (!u->in_reply_to)
				u->in_reply_to = a->first_id;
		}
	u->version = v;
	u->changed = changed;
	if (!v)
		u->tag = tag;
	else if (changed)
		u->tag = xstrfmt("%s v%d", tag, v);
	else
		u->tag = xstrfmt("PATCH RESEND%s", tag + 5);
	if (u->tag != tag)
		free(tag);
}

/*
 * One series' patches into dir/u->dir: commits on *parent (which moves
 * on) and git format-patch; each group's file name kept, and each patch
 * added to batch as done, for get_maintainer.pl to read while the next
 * series is made.
 */
static int write_unit(struct series *c, const char *dir, struct unit *u,
		      struct strbuf *parent, long long now,
		      struct route_batch *batch)
{
	char *sdir = *u->dir ? xstrfmt("%s/%s", dir, u->dir) : xstrdup(dir);
	char *start = xstrdup(parent->buf), *line, *next;
	const char *tag = u->tag;
	size_t n = u->last - u->first, nfiles = 0;
	struct strbuf out = STRBUF_INIT;
	int ret = -1;

	if (*u->dir && mkdir(sdir, 0777) && errno != EEXIST) {
		error_errno("cannot create '%s'", sdir);
		goto out;
	}
	u->context = unit_context(c, u->first, u->last);
	if (commit_groups(c, u->first, u->last, parent, now) ||
	    format_patches(c, sdir, start, parent->buf, tag, n > 1,
			   u->context, &out))
		goto out;
	for (line = out.buf; line && *line && nfiles < n; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		c->g[u->first + nfiles++].file = xstrdup(line);
	}
	if (nfiles != n) {
		error("git format-patch wrote %zu patches, not %zu", nfiles, n);
		goto out;
	}
	if (c->o->b4 &&
	    b4_safe_context(c, sdir, u, start, parent->buf, tag, n))
		goto out;
	for (nfiles = 0; nfiles < n; nfiles++)
		if (put_evidence(c, &c->g[u->first + nfiles]) ||
		    add_base_commit(c->g[u->first + nfiles].file, c->base))
			goto out;
	for (nfiles = 0; nfiles < n; nfiles++)
		route_batch_add(batch, u->first + nfiles,
				c->g[u->first + nfiles].file);
	ret = 0;
out:
	strbuf_release(&out);
	free(start);
	free(sdir);
	return ret;
}

/*
 * A project that asks for pull requests: the series' request text,
 * DIR/PULL-REQUEST, its title the cover letter's subject (a lone
 * patch's own), its body the cover's text (the commit message's).
 */
static int write_request(struct series *c, const char *sdir,
			 const struct unit *u)
{
	struct strbuf title = STRBUF_INIT, body = STRBUF_INIT;
	struct strbuf sb = STRBUF_INIT;
	char *path = xstrfmt("%s/PULL-REQUEST", sdir);
	int ret;

	if (u->last - u->first > 1) {
		series_cover_text(c, u->first, u->last, u->part, u->parts,
				  &title, &body);
	} else {
		struct strbuf msg = STRBUF_INIT;
		const char *nl;

		series_message(c, &c->g[u->first], &msg);
		nl = strchr(msg.buf, '\n');
		strbuf_add(&title, msg.buf, nl ? (size_t)(nl - msg.buf) :
			   msg.len);
		if (nl && nl[1])
			strbuf_addstr(&body, nl + 2);
		strbuf_release(&msg);
	}
	strbuf_addf(&sb, "%s\n\n%s\nBranch: %s, on %s (base-commit).\n",
		    title.buf, body.buf, u->branch + strlen("refs/heads/"),
		    c->base);
	ret = atomic_write_file(path, sb.buf, sb.len, NULL);
	if (ret)
		error("cannot write '%s'", path);
	free(path);
	strbuf_release(&sb);
	strbuf_release(&title);
	strbuf_release(&body);
	return ret;
}

/* A series' cover letter, to all its patches' recipients. */
static int finish_unit(struct series *c, const char *dir, struct unit *u,
		       long long now)
{
	char *sdir = *u->dir ? xstrfmt("%s/%s", dir, u->dir) : xstrdup(dir);
	size_t n = u->last - u->first, k;
	struct recipients all;
	int ret = 0;

	memset(&all, 0, sizeof(all));
	for (k = u->first; k < u->last; k++)
		recipients_merge(&all, &c->g[k].rcpt);
	/* Each mail its Message-Id; a series' patches answer its cover. */
	if (n > 1)
		u->cover_id = new_msgid(c, now);
	for (k = u->first; k < u->last && !ret; k++) {
		struct group *g = &c->g[k];

		g->msgid = new_msgid(c, now);
		if (put_thread(g->file, g->msgid,
			       n > 1 ? u->cover_id : u->in_reply_to,
			       n > 1 ? u->in_reply_to : NULL))
			ret = -1;
	}
	if (ret)
		;
	else if (n > 1 && write_cover(c, sdir, u, &all))
		ret = error("cannot write the cover letter");
	else if (c->pull && write_request(c, sdir, u))
		ret = -1;
	else if (!c->o->quiet)
		fprintf(stderr, "series: %zu patch%s in %s%s%s\n", n,
			n == 1 ? "" : "es", c->final_dir, *u->dir ? "/" : "",
			u->dir);
	recipients_release(&all);
	free(sdir);
	return ret;
}

/*
 * Every patch of the run addressed at once, so that get_maintainer.pl
 * runs -j at a time across series, not within one series of one patch:
 * batch holds the runs begun as the patches were written (memo its
 * answers kept), and is ended here.
 */
static int address_all(struct series *c, struct route_batch *batch,
		       struct route_memo *memo)
{
	char **files = xcalloc(c->ng, sizeof(*files));
	struct recipients *rcpt = xcalloc(c->ng, sizeof(*rcpt));
	size_t k, nobody = 0;
	int ret;

	for (k = 0; k < c->ng; k++)
		files[k] = c->g[k].file;
	/* The long part on a kernel: say what it waits for. */
	if (!c->o->quiet && isatty(2))
		fprintf(stderr, "series: addressing %zu patch%s (%s)...\n",
			c->ng, c->ng == 1 ? "" : "es", c->o->in_process ?
			"MAINTAINERS read here" : "scripts/get_maintainer.pl");
	ret = address(c, files, c->ng, batch, memo, rcpt);
	/* A second run on the same revision asks the script nothing. */
	if (!ret && !c->o->quiet && (memo->kept || memo->asked))
		fprintf(stderr, "series: recipients of %zu patch%s: %zu "
			"get_maintainer.pl answer%s from the store, %zu run%s "
			"of it\n", c->ng, c->ng == 1 ? "" : "es", memo->kept,
			memo->kept == 1 ? "" : "s", memo->asked,
			memo->asked == 1 ? "" : "s");
	for (k = 0; k < c->ng; k++)
		c->g[k].rcpt = rcpt[k];		/* released with the group */
	if (!ret)
		ret = series_people(c);
	for (k = 0; k < c->ng; k++)
		nobody += !c->g[k].rcpt.nto && !c->g[k].rcpt.ncc;
	/* A patch no one receives is lost in an outbox: say so, loudly. */
	if (!ret && nobody && !c->pull)
		warning("%zu of %zu patches have no recipient: %s; send "
			"them to the project by hand, or write its MAINTAINERS",
			nobody, c->ng,
			c->have_m ? "MAINTAINERS names no one for their files" :
			"the tree has no MAINTAINERS");
	free(rcpt);
	free(files);
	return ret;
}

/*
 * DIR/INDEX: the series in the order to send, one tree at a time, in
 * waves that keep every list within LIST_BURST patches at once.
 */
/*
 * OWNERS.tsv: every edit the plan held and whose text its line is, so
 * that what stays is listed with its class and evidence, not dropped in
 * silence.  Columns: path, line, patched or kept, owner, reason, URL,
 * evidence.
 */
static int write_owners(struct series *c, const char *dir)
{
	struct strbuf sb = STRBUF_INIT;
	char *path = xstrfmt("%s/OWNERS.tsv", dir);
	size_t i;
	int ret;

	strbuf_addstr(&sb, "# path\tline\taction\towner\treason\turl\t"
		      "evidence\n");
	for (i = 0; i < c->plan.nr; i++) {
		const struct planned *e = &c->plan.v[i];

		if (!e->owner)
			continue;
		strbuf_addf(&sb, "%s\t%u\t%s\t%s\t%s\t%s\t", e->path,
			    e->line, e->kept == KEEP_NONE ? "patched" : "kept",
			    e->owner, keep_reason_name(e->kept), e->url);
		strbuf_add_escaped(&sb, e->owner_why ? e->owner_why : "",
				     e->owner_why ? strlen(e->owner_why) : 0);
		strbuf_addch(&sb, '\n');
	}
	ret = atomic_write_file(path, sb.buf, sb.len, NULL);
	free(path);
	strbuf_release(&sb);
	return ret;
}

/*
 * Files the patches change whose base has CRLF line ends: git am strips
 * the CRs of a mail unless told --keep-cr, and the patch then fails
 * (nginx's contrib/geo2nginx.pl, zlib's and nmap's Windows files).
 */
static size_t crlf_files(struct series *c)
{
	size_t k, i, n = 0;
	const char *prev = NULL;

	for (k = 0; k < c->ng; k++)
		for (i = 0; i < c->g[k].nr; i++) {
			const char *p = c->plan.v[c->g[k].edits[i]].path;
			struct strbuf *b;

			if (prev && !strcmp(prev, p))
				continue;
			prev = p;
			b = series_blob(c, p);
			n += b && memmem(b->buf, b->len, "\r\n", 2) != NULL;
		}
	return n;
}

/*
 * Patches whose subject opens with the project's own bracketed tag
 * (lighttpd's "[core] "): git am strips every leading [...] of a
 * subject unless told --keep-non-patch, and the tag is lost.
 */
static size_t bracket_tags(const struct series *c)
{
	size_t k, n = 0;

	for (k = 0; k < c->ng; k++)
		n += c->g[k].style.prefix && c->g[k].style.prefix[0] == '[';
	return n;
}

/* The options git am needs for these patches: " --keep-cr", ... */
static const char *am_options(const struct series *c)
{
	static char buf[64];

	snprintf(buf, sizeof(buf), "%s%s", c->crlf ? " --keep-cr" : "",
		 c->tags ? " --keep-non-patch" : "");
	return buf;
}

static int write_index(struct series *c, const char *dir,
		       const struct unit *u, size_t nu)
{
	struct strbuf sb = STRBUF_INIT;
	char *path = xstrfmt("%s/INDEX", dir);
	size_t *wave = xcalloc(nu ? nu : 1, sizeof(*wave));
	size_t i, w, nw = series_plan_waves(c, u, nu, wave);
	int ret;

	strbuf_addf(&sb, "# The series to send, in order, one tree at a time:\n"
		    "# directory, patches, the tree that applies them.\n"
		    "# Apply one with git am%s --empty=drop DIR/*.patch: the\n"
		    "# cover letter (0000) is for the mail and has no diff.\n",
		    am_options(c));
	if (c->pull)
		strbuf_addf(&sb, "# No mail: the project asks for pull requests "
			    "(%s).\n# Each series is a branch linkmend/DIR, its "
			    "request text DIR/PULL-REQUEST.\n", c->form_why);
	else
		strbuf_addstr(&sb, "# Who gets each patch, and why: "
			      "RECIPIENTS.\n");
	if (c->crlf)
		strbuf_addf(&sb, "# --keep-cr: %zu file%s changed here %s CRLF "
			    "line ends.\n", c->crlf, c->crlf == 1 ? "" : "s",
			    c->crlf == 1 ? "has" : "have");
	if (c->tags)
		strbuf_addf(&sb, "# --keep-non-patch: %zu subject%s open%s with "
			    "the project's [tag], which git am\n# strips "
			    "without it.\n", c->tags, c->tags == 1 ? "" : "s",
			    c->tags == 1 ? "s" : "");
	if (nw > 1)
		strbuf_addf(&sb, "# Send in %zu waves, a day or more apart: no "
			    "mailing list gets\n# more than %d patches at once "
			    "(submitting-patches.rst).\n", nw, LIST_BURST);
	for (w = 0; w < nw; w++) {
		if (nw > 1)
			strbuf_addf(&sb, "# wave %zu\n", w + 1);
		for (i = 0; i < nu; i++) {
			const char *t = c->g[u[i].first].tree_line;

			if (wave[i] != w)
				continue;
			strbuf_addf(&sb, "%s\t%zu\t%s\n",
				    *u[i].dir ? u[i].dir : ".",
				    u[i].last - u[i].first, t ? t : "-");
		}
	}
	ret = atomic_write_file(path, sb.buf, sb.len, NULL);
	free(wave);
	free(path);
	strbuf_release(&sb);
	return ret;
}

/*
 * DIR/LEFT: every link the plan's judge left as it is, and why, so that
 * none is dropped silently; absent when there is none.
 */
static int write_left(struct series *c, const char *dir)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;
	int ret = 0;

	for (i = 0; i < c->plan.nr; i++) {
		const struct planned *e = &c->plan.v[i];

		if (e->judged.left == LEFT_NONE)
			continue;
		if (!sb.len)
			strbuf_addstr(&sb, "# Links left as they are, reported "
				      "instead of patched: path:line, why.\n");
		strbuf_addf(&sb, "%s:%u: ", e->path, e->line);
		judge_say(&e->judged, e->url, e->replacement, e->evidence, &sb);
		strbuf_addch(&sb, '\n');
	}
	ret = series_write_list(dir, "LEFT", &sb);
	strbuf_release(&sb);
	return ret;
}

int series_write_list(const char *dir, const char *name,
		      const struct strbuf *sb)
{
	char *path;
	int ret;

	if (!sb->len)
		return 0;
	path = xstrfmt("%s/%s", dir, name);
	ret = atomic_write_file(path, sb->buf, sb->len, NULL);
	free(path);
	return ret;
}

static int stopped(const struct series *c)
{
	return c->o->stop && *c->o->stop;
}

/* 1 if the number name ends in is a live process (or no number). */
static int pid_alive(const char *name)
{
	const char *d = name + strlen(name);
	long pid;

	while (d > name && isdigit((unsigned char)d[-1]))
		d--;
	pid = strtol(d, NULL, 10);
	return pid <= 0 || !kill((pid_t)pid, 0) || errno == EPERM;
}

/*
 * What a series killed with -9 left in the tree's repository: its ref,
 * its marks file, and fast-import's crash report of the stream it lost.
 * Each is linkmend's by name (and the report by its stream), and removed
 * once the run that made it is gone.
 */
static void remove_stale(struct series *c)
{
	struct strbuf out = STRBUF_INIT, sb = STRBUF_INIT;
	char *line, *next, *pattern;
	glob_t g;
	size_t i;

	if (!series_git(c, &out, "for-each-ref", "--format=%(refname)",
			"refs/linkmend/", NULL))
		for (line = out.buf; *line; line = next) {
			next = strchr(line, '\n');
			if (next)
				*next++ = '\0';
			else
				next = line + strlen(line);
			if (!strncmp(line, "refs/linkmend/series-", 21) &&
			    !pid_alive(line + 21))
				series_git(c, NULL, "update-ref", "-d", line,
					   NULL);
		}
	strbuf_release(&out);
	pattern = xstrfmt("%s/linkmend-marks-*", c->git_dir);
	if (!glob(pattern, GLOB_NOSORT, NULL, &g)) {
		for (i = 0; i < g.gl_pathc; i++)
			if (!pid_alive(strrchr(g.gl_pathv[i], '/')))
				unlink(g.gl_pathv[i]);
		globfree(&g);
	}
	free(pattern);
	pattern = xstrfmt("%s/fast_import_crash_*", c->git_dir);
	if (!glob(pattern, GLOB_NOSORT, NULL, &g)) {
		for (i = 0; i < g.gl_pathc; i++) {
			strbuf_reset(&sb);
			if (!pid_alive(strrchr(g.gl_pathv[i], '/')) &&
			    !strbuf_read_file(&sb, g.gl_pathv[i]) &&
			    strstr(sb.buf, "refs/linkmend/series-"))
				unlink(g.gl_pathv[i]);
		}
		globfree(&g);
	}
	free(pattern);
	strbuf_release(&sb);
}

/* dir's real path (it exists once the series is in place); to free. */
static char *real_dir(const char *dir)
{
	char *real = realpath(dir, NULL);

	return real ? real : xstrdup(dir);
}

/*
 * What the run wrote, each edit with its patch and series directory,
 * into the store: a re-run proposes it again only until it is sent.
 */
static int record_written(struct series *c, const struct unit *u, size_t nu,
			  long long now)
{
	char *top = real_dir(c->final_dir);
	size_t i, k;
	int ret = 0;

	if (!store_has_fates(c->st)) {
		free(top);
		return 0;
	}
	if (store_begin(c->st)) {
		free(top);
		return -1;
	}
	for (i = 0; i < nu && !ret; i++) {
		char *dir = *u[i].dir ? xstrfmt("%s/%s", top, u[i].dir) :
			    xstrdup(top);

		for (k = u[i].first; k < u[i].last && !ret; k++) {
			const char *base = strrchr(c->g[k].file, '/');
			char *patch = xstrfmt("%s%s", dir, base ? base : "");

			ret = series_fates_record(c, patch, dir, &c->g[k], now);
			free(patch);
		}
		free(dir);
	}
	if (ret || store_commit(c->st)) {
		store_rollback(c->st);
		ret = error("the edits written are not recorded in the store");
	}
	free(top);
	return ret;
}

/* Handed to b4, a series is as good as sent: its branch says where. */
static int mark_b4_sent(struct series *c, const struct unit *u,
			char *const *files, const char *branch, long long now)
{
	char *via = xstrfmt("b4 branch %s", branch);
	size_t k;
	int ret = 0;

	for (k = 0; k < u->last - u->first && !ret; k++) {
		char *patch = files[k] ? realpath(files[k], NULL) : NULL;

		if (patch && store_mark_sent(c->st, patch, NULL, NULL, via,
					     now) < 0)
			ret = -1;
		free(patch);
	}
	free(via);
	return ret;
}

/* A series as an enrolled b4 prep branch (b4.h). */
static int hand_to_b4(struct series *c, const struct unit *u, long long now)
{
	size_t n = u->last - u->first, k;
	struct b4_patch *p = xcalloc(n, sizeof(*p));
	struct strbuf subject = STRBUF_INIT, text = STRBUF_INIT;
	char *branch = xstrfmt("b4/linkmend%s%s", *u->dir ? "-" : "", u->dir);
	char **files = xcalloc(n, sizeof(*files));
	char *resend = NULL;
	struct b4_series s = {
		.top = c->root, .branch = branch, .start = u->start,
		.tag = c->g[u->first].tag,
		.name = c->from_name, .mail = c->from_mail, .p = p, .n = n,
		.context = u->context,
		.quiet = c->o->quiet,
	};
	int ret = -1;

	if (u->no_b4) {
		error("%s: not handed to b4: %s is next to a change, and b4 "
		      "send would mail whom it names (it reads such lines "
		      "anywhere in a patch)", branch, u->no_b4);
		goto out;
	}
	/*
	 * A resend is marked as b4 can: RESEND among its prefixes, or its
	 * version (b4 prep --force-revision).  b4 (0.12) makes every
	 * header itself and has no way to send a series in reply to a
	 * mail: the patch files carry In-Reply-To, b4's mails cannot.
	 */
	if (u->version && u->changed) {
		s.revision = u->version;
	} else if (u->version) {
		resend = s.tag ? xstrfmt("RESEND %s", s.tag) :
			 xstrdup("RESEND");
		s.tag = resend;
	}
	if (u->version && u->in_reply_to)
		warning("%s: b4 sends it as a new thread, not in reply to "
			"%s (b4 send has no In-Reply-To); the patch files in "
			"%s reply to it", branch, u->in_reply_to,
			c->final_dir);
	for (k = 0; k < n; k++) {
		const struct group *g = &c->g[u->first + k];
		const char *base = g->file ? strrchr(g->file, '/') : NULL;

		if (!g->commit) {
			error("no commit for %s", g->area);
			goto out;
		}
		/* Written in the staging directory, now in its place. */
		if (base)
			files[k] = xstrfmt("%s%s%s%s", c->final_dir,
					   *u->dir ? "/" : "", u->dir, base);
		p[k].file = files[k];
		p[k].commit = g->commit;
		p[k].notes = g->notes;
		p[k].rcpt = &g->rcpt;
	}
	/* One patch: b4 sends it alone, with its own subject. */
	if (n > 1)
		series_cover_text(c, u->first, u->last, u->part, u->parts, &subject,
			   &text);
	s.subject = n > 1 ? subject.buf : "";
	s.body = n > 1 ? text.buf : "";
	ret = b4_write_branch(&s);
	if (!ret)
		ret = mark_b4_sent(c, u, files, branch, now);
out:
	free(resend);
	for (k = 0; k < n; k++)
		free(files[k]);
	free(files);
	strbuf_release(&subject);
	strbuf_release(&text);
	free(branch);
	free(p);
	return ret;
}

/*
 * Everything is written to a directory beside dir, which then takes
 * dir's place in one rename (an exchange where dir exists): a run
 * killed at any moment leaves the old series whole, or the new.
 */
static int write_all(struct series *c)
{
	char *final_dir = xstrdup(c->o->dir), *staging;
	struct strbuf parent = STRBUF_INIT;
	size_t n = strlen(final_dir), i, nu = 0;
	long long now = (long long)time(NULL);
	struct unit *u = series_plan_units(c, &nu);
	struct route_batch *batch = NULL;
	struct route_memo memo;
	struct outdir od;
	int ret = 0, failed;

	while (n > 1 && final_dir[n - 1] == '/')
		final_dir[--n] = '\0';
	c->final_dir = final_dir;
	/* Each series' branch, where the project takes pull requests. */
	for (i = 0; i < nu; i++)
		u[i].branch = xstrfmt("refs/heads/linkmend/%s",
				      *u[i].dir ? u[i].dir : "series");
	remove_stale(c);
	if (outdir_begin(&od, final_dir, "series")) {
		ret = -1;
		goto out;
	}
	staging = od.staging;
	/*
	 * get_maintainer.pl reads each patch while the next are made: on
	 * a kernel its runs are most of the time a series takes.
	 */
	series_answers_begin(c, &memo);
	batch = route_batch_begin(c->root, c->have_m ? &c->m : NULL, c->ng,
				  c->o->jobs, c->o->in_process, &memo);
	for (i = 0; i < nu && !ret && !stopped(c); i++) {
		/* A tree's first part on the base; its next on the one before. */
		if (u[i].part == 1) {
			strbuf_reset(&parent);
			strbuf_addstr(&parent, c->base);
		}
		u[i].start = xstrdup(parent.buf);
		unit_tag(c, &u[i]);
		ret = write_unit(c, staging, &u[i], &parent, now, batch);
	}
	{
		char *ref = xstrfmt("refs/linkmend/series-%d", (int)getpid());

		series_git(c, NULL, "update-ref", "-d", ref, NULL);
		free(ref);
	}
	if (!ret && !stopped(c)) {
		ret = address_all(c, batch, &memo);
		batch = NULL;
	}
	if (batch)
		route_batch_end(batch, NULL);	/* abandoned */
	series_answers_end(&memo);
	for (i = 0; i < nu && !ret && !stopped(c); i++)
		ret = finish_unit(c, staging, &u[i], now);
	if (!ret && !stopped(c))
		ret = write_index(c, staging, u, nu);
	if (!ret && !stopped(c))
		ret = series_write_recipients(c, staging);
	if (!ret && !stopped(c))
		ret = write_owners(c, staging);
	if (!ret && !stopped(c))
		ret = write_left(c, staging);
	if (!ret && !stopped(c))
		ret = series_write_held(c, staging);
	/* A stop is no error: what a stopped step said is moot. */
	if (stopped(c))
		ret = 0;
	else if (!ret)
		ret = outdir_commit(&od);
	outdir_release(&od);
	for (i = 0; i < nu && !ret && c->pull; i++)
		ret = series_git(c, NULL, "update-ref", "-m", "linkmend series",
				 u[i].branch, c->g[u[i].last - 1].commit,
				 NULL) ? error("cannot make branch '%s'",
					       u[i].branch) : 0;
	if (!ret && !stopped(c))
		ret = record_written(c, u, nu, now);
	/* A series refused says so; the others are handed to b4 still. */
	for (i = 0, failed = ret; i < nu && !failed && c->o->b4 &&
				  !stopped(c); i++)
		if (hand_to_b4(c, &u[i], now))
			ret = -1;
out:
	for (i = 0; i < nu; i++) {
		free(u[i].dir);
		free(u[i].start);
		free(u[i].no_b4);
		free(u[i].branch);
		free(u[i].cover_id);
		free(u[i].tag);
	}
	free(u);
	strbuf_release(&parent);
	free(final_dir);
	return ret;
}

static void release(struct series *c)
{
	size_t k;

	for (k = 0; k < c->ng; k++) {
		free(c->g[k].area);
		free(c->g[k].dir);
		free(c->g[k].edits);
		subject_style_release(&c->g[k].style);
		free(c->g[k].summary);
		free(c->g[k].tree);
		free(c->g[k].tag);
		recipients_release(&c->g[k].rcpt);
		free(c->g[k].file);
		free(c->g[k].msgid);
		free(c->g[k].commit);
		free(c->g[k].notes);
	}
	for (k = 0; c->why && k < c->ng; k++)
		free(c->why[k]);
	free(c->why);
	free(c->form_why);
	strmap_clear(&c->upstream, free);
	free(c->left_section);
	free(c->g);
	series_fates_release(c);
	plan_release(&c->plan);
	judge_release(&c->judge);
	if (c->have_m)
		maintainers_release(&c->m);
	strbuf_release(&c->unkept_names);
	series_base_release(c);
}

static int tree_version(const struct store_tree *t, void *data)
{
	char **v = ((char **)data);

	if (!strcmp(t->name, v[0]))
		v[1] = xstrdup(t->version);
	return 0;
}

/*
 * 1 after one line on stderr when the base is not the commit the tree
 * was scanned at and an edit of the plan is neither where scan saw its
 * URL nor made already (plan_span_ok(), plan_done()) in a file changed
 * between them: what the store says of that file is stale, and nothing
 * is written (no warning per edit, no git "fatal: path ... does not
 * exist" per file).  A fix committed since is no change.  0 when the
 * base is the scan's commit, or the scan's version is none git knows.
 */
static int moved_on(struct series *c, struct store *st)
{
	char *v[2] = { (char *)store_tree_name(st), NULL };
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf out = STRBUF_INIT, spec = STRBUF_INIT;
	struct strmap changed = STRMAP_INIT;
	char *line, *next, *scanned = NULL;
	size_t i, j, k, n = 0, files = 0;
	int ret = 0;

	if (!v[0] || store_each_tree(st, tree_version, v) || !v[1] ||
	    !*v[1] || !strcmp(v[1], c->base))
		goto out;
	strbuf_addf(&spec, "%s^{commit}", v[1]);
	if (series_git(c, &out, "rev-parse", "-q", "--verify", spec.buf,
		       NULL))
		goto out;	/* a version, not a commit: the spans say */
	scanned = xstrndup(out.buf, strcspn(out.buf, "\n"));
	strbuf_reset(&out);
	if (!strcmp(scanned, c->base))
		goto out;
	series_git_cmd(c, &cp);
	strvec_pushl(&cp.args, "diff", "--name-only", "--no-renames", "-z",
		     scanned, c->base, NULL);
	cp.out = &out;
	cp.no_stderr = 1;
	if (child_process_run(&cp))
		goto out;
	for (line = out.buf; line < out.buf + out.len; line = next) {
		next = line + strlen(line) + 1;
		*strmap_put(&changed, line) = (void *)1;
	}
	/* The plan's paths are the store's: its root may be a part. */
	for (i = 0; i < c->plan.nr; i = j) {
		const char *p = c->plan.v[i].path;
		char *cpath = xstrfmt("%s%s", c->prefix ? c->prefix : "", p);
		struct strbuf *b;
		int stale = 0;

		for (j = i; j < c->plan.nr && !strcmp(c->plan.v[j].path, p);
		     j++)
			;
		files++;
		if (strmap_get(&changed, cpath)) {
			b = series_blob(c, cpath);
			for (k = i; k < j && !stale; k++)
				stale = !b ||
					(!plan_span_ok(&c->plan.v[k], b->buf,
						       b->len) &&
					 !plan_done(&c->plan.v[k], b->buf,
						    b->len));
		}
		n += stale;
		free(cpath);
	}
	if (n) {
		fprintf(stderr, "series: the tree changed since the scan; run "
			"linkmend scan and resolve again: scanned at %.12s, "
			"%s is %.12s, %zu of the %zu files to edit changed; "
			"nothing written\n", scanned, c->o->base_rev, c->base,
			n, files);
		ret = 1;
	}
out:
	strmap_clear(&changed, NULL);
	strbuf_release(&out);
	strbuf_release(&spec);
	free(scanned);
	free(v[1]);
	return ret;
}

int series_write(const struct series_opts *o, struct store *st)
{
	struct strbuf kept = STRBUF_INIT;
	struct series c;
	int ret = -1;

	memset(&c, 0, sizeof(c));
	c.o = o;
	c.root = xstrdup(o->root);
	if (series_base_open(&c) ||
	    plan_load(st, o->kinds, o->archived, o->strings, &c.plan))
		goto out;
	c.st = st;
	ret = moved_on(&c, st);
	if (ret) {
		ret = ret < 0 ? -1 : 1;
		goto out;
	}
	ret = -1;
	judge_init(&c.judge, c.root, o->cfg, o->home_pages);
	c.plan.judge = &c.judge;
	c.have_m = !maintainers_load(c.root, &c.m);
	series_base_read(&c);
	if (series_fates_load(&c, st))
		goto out;
	series_group_edits(&c);
	series_fates_say(&c);
	/* What each link is for, for the report: no reason to stop. */
	if (store_begin(st)) {
		warning("the links' purposes are not recorded in the store");
	} else if (plan_record(st, &c.plan, c.prefix) || store_commit(st)) {
		store_rollback(st);
		warning("the links' purposes are not recorded in the store");
	}
	if (c.committed && !o->quiet)
		fprintf(stderr, "series: %zu edit%s already at %s, not proposed "
			"again\n", c.committed, c.committed == 1 ? "" : "s",
			o->base_rev);
	keep_summary(&c.kept, &kept);
	if (kept.len && !o->quiet)
		fprintf(stderr, "series: %s\n", kept.buf);
	strbuf_reset(&kept);
	judge_summary(&c.plan.left, &kept);
	if (kept.len)
		fprintf(stderr, "series: %s: each in %s/LEFT, and in its "
			"section's cover letter\n", kept.buf, o->dir);
	strbuf_release(&kept);
	if (c.have_m)
		series_drop_unkept(&c);
	if (c.unkept)
		fprintf(stderr, "series: %zu patch%s not written: no one "
			"maintains %s (Orphan or Obsolete): %s\n", c.unkept,
			c.unkept == 1 ? "" : "es",
			c.unkept == 1 ? "its section" : "their sections",
			c.unkept_names.buf);
	if (c.skipped)
		fprintf(stderr, "series: %zu edit%s skipped: the tree changed "
			"since the scan; run linkmend scan and resolve again\n",
			c.skipped, c.skipped == 1 ? "" : "s");
	if (!c.ng) {
		size_t i;

		/* No LEFT file without a series: each on stderr. */
		for (i = 0; i < c.plan.nr; i++)
			if (c.plan.v[i].judged.left != LEFT_NONE) {
				struct strbuf sb = STRBUF_INIT;

				judge_say(&c.plan.v[i].judged, c.plan.v[i].url,
					  c.plan.v[i].replacement,
					  c.plan.v[i].evidence, &sb);
				fprintf(stderr, "series: left %s:%u: %s\n",
					c.plan.v[i].path, c.plan.v[i].line,
					sb.buf);
				strbuf_release(&sb);
			}
		if (!o->quiet)
			fprintf(stderr, "series: nothing to send\n");
		ret = c.skipped ? 1 : 0;
		goto out;
	}
	series_arrange(&c);
	series_name_groups(&c);
	c.crlf = crlf_files(&c);
	c.tags = bracket_tags(&c);
	ret = write_all(&c);
	if (stopped(&c))
		goto out;
	if (!ret && !o->quiet && c.crlf)
		fprintf(stderr, "series: %zu file%s changed %s CRLF line ends: "
			"git am strips them without --keep-cr\n", c.crlf,
			c.crlf == 1 ? "" : "s", c.crlf == 1 ? "has" : "have");
	if (!ret && !o->quiet)
		fprintf(stderr, "series: apply with git am%s --empty=drop "
			"DIR/*.patch (a cover letter has no diff)%s\n",
			am_options(&c),
			o->signoff ? "" : "; no Signed-off-by: give --signoff "
			"(submitting-patches.rst asks for it, checkpatch.pl "
			"errors without it)");
	if (!ret && c.skipped)
		ret = 1;
out:
	release(&c);
	return ret;
}

int series_which_section(char *const *paths, size_t n)
{
	struct maintainers m;
	size_t i, k;

	if (maintainers_load(".", &m))
		return error("no MAINTAINERS here");
	for (i = 0; i < n; i++) {
		long s = maintainers_section(&m, paths[i]), ties[16];
		size_t nt = maintainers_ties(&m, paths[i], ties, 16);

		printf("%s\t%s\t", paths[i], s >= 0 ? m.v[s].name : "-");
		for (k = 0; k < nt; k++)
			printf("%s%s", k ? "|" : "", m.v[ties[k]].name);
		printf("\n");
	}
	maintainers_release(&m);
	return 0;
}

size_t series_count_patches(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0;

	if (!d)
		return 0;
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);

		if (e->d_type == DT_DIR && e->d_name[0] != '.') {
			/* A tree's series, or a part of one. */
			char *sub = xstrfmt("%s/%s", dir, e->d_name);

			n += series_count_patches(sub);
			free(sub);
		} else if (l > 6 && !strcmp(e->d_name + l - 6, ".patch") &&
			   strncmp(e->d_name, "0000-", 5)) {
			n++;
		}
	}
	closedir(d);
	return n;
}
