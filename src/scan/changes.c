// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../lib/run.h"
#include "../lib/strbuf.h"
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

/* "N[,M]" at p: N and M (M defaults to 1); the end, or NULL. */
static const char *range(const char *p, unsigned long *first,
			 unsigned long *count)
{
	char *end;

	*first = strtoul(p, &end, 10);
	*count = 1;
	if (end == p)
		return NULL;
	if (*end == ',') {
		p = end + 1;
		*count = strtoul(p, &end, 10);
		if (end == p)
			return NULL;
	}
	if (*first > (1UL << 31) || *count > (1UL << 31))
		return NULL;
	return end;
}

/* "@@ -a[,b] +c[,d] @@": the lines it removes (b) and adds (c, d). */
static int parse_hunk(const char *line, unsigned long *removed,
		      struct change_range *r)
{
	unsigned long a, c, d;
	const char *p = line + 3;

	if (*p != '-' || !(p = range(p + 1, &a, removed)) ||
	    strncmp(p, " +", 2) || !(p = range(p + 2, &c, &d)) || *p != ' ')
		return -1;
	r->first = (unsigned)c;
	r->count = (unsigned)d;
	return 0;
}

/*
 * git quotes a path with bytes it finds odd (non-ASCII, tab, quote) as a
 * C string: "caf\303\251.md".  The path itself, or NULL (not one).
 */
static char *unquote(const char *q, size_t n, size_t *len)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	if (n < 2 || q[0] != '"' || q[n - 1] != '"')
		return NULL;
	for (i = 1; i < n - 1; i++) {
		char c = q[i];

		if (c != '\\') {
			strbuf_addch(&sb, c);
			continue;
		}
		if (++i >= n - 1)
			goto bad;
		c = q[i];
		if (c >= '0' && c <= '3' && i + 2 < n - 1 &&
		    q[i + 1] >= '0' && q[i + 1] <= '7' &&
		    q[i + 2] >= '0' && q[i + 2] <= '7') {
			strbuf_addch(&sb, (char)(((c - '0') << 6) |
					       ((q[i + 1] - '0') << 3) |
					       (q[i + 2] - '0')));
			i += 2;
			continue;
		}
		switch (c) {
		case 'a': strbuf_addch(&sb, '\a'); break;
		case 'b': strbuf_addch(&sb, '\b'); break;
		case 't': strbuf_addch(&sb, '\t'); break;
		case 'n': strbuf_addch(&sb, '\n'); break;
		case 'v': strbuf_addch(&sb, '\v'); break;
		case 'f': strbuf_addch(&sb, '\f'); break;
		case 'r': strbuf_addch(&sb, '\r'); break;
		case '"': case '\\': strbuf_addch(&sb, c); break;
		default: goto bad;
		}
	}
	*len = sb.len;
	return strbuf_detach(&sb, NULL);
bad:
	strbuf_release(&sb);
	return NULL;
}

/*
 * -z does not reach a patch's header: a quoted path is read back by
 * unquote(), and skipped when it cannot be.
 */
int changes_parse(const char *diff, struct changes *out)
{
	const char *p = diff;
	struct change_file *cur = NULL;
	unsigned long old_left = 0, new_left = 0;

	memset(out, 0, sizeof(*out));
	while (*p) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);

		if (old_left || new_left) {
			/* A hunk's body: "+++ x" here is an added line. */
			if (*p == '-' && old_left)
				old_left--;
			else if (*p == '+' && new_left)
				new_left--;
			else if (*p == ' ' && old_left && new_left)
				old_left--, new_left--;
			else if (*p != '\\')
				goto bad;
		} else if (len >= 4 && !strncmp(p, "+++ ", 4)) {
			const char *name = p + 4;
			size_t n = len - 4;

			cur = NULL;
			if (n && name[0] == '"') {
				size_t un;
				char *path = unquote(name, n, &un);

				if (path)
					cur = add_file(out, path, un);
				free(path);
			} else if (n && strncmp(name, "/dev/null", n)) {
				cur = add_file(out, name, n);
			}
		} else if (cur && len >= 3 && !strncmp(p, "@@ ", 3)) {
			struct change_range r;
			char *line = xstrndup(p, len);
			int rc = parse_hunk(line, &old_left, &r);

			free(line);
			if (rc)
				goto bad;
			new_left = r.count;
			if (r.count) {
				ALLOC_GROW(cur->ranges, cur->nr + 1, cur->alloc);
				cur->ranges[cur->nr++] = r;
			}
		}
		p += len;
		if (*p)
			p++;
	}
	if (old_left || new_left) {
		p = "(a hunk cut short)";
		goto bad;
	}
	return 0;
bad:
	changes_release(out);
	return error("cannot read git's diff at '%.*s'",
		     (int)strcspn(p, "\n") > 60 ? 60 : (int)strcspn(p, "\n"), p);
}

int changes_load(const char *root, const char *rev, int cached,
		 struct changes *out)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf diff = STRBUF_INIT;
	char *base = NULL;
	const char *tip = "HEAD", *dots;
	size_t i;
	int rc;

	memset(out, 0, sizeof(*out));
	/*
	 * BASE..TIP: a range whose tip need not be checked out (a pre-push
	 * hook's pushed branch); BASE.. is BASE..HEAD.
	 */
	if (rev && (dots = strstr(rev, "..")) && dots != rev &&
	    dots[2] != '.') {
		base = xstrndup(rev, (size_t)(dots - rev));
		if (dots[2])
			tip = dots + 2;
		rev = base;
	}
	git_cmd(&cp, NULL);
	strvec_pushl(&cp.args, "diff", "-U0", "--no-color", "--no-ext-diff",
		     "--no-prefix", "--diff-filter=d", NULL);
	if (rev)
		strvec_pushl(&cp.args, rev, tip, NULL);
	else if (cached)
		strvec_pushl(&cp.args, "--cached", "HEAD", NULL);
	else
		strvec_push(&cp.args, "HEAD");
	strvec_push(&cp.args, "--");
	cp.dir = root;
	cp.out = &diff;
	rc = child_process_run(&cp);
	if (rc) {
		error("git diff failed in '%s'%s%s%s%s", root,
		      rev ? " for " : "", rev ? rev : "", rev ? ".." : "",
		      rev ? tip : "");
		goto fail;
	}
	if (changes_parse(diff.buf, out))
		goto fail;
	strbuf_release(&diff);
	for (i = 0; i < out->nr; i++) {
		struct change_file *f = &out->v[i];

		if (rev || cached) {
			/* The blob git has: the tip's or the index's. */
			git_cmd(&cp, NULL);
			strvec_pushl(&cp.args, "cat-file", "blob", NULL);
			strvec_pushf(&cp.args, "%s:%s", rev ? tip : "",
				     f->path);
			cp.dir = root;
			cp.out = &f->content;
			rc = child_process_run(&cp);
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
	free(base);
	return 0;
fail:
	strbuf_release(&diff);
	free(base);
	return -1;
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
