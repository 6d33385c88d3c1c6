// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
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

struct remote_name {
	char *name, *remote;
};

/* .git/config: the first "url = " line's last part names the project. */
static void remote_line(void *data, const char *line, size_t n)
{
	struct remote_name *r = data;
	const char *end = line + n, *p;

	while (n && isspace((unsigned char)*line)) {
		line++;
		n--;
	}
	if (r->name || n < 6 || strncmp(line, "url", 3) ||
	    !memchr(line, '=', n))
		return;
	while (end > line && (end[-1] == '/' || isspace((unsigned char)end[-1])))
		end--;
	if (end - line > 4 && !strncmp(end - 4, ".git", 4))
		end -= 4;
	for (p = end; p > line && !strchr("/:=", p[-1]); p--)
		;
	if (p < end) {
		r->name = xstrndup(p, (size_t)(end - p));
		r->remote = xstrndup(line, (size_t)(end - line));
	}
}

char *tree_project_name(const char *root, char **remote)
{
	struct remote_name r = { NULL, NULL };
	const char *base;

	tree_each_line_of(root, ".git/config", remote_line, &r);
	if (!r.name) {
		base = strrchr(root, '/');
		base = base && base[1] ? base + 1 : root;
		r.name = xstrdup(base);
	}
	str_tolower(r.name);
	if (remote)
		*remote = r.remote;
	else
		free(r.remote);
	return r.name;
}
