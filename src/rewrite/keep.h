/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Lines that are not linkmend's to change, in one place: copyright,
 * author, MODULE_AUTHOR, SPDX and licence lines (they record who wrote
 * what, or the terms, as the holders wrote them); CREDITS and MAINTAINERS
 * (people's own entries and the tree's routing); translations (their
 * translators keep them in step with the original).  An occurrence in one
 * is reported and never rewritten.  So are links to the project's own
 * infrastructure (infra_host(): kernel.org and its subdomains): when they
 * fail, the checker's network is at fault, not the tree.  The tree's .linkmend.conf adds [keep] path = GLOB, [keep] line =
 * TEXT (a case-insensitive part of the line) and [keep] host = NAME (it
 * and its subdomains).  Code and strings are the plan's (--strings).
 */
#ifndef REWRITE_KEEP_H
#define REWRITE_KEEP_H

#include <stddef.h>

struct config;

enum keep_reason {
	KEEP_NONE,
	KEEP_COPYRIGHT,
	KEEP_AUTHOR,
	KEEP_LICENSE,
	KEEP_PEOPLE,		/* CREDITS, MAINTAINERS */
	KEEP_TRANSLATION,
	KEEP_CONFIG,		/* [keep] in .linkmend.conf */
	KEEP_INFRA,		/* the project's own hosts */
	KEEP_BOX,		/* a box comment's closer would move */
	KEEP__COUNT
};

/* Why the occurrence of url at offset start of path (bytes buf) stays. */
enum keep_reason keep_reason(const char *path, const char *buf, size_t len,
			     size_t start, const char *url,
			     const struct config *cfg);
/* "a copyright line", "CREDITS or MAINTAINERS", ... */
const char *keep_reason_name(enum keep_reason r);

/* Occurrences kept, by reason, for a command's summary. */
struct keep_counts {
	size_t n[KEEP__COUNT];
};

/* "3 kept as they are (a copyright line 2, a translation 1)", or "". */
struct strbuf;
void keep_summary(const struct keep_counts *k, struct strbuf *out);

#endif
