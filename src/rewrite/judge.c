// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/strbuf.h"
#include "../lib/xalloc.h"
#include "judge.h"

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

const char *judge_words(const char *buf, size_t len, size_t at, size_t *n)
{
	size_t a = at < len ? at : len, b = a, lines = 0;

	while (a > 0 && !(buf[a - 1] == '\n' && ++lines == 2))
		a--;
	while (b < len && buf[b] != '\n')
		b++;
	*n = b - a;
	return buf + a;
}

static int own(enum whose_kind owner)
{
	return owner != WHOSE_NONE;
}

void judgement_release(struct judgement *d)
{
	free(d->purpose_why);
	free(d->owner_why);
	memset(d, 0, sizeof(*d));
	d->owner_section = -1;
}

enum left_reason judge_link(struct judge *j, const char *path,
			    const char *url, enum kind kind,
			    const char *replacement, const char *evidence,
			    const char *words, size_t n, struct judgement *d)
{
	struct strbuf why = STRBUF_INIT;
	struct whose_answer a;
	int archived = kind == K_ARCHIVED, moved = kind == K_MOVED;

	memset(d, 0, sizeof(*d));
	d->purpose = purpose_with_captures(url, words, n, evidence, &why);
	d->purpose_why = strbuf_detach(&why, NULL);
	d->owner = whose_url(&j->whose, path, url, &a);
	d->owner_section = a.section;
	d->owner_why = a.evidence;
	a.evidence = NULL;
	whose_answer_release(&a);

	if (own(d->owner) && archived)
		d->left = LEFT_OWN_DEAD;
	else if (own(d->owner) && moved && d->purpose != PURPOSE_HOME &&
		 replacement && purpose_home_page(replacement))
		d->left = LEFT_OWN_MOVED;
	else if (archived && d->purpose == PURPOSE_LIVING)
		d->left = LEFT_LIVING;
	else if (archived && d->purpose == PURPOSE_HOME && !j->home_pages)
		d->left = LEFT_HOME;
	else if (moved && d->purpose == PURPOSE_HOME && !j->home_pages &&
		 replacement && purpose_home_page(replacement))
		d->left = LEFT_HOME_MOVE;
	return d->left;
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

void judge_say(const struct judgement *d, const char *url,
	       const char *replacement, const char *evidence,
	       struct strbuf *out)
{
	const char *purpose = d->purpose_why && *d->purpose_why ?
			      d->purpose_why : "its purpose unknown";
	const char *owner = d->owner_why ? d->owner_why : "";

	switch (d->left) {
	case LEFT_OWN_DEAD:
		strbuf_addf(out, "your own site `%s` does not answer",
			    url);
		checked(evidence, out);
		strbuf_addf(out, "; not replaced by an archived copy: %s",
			    owner);
		break;
	case LEFT_OWN_MOVED:
		strbuf_addf(out, "your own site `%s` redirects to the home "
			    "page `%s`, not the same page: not moved (%s)", url,
			    replacement, owner);
		break;
	case LEFT_LIVING:
		strbuf_addf(out, "`%s` does not answer", url);
		checked(evidence, out);
		strbuf_addf(out, "; %s: an archived copy would freeze it, only "
			    "its live successor may replace it", purpose);
		break;
	case LEFT_HOME:
		strbuf_addf(out, "`%s` does not answer", url);
		checked(evidence, out);
		strbuf_addstr(out, "; a bare home page: not archived "
			      "(--home-pages=1 archives it)");
		break;
	case LEFT_HOME_MOVE:
		strbuf_addf(out, "`%s` redirects to `%s`, a home page to a "
			    "home page: not a patch (--home-pages=1 makes it "
			    "one)", url, replacement);
		break;
	default:
		break;
	}
}
