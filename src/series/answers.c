// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * get_maintainer.pl's answers kept in the store (series.h): what the
 * script answered for a patch is asked for again by the next series on
 * the same tree, which seldom moves between two runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../lib/run.h"
#include "../lib/strbuf.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "../project/route.h"
#include "series.h"
#include "write.h"

struct answers {
	struct store *st;
	char *revision;
	int failed;		/* the store failed once: said, not again */
};

/*
 * What the script reads of the tree besides the patch: MAINTAINERS for
 * the sections, itself, .mailmap for the addresses, and its settings
 * (--no-git: no history).  A .yaml file's own maintainers are the
 * commit's.
 */
static const char *const read_by_script[] = {
	"MAINTAINERS", "scripts/get_maintainer.pl", ".mailmap",
	".get_maintainer.conf", ".get_maintainer.ignore",
};

/*
 * The checkout's revision as the script sees it: HEAD's commit and the
 * blobs of the files it reads as the work tree has them, so that a
 * MAINTAINERS edited and not committed is another revision.  NULL after
 * a warning where git cannot say.
 */
static char *revision(const struct series *c)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf head = STRBUF_INIT, blobs = STRBUF_INIT;
	struct strbuf rev = STRBUF_INIT;
	const char *present[sizeof(read_by_script) / sizeof(read_by_script[0])];
	const char *line;
	size_t i, n = 0;

	for (i = 0; i < sizeof(read_by_script) / sizeof(read_by_script[0]);
	     i++) {
		char *path = xstrfmt("%s/%s", c->root, read_by_script[i]);

		if (!access(path, R_OK))
			present[n++] = read_by_script[i];
		free(path);
	}
	if (series_git(c, &head, "rev-parse", "--verify", "-q", "HEAD",
		       NULL) || !head.len)
		goto fail;
	series_git_cmd(c, &cp);
	strvec_pushl(&cp.args, "hash-object", "--", NULL);
	for (i = 0; i < n; i++)
		strvec_push(&cp.args, present[i]);
	cp.out = &blobs;
	if (n && child_process_run(&cp))
		goto fail;
	strbuf_addf(&rev, "HEAD %.*s", (int)strcspn(head.buf, "\n"),
		    head.buf);
	for (i = 0, line = blobs.buf; i < n; i++) {
		size_t len = strcspn(line, "\n");

		if (!len)
			goto fail;
		strbuf_addf(&rev, "\n%s %.*s", present[i], (int)len, line);
		line += len + (line[len] == '\n');
	}
	strbuf_release(&head);
	strbuf_release(&blobs);
	return strbuf_detach(&rev, NULL);
fail:
	warning("cannot name the revision of '%s': get_maintainer.pl's "
		"answers are not kept", c->root);
	strbuf_release(&head);
	strbuf_release(&blobs);
	strbuf_release(&rev);
	return NULL;
}

static void store_failed(struct answers *a, const char *what)
{
	if (!a->failed)
		warning("get_maintainer.pl's answers are not %s the store: "
			"the script is asked instead", what);
	a->failed = 1;
}

static int get_answer(void *data, const struct route_question *q,
		      char **answer)
{
	struct answers *a = data;
	struct store_routing r = { a->revision, q->files, q->keywords,
				   q->options, NULL };

	*answer = NULL;
	if (!a->revision || a->failed)
		return 0;
	if (store_get_routing(a->st, &r, answer)) {
		store_failed(a, "read from");
		return -1;
	}
	return 0;
}

static int put_answers(void *data, const struct route_question *q,
		       char *const *answer, size_t n)
{
	struct answers *a = data;
	struct store_routing *r;
	size_t i;
	int ret;

	if (!a->revision || a->failed || !n)
		return 0;
	r = xcalloc(n, sizeof(*r));
	for (i = 0; i < n; i++) {
		r[i].revision = a->revision;
		r[i].files = q[i].files;
		r[i].keywords = q[i].keywords;
		r[i].options = q[i].options;
		r[i].answer = answer[i];
	}
	ret = store_begin(a->st);
	if (!ret && (store_put_routing(a->st, r, n, (long long)time(NULL)) ||
		     store_commit(a->st))) {
		store_rollback(a->st);
		ret = -1;
	}
	if (ret)
		store_failed(a, "kept in");
	free(r);
	return ret;
}

void series_answers_begin(struct series *c, struct route_memo *memo)
{
	struct answers *a = xcalloc(1, sizeof(*a));
	char *script;

	memset(memo, 0, sizeof(*memo));
	a->st = c->st;
	/* Only the script's answers are kept: nothing to name otherwise. */
	script = xstrfmt("%s/scripts/get_maintainer.pl", c->root);
	if (!c->o->in_process && c->have_m && !access(script, R_OK))
		a->revision = revision(c);
	free(script);
	memo->get = get_answer;
	memo->put = put_answers;
	memo->data = a;
}

void series_answers_end(struct route_memo *memo)
{
	struct answers *a = memo->data;

	if (a)
		free(a->revision);
	free(a);
	memo->data = NULL;
}
