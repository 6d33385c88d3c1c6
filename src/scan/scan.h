/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Finding URLs in one file's bytes.  scan_buffer() is pure: it reads the
 * buffer, decides each URL's extent, context and flags by the rules in
 * docs/linkmend.1 (SCAN RULES), and appends occurrences.  It never fails
 * on bad input: binary files are reported as such, invalid UTF-8 ends a
 * URL, lines of any length are fine.  Thread-safe.
 */
#ifndef SCAN_SCAN_H
#define SCAN_SCAN_H

#include <stddef.h>

#include "../lib/vocab.h"

/* URLs longer than this are cut here and flagged truncated. */
#define SCAN_MAX_URL 8192

struct scan_opts {
	int all_schemes;	/* record every scheme://, not only http(s)/ftp */
};

struct occurrence {
	unsigned line, col;	/* 1-based; col counts bytes */
	size_t start, end;	/* byte span in the file, end exclusive */
	enum context ctx;
	unsigned flags;		/* enum occ_flag bits */
	char *url;		/* what a client should request */
	char *key;		/* libcurl's normalised form, or url */
	char *host;		/* lowercase; "" where the URL does not parse */
};

struct occ_list {
	struct occurrence *v;
	size_t nr, alloc;
};

void occ_list_release(struct occ_list *l);

/*
 * Scan buf[0..len), which must be followed by a NUL byte (buf[len] == 0).
 * path, relative to the scan root, chooses the lexer.  Returns 1 for a
 * binary file (a NUL in its first 8000 bytes, as git decides), else 0.
 */
int scan_buffer(const char *path, const char *buf, size_t len,
		const struct scan_opts *opts, struct occ_list *out);

/* 1 if buf[0..len) holds "://" anywhere: worth a full scan. */
int scan_has_marker(const char *buf, size_t len);

/*
 * The position of the '#' that starts a comment in buf[s..pos) (s the
 * start of a line), or pos: for make (shell 0) any unescaped '#', for
 * scripts (shell 1) one outside quotes, at the start of a word.
 */
size_t scan_hash_comment(const char *buf, size_t s, size_t pos, int shell);

/*
 * 1 if p[0..n) starts with one of groff's zero-width escapes, \: (a break
 * point), \% or \&: a man page's URL span holds them, its URL does not.
 */
int scan_groff_escape(const char *p, size_t n);

/*
 * 1 if p[0..n) starts with reStructuredText's escaped underscore, \_,
 * which keeps "l2_and_" from ending as a reference: an rst URL's span
 * holds it, its URL has a plain '_' there.
 */
int scan_rst_escape(const char *p, size_t n);

/* 1 if buf[0..len) looks binary. */
int scan_is_binary(const char *buf, size_t len);

#endif
