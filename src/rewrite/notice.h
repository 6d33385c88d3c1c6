/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Whose text a line is, read from the text around it (keep.h's reasons
 * that a file's name cannot give): the comment paragraph a copyright or
 * licence notice stands in (every line of it, not the notice's line
 * alone: the company URL under "Copyright", Coccinelle's "// URL:"
 * beneath "// Copyright:", the BSD advertising-clause note), credit,
 * affiliation and provenance lines ("funded by", "Czech Technical
 * University (http://...)", "Downloaded from", "Derived from <URL>",
 * "Hacked a bit by poe@..."), a generator's banner ("Generated on ...
 * by pycrc"), a URL that is an example of a URL's form ("endpoints ending
 * in a slash, for example http://..."), and a URL that is an example
 * (RFC 2606/6761 names, placeholders, globs).  A paragraph is the
 * run of lines of one kind (comment or not) between blank ones, and never
 * crosses a block comment's ends.
 */
#ifndef REWRITE_NOTICE_H
#define REWRITE_NOTICE_H

#include <stddef.h>

struct strbuf;

enum notice {
	NOTICE_NONE,
	NOTICE_BLOCK,		/* in a copyright or licence paragraph */
	NOTICE_CREDIT,		/* a credit, affiliation or provenance line */
	NOTICE_GENERATED,	/* in a generator's banner */
	NOTICE_EXAMPLE,		/* an example of a URL's form */
};

/*
 * What the text around offset start of buf says of its line; why (may be
 * NULL) gets the evidence ("the paragraph of line 3: \"Copyright (C)
 * ...\"").  prose: the text is markdown, rst or plain text, which has no
 * comments ("* " and "# " open a list's item and a heading there).
 */
enum notice notice_of(const char *buf, size_t len, size_t start, int prose,
		      struct strbuf *why);

/* 1 if url is an example, a placeholder or a glob; why as above. */
int notice_example_url(const char *url, struct strbuf *why);

#endif
