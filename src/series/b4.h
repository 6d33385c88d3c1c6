/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A series handed to b4 (Debian's b4, the kernel's patch-sending tool):
 * an enrolled 'b4 prep' branch in the tree's repository, made by b4
 * itself in a throw-away clone, so that 'b4 send' sends the messages
 * series wrote.  b4 sends every message to the cover letter's To: and
 * Cc: trailers and each patch also to the Cc: lines of its commit
 * (below its "---", where git am drops them); the cover also goes to
 * all of those.  So the cover names who every patch goes to, and each
 * patch names the rest of its own recipients: each patch reaches the
 * people series chose for it, and b4 has no To: of one patch alone (a
 * maintainer of one patch only is its Cc:).  The lines of context
 * series made the patches with (more for a comment's opener, see series;
 * fewer, to keep a line b4 reads as a trailer out, see b4_context()) are
 * diff.context in a file the repository's config includes on that
 * branch only, so that b4's git show writes them as series did, whatever
 * the user's own diff.context.
 *
 * b4 send mails everyone named in a trailer-like line anywhere in a
 * patch ("Cc: x@y", " Reported-by: ...", diff context included) and
 * whom the tree's .b4-config names (send-series-to, send-series-cc): a
 * series is handed to b4 only when its patches name no one but their
 * own recipients, and each b4.send-* setting of the tree's .b4-config
 * that the user's git config does not set is set aside (empty) on that
 * branch, with a warning naming it.
 */
#ifndef SERIES_B4_H
#define SERIES_B4_H

#include <stddef.h>

struct recipients;
struct strbuf;

struct b4_patch {
	const char *commit;	/* the commit series made of it */
	const char *file;	/* the .patch series wrote of it */
	const char *notes;	/* below its "---" line, or NULL */
	const struct recipients *rcpt;
};

struct b4_series {
	const char *top;	/* the repository's work tree */
	const char *branch;	/* "b4/linkmend-netdev-net-next" */
	const char *start;	/* the commit the series applies to */
	/* "net-next" of [PATCH net-next], or NULL; words b4 prefixes. */
	const char *tag;
	int revision;		/* > 1: b4 sends it as that version */
	const char *subject;	/* the cover letter's, without [PATCH] */
	const char *body;	/* the cover letter's text */
	const char *name, *mail;	/* who sends it */
	const struct b4_patch *p;
	size_t n;
	size_t context;		/* the patches' diff lines */
	int quiet;
};

/*
 * The most lines of context, at most want, with which no context line
 * of patch (a git format-patch made with want lines) is one b4 send
 * would mail: a line so read that is n lines from a change needs fewer
 * than n.  0 when one is next to a change; where then says which
 * ("PATH:LINE: 'text'").
 */
size_t b4_context(const char *patch, size_t want, struct strbuf *where);

/*
 * The branch s->branch in s->top: the patches as commits on s->start and
 * b4's cover letter commit before them.  A branch of that name is
 * replaced only when its tip is the one linkmend made last (recorded as
 * branch.NAME.linkmend-tip; the old tip stays in its reflog): one with
 * the user's own commits on it is refused.  Refused too (naming the
 * file) when a patch or the cover names someone in a line b4 reads as a
 * trailer whom the patches do not name.  A throw-away clone in $TMPDIR,
 * linkmend-b4-PID-XXXXXX, that a run killed with -9 left is removed.
 * -1 after error().
 */
int b4_write_branch(const struct b4_series *s);

#endif
