// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/run.h"
#include "../lib/strbuf.h"
#include "../lib/strmap.h"
#include "../lib/strvec.h"
#include "../lib/xalloc.h"
#include "../net/net.h"
#include "dating.h"

/* The items of one file as it is now, and the names it had before. */
struct lineage {
	size_t *items;
	size_t n, alloc;
};

struct dating {
	struct dating_item *v;
	struct strmap names;	/* a name the file had -> lineage + 1 */
	struct lineage *l;
	size_t nl, al;
	/* The commit being read, and the file of the diff at hand. */
	char sha[41];
	long long at;
	int root;
	long cur;
	int in_hunk;
	int created;		/* the diff at hand creates its file */
	/* A pass's creation commits, and the names find_origins() adds. */
	struct strvec shas;
	struct strvec next;
	int ok;
	int progress;
	size_t commits, total;	/* read; in the files' history (a tty's) */
	long long start_ms;
	size_t n;
};

static long lineage_of(struct dating *d, const char *name)
{
	return (long)(size_t)strmap_get(&d->names, name) - 1;
}

/* git in root, paths taken as they are and written unquoted. */
static void dating_git(struct child_process *cp, const char *root)
{
	git_cmd(cp, root);
	strvec_pushl(&cp->args, "--literal-pathspecs", "-c",
		     "core.quotePath=false", NULL);
	cp->no_stderr = 1;
}

/* diff-tree -M -C: "R086<TAB>old<TAB>new" gives new's lineage old's name. */
static void on_origin(char *line, size_t len, void *data)
{
	struct dating *d = data;
	char *old, *new;
	long l;

	if (len < 4 || (line[0] != 'R' && line[0] != 'C') ||
	    !(old = strchr(line, '\t')) || !(new = strchr(old + 1, '\t')))
		return;
	*new++ = '\0';
	old++;
	l = lineage_of(d, new);
	if (l >= 0 && lineage_of(d, old) < 0) {
		*strmap_put(&d->names, old) = (void *)(size_t)(l + 1);
		strvec_push(&d->next, old);
	}
}

/*
 * The names the files had before git renamed or copied them there: the
 * renames and copies of the commits that created them (d->shas, which
 * the last pass of the history saw) into d->next.
 */
static void find_origins(const char *root, struct dating *d)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf in = STRBUF_INIT;
	size_t i;

	strvec_clear(&d->next);
	if (!d->shas.nr)
		return;
	for (i = 0; i < d->shas.nr; i++)
		strbuf_addf(&in, "%s\n", d->shas.v[i]);
	dating_git(&cp, root);
	strvec_pushl(&cp.args, "diff-tree", "--relative", "--stdin", "-r",
		     "-M", "-C", "--name-status", NULL);
	cp.in = in.buf;
	cp.in_len = in.len;
	cp.line_fn = on_origin;
	cp.line_data = d;
	child_process_run(&cp);
	strbuf_release(&in);
}

/* A commit that created one of the names, once. */
static void add_creation(struct dating *d)
{
	size_t i;

	for (i = 0; i < d->shas.nr; i++)
		if (!strcmp(d->shas.v[i], d->sha))
			return;
	strvec_push(&d->shas, d->sha);
}

/*
 * "dating N links: M/T commits  R/s  ETA Ss"; an older name's history
 * comes past T, and has no total.
 */
static void say_progress(const struct dating *d)
{
	double secs = (double)(net_now_ms() - d->start_ms) / 1000.0;
	double rate = secs > 0 ? (double)d->commits / secs : 0;

	if (d->total && d->commits <= d->total)
		fprintf(stderr, "\rresolve: dating %zu links: %zu/%zu commits  "
			"%.0f/s  ETA %.0fs   ", d->n, d->commits, d->total, rate,
			rate > 0 ? (double)(d->total - d->commits) / rate : 0.0);
	else
		fprintf(stderr, "\rresolve: dating %zu links: %zu commits read  "
			"%.0f/s          ", d->n, d->commits, rate);
}

/* How many commits the files' history holds: the progress's total. */
static size_t count_commits(const char *root, const struct strvec *names)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf out = STRBUF_INIT;
	size_t i, n = 0;

	dating_git(&cp, root);
	strvec_pushl(&cp.args, "rev-list", "--count", "HEAD", "--", NULL);
	for (i = 0; i < names->nr; i++)
		strvec_push(&cp.args, names->v[i]);
	cp.out = &out;
	if (!child_process_run(&cp))
		n = (size_t)strtoull(out.buf, NULL, 10);
	strbuf_release(&out);
	return n;
}

/* git log --reverse -p -U0: each added line that holds a URL of its file. */
static void on_log(char *line, size_t len, void *data)
{
	struct dating *d = data;
	struct lineage *l;
	size_t i;

	if (line[0] == '\001') {
		char *end;

		d->ok = 1;
		if (d->progress && !(++d->commits % 500))
			say_progress(d);
		memcpy(d->sha, line + 1, 40);
		d->sha[40] = '\0';
		d->at = strtoll(line + 42, &end, 10);
		/* No parent: the history's first commit. */
		d->root = !*end || !end[1];
		d->cur = -1;
		d->in_hunk = 0;
		return;
	}
	if (!strncmp(line, "diff --git ", 11)) {
		d->cur = -1;
		d->in_hunk = 0;
		d->created = 0;
		return;
	}
	if (!d->in_hunk && !strncmp(line, "new file mode ", 14)) {
		d->created = 1;
		return;
	}
	if (!d->in_hunk && !strncmp(line, "+++ ", 4)) {
		d->cur = strncmp(line + 4, "b/", 2) ? -1 :
			 lineage_of(d, line + 6);
		if (d->cur >= 0 && d->created)
			add_creation(d);
		return;
	}
	if (!strncmp(line, "@@ ", 3)) {
		d->in_hunk = 1;
		return;
	}
	if (!d->in_hunk || d->cur < 0 || line[0] != '+' || len < 4 ||
	    !memmem(line, len, "://", 3))
		return;
	l = &d->l[d->cur];
	for (i = 0; i < l->n; i++) {
		struct dating_item *it = &d->v[l->items[i]];

		if ((!it->date || d->at < it->date) && strstr(line + 1, it->url)) {
			it->date = d->at;
			memcpy(it->commit, d->sha, 41);
			it->first = d->root;
		}
	}
}

int dating_run(const char *root, struct dating_item *v, size_t n,
	       int progress)
{
	struct dating d;
	struct strvec names = STRVEC_INIT;
	size_t i, round;
	int ret;

	memset(&d, 0, sizeof(d));
	d.v = v;
	d.n = n;
	d.progress = progress;
	for (i = 0; i < n; i++) {
		void **slot = strmap_put(&d.names, v[i].path);
		struct lineage *l;

		v[i].date = 0;
		v[i].commit[0] = '\0';
		v[i].first = 0;
		if (!*slot) {
			ALLOC_GROW(d.l, d.nl + 1, d.al);
			memset(&d.l[d.nl], 0, sizeof(d.l[d.nl]));
			*slot = (void *)(++d.nl);
			strvec_push(&names, v[i].path);
		}
		l = &d.l[(size_t)*slot - 1];
		ALLOC_GROW(l->items, l->n + 1, l->alloc);
		l->items[l->n++] = i;
	}
	d.start_ms = net_now_ms();
	if (progress)
		d.total = count_commits(root, &names);
	/*
	 * The files' history, then that of the names they had before (a
	 * file renamed twice: a round each), each pass finding the commits
	 * that created the names it read.
	 */
	for (round = 0, ret = 0; round < 8 && names.nr; round++) {
		struct child_process cp = CHILD_PROCESS_INIT;
		int r;

		dating_git(&cp, root);
		strvec_pushl(&cp.args, "log", "--relative", "--reverse", "-p",
			     "-U0", "--no-renames", "--no-color",
			     "--no-ext-diff", "--no-textconv",
			     "--format=%x01%H %at %P", "--", NULL);
		for (i = 0; i < names.nr; i++)
			strvec_push(&cp.args, names.v[i]);
		strvec_clear(&d.shas);
		cp.line_fn = on_log;
		cp.line_data = &d;
		r = child_process_run(&cp);
		/* The files' own history must read; an older name's may not. */
		if (!round && (r || !d.ok)) {
			ret = -1;
			break;
		}
		if (r)
			break;
		find_origins(root, &d);
		strvec_clear(&names);
		for (i = 0; i < d.next.nr; i++)
			strvec_push(&names, d.next.v[i]);
	}
	if (d.progress && d.commits >= 500)
		fprintf(stderr, "\rresolve: dating %zu links: %zu commits "
			"read\n", n, d.commits);
	for (i = 0; i < d.nl; i++)
		free(d.l[i].items);
	free(d.l);
	strmap_clear(&d.names, NULL);
	strvec_clear(&d.shas);
	strvec_clear(&d.next);
	strvec_clear(&names);
	return ret;
}
