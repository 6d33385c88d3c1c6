/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Guesses that become replacements only after the guessed URL checks
 * alive: a host one or two letters off a live one, the new host of a
 * domain that moved, the lore.kernel.org page of an old mail archive's
 * message.
 */
#ifndef RESOLVE_SUGGEST_H
#define RESOLVE_SUGGEST_H

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

#endif
