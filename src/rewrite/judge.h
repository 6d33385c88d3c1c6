/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Whether an edit is worth a patch, from whose site the link is on
 * (project/whose.h) and what it is for (purpose.h).  Left as it is, with
 * its reason, and told to whoever reads the report or the cover letter:
 *
 *   - an archived copy of the project's own site, or of a site of the
 *     MAINTAINERS section that owns the file: its owner is to be told
 *     that it does not answer, not archived around;
 *   - a move of such a site to a home page: not the same page;
 *   - an archived copy of a living page: it would freeze what changes;
 *     only its live successor may replace it;
 *   - an archived bare home page, and a move from a home page to a home
 *     page: churn of little value, unless the user asks (home_pages).
 *
 * Nothing left is dropped silently: each is counted by reason and has
 * its sentence (judge_say()).
 */
#ifndef REWRITE_JUDGE_H
#define REWRITE_JUDGE_H

#include <stddef.h>

#include "../lib/vocab.h"
#include "../project/maintainers.h"
#include "../project/whose.h"
#include "purpose.h"

struct config;
struct strbuf;

enum left_reason {
	LEFT_NONE,
	LEFT_OWN_DEAD,		/* the owner's own site does not answer */
	LEFT_OWN_MOVED,		/* the owner's site moved to a home page */
	LEFT_LIVING,		/* an archived copy would freeze it */
	LEFT_HOME,		/* a bare home page, archived */
	LEFT_HOME_MOVE,		/* a home page moved to a home page */
	LEFT__COUNT
};

struct judge {
	struct maintainers m;
	int have_m;
	struct whose whose;
	int home_pages;		/* bare home pages are patches too */
};

struct judge_counts {
	size_t n[LEFT__COUNT];
};

/* What the judge found of one link, with the evidence. */
struct judgement {
	enum purpose purpose;
	char *purpose_why;
	enum whose_kind owner;
	long owner_section;	/* a MAINTAINERS section's index, or -1 */
	char *owner_why;
	enum left_reason left;	/* LEFT_NONE: a patch */
};

void judgement_release(struct judgement *d);

/* What root (NULL: nothing of a tree) and cfg say of whose sites are. */
void judge_init(struct judge *j, const char *root, const struct config *cfg,
		int home_pages);
void judge_release(struct judge *j);

/*
 * Judge the edit of url in path (relative to the root) to replacement,
 * of kind, with resolve's evidence (NULL: none; what the page's captures
 * say of it, purpose_with_captures()), where words[0..n) are the lines
 * around it (NULL: unknown):
 * its purpose, its owner and its reason to be left (LEFT_NONE: it is a
 * patch) into d (judgement_release() it), the reason returned.
 */
enum left_reason judge_link(struct judge *j, const char *path,
			    const char *url, enum kind kind,
			    const char *replacement, const char *evidence,
			    const char *words, size_t n, struct judgement *d);

/* The line that holds offset at and the one above it: its words. */
const char *judge_words(const char *buf, size_t len, size_t at, size_t *n);

/* "the owner's own site does not answer", ... */
const char *left_reason_name(enum left_reason r);

/* "4 left for their owners (...: 2, ...: 2)", or "". */
void judge_summary(const struct judge_counts *c, struct strbuf *out);

/*
 * d's sentence for url (and replacement, and resolve's evidence): "your
 * own site `URL` does not answer (checked 4 times since DATE); ...".
 */
void judge_say(const struct judgement *d, const char *url,
	       const char *replacement, const char *evidence,
	       struct strbuf *out);

#endif
