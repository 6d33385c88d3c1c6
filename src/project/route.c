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

/* get_maintainer.pl on every file, jobs at once; its output in FILE.to. */
static int run_script(const char *root, char *const *abs, size_t n, int jobs)
{
	static const char script[] =
		"perl scripts/get_maintainer.pl " GM_OPTIONS
		" \"$1\" > \"$1.to\" 2> /dev/null || "
		"perl scripts/get_maintainer.pl --no-tree " GM_OPTIONS
		" \"$1\" > \"$1.to\"";
	struct strbuf in = STRBUF_INIT;
	char j[16];
	const char *argv[] = { "xargs", "-0", "-P", j, "-n", "1", "sh", "-c",
			       script, "sh", NULL };
	size_t i;
	int ret;

	/* run's -j is check's too (64): more perls than CPUs only thrash. */
	if (jobs > 4 * sysconf(_SC_NPROCESSORS_ONLN))
		jobs = 4 * (int)sysconf(_SC_NPROCESSORS_ONLN);
	snprintf(j, sizeof(j), "%d", jobs > 0 ? jobs : 1);
	for (i = 0; i < n; i++)
		strbuf_add(&in, abs[i], strlen(abs[i]) + 1);
	/*
	 * Sections that match a file equally deep come out in Perl's hash
	 * order, which changes from run to run (ACPI and ACPICA both list
	 * tools/power/acpi/, with two addresses of one person): a fixed
	 * seed makes the same tree give the same recipients every time.
	 */
	ret = run_command(argv, root, in.buf, in.len, NULL, perl_fixed);
	strbuf_release(&in);
	return ret ? error("scripts/get_maintainer.pl failed in '%s'", root) : 0;
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

/*
 * get_maintainer.pl's answers to the n patches abs[0..n) into answer[]:
 * kept ones from memo, the others from the script, once for the patches
 * alike (route_key()), jobs at a time; those kept in memo then.
 */
static int ask_script(const char *root, const struct maintainers *m,
		      char *const *abs, size_t n, int jobs,
		      struct route_memo *memo, char **answer)
{
	struct route_question *q = xcalloc(n, sizeof(*q));
	struct strmap keys = STRMAP_INIT;
	char **ask = xcalloc(n, sizeof(*ask));
	size_t *rep = xcalloc(n, sizeof(*rep));
	size_t *fresh = xcalloc(n, sizeof(*fresh));
	unsigned char *kw = xcalloc(m->nr + 1, 1);
	size_t i, na = 0, nf = 0;
	int ret = 0;

	for (i = 0; i < n; i++) {
		struct strbuf sb = STRBUF_INIT;
		char *key = NULL;
		void **slot;

		/* An unread patch is asked alone; the script says why. */
		if (!strbuf_read_file(&sb, abs[i]))
			route_question(m, sb.buf, &q[i], kw);
		strbuf_release(&sb);
		if (memo && q[i].files &&
		    !memo->get(memo->data, &q[i], &answer[i]) && answer[i]) {
			memo->kept++;
			continue;
		}
		if (q[i].files)
			key = route_key(m, &q[i], kw);
		fresh[nf++] = i;
		slot = key ? strmap_put(&keys, key) : NULL;
		if (!slot || !*slot) {
			if (slot)
				*slot = (void *)(i + 1);
			rep[i] = i;
			ask[na++] = abs[i];
		} else {
			rep[i] = (size_t)*slot - 1;
		}
		free(key);
	}
	if (memo)
		memo->asked += na;
	if (na)
		ret = run_script(root, ask, na, jobs);
	/* Each asked patch's answer, then its alikes' copies of it. */
	for (i = 0; i < nf && !ret; i++) {
		size_t k = fresh[i];
		struct strbuf sb = STRBUF_INIT;
		char *to;

		if (rep[k] != k)
			continue;
		to = xstrfmt("%s.to", abs[k]);
		if (strbuf_read_file(&sb, to))
			ret = -1;
		else
			answer[k] = strbuf_detach(&sb, NULL);
		strbuf_release(&sb);
		free(to);
	}
	for (i = 0; i < nf && !ret; i++) {
		size_t k = fresh[i];

		if (rep[k] != k)
			answer[k] = xstrdup(answer[rep[k]]);
	}
	if (!ret && memo && nf) {
		struct route_question *kq = xcalloc(nf, sizeof(*kq));
		char **ka = xcalloc(nf, sizeof(*ka));
		size_t nk = 0;

		for (i = 0; i < nf; i++)
			if (q[fresh[i]].files) {
				kq[nk] = q[fresh[i]];
				ka[nk++] = answer[fresh[i]];
			}
		memo->put(memo->data, kq, ka, nk);
		free(ka);
		free(kq);
	}
	for (i = 0; i < n; i++) {
		free(q[i].files);
		free(q[i].keywords);
	}
	strmap_clear(&keys, NULL);
	free(kw);
	free(fresh);
	free(rep);
	free(ask);
	free(q);
	return ret;
}

int route_patches(const char *root, const struct maintainers *m,
		  char *const *files, size_t n, int jobs, int in_process,
		  struct route_memo *memo, struct recipients *out)
{
	char *script = xstrfmt("%s/scripts/get_maintainer.pl", root);
	char **abs = xcalloc(n ? n : 1, sizeof(*abs));
	char **answer = xcalloc(n ? n : 1, sizeof(*answer));
	int use_script = !in_process && !access(script, R_OK) && m, ret = 0;
	int mapped = 0, lr_read = 0;
	char *lr = NULL;
	struct mailmap mm;
	size_t i;

	for (i = 0; i < n; i++) {
		char buf[PATH_MAX];

		memset(&out[i], 0, sizeof(out[i]));
		abs[i] = xstrdup(realpath(files[i], buf) ? buf : files[i]);
	}
	if (use_script && n)
		ret = ask_script(root, m, abs, n, jobs, memo, answer);
	else if (m && n && !(mapped = !mailmap_load(root, &mm)))
		ret = error("cannot read '%s/.mailmap'", root);
	for (i = 0; i < n && !ret; i++) {
		struct strbuf sb = STRBUF_INIT;

		if (use_script) {
			parse_output(&out[i], answer[i]);
			if (strbuf_read_file(&sb, abs[i]))
				ret = -1;
		} else if (m) {
			if (strbuf_read_file(&sb, abs[i]))
				ret = -1;
			else
				people_route(root, m, &mm, sb.buf, &out[i]);
		}
		if (!ret && m)
			to_most_specific(m, sb.buf, &out[i]);
		strbuf_release(&sb);
		/*
		 * Every patch has a person in To: where no maintainer takes
		 * it (only THE REST's lists), the one submitting-patches.rst
		 * names as the maintainer of last resort.
		 */
		if (!has_person(&out[i]) && (out[i].nto || out[i].ncc)) {
			if (!lr_read) {
				lr = last_resort(root);
				lr_read = 1;
			}
			if (lr)
				recipients_add(&out[i], lr, 1);
		}
		promote_lists(&out[i]);
	}
	free(lr);
	if (mapped)
		mailmap_release(&mm);
	/* get_maintainer.pl's output files, read or not. */
	for (i = 0; i < n; i++) {
		char *to = xstrfmt("%s.to", abs[i]);

		unlink(to);
		free(to);
		free(abs[i]);
		free(answer[i]);
	}
	free(abs);
	free(answer);
	free(script);
	return ret;
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
