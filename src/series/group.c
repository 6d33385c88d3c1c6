// SPDX-License-Identifier: GPL-2.0-or-later
/* Edits into groups, groups into series and waves (series.h). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/config.h"
#include "../lib/settings.h"
#include "../lib/strbuf.h"
#include "../lib/strmap.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "../rewrite/keep.h"
#include "../project/maintainers.h"
#include "series.h"
#include "write.h"

static int is_dt_binding(const char *path)
{
	return !strncmp(path, "Documentation/devicetree/bindings/", 34) ||
	       !strncmp(path, "include/dt-bindings/", 20);
}

/* The top two directories of a path, for files no MAINTAINERS section has. */
static char *dir_pair(const char *path)
{
	const char *a = strchr(path, '/'), *b = a ? strchr(a + 1, '/') : NULL;

	if (!a)
		return xstrdup("(top level)");
	return b ? xstrndup(path, (size_t)(b - path)) : xstrndup(path, (size_t)(a - path));
}

/* By tree (the order of sending; no tree last), then area, then kinds. */
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
	return r ? r : (x->kinds > y->kinds) - (x->kinds < y->kinds);
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
 * A patch is as large as the project's own patches are: it is cut only
 * where it grows past the 90th percentile of the files and of the lines
 * its latest non-merge commits changed (tmux: 5 files, 198 lines; zlib:
 * 22, 351), past both: a link update changes a line or two of each file,
 * and a maintainer reads lines.  A tree without that much history (the
 * kernel's copy of one commit) is cut past FALLBACK_FILES files and
 * FALLBACK_LINES lines, a directory to a patch where it can be: the
 * lines are the smallest of that percentile in sixteen C projects'
 * latest 1000 commits (libexpat: 54; openssh 64, htop 71, the median
 * 130), so that no project's maintainer finds the patch larger than
 * the ones they take.
 */
#define FALLBACK_FILES 10
#define FALLBACK_LINES 130
#define SIZE_COMMITS 1000	/* the latest commits measured */
#define SIZE_MIN 20		/* fewer than this say nothing */
#define SIZE_PERCENTILE 90

static int cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return (x > y) - (x < y);
}

/* The p-th percentile of n sorted values. */
static size_t percentile(const size_t *v, size_t n, unsigned int p)
{
	size_t i = n * p / 100;

	return v[i < n ? i : n - 1];
}

/*
 * 1 when the base has fewer than SIZE_MIN non-merge commits, by a walk
 * of that many commits.  Their --shortstat would say nothing, and costs
 * a diff of the whole tree for a root commit: seven seconds on the
 * kernel demo's one commit, before any patch is made.
 */
static int short_history(struct series *c)
{
	struct strbuf out = STRBUF_INIT;
	char num[32];
	int ret;

	snprintf(num, sizeof(num), "--max-count=%d", SIZE_MIN);
	ret = !series_git(c, &out, "rev-list", "--no-merges", "--count", num,
			  c->base, NULL) &&
	      strtoul(out.buf, NULL, 10) < SIZE_MIN;
	strbuf_release(&out);
	return ret;
}

/*
 * The normal patch of the project: " 3 files changed, 10 insertions(+),
 * 2 deletions(-)" of each of its latest commits.  0 when it has too few.
 */
static int normal_size(struct series *c, size_t *files, size_t *lines)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf out = STRBUF_INIT;
	char num[32];
	size_t *f = NULL, *l = NULL, n = 0, alloc = 0;
	const char *p;
	int ret = 0;

	if (short_history(c))
		return 0;
	snprintf(num, sizeof(num), "-n%d", SIZE_COMMITS);
	series_git_cmd(c, &cp);
	strvec_pushl(&cp.args, "log", "--no-merges", "--shortstat",
		     "--format=", num, c->base, NULL);
	cp.out = &out;
	cp.no_stderr = 1;
	/*
	 * A partial clone stops at the first blob it lacks ("unable to
	 * read"): the commits before it are measured all the same.
	 */
	child_process_run(&cp);
	child_process_clear(&cp);
	for (p = out.buf; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 :
	     NULL) {
		unsigned long nf, a = 0, d = 0;
		const char *q;

		if (sscanf(p, " %lu file", &nf) != 1)
			continue;
		/* ", 1 insertion(+)", ", 2 deletions(-)": each optional. */
		for (q = strchr(p, ','); q && q < p + strcspn(p, "\n");
		     q = strchr(q + 1, ',')) {
			unsigned long v;
			char word[16];

			if (sscanf(q, ", %lu %15s", &v, word) != 2)
				continue;
			if (!strncmp(word, "insertion", 9))
				a = v;
			else if (!strncmp(word, "deletion", 8))
				d = v;
		}
		if (n == alloc) {
			alloc = alloc ? 2 * alloc : 64;
			f = xrealloc(f, alloc * sizeof(*f));
			l = xrealloc(l, alloc * sizeof(*l));
		}
		f[n] = nf;
		l[n++] = a + d;
	}
	if (n < SIZE_MIN)
		goto out;
	qsort(f, n, sizeof(*f), cmp_size);
	qsort(l, n, sizeof(*l), cmp_size);
	*files = percentile(f, n, SIZE_PERCENTILE);
	*lines = percentile(l, n, SIZE_PERCENTILE);
	ret = 1;
out:
	free(f);
	free(l);
	strbuf_release(&out);
	return ret;
}

/* The lines edit i of g changes (a line's old and new), 0 for its second. */
static size_t edit_lines(const struct series *c, const struct group *g,
			 size_t i)
{
	const struct planned *e = &c->plan.v[g->edits[i]], *prev;

	if (!i)
		return 2;
	prev = &c->plan.v[g->edits[i - 1]];
	return strcmp(e->path, prev->path) || e->line != prev->line ? 2 : 0;
}

/* The files and lines of the run of edits from i on in i's directory. */
static void dir_run(const struct series *c, const struct group *g, size_t i,
		    size_t *files, size_t *lines)
{
	const char *first = c->plan.v[g->edits[i]].path, *prev = NULL;
	size_t k;

	*files = *lines = 0;
	for (k = i; k < g->nr; k++) {
		const char *p = c->plan.v[g->edits[k]].path;

		if (!same_dir(p, first))
			break;
		*files += !prev || strcmp(p, prev);
		*lines += k == i ? 2 : edit_lines(c, g, k);
		prev = p;
	}
}

/* 1 when a patch of files and lines is no larger than the normal one. */
static int normal(const struct series *c, size_t files, size_t lines)
{
	if (!c->size_files)
		return files <= FALLBACK_FILES || lines <= FALLBACK_LINES;
	return files <= c->size_files || lines <= c->size_lines;
}

/*
 * A new group at the end of c->g with group k's area, section, kinds
 * and tree, and room for all of k's edits (none yet: n->nr is k's, to
 * be set); c->g may move, so the caller takes &c->g[k] anew.
 */
static struct group *group_fork(struct series *c, size_t k)
{
	struct group *n;

	ALLOC_GROW(c->g, c->ng + 1, c->ag);
	n = &c->g[c->ng++];
	*n = c->g[k];
	n->area = xstrdup(c->g[k].area);
	n->edits = xcalloc(c->g[k].nr + 1, sizeof(*n->edits));
	return n;
}

/*
 * Group k cut in two, in order: the edits whose path stays() keeps stay,
 * the others go to a new group at the end (cut in turn where its caller
 * walks on to it).
 */
static void group_split(struct series *c, size_t k,
			int (*stays)(struct series *, const char *,
				     const void *),
			const void *data)
{
	struct group *g, *n = group_fork(c, k);
	size_t i, kept = 0, moved = 0;

	g = &c->g[k];
	for (i = 0; i < g->nr; i++) {
		if (stays(c, c->plan.v[g->edits[i]].path, data))
			g->edits[kept++] = g->edits[i];
		else
			n->edits[moved++] = g->edits[i];
	}
	g->nr = kept;
	n->nr = n->alloc = moved;
}

static void split_groups(struct series *c)
{
	size_t k, ng = c->ng;

	if (!normal_size(c, &c->size_files, &c->size_lines))
		c->size_files = c->size_lines = 0;
	for (k = 0; k < ng; k++) {
		struct group *g = &c->g[k];
		size_t i, files = 0, lines = 0;
		const char *prev = NULL;

		g->dir = dir_of(c->plan.v[g->edits[0]].path);
		for (i = 0; i < g->nr; i++) {
			const char *p = c->plan.v[g->edits[i]].path;
			int nfile = !prev || strcmp(p, prev);
			int ndir = prev && nfile && !same_dir(p, prev);
			size_t rf, rl, el = edit_lines(c, g, i);
			struct group *n;

			if (ndir)
				dir_run(c, g, i, &rf, &rl);
			/* Whole directories while they fit; a big one cut. */
			if (!nfile || !files ||
			    (normal(c, files + 1, lines + el) &&
			     !(ndir && !normal(c, files + rf, lines + rl)))) {
				files += nfile;
				lines += el;
				prev = p;
				continue;
			}
			/* Edits [0, i) stay; the rest, a group cut in turn. */
			n = group_fork(c, k);
			g = &c->g[k];
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

/* 1 when h[0..hl) holds n[0..nl), in any case. */
static int holds(const char *h, size_t hl, const char *n, size_t nl)
{
	size_t i;

	for (i = 0; nl && i + nl <= hl; i++)
		if (!strncasecmp(h + i, n, nl))
			return 1;
	return 0;
}

int series_names_alike(const char *a, size_t al, const char *b,
			size_t bl)
{
	size_t k = 0;

	while (k < al && k < bl &&
	       tolower((unsigned char)a[k]) == tolower((unsigned char)b[k]))
		k++;
	return k >= 4 || holds(a, al, b, bl) || holds(b, bl, a, al);
}

/* A document whose prefix is its subsystem's docs' own ("docs: networking: "). */
static int own_voice_document(struct series *c, const char *path)
{
	const struct subject_style *s;

	if (strncmp(path, "Documentation/", 14))
		return 0;
	s = series_file_style(c, path);
	return !strncmp(s->prefix, "docs: ", 6) && s->prefix[6];
}

static int not_own_voice_document(struct series *c, const char *path,
				  const void *data)
{
	(void)data;
	return !own_voice_document(c, path);
}

/*
 * A subsystem's documents in a voice of their own ("docs: networking: "
 * of Documentation/networking/) beside code of another voice that none
 * of them is about (lib/random32.c of the same section): a patch of
 * their own.  A driver's document stays with it (ipw2100.rst beside
 * ipw2x00/Kconfig), as do documents of no voice but "docs: ".
 */
static void split_documents(struct series *c)
{
	size_t k, ng = c->ng;

	for (k = 0; k < ng; k++) {
		struct group *g = &c->g[k];
		size_t i, j, docs = 0, code = 0;

		for (i = 0; i < g->nr; i++) {
			const char *p = c->plan.v[g->edits[i]].path;

			if (own_voice_document(c, p))
				docs++;
			else if (strncmp(p, "Documentation/", 14))
				code++;
		}
		if (!docs || !code)
			continue;
		for (i = 0; i < g->nr; i++) {
			const char *d = c->plan.v[g->edits[i]].path, *db;

			if (!own_voice_document(c, d))
				continue;
			db = strrchr(d, '/') + 1;
			for (j = 0; j < g->nr; j++) {
				const char *p = c->plan.v[g->edits[j]].path;
				const char *pb = strrchr(p, '/');
				const char *pd;

				if (!strncmp(p, "Documentation/", 14) || !pb)
					continue;
				for (pd = pb; pd > p && pd[-1] != '/'; pd--)
					;
				if (series_names_alike(db, strcspn(db, "."), pb + 1,
						       strcspn(pb + 1, ".")) ||
				    series_names_alike(db, strcspn(db, "."), pd,
						       (size_t)(pb - pd)))
					break;
			}
			if (j < g->nr)
				break;
		}
		if (i < g->nr)
			continue;
		group_split(c, k, not_own_voice_document, NULL);
	}
}

/*
 * The family of a device tree directly in an architecture's boot/dts/
 * (ARM's before 6.5): the letters its name begins with ("bcm" of
 * bcm2835.dtsi, "imx" of imx53-usbarmory.dts, "omap" of omap4-sdp.dts);
 * 0 for any other file.
 */
static size_t dts_family(const char *path, const char **name)
{
	const char *d = strstr(path, "/boot/dts/");
	size_t n;

	if (strncmp(path, "arch/", 5) || !d || strchr(d + 10, '/'))
		return 0;
	*name = d + 10;
	for (n = 0; islower((unsigned char)(*name)[n]); n++)
		;
	return n;
}

/* A family of device trees: the letters their names begin with. */
struct dts_family {
	const char *name;
	size_t len;
};

/* 1 when path is a flat device tree of the family fam. */
static int of_family(struct series *c, const char *path, const void *fam)
{
	const struct dts_family *f0 = fam;
	const char *f;
	size_t l = dts_family(path, &f);

	(void)c;
	return l == f0->len && !strncmp(f, f0->name, l);
}

/*
 * Flat device trees of several platforms in one patch (bcm283x's, an
 * imx53 board and TI's PMICs, all the DT maintainers'): a patch per
 * family, as each platform's trees are sent ("ARM: dts: bcm283x: ").
 */
static void split_platforms(struct series *c)
{
	size_t k;

	for (k = 0; k < c->ng; k++) {
		const struct group *g = &c->g[k];
		struct dts_family fam = { NULL, 0 };
		size_t i;

		for (i = 0; i < g->nr; i++)
			if (!dts_family(c->plan.v[g->edits[i]].path, &fam.name))
				break;
		if (i < g->nr || !g->nr)
			continue;
		/* The first file's family stays; the others go, cut in turn. */
		fam.len = dts_family(c->plan.v[g->edits[0]].path, &fam.name);
		for (i = 1; i < g->nr; i++)
			if (!of_family(c, c->plan.v[g->edits[i]].path, &fam))
				break;
		if (i < g->nr)
			group_split(c, k, of_family, &fam);
	}
}

int series_whole_tree(const struct maint_section *s)
{
	size_t i, f = 0;

	for (i = 0; i < s->npat; i++) {
		if (s->pat[i].type != 'F')
			continue;
		if (strcmp(s->pat[i].value, "*") && strcmp(s->pat[i].value, "*/"))
			return 0;
		f++;
	}
	return f > 0;
}

/*
 * The area a whole-tree section's file is in: its top directory
 * (tools/ by its first two), so that one patch never mixes lib/, init/
 * and scripts/ under one prefix that fits one of them.  A header in
 * include/ is its own: compiler-gcc.h, crc8.h and delay.h share no
 * prefix, each has its subsystem's.
 */
static char *top_area(const char *name, const char *path)
{
	const char *a = strchr(path, '/');
	char *dir, *area;

	if (!a)
		dir = xstrdup("(top level)");
	else if (!strncmp(path, "include/", 8))
		dir = xstrdup(path);
	else if (!strncmp(path, "tools/", 6))
		dir = dir_pair(path);
	else
		dir = xstrndup(path, (size_t)(a - path));
	area = xstrfmt("%s (%s)", name, dir);
	free(dir);
	return area;
}

/*
 * The area of a path: its MAINTAINERS section, else its directories;
 * in a tree with no MAINTAINERS, the whole project, whose people take
 * every patch (a patch for each folder: a small project got 29 for 128
 * comment lines).
 */
static char *area_of(struct series *c, const char *path, long *section)
{
	long s = c->have_m ? maintainers_section(&c->m, path) : -1;
	char *area = s < 0 ? (c->have_m ? dir_pair(path) :
			      xstrdup("(project)")) :
		     series_whole_tree(&c->m.v[s]) ?
		     top_area(c->m.v[s].name, path) : xstrdup(c->m.v[s].name);

	*section = s;
	/* Devicetree bindings go in patches of their own, as DT maintainers ask. */
	if (is_dt_binding(path)) {
		char *a = xstrfmt("%s (DT bindings)", area);

		free(area);
		area = a;
	}
	return area;
}

/*
 * Group an edit with the others of its area whose files have the same
 * kinds of edits as its file (kinds): a file goes whole into one patch.
 */
static void group_add(struct series *c, size_t i, unsigned kinds)
{
	struct group *g = NULL;
	long s;
	char *area = area_of(c, c->plan.v[i].path, &s);
	size_t k;

	for (k = 0; k < c->ng; k++)
		if (!strcmp(c->g[k].area, area) && c->g[k].kinds == kinds)
			g = &c->g[k];
	if (!g) {
		ALLOC_GROW(c->g, c->ng + 1, c->ag);
		g = &c->g[c->ng++];
		memset(g, 0, sizeof(*g));
		g->area = area;
		g->section = s;
		g->kinds = kinds;
	} else {
		free(area);
	}
	ALLOC_GROW(g->edits, g->nr + 1, g->alloc);
	g->edits[g->nr++] = i;
}

const char *series_kinds_name(unsigned kinds)
{
	static char name[64];
	int k;

	name[0] = '\0';
	for (k = 0; k < PG__COUNT; k++) {
		if (!(kinds & (1u << k)))
			continue;
		if (name[0])
			strcat(name, "+");
		strcat(name, plan_group_name((enum plan_group)k));
	}
	return name;
}

size_t series_group_count(const struct series *c, const struct group *g,
			  enum plan_group k)
{
	size_t i, n = 0;

	for (i = 0; i < g->nr; i++)
		n += plan_group(&c->plan.v[g->edits[i]]) == k;
	return n;
}

/*
 * Group the edits whose bytes at the base are what scan saw, but for
 * lines that stay or would lose their shape (plan_fit(), file by file).
 */
void series_group_edits(struct series *c)
{
	struct plan *p = &c->plan;
	struct keep_tree kt;
	size_t i, j, k;
	unsigned kinds;
	unsigned char *held;

	held = xcalloc(p->nr ? p->nr : 1, 1);
	keep_tree_init(&kt, c->root, c->o->cfg);
	for (i = 0; i < p->nr; i = j) {
		struct strbuf *b = series_blob(c, p->v[i].path);

		for (j = i; j < p->nr && !strcmp(p->v[j].path, p->v[i].path); j++)
			;
		/*
		 * Judged against the base as it is: a fix not committed is
		 * proposed, a committed one is there (plan_fit()'s applied).
		 */
		if (b)
			plan_fit(p, i, j, b->buf, b->len, &kt, &c->kept);
		kinds = 0;
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
			/* What was refused, applied or sent is owed no more. */
			if (e->kept == KEEP_NONE &&
			    e->judged.left == LEFT_NONE &&
			    !(held[k] = (unsigned char)series_fate_hold(c, k)))
				kinds |= 1u << plan_group(e);
		}
		/* The file's edits to make, all in the one group. */
		for (k = i; kinds && k < j; k++) {
			struct planned *e = &p->v[k];

			if (b && !e->applied && !e->changed && !held[k] &&
			    e->kept == KEEP_NONE && e->judged.left == LEFT_NONE)
				group_add(c, k, kinds);
		}
	}
	free(held);
	keep_tree_release(&kt);
}

/* Groups of Orphan or Obsolete sections: nobody takes them; counted. */
void series_drop_unkept(struct series *c)
{
	size_t k, n = 0;

	for (k = 0; k < c->ng; k++) {
		struct group *g = &c->g[k];

		if (g->section >= 0 && maintainers_unkept(&c->m.v[g->section])) {
			c->unkept++;
			if (c->unkept_names.len)
				strbuf_addstr(&c->unkept_names, ", ");
			strbuf_addf(&c->unkept_names, "%s (%s)", g->area,
				    series_kinds_name(g->kinds));
			free(g->area);
			free(g->edits);
			continue;
		}
		c->g[n++] = *g;
	}
	c->ng = n;
}

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

/*
 * The tree that applies a group: the first T: of the most specific
 * section of its first file that has one, named by its last two path
 * components ("netdev-net-next"); its tag from [tree "NAME"] tag, else
 * net-next for netdev's trees (a link update is no fix for net).
 */
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
	v = settings_text_sub(c->o->cfg, SETTING_TREE_TAG, g->tree);
	if (v)
		g->tag = *v ? xstrdup(v) : NULL;
	else if (netdev)
		g->tag = xstrdup("net-next");
	else if ((v = next_repo(t)))
		g->tag = xstrdup(v);
	series_one_line(g->tag);
}

/*
 * The series to write: each tree's groups in parts of at most max.  One
 * series with no tree goes straight into the directory; otherwise each
 * has a directory named after its tree (and its part, when there are
 * several), and the index lists them.
 */
struct unit *series_plan_units(struct series *c, size_t *nunits)
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
			u[nu].cover_id = NULL;
			u[nu].tag = NULL;
			u[nu].in_reply_to = NULL;
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
size_t series_plan_waves(struct series *c, const struct unit *u, size_t nu,
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
 * The length of path's top-level part ("lib" of lib/x.c), 0 where it
 * names no area of its own: a top-level file, or Documentation/ and
 * include/, which an area's own change touches too (a driver's .rst and
 * header go in its patch).  In a tree of MAINTAINERS sections (the
 * kernel's layout), under drivers/ and sound/ each folder is a subsystem
 * of its own ("drivers/char" and "drivers/misc": "char: lp: " and
 * "misc: echo: " share no part, and "char: " fits one of them), and so
 * is an architecture's device trees ("ARM: dts: " and "powerpc: dts: "
 * share "arch" alone; EFI's files under arch/ia64 and arch/x86 stay one
 * patch, "efi: ").
 */
static size_t top_len(const struct series *c, const char *path)
{
	size_t n = strcspn(path, "/");

	if (!path[n] || !strncmp(path, "Documentation/", 14) ||
	    !strncmp(path, "include/", 8))
		return 0;
	if (c->have_m &&
	    (!strncmp(path, "drivers/", 8) || !strncmp(path, "sound/", 6) ||
	     (!strncmp(path, "arch/", 5) && strstr(path, "/boot/dts/"))) &&
	    strchr(path + n + 1, '/'))
		n += 1 + strcspn(path + n + 1, "/");
	return n;
}

/* The first part of a prefix ("net: " of "net: phy: "), its length. */
static size_t first_part(const char *prefix)
{
	const char *colon = strstr(prefix, ": ");

	return colon ? (size_t)(colon - prefix) + 2 : strlen(prefix);
}

/*
 * A catch-all: a group whose files are under more than one top-level
 * folder (Documentation/ and include/ aside; a subsystem's folder under
 * drivers/ and sound/) with no prefix part in common (lib/, init/ and
 * tools/ under "edd: "; drivers/bus/ and drivers/firmware/ under
 * "drivers: ").  It is cut by the
 * first part of its files' prefixes, each patch one whose prefix fits
 * every file of it.
 */
/*
 * 1 when path stays in the voice of s0, the style of its group's first
 * file in an area: no area of its own, or s0's first part.
 */
static int in_voice(struct series *c, const char *path, const void *s0)
{
	const char *p0 = ((const struct subject_style *)s0)->prefix;
	const struct subject_style *s = series_file_style(c, path);
	size_t l0 = first_part(p0);

	return !top_len(c, path) ||
	       (first_part(s->prefix) == l0 && !strncmp(s->prefix, p0, l0));
}

static void split_by_voice(struct series *c)
{
	size_t k, ng = c->ng;

	for (k = 0; k < ng; k++) {
		struct group *g = &c->g[k];
		const struct subject_style *s0 = NULL;
		const char *p0 = NULL;
		size_t i, l0 = 1;
		int tops = 0, parts = 0;

		/*
		 * The first file of an area is the one whose part stays;
		 * documents and headers stay with it (an area's own change
		 * touches them: Documentation/sound/ beside sound/).
		 */
		for (i = 0; i < g->nr && !s0; i++)
			if (top_len(c, c->plan.v[g->edits[i]].path))
				s0 = series_file_style(c,
					c->plan.v[g->edits[i]].path);
		if (s0)
			l0 = first_part(s0->prefix);
		for (i = 0; i < g->nr && l0 && s0; i++) {
			const char *p = c->plan.v[g->edits[i]].path;
			const struct subject_style *s = series_file_style(c, p);

			/* A file with no prefix shares none: the patch none. */
			if (!*s->prefix)
				l0 = 0;
			if (!top_len(c, p))
				continue;
			if (!p0)
				p0 = p;
			else if (top_len(c, p) != top_len(c, p0) ||
				 strncmp(p, p0, top_len(c, p0)))
				tops = 1;
			if (first_part(s->prefix) != l0 ||
			    strncmp(s->prefix, s0->prefix, l0))
				parts = 1;
		}
		if (!tops || !parts || !l0)
			continue;
		/* The first file's part stays; the others go, cut in turn. */
		group_split(c, k, in_voice, s0);
		ng++;
	}
}

void series_arrange(struct series *c)
{
	size_t k;

	split_by_voice(c);
	split_platforms(c);
	split_documents(c);
	split_groups(c);
	for (k = 0; k < c->ng; k++)
		tree_of(c, &c->g[k]);
	qsort(c->g, c->ng, sizeof(*c->g), cmp_group);
}
