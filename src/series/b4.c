// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../lib/atomic.h"
#include "../lib/path.h"
#include "../lib/run.h"
#include "../lib/strbuf.h"
#include "../lib/strvec.h"
#include "../lib/usage.h"
#include "../lib/utf8.h"
#include "../lib/xalloc.h"
#include "b4.h"
#include "../project/route.h"

/*
 * What 'b4 send' reads as a trailer naming someone, whom it then mails
 * (b4's LoreMessage.find_trailers() and LoreTrailer, 0.12): any line of
 * a patch's body, diff context included, that matches
 * r'^\s*(\w\S+):\s+(\S.*)' (Python's \s and \w, Unicode), whose name is
 * none of phone, email, fixes, link, buglink, obsoleted-by, message-id,
 * change-id, base-commit, and whose value (or the value without a
 * " #comment" tail) has no "://" and matches r'\S+@\S+\.\S+'.  Read a
 * little more widely here where that is simpler (any character past
 * ASCII may be a word character; From:, Subject: and Date: count
 * wherever they are): a line taken for one that b4 would not take only
 * costs context.
 */
static int py_space(unsigned cp)
{
	return cp == ' ' || (cp >= '\t' && cp <= '\r') ||
	       (cp >= 0x1c && cp <= 0x1f) || cp == 0x85 || cp == 0xa0 ||
	       cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200a) ||
	       cp == 0x2028 || cp == 0x2029 || cp == 0x202f ||
	       cp == 0x205f || cp == 0x3000;
}

/* The character at s[0..len) into *cp, its length; a stray byte is one. */
static size_t next_char(const char *s, size_t len, unsigned *cp)
{
	size_t n = utf8_char((const unsigned char *)s, len, cp);

	if (!n) {
		*cp = 0xfffd;
		n = 1;
	}
	return n;
}

static const char *skip_space(const char *s, const char *e)
{
	unsigned cp;
	size_t n;

	while (s < e && (n = next_char(s, (size_t)(e - s), &cp)) &&
	       py_space(cp))
		s += n;
	return s;
}

/* "x@y.z" somewhere in v..e, as r'\S+@\S+\.\S+' finds it. */
static int has_address(const char *v, const char *e)
{
	const char *p, *q, *dot;

	for (p = v + 1; p < e; p++) {
		if (*p != '@' || isspace((unsigned char)p[-1]))
			continue;
		for (q = p + 1; q < e && !isspace((unsigned char)*q); q++)
			;
		if (q - p < 4)		/* "@" \S+ "." \S+ */
			continue;
		dot = memchr(p + 2, '.', (size_t)(q - (p + 2)));
		if (dot && dot + 1 < q)
			return 1;
	}
	return 0;
}

static int person_value(const char *v, const char *e)
{
	return !memmem(v, (size_t)(e - v), "://", 3) && has_address(v, e);
}

/*
 * 1 when b4 takes line..e for a trailer naming someone: *value (NULL:
 * not wanted) is then where its value starts.
 */
static int b4_person(const char *line, const char *e, const char **value)
{
	static const char *const not_person[] = {
		"phone", "email", "fixes", "link", "buglink", "obsoleted-by",
		"message-id", "change-id", "base-commit",
	};
	const char *s, *t, *hash;
	unsigned cp;
	size_t n, i;

	while (line < e && *line == '\r')
		line++;
	while (e > line && e[-1] == '\r')
		e--;
	s = t = skip_space(line, e);
	if (s >= e)
		return 0;
	next_char(s, (size_t)(e - s), &cp);
	if (cp < 0x80 && !isalnum((int)cp) && cp != '_')
		return 0;
	while (s < e && (n = next_char(s, (size_t)(e - s), &cp)) &&
	       !py_space(cp))
		s += n;
	/* \w\S+: and a blank: the first word, ending in its colon. */
	if (s - t < 3 || s[-1] != ':' || s >= e)
		return 0;
	n = (size_t)(s - 1 - t);
	for (i = 0; i < sizeof(not_person) / sizeof(*not_person); i++)
		if (n == strlen(not_person[i]) &&
		    !strncasecmp(t, not_person[i], n))
			return 0;
	s = skip_space(s, e);
	if (s >= e)
		return 0;
	if (value)
		*value = s;
	if (person_value(s, e))
		return 1;
	/* b4 reads "value #comment" as its value alone. */
	hash = memrchr(s, '#', (size_t)(e - s));
	if (!hash || hash + 1 >= e || hash == s ||
	    !isspace((unsigned char)hash[-1]))
		return 0;
	while (hash > s && isspace((unsigned char)hash[-1]))
		hash--;
	return hash > s && person_value(s, hash);
}

/* One line of a hunk: where it is, its kind (' ', '+', '-'), its number. */
struct hunk_line {
	const char *s, *e;
	char kind;
	unsigned long num;
};

/*
 * *limit lowered to the most context that keeps every context line b4
 * would mail out of the hunk h[0..n); the first line that no context
 * keeps out (one next to a change) into where.
 */
static void hunk_limit(const struct hunk_line *h, size_t n, const char *path,
		       size_t path_len, size_t *limit, struct strbuf *where)
{
	size_t i, d;

	for (i = 0; i < n; i++) {
		if (h[i].kind != ' ' || !b4_person(h[i].s, h[i].e, NULL))
			continue;
		for (d = 1; d < n; d++)
			if ((i >= d && h[i - d].kind != ' ') ||
			    (i + d < n && h[i + d].kind != ' '))
				break;
		if (d - 1 < *limit)
			*limit = d - 1;
		if (d == 1 && !where->len)
			strbuf_addf(where, "%.*s:%lu: '%.*s'", (int)path_len,
				    path, h[i].num, (int)(h[i].e - h[i].s - 1),
				    h[i].s + 1);
	}
}

size_t b4_context(const char *patch, size_t want, struct strbuf *where)
{
	const char *p = strstr(patch, "\ndiff --git "), *e, *path = "";
	size_t path_len = 0, limit = want, n = 0, alloc = 0;
	struct hunk_line *h = NULL;
	unsigned long old_left = 0, new_left = 0, at = 0;

	for (p = p ? p + 1 : ""; *p; p = *e ? e + 1 : e) {
		e = strchrnul(p, '\n');
		if (old_left || new_left) {
			if (*p == '\\')
				continue;
			if (*p != ' ' && *p != '+' && *p != '-')
				break;		/* not git's diff */
			ALLOC_GROW(h, n + 1, alloc);
			h[n].s = p;
			h[n].e = e;
			h[n].kind = *p;
			h[n].num = *p == '-' ? 0 : at++;
			n++;
			if (*p != '+' && old_left)
				old_left--;
			if (*p != '-' && new_left)
				new_left--;
			if (!old_left && !new_left)
				hunk_limit(h, n, path, path_len, &limit,
					   where);
			continue;
		}
		if (!strncmp(p, "+++ b/", 6)) {
			path = p + 6;
			path_len = (size_t)(e - path);
		} else if (!strncmp(p, "@@ -", 4)) {
			char *q;

			strtoul(p + 4, &q, 10);
			old_left = *q == ',' ? strtoul(q + 1, &q, 10) : 1;
			at = *q == ' ' && q[1] == '+' ?
			     strtoul(q + 2, &q, 10) : 0;
			new_left = *q == ',' ? strtoul(q + 1, &q, 10) : 1;
			n = 0;
		} else if (!strncmp(p, "-- \n", 4)) {
			break;
		}
	}
	free(h);
	return limit;
}

/* line..e (and n, a line b4 may join to it) against allowed, into stray. */
static void stray(const char *line, const char *e, const char *n,
		  const struct recipients *allowed, struct strbuf *out)
{
	const char *value, *ne = strchrnul(n, '\n'), *paren;
	struct strbuf sb = STRBUF_INIT;

	strbuf_add(&sb, line, (size_t)(e - line));
	if (b4_person(sb.buf, sb.buf + sb.len, &value) &&
	    !recipients_find(allowed, value))
		strbuf_addf(out, "%s'%s'", out->len ? ", " : "", sb.buf);
	/*
	 * b4 joins a trailer wrapped onto the next line ("Name: Long Name"
	 * then "<mail>"; "Fixes: 1234abcd (subject" then "rest)"): taken
	 * widely here, any line that starts a word and is followed by one
	 * starting with "<", or that opens a "(" it does not close.
	 */
	paren = memrchr(line, '(', (size_t)(e - line));
	if (*line && !isspace((unsigned char)*line) && ne > n &&
	    (*n == '<' || (paren && !memchr(paren, ')',
					     (size_t)(e - paren))))) {
		strbuf_addch(&sb, ' ');
		strbuf_add(&sb, n, (size_t)(ne - n));
		if (b4_person(sb.buf, sb.buf + sb.len, &value) &&
		    !recipients_find(allowed, value))
			strbuf_addf(out, "%s'%s'", out->len ? ", " : "",
				    sb.buf);
	}
	strbuf_release(&sb);
}

/*
 * The body of a mail (a .patch file) as b4 reads it, up to the
 * signature: every trailer naming someone whom allowed does not have,
 * into out.
 */
static void strays(const char *mail, const struct recipients *allowed,
		   struct strbuf *out)
{
	const char *p = strstr(mail, "\n\n"), *e;

	for (p = p ? p + 2 : ""; *p; p = *e ? e + 1 : e) {
		e = strchrnul(p, '\n');
		if (e - p == 3 && !strncmp(p, "-- ", 3))
			break;
		stray(p, e, *e ? e + 1 : e, allowed, out);
	}
}

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
	struct child_process cp = CHILD_PROCESS_INIT;

	git_cmd(&cp, dir);
	strvec_pushv(&cp.args, argv);
	if (env)
		strvec_pushv(&cp.env, env);
	cp.in = in;
	cp.in_len = in ? strlen(in) : 0;
	cp.out = out;
	return child_process_run(&cp);
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
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf out = STRBUF_INIT;
	int ret;

	strvec_pushl(&cp.args, "b4", "-q", NULL);
	strvec_pushv(&cp.args, args);
	if (env)
		strvec_pushv(&cp.env, env);
	cp.dir = dir;
	cp.out = &out;
	ret = child_process_run(&cp);
	if (ret < 0)
		error("cannot run b4: install Debian's b4 for --b4");
	else if (ret)
		error("b4 %s %s failed%s%s", args[0], args[1],
		      out.len ? ": " : "", out.buf);
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
 * The send-* settings of the tree's own .b4-config at tip (b4 takes
 * them as its defaults from the work tree it runs in) that the user's
 * git config does not set, into aside as "KEY=VALUE": b4 send would mail
 * the series To: send-series-to and Cc: send-series-cc (or hand it to
 * send-endpoint-web), whom linkmend's patches do not name.  -1 after
 * error().
 */
static int tree_b4_config(const struct b4_series *s, const char *tmp,
			  const char *tip, struct strvec *aside)
{
	/* The ones a link's target, read by b4 and not here, may set. */
	static const char *const sending[] = {
		"send-series-to", "send-series-cc", "send-endpoint-web",
		"send-auto-to-cmd", "send-auto-cc-cmd", "send-prefixes",
	};
	char *file = xstrfmt("%s/tree.b4-config", tmp);
	const char *ls[] = { "ls-tree", "-z", tip, "--", ".b4-config", NULL };
	const char *cat[] = { "cat-file", "blob", NULL, NULL };
	const char *tree[] = { "config", "--file", file, "-z", "--get-regexp",
			       "b4\\..*", NULL };
	const char *user[] = { "config", "-z", "--get-regexp", "b4\\..*",
			       NULL };
	struct strbuf oid = STRBUF_INIT, text = STRBUF_INIT;
	struct strbuf theirs = STRBUF_INIT, mine = STRBUF_INIT;
	const char *p, *end;
	int ret = 0;

	/* "MODE TYPE OID\t.b4-config"; a folder is none to b4 either. */
	if (git_in(s->top, ls, NULL, &oid, NULL) || !strchr(oid.buf, '\t') ||
	    !strstr(oid.buf, " blob "))
		goto out;
	if (!strncmp(oid.buf, "120000 ", 7)) {
		size_t i;

		for (i = 0; i < sizeof(sending) / sizeof(*sending); i++)
			strbuf_addf(&theirs, "b4.%s\n(whatever the link "
				    ".b4-config leads to says)%c", sending[i],
				    '\0');
	} else {
		strbuf_setlen(&oid, strcspn(oid.buf, "\t"));
		cat[2] = strrchr(oid.buf, ' ') + 1;
		if (git_in(s->top, cat, NULL, &text, NULL) ||
		    atomic_write_file(file, text.buf, text.len, NULL)) {
			ret = error("cannot read the tree's .b4-config");
			goto out;
		}
		/* Unreadable to git is unreadable to b4: none set aside. */
		if (git_in(s->top, tree, NULL, &theirs, NULL))
			goto out;
	}
	git_in(s->top, user, NULL, &mine, NULL);
	/* -z: "KEY\nVALUE" (or "KEY" alone), each ending in a NUL. */
	for (p = theirs.buf, end = p + theirs.len; p < end;
	     p += strlen(p) + 1) {
		const char *nl = strchrnul(p, '\n'), *key = nl, *q;
		char *name;
		int mine_too = 0;

		while (key > p && key[-1] != '.')
			key--;
		name = xstrndup(key, (size_t)(nl - key));
		/* b4 reads KEY by its last part, whatever the section. */
		for (q = mine.buf; q < mine.buf + mine.len;
		     q += strlen(q) + 1) {
			const char *qn = strchrnul(q, '\n'), *qk = qn;

			while (qk > q && qk[-1] != '.')
				qk--;
			if ((size_t)(qn - qk) == strlen(name) &&
			    !strncmp(qk, name, strlen(name)))
				mine_too = 1;
		}
		if (!mine_too && !strncmp(name, "send-", 5))
			strvec_pushf(aside, "%s=%s", name, *nl ? nl + 1 : "");
		free(name);
	}
out:
	strbuf_release(&oid);
	strbuf_release(&text);
	strbuf_release(&theirs);
	strbuf_release(&mine);
	free(file);
	return ret;
}

/*
 * For s->branch alone ([includeIf "onbranch:B"] of a file in the git
 * directory that holds it): diff.context, the lines series made its
 * patches with (whatever the user's own diff.context says), and an
 * empty b4.KEY for each KEY=VALUE of aside.
 */
static int context_on_branch(const struct b4_series *s,
			     const struct strvec *aside)
{
	const char *dir[] = { "rev-parse", "--path-format=absolute",
			      "--git-common-dir", NULL };
	struct strbuf gd = STRBUF_INIT, body = STRBUF_INIT;
	char *key = xstrfmt("includeIf.onbranch:%s.path", s->branch);
	char *file = NULL, *name, *q;
	const char *set[] = { "config", key, NULL, NULL };
	size_t i;
	int ret = -1;

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
	strbuf_addf(&body, "# linkmend series --b4: what %s's patches need\n",
		    s->branch);
	strbuf_addf(&body, "[diff]\n\tcontext = %zu\n", s->context);
	if (aside->nr)
		strbuf_addstr(&body, "# the tree's .b4-config, set aside\n"
			      "[b4]\n");
	for (i = 0; i < aside->nr; i++)
		strbuf_addf(&body, "\t%.*s = \"\"\n",
			    (int)strcspn(aside->v[i], "="), aside->v[i]);
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
		       const struct recipients *all, struct strvec *aside)
{
	char *clone = xstrfmt("%s/repo", tmp), *cover = xstrfmt("%s/cover", tmp);
	char *editor = xstrfmt("cp '%s'", cover);
	char *ref = xstrfmt("+refs/heads/%s:refs/heads/%s", s->branch,
			    s->branch);
	char *key = xstrfmt("branch.%s.b4-prep-cover-strategy", s->branch);
	const char *co[] = { "checkout", "-q", "-b", s->branch, NULL, NULL };
	const char *enroll[] = { "prep", "-e", s->start, NULL };
	const char *edit[] = { "prep", "--edit-cover", NULL };
	const char *fetch[] = { "fetch", "-q", clone, ref, NULL };
	const char *strategy[] = { "config", key, "commit", NULL };
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strvec env = STRVEC_INIT, prefix = STRVEC_INIT;
	struct strvec revision = STRVEC_INIT;
	struct strbuf parent = STRBUF_INIT, sb = STRBUF_INIT;
	size_t k;
	int ret = -1;
	char *words = s->tag ? xstrdup(s->tag) : NULL, *w, *save;

	/* Each word of the tag a prefix of its own ("RESEND net-next"). */
	strvec_pushl(&prefix, "prep", "--set-prefixes", NULL);
	for (w = words ? strtok_r(words, " ", &save) : NULL; w;
	     w = strtok_r(NULL, " ", &save))
		strvec_push(&prefix, w);
	strvec_pushl(&revision, "prep", "--force-revision", NULL);
	strvec_pushf(&revision, "%d", s->revision);

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
	git_cmd(&cp, NULL);
	strvec_pushl(&cp.args, "clone", "-q", "--shared", "--no-checkout",
		     "--sparse", s->top, clone, NULL);
	if (child_process_run(&cp)) {
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
	    (prefix.nr > 2 && b4(clone, (const char *const *)prefix.v,
				 (const char *const *)env.v)) ||
	    (s->revision > 1 && b4(clone, (const char *const *)revision.v,
				   (const char *const *)env.v)))
		goto out;
	if (git_in(s->top, fetch, NULL, NULL, NULL) ||
	    git_in(s->top, strategy, NULL, NULL, NULL)) {
		error("cannot make the branch '%s' in '%s' (is it checked "
		      "out?)", s->branch, s->top);
		goto out;
	}
	ret = tree_b4_config(s, tmp, strchr(ref, ':') + 1, aside) ||
	      context_on_branch(s, aside) ? -1 : 0;
out:
	strvec_clear(&env);
	strvec_clear(&prefix);
	strvec_clear(&revision);
	free(words);
	strbuf_release(&parent);
	strbuf_release(&sb);
	free(key);
	free(ref);
	free(editor);
	free(cover);
	free(clone);
	return ret;
}

/*
 * What a run killed with -9 left in tmpdir: "linkmend-b4-PID-XXXXXX",
 * removed when no process holds its lock (b4_write_branch() holds one
 * on the directory while it works, which a process in another PID
 * namespace sees too) and PID is gone; one named by a linkmend that
 * named no PID ("linkmend-b4-XXXXXX") when unlocked and a day old.
 */
static void remove_stale_clones(const char *tmpdir)
{
	DIR *d = opendir(tmpdir);
	struct dirent *de;

	while (d && (de = readdir(d))) {
		const char *rest = de->d_name + strlen("linkmend-b4-");
		char *path, *end;
		struct stat st;
		long pid;
		int fd, gone = 0;

		if (strncmp(de->d_name, "linkmend-b4-", strlen("linkmend-b4-")))
			continue;
		path = xstrfmt("%s/%s", tmpdir, de->d_name);
		fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
			  O_CLOEXEC);
		if (fd >= 0 && !fstat(fd, &st) && st.st_uid == geteuid() &&
		    !flock(fd, LOCK_EX | LOCK_NB)) {
			pid = strtol(rest, &end, 10);
			if (end > rest && *end == '-')
				gone = pid > 0 && kill((pid_t)pid, 0) &&
				       errno == ESRCH;
			else
				gone = st.st_mtime + 86400 < time(NULL);
		}
		if (gone && !remove_tree(path))
			warning("removed '%s', left by an interrupted "
				"series --b4", path);
		if (fd >= 0)
			close(fd);
		free(path);
	}
	if (d)
		closedir(d);
}

/*
 * The tip linkmend last made of branch, as it recorded it among the
 * branch's own settings (which git branch -m moves and -D drops), or
 * NULL.
 */
static char *made_tip(const char *top, const char *branch)
{
	char *key = xstrfmt("branch.%s.linkmend-tip", branch);
	const char *get[] = { "config", "--get", key, NULL };
	struct strbuf out = STRBUF_INIT;
	char *tip = NULL;

	if (!git_in(top, get, NULL, &out, NULL) && out.len) {
		strbuf_setlen(&out, strcspn(out.buf, "\n"));
		tip = strbuf_detach(&out, NULL);
	}
	strbuf_release(&out);
	free(key);
	return tip;
}

/* The mail of the From: header of a patch file, or "". */
static void patch_author(const char *text, struct strbuf *from)
{
	const char *p = text, *e;

	for (; *p && *p != '\n'; p = *e ? e + 1 : e) {
		e = strchrnul(p, '\n');
		if (!strncasecmp(p, "From: ", 6)) {
			strbuf_add(from, p + 6, (size_t)(e - p - 6));
			return;
		}
	}
}

/*
 * b4 send mails everyone its patches' bodies name in a trailer-like
 * line (b4_person()), its notes and diff context included: each patch
 * file must name no one but its own recipients, the cover's, the sender
 * and its author, or it is not handed to b4.  -1 after error() naming
 * the file.
 */
static int same_people(const struct b4_series *s, const struct recipients *all)
{
	struct strbuf text = STRBUF_INIT, from = STRBUF_INIT;
	struct strbuf out = STRBUF_INIT;
	size_t k;
	int ret = 0;

	for (k = 0; k <= s->n && !ret; k++) {
		struct recipients ok = { 0 };

		strbuf_reset(&text);
		strbuf_reset(&from);
		strbuf_reset(&out);
		recipients_merge(&ok, all);
		recipients_add(&ok, s->mail, 1);
		if (k == s->n) {	/* the cover letter */
			strbuf_addf(&text, "\n\n%s", s->body);
		} else {
			if (!s->p[k].file)
				goto next;
			if (strbuf_read_file(&text, s->p[k].file)) {
				ret = -1;
				goto next;
			}
			recipients_merge(&ok, s->p[k].rcpt);
			patch_author(text.buf, &from);
			if (from.len)
				recipients_add(&ok, from.buf, 1);
		}
		strays(text.buf, &ok, &out);
		if (out.len)
			ret = error("%s: b4 send would also mail whom %s "
				    "names, which the patches do not: not "
				    "handed to b4", k == s->n ?
				    "the cover letter" : s->p[k].file,
				    out.buf);
next:
		recipients_release(&ok);
	}
	strbuf_release(&text);
	strbuf_release(&from);
	strbuf_release(&out);
	return ret;
}

int b4_write_branch(const struct b4_series *s)
{
	const char *tmpdir = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	const char *check[] = { "check-ref-format", "--branch", s->branch,
				NULL };
	const char *had[] = { "rev-parse", "-q", "--verify", NULL, NULL };
	char *tmp = xstrfmt("%s/linkmend-b4-%ld-XXXXXX", tmpdir,
			    (long)getpid());
	char *head = xstrfmt("refs/heads/%s", s->branch), *made = NULL;
	char *key = xstrfmt("branch.%s.linkmend-tip", s->branch);
	const char *record[] = { "config", key, NULL, NULL };
	struct recipients all = { 0 };
	struct strbuf old = STRBUF_INIT, tip = STRBUF_INIT;
	struct strvec aside = STRVEC_INIT;
	size_t i;
	int ret = -1, none, lock = -1;

	if (!s->n) {
		ret = 0;
		goto out;
	}
	remove_stale_clones(tmpdir);
	if (git_in(s->top, check, NULL, NULL, NULL)) {
		error("'%s' is no branch name", s->branch);
		goto out;
	}
	had[3] = head;
	git_in(s->top, had, NULL, &old, NULL);
	strbuf_setlen(&old, strcspn(old.buf, "\n"));
	/* The user's own commits on it are never replaced. */
	if (old.len && (!(made = made_tip(s->top, s->branch)) ||
			strcmp(made, old.buf))) {
		error("the branch '%s' is not as linkmend left it (its tip "
		      "%.12s is not the one series --b4 made): move it aside "
		      "(git branch -m) or delete it (git branch -D) for "
		      "series --b4 to make it again", s->branch, old.buf);
		goto out;
	}
	none = shared_recipients(s, &all);
	if (same_people(s, &all))
		goto out;
	if (!mkdtemp(tmp)) {
		error_errno("cannot create '%s'", tmp);
		goto out;
	}
	/* Held until the clone is gone: a later run's sign it is in use. */
	lock = open(tmp, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (lock >= 0)
		flock(lock, LOCK_EX);
	ret = make_branch(s, tmp, &all, &aside);
	remove_tree(tmp);
	if (!ret && (git_in(s->top, had, NULL, &tip, NULL) || !tip.len))
		ret = error("cannot read the branch '%s' it made", s->branch);
	if (!ret) {
		strbuf_setlen(&tip, strcspn(tip.buf, "\n"));
		record[2] = tip.buf;
		if (git_in(s->top, record, NULL, NULL, NULL))
			ret = error("cannot record the tip of '%s'", s->branch);
	}
	if (ret)
		goto out;
	/* Never honoured without a word, whether -q or not. */
	for (i = 0; i < aside.nr; i++) {
		size_t k = strcspn(aside.v[i], "=");

		warning("%s: the tree's .b4-config sets b4.%.*s = '%s': set "
			"aside on that branch, so that b4 send mails whom the "
			"patches name and no one else (give b4 send --to or "
			"--cc what you mean to add)", s->branch, (int)k,
			aside.v[i], aside.v[i] + k + 1);
	}
	if (s->quiet)
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
	if (lock >= 0)
		close(lock);
	recipients_release(&all);
	strbuf_release(&old);
	strbuf_release(&tip);
	strvec_clear(&aside);
	free(made);
	free(key);
	free(head);
	free(tmp);
	return ret;
}
