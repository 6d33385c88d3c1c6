// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/atomic.h"
#include "../lib/path.h"
#include "../lib/run.h"
#include "../lib/strbuf.h"
#include "../lib/strvec.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "b4.h"
#include "route.h"

/*
 * Who every patch goes to: To where every patch has it in To, else Cc.
 * Patches that share nobody name all their To: people on the cover (b4
 * sends nothing without one address for the whole series).
 */
static int shared_recipients(const struct b4_series *s, struct recipients *all)
{
	const struct recipients *r0 = s->p[0].rcpt;
	size_t i, k;

	for (i = 0; i < r0->nto + r0->ncc; i++) {
		const char *a = i < r0->nto ? r0->to[i] : r0->cc[i - r0->nto];
		int to = 1, every = 1;

		for (k = 0; k < s->n && every; k++) {
			int in = recipients_find(s->p[k].rcpt, a);

			every = in != 0;
			to = to && in == 1;
		}
		if (every)
			recipients_add(all, a, to);
	}
	if (all->nto + all->ncc)
		return 0;
	for (k = 0; k < s->n; k++)
		for (i = 0; i < s->p[k].rcpt->nto; i++)
			recipients_add(all, s->p[k].rcpt->to[i], 1);
	return 1;
}

static int git_in(const char *dir, const char *const *argv, const char *in,
		  struct strbuf *out, const char *const *env)
{
	struct strvec a = STRVEC_INIT;
	size_t i;
	int ret;

	strvec_pushl(&a, "git", "-C", dir, NULL);
	for (i = 0; argv[i]; i++)
		strvec_push(&a, argv[i]);
	ret = run_command((const char *const *)a.v, NULL, in,
			  in ? strlen(in) : 0, out, env);
	strvec_clear(&a);
	return ret;
}

/*
 * Patch k's commit again on *parent (which moves to it), its message as
 * series wrote it, then "---", the Cc: lines of those the cover does not
 * name, and its notes.
 */
static int recommit(const struct b4_series *s, size_t k,
		    const struct recipients *all, const char *dir,
		    struct strbuf *parent)
{
	const struct b4_patch *p = &s->p[k];
	const char *show[] = { "log", "-1", "--format=%an%n%ae%n%aD%n%B",
			       p->commit, NULL };
	struct strbuf out = STRBUF_INIT, msg = STRBUF_INIT, sha = STRBUF_INIT;
	struct strvec env = STRVEC_INIT;
	char *tree = xstrfmt("%s^{tree}", p->commit), *f[3], *at;
	const char *ct[] = { "commit-tree", tree, "-p", parent->buf, NULL };
	size_t i, extra = 0;
	int ret = -1;

	if (git_in(dir, show, NULL, &out, NULL)) {
		error("cannot read commit %s", p->commit);
		goto out;
	}
	at = out.buf;
	for (i = 0; i < 3; i++) {
		f[i] = at;
		at = strchr(at, '\n');
		if (!at) {
			error("commit %s has no message", p->commit);
			goto out;
		}
		*at++ = '\0';
	}
	strbuf_addstr(&msg, at);
	while (msg.len && msg.buf[msg.len - 1] == '\n')
		strbuf_setlen(&msg, msg.len - 1);
	strbuf_addstr(&msg, "\n---\n");
	for (i = 0; i < p->rcpt->nto + p->rcpt->ncc; i++) {
		const char *a = i < p->rcpt->nto ? p->rcpt->to[i] :
				p->rcpt->cc[i - p->rcpt->nto];

		if (!recipients_find(all, a)) {
			strbuf_addf(&msg, "Cc: %s\n", a);
			extra++;
		}
	}
	if (p->notes && *p->notes)
		strbuf_addf(&msg, "%s%s", extra ? "\n" : "", p->notes);
	strvec_pushf(&env, "GIT_AUTHOR_NAME=%s", f[0]);
	strvec_pushf(&env, "GIT_AUTHOR_EMAIL=%s", f[1]);
	strvec_pushf(&env, "GIT_AUTHOR_DATE=%s", f[2]);
	strvec_pushf(&env, "GIT_COMMITTER_NAME=%s", f[0]);
	strvec_pushf(&env, "GIT_COMMITTER_EMAIL=%s", f[1]);
	strvec_pushf(&env, "GIT_COMMITTER_DATE=%s", f[2]);
	if (git_in(dir, ct, msg.buf, &sha, (const char *const *)env.v)) {
		error("git commit-tree failed for %s", p->commit);
		goto out;
	}
	strbuf_reset(parent);
	strbuf_add(parent, sha.buf, strcspn(sha.buf, "\n"));
	ret = 0;
out:
	strvec_clear(&env);
	strbuf_release(&sha);
	strbuf_release(&msg);
	strbuf_release(&out);
	free(tree);
	return ret;
}

/* b4 -q ARGS in dir, as the sender; what b4 said is shown on failure. */
static int b4(const char *dir, const char *const *args,
	      const char *const *env)
{
	struct strvec a = STRVEC_INIT;
	struct strbuf out = STRBUF_INIT;
	size_t i;
	int ret;

	strvec_pushl(&a, "b4", "-q", NULL);
	for (i = 0; args[i]; i++)
		strvec_push(&a, args[i]);
	ret = run_command((const char *const *)a.v, dir, NULL, 0, &out, env);
	if (ret < 0)
		error("cannot run b4: install Debian's b4 for --b4");
	else if (ret)
		error("b4 %s %s failed%s%s", args[0], args[1],
		      out.len ? ": " : "", out.buf);
	strvec_clear(&a);
	strbuf_release(&out);
	return ret ? -1 : 0;
}

/* The cover letter as b4 reads it: subject, text, then its trailers. */
static void cover_text(const struct b4_series *s, const struct recipients *all,
		       struct strbuf *sb)
{
	size_t i;

	strbuf_addf(sb, "%s\n\n%s", s->subject, s->body);
	while (sb->len && sb->buf[sb->len - 1] == '\n')
		strbuf_setlen(sb, sb->len - 1);
	strbuf_addstr(sb, "\n\n");
	for (i = 0; i < all->nto; i++)
		strbuf_addf(sb, "To: %s\n", all->to[i]);
	for (i = 0; i < all->ncc; i++)
		strbuf_addf(sb, "Cc: %s\n", all->cc[i]);
}

/*
 * diff.context for s->branch alone: [includeIf "onbranch:B"] of a file
 * in the git directory that holds it; none when three lines do.
 */
static int context_on_branch(const struct b4_series *s)
{
	const char *dir[] = { "rev-parse", "--path-format=absolute",
			      "--git-common-dir", NULL };
	struct strbuf gd = STRBUF_INIT, body = STRBUF_INIT;
	char *key = xstrfmt("includeIf.onbranch:%s.path", s->branch);
	char *file = NULL, *name, *q;
	const char *set[] = { "config", key, NULL, NULL };
	const char *unset[] = { "config", "--unset-all", key, NULL };
	int ret = -1;

	if (s->context <= 3) {
		git_in(s->top, unset, NULL, NULL, NULL);
		ret = 0;
		goto out;
	}
	if (git_in(s->top, dir, NULL, &gd, NULL) || !gd.len) {
		error("cannot find the git directory of '%s'", s->top);
		goto out;
	}
	strbuf_setlen(&gd, strcspn(gd.buf, "\n"));
	name = xstrdup(s->branch);
	for (q = name; *q; q++)
		if (*q == '/')
			*q = '-';
	file = xstrfmt("%s/linkmend-%s.config", gd.buf, name);
	free(name);
	strbuf_addf(&body, "# linkmend series --b4: the context %s's "
		    "patches need\n[diff]\n\tcontext = %zu\n", s->branch,
		    s->context);
	set[2] = file;
	if (atomic_write_file(file, body.buf, body.len, NULL) ||
	    git_in(s->top, set, NULL, NULL, NULL)) {
		error("cannot set the diff context of '%s'", s->branch);
		goto out;
	}
	ret = 0;
out:
	strbuf_release(&gd);
	strbuf_release(&body);
	free(file);
	free(key);
	return ret;
}

static int make_branch(const struct b4_series *s, const char *tmp,
		       const struct recipients *all)
{
	char *clone = xstrfmt("%s/repo", tmp), *cover = xstrfmt("%s/cover", tmp);
	char *editor = xstrfmt("cp '%s'", cover);
	char *ref = xstrfmt("+refs/heads/%s:refs/heads/%s", s->branch,
			    s->branch);
	char *key = xstrfmt("branch.%s.b4-prep-cover-strategy", s->branch);
	const char *cl[] = { "git", "clone", "-q", "--shared", "--no-checkout",
			     "--sparse", s->top, clone, NULL };
	const char *co[] = { "checkout", "-q", "-b", s->branch, NULL, NULL };
	const char *enroll[] = { "prep", "-e", s->start, NULL };
	const char *edit[] = { "prep", "--edit-cover", NULL };
	const char *prefix[] = { "prep", "--set-prefixes", s->tag, NULL };
	const char *fetch[] = { "fetch", "-q", clone, ref, NULL };
	const char *strategy[] = { "config", key, "commit", NULL };
	struct strvec env = STRVEC_INIT;
	struct strbuf parent = STRBUF_INIT, sb = STRBUF_INIT;
	size_t k;
	int ret = -1;

	strvec_pushf(&env, "GIT_AUTHOR_NAME=%s", s->name);
	strvec_pushf(&env, "GIT_AUTHOR_EMAIL=%s", s->mail);
	strvec_pushf(&env, "GIT_COMMITTER_NAME=%s", s->name);
	strvec_pushf(&env, "GIT_COMMITTER_EMAIL=%s", s->mail);
	/* b4 reads who sends from git's config: the clone's own. */
	strvec_push(&env, "GIT_CONFIG_COUNT=3");
	strvec_push(&env, "GIT_CONFIG_KEY_0=user.name");
	strvec_pushf(&env, "GIT_CONFIG_VALUE_0=%s", s->name);
	strvec_push(&env, "GIT_CONFIG_KEY_1=user.email");
	strvec_pushf(&env, "GIT_CONFIG_VALUE_1=%s", s->mail);
	/* --edit-cover's editor copies the cover series wrote. */
	strvec_push(&env, "GIT_CONFIG_KEY_2=core.editor");
	strvec_pushf(&env, "GIT_CONFIG_VALUE_2=%s", editor);
	if (run_command(cl, NULL, NULL, 0, NULL, NULL)) {
		error("cannot clone '%s' for b4", s->top);
		goto out;
	}
	strbuf_addstr(&parent, s->start);
	for (k = 0; k < s->n; k++)
		if (recommit(s, k, all, clone, &parent))
			goto out;
	co[4] = parent.buf;
	cover_text(s, all, &sb);
	if (git_in(clone, co, NULL, NULL, NULL) ||
	    atomic_write_file(cover, sb.buf, sb.len, NULL))
		goto out;
	if (b4(clone, enroll, (const char *const *)env.v) ||
	    b4(clone, edit, (const char *const *)env.v) ||
	    (s->tag && b4(clone, prefix, (const char *const *)env.v)))
		goto out;
	if (git_in(s->top, fetch, NULL, NULL, NULL) ||
	    git_in(s->top, strategy, NULL, NULL, NULL)) {
		error("cannot make the branch '%s' in '%s' (is it checked "
		      "out?)", s->branch, s->top);
		goto out;
	}
	ret = context_on_branch(s);
out:
	strvec_clear(&env);
	strbuf_release(&parent);
	strbuf_release(&sb);
	free(key);
	free(ref);
	free(editor);
	free(cover);
	free(clone);
	return ret;
}

int b4_write_branch(const struct b4_series *s)
{
	const char *tmpdir = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	const char *check[] = { "check-ref-format", "--branch", s->branch,
				NULL };
	const char *had[] = { "rev-parse", "-q", "--verify", NULL, NULL };
	char *tmp = xstrfmt("%s/linkmend-b4-XXXXXX", tmpdir);
	char *head = xstrfmt("refs/heads/%s", s->branch);
	struct recipients all = { 0 };
	struct strbuf old = STRBUF_INIT;
	int ret = -1, none;

	if (!s->n)
		return 0;
	if (git_in(s->top, check, NULL, NULL, NULL)) {
		free(tmp);
		free(head);
		return error("'%s' is no branch name", s->branch);
	}
	had[3] = head;
	git_in(s->top, had, NULL, &old, NULL);
	none = shared_recipients(s, &all);
	if (!mkdtemp(tmp)) {
		error_errno("cannot create '%s'", tmp);
		goto out;
	}
	ret = make_branch(s, tmp, &all);
	remove_tree(tmp);
	if (ret || s->quiet)
		goto out;
	fprintf(stderr, "series: b4 branch %s (b4 send --no-sign -o DIR, "
		"there, writes its mail)\n", s->branch);
	if (old.len)
		fprintf(stderr, "series: it replaces %.12s, which is in its "
			"reflog\n", old.buf);
	if (none)
		fprintf(stderr, "series: %s: its patches share no recipient; "
			"b4 sends each to all their To: people\n", s->branch);
out:
	recipients_release(&all);
	strbuf_release(&old);
	free(head);
	free(tmp);
	return ret;
}
