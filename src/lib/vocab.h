/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * linkmend's vocabulary, one leaf every stage shares: the syntax a URL
 * sits in (context), the flags the scanner sets on it, the verdicts of a
 * check and the kinds of resolution, each with its name.  The names are
 * part of the public TSV, JSON and store contract (docs/linkmend.1):
 * keep them stable.  CTX_IDENTIFIER and CTX_LICENSE are recorded but
 * never checked nor rewritten.
 */
#ifndef LIB_VOCAB_H
#define LIB_VOCAB_H

#include <stddef.h>

enum context {
	CTX_C_COMMENT,
	CTX_C_LINE_COMMENT,
	CTX_C_STRING,
	CTX_C_FORMAT,
	CTX_KCONFIG_HELP,
	CTX_KCONFIG,
	CTX_RST,
	CTX_MARKDOWN,
	CTX_YAML,
	CTX_MAKEFILE,
	CTX_SCRIPT_COMMENT,
	CTX_HTML,
	CTX_TEXT,
	CTX_CODE,
	CTX_IDENTIFIER,
	CTX_LICENSE,
	CTX__COUNT
};

enum occ_flag {
	OCC_WRAPPED = 1 << 0,
	OCC_TRUNCATED = 1 << 1,
	OCC_PLACEHOLDER = 1 << 2,
	OCC_EXAMPLE = 1 << 3,
	OCC_HTTPS = 1 << 4,
	OCC_INVALID = 1 << 5,
	OCC__COUNT = 6
};

/* Flags that keep a URL from being requested: it is not a live link. */
#define OCC_NOT_CHECKED (OCC_PLACEHOLDER | OCC_EXAMPLE | OCC_INVALID | \
			 OCC_TRUNCATED)

const char *context_name(enum context ctx);
/* CTX__COUNT where name is not a context name. */
enum context context_from_name(const char *name);
/* 1 for contexts whose URLs are links to check (not identifier, licence). */
int context_is_checked(enum context ctx);
/*
 * 1 for contexts that are code, not comment or documentation: strings,
 * formats, Kconfig and Makefile statements, script code.  Changing a
 * link there changes what a program does or prints: only on request.
 */
int context_is_code(enum context ctx);
const char *flag_name(unsigned bit_index);
/* "wrapped,https" into sb-like out (at least 64 bytes), "-" when none. */
void flags_format(unsigned flags, char *out, unsigned size);
/* Inverse of flags_format; unknown names are ignored. */
unsigned flags_parse(const char *s);

enum verdict {
	V_ALIVE,
	V_MOVED,
	V_REDIRECTED,
	V_GONE,
	V_SOFT404,
	V_DNS,
	V_DNS_ERROR,
	V_REFUSED,
	V_TIMEOUT,
	V_TLS,
	V_BLOCKED,
	V_SERVER_ERROR,
	V_PARKED,
	V_UNSAFE,
	V_FRAGMENT_MISSING,	/* the page is there, its #anchor is not */
	V__COUNT
};

const char *verdict_name(enum verdict v);
enum verdict verdict_from_name(const char *name);	/* V__COUNT if none */
/* 1 for verdicts that count towards a URL being dead (the table's). */
int verdict_is_failure(enum verdict v);

struct check_history {
	long long at;		/* seconds since the epoch */
	enum verdict verdict;
};

/*
 * The confirmation rule: a URL is dead when, since its last success, it
 * failed confirm checks each at least spacing_s after the one counted
 * before it.  h is in time order.  Returns the failures counted; *last
 * (when not NULL) is the time of the last one counted (0: none).
 */
int check_failures_at(const struct check_history *h, size_t n,
		      long long spacing_s, long long *last);
int check_failures(const struct check_history *h, size_t n,
		   long long spacing_s);
/*
 * The rule whole, the one check, diff, resolve and report apply: dead
 * when the newest check failed and confirm failures count.  *failures
 * (when not NULL) is the count.
 */
int check_is_dead(const struct check_history *h, size_t n, int confirm,
		  long long spacing_s, int *failures);

/* What resolve decided for an occurrence; its name is the store's. */
enum kind {
	K_MOVED,
	K_UPGRADE,
	K_CANONICAL,
	K_TYPO,
	K_MIGRATED,
	K_ARCHIVED,
	K_UNRESOLVED,
	K__COUNT
};

const char *kind_name(enum kind k);
/*
 * A guess (typo: a live host a letter or two away; migrated: where most
 * of the host's links went) is another organisation's address until its
 * owner says otherwise: reported ("did you mean"), never written.
 */
int kind_is_guess(enum kind k);
/* K__COUNT where name is not a kind name. */
enum kind kind_from_name(const char *name);

/*
 * What a link is, as report and diff tell it: alive; moved (a new live
 * place is known); dead (failed enough checks; report: an archived copy
 * replaces it); unresolved (dead or moved, nothing to replace it);
 * failing (not yet confirmed dead); unchecked.  Part of the report's JSON
 * model and diff's output.
 */
enum link_state {
	LS_ALIVE,
	LS_MOVED,
	LS_DEAD,
	LS_UNRESOLVED,
	LS_FAILING,
	LS_UNCHECKED,
	LS__COUNT
};

const char *link_state_name(enum link_state s);

/*
 * What one verdict says (lib/vocab.c's table): the state one check with
 * it makes of a link before the confirmation rule (alive, moved, dead:
 * evidence the page is gone; failing: it may pass; unchecked: refused
 * by policy, never requested); whether no HTTP answer came (the host or
 * the checker's network down); whether [host "NAME"] accept may make it
 * alive.
 */
enum link_state verdict_state(enum verdict v);
int verdict_is_unreachable(enum verdict v);
int verdict_accepts(enum verdict v);

#endif
