/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The edits the store's resolutions ask for, escaped for their contexts
 * and filtered by kind; and the check that an occurrence's bytes are
 * still what scan saw before anything is written over them.
 */
#ifndef REWRITE_PLAN_H
#define REWRITE_PLAN_H

#include <stddef.h>

#include "../lib/vocab.h"
#include "../store/store.h"
#include "judge.h"
#include "keep.h"

struct planned {
	char *path;
	size_t start, end;
	unsigned line;
	char *text;		/* the URL as scanned */
	char *replacement;	/* escaped for ctx */
	enum kind kind;
	char *evidence, *url;
	char *via;		/* the evidence's tag (resolution.via), or NULL */
	enum context ctx;
	int wrapped, strings, applied;
	char *fitted;		/* plan_fit(): the bytes to write, or NULL */
	int changed;		/* plan_fit(): not the bytes scan saw */
	enum keep_reason kept;	/* plan_fit(): a line that stays */
	/* plan_fit(): whose text it is (keep_owner()), the evidence. */
	const char *owner;
	char *owner_why;
	/* plan_fit() with a judge: what it is for, whose, whether left. */
	struct judgement judged;
};

struct plan {
	struct planned *v;
	size_t nr, alloc;
	/*
	 * Set by the caller after plan_load(), or NULL: the judge plan_fit()
	 * asks whether an edit is worth a patch, and its counts of those
	 * left.
	 */
	struct judge *judge;
	struct judge_counts left;
};

/*
 * What a maintainer takes without asking: a link that moved (the site
 * says where) and https serving the same page.  An archived copy changes
 * what a reader gets and is only written when asked for (archived).
 */
#define PLAN_DEFAULT_KINDS "moved,upgrade"

/* What fix and series write: --kinds, --archived, --strings. */
#define OPT_PLAN(kinds, archived, strings) \
	OPT_STRING(0, "kinds", (kinds), "LIST", "comma-separated kinds to " \
		   "write: moved, upgrade, archived, canonical; typo and " \
		   "migrated are guesses: reported, never written"), \
	OPT_BOOL(0, "archived", (archived), \
		 "also dead links to their archived copies"), \
	OPT_BOOL(0, "strings", (strings), "also edit strings and code: C " \
		 "strings and formats, Kconfig and Makefile statements, " \
		 "script code (it changes what a program does or prints)")

/*
 * The resolutions of the kinds listed (comma-separated: moved, archived,
 * upgrade, canonical; NULL: PLAN_DEFAULT_KINDS), and archived ones too
 * when archived is set; string and format occurrences only when strings
 * is set; unresolved ones and guesses (typo, migrated: kind_is_guess())
 * never, and listing a guess is an error.
 */
int plan_load(struct store *st, const char *kinds, int archived, int strings,
	      struct plan *p);
void plan_release(struct plan *p);

/*
 * Record in st what the judge found of each edit it judged: the link's
 * purpose, and as its evidence the purpose's, whose site it is and why
 * it was left (store_put_class(); the owner of the text is not
 * touched).  Paths are the store's once prefix is taken off (series:
 * the store's root in the checkout).  0, or -1 after error().
 */
int plan_record(struct store *st, const struct plan *p, const char *prefix);

/* 1 if buf still holds the scanned URL at e's span. */
int plan_span_ok(const struct planned *e, const char *buf, size_t len);

/*
 * 1 if buf holds e's replacement where scan saw its URL (or on the line
 * below, where a layout moved it) and not the URL scan saw: the edit was
 * made (fix, then perhaps a commit) and is not to be made again.
 */
int plan_done(const struct planned *e, const char *buf, size_t len);

/*
 * Decide entries [i, j) of p, one file whose bytes are buf: an entry buf
 * already holds (plan_done(), whatever the store says) is applied, any
 * other is not; one not applied whose bytes are no longer what scan saw
 * is changed; one on
 * a line that must stay (keep_reason()) or whose line would lose its
 * shape (layout_fit()) is kept, counted in *kept; one the plan's judge
 * leaves (judge_edit()) is left, counted in p->left; a box comment's padding
 * or a URL moved to a line of its own goes into the entry's end and
 * fitted.  Returns how many to make.
 */
size_t plan_fit(struct plan *p, size_t i, size_t j, const char *buf,
		size_t len, struct keep_tree *kt, struct keep_counts *kept);

/* The bytes entry e writes over [start, end): fitted, else replacement. */
const char *plan_text(const struct planned *e);

/*
 * The patch an edit goes in, by its kind; an edit of a string or code goes
 * in a patch of its own whatever its kind.
 */
enum plan_group {
	PG_MOVED,		/* moved and canonical */
	PG_UPGRADE,
	PG_ARCHIVED,
	PG_STRINGS,		/* any kind, in a string or code */
	PG__COUNT
};

enum plan_group plan_group(const struct planned *e);
/* "moved", "upgrade", "archived", "strings": in messages and INDEX. */
const char *plan_group_name(enum plan_group g);

#endif
