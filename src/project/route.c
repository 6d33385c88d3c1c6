// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "../lib/run.h"
#include "../lib/strbuf.h"
#include "../lib/strmap.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "maintainers.h"
#include "people.h"
#include "recipients.h"
#include "route.h"

/*
 * One line of get_maintainer.pl: "Name <mail> (maintainer:SECTION)",
 * "list@host (open list:SECTION)".  Those who take patches go in To.
 * The role is the bracket right after the address: a section's name may
 * hold brackets of its own ("MEDIA INPUT INFRASTRUCTURE (V4L/DVB)").
 */
static void take_line(struct recipients *r, char *line)
{
	static const char *const takers[] = {
		"maintainer", "supporter", "odd fixer", "chief penguin",
		"orphan minder", "obsolete minder",
	};
	char *lt = strchr(line, '<'), *gt = lt ? strchr(lt, '>') : NULL;
	char *open = strstr(gt ? gt : line, " (");
	size_t i;
	int to = 0;

	if (open && line[strlen(line) - 1] == ')') {
		*open = '\0';
		for (i = 0; i < sizeof(takers) / sizeof(takers[0]); i++)
			if (!strncmp(open + 2, takers[i], strlen(takers[i])))
				to = 1;
	}
	if (*line)
		recipients_add(r, line, to);
}

static void parse_output(struct recipients *r, char *text)
{
	char *line, *next;

	for (line = text; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		take_line(r, line);
	}
}

/*
 * A patch no maintainer takes (a file only "THE REST" covers) goes To
 * its lists rather than To nobody.
 */
static void promote_lists(struct recipients *r)
{
	if (r->nto || !r->ncc)
		return;
	r->to = r->cc;
	r->nto = r->ncc;
	r->ato = r->acc;
	r->cc = NULL;
	r->ncc = r->acc = 0;
}

/*
 * The maintainer of last resort the tree's own submitting-patches.rst
 * names ("Andrew Morton (akpm@linux-foundation.org) serves as a
 * maintainer of last resort"), as "Name <addr>"; NULL where the tree
 * names none.  Only what the tree says: no address is built in.
 */
static char *last_resort(const char *root)
{
	char *path = xstrfmt("%s/Documentation/process/submitting-patches.rst",
			     root);
	struct strbuf sb = STRBUF_INIT;
	char *ret = NULL, *at, *open, *close, *name;

	if (access(path, R_OK) || strbuf_read_file(&sb, path))
		goto out;
	at = strstr(sb.buf, "maintainer of last resort");
	/* The address in brackets just before, the words before it its name. */
	for (close = at; close && close > sb.buf && *close != ')' &&
	     at - close < 200; close--)
		;
	if (!at || !close || *close != ')')
		goto out;
	for (open = close; open > sb.buf && *open != '('; open--)
		;
	if (*open != '(' || !memchr(open, '@', (size_t)(close - open)) ||
	    memchr(open, ' ', (size_t)(close - open)))
		goto out;
	for (name = open; name > sb.buf && name[-1] != ',' && name[-1] != '.' &&
	     open - name < 40; name--)
		;
	while (name < open && !isupper((unsigned char)*name))
		name++;
	{
		char *n = xstrndup(name, (size_t)(open - name)), *p;

		for (p = n; *p; p++)
			if (isspace((unsigned char)*p))
				*p = ' ';
		while (*n && n[strlen(n) - 1] == ' ')
			n[strlen(n) - 1] = '\0';
		if (*n && !strchr(n, '<'))
			ret = xstrfmt("%s <%.*s>", n, (int)(close - open - 1),
				      open + 1);
		free(n);
	}
out:
	strbuf_release(&sb);
	free(path);
	return ret;
}

/* 1 when To names a person ("Name <addr>"), not only lists. */
static int has_person(const struct recipients *r)
{
	size_t i;

	for (i = 0; i < r->nto; i++)
		if (strchr(r->to[i], '<'))
			return 1;
	return 0;
}

/*
 * 1 when person ("Name <mail>") is one of the n M: lines in to, by its
 * mail or its name.
 */
static int among(const char *person, char *const *to, size_t n)
{
	const char *lt = strchr(person, '<'), *gt = lt ? strchr(lt, '>') : NULL;
	size_t i, nl, ml;

	if (!gt)
		return 0;
	for (nl = (size_t)(lt - person); nl && person[nl - 1] == ' '; nl--)
		;
	ml = (size_t)(gt - lt);
	for (i = 0; i < n; i++) {
		const char *l2 = strchr(to[i], '<');
		size_t n2;

		if (!l2)
			continue;
		if (!strncasecmp(l2, lt, ml) && l2[ml] == '>')
			return 1;
		n2 = (size_t)(l2 - to[i]);
		while (n2 && to[i][n2 - 1] == ' ')
			n2--;
		if (nl && n2 == nl && !strncmp(to[i], person, nl))
			return 1;
	}
	return 0;
}

/*
 * To: the maintainers of the most specific section of each file the
 * patch changes, as people do by hand from get_maintainer.pl's output;
 * those of broader sections (DOCUMENTATION for a driver's .rst, a
 * parent's, a K: keyword's) Cc.  Where that leaves nobody in To, as it
 * was.
 */
static void to_most_specific(const struct maintainers *m, const char *patch,
			     struct recipients *r)
{
	struct recipients n = { 0 };
	const char *p;
	char **mine = NULL;
	size_t nm = 0, am = 0, i;
	int person = 0;

	for (p = patch; (p = strstr(p, "\ndiff --git a/")); p++) {
		const char *a = p + 14, *b = strstr(a, " b/");
		char *path;
		long sec;

		if (!b || memchr(a, '\n', (size_t)(b - a)))
			continue;
		path = xstrndup(a, (size_t)(b - a));
		sec = maintainers_section(m, path);
		free(path);
		for (i = 0; sec >= 0 && i < m->v[sec].nto; i++) {
			ALLOC_GROW(mine, nm + 1, am);
			mine[nm++] = m->v[sec].to[i];
		}
	}
	for (i = 0; i < r->nto && !person; i++)
		person = strchr(r->to[i], '<') && among(r->to[i], mine, nm);
	if (person) {
		for (i = 0; i < r->nto; i++)
			recipients_add(&n, r->to[i], !strchr(r->to[i], '<') ||
				       among(r->to[i], mine, nm));
		for (i = 0; i < r->ncc; i++)
			recipients_add(&n, r->cc[i], 0);
		recipients_release(r);
		*r = n;
	}
	free(mine);
}

static const char *const perl_fixed[] = {
	"PERL_HASH_SEED=0", "PERL_PERTURB_KEYS=0", NULL,
};

#define GM_OPTIONS "--no-git --no-git-fallback"

/*
 * How the script is asked (run_script()), as a kept answer's key says
 * it: an answer kept for other options is not this one.
 */
static const char gm_asked[] =
	"PERL_HASH_SEED=0 PERL_PERTURB_KEYS=0 " GM_OPTIONS
	", else --no-tree " GM_OPTIONS;

/*
 * get_maintainer.pl on one patch, in the pool: its output in FILE.to,
 * the script asked with --no-tree where it finds no kernel tree.
 */
static void run_script(struct run_pool *pool, const char *root,
		       const char *abs)
{
	static const char script[] =
		"perl scripts/get_maintainer.pl " GM_OPTIONS
		" \"$1\" > \"$1.to\" 2> /dev/null || "
		"perl scripts/get_maintainer.pl --no-tree " GM_OPTIONS
		" \"$1\" > \"$1.to\"";
	struct child_process cp = CHILD_PROCESS_INIT;

	strvec_pushl(&cp.args, "sh", "-c", script, "sh", abs, NULL);
	/*
	 * Sections that match a file equally deep come out in Perl's hash
	 * order, which changes from run to run (ACPI and ACPICA both list
	 * tools/power/acpi/, with two addresses of one person): a fixed
	 * seed makes the same tree give the same recipients every time.
	 */
	strvec_pushv(&cp.env, perl_fixed);
	cp.dir = root;
	run_pool_add(pool, &cp);
}

static int cmp_path(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The patch text's question, as an answer is kept by (route_memo): its
 * files, sorted, and the sections whose K: keywords it holds, each
 * marked in kw[0..m->nr) too.
 */
static void route_question(const struct maintainers *m, const char *text,
			   struct route_question *q, unsigned char *kw)
{
	struct strbuf sb = STRBUF_INIT;
	char **paths = NULL;
	const char *p;
	size_t i, np = 0, ap = 0;

	for (p = text; (p = strstr(p, "\ndiff --git a/")); p++) {
		const char *a = p + 14, *b = strstr(a, " b/");

		if (!b || memchr(a, '\n', (size_t)(b - a)))
			continue;
		ALLOC_GROW(paths, np + 1, ap);
		paths[np++] = xstrndup(a, (size_t)(b - a));
	}
	for (i = 0; i < m->nr; i++) {
		kw[i] = (unsigned char)maintainers_keyword(&m->v[i], text);
		if (kw[i])
			strbuf_addf(&sb, "%s\n", m->v[i].name);
	}
	q->keywords = strbuf_detach(&sb, NULL);
	if (np)
		qsort(paths, np, sizeof(*paths), cmp_path);
	for (i = 0; i < np; i++)
		if (!i || strcmp(paths[i], paths[i - 1]))
			strbuf_addf(&sb, "%s\n", paths[i]);
	for (i = 0; i < np; i++)
		free(paths[i]);
	free(paths);
	q->files = strbuf_detach(&sb, NULL);
	q->options = gm_asked;
}

/*
 * What get_maintainer.pl's answer for a patch depends on: the sections
 * that cover its files (F:, X:, N:) and those whose K: keywords its text
 * holds (kw, from route_question()).  Patches alike in these get one
 * answer: the script runs once for them all (a section's moved and
 * archived patches, its parts cut by size).  NULL where the patch
 * touches a .yaml file, whose own "maintainers:" the script reads (a
 * devicetree binding's): it is asked alone.
 */
static char *route_key(const struct maintainers *m,
		       const struct route_question *q, const unsigned char *kw)
{
	struct strbuf key = STRBUF_INIT;
	unsigned char *sec = xcalloc(m->nr + 1, 1);
	const char *path, *nl;
	long idx[64];
	size_t i, k, n;

	for (path = q->files; *path; path = nl + 1) {
		char *one;

		nl = strchr(path, '\n');
		one = xstrndup(path, (size_t)(nl - path));
		n = maintainers_matches(m, one, idx, 64);
		for (k = 0; k < n; k++)
			sec[idx[k]] |= 1;
		/* A .yaml, or more sections than counted: asked alone. */
		if (n == 64 || (nl - path > 5 && !strcmp(one + (nl - path) - 5,
							 ".yaml"))) {
			free(one);
			free(sec);
			strbuf_release(&key);
			return NULL;
		}
		free(one);
	}
	for (i = 0; i < m->nr; i++) {
		sec[i] |= kw[i] ? 2 : 0;
		if (sec[i])
			strbuf_addf(&key, "%zu:%d,", i, sec[i]);
	}
	free(sec);
	return strbuf_detach(&key, NULL);
}

struct route_batch {
	const char *root;
	const struct maintainers *m;
	struct route_memo *memo;
	int use_script;
	size_t n;
	char **abs;		/* each patch's absolute path, once added */
	char **answer;		/* the script's, once it ran or was kept */
	struct route_question *q;
	/*
	 * Each fresh (not kept) patch's representative, whose run answers
	 * for it: the first patch added alike in route_key(), else itself.
	 */
	size_t *rep;
	size_t *fresh, nf;
	unsigned char *kw;
	struct strmap keys;
	struct run_pool pool;
};

struct route_batch *route_batch_begin(const char *root,
				      const struct maintainers *m, size_t n,
				      int jobs, int in_process,
				      struct route_memo *memo)
{
	struct route_batch *b = xcalloc(1, sizeof(*b));
	struct strmap keys = STRMAP_INIT;
	char *script = xstrfmt("%s/scripts/get_maintainer.pl", root);
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	b->root = root;
	b->m = m;
	b->memo = memo;
	b->use_script = !in_process && !access(script, R_OK) && m;
	b->n = n;
	b->abs = xcalloc(n ? n : 1, sizeof(*b->abs));
	b->answer = xcalloc(n ? n : 1, sizeof(*b->answer));
	b->q = xcalloc(n ? n : 1, sizeof(*b->q));
	b->rep = xcalloc(n ? n : 1, sizeof(*b->rep));
	b->fresh = xcalloc(n ? n : 1, sizeof(*b->fresh));
	b->kw = xcalloc(m ? m->nr + 1 : 1, 1);
	b->keys = keys;
	/* run's -j is check's too (64): more perls than CPUs only thrash. */
	if (cpus > 0 && jobs > 4 * cpus)
		jobs = 4 * (int)cpus;
	b->pool.jobs = jobs > 0 ? jobs : 1;
	free(script);
	return b;
}

/*
 * Patch i's question; its kept answer, else the script started on it
 * unless a patch alike (route_key()) was asked already.
 */
static void ask_script(struct route_batch *b, size_t i)
{
	struct strbuf sb = STRBUF_INIT;
	struct route_memo *memo = b->memo;
	char *key = NULL;
	void **slot;

	/* An unread patch is asked alone; the script says why. */
	if (!strbuf_read_file(&sb, b->abs[i]))
		route_question(b->m, sb.buf, &b->q[i], b->kw);
	strbuf_release(&sb);
	if (memo && b->q[i].files &&
	    !memo->get(memo->data, &b->q[i], &b->answer[i]) && b->answer[i]) {
		memo->kept++;
		return;
	}
	if (b->q[i].files)
		key = route_key(b->m, &b->q[i], b->kw);
	b->fresh[b->nf++] = i;
	slot = key ? strmap_put(&b->keys, key) : NULL;
	if (!slot || !*slot) {
		if (slot)
			*slot = (void *)(i + 1);
		b->rep[i] = i;
		if (memo)
			memo->asked++;
		run_script(&b->pool, b->root, b->abs[i]);
	} else {
		b->rep[i] = (size_t)*slot - 1;
	}
	free(key);
}

void route_batch_add(struct route_batch *b, size_t i, const char *file)
{
	char buf[PATH_MAX];

	if (i >= b->n || b->abs[i]) {
		error("BUG: route_batch_add: patch %zu of %zu added twice",
		      i, b->n);
		return;
	}
	b->abs[i] = xstrdup(realpath(file, buf) ? buf : file);
	if (b->use_script)
		ask_script(b, i);
}

/*
 * The script's answers for the fresh patches: each asked patch's own,
 * then its alikes' copies of it; those kept in memo then.
 */
static int take_answers(struct route_batch *b)
{
	struct route_memo *memo = b->memo;
	size_t i;
	int ret = 0;

	for (i = 0; i < b->nf && !ret; i++) {
		size_t k = b->fresh[i];
		struct strbuf sb = STRBUF_INIT;
		char *to;

		if (b->rep[k] != k)
			continue;
		to = xstrfmt("%s.to", b->abs[k]);
		if (strbuf_read_file(&sb, to))
			ret = -1;
		else
			b->answer[k] = strbuf_detach(&sb, NULL);
		strbuf_release(&sb);
		free(to);
	}
	for (i = 0; i < b->nf && !ret; i++) {
		size_t k = b->fresh[i];

		if (b->rep[k] != k)
			b->answer[k] = xstrdup(b->answer[b->rep[k]]);
	}
	if (!ret && memo && b->nf) {
		struct route_question *kq = xcalloc(b->nf, sizeof(*kq));
		char **ka = xcalloc(b->nf, sizeof(*ka));
		size_t nk = 0;

		for (i = 0; i < b->nf; i++)
			if (b->q[b->fresh[i]].files) {
				kq[nk] = b->q[b->fresh[i]];
				ka[nk++] = b->answer[b->fresh[i]];
			}
		memo->put(memo->data, kq, ka, nk);
		free(ka);
		free(kq);
	}
	return ret;
}

/* Patch i's recipients from the script's answer or MAINTAINERS here. */
static int route_one(struct route_batch *b, size_t i, struct mailmap *mm,
		     char **lr, int *lr_read, struct recipients *out)
{
	struct strbuf sb = STRBUF_INIT;
	int ret = 0;

	if (b->use_script) {
		parse_output(out, b->answer[i]);
		if (strbuf_read_file(&sb, b->abs[i]))
			ret = -1;
	} else if (b->m) {
		if (strbuf_read_file(&sb, b->abs[i]))
			ret = -1;
		else
			people_route(b->root, b->m, mm, sb.buf, out);
	}
	if (!ret && b->m)
		to_most_specific(b->m, sb.buf, out);
	strbuf_release(&sb);
	/*
	 * Every patch has a person in To: where no maintainer takes it
	 * (only THE REST's lists), the one submitting-patches.rst names
	 * as the maintainer of last resort.
	 */
	if (!has_person(out) && (out->nto || out->ncc)) {
		if (!*lr_read) {
			*lr = last_resort(b->root);
			*lr_read = 1;
		}
		if (*lr)
			recipients_add(out, *lr, 1);
	}
	promote_lists(out);
	return ret;
}

int route_batch_end(struct route_batch *b, struct recipients *out)
{
	int mapped = 0, lr_read = 0, ret = 0;
	char *lr = NULL;
	struct mailmap mm;
	size_t i;

	/* Abandoned: the runs not started yet are not started. */
	if (run_pool_finish(&b->pool, !out) && out)
		ret = error("scripts/get_maintainer.pl failed in '%s'",
			    b->root);
	for (i = 0; out && i < b->n; i++) {
		memset(&out[i], 0, sizeof(out[i]));
		if (!b->abs[i] && !ret)
			ret = error("BUG: route_batch_end: patch %zu of %zu "
				    "not added", i, b->n);
	}
	if (!out)
		goto out;
	if (b->use_script && !ret)
		ret = take_answers(b);
	else if (!b->use_script && b->m && b->n &&
		 !(mapped = !mailmap_load(b->root, &mm)))
		ret = error("cannot read '%s/.mailmap'", b->root);
	for (i = 0; i < b->n && !ret; i++)
		ret = route_one(b, i, &mm, &lr, &lr_read, &out[i]);
	free(lr);
	if (mapped)
		mailmap_release(&mm);
out:
	/* get_maintainer.pl's output files, read or not. */
	for (i = 0; i < b->n; i++) {
		if (b->abs[i]) {
			char *to = xstrfmt("%s.to", b->abs[i]);

			unlink(to);
			free(to);
		}
		free(b->abs[i]);
		free(b->answer[i]);
		free(b->q[i].files);
		free(b->q[i].keywords);
	}
	strmap_clear(&b->keys, NULL);
	free(b->kw);
	free(b->fresh);
	free(b->rep);
	free(b->q);
	free(b->answer);
	free(b->abs);
	free(b);
	return ret;
}

int route_patches(const char *root, const struct maintainers *m,
		  char *const *files, size_t n, int jobs, int in_process,
		  struct route_memo *memo, struct recipients *out)
{
	struct route_batch *b = route_batch_begin(root, m, n, jobs,
						  in_process, memo);
	size_t i;

	for (i = 0; i < n; i++)
		route_batch_add(b, i, files[i]);
	return route_batch_end(b, out);
}

int recipients_keyword(const struct maintainers *m, const struct recipients *r)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;
	int hit = 0;

	for (i = 0; i < r->nto; i++)
		strbuf_addf(&sb, "To: %s\n", r->to[i]);
	for (i = 0; i < r->ncc; i++)
		strbuf_addf(&sb, "Cc: %s\n", r->cc[i]);
	for (i = 0; m && i < m->nr && !hit && sb.len; i++)
		hit = maintainers_keyword(&m->v[i], sb.buf);
	strbuf_release(&sb);
	return hit;
}
