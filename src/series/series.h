/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The series stage's own parts, for its files only (write.h is the
 * stage's face to the commands): one run's state, struct series, and
 * its groups, shared by the steps series_write() takes in turn:
 *
 *   base.c     what the base commit holds, read through git: the
 *              checkout's top, the author, the files' bytes and modes;
 *   group.c    edits into groups (a MAINTAINERS section, or directory
 *              pair, and a kind of change; a few files each), the tree
 *              that applies each group, groups into series, series
 *              into waves no mailing list finds too large;
 *   name.c     each group's subject, in its area's own style, no two
 *              alike;
 *   message.c  the words: commit messages, each link's evidence below
 *              the "---" line, the cover letter's subject and text;
 *   fate.c     what became of the edits proposed before (the store's
 *              fates and refusals): each edit proposed, or held and
 *              why; what a run wrote recorded;
 *   write.c    the commits (git fast-import), the patches (git
 *              format-patch), their recipients, cover letters and
 *              INDEX, the directory swapped in whole; b4 branches.
 *   answers.c  get_maintainer.pl's answers kept in the store for
 *              the next run;
 *
 * Nothing here is read outside src/series/.
 */
#ifndef SERIES_SERIES_H
#define SERIES_SERIES_H

#include <stddef.h>

#include "../lib/run.h"
#include "../lib/strbuf.h"
#include "../lib/strmap.h"
#include "../rewrite/keep.h"
#include "../rewrite/plan.h"
#include "../project/maintainers.h"
#include "../project/route.h"
#include "../subject/subject.h"
#include "address.h"
#include "summary.h"
#include "write.h"
struct series_fates;	/* fate.c's own */

struct held {
	size_t edit;		/* into the plan */
	enum held_why why;
	const char *reason;	/* a refusal's, or NULL */
	long long sent_at;	/* pending: when it was sent */
};

/* An edit a --resend proposes again: its first send. */
struct again {
	const char *first_id;	/* the first mail's Message-Id, or NULL */
	/* What the last version proposed, if not this; or NULL. */
	const char *prior_new;
	int version;		/* of this send: 2 for the first resend */
	long long sent_at;
};

struct group {
	char *area;		/* section name, or directory pair */
	long section;
	/*
	 * The kinds of its edits, a bit (1 << PG_*) each: every file of
	 * the group has exactly these, so a file whose links moved and
	 * died is in one patch, never two.
	 */
	unsigned kinds;
	size_t *edits;		/* indexes into the plan */
	size_t nr, alloc;
	struct subject_style style;
	char *summary;		/* unique in the run */
	char *tree;		/* the tree that applies it ("" none) */
	const char *tree_line;	/* its MAINTAINERS T: line, or NULL */
	char *tag;		/* "net-next" in [PATCH net-next], or NULL */
	int top;		/* its tree is the catch-all section's */
	char *dir;		/* its first file's directory: the order */
	struct recipients rcpt;
	char *file;		/* its patch, once written */
	char *msgid;		/* its Message-Id */
	char *commit;		/* its commit */
	char *notes;		/* its evidence, below the "---" line */
};

struct series {
	const struct series_opts *o;
	const char *final_dir;	/* o->dir without a trailing slash */
	char *base;
	struct plan plan;
	struct maintainers m;
	int have_m;
	char *from_name, *from_mail;
	struct group *g;
	size_t ng, ag;
	size_t unkept;		/* groups of Orphan or Obsolete sections */
	struct strbuf unkept_names;
	struct strmap blobs;	/* path -> struct strbuf of the base content */
	struct strmap modes;	/* path -> its mode at the base ("100644") */
	struct keep_counts kept;
	struct judge judge;	/* what is worth a patch (plan.judge) */
	size_t committed;	/* edits the base holds already */
	size_t skipped;		/* edits whose bytes changed since scan */
	size_t crlf;		/* files changed with CRLF line ends */
	size_t tags;		/* subjects opening with a [tag] */
	/*
	 * The git checkout's top, which paths in patches are relative to,
	 * and its git directory; the store's root may be a directory in it.
	 */
	char *root, *git_dir;
	char *prefix;		/* the store's root in it ("drivers/iio/") */
	/* Every path at the base, sorted (loaded when first asked). */
	struct strbuf listing;
	char **files;
	size_t nfiles;
	int listed;
	/*
	 * The project's normal patch (group.c): the 90th percentile of
	 * the files and lines its commits change; 0 where history is short.
	 */
	size_t size_files, size_lines;
	/* Each file's own subject style (name.c), path -> subject_style. */
	struct strmap styles;
	int styled;
	/*
	 * address.c: who each group goes to and why, for RECIPIENTS:
	 * "To\tADDR\tSOURCE\n" lines per group; whether the project asks
	 * for pull requests instead of mail, and where it says so.
	 */
	char **why;
	int pull;
	char *form_why;
	struct strmap upstream;	/* base.c: commit -> what upstream calls it */
	long *left_section;	/* message.c: each left edit's file's section */
	/* fate.c: what became of earlier edits; what is held, and why. */
	struct store *st;
	struct series_fates *fates;
	struct again **again;	/* per plan edit: NULL, or its resend */
	struct held *held;
	size_t nheld, aheld;
};

/* A series: groups [first, last), all of one tree. */
struct unit {
	size_t first, last;
	size_t part, parts;	/* of its tree's series */
	char *dir;		/* under the series directory, or "" */
	char *start;		/* the commit it applies to */
	size_t context;		/* the diff lines its patches have */
	char *no_b4;		/* why it is not handed to b4, or NULL */
	char *branch;		/* a pull request's: refs/heads/linkmend/DIR */
	char *cover_id;		/* its cover letter's Message-Id, or NULL */
	/* "PATCH", "PATCH RESEND", "PATCH net-next v2" */
	char *tag;
	const char *in_reply_to;	/* a resend: the first send's thread */
	int version;		/* a resend's (2: v2, or a RESEND of v1) */
	int changed;		/* a link's replacement changed: vN */
};

/* The most patches one mailing list may get at once (submitting-patches). */
#define LIST_BURST 15

/* The line of buf that holds offset at: its start, and its end. */
static inline const char *line_start(const char *buf, const char *at)
{
	while (at > buf && at[-1] != '\n')
		at--;
	return at;
}

/* base.c: what the base commit holds. */

/* cp begun as git in the checkout's top: the series' one door to git. */
void series_git_cmd(const struct series *c, struct child_process *cp);
/* git ARGS (up to a NULL) in the checkout's top: git's exit status. */
int series_git(const struct series *c, struct strbuf *out, ...);
/*
 * The checkout's top, the base commit and the author (--from, else
 * git's user): -1 after error() when there is none.
 */
int series_base_open(struct series *c);
/* The plan's paths made the checkout's; the bytes and modes it edits. */
void series_base_read(struct series *c);
/* path's bytes at the base, or NULL where the base has no such file. */
struct strbuf *series_blob(struct series *c, const char *path);
/* Every path at the base, sorted, into c->files (once). */
void series_base_list(struct series *c);
void series_base_release(struct series *c);

/*
 * What upstream can resolve for a local commit: the commit itself where
 * a remote branch or a tag holds it, else the release a kernel tree's
 * Makefile names ("Linux 6.1.158"), else "" (name none).
 */
const char *series_upstream(struct series *c, const char *commit);

/* address.c: people beyond MAINTAINERS. */

/*
 * Each group's people where no MAINTAINERS route named any: where the
 * project's documents send patches (or c->pull, none), else the people
 * of its files' history; --to and --cc for every group; each source in
 * c->why.  The patches' headers written again.  -1 after error().
 */
int series_people(struct series *c);
/* DIR/RECIPIENTS: each patch's people and where each came from. */
int series_write_recipients(struct series *c, const char *dir);

/*
 * answers.c: get_maintainer.pl's answers kept in the store (project/
 * route.h, struct route_memo), by the checkout's revision: HEAD's commit
 * and the blobs of what the script reads besides the patch (MAINTAINERS,
 * itself, .mailmap, its settings) as the work tree has them.  A second
 * series on the same revision runs the script not at all; a store that
 * fails is said once, and the script asked instead.
 */
void series_answers_begin(struct series *c, struct route_memo *memo);
void series_answers_end(struct route_memo *memo);

/* group.c: edits into groups, groups into series. */

/*
 * 1 when two names (a[0..al), b[0..bl)) are one driver's: their first
 * four characters alike ("ipw2100" of "ipw2x00"), or one holds the
 * other in any case ("spi-lm70llp" of "lm70llp").
 */
int series_names_alike(const char *a, size_t al, const char *b, size_t bl);

/* 1 when a section's F: patterns are the whole tree (THE REST). */
int series_whole_tree(const struct maint_section *s);

/* The plan's edits to propose, grouped by area and kind into c->g. */
void series_group_edits(struct series *c);
/* Groups of Orphan or Obsolete sections dropped, counted and named. */
void series_drop_unkept(struct series *c);
/* Groups cut to a patch's size, each given its tree, in sending order. */
void series_arrange(struct series *c);
/* The series to write: each tree's groups in parts of at most max. */
struct unit *series_plan_units(struct series *c, size_t *nunits);
/* The wave of each of nu series into wave[]: the number of waves. */
size_t series_plan_waves(struct series *c, const struct unit *u, size_t nu,
			 size_t *wave);

/* group.c: what a group holds. */

/* "moved", "moved+archived": the kinds of a group, for messages. */
const char *series_kinds_name(unsigned kinds);
/* The edits of group g of kind k (a PG_*). */
size_t series_group_count(const struct series *c, const struct group *g,
			  enum plan_group k);

/* name.c: subjects. */

/*
 * The subject style path's own history (or the convention) gives it, of
 * the files of every group (one git log, at the first call).
 */
const struct subject_style *series_file_style(struct series *c,
					      const char *path);

/* Every group's prefix and summary, none the same as another. */
void series_name_groups(struct series *c);
/* "PATCH", or "PATCH net-next" for a group of a tree with a tag. */
char *series_subject_tag(const struct group *g);
/* Control characters in s (from the tree) shown as '?'. */
void series_one_line(char *s);

/* message.c: the words. */

/* Group g's commit message. */
void series_message(struct series *c, struct group *g, struct strbuf *msg);
/* Group g's evidence, for below its patch's "---" line. */
void series_evidence(struct series *c, const struct group *g,
		     struct strbuf *out);
/*
 * The links of groups [first, last)'s sections left as they are
 * (judge.h), one paragraph each, for the cover letter: how many.
 */
size_t series_left_text(struct series *c, size_t first, size_t last,
			struct strbuf *sb);
/* The cover letter's subject and text for groups [first, last). */
void series_cover_text(struct series *c, size_t first, size_t last,
		       size_t part, size_t parts, struct strbuf *subject,
		       struct strbuf *sb);

/* fate.c: what became of earlier edits. */

/*
 * The store's fates and refusals read; each fate the base holds now
 * recorded as applied (as sent, or its line changed or removed).
 */
int series_fates_load(struct series *c, struct store *st);
/*
 * 1 if plan edit i is not to be proposed (refused, applied, pending
 * without --resend, never sent in a --resend run), held with why; 0 if
 * it is, with c->again[i] set when it is a resend.
 */
int series_fate_hold(struct series *c, size_t i);
/* What was found applied and what is held, on stderr. */
void series_fates_say(struct series *c);
/* The held links of groups [first, last)'s sections: lines into sb. */
size_t series_held_text(struct series *c, size_t first, size_t last,
			struct strbuf *sb);
/* DIR/HELD: every held link and why; none when nothing is held. */
int series_write_held(struct series *c, const char *dir);

/* write.c: DIR/NAME atomically with sb's bytes; nothing when sb is empty. */
int series_write_list(const char *dir, const char *name,
		      const struct strbuf *sb);
/* Group g's edits recorded as written in patch, of the series dir. */
int series_fates_record(struct series *c, const char *patch,
			const char *dir, const struct group *g,
			long long now);
void series_fates_release(struct series *c);

#endif
