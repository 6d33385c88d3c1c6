// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
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

/* .gitattributes: "PATTERN ... linguist-vendored" (not =false). */
static void attributes_line(void *data, const char *line, size_t n)
{
	size_t p = strcspn(line, " \t");
	char *attrs = xstrndup(line, n);

	if (*line != '#' && p < n &&
	    (strstr(attrs, " linguist-vendored") ||
	     strstr(attrs, "\tlinguist-vendored")) &&
	    !strstr(attrs, "linguist-vendored=false"))
		add_imported(data, line, p, IMPORTED_VENDORED);
	free(attrs);
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
	subtree_dirs(im);
}

void imported_release(struct imported *im)
{
	size_t i;

	for (i = 0; i < im->nr; i++)
		free(im->pattern[i]);
	free(im->pattern);
	free(im->by);
	free(im->root);
	strmap_clear(&im->dirs, NULL);
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

enum imported_by imported_path(struct imported *im, const char *path)
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
		    (!strchr(p, '/') && !fnmatch(p, base_of(path), 0)))
			return im->by[i];
	}
	for (slash = strchr(path, '/'); slash; slash = strchr(slash + 1, '/')) {
		char *dir = xstrndup(path, (size_t)(slash - path));
		int r = readme_imported(im, dir);

		free(dir);
		if (r)
			return IMPORTED_README;
	}
	return IMPORTED_NOT;
}
