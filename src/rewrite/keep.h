/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What linkmend may change, in one place.  A URL is rewritten only where
 * the text can be shown to be documentation (an allow-list by context):
 * C, asm and dts comments, Kconfig help, # comments of shell, Python,
 * Perl, make and YAML, rst and markdown prose, plain text in a
 * documentation file (README and its kin, a .txt or AsciiDoc file, any
 * file under Documentation/, doc/, docs/ or man/), HTML under those, and a
 * YAML description.  Everything else is kept, with its reason: test data
 * and fixtures (a tests/, t/, testdata/ or fixtures/ folder, a file named
 * as a test), example programs (an examples/ or samples/ folder), CI,
 * container, packaging and build files (Makefile.in, Makefile.am, *.mk,
 * CMakeLists.txt) and tools' own dotfiles (.clang-tidy,
 * .editorconfig: none is documentation), release notes and
 * changelogs, licence texts, translations, any file named MAINTAINERS or
 * CREDITS (people's entries, the tree's routing), imported code (what
 * the tree says has an upstream of its own: project/imported.h); on any
 * line, copyright, author, SPDX and licence lines (who wrote what, the
 * terms as written), and every line of a comment paragraph that holds
 * such a notice, credit, affiliation and provenance lines, a generator's
 * banner, examples (RFC 2606 names, placeholders, globs, a URL given as
 * an example of a URL's form: rewrite/notice.h); in HTML (a template in
 * a docs folder too) the assets a tag loads (<script src>, <link href>,
 * <img src>): only <a href> and the text are prose; files that
 * say they are someone else's in their first lines (another project's
 * RCS id, a generated script, a library of its own, an RFC); links to
 * the project's own infrastructure
 * (infra_host(), and links into the repositories, bug trackers and
 * patch queues the tree names: project/own.h's places), which fail when
 * the checker's network does.  The tree's .linkmend.conf adds
 * [keep] path = GLOB, [keep] line = TEXT (a case-insensitive part of the
 * line) and [keep] host = NAME (it and its subdomains).  Code and strings
 * are the plan's (--strings).  Every reason names whose text the line is
 * (keep_owner(): only "prose" is ever patched) and keep_judge() gives
 * the evidence, which the store, the report and series' OWNERS.tsv keep.
 */
#ifndef REWRITE_KEEP_H
#define REWRITE_KEEP_H

#include <stddef.h>

#include "../lib/vocab.h"
#include "../project/imported.h"
#include "../project/own.h"

struct config;
struct strbuf;

/*
 * What keep_reason() reads of the tree beyond the file at hand: its
 * configuration, and (when root is set) what project/ reads of it: its
 * imported folders and its own places.
 */
struct keep_tree {
	const struct config *cfg;
	char *root;
	struct imported imported;	/* code with an upstream of its own */
	struct own_places own;		/* the project's own places */
};

/* root NULL: nothing of the tree is read (a test's lines). */
void keep_tree_init(struct keep_tree *t, const char *root,
		    const struct config *cfg);
void keep_tree_release(struct keep_tree *t);

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
	KEEP_TEST,		/* test data, fixtures, a test */
	KEEP_BUILD,		/* CI, container, packaging */
	KEEP_HISTORY,		/* release notes, changelogs */
	KEEP_NOT_DOC,		/* a context outside the allow-list */
	KEEP_IMPORTED,		/* code with an upstream of its own */
	KEEP_EXAMPLE,		/* example programs: examples/, samples/ */
	KEEP_NOTICE,		/* a copyright or licence paragraph */
	KEEP_CREDIT,		/* a credit, affiliation or provenance */
	KEEP_EXAMPLE_URL,	/* an example name, placeholder or glob */
	KEEP_GENERATED,		/* in a generator's banner */
	KEEP_ASSET,		/* a page's script, style or image */
	KEEP__COUNT
};

/*
 * Why the occurrence of url at offset start of path (bytes buf), which
 * scan found in context ctx, stays; KEEP_NONE when it may change.
 */
enum keep_reason keep_reason(const char *path, enum context ctx,
			     const char *buf, size_t len, size_t start,
			     const char *url, struct keep_tree *t);
/*
 * The same, with the evidence as a short phrase added to why (may be
 * NULL): "its comment paragraph holds \"Copyright (C) 2012 ...\"",
 * "another project's RCS id: $OpenBSD: ...$".
 */
enum keep_reason keep_judge(const char *path, enum context ctx,
			    const char *buf, size_t len, size_t start,
			    const char *url, struct keep_tree *t,
			    struct strbuf *why);
/*
 * Whose text the reason says the occurrence is: "prose" (the project's
 * own documentation: KEEP_NONE, and a box or a context outside the
 * allow-list, which are the project's though not patched), "legal",
 * "imported", "history", "example", "test", "build", "translation",
 * "people", "own site", "config".
 */
const char *keep_owner(enum keep_reason r);
/*
 * Plain text that is documentation (README and its kin, a .txt, AsciiDoc,
 * texinfo, pod or man file, anything under a docs folder); HTML that is
 * (.html or .htm under a docs folder).
 */
int keep_doc_file(const char *path);
int keep_doc_html(const char *path);

/* "a copyright line", "CREDITS or MAINTAINERS", ... */
const char *keep_reason_name(enum keep_reason r);

/* Occurrences kept, by reason, for a command's summary. */
struct keep_counts {
	size_t n[KEEP__COUNT];
};

/* "3 kept as they are (a copyright line 2, a translation 1)", or "". */
void keep_summary(const struct keep_counts *k, struct strbuf *out);

#endif
