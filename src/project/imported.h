/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Imported code: folders with an upstream of their own, which take
 * changes there first, and the evidence the tree gives of each: a git
 * submodule (.gitmodules), a path .gitattributes marks
 * linguist-vendored or linguist-generated, a folder git subtree brought
 * in (a "git-subtree-dir:" commit), a folder whose own README says it
 * comes from elsewhere, as rust/alloc/'s does, files a REUSE.toml,
 * .reuse/dep5 or debian/copyright stanza gives to other copyright
 * holders, a folder among several bundled ones each with a licence of
 * its own (deps/jemalloc/COPYING, deps/lua/COPYRIGHT), a folder that is
 * a project of its own (a licence of another family than the tree's,
 * not naming the tree, and its own build, ChangeLog or README: nmap's
 * libz/, libdnet-stripped/, liblinear/), files the commit that added
 * them says come from elsewhere ("Based on src/crypt/crypt_sha256.c
 * from musl", a file no folder of the tree has); and, from a file's own
 * first lines, another project's RCS id ($OpenBSD: ...$), a CVS vendor
 * import's revision ($Id: x.h,v 1.1.1.1 ...$), a licence file it cites
 * that the tree lacks ("See the file LICENSE.TERMS"), a text that says
 * it is another project's manual ("a plain text version of the gnulib
 * parse-datetime.texi manual"), a generated build
 * script (configure, config.guess, ltmain.sh, an autoconf-archive
 * macro with its serial) and a single-file library naming its own
 * project, version and licence.
 */
#ifndef PROJECT_IMPORTED_H
#define PROJECT_IMPORTED_H

#include <stddef.h>

#include "../lib/strmap.h"

struct strbuf;

enum imported_by {
	IMPORTED_NOT,
	IMPORTED_SUBMODULE,	/* .gitmodules "path = X" */
	IMPORTED_VENDORED,	/* .gitattributes linguist-vendored */
	IMPORTED_SUBTREE,	/* a commit's "git-subtree-dir: X" */
	IMPORTED_README,	/* a folder's README: "imported from" */
	IMPORTED_GENERATED,	/* .gitattributes linguist-generated */
	IMPORTED_REUSE,		/* REUSE.toml, dep5: other holders */
	IMPORTED_BUNDLED,	/* one of several folders with own licences */
	IMPORTED_RCS_ID,	/* $OpenBSD: ...$ of another project */
	IMPORTED_SCRIPT,	/* a generated build script */
	IMPORTED_LIBRARY,	/* a single-file library of its own */
	IMPORTED_FOLDER,	/* own licence, README naming its project */
	IMPORTED_THIRD_PARTY,	/* the root README: "third party ... X/" */
	IMPORTED_RFC,		/* a copy of an RFC or Internet-Draft */
	IMPORTED_PROJECT,	/* a folder that is a project of its own */
	IMPORTED_HISTORY,	/* the commit that added it says whence */
	IMPORTED_LICENCE_AWAY,	/* cites a licence file the tree lacks */
	IMPORTED_VENDOR,	/* a CVS vendor import's revision 1.1.1.x */
	IMPORTED_MANUAL,	/* a copy of another project's manual */
};

struct imported {
	char *root;
	char **pattern;		/* folders and patterns, as named */
	enum imported_by *by;
	char **note;		/* a pattern's own evidence, or NULL */
	size_t nr, alloc;
	struct strmap dirs;	/* folder -> its README says imported */
	struct strmap licensed;	/* folder -> has a licence file of its own */
	struct strmap parents;	/* folder -> its licensed sub-folders + 1 */
	char *name;		/* the tree's own name, lower case */
	char *remote;		/* its origin's URL, or NULL */
	char *folder;		/* the root folder's name, lower case */
	int family;		/* the root licence's family (0: unknown) */
	struct strmap bases;	/* base names of the files git tracks */
	struct strmap projects;	/* folder -> a project of its own (2) */
};

/*
 * What root's .gitmodules, .gitattributes and history (read once) say
 * is imported; root NULL: nothing.
 */
void imported_init(struct imported *im, const char *root);
void imported_release(struct imported *im);

/*
 * The evidence that path (relative to the root) is imported code, the
 * first the tree gives (its named folders and patterns, then the
 * READMEs of the folders that hold path, each read once), or
 * IMPORTED_NOT.
 */
enum imported_by imported_path(struct imported *im, const char *path);

/*
 * imported_path(), then what path's own first lines (buf) say: another
 * project's RCS id, a generated script, a library of its own.  why (may
 * be NULL) gets the evidence as a short phrase.
 */
enum imported_by imported_file(struct imported *im, const char *path,
			       const char *buf, size_t len,
			       struct strbuf *why);

/* "a git submodule", "a folder its README says is imported", ... */
const char *imported_by_name(enum imported_by by);

#endif
