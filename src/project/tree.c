// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../lib/strbuf.h"
#include "../lib/xalloc.h"
#include "tree.h"

int tree_read(const char *root, const char *name, struct strbuf *sb)
{
	char *path = xstrfmt("%s/%s", root, name);
	struct stat st;
	int ret = -1;

	if (!lstat(path, &st) && S_ISREG(st.st_mode))
		ret = strbuf_read_file(sb, path);
	free(path);
	return ret;
}

void tree_each_line(const char *text,
		    void (*fn)(void *data, const char *line, size_t n),
		    void *data)
{
	const char *line, *next;

	for (line = text; *line; line = next) {
		size_t n = strcspn(line, "\n");

		next = line + n + (line[n] == '\n');
		fn(data, line, n);
	}
}

void tree_each_line_of(const char *root, const char *name,
		       void (*fn)(void *data, const char *line, size_t n),
		       void *data)
{
	struct strbuf sb = STRBUF_INIT;

	if (!tree_read(root, name, &sb))
		tree_each_line(sb.buf, fn, data);
	strbuf_release(&sb);
}
