// SPDX-License-Identifier: GPL-2.0-or-later
#include <string.h>

#include "path.h"

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
