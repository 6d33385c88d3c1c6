/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What a link is for, from the URL and the words around it, with the
 * evidence.  A fixed document (a PDF or other paper, a datasheet, a
 * spec with a version in its path, an article with a date in its path,
 * a mail in a list archive, an RFC, an advisory by its id, an article
 * of TechNet's library on one product version) stays what it was: an
 * archived copy is the same document.  A living page (latest, current,
 * master, main, trunk, HEAD, stable or nightly in its path or query; a
 * repository or a forge account; a download page; a list's page; a
 * tracker; a wiki page; a package's page in a registry; a status badge
 * and the CI or analysis service's page it links to; or a line that
 * calls it "the current version", "latest", "is getting ready at")
 * changes: an archived copy freezes it, so only its live successor may
 * replace it.  A bare home page (no path, "/", or index.html and its
 * kin) is a site's door, not a page anyone cites for its content.
 * Anything else is unknown, and judged as before.
 */
#ifndef REWRITE_PURPOSE_H
#define REWRITE_PURPOSE_H

#include <stddef.h>

struct strbuf;

enum purpose {
	PURPOSE_UNKNOWN,
	PURPOSE_FIXED,
	PURPOSE_LIVING,
	PURPOSE_HOME,
	PURPOSE__COUNT
};

/*
 * The purpose of url, whose line (or the lines around it) is
 * words[0..n) (NULL: not known); why gets the evidence ("a PDF",
 * "'latest' in its path", "the line says 'getting ready at'").
 */
enum purpose purpose_of(const char *url, const char *words, size_t n,
			struct strbuf *why);

/*
 * What resolve's evidence for an archived copy says of the page's
 * captures (resolve/resolve.c, captures_say()): PURPOSE_LIVING when
 * their content changed over the years ("captures of URL changed N
 * times between Y1 and Y2 (...): an archived copy would freeze it"),
 * PURPOSE_FIXED when it did not ("captures of URL kept one content
 * ...", "... changed N times ..., not their text (...)"), the sentence
 * into why; PURPOSE_UNKNOWN when it says nothing of them.
 */
enum purpose purpose_of_captures(const char *evidence, struct strbuf *why);

/* The words of those sentences, written and read by both sides. */
#define CAPTURES_SAY "captures of "
#define CAPTURES_KEPT " kept one content "
#define CAPTURES_CHANGED " changed "
#define CAPTURES_NOT_TEXT ", not their text ("
#define CAPTURES_FROZEN ": an archived copy would freeze it"

/*
 * The purpose of url as purpose_of() finds it, then its captures'
 * evidence (NULL: none): a page no sign calls fixed or living, or
 * fixed only for being a document file (a PDF, revised in place), is
 * living when its captures changed over the years; one no sign names
 * is fixed when they did not.
 */
enum purpose purpose_with_captures(const char *url, const char *words,
				   size_t n, const char *evidence,
				   struct strbuf *why);

/* 1 when url is a bare home page ("https://ceph.com/", ".../index.html"). */
int purpose_home_page(const char *url);

/* "unknown", "fixed", "living", "home": in reports and tests. */
const char *purpose_name(enum purpose p);

/* "fixed document", "living page", "home page", "unknown": the store's. */
const char *purpose_store_name(enum purpose p);

#endif
