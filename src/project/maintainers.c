// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "../lib/strbuf.h"
#include "../lib/xalloc.h"
#include "maintainers.h"

static void add_str(char ***v, size_t *n, size_t *alloc, const char *s)
{
	ALLOC_GROW(*v, *n + 1, *alloc);
	(*v)[(*n)++] = xstrdup(s);
}

int maintainers_load(const char *root, struct maintainers *m)
{
	struct strbuf sb = STRBUF_INIT;
	char *path = xstrfmt("%s/MAINTAINERS", root);

	memset(m, 0, sizeof(*m));
	if (access(path, R_OK) || strbuf_read_file(&sb, path)) {
		free(path);
		strbuf_release(&sb);
		return -1;
	}
	free(path);
	maintainers_parse(sb.buf, root, m);
	strbuf_release(&sb);
	return 0;
}

/*
 * N: and K: are Perl regular expressions that get_maintainer.pl applies
 * with m/.../x: PCRE2 reads them as Perl does.  A hostile pattern gets
 * bounded work and memory per match, and a match that hits the bound is
 * no match.
 */
static void *perl_compile(const char *v)
{
	PCRE2_SIZE off;
	int err;

	return pcre2_compile((PCRE2_SPTR)v, PCRE2_ZERO_TERMINATED,
			     PCRE2_EXTENDED, &err, &off, NULL);
}

int maintainers_regex_match(void *re, const char *s, size_t len)
{
	pcre2_match_context *mc;
	pcre2_match_data *md;
	int rc;

	if (!re)
		return 0;
	mc = pcre2_match_context_create(NULL);
	md = pcre2_match_data_create(1, NULL);
	if (!mc || !md) {
		pcre2_match_context_free(mc);
		pcre2_match_data_free(md);
		return 0;
	}
	pcre2_set_match_limit(mc, 1000000);
	pcre2_set_heap_limit(mc, 16384);	/* KiB */
	rc = pcre2_match(re, (PCRE2_SPTR)s, len, 0, 0, md, mc);
	pcre2_match_data_free(md);
	pcre2_match_context_free(mc);
	return rc >= 0;
}

/* A "section" of prose (a preamble's line) with no entry is none. */
static void drop_if_empty(struct maintainers *m)
{
	struct maint_section *s = m->nr ? &m->v[m->nr - 1] : NULL;
	size_t k;

	/* W:, B: or Q: alone make no section, as before they were kept. */
	if (s && !s->nto && !s->ncc && !s->npat && !s->ntrees && !s->status) {
		free(s->name);
		for (k = 0; k < s->nlinks; k++)
			free(s->links[k]);
		free(s->links);
		free(s->link_kind);
		m->nr--;
	}
}

void maintainers_parse(char *text, const char *root, struct maintainers *m)
{
	struct maint_section *cur = NULL;
	char *line, *next;

	memset(m, 0, sizeof(*m));
	for (line = text; line && *line; line = next) {
		char *v;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		/*
		 * Every "X:" line of a section counts, whatever comes before
		 * the first, as get_maintainer.pl reads the file: a preamble's
		 * lines (the kernel's up to "Maintainers List", indented or
		 * prose) make sections that match no file.
		 */
		if (!*line) {
			cur = NULL;
			continue;
		}
		if (line[1] == ':' && (line[2] == '\t' || line[2] == ' ') && cur) {
			v = line + 3;
			while (*v == ' ' || *v == '\t')
				v++;
			switch (line[0]) {
			case 'M':
				add_str(&cur->to, &cur->nto, &cur->ato, v);
				break;
			case 'R':
			case 'L':
				add_str(&cur->cc, &cur->ncc, &cur->acc, v);
				cur->cc_kind = xrealloc(cur->cc_kind, cur->ncc);
				cur->cc_kind[cur->ncc - 1] = line[0];
				break;
			case 'S':
				if (!cur->status)
					cur->status = xstrdup(v);
				break;
			case 'T':
				add_str(&cur->trees, &cur->ntrees,
					&cur->atrees, v);
				break;
			case 'W':
			case 'B':
			case 'Q':
				add_str(&cur->links, &cur->nlinks,
					&cur->alinks, v);
				cur->link_kind = xrealloc(cur->link_kind,
							  cur->nlinks);
				cur->link_kind[cur->nlinks - 1] = line[0];
				break;
			case 'F':
			case 'X':
			case 'K':
			case 'N': {
				struct maint_pattern *p;
				struct stat st;
				char *full;

				ALLOC_GROW(cur->pat, cur->npat + 1, cur->apat);
				p = &cur->pat[cur->npat++];
				memset(p, 0, sizeof(*p));
				p->type = line[0];
				if (p->type == 'N' || p->type == 'K') {
					p->value = xstrdup(v);
					p->re = perl_compile(v);
					break;
				}
				/* As get_maintainer.pl: a directory gets its '/'. */
				full = root ? xstrfmt("%s/%s", root, v) : NULL;
				if (full && *v && v[strlen(v) - 1] != '/' &&
				    !strpbrk(v, "*?") && !stat(full, &st) &&
				    S_ISDIR(st.st_mode))
					p->value = xstrfmt("%s/", v);
				else
					p->value = xstrdup(v);
				free(full);
				break;
			}
			default:
				break;
			}
			continue;
		}
		if (line[0] == ' ' || line[0] == '\t')
			continue;
		drop_if_empty(m);
		ALLOC_GROW(m->v, m->nr + 1, m->alloc);
		cur = &m->v[m->nr++];
		memset(cur, 0, sizeof(*cur));
		cur->name = xstrdup(line);
	}
	drop_if_empty(m);
}

void maintainers_release(struct maintainers *m)
{
	size_t i, k;

	for (i = 0; i < m->nr; i++) {
		struct maint_section *s = &m->v[i];

		free(s->name);
		for (k = 0; k < s->nto; k++)
			free(s->to[k]);
		for (k = 0; k < s->ncc; k++)
			free(s->cc[k]);
		for (k = 0; k < s->npat; k++) {
			free(s->pat[k].value);
			pcre2_code_free(s->pat[k].re);
		}
		for (k = 0; k < s->ntrees; k++)
			free(s->trees[k]);
		free(s->trees);
		for (k = 0; k < s->nlinks; k++)
			free(s->links[k]);
		free(s->links);
		free(s->link_kind);
		free(s->status);
		free(s->to);
		free(s->cc);
		free(s->cc_kind);
		free(s->pat);
	}
	free(m->v);
	memset(m, 0, sizeof(*m));
}

/*
 * Where a bracket class at g ("[ch]", "[0-9]", "[^x]", a regex's to
 * get_maintainer.pl) ends, after its ']'; NULL where none closes it
 * within 32 characters (the '[' is then a character of its own).
 */
static const char *class_end(const char *g)
{
	const char *p = g + 1, *stop;

	p += *p == '^';
	if (*p == ']')
		p++;
	/* A class is short: a long search would make matching quadratic. */
	for (stop = p + 32; *p && *p != ']' && p < stop; p++)
		;
	return *p == ']' ? p + 1 : NULL;
}

/* 1 when the class from g to end (class_end()) holds c. */
static int class_holds(const char *g, const char *end, char c)
{
	const char *p = g + 1, *last = end - 1;
	int neg = *p == '^', hit = 0;

	for (p += neg; p < last; p++) {
		if (p + 2 < last && p[1] == '-') {
			hit |= c >= p[0] && c <= p[2];
			p += 2;
		} else {
			hit |= c == *p;
		}
	}
	return hit != neg;
}

/*
 * get_maintainer.pl's regex ^pattern with * as .*, ? as . and a bracket
 * class as itself ("mac80211_hwsim.[ch]"): a match of the pattern
 * followed by a free '*'.  Matched with one backtrack point (the last
 * star), in O(pattern x path): a hostile MAINTAINERS full of stars
 * cannot make it exponential (fuzz-maintainers found one that did).
 */
static int glob_prefix(const char *g, const char *s)
{
	const char *star = NULL, *from = NULL, *end;

	for (;;) {
		if (!*g)
			return 1;	/* the rest of the path is free */
		if (*g == '*') {
			while (*g == '*')
				g++;
			if (!*g)
				return 1;
			star = g;
			from = s;
			continue;
		}
		if (*g == '[' && (end = class_end(g))) {
			if (*s && class_holds(g, end, *s)) {
				g = end;
				s++;
				continue;
			}
		} else if (*s && (*g == '?' || *g == *s)) {
			g++;
			s++;
			continue;
		}
		if (!star || !*from)
			return 0;
		g = star;
		s = ++from;
	}
}

static size_t slashes(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == '/';
	return n;
}

int maintainers_file_match(const char *file, const char *pattern)
{
	size_t l;

	/*
	 * The glob first: most patterns differ from the path in their
	 * first bytes, and a section lookup tries every pattern of the
	 * file (twenty thousand on a kernel) for each path.
	 */
	if (!*pattern || !glob_prefix(pattern, file))
		return 0;
	l = strlen(pattern);
	if (pattern[l - 1] == '/')
		return 1;
	/* Not a directory: the pattern matches at the same depth only. */
	return slashes(file) == slashes(pattern);
}

static size_t wildcards(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == '*' || *s == '?';
	return n;
}

/* The depth get_maintainer.pl gives section s for path, -2 for no match. */
static long section_depth(const struct maint_section *s, const char *path,
			  const char **last)
{
	long d = -2;
	size_t k;

	*last = NULL;
	for (k = 0; k < s->npat; k++)
		if (s->pat[k].type == 'X' && maintainers_file_match(path, s->pat[k].value))
			return -2;
	for (k = 0; k < s->npat; k++) {
		const struct maint_pattern *p = &s->pat[k];

		/*
		 * As get_maintainer.pl does, the section ranks by the last
		 * of its patterns that matches, not the deepest.
		 */
		if (p->type == 'F' && maintainers_file_match(path, p->value)) {
			size_t l = strlen(p->value);

			d = (long)slashes(p->value) + (p->value[l - 1] != '/');
			if (p->value[0] == '*')
				d = -1;
			*last = p->value;
		} else if (p->type == 'N' &&
			   maintainers_regex_match(p->re, path, strlen(path))) {
			d = 0;
			*last = NULL;
		}
	}
	return d;
}

long maintainers_section(const struct maintainers *m, const char *path)
{
	long best = -1, depth = -2;
	size_t i, best_wild = 0, best_len = 0;

	for (i = 0; i < m->nr; i++) {
		const char *last;
		long d = section_depth(&m->v[i], path, &last);

		if (d < -1)
			continue;
		/*
		 * get_maintainer.pl orders equal depths by Perl's hash order,
		 * which changes from run to run; take the more literal
		 * pattern (fewer wildcards, then longer), then the later
		 * section.
		 */
		if (d > depth || (d == depth && last &&
				  (wildcards(last) < best_wild ||
				   (wildcards(last) == best_wild &&
				    strlen(last) >= best_len)))) {
			depth = d;
			best = (long)i;
			best_wild = last ? wildcards(last) : 99;
			best_len = last ? strlen(last) : 0;
		}
	}
	return best;
}

const char *maintainers_owner(const struct maintainers *m, const char *path)
{
	long k = maintainers_section(m, path);

	return k >= 0 ? m->v[k].name : NULL;
}

size_t maintainers_ties(const struct maintainers *m, const char *path,
			long *out, size_t max)
{
	long depth = -2;
	size_t i, n = 0;

	for (i = 0; i < m->nr; i++) {
		const char *last;
		long d = section_depth(&m->v[i], path, &last);

		if (d < -1 || d < depth)
			continue;
		if (d > depth) {
			depth = d;
			n = 0;
		}
		if (n < max)
			out[n++] = (long)i;
	}
	return n;
}

struct ranked {
	long index, depth;
	size_t wild, len;
};

/* Deeper first; of equal depths, the one maintainers_section() takes. */
static int cmp_ranked(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;

	if (x->depth != y->depth)
		return x->depth > y->depth ? -1 : 1;
	if (x->wild != y->wild)
		return x->wild < y->wild ? -1 : 1;
	if (x->len != y->len)
		return x->len > y->len ? -1 : 1;
	return x->index > y->index ? -1 : 1;
}

size_t maintainers_matches(const struct maintainers *m, const char *path,
			   long *out, size_t max)
{
	struct ranked *r = xcalloc(m->nr ? m->nr : 1, sizeof(*r));
	size_t i, n = 0;

	for (i = 0; i < m->nr; i++) {
		const char *last;
		long d = section_depth(&m->v[i], path, &last);

		if (d < -1)
			continue;
		r[n].index = (long)i;
		r[n].depth = d;
		r[n].wild = last ? wildcards(last) : 99;
		r[n].len = last ? strlen(last) : 0;
		n++;
	}
	qsort(r, n, sizeof(*r), cmp_ranked);
	for (i = 0; i < n && i < max; i++)
		out[i] = r[i].index;
	free(r);
	return i;
}

int maintainers_unkept(const struct maint_section *s)
{
	return s->status && (strcasestr(s->status, "orphan") ||
			     strcasestr(s->status, "obsolete"));
}

int maintainers_keyword(const struct maint_section *s, const char *patch)
{
	const char *line = patch, *next;
	int in_diff = 0, hit = 0;
	size_t k;

	for (k = 0; k < s->npat && !hit; k++) {
		const struct maint_pattern *p = &s->pat[k];

		if (p->type != 'K' || !p->re)
			continue;
		in_diff = 0;
		for (line = patch; *line && !hit; line = next) {
			size_t skip;

			next = strchr(line, '\n');
			next = next ? next + 1 : line + strlen(line);
			/* line[3] and [4] stop at the line's '\n' */
			if ((!strncmp(line, "+++", 3) ||
			     !strncmp(line, "---", 3)) &&
			    line[3] && strchr(" \t", line[3]) && line[4] &&
			    !isspace((unsigned char)line[4])) {
				in_diff = 1;
			} else if (strncmp(line, "diff --git a/", 13) &&
				   (!in_diff || *line == '+' || *line == '-')) {
				skip = in_diff ? 1 : 0;
				hit = maintainers_regex_match(p->re,
					line + skip,
					(size_t)(next - line) - skip);
			}
		}
	}
	return hit;
}
