// SPDX-License-Identifier: GPL-2.0-or-later
#include <fnmatch.h>
#include <errno.h>
#include <ftw.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "path.h"
#include "usage.h"
#include "xalloc.h"

int path_normalize(char *path)
{
	char *r = path, *w = path;

	if (*path == '/')
		return -1;
	while (*r) {
		size_t n = strcspn(r, "/");

		if (n == 0 || (n == 1 && r[0] == '.')) {
			/* empty or "." component */
		} else if (n == 2 && r[0] == '.' && r[1] == '.') {
			return -1;
		} else {
			if (w != path)
				*w++ = '/';
			memmove(w, r, n);
			w += n;
		}
		r += n;
		if (*r == '/')
			r++;
	}
	*w = '\0';
	return 0;
}

int path_under(const char *path, const char *prefix)
{
	size_t l = strlen(prefix);

	return !l || (!strncmp(path, prefix, l) &&
		      (!path[l] || path[l] == '/'));
}

int path_under_any(const char *path, const char *const *prefixes, size_t n)
{
	size_t i;

	if (!n)
		return 1;
	for (i = 0; i < n; i++)
		if (path_under(path, prefixes[i]))
			return 1;
	return 0;
}

/* remove_tree_last()'s entry kept for last, and whether the top waits. */
static const char *remove_last;

static int remove_one(const char *path, const struct stat *st, int flag,
		      struct FTW *ftw)
{
	(void)st;
	if (remove_last && (ftw->level == 0 ||
			    (ftw->level == 1 &&
			     !strcmp(path + ftw->base, remove_last))))
		return 0;
	if ((flag == FTW_DP ? rmdir(path) : unlink(path)) && errno != ENOENT)
		return error_errno("cannot remove '%s'", path);
	return 0;
}

int remove_tree(const char *path)
{
	return remove_tree_last(path, NULL);
}

int remove_tree_last(const char *path, const char *last)
{
	char *l = last ? xstrfmt("%s/%s", path, last) : NULL;
	int ret = 0;

	remove_last = last;
	if (nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS) && errno != ENOENT)
		ret = -1;
	remove_last = NULL;
	if (!ret && l && unlink(l) && errno != ENOENT)
		ret = error_errno("cannot remove '%s'", l);
	if (!ret && l && rmdir(path) && errno != ENOENT)
		ret = error_errno("cannot remove '%s'", path);
	free(l);
	return ret;
}

void remove_leftovers(const char *pattern)
{
	glob_t g;
	size_t i;

	if (glob(pattern, GLOB_NOSORT, NULL, &g))
		return;
	for (i = 0; i < g.gl_pathc; i++)
		if (!remove_tree(g.gl_pathv[i]))
			warning("removed '%s', left by an interrupted run",
				g.gl_pathv[i]);
	globfree(&g);
}

int glob_match(const char *pattern, const char *s, int pathname)
{
	size_t n = strlen(pattern);

	if (pathname && n && pattern[n - 1] == '/')
		return !strncmp(s, pattern, n) ||
		       !fnmatch(pattern, s, FNM_LEADING_DIR);
	return !fnmatch(pattern, s, pathname ? FNM_PATHNAME | FNM_LEADING_DIR : 0);
}

char *path_find_up(const char *name)
{
	char dir[4096], *p;
	struct stat sb;

	if (!getcwd(dir, sizeof(dir)))
		return NULL;
	for (;;) {
		char *at = xstrfmt("%s/%s", strcmp(dir, "/") ? dir : "", name);

		if (!stat(at, &sb))
			return at;
		free(at);
		p = strrchr(dir, '/');
		if (!p || p == dir)
			return NULL;
		*p = '\0';
	}
}
