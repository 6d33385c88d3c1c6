// SPDX-License-Identifier: GPL-2.0-or-later
/* Each group's subject: its prefix and summary (series.h). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../lib/config.h"
#include "../lib/settings.h"
#include "../lib/path.h"
#include "../lib/strbuf.h"
#include "../lib/strmap.h"
#include "../lib/xalloc.h"
#include "../project/maintainers.h"
#include "series.h"
#include "write.h"

/*
 * A subject's parts come from the tree (its history's prefixes, its
 * MAINTAINERS, its file names), which may hold a CR or another control
 * character: in a Subject: line one starts a header of the tree's
 * choosing.  Each such byte is shown as '?'.
 */
void series_one_line(char *s)
{
	for (; s && *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			*s = '?';
}

/* "[PATCH net-next 0/3]": the tree's tag in every subject. */
char *series_subject_tag(const struct group *g)
{
	return g->tag ? xstrfmt("PATCH %s", g->tag) : xstrdup("PATCH");
}

/* 1 when s[0..n) has a letter or a digit: words, not comment marks. */
static int has_words(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (isalnum((unsigned char)s[i]))
			return 1;
	return 0;
}

/*
 * "datasheet" when the words before every link of the group on its line
 * say so ("Datasheet: http://...", "Data sheet:"), or, where a link
 * stands alone on its line, the line above it does (" * Data Sheet:\n
 *   https://..." of hid-ft260.c), as hwmon's subjects name them; else
 * NULL.
 * Only what the lines say: a link is never guessed to be a datasheet.
 */
static const char *noun_of(struct series *c, struct group *g)
{
	size_t i;

	for (i = 0; i < g->nr; i++) {
		const struct planned *e = &c->plan.v[g->edits[i]];
		struct strbuf *b = series_blob(c, e->path);
		const char *s;
		char *line;
		int hit;

		if (!b || e->start >= b->len)
			return NULL;
		s = line_start(b->buf, b->buf + e->start);
		/* The words before the URL: the URL's own name says nothing. */
		if (!has_words(s, (size_t)(b->buf + e->start - s)) &&
		    s > b->buf)
			s = line_start(b->buf, s - 1);
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
 * The two or three folders (or files) right below the first len bytes
 * of the group's paths (a folder with its '/') that its files are in:
 * "ia64 and x86" for arch/ia64/ and arch/x86/; NULL where there are
 * more or fewer.
 */
static char *below(struct series *c, const struct group *g, size_t len)
{
	const char *name[3];
	size_t nl[3], n = 0, i, k;

	for (i = 0; i < g->nr; i++) {
		const char *p = c->plan.v[g->edits[i]].path + len;
		size_t l = strcspn(p, "/");

		for (k = 0; k < n; k++)
			if (nl[k] == l && !strncmp(name[k], p, l))
				break;
		if (k < n)
			continue;
		if (n == 3)
			return NULL;
		name[n] = p;
		nl[n++] = l;
	}
	if (n == 2)
		return xstrfmt("%.*s and %.*s", (int)nl[0], name[0],
			       (int)nl[1], name[1]);
	if (n == 3)
		return xstrfmt("%.*s, %.*s and %.*s", (int)nl[0], name[0],
			       (int)nl[1], name[1], (int)nl[2], name[2]);
	return NULL;
}

/*
 * The group's files by name: "xen.txt and writing-schema.rst" for two
 * (both), else the first "and N more".
 */
static char *files_named(struct series *c, const struct group *g, int both)
{
	const char *first = c->plan.v[g->edits[0]].path;
	const char *slash = strrchr(first, '/');
	size_t i, files = files_of(c, g);

	for (i = 1; both && files == 2 && i < g->nr; i++) {
		const char *p = c->plan.v[g->edits[i]].path;
		const char *ps = strrchr(p, '/');

		if (strcmp(p, first))
			return xstrfmt("%s and %s", slash ? slash + 1 : first,
				       ps ? ps + 1 : p);
	}
	if (files < 2)
		return xstrdup(slash ? slash + 1 : first);
	return xstrfmt("%s and %zu more", slash ? slash + 1 : first, files - 1);
}

/*
 * A file's name that says nothing without its folder: 1 for "index.rst"
 * or "core.c", 2 for a folder's build files, which name it where the
 * prefix does ("drbd: ... in Kconfig", but "sh: ... in boards/Kconfig").
 */
static int generic_name(const char *base)
{
	static const char *const names[] = {
		"index", "core", "main", "common", "intro", "overview", NULL,
	};
	size_t i, l = strcspn(base, ".");

	if (!strcmp(base, "Kconfig") || !strcmp(base, "Makefile"))
		return 2;
	for (i = 0; names[i]; i++)
		if (strlen(names[i]) == l && !strncasecmp(base, names[i], l))
			return 1;
	return 0;
}

/* A folder's name that says nothing without its parent's. */
static int generic_dir(const char *name)
{
	static const char *const names[] = {
		"include", "io", "src", "lib", "doc", "docs", "common", "core",
		"util", "utils", NULL,
	};
	size_t i;

	for (i = 0; names[i]; i++)
		if (!strcmp(name, names[i]))
			return 1;
	return 0;
}

/*
 * What a group's summary names: the one file it touches, else the
 * directory its files share (where that is a top-level one, "arch" or
 * "Documentation", which says nothing, the two or three below it they
 * are in: "ia64 and x86"); wider (the whole path, then the first file
 * "and N more") where another group's subject would read the same.
 * Never a MAINTAINERS title: a subject names the code it changes.
 */
static char *what_of(struct series *c, struct group *g, int level)
{
	const char *first = c->plan.v[g->edits[0]].path, *slash;
	size_t i, common = strlen(first);

	for (i = 1; i < g->nr; i++) {
		const char *p = c->plan.v[g->edits[i]].path;
		size_t k = 0;

		while (k < common && p[k] == first[k])
			k++;
		common = k;
	}
	slash = strrchr(first, '/');
	if (common == strlen(first)) {		/* one file */
		if (level == 0 && slash && !generic_name(slash + 1))
			return xstrdup(slash + 1);
		/* "libbpf/index.rst", not "index.rst" of any folder. */
		if (level == 0 && slash) {
			const char *d = slash;
			char *dir;
			int said;

			while (d > first && d[-1] != '/')
				d--;
			dir = xstrndup(d, (size_t)(slash - d));
			/* "nvme: host: " says host/ already. */
			said = subject_repeats(g->style.prefix, dir) ||
			       subject_place_is_home(first, g->style.prefix,
						     dir);
			free(dir);
			if (said)
				/* "usb: typec: tipd: " says tipd/core.c. */
				return generic_name(slash + 1) == 2 ?
				       xstrdup(slash + 1) : NULL;
			if (d > first)
				return xstrdup(d);
		}
		return xstrdup(first);
	}
	while (common && first[common - 1] != '/')
		common--;
	if (common <= 1 && level == 0)
		return NULL;	/* files far apart: no place named */
	if (level == 0 && !memchr(first, '/', common - 1)) {
		char *b = below(c, g, common);

		if (b)
			return b;
	}
	if (common > 1 && level <= 1) {
		char *d = xstrndup(first, common - 1);
		const char *base = strrchr(d, '/');

		if (level == 0 && base) {
			const char *up = base;
			char *b;

			/*
			 * A folder whose name says nothing alone ("include" of
			 * selftests/futex/include/, "io" of xen's
			 * interface/io/): with its parent, or none where the
			 * prefix says that ("selftests/futex: ").
			 */
			if (generic_dir(base + 1)) {
				while (up > d && up[-1] != '/')
					up--;
				b = xstrndup(up, (size_t)(base - up));
				if (subject_repeats(g->style.prefix, b)) {
					free(b);
					free(d);
					return NULL;
				}
				free(b);
				b = xstrdup(up > d ? up : base + 1);
			} else {
				b = xstrdup(base + 1);
			}
			free(d);
			return b;
		}
		return d;
	}
	return files_named(c, g, 1);
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
	int both;

	if (what && (subject_repeats(g->style.prefix, what) ||
		     subject_place_is_home(c->plan.v[g->edits[0]].path,
					   g->style.prefix, what))) {
		free(what);
		what = level ? what_of(c, g, 1) : NULL;
		if (what && subject_repeats(g->style.prefix, what)) {
			free(what);
			what = NULL;
		}
	}
	s = subject_summary_kinds(g->kinds, g->nr, noun_of(c, g), what,
				  g->style.capital, room);
	/* Too long a place: the files' names, the first's, then none. */
	for (both = 1; !s && what && level && both >= 0; both--) {
		char *alt = files_named(c, g, both);

		s = subject_summary_kinds(g->kinds, g->nr, noun_of(c, g),
					  alt, g->style.capital, room);
		free(alt);
	}
	if (!s)
		s = subject_summary_kinds(g->kinds, g->nr, noun_of(c, g),
					  NULL, g->style.capital, room);
	free(what);
	return s;
}

/* How many of the base's files the F: pattern pat covers. */
static size_t files_covered(struct series *c, const char *pat)
{
	size_t lit = strcspn(pat, "*?"), lo = 0, hi, n = 0;

	series_base_list(c);
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

/*
 * A grab-bag of files: its folder's prefix (subject_style_folder()),
 * where their history has one only when the project has written it
 * (curl's "lib: "); else none, what they share (never "src: ", a
 * folder's name the project never wrote, nor the first file's prefix
 * where they share no folder at all).
 */
static void prefix_of_mixed(struct series *c, struct group *g,
			    const char *const *paths, size_t n)
{
	struct subject_style st = { 0 };
	size_t i;

	if (!subject_style_folder(&g->style, paths, n, &st)) {
		/* No folder in common either (README.md and drivers/): none. */
		for (i = 1; g->style.mixed && i < n; i++)
			if (!strchr(paths[i], '/') || !strchr(paths[0], '/') ||
			    strcspn(paths[i], "/") != strcspn(paths[0], "/") ||
			    strncmp(paths[i], paths[0], strcspn(paths[0], "/")))
				break;
		if (g->style.mixed && i < n) {
			free(g->style.prefix);
			g->style.prefix = xstrdup("");
			g->style.firm = 0;
			/* A sentence's capital: no prefix's habit is lower. */
			g->style.capital = 1;
		}
		return;
	}
	if (g->style.history &&
	    !subject_prefix_used(c->root, c->base, st.prefix)) {
		subject_style_release(&st);
		st.prefix = xstrdup("");
		/* A sentence's capital: no prefix's habit is lower case. */
		st.capital = 1;
	}
	st.history = g->style.history;
	subject_style_release(&g->style);
	g->style = st;
}

/* Documents' names that name no driver. */
static const char *const doc_words[] = {
	"index", "intro", "introduction", "overview", "readme", "faq",
	"howto", "usage", "design", "api", "core", "todo", "changes", NULL,
};

/*
 * path (under dir, a pattern's literal part) has a folder named name, or
 * is a file of that stem: the folder's path (with its '/') or the file's,
 * to free; else NULL.
 */
static char *named_part(const char *path, const char *dir, const char *name)
{
	const char *p = path + strlen(dir);
	size_t l = strlen(name);

	while (*p) {
		size_t k = strcspn(p, "/");

		if (k >= l && !strncmp(p, name, l) &&
		    (k == l || (p[k] != '/' && p[l] == '.')))
			return xstrndup(path, (size_t)(p - path) + k +
					(p[k] == '/'));
		p += k;
		p += *p == '/';
	}
	return NULL;
}

/*
 * A document named after a driver of its section (omap3isp.rst of MEDIA
 * INPUT INFRASTRUCTURE, whose drivers/media/ holds omap3isp/): the
 * driver's prefix ("media: omap3isp: "), as a driver's own document
 * takes it.  1 with *out set.
 */
static int prefix_of_document(struct series *c, const struct group *g,
			      const struct maint_section *sec,
			      struct subject_style *out)
{
	const char *path = c->plan.v[g->edits[0]].path, *b;
	char *name, *found = NULL;
	size_t i, j, k, lo, hi, *order, *w;

	for (i = 1; i < g->nr; i++)
		if (strcmp(c->plan.v[g->edits[i]].path, path))
			return 0;
	if (strncmp(path, "Documentation/", 14) ||
	    !strncmp(path, "Documentation/devicetree/", 25))
		return 0;
	b = strrchr(path, '/') + 1;
	name = xstrndup(b, strcspn(b, "."));
	for (i = 0; doc_words[i] && strcasecmp(name, doc_words[i]); i++)
		;
	if (strlen(name) < 4 || doc_words[i]) {
		free(name);
		return 0;
	}
	series_base_list(c);
	/* The section's home first: its pattern of the most files. */
	order = xcalloc(sec->npat + 1, sizeof(*order));
	w = xcalloc(sec->npat + 1, sizeof(*w));
	for (i = 0; i < sec->npat; i++) {
		w[i] = sec->pat[i].type == 'F' ?
		       files_covered(c, sec->pat[i].value) : 0;
		for (k = i; k > 0 && w[order[k - 1]] < w[i]; k--)
			order[k] = order[k - 1];
		order[k] = i;
	}
	for (j = 0; j < sec->npat && !found; j++) {
		const char *pat = sec->pat[order[j]].value;
		size_t lit = strcspn(pat, "*?[");
		char *dir;

		i = order[j];
		/* A header names no driver ("x86/asm: " of kmsan.h). */
		if (sec->pat[i].type != 'F' || !lit ||
		    !strncmp(pat, "Documentation/", 14) ||
		    !strncmp(pat, "include/", 8) || strstr(pat, "/include/"))
			continue;
		dir = xstrndup(pat, lit);
		lo = 0;
		hi = c->nfiles;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (strcmp(c->files[mid], dir) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		/* Named from the pattern's folder: "drivers/md/" of dm*. */
		while (lit && dir[lit - 1] != '/')
			dir[--lit] = '\0';
		for (k = lo; k < c->nfiles && !found &&
		     !strncmp(c->files[k], dir, lit); k++)
			if (!strstr(c->files[k], "/include/") &&
			    maintainers_file_match(c->files[k], pat))
				found = named_part(c->files[k], dir, name);
		free(dir);
	}
	free(order);
	free(w);
	free(name);
	if (!found)
		return 0;
	memset(out, 0, sizeof(*out));
	subject_convention(found, out);
	free(found);
	if (!out->prefix)
		return 0;
	out->capital |= !!subject_capitalised(out->prefix);
	return 1;
}

/*
 * One document a section lists by its own path, where nothing else of
 * the section names it (vfs.rst of PAGE CACHE): "docs: vfs: ", its
 * name, as a person writes a patch to one document.
 */
static void document_named(struct series *c, struct group *g,
			    const char *const *f, size_t n)
{
	const char *path = c->plan.v[g->edits[0]].path, *b;
	size_t i;

	for (i = 1; i < g->nr; i++)
		if (strcmp(c->plan.v[g->edits[i]].path, path))
			return;
	for (i = 0; i < n && strcmp(f[i], path); i++)
		;
	if (i == n || strncmp(path, "Documentation/", 14))
		return;
	b = strrchr(path, '/') + 1;
	free(g->style.prefix);
	g->style.prefix = xstrfmt("docs: %.*s: ", (int)strcspn(b, "."), b);
}

/*
 * Code whose own prefix is one part its section's prefix does not say
 * (net/8021q/ of NETWORKING [GENERAL]: "8021q: " and "net: "): both,
 * the section's first, "net: 8021q: ", as a part of a subsystem is
 * named; a header's or a document's own says nothing to keep.
 */
static void section_and_own(struct series *c, struct group *g,
			    struct subject_style *st)
{
	const char *own = g->style.prefix;
	size_t i, ol = strcspn(own, ":");
	char *both;

	if (!ol || strcmp(own + ol, ": ") || strchr(own, ' ') != own + ol + 1 ||
	    g->style.mixed || strstr(st->prefix, ": ") !=
	    st->prefix + strlen(st->prefix) - 2)
		return;
	/* Each file's own (never a grab-bag's folder, "arch: "). */
	for (i = 0; i < g->nr; i++) {
		const char *p = c->plan.v[g->edits[i]].path;

		if (!strncmp(p, "Documentation/", 14) ||
		    !strncmp(p, "include/", 8) || strstr(p, "/include/") ||
		    strcmp(series_file_style(c, p)->prefix, own))
			return;
	}
	if (subject_repeats(st->prefix, own) ||
	    strlen(st->prefix) + ol + 2 > 30)
		return;
	both = xstrfmt("%s%.*s: ", st->prefix, (int)ol, own);
	free(st->prefix);
	st->prefix = both;
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
	const char **f, **l, *own;
	size_t i, n = 0, nl = 0, *w;

	/*
	 * Device trees say what they are, whoever keeps them; the whole
	 * tree's section (THE REST) says nothing ("docs: rest: ").
	 */
	if (!c->have_m || g->section < 0 || g->style.history ||
	    series_whole_tree(&c->m.v[g->section]) ||
	    g->style.firm ||
	    !strncmp(g->style.prefix, "dt-bindings: ", 13) ||
	    strstr(g->style.prefix, " dts: "))
		return;
	sec = &c->m.v[g->section];
	if (!strncmp(g->style.prefix, "docs: ", 6) &&
	    prefix_of_document(c, g, sec, &st)) {
		subject_style_release(&g->style);
		g->style = st;
		return;
	}
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
	/*
	 * A test's prefix says the patch is tests: beside the section's
	 * documents (selftests/cpufreq/ and Documentation/cpu-freq/), it
	 * names the section no better than "docs: " would, and the
	 * section's own prefix does ("cpufreq: ").
	 */
	own = g->style.prefix;
	if (!strncmp(own, "selftests", 9))
		for (i = 0; i < g->nr; i++)
			if (strncmp(c->plan.v[g->edits[i]].path,
				    "tools/testing/selftests/", 24))
				own = "";
	if (subject_section_style(own, sec->name, f, w, n, l, nl, &st)) {
		section_and_own(c, g, &st);
		subject_style_release(&g->style);
		g->style = st;
	} else if (!strcmp(own, "docs: ")) {
		document_named(c, g, f, n);
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
	while ((e = settings_next(c->o->cfg, SETTING_SUBJECT_PREFIX, &i))) {
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

const struct subject_style *series_file_style(struct series *c,
					      const char *path)
{
	static const struct subject_style none = { (char *)"", 0, 0, 0, 0 };
	const char **paths;
	struct subject_style *styles;
	size_t np = 0, i, k;

	if (!c->styled) {
		/* Every file of every group, in one git log. */
		paths = xcalloc(c->plan.nr + 1, sizeof(*paths));
		for (k = 0; k < c->ng; k++)
			for (i = 0; i < c->g[k].nr; i++) {
				const struct group *g = &c->g[k];
				const char *p = c->plan.v[g->edits[i]].path;
				void **slot = strmap_put(&c->styles, p);

				if (!*slot) {
					*slot = (void *)1;
					paths[np++] = p;
				}
			}
		styles = xcalloc(np + 1, sizeof(*styles));
		subject_styles(c->root, c->base, paths, np, styles);
		for (i = 0; i < np; i++) {
			struct subject_style *s = xmalloc(sizeof(*s));

			*s = styles[i];
			*strmap_put(&c->styles, paths[i]) = s;
		}
		free(styles);
		free(paths);
		c->styled = 1;
	}
	{
		const struct subject_style *s = strmap_get(&c->styles, path);

		return s && s != (void *)1 && s->prefix ? s : &none;
	}
}

static void styles_release(struct series *c)
{
	struct strmap_entry *e;

	strmap_for_each(&c->styles, e)
		if (e->value && e->value != (void *)1) {
			subject_style_release(e->value);
			free(e->value);
		}
	strmap_clear(&c->styles, NULL);
	c->styled = 0;
}

/*
 * One driver's file beside documents: the driver's part of the prefix
 * ("fbdev: macfb: ") only where every document is about it (macfb.c
 * beside intel810.rst is "fbdev: "; tmp513.c beside tmp513.rst keeps
 * "hwmon: (tmp513) ").
 */
static void prefix_beside_documents(struct group *g,
				    const char *const *paths, size_t n)
{
	const char *code = NULL, *pre = g->style.prefix, *last, *p, *b;
	size_t i, docs = 0, ll;

	for (i = 0; i < n; i++) {
		if (!strncmp(paths[i], "Documentation/", 14)) {
			docs++;
		} else if (code) {
			return;
		} else {
			code = paths[i];
		}
	}
	if (!code || !docs || g->style.history)
		return;
	/* The prefix's last part ("macfb" of "fbdev: macfb: "). */
	for (last = pre, p = pre; (p = strstr(p, ": ")) && p[2]; p += 2)
		last = p + 2;
	ll = strcspn(last, ":");
	for (i = 0; i < n; i++) {
		if (strncmp(paths[i], "Documentation/", 14))
			continue;
		b = strrchr(paths[i], '/') + 1;
		if (!series_names_alike(b, strcspn(b, "."), last, ll))
			break;
	}
	if (i == n)
		return;
	/*
	 * One part of two words, a target of the device mapper ("dm
	 * crypt: " beside verity.rst): its first word, "dm: ".
	 */
	if (last == pre) {
		size_t w = strcspn(pre, " :");

		if (pre[w] == ' ' && w < ll)
			strcpy(g->style.prefix + w, ": ");
		return;
	}
	g->style.prefix[last - pre] = '\0';
}

/*
 * One form of capitals after the prefixes of a series (never "docs:
 * Update" beside "docs: replace"): each tree's prefixed groups as most
 * of them write, the first one's on a tie.  A subject with no prefix
 * begins as the project begins those; a subsystem's fixed form
 * ("Bluetooth: Fix") keeps its own, as does a tip part's, whose
 * capital maintainer-tip.rst requires ("objtool: Replace").
 */
static void capitals_of_series(struct series *c)
{
	size_t k, end, i;

	for (k = 0; k < c->ng; k = end) {
		size_t caps = 0, n = 0, first = 0;

		/*
		 * The top-level tree's patches are each a series of its own
		 * (to the people of its own section): each keeps its own.
		 */
		for (end = k; end < c->ng && !strcmp(c->g[end].tree,
						     c->g[k].tree) &&
		     (end == k || !c->g[k].top); end++) {
			if (!*c->g[end].style.prefix || c->g[end].style.firm)
				continue;
			if (!n++)
				first = end;
			caps += c->g[end].style.capital;
		}
		for (i = k; i < end && n; i++)
			if (*c->g[i].style.prefix && !c->g[i].style.firm &&
			    subject_capitalised(c->g[i].style.prefix) != 2)
				c->g[i].style.capital = caps * 2 == n ?
					c->g[first].style.capital :
					caps * 2 > n;
	}
}

/* Subjects in each area's style, none the same as another. */
void series_name_groups(struct series *c)
{
	struct strmap seen = STRMAP_INIT;
	size_t k, round;
	int clash = 1;

	/* Every file of every group: a group's prefix is what its files share. */
	for (k = 0; k < c->ng; k++) {
		struct group *g = &c->g[k];
		const char **paths = xcalloc(g->nr + 1, sizeof(*paths));
		struct subject_style *v = xcalloc(g->nr + 1, sizeof(*v));
		size_t i, np = 0;

		for (i = 0; i < g->nr; i++) {
			const char *p = c->plan.v[g->edits[i]].path;

			if (!np || strcmp(paths[np - 1], p)) {
				/* A shallow copy: for reading only. */
				v[np] = *series_file_style(c, p);
				paths[np++] = p;
			}
		}
		subject_style_common(v, np, &g->style);
		prefix_beside_documents(g, paths, np);
		prefix_of_mixed(c, g, paths, np);
		prefix_from_section(c, g);
		prefix_from_config(c, g, paths, np);
		/* By paths alone: as the subsystem named writes. */
		if (!g->style.history && subject_capitalised(g->style.prefix))
			g->style.capital = 1;
		free(v);
		free(paths);
	}
	styles_release(c);
	capitals_of_series(c);
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
		series_one_line(c->g[k].style.prefix);
		series_one_line(c->g[k].summary);
	}
	strmap_clear(&seen, NULL);
}
