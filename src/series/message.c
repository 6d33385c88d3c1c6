// SPDX-License-Identifier: GPL-2.0-or-later
/* The words of the series: commit messages, evidence, cover (series.h). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/strbuf.h"
#include "../lib/xalloc.h"
#include "../resolve/resolve.h"
#include "series.h"
#include "write.h"

/* Why, for n links of a kind: one link is "this link", not "these". */
static const char *why_of(enum plan_group kind, size_t n)
{
	if (kind == PG_UPGRADE)
		return n == 1 ? "This http link serves the same page over "
				"https; use https." :
		       "These http links serve the same page over https; use "
		       "https.";
	if (kind == PG_STRINGS)
		return n == 1 ? "This web link is in a string or code, so this "
				"changes what a program does or prints.  It "
				"moved or died; point it at the replacement "
				"below, checked." :
		       "These web links are in strings or code, so this "
		       "changes what a program does or prints.  They moved or "
		       "died; point them at the replacements below, each "
		       "checked.";
	return n == 1 ? "This web link moved permanently, or its page lives "
			"on under a new name; point it at where it is now, "
			"checked alive." :
	       "These web links moved permanently, or their pages live on "
	       "under a new name; point them at where they are now, each "
	       "checked alive.";
}

/*
 * What the evidence of archived links says as a whole, read back from the
 * evidence resolve wrote for each ("N checks D1..D2, F failing counted",
 * "nearest before D (git log SHA)" or "(git blame SHA)", "(--date)",
 * "(no date known: ...)").
 */
struct dead_facts {
	int min_checks, min_failing, n;
	int offsite;		/* live, redirected to another site's page */
	char first[11], last[11];
	int blame, given, unknown;
	char commit[13];	/* the one blamed commit, if only one */
	int commits;		/* 0, 1, or 2 for "several" */
	int on_first;		/* blamed on the history's first commit */
	char first_day[11];	/* the day it dates them, if one */
};

static void read_facts(const char *ev, struct dead_facts *f)
{
	int checks, failing;
	char a[11], b[11], sha[13];
	const char *p;

	/*
	 * A live link whose redirect leads to another site's page failed
	 * no check: its facts are no failures.
	 */
	if (strstr(ev, OFFSITE_SAYS))
		f->offsite++;
	/* The history follows the detail, which may hold "; " itself. */
	for (p = strstr(ev, OFFSITE_SAYS) ? NULL : strstr(ev, "; "); p;
	     p = strstr(p + 2, "; "))
		if (sscanf(p, "; %d check%*[s ] %10[0-9-]..%10[0-9-], %d failing",
			   &checks, a, b, &failing) == 4)
			break;
	if (p) {
		if (!f->n || checks < f->min_checks)
			f->min_checks = checks;
		if (!f->n || failing < f->min_failing)
			f->min_failing = failing;
		if (!f->n || strcmp(a, f->first) < 0)
			memcpy(f->first, a, sizeof(f->first));
		if (!f->n || strcmp(b, f->last) > 0)
			memcpy(f->last, b, sizeof(f->last));
		f->n++;
	}
	/* Dated by the URL's history (git log) or its line's (git blame). */
	if (((p = strstr(ev, "(git log ")) &&
	     sscanf(p, "(git log %12[0-9a-f]", sha) == 1) ||
	    ((p = strstr(ev, "(git blame ")) &&
	     sscanf(p, "(git blame %12[0-9a-f]", sha) == 1)) {
		const char *q = strstr(ev, ", the nearest ");

		f->blame++;
		if (strstr(p, ", the history's first commit)") && q &&
		    sscanf(q, ", the nearest %*s %10[0-9-]", a) == 1) {
			if (!f->on_first++)
				memcpy(f->first_day, a, sizeof(f->first_day));
			else if (strcmp(f->first_day, a))
				f->first_day[0] = '\0';
		}
		if (!f->commits) {
			memcpy(f->commit, sha, sizeof(f->commit));
			f->commits = 1;
		} else if (strcmp(f->commit, sha)) {
			f->commits = 2;
		}
	} else if (strstr(ev, "(--date)")) {
		f->given++;
	} else {
		f->unknown++;
	}
}

/* text as lines of at most width columns, broken at spaces. */
static void add_wrapped(struct strbuf *out, const char *text, size_t width)
{
	while (*text) {
		size_t n = strlen(text), cut = n;

		if (n > width) {
			for (cut = width; cut > 0 && text[cut] != ' '; cut--)
				;
			if (!cut)
				cut = strcspn(text, " ");
		}
		n = cut;
		while (n && text[n - 1] == ' ')
			n--;	/* never trailing white space */
		strbuf_add(out, text, n);
		strbuf_addch(out, '\n');
		text += cut;
		while (*text == ' ')
			text++;
	}
}

/* The facts of the archived links of groups [first, last). */
static void facts_of(struct series *c, size_t first, size_t last,
		     struct dead_facts *f)
{
	size_t i, k;

	memset(f, 0, sizeof(*f));
	for (k = first; k < last; k++)
		for (i = 0; i < c->g[k].nr; i++) {
			const struct planned *e = &c->plan.v[c->g[k].edits[i]];

			if (plan_group(e) == PG_ARCHIVED)
				read_facts(e->evidence, f);
		}
}

/* "[it|each ]failed ...": who is "" where the sentence names the links. */
static void checks_clause(const struct dead_facts *f, const char *who,
			  struct strbuf *sb)
{
	if (*who)
		strbuf_addf(sb, "%s ", who);
	if (f->n && f->min_checks == 1 && !strcmp(f->first, f->last))
		strbuf_addf(sb, "failed the one check made, on %s", f->first);
	else if (f->n)
		strbuf_addf(sb, "failed %s%d check%s between %s and %s",
			    f->n == 1 ? "" : "at least ", f->min_failing,
			    f->min_failing == 1 ? "" : "s", f->first, f->last);
	else
		strbuf_addstr(sb, "failed their checks");
}

/*
 * "nearest ..." as the dates of the lines came, from git or not.  A
 * commit is named only as upstream can find it (series_upstream()): a
 * local one by the release it imports, or not at all.
 */
static void dates_clause(struct series *c, const struct dead_facts *f,
			 struct strbuf *sb)
{
	const char *up = f->commits == 1 ? series_upstream(c, f->commit) : "";

	if (f->blame && !f->given && !f->unknown && f->commits == 1 &&
	    f->on_first == f->blame && f->first_day[0] && *up)
		strbuf_addf(sb, "nearest %s, the date of the tree's first "
			    "commit (%s), which holds all of these lines",
			    f->first_day, up);
	else if (f->blame && !f->given && !f->unknown && f->commits == 1 &&
		 f->on_first == f->blame && f->first_day[0])
		strbuf_addf(sb, "nearest %s, the date of the tree's first "
			    "commit, which holds all of these lines",
			    f->first_day);
	else if (f->blame && !f->given && !f->unknown && f->commits == 1 &&
		 !strcmp(up, f->commit))
		strbuf_addf(sb, "nearest the commit that brought its line into "
			    "this tree's history (%s, for all of them)",
			    f->commit);
	else if (f->blame && !f->given && !f->unknown && f->commits == 1)
		strbuf_addstr(sb, "nearest the commit that brought its line "
			      "into this tree's history (one commit, for all "
			      "of them)");
	else if (f->blame && !f->given && !f->unknown)
		strbuf_addstr(sb, "nearest the day it was added to its file "
			      "(git history)");
	else if (f->given && !f->blame && !f->unknown)
		strbuf_addstr(sb, "nearest the date given for the tree");
	else if (f->unknown && !f->blame && !f->given)
		strbuf_addstr(sb, "nearest the day of the check (no date for "
			      "the lines is known)");
	else
		strbuf_addstr(sb, "nearest the date its evidence names");
}

/* Every sentence of it from the evidence of the links it covers. */
static void archived_why(struct series *c, size_t gi, struct strbuf *msg)
{
	struct strbuf sb = STRBUF_INIT;
	struct dead_facts f;
	size_t n = series_group_count(c, &c->g[gi], PG_ARCHIVED);

	facts_of(c, gi, gi + 1, &f);
	if (n == 1 && f.offsite) {
		strbuf_addstr(&sb, "This web link no longer leads to its page: "
			      "it redirects permanently to another site, not "
			      "shown to serve the same page.  Point it at the "
			      "Web Archive's copy ");
	} else if (n == 1) {
		strbuf_addstr(&sb, "This web link is dead: ");
		checks_clause(&f, "it", &sb);
		strbuf_addstr(&sb, ".  Point it at the Web Archive's copy ");
	} else if (f.offsite) {
		strbuf_addstr(&sb, "These web links no longer lead to their "
			      "pages: ");
		if (f.n) {
			char *who = f.n == 1 ? xstrdup("one") :
				xstrfmt("%d", f.n);

			checks_clause(&f, who, &sb);
			free(who);
			if (f.offsite == 1)
				strbuf_addstr(&sb, ", and one redirects");
			else
				strbuf_addf(&sb, ", and %d redirect",
					    f.offsite);
			strbuf_addstr(&sb, " permanently to another site, not "
				      "shown to serve the same page");
		} else {
			strbuf_addstr(&sb, "each redirects permanently to "
				      "another site, not shown to serve the "
				      "same page");
		}
		strbuf_addstr(&sb, ".  Point each at the Web Archive's copy ");
	} else {
		strbuf_addstr(&sb, "These web links are dead: ");
		checks_clause(&f, "each", &sb);
		strbuf_addstr(&sb, ".  Point each at the Web Archive's copy ");
	}
	dates_clause(c, &f, &sb);
	strbuf_addstr(&sb, n == 1 ? ".  The capture has a fixed date "
		      "and was replayed and found good." : ".  Each capture has "
		      "a fixed date and was replayed and found good.");
	add_wrapped(msg, sb.buf, 72);
	strbuf_release(&sb);
}

/*
 * text wrapped to end by column width, its continuation lines indented
 * by indent spaces (the first line is the caller's to indent).
 */
static void add_hanging(struct strbuf *out, const char *text, size_t width,
			size_t indent)
{
	struct strbuf w = STRBUF_INIT;
	const char *line, *next;
	int first = 1;

	add_wrapped(&w, text, width - indent);
	for (line = w.buf; line && *line; line = next, first = 0) {
		next = strchr(line, '\n');
		next = next ? next + 1 : NULL;
		if (!first)
			strbuf_addf(out, "%*s", (int)indent, "");
		strbuf_add(out, line, next ? (size_t)(next - line) :
			   strlen(line));
	}
	strbuf_release(&w);
}

/*
 * The URL as the file has it (scan's bytes), not as linkmend reads it
 * (normalised); a URL broken over lines in the file, which has no one
 * spelling, as read.
 */
static const char *as_written(const struct planned *e)
{
	const char *p;

	if (!e->text || !*e->text)
		return e->url;
	for (p = e->text; *p; p++)
		if (isspace((unsigned char)*p) || iscntrl((unsigned char)*p))
			return e->url;
	return e->text;
}

/*
 * One link in the message: "path:line: URL -> NEW" where that fits in
 * 75 columns (checkpatch.pl's and a maintainer's width).  Else, for a
 * path in a folder, "path:line: URL" and "path:line: -> NEW": lines that
 * start with a file's name and a colon are the ones checkpatch.pl lets
 * run long (a lone URL line draws its COMMIT_LOG_LONG_LINE), and the
 * place says whose URL it is.  Else "path:line:", then the URL and
 * "-> NEW" on lines of their own, past 75 columns only for a URL too
 * long to fit alone.
 */
static void add_link(struct strbuf *msg, const struct planned *e)
{
	const char *old = as_written(e);
	size_t len = (size_t)snprintf(NULL, 0, "%s:%u: %s -> %s", e->path,
				      e->line, old, e->replacement);

	if (len <= 75)
		strbuf_addf(msg, "%s:%u: %s -> %s\n", e->path, e->line, old,
			    e->replacement);
	else if (strchr(e->path, '/'))
		strbuf_addf(msg, "%s:%u: %s\n%s:%u: -> %s\n", e->path,
			    e->line, old, e->path, e->line, e->replacement);
	else
		strbuf_addf(msg, "%s:%u:\n  %s\n  -> %s\n", e->path, e->line,
			    old, e->replacement);
}

/*
 * The evidence with each commit it names ("(git blame SHA", "(git log
 * SHA") as upstream can find it: a local commit, which no one else can
 * look up, left out, or where it is the history's first, named by the
 * release it imports.
 */
static void upstream_hashes(struct series *c, const char *ev,
			    struct strbuf *out)
{
	static const char *const tags[] = { "(git blame ", "(git log " };
	static const char first[] = ", the history's first commit";
	const char *p = ev;

	while (*p) {
		const char *at = NULL, *tag = NULL;
		size_t k, h;

		for (k = 0; k < 2; k++) {
			const char *q = strstr(p, tags[k]);

			if (q && (!at || q < at)) {
				at = q;
				tag = tags[k];
			}
		}
		if (!at)
			break;
		at += strlen(tag);
		for (h = 0; isxdigit((unsigned char)at[h]); h++)
			;
		strbuf_add(out, p, (size_t)(at - p));
		if (h >= 7 && h <= 40) {
			char *sha = xstrndup(at, h);
			const char *up = series_upstream(c, sha);

			/* A release is what the first commit imports, only. */
			if (!strcmp(up, sha))
				strbuf_addstr(out, sha);
			else if (*up && !strncmp(at + h, first,
						 sizeof(first) - 1))
				strbuf_addf(out, "of %s", up);
			else
				strbuf_setlen(out, out->len - 1);
			free(sha);
			at += h;
		}
		p = at;
	}
	strbuf_addstr(out, p);
}

/*
 * One link's evidence, for below the "---" line: "path:line: kind:", then
 * the evidence wrapped at 75 columns, its lines indented by four.
 * Reviewers read it there; git am leaves it out of history.
 */
static void add_evidence(struct series *c, struct strbuf *out,
			 const struct planned *e)
{
	struct strbuf ev = STRBUF_INIT;

	strbuf_addf(out, "%s:%u: %s:\n    ", e->path, e->line,
		    kind_name(e->kind));
	upstream_hashes(c, e->evidence, &ev);
	add_hanging(out, ev.buf, 75, 4);
	strbuf_release(&ev);
}

/*
 * A patch of several kinds (a file whose links moved and died) says each
 * kind's why above its own links: which link moved and which is an
 * archived copy is never left to the reader.
 */
void series_message(struct series *c, struct group *g, struct strbuf *msg)
{
	size_t i, n;
	int k;

	strbuf_addf(msg, "%s%s\n\n", g->style.prefix, g->summary);
	for (k = 0; k < PG__COUNT; k++) {
		if (!(g->kinds & (1u << k)))
			continue;
		n = series_group_count(c, g, (enum plan_group)k);
		if (k == PG_ARCHIVED)
			archived_why(c, (size_t)(g - c->g), msg);
		else
			add_wrapped(msg, why_of((enum plan_group)k, n), 72);
		strbuf_addch(msg, '\n');
		for (i = 0; i < g->nr; i++)
			if (plan_group(&c->plan.v[g->edits[i]]) ==
			    (enum plan_group)k)
				add_link(msg, &c->plan.v[g->edits[i]]);
		strbuf_addch(msg, '\n');
	}
	strbuf_addstr(msg, "Found and checked by linkmend.\n");
	if (c->o->signoff)
		strbuf_addf(msg, "\nSigned-off-by: %s <%s>\n", c->from_name, c->from_mail);
}

/*
 * How the moved links of groups [first, last) were found: a sentence for
 * each evidence their resolutions name (resolution.via; none in a store
 * of an older build, whose moves were all live redirects).
 */
static void moved_clause(const struct series *c, size_t first, size_t last,
			 struct strbuf *sb)
{
	size_t k, i, live = 0, archive = 0, host = 0, site = 0, tree = 0;
	size_t pattern = 0, gone = 0;

	for (k = first; k < last; k++)
		for (i = 0; i < c->g[k].nr; i++) {
			const struct planned *e = &c->plan.v[c->g[k].edits[i]];
			const char *via = e->via;

			if (plan_group(e) != PG_MOVED)
				continue;
			if (via && !strcmp(via, "archive-redirect"))
				archive++;
			else if (via && !strcmp(via, "host-redirect"))
				host++;
			else if (via && !strcmp(via, "archive-host-redirect"))
				gone++;
			else if (via && !strcmp(via, "site-search"))
				site++;
			else if (via && !strcmp(via, "tree-knows"))
				tree++;
			else if (via && !strcmp(via, "site-pattern"))
				pattern++;
			else
				live++;
		}
	if (live)
		strbuf_addstr(sb, "  Moved links follow permanent redirects "
			      "to a live page that is not the site's home "
			      "page.");
	if (archive)
		strbuf_addstr(sb, "  Where the Web Archive captured a dead "
			      "link's permanent redirect, the link follows "
			      "it to a live page that is not a home page and "
			      "has the title (or the bytes) of the old page's "
			      "last good capture.");
	if (host)
		strbuf_addstr(sb, "  Where a dead link's site root now "
			      "redirects permanently to another host, the "
			      "link is the same path there, or the page of "
			      "the same name the Web Archive has there, a "
			      "live page with the title (or the bytes) of the "
			      "old page's last good capture.");
	if (gone)
		strbuf_addstr(sb, "  Where a dead link's host is gone and the "
			      "Web Archive's last capture of its root "
			      "redirects permanently to another host, the "
			      "link is the same path there, or the page of "
			      "the same name the Web Archive has there, a "
			      "live page with the title, the bytes or the "
			      "text of the old page's last good capture.");
	if (site)
		strbuf_addstr(sb, "  Where the Web Archive has a page of the "
			      "same name elsewhere on a dead link's site, the "
			      "link is that page, live, with the title (or the "
			      "bytes) of the old page's last good capture.");
	if (tree)
		strbuf_addstr(sb, "  Where the tree itself links a dead link's "
			      "page elsewhere (on a host one letter off the "
			      "dead one, on the project's new host, or as the "
			      "same document), the link is that page, live, "
			      "with the title, the bytes or the text of the "
			      "old page's last good capture.");
	if (pattern)
		strbuf_addstr(sb, "  Where two or more of a site's links moved "
			      "the same way, its other dead links are "
			      "rewritten so, and each is taken only when the "
			      "page there is live and has the title, the bytes "
			      "or the text of the old page's last good "
			      "capture.");
}

/* The cover's account of the evidence, each sentence from its facts. */
static void how_gathered(struct series *c, size_t first, size_t last,
			 const size_t by_kind[PG__COUNT], struct strbuf *out)
{
	struct strbuf sb = STRBUF_INIT;
	struct dead_facts f;

	facts_of(c, first, last, &f);
	strbuf_addstr(&sb, "How the evidence was gathered: every link in the "
		      "tree was checked (GET), and redirects were "
		      "followed hop by hop.");
	if (by_kind[PG_MOVED])
		moved_clause(c, first, last, &sb);
	if (by_kind[PG_ARCHIVED]) {
		strbuf_addstr(&sb, f.n == 1 ? "  The dead link archived here " :
			      "  The dead links archived here ");
		checks_clause(&f, f.n == 1 ? "" : "each", &sb);
		strbuf_addstr(&sb, "; their copies are the Web Archive's ");
		dates_clause(c, &f, &sb);
		strbuf_addstr(&sb, ", replayed and found good.");
	}
	strbuf_addstr(&sb, by_kind[PG_STRINGS] ? "  The patches marked as such change "
		      "strings or code; the others only comments and "
		      "documentation." : "  Only comments and documentation "
		      "change.");
	strbuf_addstr(&sb, "  Each patch lists its links, their evidence "
		      "below its \"---\" line.");
	strbuf_addch(out, '\n');
	add_wrapped(out, sb.buf, 72);
	strbuf_release(&sb);
}

/*
 * The cover's subject: the prefix its patches share ("foo: ", or
 * "net: " of "net: dsa: " and "net: phy: "), and what they do.
 */
static void cover_subject(const struct series *c, size_t first, size_t last,
			  const size_t by_kind[PG__COUNT], struct strbuf *out)
{
	const char *p = c->g[first].style.prefix, *what;
	size_t n = strlen(p), i, k;
	int capital = c->g[first].style.capital;

	for (i = first + 1; i < last; i++) {
		for (k = 0; k < n && c->g[i].style.prefix[k] == p[k]; k++)
			;
		n = k;
		capital |= c->g[i].style.capital;
	}
	/* Whole components only: up to the last ": " in common. */
	while (n >= 2 && !(p[n - 2] == ':' && p[n - 1] == ' '))
		n--;
	if (n < 2)
		n = 0;
	if (by_kind[PG_ARCHIVED] && (by_kind[PG_MOVED] || by_kind[PG_UPGRADE] || by_kind[PG_STRINGS]))
		what = "update moved and dead web links";
	else if (by_kind[PG_ARCHIVED])
		what = "replace dead web links with archived copies";
	else if (by_kind[PG_UPGRADE] && !by_kind[PG_MOVED] && !by_kind[PG_STRINGS])
		what = "use https for web links that serve the same page";
	else
		what = "update moved web links";
	strbuf_add(out, p, n);
	strbuf_addch(out, capital || !n ? toupper((unsigned char)*what) : *what);
	strbuf_addstr(out, what + 1);
}

/*
 * A cover letter's subject (its part "(1 of 2)" too, not [PATCH]) and
 * text, which b4's cover letter (--b4) holds as well.
 */
size_t series_left_text(struct series *c, size_t first, size_t last,
			struct strbuf *sb)
{
	size_t i, k, n = 0;

	/*
	 * Each left edit's file's section, found once for every cover
	 * letter: 150 covers of the kernel read 700 left links each.
	 */
	if (!c->left_section && c->have_m) {
		c->left_section = xcalloc(c->plan.nr + 1,
					  sizeof(*c->left_section));
		for (i = 0; i < c->plan.nr; i++)
			c->left_section[i] =
				c->plan.v[i].judged.left == LEFT_NONE ? -1 :
				maintainers_section(&c->m, c->plan.v[i].path);
	}
	for (i = 0; i < c->plan.nr; i++) {
		const struct planned *e = &c->plan.v[i];
		struct strbuf line = STRBUF_INIT;
		long s, fs;

		if (e->judged.left == LEFT_NONE)
			continue;
		/* The section whose site it is, or the file's. */
		s = e->judged.owner_section;
		fs = c->have_m ? c->left_section[i] : -1;
		/* Without MAINTAINERS the project owns every file. */
		for (k = first; c->have_m && k < last; k++)
			if (c->g[k].section >= 0 &&
			    (c->g[k].section == s || c->g[k].section == fs))
				break;
		if (c->have_m && k == last)
			continue;
		if (!n++)
			strbuf_addstr(sb, "\nLeft as they are, for you to "
				      "decide (not patched, not archived "
				      "around):\n\n");
		strbuf_addf(&line, "%s:%u: ", e->path, e->line);
		judge_say(&e->judged, e->url, e->replacement, e->evidence,
			  &line);
		strbuf_addstr(sb, "  ");
		add_hanging(sb, line.buf, 75, 4);
		strbuf_release(&line);
	}
	return n;
}

void series_cover_text(struct series *c, size_t first, size_t last,
		       size_t part, size_t parts, struct strbuf *subject,
		       struct strbuf *sb)
{
	size_t i, links = 0, by_kind[PG__COUNT] = { 0 };

	for (i = first; i < last; i++) {
		int k;

		links += c->g[i].nr;
		for (k = 0; k < PG__COUNT; k++)
			by_kind[k] += series_group_count(c, &c->g[i],
							 (enum plan_group)k);
	}
	cover_subject(c, first, last, by_kind, subject);
	if (parts > 1)
		strbuf_addf(subject, " (%zu of %zu)", part, parts);
	/* A tree without MAINTAINERS is one area: cut by kind and size. */
	strbuf_addf(sb, "This series updates %zu web link%s in %zu patch%s, one per\n"
		    "%skind of change:\n\n", links,
		    links == 1 ? "" : "s", last - first, last - first == 1 ? "" : "es",
		    c->have_m ? "MAINTAINERS section and " : "");
	strbuf_addf(sb, "  moved:    %zu\n  upgrade:  %zu\n  archived: %zu\n  strings:  %zu\n\n",
		    by_kind[PG_MOVED], by_kind[PG_UPGRADE], by_kind[PG_ARCHIVED], by_kind[PG_STRINGS]);
	for (i = first; i < last; i++) {
		struct strbuf line = STRBUF_INIT;

		strbuf_addf(&line, "%s%s (%zu)", c->g[i].style.prefix,
			    c->g[i].summary, c->g[i].nr);
		strbuf_addstr(sb, "  ");
		add_hanging(sb, line.buf, 75, 4);
		strbuf_release(&line);
	}
	series_left_text(c, first, last, sb);
	series_held_text(c, first, last, sb);
	how_gathered(c, first, last, by_kind, sb);
}

/* In the message's order: kind by kind, as series_message() lists them. */
void series_evidence(struct series *c, const struct group *g,
		     struct strbuf *out)
{
	size_t i;
	int k;

	strbuf_addstr(out, "The evidence for each link:\n");
	for (k = 0; k < PG__COUNT; k++)
		for (i = 0; i < g->nr; i++)
			if (plan_group(&c->plan.v[g->edits[i]]) ==
			    (enum plan_group)k)
				add_evidence(c, out, &c->plan.v[g->edits[i]]);
}
