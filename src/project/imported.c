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
		"a folder that is a project of its own",
		"the commit that added it says where it comes from",
		"it cites a licence file the tree does not have",
		"a CVS vendor import's revision",
		"a copy of another project's manual",
	};

	return (unsigned)by < sizeof(names) / sizeof(names[0]) ?
	       names[by] : "?";
}

/* A pattern and the evidence for it, with a note of its own (or NULL). */
static void add_noted(struct imported *im, const char *what, size_t n,
		      enum imported_by by, const char *note)
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
	im->note = xrealloc(im->note, im->alloc * sizeof(*im->note));
	im->by[im->nr] = by;
	im->note[im->nr] = note ? xstrdup(note) : NULL;
	im->pattern[im->nr++] = xstrndup(what, n);
}

static void add_imported(struct imported *im, const char *what, size_t n,
			 enum imported_by by)
{
	add_noted(im, what, n, by, NULL);
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

/* Does text hold name as a word of its own ("nmap", not "nmap-dev")? */
static int names_word(const char *text, const char *name)
{
	size_t n = name ? strlen(name) : 0;
	const char *p;

	for (p = text; n && (p = strcasestr(p, name)); p++)
		if ((p == text || !isalnum((unsigned char)p[-1])) &&
		    !isalnum((unsigned char)p[n]))
			return 1;
	return 0;
}

/*
 * Does text name the tree: its remote's name (unless the remote is a
 * local path, a mirror's ".../repo"), or its folder's, as a word?
 */
static int names_tree(const struct imported *im, const char *text)
{
	const char *r = im->remote ? strchr(im->remote, '=') : NULL;
	int local;

	/* .git/config's "url = /work/.mirror/nmap+nmap/repo". */
	r = r ? r + 1 + strspn(r + 1, " \t") : im->remote;
	local = r && (r[0] == '/' || !strncmp(r, "file://", 7));

	return (!local && names_word(text, im->name)) ||
	       names_word(text, im->folder);
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
	const char *base = strrchr(im->root, '/');

	im->name = tree_project_name(im->root, &im->remote);
	im->folder = xstrdup(base && base[1] ? base + 1 : im->root);
	str_tolower(im->folder);
	/* A mirror's clone: its remote ends in ".../repo". */
	if (!strcmp(im->folder, im->name)) {
		free(im->folder);
		im->folder = NULL;
	}
}

/*
 * A licence text's family, from the words each family's texts use:
 * 1 GPL, 2 BSD, 3 MIT, 4 zlib, 5 Apache, 6 MPL, 7 public domain; 0 when
 * none (a note "distributed under the same terms as Nmap").
 */
static int licence_family(const char *text)
{
	static const char *const says[] = {
		"General Public License", "Redistribution and use",
		"Permission is hereby granted", "provided 'as-is'",
		"Apache License", "Mozilla Public License", "public domain",
	};
	size_t i;

	for (i = 0; i < sizeof(says) / sizeof(says[0]); i++)
		if (strcasestr(text, says[i]))
			return (int)i + 1;
	return 0;
}

static const char *const licence_names[] = {
	"LICENSE", "LICENSE.txt", "LICENSE.md", "LICENCE", "COPYING",
	"COPYING.txt", "COPYRIGHT", "LICENSE.TXT", "COPYING.LIB",
	"LICENSE-MIT", "LICENSE-APACHE", "LICENSE.rst", "COPYING.md",
	"LICENCE.md",
};

/* The family of the root's own licence file. */
static void root_family(struct imported *im)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < sizeof(licence_names) / sizeof(licence_names[0]) &&
		    !im->family; i++)
		if (!tree_read(im->root, licence_names[i], &sb)) {
			if (sb.len > 8192)
				strbuf_setlen(&sb, 8192);
			im->family = licence_family(sb.buf);
			strbuf_reset(&sb);
		}
	strbuf_release(&sb);
}

/* Does the tree hold a file named base (in any folder git tracks)? */
static int tree_has_base(struct imported *im, const char *path)
{
	const char *slash = strrchr(path, '/');

	return strmap_get(&im->bases, slash ? slash + 1 : path) != NULL;
}

static void base_line(void *data, const char *line, size_t n)
{
	struct imported *im = data;
	const char *slash = memrchr(line, '/', n);
	char *base = xstrndup(slash ? slash + 1 : line, slash ?
			      (size_t)(line + n - slash - 1) : n);

	*strmap_put(&im->bases, base) = (void *)1;
	free(base);
}

/* A word of a commit message that names a source file or archive. */
static int source_word(const char *w)
{
	static const char *const exts[] = {
		".c", ".h", ".cc", ".cpp", ".cxx", ".hpp", ".y", ".l", ".s",
		".S", ".py", ".pl", ".sh", ".lua", ".go", ".rs", ".js",
		".diff", ".patch", ".gz", ".tgz", ".bz2", ".xz", ".zip",
		".tar",
	};
	size_t i, n = strlen(w);

	for (i = 0; i < sizeof(exts) / sizeof(exts[0]); i++) {
		size_t k = strlen(exts[i]);

		if (n > k && !strcmp(w + n - k, exts[i]))
			return 1;
	}
	return 0;
}

struct added {
	struct imported *im;
	struct strbuf msg;
	char **files;
	size_t nr, alloc;
};

/*
 * The line of a commit message that says whence the files it adds
 * come: a provenance phrase and, a few words on, a URL of a source
 * file or archive, or a source file no folder of the tree has ("Based
 * on src/crypt/crypt_sha256.c from musl v1.2.3[0]"); not "based on a
 * patch by", nor the tree's own file ("based on the one in ziplist.c").
 */
static const char *whence(struct imported *im, const char *msg)
{
	static const char *const says[] = {
		"based on ", "derived from ", "imported from ", "taken from ",
		"copied from ", "ported from ", "adapted from ",
		"borrowed from ", "synced from ",
	};
	const char *line, *next;

	for (line = msg; *line; line = next) {
		size_t n = strcspn(line, "\n"), i;
		char *l = xstrndup(line, n), *p = NULL;

		next = line + n + (line[n] == '\n');
		for (i = 0; i < sizeof(says) / sizeof(says[0]) && !p; i++)
			p = strcasestr(l, says[i]);
		if (p && !strcasestr(p, "patch")) {
			int words = 0;

			p = strchr(p, ' ') + 1;
			p = strchr(p, ' ');
			while (p && *p && words++ < 8) {
				char *w;
				size_t k;

				p += strspn(p, " \t");
				k = strcspn(p, " \t");
				w = xstrndup(p, k);
				p += k;
				/* "musl v1.2.3[0]", "(src/x.c)": the word. */
				if (strchr(w, '['))
					*strchr(w, '[') = '\0';
				while (*w &&
				       strchr("()<>,;:\"'", w[strlen(w) - 1]))
					w[strlen(w) - 1] = '\0';
				k = strspn(w, "(<\"'");
				if (source_word(w + k) &&
				    (strstr(w + k, "://") ||
				     (w[k] != '/' &&
				      !tree_has_base(im, w + k)))) {
					free(w);
					free(l);
					return line;
				}
				free(w);
			}
		}
		free(l);
	}
	return NULL;
}

static void added_end(struct added *a)
{
	size_t i;
	const char *line;

	if (a->nr && a->nr <= 4 && (line = whence(a->im, a->msg.buf))) {
		size_t n = strcspn(line, "\n");
		char *note = xstrfmt("commit %.*s: \"%.*s\"",
				     (int)strcspn(a->msg.buf + 1, " \n"),
				     a->msg.buf + 1, (int)(n > 70 ? 70 : n),
				     line);

		for (i = 0; i < a->nr; i++)
			add_noted(a->im, a->files[i], strlen(a->files[i]),
				  IMPORTED_HISTORY, note);
		free(note);
	}
	for (i = 0; i < a->nr; i++)
		free(a->files[i]);
	a->nr = 0;
	strbuf_reset(&a->msg);
}

/* git log's "\1MESSAGE\2" then the names of the files the commit adds. */
static void added_line(void *data, const char *line, size_t n)
{
	struct added *a = data;
	const char *end;

	if (n && line[0] == '\1') {
		added_end(a);
		line++;
		n--;
		strbuf_addch(&a->msg, '\1');
	}
	if (a->msg.len && a->msg.buf[0] == '\1' &&
	    !memchr(a->msg.buf, '\2', a->msg.len)) {
		end = memchr(line, '\2', n);
		strbuf_add(&a->msg, line, end ? (size_t)(end - line) : n);
		strbuf_addch(&a->msg, end ? '\2' : '\n');
		return;
	}
	if (n) {
		ALLOC_GROW(a->files, a->nr + 1, a->alloc);
		a->files[a->nr++] = xstrndup(line, n);
	}
}

/*
 * Files whose adding commit says they come from elsewhere (util-linux's
 * lib/sha256.c: "Based on src/crypt/crypt_sha256.c from musl v1.2.3"),
 * a commit of four files at most.  Read once, with git's grep.
 */
static void history_imports(struct imported *im)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf out = STRBUF_INIT;
	struct added a = { im, STRBUF_INIT, NULL, 0, 0 };
	char *git = xstrfmt("%s/.git", im->root);
	struct stat st;

	if (stat(git, &st))
		goto out;
	git_cmd(&cp, NULL);
	strvec_pushl(&cp.args, "ls-files", "-z", NULL);
	cp.dir = im->root;
	cp.out = &out;
	cp.no_stderr = 1;
	if (!child_process_run(&cp)) {
		size_t i;

		for (i = 0; i < out.len; i++)
			if (!out.buf[i])
				out.buf[i] = '\n';
		tree_each_line(out.buf, base_line, im);
	}
	child_process_clear(&cp);
	strbuf_reset(&out);
	git_cmd(&cp, NULL);
	strvec_pushl(&cp.args, "log", "--diff-filter=A", "-i", "-E",
		     "--grep=(based on|derived from|imported from|taken from|"
		     "copied from|ported from|adapted from|borrowed from|"
		     "synced from)", "--format=%x01%h %B%x02", "--name-only",
		     NULL);
	cp.dir = im->root;
	cp.out = &out;
	cp.no_stderr = 1;
	if (!child_process_run(&cp))
		tree_each_line(out.buf, added_line, &a);
	added_end(&a);
	child_process_clear(&cp);
out:
	free(a.files);
	strbuf_release(&a.msg);
	free(git);
	strbuf_release(&out);
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
	root_family(im);
	history_imports(im);
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

	for (i = 0; i < im->nr; i++) {
		free(im->pattern[i]);
		free(im->note[i]);
	}
	free(im->pattern);
	free(im->note);
	free(im->by);
	free(im->root);
	free(im->name);
	free(im->remote);
	free(im->folder);
	strmap_clear(&im->bases, NULL);
	strmap_clear(&im->projects, NULL);
	strmap_clear(&im->dirs, NULL);
	strmap_clear(&im->licensed, free_licence);
	strmap_clear(&im->parents, NULL);
	memset(im, 0, sizeof(*im));
}

/* Each run of blanks and line ends one space: a phrase across lines. */
static void blanks_to_spaces(struct strbuf *sb)
{
	size_t r, w = 0;

	for (r = 0; r < sb->len; r++) {
		char c = isspace((unsigned char)sb->buf[r]) ? ' ' : sb->buf[r];

		if (c == ' ' && w && sb->buf[w - 1] == ' ')
			continue;
		sb->buf[w++] = c;
	}
	strbuf_setlen(sb, w);
}

/*
 * Does the README of folder dir (relative to the root) say its files come
 * from elsewhere?  What such a README says, in the trees seen: "These
 * source files come from the Rust standard library ... kept as close as
 * possible to upstream" (the kernel's rust/alloc/), "imported from",
 * "vendored", "copied from", "synced from"; or that others wrote them
 * and keep them: "This directory contains scripts and patches
 * contributed by users" (openvpn's contrib/README).
 */
static int readme_imported(struct imported *im, const char *dir)
{
	static const char *const names[] = {
		"README", "README.md", "README.rst", "README.txt",
	};
	static const char *const says[] = {
		"files come from", "imported from", "vendored", "copied from",
		"synced from", "close as possible to upstream",
		"is a copy of", "contributed by users", "user-contributed",
		"user contributed", "contributed by third parties",
		"maintained by their authors", "maintained by their respective",
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
			blanks_to_spaces(&sb);
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

/*
 * A folder that is a project of its own: a licence file of its own, of
 * another family than the tree's and not naming the tree, and its own
 * build, changelog, or a README that opens with the folder's name and
 * does not name the tree (nmap's libz/: zlib's LICENSE and CMakeLists;
 * libdnet-stripped/: a BSD LICENSE and configure.ac; liblinear/: a BSD
 * COPYRIGHT and "LIBLINEAR is a simple package").  The kernel's
 * libertas/ and usbip/ carry the GPL, as the tree does.
 */
static int own_build(struct imported *im, const char *dir, struct strbuf *why)
{
	static const char *const builds[] = {
		"configure.ac", "configure.in", "CMakeLists.txt", "meson.build",
		"ChangeLog", "NEWS", "CHANGES",
	};
	static const char *const readmes[] = {
		"README", "README.md", "README.txt", "README.rst",
	};
	void **slot = strmap_put(&im->projects, dir);
	const char *lic, *slash = strrchr(dir, '/'), *base, *what = NULL;
	struct strbuf sb = STRBUF_INIT;
	size_t i;
	int fam;

	if (*slot)
		goto out;
	*slot = (void *)1;
	lic = licence_of(im, dir);
	if (lic == none || !im->family || tree_read(im->root, lic, &sb))
		goto out;
	if (sb.len > 8192)
		strbuf_setlen(&sb, 8192);
	fam = licence_family(sb.buf);
	if (!fam || fam == im->family || names_tree(im, sb.buf))
		goto out;
	base = slash ? slash + 1 : dir;
	/* A README naming the tree says the folder is the tree's part. */
	for (i = 0; i < sizeof(readmes) / sizeof(readmes[0]); i++) {
		char *name = xstrfmt("%s/%s", dir, readmes[i]);
		int named;

		strbuf_reset(&sb);
		named = !tree_read(im->root, name, &sb) &&
			(sb.len > 4096 ? strbuf_setlen(&sb, 4096), 1 : 1) &&
			names_tree(im, sb.buf);
		free(name);
		if (named)
			goto out;
	}
	for (i = 0; i < sizeof(builds) / sizeof(builds[0]) && !what; i++) {
		char *name = xstrfmt("%s/%s/%s", im->root, dir, builds[i]);
		struct stat st;

		if (!lstat(name, &st) && S_ISREG(st.st_mode))
			what = builds[i];
		free(name);
	}
	for (i = 0; i < sizeof(readmes) / sizeof(readmes[0]) && !what; i++) {
		char *name = xstrfmt("%s/%s", dir, readmes[i]);
		size_t first;

		strbuf_reset(&sb);
		if (!tree_read(im->root, name, &sb)) {
			if (sb.len > 4096)
				strbuf_setlen(&sb, 4096);
			first = strcspn(sb.buf, "\n");
			sb.buf[first] = '\0';
			if (strlen(base) >= 3 && strcasestr(sb.buf, base) &&
			    (sb.buf[first] = '\n', !names_tree(im, sb.buf)))
				what = readmes[i];
		}
		free(name);
	}
	if (what)
		*slot = (void *)2;
out:
	strbuf_release(&sb);
	if (*slot == (void *)2 && why)
		strbuf_addf(why, "%s/ is a project of its own: its own licence "
			    "(%s), of another family than the tree's, and its "
			    "own build, changelog or README", dir,
			    licence_of(im, dir));
	return *slot == (void *)2;
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
				strbuf_addf(why, "%s: %s%s%s%s",
					    imported_by_name(im->by[i]), p,
					    im->note[i] ? " (" : "",
					    im->note[i] ? im->note[i] : "",
					    im->note[i] ? ")" : "");
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
		} else if (own_build(im, dir, why)) {
			by = IMPORTED_PROJECT;
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

/*
 * "$Id: fastcgi.h,v 1.1.1.1 2003/10/18 09:54:10 weigon Exp $": revision
 * 1.1.1.x is CVS's vendor branch, what "cvs import" of someone else's
 * sources makes; with a copyright line that does not name the tree.
 */
static int vendor_import(struct imported *im, const char *head,
			 struct strbuf *why)
{
	const char *p = strstr(head, ",v 1.1.1."), *c;
	size_t n;

	if (!p || !(c = strcasestr(head, "copyright")))
		return 0;
	n = strcspn(c, "\n");
	{
		char *line = xstrndup(c, n);
		int own = names_tree(im, line);

		free(line);
		if (own)
			return 0;
	}
	if (why) {
		const char *id = p;

		while (id > head && id[-1] != '$' && id[-1] != '\n')
			id--;
		strbuf_addf(why, "a CVS vendor import's revision: $%.*s",
			    (int)(strcspn(id, "$\n") > 60 ? 60 :
				  strcspn(id, "$\n")), id);
	}
	return 1;
}

/*
 * A file that cites a licence file beside it which the tree does not
 * have (lighttpd's src/compat/fastcgi.h: "See the file
 * \"LICENSE.TERMS\" for information on usage"): it came with that file
 * from elsewhere, and the file stayed there.
 */
static int licence_away(struct imported *im, const char *path,
			const char *head, struct strbuf *why)
{
	static const char *const says[] = { "see the file ", "in the file ",
					    "see file " };
	const char *p;
	size_t i;

	if (!im->root)
		return 0;
	for (i = 0; i < sizeof(says) / sizeof(says[0]); i++)
		for (p = head; (p = strcasestr(p, says[i])); p++) {
			const char *w = p + strlen(says[i]), *slash;
			size_t n;
			char *name, *dir;
			int found = 0;

			w += strspn(w, "\"'`<");
			n = strcspn(w, "\"'`> \t\n,;)");
			while (n && w[n - 1] == '.')
				n--;
			name = xstrndup(w, n);
			if (n < 5 || strchr(name, '/') ||
			    !(strcasestr(name, "licen") ||
			      strcasestr(name, "copying") ||
			      strcasestr(name, "copyright"))) {
				free(name);
				continue;
			}
			/* Beside it, or in a folder above it. */
			dir = xstrdup(path);
			while (!found) {
				char *full;
				struct stat st;

				slash = strrchr(dir, '/');
				if (slash)
					dir[slash - dir] = '\0';
				full = xstrfmt("%s/%s%s%s", im->root,
					       slash ? dir : "",
					       slash ? "/" : "", name);
				found = !lstat(full, &st);
				free(full);
				if (!slash)
					break;
			}
			free(dir);
			if (!found && why)
				strbuf_addf(why, "it cites a licence file the "
					    "tree does not have: %s", name);
			free(name);
			if (!found)
				return 1;
		}
	return 0;
}

/*
 * A text that says it is another project's manual: a sentence opening
 * "Below is", "This is", "The following is", "What follows is", then
 * "a (plain text) version / copy / conversion of" a manual or texinfo
 * source, not naming the tree ("Below is a plain text version of the
 * gnulib parse-datetime.texi-dd7a871 manual": util-linux's
 * Documentation/parse-date.txt).
 */
static int manual_copy(struct imported *im, const char *head,
		       struct strbuf *why)
{
	static const char *const opens[] = {
		"below is a ", "this is a ", "the following is a ",
		"what follows is a ", "this file is a ", "this document is a ",
	};
	static const char *const kinds[] = {
		"version of", "copy of", "conversion of", "rendering of",
		"excerpt of", "excerpt from",
	};
	static const char *const docs[] = { " manual", ".texi", "texinfo" };
	size_t i, k;

	for (i = 0; i < sizeof(opens) / sizeof(opens[0]); i++) {
		const char *p, *e;

		for (p = head; (p = strcasestr(p, opens[i])); p++) {
			char *sentence;
			int hit = 0;

			/* The sentence's first words, after a line's start. */
			if (p > head && !isspace((unsigned char)p[-1]))
				continue;
			for (e = p; *e && !(e[0] == '.' &&
					    isspace((unsigned char)e[1])) &&
				    !(e[0] == '\n' && e[1] == '\n'); e++)
				;
			sentence = xstrndup(p, (size_t)(e - p));
			for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
				const char *kp = strcasestr(sentence, kinds[k]);

				/* "a plain text version of": two words. */
				if (kp &&
				    kp - sentence - strlen(opens[i]) <= 12)
					hit = 1;
			}
			for (k = 0; hit && k < sizeof(docs) / sizeof(docs[0]);
			     k++)
				if (strcasestr(sentence, docs[k]))
					break;
			hit = hit && k < sizeof(docs) / sizeof(docs[0]) &&
			      !names_tree(im, sentence);
			if (hit && why)
				strbuf_addf(why, "a copy of another project's "
					    "manual: \"%.70s\"", sentence);
			free(sentence);
			if (hit)
				return 1;
		}
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
	else if (vendor_import(im, head, why))
		by = IMPORTED_VENDOR;
	else if (licence_away(im, path, head, why))
		by = IMPORTED_LICENCE_AWAY;
	else if (manual_copy(im, head, why))
		by = IMPORTED_MANUAL;
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
