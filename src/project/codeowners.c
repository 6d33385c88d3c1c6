// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../lib/strbuf.h"
#include "../lib/usage.h"
#include "../lib/utf8.h"
#include "../lib/xalloc.h"
#include "codeowners.h"

/* GitHub's order (.github/, root, docs/), then GitLab's last place. */
const char *const codeowners_places[] = {
	".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS",
	".gitlab/CODEOWNERS", NULL
};

/* GitHub does not read a CODEOWNERS over 3 MB; neither do we. */
#define CODEOWNERS_MAX (3u << 20)
/* Bounds the work of a match (pattern length times path length). */
#define PATTERN_MAX 4096

enum tok_kind { T_LIT, T_ONE, T_STAR, T_DSTAR };

struct tok {
	unsigned char kind;
	unsigned char c;	/* T_LIT's byte */
	unsigned char skip;	/* "**" + '/' : may match no directory */
};

struct glob {
	struct tok *t;
	size_t m;
	int dir_only;		/* a trailing '/': a directory's */
	int own_files;		/* a last "*" of its own: no files below */
};

static void tok_add(struct glob *g, size_t *alloc, int kind, int c)
{
	ALLOC_GROW(g->t, g->m + 1, *alloc);
	g->t[g->m].kind = (unsigned char)kind;
	g->t[g->m].c = (unsigned char)c;
	g->t[g->m].skip = 0;
	g->m++;
}

/* "**" then '/', as one may-be-empty run of whole directories. */
static void add_dirs(struct glob *g, size_t *alloc)
{
	tok_add(g, alloc, T_DSTAR, 0);
	g->t[g->m - 1].skip = 1;
	tok_add(g, alloc, T_LIT, '/');
}

static int escaped_at(const char *p, size_t i)
{
	size_t n = 0;

	while (i > n && p[i - 1 - n] == '\\')
		n++;
	return n & 1;
}

/* -1 for a pattern that can match nothing we would look up. */
static int glob_compile(const char *pat, struct glob *g)
{
	size_t len = strlen(pat), i, alloc = 0;
	int anchored = 0;

	memset(g, 0, sizeof(*g));
	while (len && pat[len - 1] == '/' && !escaped_at(pat, len - 1)) {
		g->dir_only = 1;
		len--;
	}
	if (!len || len > PATTERN_MAX)
		return -1;
	for (i = 0; i < len; i++)
		if (pat[i] == '/' && !escaped_at(pat, i))
			anchored = 1;
	if (!g->dir_only && len >= 2 && pat[len - 1] == '*' &&
	    pat[len - 2] == '/' && !escaped_at(pat, len - 1))
		g->own_files = 1;
	i = 0;
	if (pat[0] == '/')
		i = 1;
	else if (!anchored)
		add_dirs(g, &alloc);
	while (i < len) {
		int at_start = !i || pat[i - 1] == '/';
		char c = pat[i];

		if (c == '*' && at_start && i + 1 < len && pat[i + 1] == '*' &&
		    (i + 2 == len || pat[i + 2] == '/')) {
			if (i + 2 == len) {
				tok_add(g, &alloc, T_DSTAR, 0);
				i += 2;
			} else {
				add_dirs(g, &alloc);
				i += 3;
			}
		} else if (c == '*') {
			tok_add(g, &alloc, T_STAR, 0);
			while (i < len && pat[i] == '*')
				i++;
		} else if (c == '?') {
			tok_add(g, &alloc, T_ONE, 0);
			i++;
		} else if (c == '\\' && i + 1 < len) {
			tok_add(g, &alloc, T_LIT, pat[i + 1]);
			i += 2;
		} else {
			tok_add(g, &alloc, T_LIT, c);
			i++;
		}
	}
	return 0;
}

/* Follow the moves that read nothing; they only go forward. */
static void closure(const struct glob *g, unsigned char *s)
{
	size_t i;

	for (i = 0; i < g->m; i++) {
		if (!s[i])
			continue;
		if (g->t[i].kind == T_STAR || g->t[i].kind == T_DSTAR)
			s[i + 1] = 1;
		if (g->t[i].skip)
			s[i + 2] = 1;
	}
}

/* s to t on byte c; 0 when no state is left. */
static int step(const struct glob *g, const unsigned char *s,
		unsigned char *t, unsigned char c)
{
	size_t i;
	int any = 0;

	memset(t, 0, g->m + 1);
	for (i = 0; i < g->m; i++) {
		if (!s[i])
			continue;
		switch (g->t[i].kind) {
		case T_LIT:
			if (c == g->t[i].c)
				t[i + 1] = any = 1;
			break;
		case T_ONE:
			if (c != '/')
				t[i + 1] = any = 1;
			break;
		case T_STAR:
			if (c != '/')
				t[i] = any = 1;
			break;
		case T_DSTAR:
			t[i] = any = 1;
			break;
		}
	}
	closure(g, t);
	return any;
}

/*
 * The states of the pattern run side by side over path (a Thompson
 * simulation): time in pattern length times path length, however many
 * stars, where backtracking could take exponential time.
 */
static int glob_match(const struct glob *g, const char *path)
{
	unsigned char *s = xcalloc(g->m + 1, 1), *t = xcalloc(g->m + 1, 1);
	unsigned char *tmp;
	int hit = 0;
	size_t k;

	s[0] = 1;
	closure(g, s);
	for (k = 0; path[k]; k++) {
		/* path[0..k) is a directory above the file */
		if (path[k] == '/' && k && s[g->m] && !g->own_files) {
			hit = 1;
			goto out;
		}
		if (!step(g, s, t, (unsigned char)path[k]))
			goto out;
		tmp = s;
		s = t;
		t = tmp;
	}
	hit = s[g->m] && !g->dir_only;
out:
	free(s);
	free(t);
	return hit;
}

int codeowners_match(const char *pattern, const char *path)
{
	struct glob g;
	int hit;

	if (glob_compile(pattern, &g)) {
		free(g.t);
		return 0;
	}
	hit = glob_match(&g, path);
	free(g.t);
	return hit;
}

const struct codeowners_rule *codeowners_owner(const struct codeowners *co,
					       const char *path)
{
	size_t i = co->nr;

	while (i--)
		if (codeowners_match(co->v[i].pattern, path))
			return &co->v[i];
	return NULL;
}

size_t codeowners_sections_owner(const struct codeowners *co,
				 const char *path,
				 const struct codeowners_rule **out,
				 size_t max)
{
	unsigned char *seen = xcalloc(co->nsec + 1, 1);
	size_t i = co->nr, n = 0, k;
	const struct codeowners_rule *tmp;

	while (i-- && n < max) {
		const struct codeowners_rule *r = &co->v[i];

		if (seen[r->section + 1] ||
		    !codeowners_match(r->pattern, path))
			continue;
		seen[r->section + 1] = 1;
		out[n++] = r;
	}
	free(seen);
	for (k = 0; k < n / 2; k++) {
		tmp = out[k];
		out[k] = out[n - 1 - k];
		out[n - 1 - k] = tmp;
	}
	return n;
}

/* The fields of a line, split at blanks that no '\' escapes. */
struct fields {
	char **v;
	size_t nr, alloc;
};

static void split_fields(const char *s, size_t n, struct fields *f)
{
	size_t i = 0, start;

	for (;;) {
		while (i < n && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (i >= n || s[i] == '#')
			return;	/* the rest is a comment */
		start = i;
		while (i < n && s[i] != ' ' && s[i] != '\t') {
			if (s[i] == '\\' && i + 1 < n)
				i++;
			i++;
		}
		ALLOC_GROW(f->v, f->nr + 1, f->alloc);
		f->v[f->nr++] = xstrndup(s + start, i - start);
	}
}

static void free_fields(char **v, size_t nr)
{
	while (nr--)
		free(v[nr]);
	free(v);
}

static char **copy_owners(char **from, size_t nr)
{
	char **v = xcalloc(nr ? nr : 1, sizeof(*v));
	size_t i;

	for (i = 0; i < nr; i++)
		v[i] = xstrdup(from[i]);
	return v;
}

/*
 * GitLab's "[Name]", "^[Name]", "[Name][2]", then default owners; 0 and
 * the section added when line is one.
 */
static int parse_section(const char *s, size_t n, struct codeowners *co)
{
	struct codeowners_section sec = { 0 };
	struct fields f = { 0 };
	size_t i = 0, name;

	if (i < n && s[i] == '^') {
		sec.optional = 1;
		i++;
	}
	if (i >= n || s[i] != '[')
		return -1;
	name = ++i;
	while (i < n && s[i] != ']')
		i++;
	if (i >= n || i == name)
		return -1;
	sec.name = xstrndup(s + name, i - name);
	i++;
	if (i < n && s[i] == '[') {
		size_t d = ++i;

		while (i < n && isdigit((unsigned char)s[i]))
			i++;
		if (i >= n || s[i] != ']' || i == d || i - d > 6)
			goto not_one;
		sec.approvals = atoi(s + d);
		i++;
	}
	if (i < n && s[i] != ' ' && s[i] != '\t')
		goto not_one;
	split_fields(s + i, n - i, &f);
	sec.owners = f.v;
	sec.nowners = f.nr;
	ALLOC_GROW(co->sec, co->nsec + 1, co->asec);
	co->sec[co->nsec++] = sec;
	return 0;
not_one:
	free(sec.name);
	return -1;
}

static void parse_line(const char *s, size_t n, size_t line,
		       struct codeowners *co)
{
	struct codeowners_rule *r;
	struct fields f = { 0 };

	while (n && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	if (!n || *s == '#')
		return;
	if ((*s == '[' || *s == '^') && !parse_section(s, n, co))
		return;
	split_fields(s, n, &f);
	if (!f.nr)
		return;
	ALLOC_GROW(co->v, co->nr + 1, co->alloc);
	r = &co->v[co->nr++];
	r->pattern = f.v[0];
	r->line = line;
	r->section = co->nsec ? (long)co->nsec - 1 : -1;
	if (f.nr > 1) {
		r->owners = copy_owners(f.v + 1, f.nr - 1);
		r->nowners = f.nr - 1;
	} else if (r->section >= 0) {
		struct codeowners_section *sec = &co->sec[r->section];

		r->owners = copy_owners(sec->owners, sec->nowners);
		r->nowners = sec->nowners;
	} else {
		r->owners = copy_owners(NULL, 0);
		r->nowners = 0;
	}
	while (f.nr > 1)
		free(f.v[--f.nr]);
	free(f.v);	/* the pattern, f.v[0], is the rule's now */
}

/* Why text is no CODEOWNERS we read, or NULL when it is one. */
static const char *refuse(const unsigned char *s, size_t len)
{
	size_t i = 0, n;
	unsigned cp;

	if (len > CODEOWNERS_MAX)
		return "larger than 3 MB";
	if (memchr(s, '\0', len))
		return "binary (a NUL byte)";
	while (i < len) {
		n = utf8_char(s + i, len - i, &cp);
		if (!n)
			return "not UTF-8";
		i += n;
	}
	return NULL;
}

int codeowners_parse(const char *text, size_t len, const char *name,
		     struct codeowners *co)
{
	const char *why, *end = text + len, *nl;
	size_t line = 0, n;

	memset(co, 0, sizeof(*co));
	why = refuse((const unsigned char *)text, len);
	if (why)
		return error("'%s': %s, not read as a CODEOWNERS", name, why);
	co->file = xstrdup(name);
	if (len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3))
		text += 3;
	while (text < end) {
		nl = memchr(text, '\n', (size_t)(end - text));
		n = nl ? (size_t)(nl - text) : (size_t)(end - text);
		if (n && text[n - 1] == '\r')
			n--;
		parse_line(text, n, ++line, co);
		text = nl ? nl + 1 : end;
	}
	return 0;
}

int codeowners_load(const char *root, struct codeowners *co)
{
	struct strbuf sb = STRBUF_INIT;
	const char *const *place;
	struct stat st;
	char *path = NULL;
	int ret = -1;

	memset(co, 0, sizeof(*co));
	for (place = codeowners_places; *place; place++) {
		free(path);
		path = xstrfmt("%s/%s", root, *place);
		if (!lstat(path, &st) ||
		    (errno != ENOENT && errno != ENOTDIR))
			break;
	}
	if (!*place) {
		ret = 1;
		goto out;
	}
	if (!S_ISREG(st.st_mode)) {
		error("'%s': not a regular file, not read as a CODEOWNERS",
		      path);
		goto out;
	}
	if ((size_t)st.st_size > CODEOWNERS_MAX) {
		error("'%s': larger than 3 MB, not read as a CODEOWNERS",
		      path);
		goto out;
	}
	if (strbuf_read_file(&sb, path))
		goto out;
	ret = codeowners_parse(sb.buf, sb.len, path, co);
	if (!ret) {
		free(co->file);
		co->file = xstrdup(*place);
	}
out:
	free(path);
	strbuf_release(&sb);
	return ret;
}

void codeowners_release(struct codeowners *co)
{
	size_t i;

	for (i = 0; i < co->nr; i++) {
		free(co->v[i].pattern);
		free_fields(co->v[i].owners, co->v[i].nowners);
	}
	free(co->v);
	for (i = 0; i < co->nsec; i++) {
		free(co->sec[i].name);
		free_fields(co->sec[i].owners, co->sec[i].nowners);
	}
	free(co->sec);
	free(co->file);
	memset(co, 0, sizeof(*co));
}
