// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <dirent.h>
#include <sys/stat.h>

#include "../lib/run.h"
#include "../lib/strbuf.h"
#include "../lib/xalloc.h"
#include "imported.h"
#include "tree.h"

const char *imported_by_name(enum imported_by by)
{
	static const char *const names[] = {
		"not imported", "a git submodule",
		"linguist-vendored in .gitattributes",
		"a folder git subtree brought in",
		"a folder its README says is imported",
		"linguist-generated in .gitattributes",
		"a REUSE or debian/copyright stanza naming other holders",
		"one of several bundled folders, each with its own licence",
		"another project's RCS id",
		"a generated build script",
		"a library naming its own project, version and licence",
		"a folder with its own licence and a README naming its project",
		"a folder the tree's README calls third-party",
		"a copy of an RFC or Internet-Draft",
	};

	return (unsigned)by < sizeof(names) / sizeof(names[0]) ?
	       names[by] : "?";
}

static void add_imported(struct imported *im, const char *what, size_t n,
			 enum imported_by by)
{
	size_t i;

	while (n && (what[n - 1] == '/' || isspace((unsigned char)what[n - 1])))
		n--;
	if (!n)
		return;
	for (i = 0; i < im->nr; i++)
		if (strlen(im->pattern[i]) == n &&
		    !strncmp(im->pattern[i], what, n))
			return;
	ALLOC_GROW(im->pattern, im->nr + 1, im->alloc);
	im->by = xrealloc(im->by, im->alloc * sizeof(*im->by));
	im->by[im->nr] = by;
	im->pattern[im->nr++] = xstrndup(what, n);
}

/* .gitmodules: "path = X". */
static void submodule_line(void *data, const char *line, size_t n)
{
	const char *v;

	while (n && isspace((unsigned char)*line)) {
		line++;
		n--;
	}
	if (n <= 4 || strncmp(line, "path", 4))
		return;
	for (v = line + 4; v < line + n && strchr(" \t=", *v); v++)
		;
	add_imported(data, v, (size_t)(line + n - v), IMPORTED_SUBMODULE);
}

/* Does attrs set attr (" attr" or "\tattr", not attr=false)? */
static int attr_set(const char *attrs, const char *attr)
{
	const char *p = attrs;
	size_t n = strlen(attr);

	while ((p = strstr(p, attr))) {
		if (p > attrs && (p[-1] == ' ' || p[-1] == '\t') &&
		    strncmp(p + n, "=false", 6) && strncmp(p + n, "=0", 2))
			return 1;
		p += n;
	}
	return 0;
}

/* .gitattributes: "PATTERN ... linguist-vendored" or -generated. */
static void attributes_line(void *data, const char *line, size_t n)
{
	size_t p = strcspn(line, " \t");
	char *attrs = xstrndup(line, n);

	if (*line != '#' && p < n && attr_set(attrs, "linguist-vendored"))
		add_imported(data, line, p, IMPORTED_VENDORED);
	else if (*line != '#' && p < n &&
		 attr_set(attrs, "linguist-generated"))
		add_imported(data, line, p, IMPORTED_GENERATED);
	free(attrs);
}

/*
 * A machine-readable copyright file (debian/copyright, .reuse/dep5): its
 * stanzas' "Files:" patterns whose "Copyright:" names holders other
 * than the "Files: *" stanza's (and not the tree by name) are someone
 * else's code; REUSE.toml's annotations likewise (path, and
 * SPDX-FileCopyrightText).
 */
struct stanza {
	struct imported *im;
	struct strbuf files, copyright, own;
	int field;		/* 1 Files, 2 Copyright, 0 another */
	int toml;
};

static void trim(struct strbuf *sb)
{
	size_t a = 0, b = sb->len;

	while (a < b && isspace((unsigned char)sb->buf[a]))
		a++;
	while (b > a && isspace((unsigned char)sb->buf[b - 1]))
		b--;
	memmove(sb->buf, sb->buf + a, b - a);
	strbuf_setlen(sb, b - a);
}

static int names_tree(const struct imported *im, const char *text)
{
	return im->name && *im->name && strcasestr(text, im->name);
}

static void stanza_end(struct stanza *s)
{
	const char *p;

	trim(&s->files);
	trim(&s->copyright);
	p = s->files.buf;
	if (!s->files.len) {
		strbuf_reset(&s->copyright);
		return;
	}
	if (!strcmp(s->files.buf, "*") || !strcmp(s->files.buf, "**")) {
		strbuf_reset(&s->own);
		strbuf_add(&s->own, s->copyright.buf, s->copyright.len);
	} else if (s->copyright.len && strcmp(s->copyright.buf, s->own.buf) &&
		   !names_tree(s->im, s->copyright.buf)) {
		while (*p) {
			size_t k;

			p += strspn(p, " \t,\"[]");
			k = strcspn(p, " \t,\"[]");
			if (k && strncmp(p, "debian/", 7))
				add_imported(s->im, p, k, IMPORTED_REUSE);
			p += k;
		}
	}
	strbuf_reset(&s->files);
	strbuf_reset(&s->copyright);
	s->field = 0;
}

static void stanza_line(void *data, const char *line, size_t n)
{
	struct stanza *s = data;

	if (s->toml) {
		if (n >= 2 && !strncmp(line, "[[", 2)) {
			stanza_end(s);
		} else if (n > 4 && !strncmp(line, "path", 4) &&
			   strchr(" =", line[4])) {
			const char *eq = memchr(line, '=', n);

			if (eq)
				strbuf_add(&s->files, eq + 1,
					   (size_t)(line + n - eq - 1));
		} else if (n > 21 &&
			   !strncmp(line, "SPDX-FileCopyrightText", 22)) {
			strbuf_add(&s->copyright, line + 22, n - 22);
		}
		return;
	}
	if (!n || (n == 1 && *line == '.')) {
		stanza_end(s);
	} else if (*line == ' ' || *line == '\t') {
		if (s->field == 1)
			strbuf_addch(&s->files, ' ');
		if (s->field == 1)
			strbuf_add(&s->files, line, n);
		else if (s->field == 2)
			strbuf_add(&s->copyright, line, n);
	} else if (n > 6 && !strncasecmp(line, "Files:", 6)) {
		stanza_end(s);
		s->field = 1;
		strbuf_add(&s->files, line + 6, n - 6);
	} else if (n > 10 && !strncasecmp(line, "Copyright:", 10)) {
		s->field = 2;
		strbuf_add(&s->copyright, line + 10, n - 10);
	} else {
		s->field = 0;
	}
}

static void copyright_files(struct imported *im)
{
	static const char *const names[] = {
		"debian/copyright", ".reuse/dep5", "REUSE.toml",
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		struct stanza s = { im, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT,
				    0, i == 2 };

		tree_each_line_of(im->root, names[i], stanza_line, &s);
		stanza_end(&s);
		strbuf_release(&s.files);
		strbuf_release(&s.copyright);
		strbuf_release(&s.own);
	}
}

/*
 * The root README's word for a folder of others' code: zlib's "Unsupported
 * third party contributions are provided in directory contrib/".
 */
static void third_party_line(void *data, const char *line, size_t n)
{
	char *l = xstrndup(line, n), *p, *w;

	if (strcasestr(l, "third party") || strcasestr(l, "third-party"))
		for (p = l; *p; p = w) {
			size_t k;

			p += strspn(p, " \t`'\"(");
			k = strcspn(p, " \t`'\"()");
			w = p + k;
			if (k > 1 && p[k - 1] == '/' && p[0] != '/' &&
			    !strstr(p, "://") && isalpha((unsigned char)p[0]))
				add_imported(data, p, k, IMPORTED_THIRD_PARTY);
			if (!*w)
				break;
		}
	free(l);
}

static void tree_name(struct imported *im)
{
	im->name = tree_project_name(im->root, &im->remote);
}

/* A commit message's "git-subtree-dir: D". */
static void subtree_line(void *data, const char *line, size_t n)
{
	if (n > 17 && !strncmp(line, "git-subtree-dir: ", 17))
		add_imported(data, line + 17, n - 17, IMPORTED_SUBTREE);
}

/*
 * Folders git subtree brought in: its commits carry "git-subtree-dir: D"
 * (u-boot's dts/upstream, lib/mbedtls/external/mbedtls, lib/lwip/lwip).
 * The history is read once; a tree that is no git checkout has none.
 */
static void subtree_dirs(struct imported *im)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf out = STRBUF_INIT;
	char *git = xstrfmt("%s/.git", im->root);
	struct stat st;

	git_cmd(&cp, NULL);
	strvec_pushl(&cp.args, "log", "--grep=^git-subtree-dir: ",
		     "--format=%B", NULL);
	cp.dir = im->root;
	cp.out = &out;
	cp.no_stderr = 1;
	if (!stat(git, &st) && !child_process_run(&cp))
		tree_each_line(out.buf, subtree_line, im);
	child_process_clear(&cp);
	free(git);
	strbuf_release(&out);
}

void imported_init(struct imported *im, const char *root)
{
	memset(im, 0, sizeof(*im));
	if (!root)
		return;
	im->root = xstrdup(root);
	tree_each_line_of(root, ".gitmodules", submodule_line, im);
	tree_each_line_of(root, ".gitattributes", attributes_line, im);
	tree_name(im);
	copyright_files(im);
	tree_each_line_of(root, "README", third_party_line, im);
	tree_each_line_of(root, "README.md", third_party_line, im);
	subtree_dirs(im);
}

static const char none[] = "";

static void free_licence(void *v)
{
	if (v != none)
		free(v);
}

void imported_release(struct imported *im)
{
	size_t i;

	for (i = 0; i < im->nr; i++)
		free(im->pattern[i]);
	free(im->pattern);
	free(im->by);
	free(im->root);
	free(im->name);
	free(im->remote);
	strmap_clear(&im->dirs, NULL);
	strmap_clear(&im->licensed, free_licence);
	strmap_clear(&im->parents, NULL);
	memset(im, 0, sizeof(*im));
}

/*
 * Does the README of folder dir (relative to the root) say its files come
 * from elsewhere?  What such a README says, in the trees seen: "These
 * source files come from the Rust standard library ... kept as close as
 * possible to upstream" (the kernel's rust/alloc/), "imported from",
 * "vendored", "copied from", "synced from".
 */
static int readme_imported(struct imported *im, const char *dir)
{
	static const char *const names[] = {
		"README", "README.md", "README.rst", "README.txt",
	};
	static const char *const says[] = {
		"files come from", "imported from", "vendored", "copied from",
		"synced from", "close as possible to upstream",
		"is a copy of",
	};
	void **slot = strmap_put(&im->dirs, dir);
	struct strbuf sb = STRBUF_INIT;
	size_t i, k;

	if (*slot)
		return *slot == (void *)2;
	*slot = (void *)1;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char *name = xstrfmt("%s/%s", dir, names[i]);

		strbuf_reset(&sb);
		if (!tree_read(im->root, name, &sb)) {
			if (sb.len > 4096)
				strbuf_setlen(&sb, 4096);
			for (k = 0; k < sizeof(says) / sizeof(says[0]); k++)
				if (strcasestr(sb.buf, says[k]))
					*slot = (void *)2;
		}
		free(name);
	}
	strbuf_release(&sb);
	return *slot == (void *)2;
}

static const char *base_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

static const char *const licence_names[] = {
	"LICENSE", "LICENSE.txt", "LICENSE.md", "LICENCE", "COPYING",
	"COPYING.txt", "COPYRIGHT", "LICENSE.TXT", "COPYING.LIB",
	"LICENSE-MIT", "LICENSE-APACHE", "LICENSE.rst", "COPYING.md",
};

/* The name of dir's own licence file ("dir/COPYING"), or none. */
static const char *licence_of(struct imported *im, const char *dir)
{
	void **slot = strmap_put(&im->licensed, dir);
	size_t i;

	if (*slot)
		return *slot;
	*slot = (void *)none;
	for (i = 0; i < sizeof(licence_names) / sizeof(licence_names[0]);
	     i++) {
		char *name = xstrfmt("%s/%s/%s", im->root, dir,
				     licence_names[i]);
		struct stat st;

		if (!lstat(name, &st) && S_ISREG(st.st_mode)) {
			free(name);
			*slot = xstrfmt("%s/%s", dir, licence_names[i]);
			break;
		}
		free(name);
	}
	return *slot;
}

/*
 * How many sub-folders of parent hold a licence of their own (read once
 * per parent).
 */
static size_t licensed_children(struct imported *im, const char *parent)
{
	void **slot = strmap_put(&im->parents, parent);
	char *full;
	struct dirent *de;
	size_t n = 0;
	DIR *d;

	if (*slot)
		return (size_t)*slot - 1;
	full = xstrfmt("%s/%s", im->root, parent);
	d = opendir(full);
	while (d && (de = readdir(d))) {
		char *sub;

		if (de->d_name[0] == '.')
			continue;
		sub = *parent ? xstrfmt("%s/%s", parent, de->d_name) :
				xstrdup(de->d_name);
		if (licence_of(im, sub) != none)
			n++;
		free(sub);
	}
	if (d)
		closedir(d);
	free(full);
	*slot = (void *)(n + 1);
	return n;
}

/*
 * Is dir in a folder that holds two or more folders each with a licence
 * of its own (a deps/ or third_party/ of bundled libraries: redis's
 * deps/hiredis, deps/jemalloc, deps/lua)?  Then each folder there is
 * bundled code, with a licence file or not (deps/linenoise).  One folder
 * with a licence alone (a driver's LICENSE, a tool's COPYING) is not
 * evidence enough; nor is the root's own folder list.
 */
static int bundled(struct imported *im, const char *dir, struct strbuf *why)
{
	const char *slash = strrchr(dir, '/');
	char *parent;
	size_t n;

	if (!slash)
		return 0;
	parent = xstrndup(dir, (size_t)(slash - dir));
	n = licensed_children(im, parent);
	if (n >= 2 && why)
		strbuf_addf(why, "%s/ bundles %zu projects, each with its own "
			    "licence%s%s%s", parent, n,
			    licence_of(im, dir) != none ? " (" : "",
			    licence_of(im, dir) != none ? licence_of(im, dir) :
			    "", licence_of(im, dir) != none ? ")" : "");
	free(parent);
	return n >= 2;
}

/*
 * A folder with a licence of its own whose README points at a project of
 * the folder's name elsewhere (lighttpd's src/ls-hpack/: LICENSE, and a
 * README citing github.com/litespeedtech/ls-hpack).
 */
static int own_project(struct imported *im, const char *dir,
		       struct strbuf *why)
{
	static const char *const names[] = { "README", "README.md",
					     "README.rst", "README.txt" };
	const char *slash = strrchr(dir, '/'), *base = slash ? slash + 1 : dir;
	struct strbuf sb = STRBUF_INIT;
	char *needle = xstrfmt("/%s", base);
	size_t i;
	int hit = 0;

	if (licence_of(im, dir) == none || strlen(base) < 3 ||
	    (im->name && !strcasecmp(base, im->name))) {
		free(needle);
		return 0;
	}
	for (i = 0; i < sizeof(names) / sizeof(names[0]) && !hit; i++) {
		char *name = xstrfmt("%s/%s", dir, names[i]);
		const char *p;

		strbuf_reset(&sb);
		if (!tree_read(im->root, name, &sb)) {
			if (sb.len > 4096)
				strbuf_setlen(&sb, 4096);
			for (p = sb.buf; (p = strcasestr(p, needle)); p++) {
				const char *e = p + strlen(needle);
				const char *s = p;

				while (s > sb.buf && !isspace((unsigned char)s[-1]) &&
				       !strchr("(<[\"'", s[-1]))
					s--;
				/* In a URL, and the name's end there. */
				if (strstr(s, "://") && strstr(s, "://") < p &&
				    (!*e || !isalnum((unsigned char)*e))) {
					hit = 1;
					if (why)
						strbuf_addf(why, "%s/ has its own "
							    "licence (%s) and its "
							    "README cites its "
							    "project: %.*s", dir,
							    licence_of(im, dir),
							    (int)(e - s), s);
					break;
				}
			}
		}
		free(name);
	}
	strbuf_release(&sb);
	free(needle);
	return hit;
}

static enum imported_by path_evidence(struct imported *im, const char *path,
				      struct strbuf *why)
{
	const char *slash;
	size_t i;

	if (!im || !im->root)
		return IMPORTED_NOT;
	for (i = 0; i < im->nr; i++) {
		const char *p = im->pattern[i];
		size_t n = strlen(p);

		if (n > 3 && !strcmp(p + n - 3, "/**"))
			n -= 3;
		if ((!strncmp(path, p, n) && path[n] == '/') ||
		    !fnmatch(p, path, 0) ||
		    (!strchr(p, '/') && !fnmatch(p, base_of(path), 0))) {
			if (why)
				strbuf_addf(why, "%s: %s",
					    imported_by_name(im->by[i]), p);
			return im->by[i];
		}
	}
	for (slash = strchr(path, '/'); slash; slash = strchr(slash + 1, '/')) {
		char *dir = xstrndup(path, (size_t)(slash - path));
		enum imported_by by = IMPORTED_NOT;

		if (readme_imported(im, dir)) {
			by = IMPORTED_README;
			if (why)
				strbuf_addf(why, "%s/README says it comes "
					    "from elsewhere", dir);
		} else if (bundled(im, dir, why)) {
			by = IMPORTED_BUNDLED;
		} else if (own_project(im, dir, why)) {
			by = IMPORTED_FOLDER;
		}
		free(dir);
		if (by != IMPORTED_NOT)
			return by;
	}
	return IMPORTED_NOT;
}

enum imported_by imported_path(struct imported *im, const char *path)
{
	return path_evidence(im, path, NULL);
}

/* The first n bytes of buf, as a string to search. */
static char *head_of(const char *buf, size_t len, size_t n)
{
	return xstrndup(buf, len < n ? len : n);
}

/*
 * "$OpenBSD: sshd.c,v 1.600 ...$", "$NetBSD$", "$FreeBSD$": the file is
 * kept in step with that project's tree, unless it is this tree.
 */
static int rcs_id(struct imported *im, const char *head, struct strbuf *why)
{
	static const char *const ids[] = {
		"OpenBSD", "NetBSD", "FreeBSD", "DragonFly",
	};
	size_t i;

	for (i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		char *id = xstrfmt("$%s", ids[i]);
		const char *p = strstr(head, id);
		size_t k = strlen(id);
		int hit = p && (p[k] == ':' || p[k] == '$') &&
			  !(im->name && strcasestr(im->name, ids[i])) &&
			  !(im->remote && strcasestr(im->remote, ids[i]));

		if (hit && why) {
			size_t n = strcspn(p, "\n");
			const char *end = memchr(p + 1, '$', n ? n - 1 : 0);

			n = end ? (size_t)(end - p + 1) : n;
			strbuf_addf(why, "another project's RCS id: %.*s",
				    (int)(n > 60 ? 60 : n), p);
		}
		free(id);
		if (hit)
			return 1;
	}
	return 0;
}

/* Build scripts a tool made or ships, which the next run replaces. */
static int script(const char *path, const char *head, struct strbuf *why)
{
	static const char *const names[] = {
		"configure", "config.guess", "config.sub", "ltmain.sh",
		"install-sh", "aclocal.m4", "depcomp", "missing", "compile",
		"mkinstalldirs", "ylwrap", "config.rpath", "libtool.m4",
	};
	static const char *const says[] = {
		"Generated by GNU Autoconf", "generated automatically by",
		"Generated by libtool", "generated by automake",
		"This file was generated by", "This file is generated by",
		"This file is auto-generated", "This file was auto-generated",
		"This file is automatically generated", "DO NOT EDIT",
		"Do not edit this file",
		/* A man page made from its DocBook source (nmap's docs/). */
		"Generator: DocBook XSL",
	};
	const char *base = base_of(path), *ext = strrchr(base, '.');
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(base, names[i])) {
			if (why)
				strbuf_addf(why, "a generated build script "
					    "(%s)", base);
			return 1;
		}
	/* autoconf-archive's macros: "#serial 12" and a licence of their own. */
	if (ext && !strcmp(ext, ".m4") && strstr(head, "serial ") &&
	    (strcasestr(head, "copying and distribution") ||
	     strcasestr(head, "autoconf-archive") ||
	     strcasestr(head, "Copyright"))) {
		if (why)
			strbuf_addf(why, "an autoconf macro with its own "
				    "serial and licence (%s)", base);
		return 1;
	}
	for (i = 0; i < sizeof(says) / sizeof(says[0]); i++) {
		const char *p = strcasestr(head, says[i]);

		if (p && p - head < 800) {
			if (why)
				strbuf_addf(why, "a generated file (\"%s\")",
					    says[i]);
			return 1;
		}
	}
	return 0;
}

/*
 * A single-file library: a line of its first comment names it with a
 * version ("NAME vX.Y", "NAME X.Y") or, with a home page or repository
 * of its own further down, a description ("NAME - what"); NAME is the
 * file's own (its stem holds it: stb_image.h, lighttpd's algo_xxhash.h
 * for "xxHash - Extremely Fast Hash algorithm") and not the tree's; and
 * the header gives a licence of its own, not the GPL.
 */
static int library(struct imported *im, const char *path, const char *head,
		   struct strbuf *why)
{
	static const char *const licences[] = {
		"public domain", "MIT License", "MIT license", "zlib license",
		"Apache License", "BSD license", "BSD License",
		"BSD 2-Clause", "BSD 3-Clause", "ISC license", "Unlicense",
		"Boost Software License", "SPDX-License-Identifier: MIT",
		"Redistribution and use",
	};
	const char *base = base_of(path), *p, *lic = NULL;
	char *stem = xstrndup(base, strcspn(base, "."));
	size_t i;
	int hit = 0;

	if (strstr(head, "GPL") || strstr(head, "General Public"))
		goto out;
	for (i = 0; !lic && i < sizeof(licences) / sizeof(licences[0]); i++)
		if (strcasestr(head, licences[i]))
			lic = licences[i];
	for (p = head; lic && *p && p - head < 1500 && !hit;
	     p += strcspn(p, "\n"), p += !!*p) {
		const char *w, *e;
		char *name;

		for (w = p; *w == ' ' || *w == '\t' || *w == '/' || *w == '*' ||
			    *w == '#'; w++)
			;
		for (e = w; isalnum((unsigned char)*e) || strchr("_+.-", *e);
		     e++)
			;
		while (e > w && strchr(".-", e[-1]))
			e--;
		if (e - w < 3 || !isalpha((unsigned char)*w))
			continue;
		name = xstrndup(w, (size_t)(e - w));
		name[strcspn(name, ".")] = '\0';
		while (*e == ' ' || *e == '\t')
			e++;
		/* A version, or a home page or repository of its own. */
		hit = strlen(name) >= 3 && strcasestr(stem, name) &&
		      !(im->name && !strcasecmp(name, im->name)) &&
		      (((*e == 'v' || *e == 'V' || isdigit((unsigned char)*e)) &&
			strchr(".0123456789", e[1])) ||
		       (*e == '-' && e[1] == ' ' &&
			(strcasestr(head, "homepage") ||
			 strcasestr(head, "home page") ||
			 strcasestr(head, "source repository"))));
		if (hit && why)
			strbuf_addf(why, "a library of its own: its header "
				    "names %s and its own licence (%s)", name,
				    lic);
		free(name);
	}
out:
	free(stem);
	return hit;
}

enum imported_by imported_file(struct imported *im, const char *path,
			       const char *buf, size_t len,
			       struct strbuf *why)
{
	enum imported_by by = path_evidence(im, path, why);
	char *head;

	if (by != IMPORTED_NOT || !buf)
		return by;
	head = head_of(buf, len, 4096);
	if (rcs_id(im, head, why))
		by = IMPORTED_RCS_ID;
	else if (strstr(head, "Request for Comments:") &&
		 (strstr(head, "Network Working Group") ||
		  strstr(head, "Internet Engineering Task Force"))) {
		by = IMPORTED_RFC;
		if (why)
			strbuf_addstr(why, "a copy of an RFC (\"Request for "
				      "Comments:\" in its header)");
	}
	else if (script(path, head, why))
		by = IMPORTED_SCRIPT;
	else if (library(im, path, head, why))
		by = IMPORTED_LIBRARY;
	free(head);
	return by;
}
