/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The syntax a URL sits in, and the flags the scanner sets on it.  The
 * names are part of the public TSV contract (docs/linkmend.1): keep them
 * stable.  CTX_IDENTIFIER and CTX_LICENSE are recorded but never checked
 * nor rewritten.
 */
#ifndef SCAN_CONTEXT_H
#define SCAN_CONTEXT_H

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

const char *context_name(enum context ctx);
/* CTX__COUNT where name is not a context name. */
enum context context_from_name(const char *name);
/* 1 for contexts whose URLs are links to check (not identifier, licence). */
int context_is_checked(enum context ctx);
const char *flag_name(unsigned bit_index);
/* "wrapped,https" into sb-like out (at least 64 bytes), "-" when none. */
void flags_format(unsigned flags, char *out, unsigned size);
/* Inverse of flags_format; unknown names are ignored. */
unsigned flags_parse(const char *s);

#endif
