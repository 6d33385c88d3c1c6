// SPDX-License-Identifier: GPL-2.0-or-later
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <glob.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic.h"
#include "outdir.h"
#include "path.h"
#include "strbuf.h"
#include "usage.h"
#include "xalloc.h"

/*
 * dir as an absolute path without "." or "..", whether or not it
 * exists ("-o ." is the working directory, never a name inside it).
 */
static char *absolute(const char *dir)
{
	char *copy, *parent, *base, *real, *ret;

	real = realpath(dir, NULL);
	if (real)
		return real;
	copy = xstrdup(dir);
	base = xstrdup(basename(copy));
	free(copy);
	copy = xstrdup(dir);
	parent = dirname(copy);
	real = realpath(parent, NULL);
	if (!real) {
		error_errno("cannot use '%s'", parent);
		ret = NULL;
	} else {
		ret = xstrfmt("%s/%s", strcmp(real, "/") ? real : "", base);
	}
	free(real);
	free(base);
	free(copy);
	return ret;
}

/* 1 if path holds the marker, else 0. */
static int marked(const char *path)
{
	char *m = xstrfmt("%s/" OUTDIR_MARKER, path);
	struct stat sb;
	int ret = !lstat(m, &sb) && S_ISREG(sb.st_mode);

	free(m);
	return ret;
}

/* The files under dir, relative to it, one a line (the marker's list). */
static struct strbuf *walk_list;
static size_t walk_skip;

static int walk_one(const char *path, const struct stat *sb, int flag,
		    struct FTW *ftw)
{
	(void)sb;
	if (ftw->level == 0 || flag == FTW_D || flag == FTW_DP)
		return 0;
	if (!strcmp(path + walk_skip, OUTDIR_MARKER))
		return 0;
	strbuf_addstr(walk_list, path + walk_skip);
	strbuf_addch(walk_list, '\n');
	return 0;
}

static int list_files(const char *dir, struct strbuf *out)
{
	walk_list = out;
	walk_skip = strlen(dir) + 1;
	if (nftw(dir, walk_one, 16, FTW_PHYS))
		return error_errno("cannot read '%s'", dir);
	return 0;
}

/*
 * 0 if every file under dir is one the marker lists; else -1 after an
 * error naming the first that is not.
 */
static int only_ours(const char *dir, const char *shown)
{
	struct strbuf have = STRBUF_INIT, listed = STRBUF_INIT;
	char *m = xstrfmt("%s/" OUTDIR_MARKER, dir), *line, *next;
	int ret = -1;

	/* Each file is looked for as "\nPATH\n" in "\n" + the list. */
	strbuf_addch(&listed, '\n');
	if (strbuf_read_file(&listed, m) < 0 || list_files(dir, &have))
		goto out;
	for (line = have.buf; *line; line = next) {
		char *want;

		next = strchr(line, '\n') + 1;
		want = xstrfmt("\n%.*s", (int)(next - line), line);
		if (!strstr(listed.buf, want)) {
			error("'%s/%.*s' was not written by linkmend: a run "
			      "replaces '%s' whole; move the file away", shown,
			      (int)(next - line - 1), line, shown);
			free(want);
			goto out;
		}
		free(want);
	}
	ret = 0;
out:
	free(m);
	strbuf_release(&have);
	strbuf_release(&listed);
	return ret;
}

/*
 * 1 if path holds nothing, or (ours_only) nothing but the marker or its
 * temporary file: a staging directory killed before it was marked.
 */
static int empty_dir(const char *path, int ours_only)
{
	DIR *d = opendir(path);
	struct dirent *de;
	int ret = 1;

	if (!d)
		return 0;
	while ((de = readdir(d)))
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..") &&
		    !(ours_only && !strncmp(de->d_name, OUTDIR_MARKER,
					    strlen(OUTDIR_MARKER)))) {
			ret = 0;
			break;
		}
	closedir(d);
	return ret;
}

/*
 * rm -rf dir, its marker last: a run killed half-way leaves a directory
 * still marked, which the next run removes.
 */
static int remove_marked(const char *dir)
{
	return remove_tree_last(dir, OUTDIR_MARKER);
}

/* The marker: a line saying what it is, then the files written. */
static int write_marker(const char *dir, const struct strbuf *files)
{
	static const char head[] =
		"# written by linkmend, which replaces this directory whole;\n"
		"# the files it wrote:\n";
	struct strbuf sb = STRBUF_INIT;
	char *m = xstrfmt("%s/" OUTDIR_MARKER, dir);
	int ret;

	strbuf_addstr(&sb, head);
	if (files)
		strbuf_add(&sb, files->buf, files->len);
	ret = atomic_write_file(m, sb.buf, sb.len, NULL);
	free(m);
	strbuf_release(&sb);
	return ret;
}

int outdir_begin(struct outdir *od, const char *dir, const char *what)
{
	struct stat sb;
	char *pattern;
	glob_t g;
	size_t i;

	od->staging = NULL;
	od->dir = absolute(dir);
	if (!od->dir)
		return -1;
	if (!lstat(od->dir, &sb)) {
		if (!S_ISDIR(sb.st_mode)) {
			error("'%s' is not a directory", dir);
			goto fail;
		}
		if (!marked(od->dir) && !empty_dir(od->dir, 0)) {
			error("'%s' holds files linkmend did not write; the %s "
			      "go in a new or empty directory", dir, what);
			goto fail;
		}
		if (marked(od->dir) && only_ours(od->dir, dir))
			goto fail;
	} else if (errno != ENOENT) {
		error_errno("cannot use '%s'", dir);
		goto fail;
	}
	/* What a killed run left beside dir, if it is linkmend's. */
	pattern = xstrfmt("%s.linkmend-new-*", od->dir);
	if (!glob(pattern, GLOB_NOSORT, NULL, &g)) {
		for (i = 0; i < g.gl_pathc; i++)
			if ((marked(g.gl_pathv[i]) ||
			     empty_dir(g.gl_pathv[i], 1)) &&
			    !remove_marked(g.gl_pathv[i]))
				warning("removed '%s', left by an interrupted "
					"run", g.gl_pathv[i]);
		globfree(&g);
	}
	free(pattern);
	od->staging = xstrfmt("%s.linkmend-new-%d", od->dir, (int)getpid());
	if (mkdir(od->staging, 0777)) {
		error_errno("cannot create '%s'", od->staging);
		free(od->staging);
		od->staging = NULL;
		goto fail;
	}
	if (write_marker(od->staging, NULL))
		goto fail;
	return 0;
fail:
	outdir_release(od);
	return -1;
}

int outdir_commit(struct outdir *od)
{
	struct strbuf files = STRBUF_INIT;
	int ret = list_files(od->staging, &files) ||
		  write_marker(od->staging, &files);

	strbuf_release(&files);
	if (ret)
		return -1;
	if (!renameat2(AT_FDCWD, od->staging, AT_FDCWD, od->dir,
		       RENAME_EXCHANGE)) {
		/* The old directory, now at the staging name. */
		if (remove_marked(od->staging))
			warning("the old output is left in '%s'", od->staging);
	} else if (errno != ENOENT || rename(od->staging, od->dir)) {
		return error_errno("cannot put the output in '%s'", od->dir);
	}
	free(od->staging);
	od->staging = NULL;
	return 0;
}

void outdir_release(struct outdir *od)
{
	if (od->staging && remove_marked(od->staging))
		warning("'%s' is left", od->staging);
	free(od->staging);
	free(od->dir);
	od->staging = od->dir = NULL;
}
