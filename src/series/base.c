// SPDX-License-Identifier: GPL-2.0-or-later
/* What the base commit holds, read through git (series.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/run.h"
#include "../lib/strbuf.h"
#include "../lib/strmap.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "series.h"
#include "write.h"

/* cp begun as git in the checkout's top: the series' one door to git. */
void series_git_cmd(const struct series *c, struct child_process *cp)
{
	git_cmd(cp, c->root);
}

/* git ARGS... (up to a NULL) in the checkout's top, its output into out. */
int series_git(const struct series *c, struct strbuf *out, ...)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	const char *arg;
	va_list ap;

	series_git_cmd(c, &cp);
	va_start(ap, out);
	while ((arg = va_arg(ap, const char *)))
		strvec_push(&cp.args, arg);
	va_end(ap);
	cp.out = out;
	return child_process_run(&cp);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void chomp(struct strbuf *sb)
{
	while (sb->len && (sb->buf[sb->len - 1] == '\n' || sb->buf[sb->len - 1] == '\r'))
		strbuf_setlen(sb, sb->len - 1);
}

struct strbuf *series_blob(struct series *c, const char *path)
{
	void **slot = strmap_put(&c->blobs, path);

	if (!*slot) {
		struct child_process cp = CHILD_PROCESS_INIT;
		struct strbuf *sb = xcalloc(1, sizeof(*sb));
		char *spec = xstrfmt("%s:%s", c->base, path);

		strbuf_init(sb, 0);
		/*
		 * A path the base lacks (the tree changed since the scan)
		 * is the caller's to say, once, in its own words: git's
		 * "fatal: path ... does not exist" per file is noise.
		 */
		series_git_cmd(c, &cp);
		strvec_pushl(&cp.args, "cat-file", "blob", spec, NULL);
		cp.out = sb;
		cp.no_stderr = 1;
		if (child_process_run(&cp)) {
			strbuf_release(sb);
			free(sb);
			sb = NULL;
		}
		free(spec);
		*slot = sb ? (void *)sb : (void *)-1;
	}
	return *slot == (void *)-1 ? NULL : *slot;
}

/*
 * The base's content of every path the plan touches, with one git
 * cat-file --batch (a process per file cost seconds on a kernel); a path
 * with a newline, which --batch cannot name, is left to series_blob().
 */
static void preload_blobs(struct series *c)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf in = STRBUF_INIT, out = STRBUF_INIT;
	const char **asked = xcalloc(c->plan.nr + 1, sizeof(*asked));
	size_t i, n = 0, pos = 0;

	for (i = 0; i < c->plan.nr; i++) {
		const char *path = c->plan.v[i].path;

		if (strchr(path, '\n') || (n && !strcmp(asked[n - 1], path)) ||
		    strmap_get(&c->blobs, path))
			continue;
		asked[n++] = path;
		strbuf_addf(&in, "%s:%s\n", c->base, path);
	}
	series_git_cmd(c, &cp);
	strvec_pushl(&cp.args, "cat-file", "--batch", NULL);
	cp.in = in.buf;
	cp.in_len = in.len;
	cp.out = &out;
	if (n && !child_process_run(&cp)) {
		for (i = 0; i < n && pos < out.len; i++) {
			char *nl = memchr(out.buf + pos, '\n', out.len - pos);
			unsigned long size;
			struct strbuf *sb;
			char type[16];

			if (!nl)
				break;
			*nl = '\0';
			if (sscanf(out.buf + pos, "%*s %15s %lu", type, &size) != 2 ||
			    strcmp(type, "blob") ||
			    (size_t)(nl + 1 - out.buf) + size > out.len) {
				/* "missing": series_blob() says so later. */
				pos = (size_t)(nl + 1 - out.buf);
				continue;
			}
			sb = xcalloc(1, sizeof(*sb));
			strbuf_init(sb, 0);
			strbuf_add(sb, nl + 1, size);
			*strmap_put(&c->blobs, asked[i]) = sb;
			pos = (size_t)(nl + 1 - out.buf) + size + 1;
		}
	}
	child_process_clear(&cp);	/* not run when nothing is asked */
	free(asked);
	strbuf_release(&in);
	strbuf_release(&out);
}

/* The mode of every path the plan touches at the base, one ls-tree. */
static void preload_modes(struct series *c)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf out = STRBUF_INIT;
	size_t i;
	char *line, *next;

	series_git_cmd(c, &cp);
	strvec_pushl(&cp.args, "ls-tree", "-z", c->base, "--", NULL);
	for (i = 0; i < c->plan.nr; i++)
		if (i == 0 || strcmp(c->plan.v[i].path, c->plan.v[i - 1].path))
			strvec_push(&cp.args, c->plan.v[i].path);
	cp.out = &out;
	if (!child_process_run(&cp))
		for (line = out.buf; line && line < out.buf + out.len; line = next) {
			char *tab = strchr(line, '\t');

			next = line + strlen(line) + 1;
			if (tab && tab - line > 6)
				*strmap_put(&c->modes, tab + 1) =
					xstrndup(line, 6);
		}
	strbuf_release(&out);
}

static int parse_from(struct series *c, const char *from)
{
	const char *lt = strchr(from, '<'), *gt = lt ? strchr(lt, '>') : NULL;
	size_t n;

	if (!lt || !gt)
		return error("--from: '%s' is not \"Name <mail>\"", from);
	n = (size_t)(lt - from);
	while (n && from[n - 1] == ' ')
		n--;
	c->from_name = xstrndup(from, n);
	c->from_mail = xstrndup(lt + 1, (size_t)(gt - lt - 1));
	return 0;
}

static void free_blob(void *p)
{
	if (p != (void *)-1) {
		strbuf_release(p);
		free(p);
	}
}

/*
 * The checkout's top and git directory, and where the store's root lies
 * in it: a tree scanned from a subdirectory makes patches of the whole
 * checkout, its paths prefixed, so git and get_maintainer.pl read them.
 */
static int find_top(struct series *c)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf sb = STRBUF_INIT;
	char *top, *dir, *prefix, *end;

	/* Not a checkout is said below, once; git's own fatal line is not. */
	series_git_cmd(c, &cp);
	strvec_pushl(&cp.args, "rev-parse", "--show-toplevel",
		     "--absolute-git-dir", "--show-prefix", NULL);
	cp.out = &sb;
	cp.no_stderr = 1;
	if (child_process_run(&cp)) {
		strbuf_release(&sb);
		return error("'%s' is not in a git checkout: series needs one "
			     "(git init; git add -A; git commit)", c->root);
	}
	top = sb.buf;
	dir = strchr(top, '\n');
	prefix = dir ? strchr(dir + 1, '\n') : NULL;
	if (!prefix) {
		strbuf_release(&sb);
		return error("git rev-parse: no top-level directory for '%s'",
			     c->root);
	}
	*dir++ = '\0';
	*prefix++ = '\0';
	end = strchr(prefix, '\n');
	if (end)
		*end = '\0';
	free(c->root);
	c->root = xstrdup(top);
	c->git_dir = xstrdup(dir);
	c->prefix = xstrdup(prefix);
	strbuf_release(&sb);
	return 0;
}

/* The plan's paths, relative to the store's root, made the checkout's. */
static void prefix_paths(struct series *c)
{
	size_t i;

	for (i = 0; i < c->plan.nr; i++) {
		char *p = xstrfmt("%s%s", c->prefix, c->plan.v[i].path);

		free(c->plan.v[i].path);
		c->plan.v[i].path = p;
	}
}

/* The base commit and the author, from git where not given. */
static int find_base_and_author(struct series *c)
{
	struct strbuf sb = STRBUF_INIT, n = STRBUF_INIT, e = STRBUF_INIT;
	char *spec = xstrfmt("%s^{commit}", c->o->base_rev);
	int ret = 0;

	if (series_git(c, &sb, "rev-parse", "--verify", "-q", spec, NULL))
		ret = error("'%s' is no git commit in '%s': series needs a git "
			    "checkout (git init; git add -A; git commit)",
			    c->o->base_rev, c->root);
	free(spec);
	chomp(&sb);
	c->base = strbuf_detach(&sb, NULL);
	if (ret || c->from_name)
		return ret;
	if (series_git(c, &n, "config", "user.name", NULL) ||
	    series_git(c, &e, "config", "user.email", NULL)) {
		strbuf_release(&n);
		strbuf_release(&e);
		return error("no author: give --from \"Name <mail>\" or set git's "
			     "user.name and user.email");
	}
	chomp(&n);
	chomp(&e);
	c->from_name = strbuf_detach(&n, NULL);
	c->from_mail = strbuf_detach(&e, NULL);
	return 0;
}

int series_base_open(struct series *c)
{
	const char *from = c->o->from;

	return find_top(c) || (from && parse_from(c, from)) ||
	       find_base_and_author(c) ? -1 : 0;
}

void series_base_read(struct series *c)
{
	if (*c->prefix)
		prefix_paths(c);
	preload_blobs(c);
	preload_modes(c);
}

void series_base_list(struct series *c)
{
	size_t i, alloc = 0;

	if (c->listed)
		return;
	c->listed = 1;
	if (!series_git(c, &c->listing, "ls-tree", "-r", "-z", "--name-only",
			c->base, NULL))
		for (i = 0; i < c->listing.len;
		     i += strlen(c->listing.buf + i) + 1) {
			ALLOC_GROW(c->files, c->nfiles + 1, alloc);
			c->files[c->nfiles++] = c->listing.buf + i;
		}
	if (c->nfiles)
		qsort(c->files, c->nfiles, sizeof(*c->files), cmp_str);
}

/* The kernel release a tree's top Makefile names ("Linux 6.1.158"), or NULL. */
static char *kernel_release(struct series *c)
{
	static const char *const keys[] = {
		"VERSION", "PATCHLEVEL", "SUBLEVEL", "NAME",
	};
	struct strbuf *mk = series_blob(c, "Makefile");
	char val[4][64] = { "", "", "", "" };
	const char *line, *next;
	size_t k;

	if (!mk)
		return NULL;
	for (line = mk->buf; *line; line = next) {
		next = strchrnul(line, '\n');
		for (k = 0; k < 4; k++) {
			size_t l = strlen(keys[k]);

			if (!strncmp(line, keys[k], l) &&
			    !strncmp(line + l, " = ", 3) && !*val[k])
				snprintf(val[k], sizeof(val[k]), "%.*s",
					 (int)(next - line - l - 3),
					 line + l + 3);
		}
		if (*next)
			next++;
	}
	/* NAME = is the kernel's own: not any project's VERSION. */
	if (!*val[0] || !*val[1] || !*val[3])
		return NULL;
	return *val[2] ? xstrfmt("Linux %s.%s.%s", val[0], val[1], val[2]) :
			 xstrfmt("Linux %s.%s", val[0], val[1]);
}

/*
 * Upstream has a commit that a remote branch or a tag holds: its hash
 * names it.  Else only the release the tree is, if it says.
 */
static char *upstream_name(struct series *c, const char *commit)
{
	struct strbuf out = STRBUF_INIT;
	char *spec = xstrfmt("--contains=%s", commit), *name;

	if (!series_git(c, &out, "for-each-ref", "--count=1", spec,
			"--format=%(refname)", "refs/remotes/", "refs/tags/",
			NULL) && out.len) {
		name = xstrdup(commit);
	} else {
		name = kernel_release(c);
		if (!name)
			name = xstrdup("");
	}
	free(spec);
	strbuf_release(&out);
	return name;
}

const char *series_upstream(struct series *c, const char *commit)
{
	void **slot = strmap_put(&c->upstream, commit);

	if (!*slot)
		*slot = upstream_name(c, commit);
	return *slot;
}

void series_base_release(struct series *c)
{
	strmap_clear(&c->blobs, free_blob);
	strmap_clear(&c->modes, free);
	strbuf_release(&c->listing);
	free(c->files);
	free(c->base);
	free(c->root);
	free(c->git_dir);
	free(c->prefix);
	free(c->from_name);
	free(c->from_mail);
}
