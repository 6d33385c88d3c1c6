// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * get_maintainer.pl's rules for who gets a patch (people.h).  Its regular
 * expressions are Perl's, applied to bytes: PCRE2 applies the same ones,
 * so names and addresses come out as the script prints them.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "../lib/strbuf.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "maintainers.h"
#include "people.h"
#include "recipients.h"

/* Compiled once: the patterns are this file's literals. */
static pcre2_code *re_get(const char *pat)
{
	static struct { const char *pat; pcre2_code *re; } cache[32];
	PCRE2_SIZE off;
	int err;
	size_t i;

	for (i = 0; i < 32 && cache[i].pat; i++)
		if (cache[i].pat == pat)
			return cache[i].re;
	if (i == 32)	/* this file has fewer patterns */
		return NULL;
	cache[i].pat = pat;
	cache[i].re = pcre2_compile((PCRE2_SPTR)pat, PCRE2_ZERO_TERMINATED, 0,
				    &err, &off, NULL);
	return cache[i].re;
}

/*
 * Match pat on s[0..len); the first ncap groups into cap[] (NULL for a
 * group that took no part).  1 on a match.
 */
static int rx(const char *pat, const char *s, size_t len, char **cap,
	      int ncap)
{
	pcre2_code *re = re_get(pat);
	pcre2_match_data *md;
	PCRE2_SIZE *ov;
	int rc, i;

	if (!re)
		return 0;
	md = pcre2_match_data_create(10, NULL);
	rc = pcre2_match(re, (PCRE2_SPTR)s, len, 0, 0, md, NULL);
	if (rc < 0) {
		pcre2_match_data_free(md);
		return 0;
	}
	ov = pcre2_get_ovector_pointer(md);
	for (i = 0; i < ncap; i++) {
		PCRE2_SIZE b = ov[2 * i + 2], e = ov[2 * i + 3];

		cap[i] = i + 1 < rc && b != PCRE2_UNSET ?
			 xstrndup(s + b, e - b) : NULL;
	}
	pcre2_match_data_free(md);
	return 1;
}

static char *trim(char *s)
{
	size_t n = strlen(s), b = 0;

	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	while (isspace((unsigned char)s[b]))
		b++;
	memmove(s, s + b, n - b + 1);
	return s;
}

/* s/^\"|\"$//g, then quoted when it holds more than [\w \-]. */
static char *quote_name(char *name)
{
	struct strbuf sb = STRBUF_INIT;
	size_t n = strlen(name), i;
	int plain = 1;

	if (n && name[n - 1] == '"')
		name[--n] = '\0';
	if (name[0] == '"')
		memmove(name, name + 1, n--);
	for (i = 0; i < n; i++)
		if (!isalnum((unsigned char)name[i]) &&
		    !strchr("_ -", name[i]) && (unsigned char)name[i] < 128)
			plain = 0;
		else if ((unsigned char)name[i] >= 128)
			plain = 0;
	if (plain)
		return name;
	strbuf_addch(&sb, '"');
	for (i = 0; i < n; i++) {
		if (name[i] == '"' && (!i || name[i - 1] != '\\'))
			strbuf_addch(&sb, '\\');
		strbuf_addch(&sb, name[i]);
	}
	strbuf_addch(&sb, '"');
	free(name);
	return strbuf_detach(&sb, NULL);
}

/* get_maintainer.pl's parse_email(): name (maybe "") and address. */
static void parse_email(const char *in, char **name, char **addr)
{
	char *cap[2];
	size_t len = strlen(in);

	if (rx("^([^<]+)<(.+\\@.*)>.*$", in, len, cap, 2)) {
		*name = cap[0];
		*addr = cap[1];
	} else if (rx("^\\s*<(.+\\@\\S*)>.*$", in, len, cap, 1) ||
		   rx("^(.+\\@\\S*).*$", in, len, cap, 1)) {
		*name = xstrdup("");
		*addr = cap[0];
	} else {
		*name = xstrdup("");
		*addr = xstrdup("");
	}
	*name = quote_name(trim(*name));
	trim(*addr);
}

/* format_email(NAME, ADDRESS, 1). */
static char *format_email(const char *name, const char *addr)
{
	char *n = quote_name(trim(xstrdup(name))), *a = trim(xstrdup(addr));
	char *out = *n ? xstrfmt("%s <%s>", n, a) : xstrdup(a);

	free(n);
	free(a);
	return out;
}

static void map_set(struct strmap *m, const char *key, const char *v)
{
	void **slot = strmap_put(m, key);

	free(*slot);
	*slot = xstrdup(v);
}

/* "Name <mail>" of a mailmap line's name and address, as parse_email(). */
static void name_addr(char *name, const char *addr, char **n, char **a)
{
	char *e = xstrfmt("%s <%s>", trim(name), addr);

	parse_email(e, n, a);
	free(e);
}

static void mailmap_line(struct mailmap *mm, const char *l)
{
	char *c[4] = { NULL, NULL, NULL, NULL }, *n = NULL, *a = NULL;
	size_t len = strlen(l), i;

	if (rx("^([^<]+)<([^>]+)>$", l, len, c, 2)) {
		name_addr(c[0], c[1], &n, &a);
		map_set(&mm->names, a, n);
	} else if (rx("^<([^>]+)>\\s*<([^>]+)>$", l, len, c, 2)) {
		map_set(&mm->addresses, c[1], c[0]);
	} else if (rx("^(.+)<([^>]+)>\\s*<([^>]+)>$", l, len, c, 3)) {
		name_addr(c[0], c[1], &n, &a);
		map_set(&mm->names, c[2], n);
		map_set(&mm->addresses, c[2], a);
	} else if (rx("^(.+)<([^>]+)>\\s*(.+)\\s*<([^>]+)>$", l, len, c, 4)) {
		char *wn, *wa, *we;

		name_addr(c[0], c[1], &n, &a);
		name_addr(c[2], c[3], &wn, &wa);
		we = format_email(wn, wa);
		map_set(&mm->names, we, n);
		map_set(&mm->addresses, we, a);
		free(we);
		free(wn);
		free(wa);
	}
	free(n);
	free(a);
	for (i = 0; i < 4; i++)
		free(c[i]);
}

void mailmap_parse(char *text, struct mailmap *mm)
{
	char *line, *next;

	memset(mm, 0, sizeof(*mm));
	for (line = text; line && *line; line = next) {
		char *hash;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		hash = strchr(line, '#');
		if (hash)
			*hash = '\0';
		if (*trim(line))
			mailmap_line(mm, line);
	}
}

int mailmap_load(const char *root, struct mailmap *mm)
{
	struct strbuf sb = STRBUF_INIT;
	char *path = xstrfmt("%s/.mailmap", root);
	int ret = 0;

	memset(mm, 0, sizeof(*mm));
	if (!access(path, F_OK)) {
		ret = strbuf_read_file(&sb, path);
		if (!ret)
			mailmap_parse(sb.buf, mm);
	}
	strbuf_release(&sb);
	free(path);
	return ret;
}

void mailmap_release(struct mailmap *mm)
{
	strmap_clear(&mm->names, free);
	strmap_clear(&mm->addresses, free);
}

/* get_maintainer.pl's mailmap_email(). */
static char *mailmap_email(const struct mailmap *mm, const char *line)
{
	char *name, *addr, *email, *out;
	const char *rn, *ra;

	parse_email(line, &name, &addr);
	email = format_email(name, addr);
	rn = strmap_get(&mm->names, email);
	ra = strmap_get(&mm->addresses, email);
	if (!rn && !ra) {
		rn = strmap_get(&mm->names, addr);
		ra = strmap_get(&mm->addresses, addr);
	}
	out = format_email(rn ? rn : name, ra ? ra : addr);
	free(name);
	free(addr);
	free(email);
	return out;
}

static char *lower(const char *s)
{
	char *l = xstrdup_tolower(s);

	return l;
}

/* One patch's get_maintainers(): @email_to with roles, @list_to. */
struct gm {
	const struct mailmap *mm;
	char **people, **lists;
	int *to;
	size_t np, ap, nl, al;
	struct strmap names, addrs, listed;	/* email_inuse, hash_list_to */
	struct strmap dd_names, dd_addrs;	/* deduplicate_email */
};

/* The value kept under key's lower case, or NULL. */
static void *get(const struct strmap *m, const char *key)
{
	char *l = lower(key);
	void *v = strmap_get(m, l);

	free(l);
	return v;
}

static int seen(const struct strmap *m, const char *key)
{
	return get(m, key) != NULL;
}

static void mark(struct strmap *m, const char *key, void *v)
{
	char *l = lower(key);

	*strmap_put(m, l) = v;
	free(l);
}

/* map_set() under key's lower case. */
static void set_lower(struct strmap *m, const char *key, const char *v)
{
	char *l = lower(key);

	map_set(m, l, v);
	free(l);
}

/* push_email_address(): a person once per name and per address. */
static void push_person(struct gm *g, const char *line, int to)
{
	char *name, *addr;

	parse_email(line, &name, &addr);
	if (*addr && !(*name && seen(&g->names, name)) &&
	    !seen(&g->addrs, addr)) {
		ALLOC_GROW(g->people, g->np + 1, g->ap);
		g->to = xrealloc(g->to, g->ap * sizeof(*g->to));
		g->to[g->np] = to;
		g->people[g->np++] = format_email(name, addr);
		if (*name)
			mark(&g->names, name, (void *)1);
		mark(&g->addrs, addr, (void *)1);
	}
	free(name);
	free(addr);
}

/* get_maintainer_role(): these take patches. */
static int takes_patches(const char *status)
{
	static const char *const takers[] = {
		"supported", "maintained", "odd fixes", "orphan", "obsolete",
	};
	size_t i;

	for (i = 0; status && i < sizeof(takers) / sizeof(*takers); i++)
		if (!strcasecmp(status, takers[i]))
			return 1;
	return 0;
}

/* add_categories(). */
static void add_categories(struct gm *g, const struct maint_section *s)
{
	/* The chief penguin is left out (--no-git-chief-penguins). */
	int chief = s->status && strcasestr(s->status, "buried alive");
	size_t k;

	for (k = 0; k < s->nto && !chief; k++)
		push_person(g, s->to[k], takes_patches(s->status));
	for (k = 0; k < s->ncc; k++) {
		const char *v = s->cc[k];
		size_t n = strcspn(v, " \t");
		char *list;

		if (s->cc_kind[k] == 'R') {
			push_person(g, v, 0);
			continue;
		}
		if (v[n] && strstr(v + n, "subscribers-only"))
			continue;
		list = xstrndup(v, n);
		if (!seen(&g->listed, list)) {
			mark(&g->listed, list, (void *)1);
			ALLOC_GROW(g->lists, g->nl + 1, g->al);
			g->lists[g->nl++] = list;
		} else {
			free(list);
		}
	}
}

/* deduplicate_email(): one address per name, .mailmap applied. */
static char *dedup(struct gm *g, char *email)
{
	char *e = mailmap_email(g->mm, email), *name, *addr, *out;
	const char *hit = NULL;

	parse_email(e, &name, &addr);
	if (*name)
		hit = get(&g->dd_names, name);
	if (!hit)
		hit = get(&g->dd_addrs, addr);
	if (!hit) {
		char *v = format_email(name, addr);

		set_lower(&g->dd_names, name, v);
		set_lower(&g->dd_addrs, addr, v);
		free(v);
		hit = get(&g->dd_addrs, addr);
	}
	out = mailmap_email(g->mm, hit);
	free(e);
	free(name);
	free(addr);
	free(email);
	return out;
}

/* clean_file_emails() on one match of maintainers_in_file(). */
static char *clean_file_email(const char *match)
{
	static const char pat[] = "[\\(\\<\\{]{0,1}([A-Za-z0-9_\\.\\+-]+"
		"\\@[A-Za-z0-9\\.-]+)[\\)\\>\\}]{0,1}";
	pcre2_code *re = re_get(pat);
	PCRE2_UCHAR buf[1024];
	PCRE2_SIZE blen = sizeof(buf);
	char *name, *addr, *w[64], *out;
	size_t nw = 0, i, n;

	/* s/[\(\<\{]{0,1}(ADDRESS)[\)\>\}]{0,1}/\<$1\>/g */
	if (!re || pcre2_substitute(re, (PCRE2_SPTR)match,
				    PCRE2_ZERO_TERMINATED, 0,
				    PCRE2_SUBSTITUTE_GLOBAL, NULL, NULL,
				    (PCRE2_SPTR)"<$1>", PCRE2_ZERO_TERMINATED,
				    buf, &blen) < 0)
		return xstrdup(match);
	parse_email((char *)buf, &name, &addr);
	if (!strcmp(name, "\"[,.]\"")) {
		free(name);
		name = xstrdup("");
	}
	/* split(/[^A-Za-zÀ-ÿ\'\,\.\+-]/, $name), trailing empties dropped */
	{
		char *copy = xstrdup(name), *q = copy, *f = copy;

		for (;; q++) {
			int keep = *q && (isalpha((unsigned char)*q) ||
					  strchr("',.+-", *q) ||
					  ((unsigned char)*q >= 0x80 &&
					   (unsigned char)*q <= 0xc3) ||
					  (unsigned char)*q == 0xbf);

			if (keep)
				continue;
			if (nw < 64)
				w[nw++] = xstrndup(f, (size_t)(q - f));
			if (!*q)
				break;
			f = q + 1;
		}
		while (nw && !*w[nw - 1])
			free(w[--nw]);
		free(copy);
	}
	if (nw > 2) {
		const char *first = w[nw - 3], *mid = w[nw - 2];
		const char *last = w[nw - 1];
		size_t lf = strlen(first), lm = strlen(mid);

		free(name);
		if ((lf == 1 && isalpha((unsigned char)first[0])) ||
		    (lf == 2 && first[1] == '.') || lm == 1 ||
		    (lm == 2 && mid[1] == '.'))
			name = xstrfmt("%s %s %s", first, mid, last);
		else
			name = xstrfmt("%s %s", mid, last);
	}
	for (i = 0; i < nw; i++)
		free(w[i]);
	n = strlen(name);
	if (n && strchr(",.", name[n - 1]))
		name[n - 1] = '\0';
	else if (n >= 2 && strchr(",.", name[n - 2]) && name[n - 1] == '"')
		memmove(name + n - 2, name + n - 1, 2);
	if (name[0] && strchr(",.", name[0]))
		memmove(name, name + 1, strlen(name));
	else if (name[0] == '"' && name[1] && strchr(",.", name[1]))
		memmove(name + 1, name + 2, strlen(name + 1));
	out = format_email(name, addr);
	free(name);
	free(addr);
	return out;
}

/* maintainers_in_file(): the addresses written in a .yaml file. */
static void file_emails(const char *root, const char *file, char ***v,
			size_t *n, size_t *alloc)
{
	static const char pat[] =
		"[A-Za-z\xc3\x80-\xc3\xbf\\\"\\' \\,\\.\\+-]*\\s*[\\,]*\\s*"
		"[\\(\\<\\{]{0,1}[A-Za-z0-9_\\.\\+-]+\\@[A-Za-z0-9\\.-]+\\."
		"[A-Za-z0-9]+[\\)\\>\\}]{0,1}";
	struct strbuf sb = STRBUF_INIT;
	char *path;
	size_t start = 0, end, l = strlen(file);

	if (l < 5 || strcmp(file + l - 5, ".yaml") ||
	    strstr(file, "MAINTAINERS"))
		return;
	path = xstrfmt("%s/%s", root, file);
	if (access(path, R_OK) || strbuf_read_file(&sb, path)) {
		free(path);
		return;
	}
	free(path);
	while (start <= sb.len) {
		pcre2_match_data *md = pcre2_match_data_create(1, NULL);
		PCRE2_SIZE *ov;
		char *m, *e;
		size_t k;

		if (pcre2_match(re_get(pat), (PCRE2_SPTR)sb.buf, sb.len, start,
				0, md, NULL) < 0) {
			pcre2_match_data_free(md);
			break;
		}
		ov = pcre2_get_ovector_pointer(md);
		m = xstrndup(sb.buf + ov[0], ov[1] - ov[0]);
		end = ov[1] > ov[0] ? ov[1] : ov[1] + 1;
		pcre2_match_data_free(md);
		e = clean_file_email(m);
		free(m);
		for (k = 0; k < *n && strcmp((*v)[k], e); k++)
			;
		if (k < *n) {
			free(e);
		} else {
			ALLOC_GROW(*v, *n + 1, *alloc);
			(*v)[(*n)++] = e;
		}
		start = end;
	}
	strbuf_release(&sb);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The files a patch touches, as get_maintainer.pl collects them. */
static size_t patch_files(const char *patch, char ***out)
{
	const char *line, *next;
	char **v = NULL;
	size_t n = 0, alloc = 0, i, k;

	for (line = patch; *line; line = next) {
		char *c[2] = { NULL, NULL };
		size_t len;

		next = strchr(line, '\n');
		next = next ? next + 1 : line + strlen(line);
		len = (size_t)(next - line);
		/* Each names its file; no line can match two of them. */
		if (rx("^\\+\\+\\+\\s+(\\S+)", line, len, c, 1) ||
		    rx("^---\\s+(\\S+)", line, len, c, 1)) {
			char *s = strchr(c[0], '/');

			if (s)
				memmove(c[0], s + 1, strlen(s));
		} else if (!rx("^ mode change [0-7]+ => [0-7]+ (\\S+)\\s*$",
			       line, len, c, 1) &&
			   !rx("^rename (?:from|to) (\\S+)\\s*$", line, len,
			       c, 1)) {
			rx("^diff --git a\\/(\\S+) b\\/(\\S+)\\s*$", line, len,
			   c, 2);
		}
		for (i = 0; i < 2; i++)
			if (c[i]) {
				ALLOC_GROW(v, n + 1, alloc);
				v[n++] = c[i];
			}
	}
	if (n)
		qsort(v, n, sizeof(*v), cmp_str);
	for (i = k = 0; i < n; i++)
		if (k && !strcmp(v[k - 1], v[i]))
			free(v[i]);
		else
			v[k++] = v[i];
	*out = v;
	return k;
}

void people_route(const char *root, const struct maintainers *m,
		  const struct mailmap *mm, const char *patch,
		  struct recipients *r)
{
	struct gm g;
	char **files, **fe = NULL;
	size_t nf = patch_files(patch, &files), nfe = 0, afe = 0, i, k;
	long idx[256];

	memset(&g, 0, sizeof(g));
	g.mm = mm;
	for (i = 0; i < nf; i++) {
		size_t n = maintainers_matches(m, files[i], idx, 256);

		for (k = 0; k < n; k++)
			add_categories(&g, &m->v[idx[k]]);
		file_emails(root, files[i], &fe, &nfe, &afe);
	}
	for (i = 0; i < m->nr; i++)
		if (maintainers_keyword(&m->v[i], patch))
			add_categories(&g, &m->v[i]);
	for (i = 0; i < g.np; i++)
		g.people[i] = dedup(&g, g.people[i]);
	for (i = 0; i < g.nl; i++)
		g.lists[i] = dedup(&g, g.lists[i]);
	for (i = 0; i < nfe; i++) {
		char *e = mailmap_email(mm, fe[i]);

		push_person(&g, e, 0);
		free(e);
		free(fe[i]);
	}
	for (i = 0; i < g.np; i++) {
		recipients_add(r, g.people[i], g.to[i]);
		free(g.people[i]);
	}
	for (i = 0; i < g.nl; i++) {
		recipients_add(r, g.lists[i], 0);
		free(g.lists[i]);
	}
	for (i = 0; i < nf; i++)
		free(files[i]);
	free(files);
	free(fe);
	free(g.people);
	free(g.lists);
	free(g.to);
	strmap_clear(&g.names, NULL);
	strmap_clear(&g.addrs, NULL);
	strmap_clear(&g.listed, NULL);
	strmap_clear(&g.dd_names, free);
	strmap_clear(&g.dd_addrs, free);
}
