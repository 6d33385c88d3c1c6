// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../lib/strbuf.h"
#include "../lib/xalloc.h"
#include "pattern.h"

/* A URL's parts the rewrite acts on. */
struct parts {
	char *origin;		/* scheme://host[:port] */
	char *dir;		/* "/" .. "/" */
	char *stem;		/* the last segment's name */
	char *ext;		/* its extension, "" or "/" */
};

static void parts_release(struct parts *p)
{
	free(p->origin);
	free(p->dir);
	free(p->stem);
	free(p->ext);
}

static int split(const char *url, struct parts *p)
{
	const char *s = strstr(url, "://"), *path, *end, *seg, *dot;
	int slash;

	memset(p, 0, sizeof(*p));
	if (!s || strpbrk(url, "?"))
		return -1;
	path = s + 3 + strcspn(s + 3, "/#");
	if (*path != '/')
		return -1;
	end = path + strcspn(path, "#");
	slash = end[-1] == '/';
	if (slash)
		end--;
	for (seg = end; seg > path && seg[-1] != '/'; seg--)
		;
	if (seg == end)
		return -1;	/* the root: no name */
	p->origin = xstrndup(url, (size_t)(path - url));
	p->dir = xstrndup(path, (size_t)(seg - path));
	dot = slash ? NULL : memchr(seg + 1, '.', (size_t)(end - seg - 1));
	if (dot) {
		const char *d;

		/* The last dot: "a.tar.gz" keeps "a.tar". */
		for (d = dot; (d = memchr(d + 1, '.', (size_t)(end - d - 1)));)
			dot = d;
	}
	p->stem = xstrndup(seg, (size_t)((dot ? dot : end) - seg));
	p->ext = slash ? xstrdup("/") :
		 dot ? xstrndup(dot, (size_t)(end - dot)) : xstrdup("");
	return 0;
}

static char *renamed(const char *stem, enum pattern_name how)
{
	struct strbuf sb = STRBUF_INIT;
	char sep = how == PN_DASH || how == PN_DASH_LOWER ? '-' : '_';
	int lower = how == PN_LOWER || how == PN_DASH_LOWER ||
		    how == PN_UNDERSCORE_LOWER;
	int seps = how != PN_SAME && how != PN_LOWER, pending = 0;
	const char *p;

	for (p = stem; *p; p++) {
		unsigned char ch = (unsigned char)*p;

		/* "%20" is a space, a separator like any other. */
		if (seps && ch == '%' && isxdigit((unsigned char)p[1]) &&
		    isxdigit((unsigned char)p[2])) {
			char hex[3] = { p[1], p[2], '\0' };

			ch = (unsigned char)strtol(hex, NULL, 16);
			p += 2;
		}
		if (seps && !isalnum(ch) && !(ch & 0x80)) {
			pending = sb.len > 0;
			continue;
		}
		if (pending)
			strbuf_addch(&sb, sep);
		pending = 0;
		strbuf_addch(&sb, (char)(lower ? tolower(ch) : ch));
	}
	return strbuf_detach(&sb, NULL);
}

/*
 * How many characters at the ends of directories a and b are whole
 * segments both have: "c/" of "/a/b/c/" and "/x/c/", none of "/a/xc/"
 * and "/c/".
 */
static size_t common_tail(const char *a, size_t la, const char *b, size_t lb)
{
	size_t m, n = 0;

	for (m = 1; m < la && m < lb && a[la - m] == b[lb - m]; m++)
		if (a[la - m - 1] == '/' && b[lb - m - 1] == '/')
			n = m;
	return n;
}

int pattern_learn(const char *old, const char *new, unsigned flags,
		  struct pattern *out)
{
	struct parts a, b;
	size_t la, lb, n;
	int how, ret = -1;

	memset(out, 0, sizeof(*out));
	if (split(old, &a) | split(new, &b))
		goto out;
	for (how = 0; how < PN__COUNT; how++) {
		char *s = renamed(a.stem, (enum pattern_name)how);
		int same = !strcmp(s, b.stem);

		free(s);
		if (same)
			break;
	}
	if (how == PN__COUNT || !*b.stem)
		goto out;
	/* The directory segments both end with are kept. */
	la = strlen(a.dir);
	lb = strlen(b.dir);
	n = common_tail(a.dir, la, b.dir, lb);
	if ((flags & PATTERN_ANY_DIR) && n)
		goto out;
	out->origin = xstrdup(b.origin);
	out->from_dir = flags & PATTERN_ANY_DIR ? NULL :
			xstrndup(a.dir, la - n);
	out->to_dir = xstrndup(b.dir, lb - n);
	out->name = (enum pattern_name)how;
	out->from_ext = flags & PATTERN_ANY_EXT ? NULL : xstrdup(a.ext);
	/* Any extension kept is one rule, not one per extension. */
	out->to_ext = (flags & PATTERN_ANY_EXT) && !strcmp(a.ext, b.ext) ?
		      NULL : xstrdup(b.ext);
	ret = 0;
out:
	parts_release(&a);
	parts_release(&b);
	return ret;
}

char *pattern_key(const struct pattern *r)
{
	return xstrfmt("%s\t%s\t%s\t%d\t%s\t%s", r->origin,
		       r->from_dir ? r->from_dir : "*", r->to_dir, r->name,
		       r->from_ext ? r->from_ext : "*",
		       r->to_ext ? r->to_ext : "=");
}

char *pattern_apply(const struct pattern *r, const char *url)
{
	struct parts p;
	char *name, *ret = NULL;
	const char *rest;

	if (split(url, &p))
		goto out;
	if (r->from_ext && strcasecmp(p.ext, r->from_ext))
		goto out;
	if (r->from_dir && strncmp(p.dir, r->from_dir, strlen(r->from_dir)))
		goto out;
	rest = r->from_dir ? p.dir + strlen(r->from_dir) : "";
	name = renamed(p.stem, r->name);
	if (*name)
		ret = xstrfmt("%s%s%s%s%s", r->origin, r->to_dir, rest, name,
			      r->to_ext ? r->to_ext : p.ext);
	free(name);
out:
	parts_release(&p);
	return ret;
}

void pattern_release(struct pattern *r)
{
	free(r->origin);
	free(r->from_dir);
	free(r->to_dir);
	free(r->from_ext);
	free(r->to_ext);
	memset(r, 0, sizeof(*r));
}
