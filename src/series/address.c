// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../lib/atomic.h"
#include "../lib/run.h"
#include "../lib/strbuf.h"
#include "../lib/strvec.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "../project/codeowners.h"
#include "../project/contact.h"
#include "../rewrite/rewrite.h"
#include "address.h"
#include "series.h"
#include "write.h"

int recipients_write(const char *file, const struct recipients *r)
{
	struct strbuf sb = STRBUF_INIT, out = STRBUF_INIT;
	char *hdr_end;
	size_t i;
	int ret;

	if (strbuf_read_file(&sb, file))
		return -1;
	hdr_end = strstr(sb.buf, "\n\n");
	if (!hdr_end) {
		strbuf_release(&sb);
		return error("'%s' has no mail header", file);
	}
	/* The header as format-patch wrote it: To and Cc of before dropped. */
	{
		const char *line = sb.buf, *next;

		for (; line <= hdr_end; line = next) {
			next = strchr(line, '\n') + 1;
			if (strncmp(line, "To: ", 4) && strncmp(line, "Cc: ", 4))
				strbuf_add(&out, line, (size_t)(next - line));
		}
	}
	for (i = 0; i < r->nto; i++)
		strbuf_addf(&out, "To: %s\n", r->to[i]);
	for (i = 0; i < r->ncc; i++)
		strbuf_addf(&out, "Cc: %s\n", r->cc[i]);
	strbuf_addstr(&out, hdr_end + 1);
	ret = rewrite_file(file, out.buf, out.len);
	strbuf_release(&sb);
	strbuf_release(&out);
	return ret;
}

/*
 * People beyond MAINTAINERS (series.h): CODEOWNERS, the project's
 * documents, the files' history, --to and --cc; each noted with where
 * it came from.
 */
static void note(struct series *c, size_t k, const char *addr, int to,
		 const char *src)
{
	char *old = c->why[k];

	c->why[k] = xstrfmt("%s%s\t%s\t%s\n", old ? old : "", to ? "To" : "Cc",
			    addr, src);
	free(old);
}

/* Every address of group k's recipients not noted yet, from src. */
static void note_all(struct series *c, size_t k, const char *src)
{
	const struct recipients *r = &c->g[k].rcpt;
	size_t i;

	for (i = 0; i < r->nto + r->ncc; i++) {
		const char *a = i < r->nto ? r->to[i] : r->cc[i - r->nto];
		char *tab = xstrfmt("\t%s\t", a);

		if (!c->why[k] || !strstr(c->why[k], tab))
			note(c, k, a, i < r->nto, src);
		free(tab);
	}
}

static int empty(const struct recipients *r)
{
	return !r->nto && !r->ncc;
}

/* The group's files, each once, in the plan's order. */
static void group_paths(struct series *c, size_t k, struct strvec *out)
{
	const char *prev = NULL;
	size_t i;

	for (i = 0; i < c->g[k].nr; i++) {
		const char *p = c->plan.v[c->g[k].edits[i]].path;

		if (!prev || strcmp(prev, p))
			strvec_push(out, p);
		prev = p;
	}
}

/*
 * CODEOWNERS: owners that are addresses To, per file's last covering
 * line; @user and @org/team owners are the host's reviewers of a pull
 * request, counted into *handles.
 */
static void codeowners_people(struct series *c, const struct codeowners *co,
			      size_t *handles)
{
	size_t k, i, j;

	for (k = 0; k < c->ng; k++) {
		struct strvec paths = STRVEC_INIT;

		group_paths(c, k, &paths);
		for (i = 0; i < paths.nr; i++) {
			const struct codeowners_rule *rule =
				codeowners_owner(co, paths.v[i]);
			char *src;

			if (!rule)
				continue;
			src = xstrfmt("%s:%zu: %s", co->file, rule->line,
				      rule->pattern);
			for (j = 0; j < rule->nowners; j++) {
				const char *o = rule->owners[j];

				if (*o == '@') {
					(*handles)++;
					continue;
				}
				if (recipients_find(&c->g[k].rcpt, o))
					continue;
				recipients_add(&c->g[k].rcpt, o, 1);
				note(c, k, o, 1, src);
			}
			free(src);
		}
		strvec_clear(&paths);
	}
}

/* The project's documents, in their order: the first that says. */
static int documents_say(struct series *c, struct contact *ct, char **where)
{
	size_t i;
	int rank, pass;

	series_base_list(c);
	/* Rank by rank: the documents are few, the listing long. */
	for (pass = 0; pass < 32; pass++) {
		for (i = 0; i < c->nfiles; i++) {
			struct strbuf *b;

			rank = contact_doc_rank(c->files[i]);
			if (rank != pass)
				continue;
			b = series_blob(c, c->files[i]);
			if (b && !memchr(b->buf, '\0', b->len) &&
			    !contact_read(b->buf, ct)) {
				*where = xstrfmt("%s:%u: %s", c->files[i],
						 ct->line, ct->quote);
				return 1;
			}
			contact_release(ct);
		}
	}
	return 0;
}

/* The day a year before the base's commit, as git log --since takes it. */
static char *year_before(struct series *c)
{
	struct strbuf sb = STRBUF_INIT;
	time_t t = 0;
	struct tm tm;
	char day[16];

	if (!series_git(c, &sb, "log", "-1", "--format=%ct", c->base, NULL))
		t = (time_t)strtoll(sb.buf, NULL, 10);
	strbuf_release(&sb);
	if (!t)
		t = time(NULL);
	t -= 365 * 24 * 3600;
	gmtime_r(&t, &tm);
	strftime(day, sizeof(day), "%Y-%m-%d", &tm);
	return xstrdup(day);
}

/*
 * get_maintainer.pl --git's people for group k: the authors of its
 * files' commits of the year before the base, by count, 5% or more of
 * them, five at most; a year without any takes the last 50 commits.
 * Those with the most commits To, the others Cc.  The author of the
 * series is no recipient of it.
 */
static void history_people(struct series *c, size_t k, const char *since)
{
	struct strbuf out = STRBUF_INIT;
	struct contact_person *p = NULL;
	size_t n = 0, total = 0, i, round, last = 0;

	for (round = 0; round < 2 && !total; round++) {
		struct child_process cp = CHILD_PROCESS_INIT;
		struct strvec paths = STRVEC_INIT;

		strbuf_reset(&out);
		series_git_cmd(c, &cp);
		strvec_pushl(&cp.args, "log", "--no-merges",
			     "--format=%aN <%aE>", NULL);
		if (round)
			strvec_push(&cp.args, "-n50");
		else
			strvec_pushf(&cp.args, "--since=%s", since);
		strvec_pushl(&cp.args, c->base, "--", NULL);
		group_paths(c, k, &paths);
		strvec_pushv(&cp.args, (const char *const *)paths.v);
		strvec_clear(&paths);
		cp.out = &out;
		cp.no_stderr = 1;
		if (child_process_run(&cp))
			break;
		contact_people_release(p, n);
		n = contact_history(out.buf, 5, 5, &p, &total);
		last = round;
	}
	for (i = 0; i < n; i++) {
		char *why;

		if (strcasestr(p[i].who, c->from_mail))
			continue;
		why = last ? xstrfmt("git log: %zu of the last %zu commits "
				     "to its files", p[i].commits, total) :
			     xstrfmt("git log: %zu of %zu commits to its files "
				     "since %s", p[i].commits, total, since);
		/* Who wrote the most To, as one picks by hand; the rest Cc. */
		recipients_add(&c->g[k].rcpt, p[i].who,
			       p[i].commits == p[0].commits);
		note(c, k, p[i].who, p[i].commits == p[0].commits, why);
		free(why);
	}
	contact_people_release(p, n);
	strbuf_release(&out);
}

int series_people(struct series *c)
{
	char *script = xstrfmt("%s/scripts/get_maintainer.pl", c->root);
	/* As route_patches() chose: the tree's script, or its rules here. */
	const char *routed = !c->o->in_process && !access(script, R_OK) ?
			     "MAINTAINERS (scripts/get_maintainer.pl)" :
			     "MAINTAINERS, read by get_maintainer.pl's rules";
	struct codeowners co;
	struct contact ct;
	size_t k, nobody = 0, handles = 0;
	int given = (c->o->to && *c->o->to) || (c->o->cc && *c->o->cc);
	int ret = 0;

	memset(&ct, 0, sizeof(ct));
	c->why = xcalloc(c->ng ? c->ng : 1, sizeof(*c->why));
	for (k = 0; k < c->ng; k++) {
		note_all(c, k, routed);
		nobody += empty(&c->g[k].rcpt);
	}
	if (nobody && !c->have_m && !codeowners_load(c->root, &co)) {
		codeowners_people(c, &co, &handles);
		codeowners_release(&co);
		for (k = 0, nobody = 0; k < c->ng; k++)
			nobody += empty(&c->g[k].rcpt);
	}
	if (nobody && !c->have_m) {
		char *where = NULL;

		if (documents_say(c, &ct, &where) && ct.form == CONTACT_MAIL) {
			for (k = 0; k < c->ng; k++)
				if (empty(&c->g[k].rcpt)) {
					recipients_add(&c->g[k].rcpt, ct.addr, 1);
					note(c, k, ct.addr, 1, where);
				}
		} else if (ct.form == CONTACT_PULL ||
			   (handles && nobody == c->ng)) {
			c->pull = 1;
			c->form_why = where ? where : xstrdup("CODEOWNERS "
				"names the files' owners by their host's user "
				"names: a pull request's reviewers");
			where = NULL;
		} else {
			char *since = year_before(c);

			for (k = 0; k < c->ng; k++)
				if (empty(&c->g[k].rcpt))
					history_people(c, k, since);
			free(since);
		}
		free(where);
		contact_release(&ct);
	}
	/* --to and --cc: asked for by name, so mail, not a pull request. */
	if (given)
		c->pull = 0;
	for (k = 0; k < c->ng; k++) {
		const char *const *a;

		for (a = c->o->to; a && *a; a++) {
			recipients_add(&c->g[k].rcpt, *a, 1);
			note(c, k, *a, 1, "--to");
		}
		for (a = c->o->cc; a && *a; a++) {
			if (recipients_find(&c->g[k].rcpt, *a))
				continue;
			recipients_add(&c->g[k].rcpt, *a, 0);
			note(c, k, *a, 0, "--cc");
		}
		if (!ret && recipients_write(c->g[k].file, &c->g[k].rcpt))
			ret = error("cannot address '%s'", c->g[k].file);
	}
	free(script);
	return ret;
}

int series_write_recipients(struct series *c, const char *dir)
{
	struct strbuf sb = STRBUF_INIT;
	char *path = xstrfmt("%s/RECIPIENTS", dir);
	size_t k, dl = strlen(dir);
	int ret;

	strbuf_addstr(&sb, "# Each patch's people and where each came from:\n"
		      "# patch, To or Cc, address, source.\n");
	if (c->pull)
		strbuf_addf(&sb, "# No mail: the project asks for pull "
			    "requests (%s);\n# each series is a branch, its "
			    "request text in PULL-REQUEST.\n", c->form_why);
	for (k = 0; k < c->ng; k++) {
		const char *f = c->g[k].file, *line, *next;

		if (!strncmp(f, dir, dl) && f[dl] == '/')
			f += dl + 1;	/* the staging directory's name */
		for (line = c->why ? c->why[k] : NULL; line && *line;
		     line = next) {
			next = strchrnul(line, '\n');
			strbuf_addf(&sb, "%s\t%.*s\n", f, (int)(next - line),
				    line);
			if (*next)
				next++;
		}
	}
	ret = atomic_write_file(path, sb.buf, sb.len, NULL);
	free(path);
	strbuf_release(&sb);
	return ret;
}
