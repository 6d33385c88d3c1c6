// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/strbuf.h"
#include "../lib/xalloc.h"
#include "judge.h"
#include "plan.h"

static const char *const left_names[LEFT__COUNT] = {
	"", "the owner's own site does not answer",
	"the owner's own site redirects to a home page, not the same page",
	"a living page an archived copy would freeze",
	"a bare home page", "a home page moved to a home page",
};

const char *left_reason_name(enum left_reason r)
{
	return r < LEFT__COUNT ? left_names[r] : "?";
}

void judge_init(struct judge *j, const char *root, const struct config *cfg,
		int home_pages)
{
	memset(j, 0, sizeof(*j));
	j->home_pages = home_pages;
	j->have_m = root && !maintainers_load(root, &j->m);
	whose_init(&j->whose, root, j->have_m ? &j->m : NULL, cfg);
}

void judge_release(struct judge *j)
{
	whose_release(&j->whose);
	if (j->have_m)
		maintainers_release(&j->m);
	memset(j, 0, sizeof(*j));
}

/* The line that holds offset at, and the one above it (words around). */
static const char *words_of(const char *buf, size_t len, size_t at,
			    size_t *n)
{
	size_t a = at < len ? at : len, b = a, lines = 0;

	while (a > 0 && !(buf[a - 1] == '\n' && ++lines == 2))
		a--;
	while (b < len && buf[b] != '\n')
		b++;
	*n = b - a;
	return buf + a;
}

static int own(int owner)
{
	return owner == WHOSE_SECTION || owner == WHOSE_PROJECT ||
	       owner == WHOSE_PLACE || owner == WHOSE_INFRA;
}

enum left_reason judge_edit(struct judge *j, struct planned *e,
			    const char *buf, size_t len)
{
	struct strbuf why = STRBUF_INIT;
	struct whose_answer a;
	const char *words = NULL;
	size_t n = 0;
	int archived = e->kind == K_ARCHIVED, moved = e->kind == K_MOVED;

	free(e->purpose_why);
	free(e->owner_why);
	e->purpose_why = e->owner_why = NULL;
	e->left = LEFT_NONE;
	e->owner_section = -1;
	if (buf && e->start <= len)
		words = words_of(buf, len, e->start, &n);
	e->purpose = (int)purpose_of(e->url, words, n, &why);
	e->purpose_why = strbuf_detach(&why, NULL);
	e->owner = (int)whose_url(&j->whose, e->path, e->url, &a);
	e->owner_section = a.section;
	e->owner_why = a.evidence;
	a.evidence = NULL;
	whose_answer_release(&a);

	if (own(e->owner) && archived)
		e->left = LEFT_OWN_DEAD;
	else if (own(e->owner) && moved && e->purpose != PURPOSE_HOME &&
		 purpose_home_page(e->replacement))
		e->left = LEFT_OWN_MOVED;
	else if (archived && e->purpose == PURPOSE_LIVING)
		e->left = LEFT_LIVING;
	else if (archived && e->purpose == PURPOSE_HOME && !j->home_pages)
		e->left = LEFT_HOME;
	else if (moved && e->purpose == PURPOSE_HOME && !j->home_pages &&
		 purpose_home_page(e->replacement))
		e->left = LEFT_HOME_MOVE;
	return (enum left_reason)e->left;
}

void judge_summary(const struct judge_counts *c, struct strbuf *out)
{
	size_t total = 0, i;
	int first = 1;

	for (i = 1; i < LEFT__COUNT; i++)
		total += c->n[i];
	if (!total)
		return;
	strbuf_addf(out, "%zu left as they are, reported instead (", total);
	for (i = 1; i < LEFT__COUNT; i++)
		if (c->n[i]) {
			strbuf_addf(out, "%s%s %zu", first ? "" : ", ",
				    left_names[i], c->n[i]);
			first = 0;
		}
	strbuf_addch(out, ')');
}

/* "checked 5 times since 2026-01-02" of resolve's evidence, or "". */
static void checked(const char *ev, struct strbuf *out)
{
	const char *p;

	for (p = ev ? ev : ""; (p = strstr(p, " check")); p++) {
		const char *d = p, *s = p + 6;
		size_t k;

		while (d > ev && isdigit((unsigned char)d[-1]))
			d--;
		if (d == p)
			continue;
		s += *s == 's';
		if (*s != ' ')
			continue;
		k = strcspn(s + 1, ".");
		strbuf_addf(out, " (checked %.*s time%s since %.*s)",
			    (int)(p - d), d,
			    p - d == 1 && *d == '1' ? "" : "s",
			    (int)k, s + 1);
		return;
	}
}

void judge_say(const struct planned *e, struct strbuf *out)
{
	const char *purpose = e->purpose_why && *e->purpose_why ?
			      e->purpose_why : "its purpose unknown";

	switch (e->left) {
	case LEFT_OWN_DEAD:
		strbuf_addf(out, "your own site `%s` does not answer",
			    e->url);
		checked(e->evidence, out);
		strbuf_addf(out, "; not replaced by an archived copy: %s",
			    e->owner_why ? e->owner_why : "");
		break;
	case LEFT_OWN_MOVED:
		strbuf_addf(out, "your own site `%s` redirects to the home page "
			    "`%s`, not the same page: not moved (%s)", e->url,
			    e->replacement, e->owner_why ? e->owner_why : "");
		break;
	case LEFT_LIVING:
		strbuf_addf(out, "`%s` does not answer", e->url);
		checked(e->evidence, out);
		strbuf_addf(out, "; %s: an archived copy would freeze it, only "
			    "its live successor may replace it", purpose);
		break;
	case LEFT_HOME:
		strbuf_addf(out, "`%s` does not answer", e->url);
		checked(e->evidence, out);
		strbuf_addstr(out, "; a bare home page: not archived "
			      "(--home-pages=1 archives it)");
		break;
	case LEFT_HOME_MOVE:
		strbuf_addf(out, "`%s` redirects to `%s`, a home page to a "
			    "home page: not a patch (--home-pages=1 makes it "
			    "one)", e->url, e->replacement);
		break;
	default:
		break;
	}
}
