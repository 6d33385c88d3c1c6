// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../lib/run.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "changes.h"

static struct change_file *add_file(struct changes *c, const char *path,
				    size_t len)
{
	struct change_file *f;

	ALLOC_GROW(c->v, c->nr + 1, c->alloc);
	f = &c->v[c->nr++];
	memset(f, 0, sizeof(*f));
	f->path = xstrndup(path, len);
	strbuf_init(&f->content, 0);
	return f;
}

/* "@@ -a[,b] +c[,d] @@": the added range c, d (d defaults to 1). */
static int parse_hunk(const char *line, struct change_range *r)
{
	const char *p = strstr(line, " +");
	char *end;
	unsigned long first, count = 1;

	if (!p)
		return -1;
	first = strtoul(p + 2, &end, 10);
	if (end == p + 2)
		return -1;
	if (*end == ',') {
		const char *q = end + 1;

		count = strtoul(q, &end, 10);
		if (end == q)
			return -1;
	}
	if (*end != ' ' || first > (1UL << 31) || count > (1UL << 31))
		return -1;
	r->first = (unsigned)first;
	r->count = (unsigned)count;
	return 0;
}

/*
 * With --no-prefix and -z unavailable for patches, git quotes odd paths
 * ("a\tb"); such files are taken by their quoted name and skipped when
 * the name cannot be read back.
 */
int changes_parse(const char *diff, struct changes *out)
{
	const char *p = diff;
	struct change_file *cur = NULL;

	memset(out, 0, sizeof(*out));
	while (*p) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);

		if (len >= 4 && !strncmp(p, "+++ ", 4)) {
			const char *name = p + 4;
			size_t n = len - 4;

			cur = NULL;
			if (n && name[0] != '"' && strncmp(name, "/dev/null", n))
				cur = add_file(out, name, n);
		} else if (cur && len >= 3 && !strncmp(p, "@@ ", 3)) {
			struct change_range r;
			char *line = xstrndup(p, len);

			if (parse_hunk(line, &r)) {
				free(line);
				changes_release(out);
				return error("cannot read git's diff: '%.60s'", p);
			}
			free(line);
			if (r.count) {
				ALLOC_GROW(cur->ranges, cur->nr + 1, cur->alloc);
				cur->ranges[cur->nr++] = r;
			}
		}
		p += len;
		if (*p)
			p++;
	}
	return 0;
}

int changes_load(const char *root, const char *rev, int cached,
		 struct changes *out)
{
	const char *argv[12];
	struct strbuf diff = STRBUF_INIT;
	size_t i, k = 0;
	int rc;

	memset(out, 0, sizeof(*out));
	argv[k++] = "git";
	argv[k++] = "diff";
	argv[k++] = "-U0";
	argv[k++] = "--no-color";
	argv[k++] = "--no-ext-diff";
	argv[k++] = "--no-prefix";
	argv[k++] = "--diff-filter=d";
	if (rev) {
		argv[k++] = rev;
		argv[k++] = "HEAD";
	} else {
		if (cached)
			argv[k++] = "--cached";
		argv[k++] = "HEAD";
	}
	argv[k++] = "--";
	argv[k] = NULL;
	rc = run_command(argv, root, NULL, 0, &diff, NULL);
	if (rc) {
		strbuf_release(&diff);
		return error("git diff failed in '%s'%s%s", root,
			     rev ? " for " : "", rev ? rev : "");
	}
	if (changes_parse(diff.buf, out)) {
		strbuf_release(&diff);
		return -1;
	}
	strbuf_release(&diff);
	for (i = 0; i < out->nr; i++) {
		struct change_file *f = &out->v[i];

		if (rev || cached) {
			/* The blob git has: HEAD's or the index's. */
			char *spec = xstrfmt("%s:%s", rev ? "HEAD" : "", f->path);
			const char *show[] = { "git", "cat-file", "blob", spec, NULL };

			rc = run_command(show, root, NULL, 0, &f->content, NULL);
			free(spec);
		} else {
			char *path = xstrfmt("%s/%s", root, f->path);
			struct stat st;

			/* A symlink or a submodule holds no text of ours. */
			rc = lstat(path, &st) || !S_ISREG(st.st_mode) ? -1 :
			     strbuf_read_file(&f->content, path);
			free(path);
		}
		if (rc) {
			warning("'%s': not a file git or the tree can give; "
				"its links are not checked", f->path);
			strbuf_reset(&f->content);
			f->nr = 0;
		}
	}
	return 0;
}

void changes_release(struct changes *c)
{
	size_t i;

	for (i = 0; i < c->nr; i++) {
		free(c->v[i].path);
		strbuf_release(&c->v[i].content);
		free(c->v[i].ranges);
	}
	free(c->v);
	memset(c, 0, sizeof(*c));
}

int change_has_line(const struct change_file *f, unsigned line)
{
	size_t i;

	for (i = 0; i < f->nr; i++)
		if (line >= f->ranges[i].first &&
		    line - f->ranges[i].first < f->ranges[i].count)
			return 1;
	return 0;
}
