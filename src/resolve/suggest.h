/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Guesses that become replacements only after the guessed URL checks
 * alive: a host one or two letters off a live one, the new host of a
 * domain that moved, the lore.kernel.org page of an old mail archive's
 * message; and the words that name a dead URL's project or page, to find
 * it among the tree's other links.
 */
#ifndef RESOLVE_SUGGEST_H
#define RESOLVE_SUGGEST_H

#include <stddef.h>

/* Levenshtein distance of a and b, or max + 1 when it is over max. */
int edit_distance(const char *a, const char *b, int max);

/* 1 for mail archives checkpatch.pl calls obsolete (lkml.org, marc.info, ...). */
int host_is_old_mail_archive(const char *host);

/*
 * The Message-ID shown on a mail archive's page ("Message-ID: <x@y>",
 * also HTML-escaped), without its angle brackets; NULL when none.
 */
char *message_id_in_page(const char *body);

/* url with its host replaced; NULL when libcurl rejects either. */
char *url_with_host(const char *url, const char *host);

/* 1 for a word that names no project or page ("www", "docs", "linux"). */
int generic_word(const char *s, size_t n);

/*
 * The names (0 to 2, each to free) a URL gives its project, each with
 * the rest of its path: its host's first distinctive label ("nbd" of
 * nbd.sf.net, the whole path), and the segment after "projects" or "p"
 * ("tomoyo" of /projects/tomoyo/docs/x, "/docs/x").
 */
size_t project_names(const char *url, const char *host, char *name[2],
		     const char *rest[2]);

/*
 * How many of title's distinctive words (four letters or more, no
 * generic_word()) url holds, case ignored; all of them when url is NULL.
 */
size_t title_words_in(const char *title, const char *url);

#endif
