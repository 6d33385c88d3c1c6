/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Imported code: folders with an upstream of their own, which take
 * changes there first, and the evidence the tree gives of each: a git
 * submodule (.gitmodules), a path .gitattributes marks
 * linguist-vendored, a folder git subtree brought in (a
 * "git-subtree-dir:" commit), a folder whose own README says it comes
 * from elsewhere, as rust/alloc/'s does.
 */
#ifndef PROJECT_IMPORTED_H
#define PROJECT_IMPORTED_H

#include <stddef.h>

#include "../lib/strmap.h"

enum imported_by {
	IMPORTED_NOT,
	IMPORTED_SUBMODULE,	/* .gitmodules "path = X" */
	IMPORTED_VENDORED,	/* .gitattributes linguist-vendored */
	IMPORTED_SUBTREE,	/* a commit's "git-subtree-dir: X" */
	IMPORTED_README,	/* a folder's README: "imported from" */
};

struct imported {
	char *root;
	char **pattern;		/* folders and patterns, as named */
	enum imported_by *by;
	size_t nr, alloc;
	struct strmap dirs;	/* folder -> its README says imported */
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

/* "a git submodule", "a folder its README says is imported", ... */
const char *imported_by_name(enum imported_by by);

#endif
