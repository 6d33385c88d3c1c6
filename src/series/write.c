// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../lib/atomic.h"
#include "../lib/config.h"
#include "../lib/outdir.h"
#include "../lib/path.h"
#include "../lib/run.h"
#include "../lib/strbuf.h"
#include "../lib/strmap.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "../rewrite/plan.h"
#include "../rewrite/keep.h"
#include "../rewrite/rewrite.h"
#include "b4.h"
#include "maintainers.h"
#include "route.h"
#include "subject.h"
#include "write.h"

struct group {
	char *area;		/* section name, or directory pair */
	long section;
	enum plan_group kind;
	size_t *edits;		/* indexes into the plan */
	size_t nr, alloc;
	struct subject_style style;
	char *summary;		/* unique in the run */
	char *tree;		/* the tree that applies it ("" none) */
	const char *tree_line;	/* its MAINTAINERS T: line, or NULL */
	char *tag;		/* "net-next" in [PATCH net-next], or NULL */
	int top;		/* its tree is the catch-all section's */
	char *dir;		/* its first file's directory: the order */
	struct recipients rcpt;
	char *file;		/* its patch, once written */
	char *commit;		/* its commit */
	char *notes;		/* its evidence, below the "---" line */
};

struct series {
	const struct series_opts *o;
	const char *final_dir;	/* o->dir without a trailing slash */
	char *base;
	struct plan plan;
	struct maintainers m;
	int have_m;
	char *from_name, *from_mail;
	struct group *g;
	size_t ng, ag;
	size_t unkept;		/* groups of Orphan or Obsolete sections */
	struct strbuf unkept_names;
	struct strmap blobs;	/* path -> struct strbuf of the base content */
	struct strmap modes;	/* path -> its mode at the base ("100644") */
	struct keep_counts kept;
	size_t committed;	/* edits the base holds already */
	size_t skipped;		/* edits whose bytes changed since scan */
	/*
	 * The git checkout's top, which paths in patches are relative to,
	 * and its git directory; the store's root may be a directory in it.
	 */
	char *root, *git_dir;
	char *prefix;		/* the store's root in it ("drivers/iio/") */
	/* Every path at the base, sorted (loaded when first asked). */
	struct strbuf listing;
	char **files;
	size_t nfiles;
	int listed;
};

/* cp begun as git in the checkout's top: the series' one door to git. */
static void series_git_cmd(const struct series *c, struct child_process *cp)
{
	git_cmd(cp, c->root);
}

/* git ARGS... (up to a NULL) in the checkout's top, its output into out. */
static int git(const struct series *c, struct strbuf *out, ...)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	const char *arg;
	va_list ap;

	series_git_cmd(c, &cp);
	va_start(ap, out);
	while ((arg = va_arg(ap, const char *)))
		strvec_push(&cp.args, arg);
	va_end(ap);
	cp.out = out;
	return child_process_run(&cp);
}

static void chomp(struct strbuf *sb)
{
	while (sb->len && (sb->buf[sb->len - 1] == '\n' || sb->buf[sb->len - 1] == '\r'))
		strbuf_setlen(sb, sb->len - 1);
}

static struct strbuf *base_blob(struct series *c, const char *path)
{
	void **slot = strmap_put(&c->blobs, path);

	if (!*slot) {
		struct strbuf *sb = xcalloc(1, sizeof(*sb));
		char *spec = xstrfmt("%s:%s", c->base, path);

		strbuf_init(sb, 0);
		if (git(c, sb, "cat-file", "blob", spec, NULL)) {
			strbuf_release(sb);
			free(sb);
			sb = NULL;
		}
		free(spec);
		*slot = sb ? (void *)sb : (void *)-1;
	}
	return *slot == (void *)-1 ? NULL : *slot;
}

/*
 * The base's content of every path the plan touches, with one git
 * cat-file --batch (a process per file cost seconds on a kernel); a path
 * with a newline, which --batch cannot name, is left to base_blob().
 */
static void preload_blobs(struct series *c)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf in = STRBUF_INIT, out = STRBUF_INIT;
	const char **asked = xcalloc(c->plan.nr + 1, sizeof(*asked));
	size_t i, n = 0, pos = 0;

	for (i = 0; i < c->plan.nr; i++) {
		const char *path = c->plan.v[i].path;

		if (strchr(path, '\n') || (n && !strcmp(asked[n - 1], path)) ||
		    strmap_get(&c->blobs, path))
			continue;
		asked[n++] = path;
		strbuf_addf(&in, "%s:%s\n", c->base, path);
	}
	series_git_cmd(c, &cp);
	strvec_pushl(&cp.args, "cat-file", "--batch", NULL);
	cp.in = in.buf;
	cp.in_len = in.len;
	cp.out = &out;
	if (n && !child_process_run(&cp)) {
		for (i = 0; i < n && pos < out.len; i++) {
			char *nl = memchr(out.buf + pos, '\n', out.len - pos);
			unsigned long size;
			struct strbuf *sb;
			char type[16];

			if (!nl)
				break;
			*nl = '\0';
			if (sscanf(out.buf + pos, "%*s %15s %lu", type, &size) != 2 ||
			    strcmp(type, "blob") ||
			    (size_t)(nl + 1 - out.buf) + size > out.len) {
				/* "missing": base_blob() says so later. */
				pos = (size_t)(nl + 1 - out.buf);
				continue;
			}
			sb = xcalloc(1, sizeof(*sb));
			strbuf_init(sb, 0);
			strbuf_add(sb, nl + 1, size);
			*strmap_put(&c->blobs, asked[i]) = sb;
			pos = (size_t)(nl + 1 - out.buf) + size + 1;
		}
	}
	child_process_clear(&cp);	/* not run when nothing is asked */
	free(asked);
	strbuf_release(&in);
	strbuf_release(&out);
}

/* The mode of every path the plan touches at the base, one ls-tree. */
static void preload_modes(struct series *c)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf out = STRBUF_INIT;
	size_t i;
	char *line, *next;

	series_git_cmd(c, &cp);
	strvec_pushl(&cp.args, "ls-tree", "-z", c->base, "--", NULL);
	for (i = 0; i < c->plan.nr; i++)
		if (i == 0 || strcmp(c->plan.v[i].path, c->plan.v[i - 1].path))
			strvec_push(&cp.args, c->plan.v[i].path);
	cp.out = &out;
	if (!child_process_run(&cp))
		for (line = out.buf; line && line < out.buf + out.len; line = next) {
			char *tab = strchr(line, '\t');

			next = line + strlen(line) + 1;
			if (tab && tab - line > 6)
				*strmap_put(&c->modes, tab + 1) =
					xstrndup(line, 6);
		}
	strbuf_release(&out);
}

static int is_dt_binding(const char *path)
{
	return !strncmp(path, "Documentation/devicetree/bindings/", 34) ||
	       !strncmp(path, "include/dt-bindings/", 20);
}

/* The top two directories of a path, for trees without MAINTAINERS. */
static char *dir_pair(const char *path)
{
	const char *a = strchr(path, '/'), *b = a ? strchr(a + 1, '/') : NULL;

	if (!a)
		return xstrdup("(top level)");
	return b ? xstrndup(path, (size_t)(b - path)) : xstrndup(path, (size_t)(a - path));
}

/* By tree (the order of sending; no tree last), then area, then kind. */
static int cmp_group(const void *a, const void *b)
{
	const struct group *x = a, *y = b;
	int r = !*x->tree - !*y->tree;

	if (!r)
		r = strcmp(x->tree, y->tree);

	if (!r)
		r = strcmp(x->area, y->area);
	/* One directory's moved and archived patches side by side. */
	if (!r)
		r = strcmp(x->dir, y->dir);
	return r ? r : (int)x->kind - (int)y->kind;
}

/* 1 when a and b are files of one directory. */
static int same_dir(const char *a, const char *b)
{
	const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
	size_t la = sa ? (size_t)(sa - a) : 0, lb = sb ? (size_t)(sb - b) : 0;

	return la == lb && !strncmp(a, b, la);
}

/* The directory of path, or "" (to free). */
static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup("");
}

/*
 * A patch holds at most MAX_FILES files: a larger group (a docs section
 * with 49 files of SCSI, USB and ARM documentation) is cut, a directory
 * to a patch where it can be, filled up to MAX_FILES with whole
 * directories; a directory of more is cut in MAX_FILES-file parts.
 */
#define MAX_FILES 10

/* The files of the run of edits from i on that share i's directory. */
static size_t dir_run(struct series *c, const struct group *g, size_t i)
{
	const char *first = c->plan.v[g->edits[i]].path, *prev = NULL;
	size_t n = 0;

	for (; i < g->nr; i++) {
		const char *p = c->plan.v[g->edits[i]].path;

		if (!same_dir(p, first))
			break;
		n += !prev || strcmp(p, prev);
		prev = p;
	}
	return n;
}

static void split_groups(struct series *c)
{
	size_t k, ng = c->ng;

	for (k = 0; k < ng; k++) {
		struct group *g = &c->g[k];
		size_t i, files = 0;
		const char *prev = NULL;

		g->dir = dir_of(c->plan.v[g->edits[0]].path);
		for (i = 0; i < g->nr; i++) {
			const char *p = c->plan.v[g->edits[i]].path;
			int nfile = !prev || strcmp(p, prev);
			int ndir = prev && nfile && !same_dir(p, prev);
			struct group *n;

			/* Whole directories while they fit; a big one cut. */
			if (!nfile || !files || (files < MAX_FILES &&
			    !(ndir && files + dir_run(c, g, i) > MAX_FILES))) {
				files += nfile;
				prev = p;
				continue;
			}
			/* Edits [0, i) stay; the rest, a group cut in turn. */
			ALLOC_GROW(c->g, c->ng + 1, c->ag);
			g = &c->g[k];
			n = &c->g[c->ng++];
			*n = *g;
			n->area = xstrdup(g->area);
			n->edits = xcalloc(g->nr - i, sizeof(*n->edits));
			memcpy(n->edits, g->edits + i,
			       (g->nr - i) * sizeof(*n->edits));
			n->nr = n->alloc = g->nr - i;
			n->dir = NULL;
			g->nr = i;
			ng++;
			break;
		}
	}
}

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

	/* The history follows the detail, which may hold "; " itself. */
	for (p = strstr(ev, "; "); p; p = strstr(p + 2, "; "))
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
		for (i = 0; c->g[k].kind == PG_ARCHIVED &&
		     i < c->g[k].nr; i++)
			read_facts(c->plan.v[c->g[k].edits[i]].evidence, f);
}

/* "each failed ... checks between D1 and D2" as the facts say. */
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

/* "nearest ..." as the dates of the lines came, from git or not. */
static void dates_clause(const struct dead_facts *f, struct strbuf *sb)
{
	if (f->blame && !f->given && !f->unknown && f->commits == 1 &&
	    f->on_first == f->blame && f->first_day[0])
		strbuf_addf(sb, "nearest %s, the date of the tree's first "
			    "commit (%s), which holds all of these lines",
			    f->first_day, f->commit);
	else if (f->blame && !f->given && !f->unknown && f->commits == 1)
		strbuf_addf(sb, "nearest the commit that brought its line into "
			    "this tree's history (%s, for all of them)",
			    f->commit);
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

	facts_of(c, gi, gi + 1, &f);
	if (c->g[gi].nr == 1) {
		strbuf_addstr(&sb, "This web link is dead: ");
		checks_clause(&f, "it", &sb);
		strbuf_addstr(&sb, ".  Point it at the Web Archive's copy ");
	} else {
		strbuf_addstr(&sb, "These web links are dead: ");
		checks_clause(&f, "each", &sb);
		strbuf_addstr(&sb, ".  Point each at the Web Archive's copy ");
	}
	dates_clause(&f, &sb);
	strbuf_addstr(&sb, c->g[gi].nr == 1 ? ".  The capture has a fixed date "
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
 * A path checkpatch.pl reads as a file name before a colon, whose
 * "path:line:" lines it lets run past 75 columns ("dir/file.c", no
 * comma): such a line names the link's place, then the URL.
 */
static int names_a_file(const char *path)
{
	const char *p;

	if (!strchr(path, '/'))
		return 0;
	for (p = path; *p; p++)
		if (!isalnum((unsigned char)*p) && !strchr("_./-+", *p))
			return 0;
	return 1;
}

/*
 * One link in the message: "path:line: URL -> NEW", a line checkpatch.pl
 * lets run past 75 columns for it names a file; where the path is no
 * plain file name, "path:line:" and the two URLs on lines of their own.
 */
static void add_link(struct strbuf *msg, const struct planned *e)
{
	if (names_a_file(e->path))
		strbuf_addf(msg, "%s:%u: %s -> %s\n", e->path, e->line, e->url,
			    e->replacement);
	else
		strbuf_addf(msg, "%s:%u:\n  %s\n  -> %s\n", e->path, e->line,
			    e->url, e->replacement);
}

/*
 * One link's evidence, for below the "---" line: "path:line: kind:", then
 * the evidence wrapped at 75 columns, its lines indented by four.
 * Reviewers read it there; git am leaves it out of history.
 */
static void add_evidence(struct strbuf *out, const struct planned *e)
{
	strbuf_addf(out, "%s:%u: %s:\n    ", e->path, e->line,
		    kind_name(e->kind));
	add_hanging(out, e->evidence, 75, 4);
}

static void message(struct series *c, struct group *g, struct strbuf *msg)
{
	size_t i;

	strbuf_addf(msg, "%s%s\n\n", g->style.prefix, g->summary);
	if (g->kind == PG_ARCHIVED)
		archived_why(c, (size_t)(g - c->g), msg);
	else
		add_wrapped(msg, why_of(g->kind, g->nr), 72);
	strbuf_addch(msg, '\n');
	for (i = 0; i < g->nr; i++)
		add_link(msg, &c->plan.v[g->edits[i]]);
	strbuf_addstr(msg, "\nFound and checked by linkmend.\n");
	if (c->o->signoff)
		strbuf_addf(msg, "\nSigned-off-by: %s <%s>\n", c->from_name, c->from_mail);
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
	size_t i;
	int ret = -1;

	if (strbuf_read_file(&sb, g->file))
		goto out;
	sep = strstr(sb.buf, "\n---\n");
	if (!sep) {
		error("'%s' has no '---' line", g->file);
		goto out;
	}
	sep += 5;
	strbuf_addstr(&ev, "The evidence for each link:\n");
	for (i = 0; i < g->nr; i++)
		add_evidence(&ev, &c->plan.v[g->edits[i]]);
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

/* path as it is after group gi and every group before it, into out. */
static int content_after(struct series *c, size_t gi, const char *path,
			 struct strbuf *out)
{
	struct strbuf *old = base_blob(c, path);
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
		message(c, g, &msg);
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
		strbuf_addstr(&sb, "  Moved links follow permanent redirects "
			      "to a live page that is not the site's home "
			      "page.");
	if (by_kind[PG_ARCHIVED]) {
		strbuf_addstr(&sb, f.n == 1 ? "  The dead link archived here " :
			      "  The dead links archived here ");
		checks_clause(&f, f.n == 1 ? "" : "each", &sb);
		strbuf_addstr(&sb, "; their copies are the Web Archive's ");
		dates_clause(&f, &sb);
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

/* "[PATCH net-next 0/3]": the tree's tag in every subject. */
static char *subject_tag(const struct group *g)
{
	return g->tag ? xstrfmt("PATCH %s", g->tag) : xstrdup("PATCH");
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
static void cover_text(struct series *c, size_t first, size_t last,
		       size_t part, size_t parts, struct strbuf *subject,
		       struct strbuf *sb)
{
	size_t i, links = 0, by_kind[PG__COUNT] = { 0 };

	for (i = first; i < last; i++) {
		links += c->g[i].nr;
		by_kind[c->g[i].kind] += c->g[i].nr;
	}
	cover_subject(c, first, last, by_kind, subject);
	if (parts > 1)
		strbuf_addf(subject, " (%zu of %zu)", part, parts);
	/* A tree without MAINTAINERS is grouped by its directories. */
	strbuf_addf(sb, "This series updates %zu web link%s in %zu patch%s, one per\n"
		    "%s and kind of change:\n\n", links,
		    links == 1 ? "" : "s", last - first, last - first == 1 ? "" : "es",
		    c->have_m ? "MAINTAINERS section" : "directory");
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
	how_gathered(c, first, last, by_kind, sb);
}

static int write_cover(struct series *c, const char *dir, size_t first,
		       size_t last, size_t part, size_t parts,
		       const struct recipients *rcpt)
{
	struct strbuf sb = STRBUF_INIT, subject = STRBUF_INIT;
	char *path = xstrfmt("%s/0000-cover-letter.patch", dir);
	char *tag = subject_tag(&c->g[first]);
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

		cover_text(c, first, last, part, parts, &subject, &text);
		strbuf_addf(&sb, "Subject: [%s 0/%zu] %s\n\n%s", tag,
			    last - first, subject.buf, text.buf);
		strbuf_release(&text);
	}
	/* As git format-patch --base writes it; here the cover has it too. */
	if (c->o->base_commit)
		strbuf_addf(&sb, "\nbase-commit: %s\n", c->base);
	ret = atomic_write_file(path, sb.buf, sb.len, NULL);
	strbuf_release(&subject);
	free(tag);
	free(path);
	strbuf_release(&sb);
	return ret;
}

static int parse_from(struct series *c, const char *from)
{
	const char *lt = strchr(from, '<'), *gt = lt ? strchr(lt, '>') : NULL;
	size_t n;

	if (!lt || !gt)
		return error("--from: '%s' is not \"Name <mail>\"", from);
	n = (size_t)(lt - from);
	while (n && from[n - 1] == ' ')
		n--;
	c->from_name = xstrndup(from, n);
	c->from_mail = xstrndup(lt + 1, (size_t)(gt - lt - 1));
	return 0;
}

static void free_blob(void *p)
{
	if (p != (void *)-1) {
		strbuf_release(p);
		free(p);
	}
}


/* The base commit and the author, from git where not given. */
/*
 * The checkout's top and git directory, and where the store's root lies
 * in it: a tree scanned from a subdirectory makes patches of the whole
 * checkout, its paths prefixed, so git and get_maintainer.pl read them.
 */
static int find_top(struct series *c)
{
	struct strbuf sb = STRBUF_INIT;
	char *top, *dir, *prefix, *end;

	if (git(c, &sb, "rev-parse", "--show-toplevel", "--absolute-git-dir",
		"--show-prefix", NULL)) {
		strbuf_release(&sb);
		return error("'%s' is not in a git checkout: series needs one "
			     "(git init; git add -A; git commit)", c->root);
	}
	top = sb.buf;
	dir = strchr(top, '\n');
	prefix = dir ? strchr(dir + 1, '\n') : NULL;
	if (!prefix) {
		strbuf_release(&sb);
		return error("git rev-parse: no top-level directory for '%s'",
			     c->root);
	}
	*dir++ = '\0';
	*prefix++ = '\0';
	end = strchr(prefix, '\n');
	if (end)
		*end = '\0';
	free(c->root);
	c->root = xstrdup(top);
	c->git_dir = xstrdup(dir);
	c->prefix = xstrdup(prefix);
	strbuf_release(&sb);
	return 0;
}

/* The plan's paths, relative to the store's root, made the checkout's. */
static void prefix_paths(struct series *c)
{
	size_t i;

	for (i = 0; i < c->plan.nr; i++) {
		char *p = xstrfmt("%s%s", c->prefix, c->plan.v[i].path);

		free(c->plan.v[i].path);
		c->plan.v[i].path = p;
	}
}

static int find_base_and_author(struct series *c)
{
	struct strbuf sb = STRBUF_INIT, n = STRBUF_INIT, e = STRBUF_INIT;
	char *spec = xstrfmt("%s^{commit}", c->o->base_rev);
	int ret = 0;

	if (git(c, &sb, "rev-parse", "--verify", "-q", spec, NULL))
		ret = error("'%s' is no git commit in '%s': series needs a git "
			    "checkout (git init; git add -A; git commit)",
			    c->o->base_rev, c->root);
	free(spec);
	chomp(&sb);
	c->base = strbuf_detach(&sb, NULL);
	if (ret || c->from_name)
		return ret;
	if (git(c, &n, "config", "user.name", NULL) ||
	    git(c, &e, "config", "user.email", NULL)) {
		strbuf_release(&n);
		strbuf_release(&e);
		return error("no author: give --from \"Name <mail>\" or set git's "
			     "user.name and user.email");
	}
	chomp(&n);
	chomp(&e);
	c->from_name = strbuf_detach(&n, NULL);
	c->from_mail = strbuf_detach(&e, NULL);
	return 0;
}

/* The area of a path: its MAINTAINERS section, else its directories. */
static char *area_of(struct series *c, const char *path, long *section)
{
	long s = c->have_m ? maintainers_section(&c->m, path) : -1;
	char *area = s >= 0 ? xstrdup(c->m.v[s].name) : dir_pair(path);

	*section = s;
	/* Devicetree bindings go in patches of their own, as DT maintainers ask. */
	if (is_dt_binding(path)) {
		char *a = xstrfmt("%s (DT bindings)", area);

		free(area);
		area = a;
	}
	return area;
}

/* Group an edit with the others of its area and kind. */
static void group_add(struct series *c, size_t i)
{
	enum plan_group kind = plan_group(&c->plan.v[i]);
	struct group *g = NULL;
	long s;
	char *area = area_of(c, c->plan.v[i].path, &s);
	size_t k;

	for (k = 0; k < c->ng; k++)
		if (!strcmp(c->g[k].area, area) && c->g[k].kind == kind)
			g = &c->g[k];
	if (!g) {
		ALLOC_GROW(c->g, c->ng + 1, c->ag);
		g = &c->g[c->ng++];
		memset(g, 0, sizeof(*g));
		g->area = area;
		g->section = s;
		g->kind = kind;
	} else {
		free(area);
	}
	ALLOC_GROW(g->edits, g->nr + 1, g->alloc);
	g->edits[g->nr++] = i;
}

/*
 * Group the edits whose bytes at the base are what scan saw, but for
 * lines that stay or would lose their shape (plan_fit(), file by file).
 */
static void group_edits(struct series *c)
{
	struct plan *p = &c->plan;
	struct keep_tree kt;
	size_t i, j, k;

	keep_tree_init(&kt, c->root, c->o->cfg);
	for (i = 0; i < p->nr; i = j) {
		struct strbuf *b = base_blob(c, p->v[i].path);

		for (j = i; j < p->nr && !strcmp(p->v[j].path, p->v[i].path); j++)
			;
		/*
		 * Judged against the base as it is: a fix not committed is
		 * proposed, a committed one is there (plan_fit()'s applied).
		 */
		if (b)
			plan_fit(p, i, j, b->buf, b->len, &kt, &c->kept);
		for (k = i; k < j; k++) {
			struct planned *e = &p->v[k];

			if (b && e->applied) {
				c->committed++;
				continue;
			}
			if (!b || e->changed) {
				warning("skipped %s:%u: not the URL scan saw "
					"there at %s", e->path, e->line,
					c->o->base_rev);
				c->skipped++;
				continue;
			}
			if (e->kept == KEEP_NONE)
				group_add(c, k);
		}
	}
	keep_tree_release(&kt);
}

/* The line of buf that holds offset at: its start, and its end. */
static const char *line_start(const char *buf, const char *at)
{
	while (at > buf && at[-1] != '\n')
		at--;
	return at;
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
			    !(b = base_blob(c, e->path)) || e->start >= b->len)
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
	ret = git(c, files, "format-patch", numbered ? "--numbered" :
		  "--no-numbered", prefix, unified, "-o", sdir, range,
		  c->o->base_commit ? base : NULL, NULL) ?
	      error("git format-patch failed") : 0;
	free(unified);
	free(abs);
	free(base);
	free(prefix);
	free(range);
	return ret;
}

/* A series: groups [first, last), all of one tree. */
struct unit {
	size_t first, last;
	size_t part, parts;	/* of its tree's series */
	char *dir;		/* under the series directory, or "" */
	char *start;		/* the commit it applies to */
	size_t context;		/* the diff lines its patches have */
	char *no_b4;		/* why it is not handed to b4, or NULL */
};

/*
 * To and Cc into each of the n patch files.  get_maintainer.pl matches
 * K: keywords in the whole mail, headers too: a patch whose new To: and
 * Cc: lines hold a keyword is asked about again, as it now reads, until
 * its recipients stay the same (three rounds at most).
 */
static int address(struct series *c, char **files, size_t n,
		   struct recipients *rcpt)
{
	const struct maintainers *m = c->have_m ? &c->m : NULL;
	char **again = xcalloc(n, sizeof(*again));
	size_t *which = xcalloc(n, sizeof(*which));
	struct recipients *more = xcalloc(n, sizeof(*more));
	size_t k, na = 0, round;
	int ret = -1;

	if (route_patches(c->root, m, files, n, c->o->jobs,
			  c->o->in_process, rcpt))
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
				  c->o->in_process, more))
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
 * One series' patches into dir/u->dir: commits on *parent (which moves
 * on) and git format-patch; each group's file name kept.
 */
static int write_unit(struct series *c, const char *dir, struct unit *u,
		      struct strbuf *parent, long long now)
{
	char *sdir = *u->dir ? xstrfmt("%s/%s", dir, u->dir) : xstrdup(dir);
	char *start = xstrdup(parent->buf), *line, *next;
	char *tag = subject_tag(&c->g[u->first]);
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
		    (c->o->base_commit &&
		     add_base_commit(c->g[u->first + nfiles].file, c->base)))
			goto out;
	ret = 0;
out:
	strbuf_release(&out);
	free(tag);
	free(start);
	free(sdir);
	return ret;
}

/* A series' cover letter, to all its patches' recipients. */
static int finish_unit(struct series *c, const char *dir, const struct unit *u)
{
	char *sdir = *u->dir ? xstrfmt("%s/%s", dir, u->dir) : xstrdup(dir);
	size_t n = u->last - u->first, k;
	struct recipients all;
	int ret = 0;

	memset(&all, 0, sizeof(all));
	for (k = u->first; k < u->last; k++)
		recipients_merge(&all, &c->g[k].rcpt);
	if (n > 1 && write_cover(c, sdir, u->first, u->last, u->part,
				 u->parts, &all))
		ret = error("cannot write the cover letter");
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
 * runs -j at a time across series, not within one series of one patch.
 */
static int address_all(struct series *c)
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
	ret = address(c, files, c->ng, rcpt);
	for (k = 0; k < c->ng; k++) {
		c->g[k].rcpt = rcpt[k];		/* released with the group */
		nobody += !rcpt[k].nto && !rcpt[k].ncc;
	}
	/* A patch no one receives is lost in an outbox: say so, loudly. */
	if (!ret && nobody)
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
 * The series to write: each tree's groups in parts of at most max.  One
 * series with no tree goes straight into the directory; otherwise each
 * has a directory named after its tree (and its part, when there are
 * several), and the index lists them.
 */
static struct unit *plan_units(struct series *c, size_t *nunits)
{
	struct unit *u = NULL;
	size_t nu = 0, au = 0, i = 0, max = (size_t)c->o->max;
	int flat;

	while (i < c->ng) {
		size_t end = i, parts, p;

		while (end < c->ng && !strcmp(c->g[end].tree, c->g[i].tree))
			end++;
		/*
		 * Patches only the top-level tree would take have no
		 * subsystem to gather them: each goes alone to its own
		 * recipients, never as one catch-all series.
		 */
		if (c->g[i].top)
			max = 1;
		parts = (end - i + max - 1) / max;
		for (p = 0; p < parts; p++) {
			ALLOC_GROW(u, nu + 1, au);
			u[nu].first = i + p * max;
			u[nu].last = u[nu].first + max < end ?
				     u[nu].first + max : end;
			u[nu].part = p + 1;
			u[nu].parts = parts;
			u[nu].dir = NULL;
			u[nu].start = NULL;
			u[nu].context = 3;
			u[nu].no_b4 = NULL;
			nu++;
		}
		i = end;
		max = (size_t)c->o->max;
	}
	/* No tree at all: the series in dir, or in dir/series-N. */
	flat = !*c->g[0].tree && !*c->g[c->ng - 1].tree;
	for (i = 0; i < nu; i++) {
		const char *t = *c->g[u[i].first].tree ? c->g[u[i].first].tree :
				"no-tree";

		if (flat)
			u[i].dir = nu == 1 ? xstrdup("") :
				   xstrfmt("series-%zu", u[i].part);
		else if (u[i].parts > 1 && c->g[u[i].first].top)
			u[i].dir = xstrfmt("%s-single-%02zu", t, u[i].part);
		else if (u[i].parts > 1)
			u[i].dir = xstrfmt("%s-%02zu", t, u[i].part);
		else
			u[i].dir = xstrdup(t);
	}
	*nunits = nu;
	return u;
}

/* The most patches one mailing list may get at once (submitting-patches). */
#define LIST_BURST 15

/* A list, not a person: an address with no name ("netdev@vger..."). */
static int is_list(const char *addr)
{
	return !strchr(addr, '<');
}

/* Each list unit u sends to, with its patches: into m (list -> count). */
static void unit_lists(struct series *c, const struct unit *u,
		       struct strmap *m)
{
	size_t k, i;

	for (k = u->first; k < u->last; k++) {
		const struct recipients *r = &c->g[k].rcpt;

		for (i = 0; i < r->nto + r->ncc; i++) {
			const char *a = i < r->nto ? r->to[i] : r->cc[i - r->nto];
			void **slot;

			if (!is_list(a))
				continue;
			slot = strmap_put(m, a);
			*slot = (void *)((size_t)*slot + 1);
		}
	}
}

/*
 * The wave of each unit: the series in their order, each in the first
 * wave where no list would get more than LIST_BURST patches ("Do not
 * send more than 15 patches at once to the vger mailing lists").  The
 * number of waves.
 */
static size_t plan_waves(struct series *c, const struct unit *u, size_t nu,
			 size_t *wave)
{
	struct strmap *load = NULL;	/* per wave: list -> patches */
	size_t nw = 0, aw = 0, i, w;

	for (i = 0; i < nu; i++) {
		struct strmap mine = STRMAP_INIT;
		struct strmap_entry *e;

		unit_lists(c, &u[i], &mine);
		for (w = 0; w < nw; w++) {
			int fits = 1;

			strmap_for_each(&mine, e)
				if ((size_t)strmap_get(&load[w], e->key) +
				    (size_t)e->value > LIST_BURST)
					fits = 0;
			if (fits)
				break;
		}
		if (w == nw) {
			ALLOC_GROW(load, nw + 1, aw);
			memset(&load[nw++], 0, sizeof(*load));	/* STRMAP_INIT */
		}
		strmap_for_each(&mine, e) {
			void **slot = strmap_put(&load[w], e->key);

			*slot = (void *)((size_t)*slot + (size_t)e->value);
		}
		wave[i] = w;
		strmap_clear(&mine, NULL);
	}
	for (w = 0; w < nw; w++)
		strmap_clear(&load[w], NULL);
	free(load);
	return nw;
}

/*
 * DIR/INDEX: the series in the order to send, one tree at a time, in
 * waves that keep every list within LIST_BURST patches at once.
 */
static int write_index(struct series *c, const char *dir,
		       const struct unit *u, size_t nu)
{
	struct strbuf sb = STRBUF_INIT;
	char *path = xstrfmt("%s/INDEX", dir);
	size_t *wave = xcalloc(nu ? nu : 1, sizeof(*wave));
	size_t i, w, nw = plan_waves(c, u, nu, wave);
	int ret;

	strbuf_addstr(&sb, "# The series to send, in order, one tree at a time:\n"
		      "# directory, patches, the tree that applies them.\n"
		      "# Apply one with git am --empty=drop DIR/*.patch: the\n"
		      "# cover letter (0000) is for the mail and has no diff.\n");
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

	if (!git(c, &out, "for-each-ref", "--format=%(refname)",
		 "refs/linkmend/", NULL))
		for (line = out.buf; *line; line = next) {
			next = strchr(line, '\n');
			if (next)
				*next++ = '\0';
			else
				next = line + strlen(line);
			if (!strncmp(line, "refs/linkmend/series-", 21) &&
			    !pid_alive(line + 21))
				git(c, NULL, "update-ref", "-d", line, NULL);
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

/* A series as an enrolled b4 prep branch (b4.h). */
static int hand_to_b4(struct series *c, const struct unit *u)
{
	size_t n = u->last - u->first, k;
	struct b4_patch *p = xcalloc(n, sizeof(*p));
	struct strbuf subject = STRBUF_INIT, text = STRBUF_INIT;
	char *branch = xstrfmt("b4/linkmend%s%s", *u->dir ? "-" : "", u->dir);
	char **files = xcalloc(n, sizeof(*files));
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
		cover_text(c, u->first, u->last, u->part, u->parts, &subject,
			   &text);
	s.subject = n > 1 ? subject.buf : "";
	s.body = n > 1 ? text.buf : "";
	ret = b4_write_branch(&s);
out:
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
	struct unit *u = plan_units(c, &nu);
	struct outdir od;
	int ret = 0, failed;

	while (n > 1 && final_dir[n - 1] == '/')
		final_dir[--n] = '\0';
	c->final_dir = final_dir;
	remove_stale(c);
	if (outdir_begin(&od, final_dir, "series")) {
		ret = -1;
		goto out;
	}
	staging = od.staging;
	for (i = 0; i < nu && !ret && !stopped(c); i++) {
		/* A tree's first part on the base; its next on the one before. */
		if (u[i].part == 1) {
			strbuf_reset(&parent);
			strbuf_addstr(&parent, c->base);
		}
		u[i].start = xstrdup(parent.buf);
		ret = write_unit(c, staging, &u[i], &parent, now);
	}
	{
		char *ref = xstrfmt("refs/linkmend/series-%d", (int)getpid());

		git(c, NULL, "update-ref", "-d", ref, NULL);
		free(ref);
	}
	if (!ret && !stopped(c))
		ret = address_all(c);
	for (i = 0; i < nu && !ret && !stopped(c); i++)
		ret = finish_unit(c, staging, &u[i]);
	if (!ret && !stopped(c))
		ret = write_index(c, staging, u, nu);
	/* A stop is no error: what a stopped step said is moot. */
	if (stopped(c))
		ret = 0;
	else if (!ret)
		ret = outdir_commit(&od);
	outdir_release(&od);
	/* A series refused says so; the others are handed to b4 still. */
	for (i = 0, failed = ret; i < nu && !failed && c->o->b4 &&
				  !stopped(c); i++)
		if (hand_to_b4(c, &u[i]))
			ret = -1;
out:
	for (i = 0; i < nu; i++) {
		free(u[i].dir);
		free(u[i].start);
		free(u[i].no_b4);
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
		free(c->g[k].commit);
		free(c->g[k].notes);
	}
	free(c->g);
	plan_release(&c->plan);
	if (c->have_m)
		maintainers_release(&c->m);
	strmap_clear(&c->blobs, free_blob);
	strmap_clear(&c->modes, free);
	strbuf_release(&c->unkept_names);
	strbuf_release(&c->listing);
	free(c->files);
	free(c->base);
	free(c->root);
	free(c->git_dir);
	free(c->prefix);
	free(c->from_name);
	free(c->from_mail);
}

/*
 * A subject's parts come from the tree (its history's prefixes, its
 * MAINTAINERS, its file names), which may hold a CR or another control
 * character: in a Subject: line one starts a header of the tree's
 * choosing.  Each such byte is shown as '?'.
 */
static void one_line(char *s)
{
	for (; s && *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			*s = '?';
}

/*
 * The tree that applies a group: the first T: of the most specific
 * section of its first file that has one, named by its last two path
 * components ("netdev-net-next"); its tag from [tree "NAME"] tag, else
 * net-next for netdev's trees (a link update is no fix for net).
 */
/*
 * "bpf-next" for "git git://.../bpf/bpf-next.git": a -next repository's
 * name, which its subjects carry as a tag ([PATCH bpf-next]); NULL for
 * any other tree.  In a static buffer.
 */
static const char *next_repo(const char *tree)
{
	static char name[64];
	const char *url = strchr(tree, ' ') ? strchr(tree, ' ') + 1 : tree;
	size_t len = strcspn(url, " \t");
	const char *slash;

	while (len && url[len - 1] == '/')
		len--;
	if (len > 4 && !strncmp(url + len - 4, ".git", 4))
		len -= 4;
	for (slash = url + len; slash > url && slash[-1] != '/'; slash--)
		;
	len -= (size_t)(slash - url);
	if (len < 6 || len >= sizeof(name) || strncmp(slash + len - 5, "-next", 5))
		return NULL;
	memcpy(name, slash, len);
	name[len] = '\0';
	return name;
}

static void tree_of(struct series *c, struct group *g)
{
	const char *path = c->plan.v[g->edits[0]].path, *t = NULL, *v;
	long idx[64];
	size_t n = c->have_m ? maintainers_matches(&c->m, path, idx, 64) : 0;
	size_t i, k;
	int netdev = 0;

	for (i = 0; i < n && !t; i++) {
		const struct maint_section *s = &c->m.v[idx[i]];

		/*
		 * A clean-up is for the next release: the section's -next
		 * tree (net-next.git, "mtd/next") where it lists one, not
		 * its fixes tree (net.git, "mtd/fixes").
		 */
		for (k = 0; k < s->ntrees; k++) {
			if (!t || (strstr(s->trees[k], "next") &&
				   !strstr(t, "next")))
				t = s->trees[k];
			if (strstr(s->trees[k], "/netdev/net"))
				netdev = 1;
		}
		/* THE REST ("F: *"): the top-level tree, no subsystem's. */
		for (k = 0; t && k < s->npat; k++)
			if (s->pat[k].type == 'F' &&
			    (!strcmp(s->pat[k].value, "*") ||
			     !strcmp(s->pat[k].value, "*/")))
				g->top = 1;
	}
	g->tree_line = t;
	if (!t) {
		g->tree = xstrdup("");
		return;
	}
	{
		/* "git git://host/a/b/owner/name.git branch" -> "owner-name". */
		const char *url = strchr(t, ' ') ? strchr(t, ' ') + 1 : t;
		size_t len = strcspn(url, " \t");
		char *u = xstrndup(url, len), *p, *last, *prev = NULL;

		if (len > 4 && !strcmp(u + len - 4, ".git"))
			u[len - 4] = '\0';
		while ((len = strlen(u)) && u[len - 1] == '/')
			u[len - 1] = '\0';
		last = strrchr(u, '/');
		if (last) {
			*last = '\0';
			prev = strrchr(u, '/');
			*last = '/';
		}
		p = prev ? prev + 1 : last ? last + 1 : u;
		/* "~rmk/linux-arm": a name no shell tool takes for an option. */
		while (*p && !isalnum((unsigned char)*p))
			p++;
		g->tree = xstrdup(*p ? p : "tree");
		for (p = g->tree; *p; p++)
			if (!isalnum((unsigned char)*p) && !strchr("._-", *p))
				*p = '-';
		free(u);
	}
	v = c->o->cfg ? config_get_sub(c->o->cfg, "tree", g->tree, "tag") : NULL;
	if (v)
		g->tag = *v ? xstrdup(v) : NULL;
	else if (netdev)
		g->tag = xstrdup("net-next");
	else if ((v = next_repo(t)))
		g->tag = xstrdup(v);
	one_line(g->tag);
}

/*
 * "datasheet" when the words before every link of the group on its line
 * say so ("Datasheet: http://...", "Data sheet:"), as hwmon's subjects
 * name them; else NULL.
 * Only what the lines say: a link is never guessed to be a datasheet.
 */
static const char *noun_of(struct series *c, struct group *g)
{
	size_t i;

	for (i = 0; i < g->nr; i++) {
		const struct planned *e = &c->plan.v[g->edits[i]];
		struct strbuf *b = base_blob(c, e->path);
		const char *s;
		char *line;
		int hit;

		if (!b || e->start >= b->len)
			return NULL;
		s = line_start(b->buf, b->buf + e->start);
		/* The words before the URL: the URL's own name says nothing. */
		line = xstrndup(s, (size_t)(b->buf + e->start - s));
		hit = strcasestr(line, "datasheet") ||
		      strcasestr(line, "data sheet");
		free(line);
		if (!hit)
			return NULL;
	}
	return g->nr ? "datasheet" : NULL;
}

/* The files a group touches, each once. */
static size_t files_of(struct series *c, const struct group *g)
{
	size_t i, n = 0;

	for (i = 0; i < g->nr; i++)
		n += !i || strcmp(c->plan.v[g->edits[i]].path,
				  c->plan.v[g->edits[i - 1]].path);
	return n;
}

/*
 * What a group's summary names: the one file it touches, else the
 * directory its files share; wider (the whole path, then the first file
 * "and N more") where another group's subject would read the same.
 * Never a MAINTAINERS title: a subject names the code it changes.
 */
static char *what_of(struct series *c, struct group *g, int level)
{
	const char *first = c->plan.v[g->edits[0]].path, *slash;
	size_t i, common = strlen(first), files = files_of(c, g);

	for (i = 1; i < g->nr; i++) {
		const char *p = c->plan.v[g->edits[i]].path;
		size_t k = 0;

		while (k < common && p[k] == first[k])
			k++;
		common = k;
	}
	slash = strrchr(first, '/');
	if (common == strlen(first)) {		/* one file */
		if (level == 0 && slash)
			return xstrdup(slash + 1);
		return xstrdup(first);
	}
	while (common && first[common - 1] != '/')
		common--;
	if (common <= 1 && level == 0)
		return NULL;	/* files far apart: no place named */
	if (common > 1 && level <= 1) {
		char *d = xstrndup(first, common - 1);
		const char *base = strrchr(d, '/');

		if (level == 0 && base) {
			char *b = xstrdup(base + 1);

			free(d);
			return b;
		}
		return d;
	}
	return xstrfmt("%s and %zu more", slash ? slash + 1 : first, files - 1);
}

/*
 * A group's summary at a naming level: what_of() unless it repeats the
 * prefix, in the longest wording that keeps the subject within 75
 * columns, the place dropped where none does.
 */
static char *summary_at(struct series *c, struct group *g, int level)
{
	size_t pl = strlen(g->style.prefix);
	size_t room = pl < 60 ? 75 - pl : 15;
	char *what = what_of(c, g, level), *s;

	if (what && subject_repeats(g->style.prefix, what)) {
		free(what);
		what = level ? what_of(c, g, 1) : NULL;
		if (what && subject_repeats(g->style.prefix, what)) {
			free(what);
			what = NULL;
		}
	}
	s = subject_summary(g->kind, g->nr, noun_of(c, g), what,
			    g->style.capital, room);
	/* Too long a place: the first file's name, then none. */
	if (!s && what && level) {
		const char *first = c->plan.v[g->edits[0]].path;
		const char *base = strrchr(first, '/');
		size_t files = files_of(c, g);
		char *alt = files > 1 ?
			    xstrfmt("%s and %zu more", base ? base + 1 : first,
				    files - 1) :
			    xstrdup(base ? base + 1 : first);

		s = subject_summary(g->kind, g->nr, noun_of(c, g), alt,
				    g->style.capital, room);
		free(alt);
	}
	if (!s)
		s = subject_summary(g->kind, g->nr, noun_of(c, g), NULL,
				    g->style.capital, room);
	free(what);
	return s;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* How many of the base's files the F: pattern pat covers. */
static size_t files_covered(struct series *c, const char *pat)
{
	size_t lit = strcspn(pat, "*?"), lo = 0, hi, n = 0;

	if (!c->listed) {
		size_t i, alloc = 0;

		c->listed = 1;
		if (!git(c, &c->listing, "ls-tree", "-r", "-z", "--name-only",
			 c->base, NULL))
			for (i = 0; i < c->listing.len;
			     i += strlen(c->listing.buf + i) + 1) {
				ALLOC_GROW(c->files, c->nfiles + 1, alloc);
				c->files[c->nfiles++] = c->listing.buf + i;
			}
		if (c->nfiles)
			qsort(c->files, c->nfiles, sizeof(*c->files), cmp_str);
	}
	/* The first path at or after the pattern's literal part. */
	hi = c->nfiles;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strncmp(c->files[mid], pat, lit) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < c->nfiles && !strncmp(c->files[lo], pat, lit); lo++)
		n += maintainers_file_match(c->files[lo], pat);
	return n;
}

/* A grab-bag of files: its folder's prefix (subject_style_folder()). */
static void prefix_of_mixed(struct group *g, const char *const *paths,
			    size_t n)
{
	struct subject_style st = { 0 };

	if (subject_style_folder(&g->style, paths, n, &st)) {
		subject_style_release(&g->style);
		g->style = st;
	}
}

/*
 * Where the files' own paths say nothing of the group's MAINTAINERS
 * section (a header in include/, the subsystem's documents), and their
 * history does not either, the section's own prefix (subject.h).
 */
static void prefix_from_section(struct series *c, struct group *g)
{
	const struct maint_section *sec;
	struct subject_style st;
	const char **f, **l;
	size_t i, n = 0, nl = 0, *w;

	/* Device trees say what they are, whoever keeps them. */
	if (!c->have_m || g->section < 0 || g->style.history ||
	    g->style.firm ||
	    !strncmp(g->style.prefix, "dt-bindings: ", 13) ||
	    strstr(g->style.prefix, " dts: "))
		return;
	sec = &c->m.v[g->section];
	f = xcalloc(sec->npat + 1, sizeof(*f));
	w = xcalloc(sec->npat + 1, sizeof(*w));
	l = xcalloc(sec->ncc + 1, sizeof(*l));
	for (i = 0; i < sec->npat; i++)
		if (sec->pat[i].type == 'F')
			f[n++] = sec->pat[i].value;
	for (i = 0; i < sec->ncc; i++)
		if (sec->cc_kind[i] == 'L')
			l[nl++] = sec->cc[i];
	/* The section's home is where most of its files are. */
	for (i = 0; i < n; i++)
		w[i] = files_covered(c, f[i]);
	if (subject_section_style(g->style.prefix, sec->name, f, w, n, l, nl,
				  &st)) {
		subject_style_release(&g->style);
		g->style = st;
	}
	free(l);
	free(w);
	free(f);
}

/*
 * [subject "PATH"] prefix of .linkmend.conf: the project's own word for
 * a part of its tree, for a patch all of whose files are under PATH (the
 * longest such PATH); a separator space is added.
 */
static void prefix_from_config(struct series *c, struct group *g,
			       const char *const *paths, size_t n)
{
	const struct config_entry *e, *best = NULL;
	size_t i = 0, k;

	if (!c->o->cfg)
		return;
	while ((e = config_next(c->o->cfg, "subject", "prefix", &i))) {
		char *under;

		if (!e->sub || !*e->value)
			continue;
		under = xstrdup(e->sub);
		path_normalize(under);
		for (k = 0; k < n && path_under(paths[k], under); k++)
			;
		if (k == n && (!best || strlen(e->sub) > strlen(best->sub)))
			best = e;
		free(under);
	}
	if (!best)
		return;
	free(g->style.prefix);
	g->style.prefix = xstrfmt("%s%s", best->value,
				  best->value[strlen(best->value) - 1] == ' ' ?
				  "" : " ");
}

/* Subjects in each area's style, none the same as another. */
static void name_groups(struct series *c)
{
	struct strmap seen = STRMAP_INIT;
	size_t k, round;
	int clash = 1;

	/* Every file of every group: a group's prefix is what its files share. */
	size_t np = 0, i, *from = xcalloc(c->ng + 1, sizeof(*from));
	const char **paths = xcalloc(c->plan.nr + 1, sizeof(*paths));
	struct subject_style *styles;

	for (k = 0; k < c->ng; k++) {
		from[k] = np;
		for (i = 0; i < c->g[k].nr; i++) {
			const char *p = c->plan.v[c->g[k].edits[i]].path;

			if (np == from[k] || strcmp(paths[np - 1], p))
				paths[np++] = p;
		}
	}
	from[c->ng] = np;
	styles = xcalloc(np + 1, sizeof(*styles));
	subject_styles(c->root, c->base, paths, np, styles);
	for (k = 0; k < c->ng; k++) {
		subject_style_common(styles + from[k], from[k + 1] - from[k],
				     &c->g[k].style);
		prefix_of_mixed(&c->g[k], paths + from[k],
				from[k + 1] - from[k]);
		prefix_from_section(c, &c->g[k]);
		prefix_from_config(c, &c->g[k], paths + from[k],
				   from[k + 1] - from[k]);
	}
	for (i = 0; i < np; i++)
		subject_style_release(&styles[i]);
	free(styles);
	free(paths);
	free(from);
	for (round = 0; round < 3 && clash; round++) {
		clash = 0;
		strmap_clear(&seen, NULL);
		for (k = 0; k < c->ng; k++) {
			struct group *g = &c->g[k];
			char *full;
			void **slot;

			if (!g->summary)
				g->summary = summary_at(c, g, (int)round);
			full = xstrfmt("%s%s", g->style.prefix, g->summary);
			slot = strmap_put(&seen, full);
			free(full);
			if (*slot) {
				/* Both are named anew, the wider way. */
				struct group *o = (struct group *)*slot;

				if (o != (void *)1) {
					free(o->summary);
					o->summary = NULL;
				}
				free(g->summary);
				g->summary = NULL;
				*slot = (void *)1;
				clash = 1;
			} else {
				*slot = g;
			}
		}
	}
	/* Still the same after the widest naming: numbered. */
	for (k = 0; k < c->ng; k++)
		if (!c->g[k].summary) {
			char *s = summary_at(c, &c->g[k], 0);

			c->g[k].summary = xstrfmt("%s (%zu)", s, k + 1);
			free(s);
		}
	for (k = 0; k < c->ng; k++) {
		one_line(c->g[k].style.prefix);
		one_line(c->g[k].summary);
	}
	strmap_clear(&seen, NULL);
}

/* Groups of Orphan or Obsolete sections: nobody takes them; counted. */
static void drop_unkept(struct series *c)
{
	size_t k, n = 0;

	for (k = 0; k < c->ng; k++) {
		struct group *g = &c->g[k];

		if (g->section >= 0 && maintainers_unkept(&c->m.v[g->section])) {
			c->unkept++;
			if (c->unkept_names.len)
				strbuf_addstr(&c->unkept_names, ", ");
			strbuf_addf(&c->unkept_names, "%s (%s)", g->area,
				    plan_group_name(g->kind));
			free(g->area);
			free(g->edits);
			continue;
		}
		c->g[n++] = *g;
	}
	c->ng = n;
}

int series_write(const struct series_opts *o, struct store *st)
{
	struct strbuf kept = STRBUF_INIT;
	struct series c;
	size_t k;
	int ret = -1;

	memset(&c, 0, sizeof(c));
	c.o = o;
	c.root = xstrdup(o->root);
	if (find_top(&c) || (o->from && parse_from(&c, o->from)) ||
	    find_base_and_author(&c) ||
	    plan_load(st, o->kinds, o->archived, o->strings, &c.plan))
		goto out;
	if (*c.prefix)
		prefix_paths(&c);
	c.have_m = !maintainers_load(c.root, &c.m);
	preload_blobs(&c);
	preload_modes(&c);
	group_edits(&c);
	if (c.committed && !o->quiet)
		fprintf(stderr, "series: %zu edit%s already at %s, not proposed "
			"again\n", c.committed, c.committed == 1 ? "" : "s",
			o->base_rev);
	keep_summary(&c.kept, &kept);
	if (kept.len && !o->quiet)
		fprintf(stderr, "series: %s\n", kept.buf);
	strbuf_release(&kept);
	if (c.have_m)
		drop_unkept(&c);
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
		if (!o->quiet)
			fprintf(stderr, "series: nothing to send\n");
		ret = c.skipped ? 1 : 0;
		goto out;
	}
	split_groups(&c);
	for (k = 0; k < c.ng; k++)
		tree_of(&c, &c.g[k]);
	qsort(c.g, c.ng, sizeof(*c.g), cmp_group);
	name_groups(&c);
	ret = write_all(&c);
	if (stopped(&c))
		goto out;
	if (!ret && !o->quiet)
		fprintf(stderr, "series: apply with git am --empty=drop "
			"DIR/*.patch (a cover letter has no diff)%s\n",
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
