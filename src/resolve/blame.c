// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../lib/run.h"
#include "../lib/strbuf.h"
#include "../lib/xalloc.h"
#include "blame.h"

struct commit_time {
	char sha[41];
	long long at;
	int boundary;
};

static int run_blame(const char *root, const char *path, const unsigned *lines,
		     size_t n, struct strbuf *out)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	size_t i;

	git_cmd(&cp, root);
	strvec_pushl(&cp.args, "blame", "--porcelain", "-M", "-C", NULL);
	for (i = 0; i < n; i++) {
		strvec_push(&cp.args, "-L");
		strvec_pushf(&cp.args, "%u,%u", lines[i], lines[i]);
	}
	strvec_pushl(&cp.args, "--", path, NULL);
	cp.out = out;
	cp.no_stderr = 1;
	return child_process_run(&cp) ? -1 : 0;
}

int blame_lines(const char *root, const char *path, const unsigned *lines,
		size_t n, long long *dates, char (*commits)[41], int *first)
{
	struct strbuf out = STRBUF_INIT;
	struct commit_time *ct = NULL;
	size_t nct = 0, act = 0, i, k;
	char *p, *end, cur[41] = "";
	unsigned final = 0;

	if (!n)
		return 0;
	if (run_blame(root, path, lines, n, &out)) {
		strbuf_release(&out);
		return -1;
	}
	for (i = 0; i < n; i++) {
		dates[i] = 0;
		if (commits)
			commits[i][0] = '\0';
		if (first)
			first[i] = 0;
	}
	/*
	 * Porcelain: "<sha> <orig> <final> [<count>]" opens each line; the
	 * first time a commit appears its headers follow (author-time ...);
	 * the line itself follows a tab.
	 */
	for (p = out.buf; p < out.buf + out.len; p = end + 1) {
		end = memchr(p, '\n', (size_t)(out.buf + out.len - p));
		if (!end)
			end = out.buf + out.len;
		if (*p == '\t')
			continue;
		if (end - p > 41 && p[40] == ' ' && strspn(p, "0123456789abcdef") == 40) {
			memcpy(cur, p, 40);
			cur[40] = '\0';
			if (sscanf(p + 41, "%*u %u", &final) != 1)
				final = 0;
			for (i = 0; i < n; i++) {
				if (lines[i] != final)
					continue;
				if (commits)
					memcpy(commits[i], cur, 41);
				for (k = 0; k < nct; k++)
					if (!strcmp(ct[k].sha, cur)) {
						dates[i] = ct[k].at;
						if (first)
							first[i] = ct[k].boundary;
					}
			}
			continue;
		}
		/* "boundary" follows the headers of the history's first commit. */
		if (end - p == 8 && !memcmp(p, "boundary", 8) && nct &&
		    !strcmp(ct[nct - 1].sha, cur)) {
			ct[nct - 1].boundary = 1;
			for (i = 0; first && i < n; i++)
				if (lines[i] == final)
					first[i] = 1;
			continue;
		}
		if (!strncmp(p, "author-time ", 12) && *cur) {
			long long at = strtoll(p + 12, NULL, 10);

			/* Uncommitted lines have the zero commit: no date. */
			if (strspn(cur, "0") == 40)
				at = 0;
			ALLOC_GROW(ct, nct + 1, act);
			memcpy(ct[nct].sha, cur, 41);
			ct[nct].boundary = 0;
			ct[nct++].at = at;
			for (i = 0; i < n; i++)
				if (lines[i] == final)
					dates[i] = at;
		}
	}
	free(ct);
	strbuf_release(&out);
	return 0;
}

struct blame_pool {
	pthread_mutex_t lock;
	const char *root;
	struct blame_file *f;
	size_t n, next;
};

static void *blame_worker(void *arg)
{
	struct blame_pool *p = arg;

	for (;;) {
		struct blame_file *f;

		pthread_mutex_lock(&p->lock);
		f = p->next < p->n ? &p->f[p->next++] : NULL;
		pthread_mutex_unlock(&p->lock);
		if (!f)
			return NULL;
		f->ret = blame_lines(p->root, f->path, f->lines, f->n, f->dates,
				     f->commits, f->first);
	}
}

void blame_files(const char *root, struct blame_file *f, size_t n, int jobs)
{
	struct blame_pool p = { PTHREAD_MUTEX_INITIALIZER, root, f, n, 0 };
	pthread_t *t;
	int i, started;

	if (jobs < 1)
		jobs = 1;
	if ((size_t)jobs > n)
		jobs = n ? (int)n : 1;
	t = xcalloc((size_t)jobs, sizeof(*t));
	/* Fewer threads when the system refuses one; at worst this one. */
	for (started = 0; started < jobs; started++)
		if (pthread_create(&t[started], NULL, blame_worker, &p))
			break;
	if (!started)
		blame_worker(&p);
	for (i = 0; i < started; i++)
		pthread_join(t[i], NULL);
	free(t);
}
