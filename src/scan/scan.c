// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The scanner works in three passes over a file, the later ones only where
 * the first finds something:
 *  1. a vectorised search for "://" (most files have none);
 *  2. a lexer for the file's language, run from the start of the file to
 *     the last hit only, which tells each hit's context and the end of the
 *     lexical region it sits in (comment, string, line);
 *  3. per hit: the URL's extent within that region, the boundary rules,
 *     joining of wrapped URLs, and the flags.
 */
#include <ctype.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../lib/strbuf.h"
#include "../lib/utf8.h"
#include "../lib/xalloc.h"
#include "../url/url.h"
#include "lang.h"
#include "scan.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define HAVE_X86_SIMD 1
#endif

enum region {
	RG_NONE,	/* the whole line is the region */
	RG_BLOCK,	/* a C block comment, up to its closing */
	RG_LINE,	/* a // comment */
	RG_SCRIPT,	/* a #, @ or ; comment */
	RG_STRING,	/* a C string literal, up to its quote or an escape */
};

struct hit {
	size_t pos;		/* first byte of the scheme */
	size_t colon;		/* the ':' of "://" */
	size_t limit;		/* the URL ends at or before this */
	enum context ctx;
	enum region region;
	int make_func;		/* inside $(...): a comma ends the URL */
};

struct hits {
	struct hit *v;
	size_t nr, alloc;
	int asciidoc;		/* a '[' after the host opens link text */
	int groff;		/* a man page: \: \% \& inside a URL */
	int rst;		/* reStructuredText: \_ inside a URL */
};

void occ_list_release(struct occ_list *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++) {
		free(l->v[i].url);
		free(l->v[i].key);
		free(l->v[i].host);
	}
	free(l->v);
	l->v = NULL;
	l->nr = l->alloc = 0;
}

int scan_is_binary(const char *buf, size_t len)
{
	return memchr(buf, '\0', len < 8000 ? len : 8000) != NULL;
}

/* ---- pass 1: "://" -------------------------------------------------- */

static int is_scheme_char(unsigned char c)
{
	return isalnum(c) || c == '+' || c == '-' || c == '.';
}

/*
 * The scheme ending at the ':' at colon: the longest run of scheme
 * characters, less leading punctuation.  A scheme glued to a word
 * ("sftp", "xhttp") is its own scheme, never a shorter one.
 */
static void add_candidate(const char *buf, size_t colon,
			  const struct scan_opts *opts, struct hits *hs)
{
	size_t s = colon, min = colon > 32 ? colon - 32 : 0;
	struct hit *h;

	while (s > min && is_scheme_char((unsigned char)buf[s - 1]))
		s--;
	while (s < colon && !isalpha((unsigned char)buf[s]))
		s++;
	/* foo_http://... is part of a name, as linkify-it has it. */
	if (s == colon || (s > 0 && buf[s - 1] == '_'))
		return;
	if (opts->all_schemes) {
		size_t i;

		for (i = s; i < colon; i++)
			if (buf[i] == '.' && i + 1 < colon &&
			    !isalnum((unsigned char)buf[i + 1]))
				return;
	} else if (!url_scheme_default(buf + s, colon - s)) {
		return;
	}
	ALLOC_GROW(hs->v, hs->nr + 1, hs->alloc);
	h = &hs->v[hs->nr++];
	memset(h, 0, sizeof(*h));
	h->pos = s;
	h->colon = colon;
}

static size_t find_scalar(const char *buf, size_t i, size_t len,
			  const struct scan_opts *opts, struct hits *hs)
{
	const char *p;

	while (i + 3 <= len && (p = memchr(buf + i, ':', len - 2 - i))) {
		i = (size_t)(p - buf);
		if (p[1] == '/' && p[2] == '/')
			add_candidate(buf, i, opts, hs);
		i++;
	}
	return len;
}

#ifdef HAVE_X86_SIMD
/*
 * Vector searches for ':' '/' '/' at three shifted loads.  They return
 * where the vector loop stopped (the caller finishes the tail); with hs
 * NULL, they return at once the offset of the first block with a hit.
 */
__attribute__((target("avx2")))
static size_t find_avx2(const char *buf, size_t len,
			const struct scan_opts *opts, struct hits *hs)
{
	const __m256i colon = _mm256_set1_epi8(':');
	const __m256i slash = _mm256_set1_epi8('/');
	size_t i = 0;

	for (; i + 34 <= len; i += 32) {
		__m256i a = _mm256_loadu_si256((const void *)(buf + i));
		__m256i b = _mm256_loadu_si256((const void *)(buf + i + 1));
		__m256i c = _mm256_loadu_si256((const void *)(buf + i + 2));
		__m256i m = _mm256_and_si256(_mm256_cmpeq_epi8(a, colon),
			_mm256_and_si256(_mm256_cmpeq_epi8(b, slash),
					 _mm256_cmpeq_epi8(c, slash)));
		unsigned mask = (unsigned)_mm256_movemask_epi8(m);

		if (mask && !hs)
			return i;
		while (mask) {
			add_candidate(buf, i + (unsigned)__builtin_ctz(mask),
				      opts, hs);
			mask &= mask - 1;
		}
	}
	return i;
}

static size_t find_sse2(const char *buf, size_t len,
			const struct scan_opts *opts, struct hits *hs)
{
	const __m128i colon = _mm_set1_epi8(':');
	const __m128i slash = _mm_set1_epi8('/');
	size_t i = 0;

	for (; i + 18 <= len; i += 16) {
		__m128i a = _mm_loadu_si128((const void *)(buf + i));
		__m128i b = _mm_loadu_si128((const void *)(buf + i + 1));
		__m128i c = _mm_loadu_si128((const void *)(buf + i + 2));
		__m128i m = _mm_and_si128(_mm_cmpeq_epi8(a, colon),
			_mm_and_si128(_mm_cmpeq_epi8(b, slash),
				      _mm_cmpeq_epi8(c, slash)));
		unsigned mask = (unsigned)_mm_movemask_epi8(m);

		if (mask && !hs)
			return i;
		while (mask) {
			add_candidate(buf, i + (unsigned)__builtin_ctz(mask),
				      opts, hs);
			mask &= mask - 1;
		}
	}
	return i;
}
#endif

int scan_has_marker(const char *buf, size_t len)
{
	size_t i = 0;

#ifdef HAVE_X86_SIMD
	/* With no hit list the search stops in the block of the first hit. */
	if (__builtin_cpu_supports("avx2")) {
		i = find_avx2(buf, len, NULL, NULL);
		if (i + 34 <= len)
			return 1;
	} else {
		i = find_sse2(buf, len, NULL, NULL);
		if (i + 18 <= len)
			return 1;
	}
#endif
	return memmem(buf + i, len - i, "://", 3) != NULL;
}

static void find_hits(const char *buf, size_t len,
		      const struct scan_opts *opts, struct hits *hs)
{
	size_t i = 0;

#ifdef HAVE_X86_SIMD
	if (__builtin_cpu_supports("avx2"))
		i = find_avx2(buf, len, opts, hs);
	else
		i = find_sse2(buf, len, opts, hs);
#endif
	find_scalar(buf, i, len, opts, hs);
}

/* ---- pass 2: lexers ------------------------------------------------- */

static size_t line_start(const char *buf, size_t pos)
{
	/* Bounded: a megabyte-long line costs no more than a short one. */
	size_t min = pos > 4096 ? pos - 4096 : 0;

	while (pos > min && buf[pos - 1] != '\n')
		pos--;
	return pos;
}

/*
 * The line end last found, per thread: every hit on one line asks for
 * it, and a minified file has hundreds of thousands on one line (a
 * memchr to its end each time made scan quadratic).  scan_buffer()
 * forgets it for each new buffer.
 */
static __thread const char *le_buf;
static __thread size_t le_from, le_to, le_len;

static size_t line_end(const char *buf, size_t len, size_t pos)
{
	const char *p;

	if (buf == le_buf && len == le_len && pos >= le_from && pos <= le_to)
		return le_to;
	p = memchr(buf + pos, '\n', len - pos);
	le_buf = buf;
	le_len = len;
	le_from = pos;
	le_to = p ? (size_t)(p - buf) : len;
	return le_to;
}

static int is_ident(unsigned char c)
{
	return isalnum(c) || c == '_';
}

static int name_is(const char *s, size_t n, const char *lit)
{
	return strlen(lit) == n && !memcmp(s, lit, n);
}

static int name_prefix(const char *s, size_t n, const char *lit)
{
	size_t l = strlen(lit);

	return n > l && !memcmp(s, lit, l);
}

static int name_suffix(const char *s, size_t n, const char *lit)
{
	size_t l = strlen(lit);

	return n >= l && !memcmp(s + n - l, lit, l);
}

/* Functions and macros whose string arguments are printf formats. */
static int is_printf_like(const char *s, size_t n)
{
	static const char *const prefixes[] = {
		"pr_", "dev_", "netdev_", "netif_", "printk", "drm_", "DRM_",
		"hid_", "v4l2_", "ata_", "ibdev_", "bt_dev_", "seq_buf_",
		"trace_seq_printf", "WARN",
	};
	/* Driver wrappers: b43err, ath_warn, IL_ERR, IWL_INFO, ... */
	static const char *const suffixes[] = {
		"printf", "printk", "err", "warn", "info", "dbg", "_notice",
		"_crit", "_emerg", "_alert", "_debug", "_ERR", "_WARN", "_INFO",
		"_DBG", "_DEBUG", "_NOTICE",
	};
	static const char *const names[] = { "panic", "BUG_ON_MSG" };
	size_t i;

	if (name_prefix(s, n, "MODULE_"))
		return 0;
	for (i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (name_prefix(s, n, prefixes[i]) || name_is(s, n, prefixes[i]))
			return 1;
	for (i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++)
		if (name_suffix(s, n, suffixes[i]))
			return 1;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (name_is(s, n, names[i]))
			return 1;
	return 0;
}

/*
 * In assembly, is the hit behind a #, @ or ; comment character on its
 * line?  Directives (#include), token pasting (##) and ARM immediates
 * (#0) are not comments.
 */
static int asm_comment_before(const char *buf, size_t pos)
{
	size_t i = line_start(buf, pos);
	int quote = 0;

	for (; i < pos; i++) {
		char c = buf[i];

		if (c == '"')
			quote = !quote;
		if (quote)
			continue;
		if (c == ';')
			return 1;
		if (c == '@' && (buf[i + 1] == ' ' || buf[i + 1] == '\t'))
			return 1;
		if (c == '#' && !isalnum((unsigned char)buf[i + 1]) &&
		    buf[i + 1] != '#' && (i == 0 || buf[i - 1] != '#'))
			return 1;
	}
	return 0;
}

/* Find the "*" of the next "*" "/" at or after i; len when none. */
static size_t block_end(const char *buf, size_t len, size_t i)
{
	const char *p;

	while (i < len && (p = memchr(buf + i, '*', len - i))) {
		i = (size_t)(p - buf);
		if (p[1] == '/')
			return i;
		i++;
	}
	return len;
}

static const char *fn_name_before(const char *buf, size_t paren, size_t *n)
{
	size_t e = paren, s;

	while (e > 0 && (buf[e - 1] == ' ' || buf[e - 1] == '\t'))
		e--;
	s = e;
	while (s > 0 && e - s < 64 && is_ident((unsigned char)buf[s - 1]))
		s--;
	*n = e - s;
	return buf + s;
}

#define PAREN_MAX 32

/* Bytes that may appear in a URL as the scanner reads it (ASCII). */
static unsigned char url_chars[128];
/* Bytes at which the C lexer's code state may change. */
static unsigned char c_special[256];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void tables_init(void)
{
	const char *extra = "-._~:/?#[]@!$&'()*+,;=%{}";
	const char *special = "/\"'()#@{}";
	int c;

	for (c = 0; c < 128; c++)
		url_chars[c] = isalnum(c) || (c && strchr(extra, c));
	for (; *special; special++)
		c_special[(unsigned char)*special] = 1;
	c_special[0] = 1;
}

static void lex_c(const char *buf, size_t len, struct hit *h, size_t nh,
		  int is_asm)
{
	struct { const char *name; size_t n; } stack[PAREN_MAX];
	size_t i = 0, k = 0, depth = 0, stop = h[nh - 1].pos + 1;

	while (k < nh && i < stop) {
		unsigned char c = (unsigned char)buf[i];
		size_t j, lim;
		enum context sctx;

		/* Hits in code, before the next character that matters. */
		while (k < nh && h[k].pos <= i) {
			h[k].limit = line_end(buf, len, h[k].pos);
			if (is_asm && asm_comment_before(buf, h[k].pos)) {
				h[k].ctx = CTX_SCRIPT_COMMENT;
				h[k].region = RG_SCRIPT;
			} else {
				h[k].ctx = CTX_CODE;
				h[k].region = RG_NONE;
			}
			k++;
		}
		if (k >= nh)
			break;
		switch (c) {
		case '/':
			if (buf[i + 1] == '*') {
				j = block_end(buf, len, i + 2);
				for (; k < nh && h[k].pos < j; k++) {
					h[k].ctx = CTX_C_COMMENT;
					h[k].region = RG_BLOCK;
					h[k].limit = j;
				}
				i = j + 2;
				continue;
			}
			if (buf[i + 1] == '/') {
				j = i + 2;
				for (;;) {
					j = line_end(buf, len, j);
					/* A backslash-newline continues it. */
					if (j < len && j > i && buf[j - 1] == '\\') {
						j++;
						continue;
					}
					break;
				}
				for (; k < nh && h[k].pos < j; k++) {
					h[k].ctx = CTX_C_LINE_COMMENT;
					h[k].region = RG_LINE;
					h[k].limit = line_end(buf, len, h[k].pos);
				}
				i = j;
				continue;
			}
			break;
		case '#':
		case '@':
			if (!is_asm || !asm_comment_before(buf, i + 1))
				break;
			j = line_end(buf, len, i);
			for (; k < nh && h[k].pos < j; k++) {
				h[k].ctx = CTX_SCRIPT_COMMENT;
				h[k].region = RG_SCRIPT;
				h[k].limit = j;
			}
			i = j;
			continue;
		case '\'':
			if (is_asm)
				break;
			/* A character literal never spans a line. */
			for (j = i + 1; j < len && buf[j] != '\'' &&
			     buf[j] != '\n'; j++)
				if (buf[j] == '\\' && j + 1 < len)
					j++;
			i = j + 1;
			continue;
		case '"':
			sctx = CTX_C_STRING;
			if (depth && depth <= PAREN_MAX &&
			    is_printf_like(stack[depth - 1].name,
					   stack[depth - 1].n))
				sctx = CTX_C_FORMAT;
			j = i + 1;
			for (;;) {
				lim = j;
				while (lim < len && buf[lim] != '"' &&
				       buf[lim] != '\\' && buf[lim] != '\n')
					lim++;
				for (; k < nh && h[k].pos < lim; k++) {
					h[k].ctx = sctx;
					h[k].region = RG_STRING;
					h[k].limit = lim;
				}
				if (lim < len && buf[lim] == '\\') {
					j = lim + 2;
					continue;
				}
				break;
			}
			i = lim + 1;
			continue;
		case '(':
			if (depth < PAREN_MAX)
				stack[depth].name = fn_name_before(buf, i,
								   &stack[depth].n);
			depth++;
			break;
		case ')':
			if (depth)
				depth--;
			break;
		case '{':
		case '}':
			depth = 0;
			break;
		default:
			break;
		}
		i++;
		/* Skip bytes no state change can start at. */
		while (i < stop && !c_special[(unsigned char)buf[i]])
			i++;
	}
	for (; k < nh; k++) {
		h[k].ctx = CTX_CODE;
		h[k].region = RG_NONE;
		h[k].limit = line_end(buf, len, h[k].pos);
	}
}

static unsigned indent_of(const char *p, const char *end)
{
	unsigned col = 0;

	for (; p < end; p++) {
		if (*p == ' ')
			col++;
		else if (*p == '\t')
			col = (col + 8) & ~7u;
		else
			break;
	}
	return col;
}

static int blank_line(const char *p, const char *end)
{
	for (; p < end; p++)
		if (!isspace((unsigned char)*p))
			return 0;
	return 1;
}

size_t scan_hash_comment(const char *buf, size_t s, size_t pos, int shell)
{
	char quote = 0;
	size_t i;

	for (i = s; i < pos; i++) {
		char c = buf[i];

		if (quote) {
			if (c == '\\' && quote == '"')
				i++;
			else if (c == quote)
				quote = 0;
			continue;
		}
		if (c == '\\') {
			i++;
		} else if (shell && (c == '"' || c == '\'')) {
			quote = c;
		} else if (c == '#') {
			if (!shell)
				return i;
			if (i == s || isspace((unsigned char)buf[i - 1]) ||
			    buf[i - 1] == ';')
				return i;
		}
	}
	return pos;
}

static void lex_kconfig(const char *buf, size_t len, struct hit *h,
			size_t nh)
{
	enum { NORMAL, HELP_FIRST, HELP } st = NORMAL;
	unsigned help_indent = 0;
	size_t ls = 0, k = 0;

	while (k < nh && ls <= len) {
		size_t le = line_end(buf, len, ls);
		const char *p = buf + ls, *e = buf + le;
		unsigned ind = indent_of(p, e);
		int blank = blank_line(p, e);

		/* As the kconfig lexer: the first text line sets the indent. */
		if (st == HELP_FIRST && !blank) {
			help_indent = ind;
			st = HELP;
		} else if (st == HELP && !blank && ind < help_indent) {
			st = NORMAL;
		}
		if (st == NORMAL && !blank) {
			const char *w = p;
			size_t n;

			while (w < e && isspace((unsigned char)*w))
				w++;
			n = (size_t)(e - w);
			while (n && isspace((unsigned char)w[n - 1]))
				n--;
			if ((n == 4 && !memcmp(w, "help", 4)) ||
			    (n == 10 && !memcmp(w, "---help---", 10))) {
				st = HELP_FIRST;
			}
		}
		for (; k < nh && h[k].pos < le; k++) {
			h[k].limit = le;
			if (st == HELP) {
				h[k].ctx = CTX_KCONFIG_HELP;
			} else if (scan_hash_comment(buf, ls, h[k].pos, 0) <
				   h[k].pos) {
				h[k].ctx = CTX_SCRIPT_COMMENT;
				h[k].region = RG_SCRIPT;
			} else {
				h[k].ctx = CTX_KCONFIG;
			}
		}
		ls = le + 1;
	}
}

/* Make, shell, Perl, Python, YAML and the plain formats: line by line. */
static void lex_lines(const char *buf, size_t len, struct hit *h, size_t nh,
		      enum lang lang)
{
	size_t k;

	for (k = 0; k < nh; k++) {
		size_t ls = line_start(buf, h[k].pos), i;
		int depth = 0;

		h[k].limit = line_end(buf, len, h[k].pos);
		switch (lang) {
		case LANG_MAKEFILE:
			if (scan_hash_comment(buf, ls, h[k].pos, 0) <
			    h[k].pos) {
				h[k].ctx = CTX_SCRIPT_COMMENT;
				h[k].region = RG_SCRIPT;
				break;
			}
			h[k].ctx = CTX_MAKEFILE;
			for (i = ls; i < h[k].pos; i++) {
				if (buf[i] == '$' && (buf[i + 1] == '(' ||
						      buf[i + 1] == '{'))
					depth++;
				else if ((buf[i] == ')' || buf[i] == '}') &&
					 depth)
					depth--;
			}
			h[k].make_func = depth > 0;
			break;
		case LANG_SCRIPT:
			if (scan_hash_comment(buf, ls, h[k].pos, 1) <
			    h[k].pos) {
				h[k].ctx = CTX_SCRIPT_COMMENT;
				h[k].region = RG_SCRIPT;
			} else {
				h[k].ctx = CTX_CODE;
			}
			break;
		case LANG_YAML:
			h[k].ctx = CTX_YAML;
			break;
		case LANG_RST:
			h[k].ctx = CTX_RST;
			break;
		case LANG_MARKDOWN:
			h[k].ctx = CTX_MARKDOWN;
			break;
		case LANG_HTML:
			h[k].ctx = CTX_HTML;
			break;
		default:
			h[k].ctx = CTX_TEXT;
			break;
		}
	}
}

/*
 * Code in documentation formats: a URL there is an example a reader
 * types, not a link to follow, so it is code (never rewritten unless
 * --strings).  Markdown fenced blocks and indented blocks outside lists,
 * rst literal blocks (after a paragraph that ends "::" and code
 * directives) and AsciiDoc delimited blocks; on other lines, an inline
 * code span (an odd number of its marks before the URL).
 */
struct doc_lines {
	enum lang lang;
	int fence;		/* the open fence's char, or 0 */
	size_t fence_len;
	int blank_before, in_list, indented_code;
	long literal;		/* rst: the marker's indent, or -1 */
	int opens;		/* AsciiDoc: a delimiter here opens a block */
};

static size_t indent_width(const char *l, size_t n)
{
	size_t i, w = 0;

	for (i = 0; i < n && (l[i] == ' ' || l[i] == '\t'); i++)
		w += l[i] == '\t' ? 4 - w % 4 : 1;
	return w;
}

static size_t run_of(const char *l, size_t n, char c)
{
	size_t i = 0;

	while (i < n && l[i] == c)
		i++;
	return i;
}

static int rst_code_directive(const char *t, size_t n)
{
	static const char *const names[] = {
		".. code-block::", ".. code::", ".. sourcecode::",
		".. parsed-literal::", ".. highlight::",
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (n >= strlen(names[i]) &&
		    !memcmp(t, names[i], strlen(names[i])))
			return 1;
	return 0;
}

/* Is the line l[0..n) code?  Updates the block state d. */
static int doc_line_is_code(struct doc_lines *d, const char *l, size_t n)
{
	size_t ind = indent_width(l, n), lead = 0, k;
	const char *t;
	int blank, code = 0;

	while (lead < n && (l[lead] == ' ' || l[lead] == '\t'))
		lead++;
	t = l + lead;
	k = n - lead;
	while (k && (t[k - 1] == '\r' || t[k - 1] == ' ' || t[k - 1] == '\t'))
		k--;
	blank = !k;
	switch (d->lang) {
	case LANG_MARKDOWN:
		if (d->fence) {
			size_t run = run_of(t, k, (char)d->fence);

			if (ind < 4 && run >= d->fence_len && run == k)
				d->fence = 0;
			code = 1;
		} else if (ind < 4 && k >= 3 && (*t == '`' || *t == '~') &&
			   run_of(t, k, *t) >= 3) {
			d->fence = *t;
			d->fence_len = run_of(t, k, *t);
			code = 1;
		} else if (!blank && ind >= 4 && !d->in_list &&
			   (d->blank_before || d->indented_code)) {
			code = 1;
		} else if (!blank && ind < 4) {
			d->in_list = (k >= 2 && strchr("-*+", *t) &&
				      t[1] == ' ') ||
				     (k >= 3 && isdigit((unsigned char)*t) &&
				      (memchr(t, '.', k < 4 ? k : 4) ||
				       memchr(t, ')', k < 4 ? k : 4)));
		}
		if (!blank)
			d->indented_code = code && !d->fence && ind >= 4;
		break;
	case LANG_RST:
		if (d->literal >= 0 && !blank) {
			if ((long)ind > d->literal) {
				code = 1;
				break;
			}
			d->literal = -1;
		}
		if (d->literal >= 0)
			break;
		if (!blank && ((k >= 2 && t[k - 1] == ':' && t[k - 2] == ':' &&
				!(k >= 3 && !memcmp(t, "..", 2))) ||
			       rst_code_directive(t, k))) {
			d->literal = (long)ind;
		}
		break;
	case LANG_ASCIIDOC:
		/*
		 * A delimiter closes the block only as the same run of the
		 * same mark; it opens one after a blank line, an attribute
		 * line ([source,c]), a block title (.Title) or a list's "+".
		 * After text, a run of '-' underlines a section title.
		 */
		if (d->fence) {
			if (k == d->fence_len && *t == (char)d->fence &&
			    run_of(t, k, *t) == k && !lead)
				d->fence = 0;
			code = 1;
		} else if (!lead && ((k >= 4 && (run_of(t, k, '-') == k ||
						  run_of(t, k, '.') == k ||
						  run_of(t, k, '+') == k)) ||
				     (k == 3 && !memcmp(t, "```", 3))) &&
			   d->opens) {
			d->fence = *t;
			d->fence_len = k;
			code = 1;
		}
		d->opens = blank || (k && ((*t == '[' && t[k - 1] == ']') ||
					   (*t == '.' && k > 1 && t[1] != '.') ||
					   (k == 1 && *t == '+')));
		break;
	default:
		break;
	}
	d->blank_before = blank;
	return code;
}

/* An odd number of code-span marks in l[0..n): the URL is in one. */
static int in_code_span(enum lang lang, const char *l, size_t n)
{
	size_t i, marks = 0;

	for (i = 0; i < n; i++) {
		if (l[i] != '`')
			continue;
		if (lang == LANG_RST) {
			if (i + 1 < n && l[i + 1] == '`') {
				marks++;
				i++;
			}
		} else {
			marks++;
		}
	}
	return marks % 2;
}

static void lex_doc_code(const char *buf, size_t len, struct hit *h,
			 size_t nh, enum lang lang)
{
	struct doc_lines d = { lang, 0, 0, 1, 0, 0, -1, 1 };
	size_t ls = 0, k = 0;

	while (ls < len && k < nh) {
		const char *nl = memchr(buf + ls, '\n', len - ls);
		size_t le = nl ? (size_t)(nl - buf) : len;
		int code = doc_line_is_code(&d, buf + ls, le - ls);

		for (; k < nh && h[k].pos <= le; k++) {
			if (h[k].pos < ls)
				continue;
			if (code || in_code_span(lang, buf + ls, h[k].pos - ls))
				h[k].ctx = CTX_CODE;
		}
		ls = le + 1;
	}
}

/* ---- pass 3: extents ------------------------------------------------ */


/*
 * Whether code point cp ends a URL.  Letters, marks, digits and symbols
 * stay (wiki/Gr\u00f6\u00dfe, a \u00a2 in a path, a host in symbols or in
 * Arabic presentation forms, as linkify-it and browsers take them);
 * C1 controls, spaces, punctuation and brackets end one, and so do CJK
 * and private-use characters: in translated documents the text runs on
 * from the URL with no space (Documentation/translations/zh_CN).
 */
static int cp_ends_url(unsigned cp)
{
	static const unsigned ends[][2] = {
		{ 0x80, 0xa1 },		/* C1, no-break space, inverted ! */
		{ 0xa7, 0xa7 }, { 0xab, 0xab }, { 0xad, 0xad },
		{ 0xb6, 0xb7 }, { 0xbb, 0xbb }, { 0xbf, 0xbf },
		{ 0x2000, 0x206f },	/* general punctuation, spaces */
		{ 0x2308, 0x230b }, { 0x2329, 0x232a },	/* brackets */
		{ 0x2768, 0x2775 }, { 0x27c5, 0x27c6 }, { 0x27e6, 0x27ef },
		{ 0x2983, 0x2998 }, { 0x29d8, 0x29db }, { 0x29fc, 0x29fd },
		{ 0x2e00, 0x9fff },	/* CJK and its punctuation */
		{ 0xac00, 0xd7af },	/* Hangul */
		{ 0xe000, 0xf8ff },	/* private use */
		{ 0xf900, 0xfaff },	/* CJK compatibility */
		{ 0xfe10, 0xfe1f }, { 0xfe30, 0xfe6f },	/* CJK forms */
		{ 0xfeff, 0xffff },	/* BOM, fullwidth forms, specials */
	};
	size_t i;

	for (i = 0; i < sizeof(ends) / sizeof(ends[0]); i++)
		if (cp >= ends[i][0] && cp <= ends[i][1])
			return 1;
	return 0;
}

/*
 * Length of the valid UTF-8 sequence at p (at most n bytes) that may be
 * part of a URL; 0 for invalid bytes and for what ends one.  A dash
 * (\u2010-\u2015) between letters stays: .../Hatfield\u2013McCoy_feud.
 */
static size_t utf8_url_len(const unsigned char *p, size_t n)
{
	unsigned cp, next;
	size_t l = utf8_char(p, n, &cp), m;

	if (l < 2)
		return 0;	/* ASCII is not this function's, or no UTF-8 */
	if (cp >= 0x2010 && cp <= 0x2015 && l < n) {
		if (p[l] < 128)
			return isalnum(p[l]) ? l : 0;
		m = utf8_char(p + l, n - l, &next);
		return m >= 2 && !cp_ends_url(next) ? l : 0;
	}
	return cp_ends_url(cp) ? 0 : l;
}

/* End of the URL characters from i, before limit. */
static size_t url_run(const char *buf, size_t i, size_t limit, int make_func)
{
	size_t start = i;

	while (i < limit && i - start < SCAN_MAX_URL) {
		unsigned char c = (unsigned char)buf[i];

		if (c < 128) {
			if (!url_chars[c] || (make_func && c == ','))
				break;
			/* An inline <name> after a separator is a template. */
			if (c == '<')
				break;
			i++;
			continue;
		}
		if (!utf8_url_len((const unsigned char *)buf + i, limit - i))
			break;
		i += utf8_url_len((const unsigned char *)buf + i, limit - i);
	}
	/* <name> right after '/', '.', '=' or ':' belongs to the template. */
	while (i < limit && buf[i] == '<' && i > start &&
	       strchr("/.=:?&-_", buf[i - 1])) {
		size_t j = i + 1;

		while (j < limit && (is_ident((unsigned char)buf[j]) ||
				     buf[j] == '-'))
			j++;
		if (j == i + 1 || j >= limit || buf[j] != '>')
			break;
		i = url_run(buf, j + 1, limit, make_func);
	}
	return i;
}

/*
 * A man page's URL run: groff's zero-width escapes \: (a break point),
 * \% and \& stay inside it (u-boot's ".UR https://\:www\:.ti\:.com/").
 */
int scan_groff_escape(const char *p, size_t n)
{
	return n >= 2 && p[0] == '\\' && p[1] && strchr(":%&", p[1]);
}

int scan_rst_escape(const char *p, size_t n)
{
	return n >= 2 && p[0] == '\\' && p[1] == '_';
}

/* A URL run that goes on through the escapes esc() knows. */
static size_t escaped_run(const char *buf, size_t i, size_t limit,
			  int (*esc)(const char *, size_t))
{
	for (;;) {
		i = url_run(buf, i, limit, 0);
		if (i + 2 < limit && esc(buf + i, limit - i) &&
		    url_run(buf, i + 2, limit, 0) > i + 2)
			i += 2;
		else
			return i;
	}
}

/*
 * The URL a span stands for: groff's zero-width escapes out, rst's \_
 * a plain '_'.
 */
static void unescape(struct strbuf *url)
{
	char *w = url->buf, *r = url->buf, *end = url->buf + url->len;

	while (r < end)
		if (scan_groff_escape(r, (size_t)(end - r)))
			r += 2;
		else if (scan_rst_escape(r, (size_t)(end - r)))
			r++;
		else
			*w++ = *r++;
	*w = '\0';
	url->len = (size_t)(w - url->buf);
}

static int is_man_page(const char *path)
{
	const char *base = strrchr(path, '/'), *dot;

	base = base ? base + 1 : path;
	dot = strrchr(base, '.');
	return dot && dot != base &&
	       (!strcmp(dot + 1, "man") ||
		(dot[1] >= '1' && dot[1] <= '9' && !dot[2]));
}

/*
 * The position of the first '[' in [s, e) that no ']' closes, or e.
 * Asciidoc writes links as URL[text]; an IPv6 host is closed.
 */
static size_t unclosed_bracket(const char *buf, size_t s, size_t e)
{
	size_t i, open = e;
	int depth = 0;

	for (i = s; i < e; i++) {
		if (buf[i] == '[') {
			if (!depth)
				open = i;
			depth++;
		} else if (buf[i] == ']' && depth) {
			if (!--depth)
				open = e;
		}
	}
	return depth ? open : e;
}

/*
 * AsciiDoc's URL[link text] (and link:URL[text]): the URL ends at the
 * first '[' after its host, closed or not; "http://[::1]/" is a host.
 */
static size_t link_text(const char *buf, size_t s, size_t e)
{
	const char *p = memmem(buf + s, e - s, "://", 3), *b;
	size_t from;

	if (!p)
		return e;
	from = (size_t)(p - buf) + 3;
	if (from < e && buf[from] == '[') {
		const char *close = memchr(buf + from, ']', e - from);

		if (!close)
			return e;
		from = (size_t)(close - buf) + 1;
	}
	b = memchr(buf + from, '[', e - from);
	return b ? (size_t)(b - buf) : e;
}

/*
 * The first closing bracket in [s, e) that no bracket of its kind opened
 * within it, or e: "(http://one.org/)(http://two.org/)" is two URLs, and
 * so is a README badge "[![b](https://ci/x.svg)](https://ci/x)".
 */
static size_t unmatched_closer(const char *buf, size_t s, size_t e)
{
	static const char open[] = "([{", close[] = ")]}";
	int depth[3] = { 0, 0, 0 };
	size_t i;

	for (i = s; i < e; i++) {
		const char *o = strchr(open, buf[i]);
		const char *c = strchr(close, buf[i]);

		if (!buf[i])
			break;
		if (o)
			depth[o - open]++;
		else if (c && !depth[c - close]--)
			return i;
	}
	return e;
}

/*
 * Whether a quotation is open at pos: a ' after a space ('see, ' x)
 * since the line's start at ls, not closed by one that ends a word
 * (it', Cryin'), or TeX's `URL' right before it.  An apostrophe inside
 * a word (don't) is neither.
 */
static int quote_open(const char *buf, size_t ls, size_t pos)
{
	size_t i;
	int open = 0;

	if (pos > ls && buf[pos - 1] == '`')
		return 1;
	for (i = ls; i < pos; i++) {
		unsigned char prev = i > ls ? (unsigned char)buf[i - 1] : ' ';
		unsigned char next = (unsigned char)buf[i + 1];

		if (buf[i] != '\'')
			continue;
		if (isspace(prev) || strchr("([{<\"=", prev))
			open = 1;
		else if (!isspace(prev) &&
			 (isspace(next) || strchr(".,;:!?)]}>", next)))
			open = 0;
	}
	return open;
}

/* A literal in code: its bytes are the URL, a '*' included. */
static int is_code(enum context ctx)
{
	return ctx == CTX_C_STRING || ctx == CTX_C_FORMAT || ctx == CTX_CODE;
}

/*
 * In HTML text a quote or an angle bracket is an entity, and ends a URL
 * as the character would: "https://peps.python.org/&quot;)"; but
 * &lt;name&gt; is a template's <name>, as url_run() keeps it.
 */
static size_t html_quote(const char *buf, size_t s, size_t e)
{
	static const char *const ents[] = {
		"&quot;", "&#34;", "&#39;", "&apos;", "&lt;", "&gt;",
	};
	size_t i, k;

	for (i = s; i < e; i++) {
		if (buf[i] != '&')
			continue;
		if (e - i > 4 && !memcmp(buf + i, "&lt;", 4)) {
			size_t j = i + 4;

			while (j < e && (is_ident((unsigned char)buf[j]) ||
					 buf[j] == '-'))
				j++;
			if (j > i + 4 && e - j >= 4 &&
			    !memcmp(buf + j, "&gt;", 4)) {
				i = j + 3;
				continue;
			}
		}
		for (k = 0; k < sizeof(ents) / sizeof(ents[0]); k++)
			if (e - i >= strlen(ents[k]) - 1 &&
			    !strncmp(buf + i, ents[k], strlen(ents[k]) - 1))
				return i;
	}
	return e;
}

/* How many times c occurs in s[0..n). */
static size_t count_char(const char *s, size_t n, char c)
{
	size_t k = 0;

	while (n--)
		k += *s++ == c;
	return k;
}

/* 1 when u[0..n) ends in an HTML entity: "&lt;name&gt;". */
static int ends_in_entity(const char *u, size_t n)
{
	size_t i = n - 1;

	while (i > 0 && isalnum((unsigned char)u[i - 1]))
		i--;
	return i > 1 && i < n - 1 && u[i - 1] == '&';
}

/* 1 when u[0..n) is scheme://authority with nothing after it. */
static int host_only(const char *u, size_t n)
{
	const char *p = memmem(u, n, "://", 3);

	return p && !memchr(p + 3, '/', n - (size_t)(p + 3 - u)) &&
	       !memchr(p + 3, '?', n - (size_t)(p + 3 - u)) &&
	       !memchr(p + 3, '#', n - (size_t)(p + 3 - u));
}

/*
 * Strip what ends a sentence rather than a URL: trailing . , ; : ! ?,
 * unbalanced closing brackets, an opening one, "..." (which marks
 * truncation) and, with stars (prose, not a literal in code), emphasis
 * stars.  A trailing ' stays (wiki/Cryin', a'b') unless it is the URL's
 * odd one and quote says a quotation was opened before the URL on its
 * line.  (The ellipsis character never enters a URL.)
 */
static size_t trim_end(const char *buf, size_t s, size_t e, int quote,
		       int stars, unsigned *flags)
{
	while (e > s) {
		char c = buf[e - 1];

		if (e - s >= 3 && !memcmp(buf + e - 3, "...", 3)) {
			*flags |= OCC_TRUNCATED;
			while (e > s && buf[e - 1] == '.')
				e--;
			continue;
		}
		if (c == ';' && ends_in_entity(buf + s, e - s)) {
			break;
		} else if (strchr(".,;:!?([{", c) || (c == '*' && stars) ||
		    (c == '\'' && quote &&
		     count_char(buf + s, e - s, '\'') % 2)) {
			e--;
		} else if (c == ')' && count_char(buf + s, e - s, '(') <
					count_char(buf + s, e - s, ')')) {
			e--;
		} else if (c == ']' && count_char(buf + s, e - s, '[') <
					count_char(buf + s, e - s, ']')) {
			e--;
		} else if (c == '}' && count_char(buf + s, e - s, '{') <
					count_char(buf + s, e - s, '}')) {
			e--;
		} else {
			break;
		}
	}
	return e;
}

static size_t skip_blanks(const char *buf, size_t i, size_t limit)
{
	while (i < limit && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r'))
		i++;
	return i;
}

/*
 * A URL ending in a letter or digit is cut mid-word only if it has a path
 * whose last segment is no file name: "http://www.addi-data.com" and
 * ".../source_dl.asp" are whole.
 */
static int url_looks_complete(const char *u, size_t n)
{
	const char *p = memmem(u, n, "://", 3), *end = u + n, *seg, *dot;

	if (!p)
		return 1;
	p += 3;
	p = memchr(p, '/', (size_t)(end - p));
	if (!p)
		return 1;
	for (seg = end; seg > p && seg[-1] != '/'; seg--)
		;
	dot = memrchr(seg, '.', (size_t)(end - seg));
	return dot && end - dot >= 3 && end - dot <= 5;
}

/*
 * A continuation holds / . ? = or #, no scheme of its own, and words:
 * a rule of "=====" under a paragraph is decoration, not a path.
 */
static int continuation_plausible(const char *s, size_t n)
{
	size_t i, alnum = 0;
	int sep = 0;

	if (n >= 3 && s[0] == s[1] && s[1] == s[2] && !isalnum((unsigned char)s[0]))
		return 0;
	for (i = 0; i < n; i++) {
		if (isalnum((unsigned char)s[i]))
			alnum++;
		else if (strchr("/.?=#", s[i]))
			sep = 1;
		else if (s[i] == '@')	/* an e-mail address on the next line */
			return 0;
		if (i + 2 < n && s[i] == ':' && s[i + 1] == '/' && s[i + 2] == '/')
			return 0;
	}
	return sep && alnum >= 2;
}

/* The delimiter that c closes: '(' for ')', '"' for '"'. */
static char opener_of(char c)
{
	switch (c) {
	case ')':
		return '(';
	case ']':
		return '[';
	case '}':
		return '{';
	case '>':
		return '<';
	default:
		return c;
	}
}

/*
 * A comment URL that runs to the end of its line may continue on the
 * next: join when the next line of the same comment, past its leader,
 * starts with a run that holds / . ? = or #, has no scheme of its own,
 * and runs to a closing delimiter or the end of the line.  Returns the
 * trimmed end of the continuation and sets *cs to its start, or 0.
 */
static size_t wrap_continuation(const char *buf, size_t len,
				const struct hit *h, size_t raw_end,
				size_t *cs)
{
	size_t i, le, ce, te, limit;
	unsigned dummy = 0;
	char last = buf[raw_end - 1], leader;

	if (h->region != RG_BLOCK && h->region != RG_LINE &&
	    h->region != RG_SCRIPT)
		return 0;
	if (!isalnum((unsigned char)last) && !strchr("/-_.", last))
		return 0;
	if (isalnum((unsigned char)last) && url_looks_complete(buf + h->pos,
							      raw_end - h->pos))
		return 0;
	i = skip_blanks(buf, raw_end, len);
	/* "URL \" at a line's end: a break the writer marked (synctime.c). */
	if (i < len && buf[i] == '\\')
		i = skip_blanks(buf, i + 1, len);
	if (i >= len || buf[i] != '\n' || (h->region == RG_BLOCK &&
					   h->limit <= i))
		return 0;
	i++;
	le = line_end(buf, len, i);
	limit = h->region == RG_BLOCK && h->limit < le ? h->limit : le;
	i = skip_blanks(buf, i, limit);
	switch (h->region) {
	case RG_BLOCK:
		if (i < limit && buf[i] == '*')
			i++;
		break;
	case RG_LINE:
		if (i + 1 >= limit || buf[i] != '/' || buf[i + 1] != '/')
			return 0;
		i += 2;
		break;
	default:
		if (i >= limit || !strchr("#@;", buf[i]))
			return 0;
		leader = buf[i];
		while (i < limit && buf[i] == leader)
			i++;
		break;
	}
	i = skip_blanks(buf, i, limit);
	ce = url_run(buf, i, limit, 0);
	if (ce == i)
		return 0;
	te = trim_end(buf, i, ce, 1, 1, &dummy);
	if (te == i || dummy)
		return 0;
	if (!continuation_plausible(buf + i, te - i))
		return 0;
	if (te < limit && !strchr(")]}>'\"`", buf[te])) {
		size_t j;

		for (j = te; j < limit; j++)
			if (!strchr(".,;:!? \t\r", buf[j]))
				return 0;
	}
	/*
	 * A closing delimiter after the continuation closes what opened
	 * before the URL ("<http://a/" then "b/c>"); else the run is
	 * something else that begins a quote: mod_webdav.c's
	 * "xmlns:dt="uuid:..."" below a URL ending in '/'.
	 */
	if (te < limit && strchr(")]}>'\"`", buf[te]) &&
	    (!h->pos || (buf[h->pos - 1] != opener_of(buf[te]) &&
			 /* TeX's `quote' (vfpsingle.c) */
			 !(buf[te] == '\'' && buf[h->pos - 1] == '`'))))
		return 0;
	*cs = i;
	return te;
}

/*
 * Adjacent C string literals that continue one URL: the URL runs to its
 * literal's closing quote and the next literal, after blanks and
 * newlines only, starts with URL characters.
 */
static size_t string_continuation(const char *buf, size_t len,
				  size_t raw_end, size_t *cs, size_t *climit)
{
	size_t i = raw_end, lim;

	if (i >= len || buf[i] != '"')
		return 0;
	i++;
	while (i < len && isspace((unsigned char)buf[i]))
		i++;
	if (i >= len || buf[i] != '"')
		return 0;
	i++;
	lim = i;
	while (lim < len && buf[lim] != '"' && buf[lim] != '\\' &&
	       buf[lim] != '\n')
		lim++;
	*cs = i;
	*climit = lim;
	return url_run(buf, i, lim, 0);
}

static int is_attr_char(unsigned char c)
{
	return is_ident(c) || c == ':' || c == '-' || c == '.';
}

/* 1 if the text p[0..n) ends in name=" where name is a namespace attribute. */
static int prefix_ends_with_ns_attr(const char *p, size_t n)
{
	static const char *const attrs[] = {
		"xmlns", "rdf:resource", "rdf:about", "xsi:schemaLocation",
		"xsi:noNamespaceSchemaLocation",
	};
	size_t e, i;

	while (n && (p[n - 1] == '"' || p[n - 1] == '\'' || p[n - 1] == '\\'))
		n--;
	while (n && (p[n - 1] == ' ' || p[n - 1] == '\t'))
		n--;
	if (!n || p[n - 1] != '=')
		return 0;
	n--;
	while (n && (p[n - 1] == ' ' || p[n - 1] == '\t'))
		n--;
	e = n;
	while (n && is_attr_char((unsigned char)p[n - 1]))
		n--;
	if (e - n >= 6 && !memcmp(p + n, "xmlns:", 6))
		return 1;
	for (i = 0; i < sizeof(attrs) / sizeof(attrs[0]); i++)
		if (name_is(p + n, e - n, attrs[i]))
			return 1;
	return 0;
}

/*
 * 1 if the text p[0..n) ends in a rule for what values begin with, and
 * a quote: "it must begin with "http://devicetree.org/schemas/"" (the
 * DT schemas' $id, in writing-schema.rst): a prefix to match, not a
 * page.
 */
static int prefix_ends_with_begins_with(const char *p, size_t n)
{
	static const char *const verbs[] = {
		"begin with", "begins with", "start with", "starts with",
		"prefixed with", "prefixed by",
	};
	size_t i, l;

	/*
	 * Quoted only: "start with http://docs.example.org/" unquoted is
	 * as often advice to read a page.
	 */
	if (!n || !strchr("\"'`", p[n - 1]))
		return 0;
	while (n && strchr("\"'`<( \t", p[n - 1]))
		n--;
	for (i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++) {
		l = strlen(verbs[i]);
		if (n >= l && !strncasecmp(p + n - l, verbs[i], l) &&
		    (n == l || !is_ident((unsigned char)p[n - l - 1])))
			return 1;
	}
	return 0;
}

/*
 * Namespace names: xmlns, DT $id/$schema, DOCTYPE and RDF terms, and a
 * prefix values must begin with.
 */
static int is_identifier(const char *buf, size_t pos)
{
	size_t ls = line_start(buf, pos), n = pos - ls, i;
	const char *p = buf + ls, *w;
	size_t back;

	if (prefix_ends_with_ns_attr(p, n) ||
	    prefix_ends_with_begins_with(p, n))
		return 1;
	w = p;
	while (w < buf + pos && (*w == ' ' || *w == '\t' || *w == '-'))
		w++;
	if ((!strncmp(w, "$id", 3) || !strncmp(w, "$schema", 7) ||
	     !strncmp(w, "\"$id\"", 5) || !strncmp(w, "\"$schema\"", 9))) {
		for (i = (size_t)(w - buf); i < pos && buf[i] != ':'; i++)
			;
		for (i++; i < pos; i++)
			if (!strchr(" \t\"'", buf[i]))
				return 0;
		return 1;
	}
	back = pos > 1024 ? pos - 1024 : 0;
	for (i = pos; i > back; i--) {
		if (buf[i - 1] == '>')
			return 0;
		if (buf[i - 1] == '<' && !strncasecmp(buf + i, "!DOCTYPE", 8))
			return 1;
	}
	return 0;
}

static int line_has_spdx(const char *buf, size_t pos)
{
	size_t ls = line_start(buf, pos);
	const char *p = buf + ls;
	size_t n = pos - ls;

	return n >= 24 && memmem(p, n, "SPDX-License-Identifier", 23);
}

/* In a printf format every '%' not doubled starts a conversion. */
static int format_has_conversion(const char *s)
{
	for (; *s; s++) {
		if (*s != '%')
			continue;
		if (s[1] != '%')
			return 1;
		s++;
	}
	return 0;
}

static void decode_percent_percent(char *s)
{
	char *d = s;

	for (; *s; s++) {
		*d++ = *s;
		if (s[0] == '%' && s[1] == '%')
			s++;
	}
	*d = '\0';
}

static void add_occurrence(const char *buf, const struct hit *h,
			   size_t start, size_t end, struct strbuf *url,
			   unsigned flags, unsigned line, unsigned col,
			   struct occ_list *out)
{
	struct occurrence *o;
	struct url_info info;
	enum context ctx = h->ctx;

	if (ctx == CTX_C_FORMAT) {
		if (format_has_conversion(url->buf))
			flags |= OCC_PLACEHOLDER;
		decode_percent_percent(url->buf);
		url->len = strlen(url->buf);
	} else if (ctx == CTX_HTML && strstr(url->buf, "&amp;")) {
		/* href="...?a=1&amp;b=2" is the URL ...?a=1&b=2 */
		char *w = url->buf, *r = url->buf;

		while (*r)
			if (!strncmp(r, "&amp;", 5)) {
				*w++ = '&';
				r += 5;
			} else {
				*w++ = *r++;
			}
		*w = '\0';
		url->len = (size_t)(w - url->buf);
	}
	if (ctx != CTX_C_FORMAT && url_has_placeholder(url->buf, url->len))
		flags |= OCC_PLACEHOLDER;
	if (!strncasecmp(url->buf, "https:", 6))
		flags |= OCC_HTTPS;
	ALLOC_GROW(out->v, out->nr + 1, out->alloc);
	o = &out->v[out->nr++];
	memset(o, 0, sizeof(*o));
	if (!url_parse(url->buf, &info)) {
		o->key = info.norm;
		o->host = info.host;
		free(info.scheme);
		/*
		 * A user name in a URL shows the syntax (git's manual's
		 * "http://user@host.xz/") or a private account: never a page
		 * for a reader to follow.
		 */
		if (info.has_user || url_host_is_example(o->host))
			flags |= OCC_EXAMPLE;
		if (url_is_license(o->host, url->buf))
			ctx = CTX_LICENSE;
	} else {
		o->key = xstrdup(url->buf);
		o->host = xstrdup("");
		if (!(flags & OCC_PLACEHOLDER))
			flags |= OCC_INVALID;
	}
	if (ctx != CTX_LICENSE && is_identifier(buf, start))
		ctx = CTX_IDENTIFIER;
	if (ctx != CTX_IDENTIFIER && line_has_spdx(buf, start))
		ctx = CTX_LICENSE;
	o->line = line;
	o->col = col;
	o->start = start;
	o->end = end;
	o->ctx = ctx;
	o->flags = flags;
	o->url = strbuf_detach(url, NULL);
}

/* The region's end on the line of position i. */
static size_t segment_limit(const char *buf, size_t len, const struct hit *h,
			    size_t i)
{
	size_t le = line_end(buf, len, i);

	return h->region == RG_BLOCK && h->limit < le ? h->limit : le;
}

/*
 * Does the URL that ends at a space at e go on past it?  The kernel's
 * c2port.rst has "https://www.silabs.com/Support Documents/TechnicalDocs/
 * an127.pdf": the next word, glued to nothing, holds two or more '/' (or
 * one and a file name's extension) and no scheme, and the URL has a path
 * that does not end in '/'.  Such a URL cannot be bounded: it is
 * reported, never partly replaced.
 */
static int goes_on_past_space(const char *buf, size_t limit, size_t colon,
			      size_t e)
{
	size_t w = e + 1, slashes = 0, dot = 0, i;
	const char *path;

	if (e + 1 >= limit || buf[e] != ' ' || buf[e - 1] == '/' ||
	    !isalnum((unsigned char)buf[w]))
		return 0;
	path = memchr(buf + colon + 3, '/', e - colon - 3);
	if (!path)
		return 0;
	for (i = w; i < limit && !isspace((unsigned char)buf[i]); i++) {
		if (buf[i] == '/')
			slashes++;
		else if (buf[i] == '.')
			dot = i;
		else if (buf[i] == ':')
			return 0;
	}
	return slashes >= 2 ||
	       (slashes == 1 && dot && i - dot >= 3 && i - dot <= 5 &&
		isalpha((unsigned char)buf[dot + 1]));
}

/*
 * The URL ends at e on a byte that is no UTF-8 (a Latin-1 or other 8-bit
 * file): 1 if the URL goes on past it, as .../caf\xe9.html does, rather
 * than ending there as before a Latin-1 \xbb and a space.  Cut there, the
 * URL is not the one the file names: never checked nor rewritten.
 */
static int goes_on_past_byte(const char *buf, size_t limit, size_t e)
{
	const unsigned char *p = (const unsigned char *)buf;
	unsigned cp;

	if (e >= limit || p[e] < 0x80 ||
	    utf8_char(p + e, limit - e, &cp) >= 2)
		return 0;
	/* A letter in Latin-1 and most ISO 8859 parts. */
	if (p[e] >= 0xc0 && p[e] != 0xd7 && p[e] != 0xf7)
		return 1;
	while (e < limit && p[e] >= 0x80)
		e++;
	return e < limit && (isalnum(p[e]) || strchr("/._-~%?=&#+", p[e]));
}

static void extract(const char *buf, size_t len, struct hits *hs,
		    struct occ_list *out)
{
	struct strbuf url = STRBUF_INIT;
	size_t k, covered = 0, lpos = 0, lstart = 0;
	unsigned line = 1;

	for (k = 0; k < hs->nr; k++) {
		struct hit *h = &hs->v[k];
		size_t raw, end, cs = 0, climit, prefix = 0, t;
		unsigned flags = 0;
		int joins = 0, ended = 0, quote, stars;

		/* An archive link's inner URL is part of the outer one. */
		if (h->pos < covered)
			continue;
		if (h->limit > len)
			h->limit = len;
		raw = hs->groff ? escaped_run(buf, h->pos, h->limit,
					      scan_groff_escape) :
		      hs->rst ? escaped_run(buf, h->pos, h->limit,
					    scan_rst_escape) :
		      url_run(buf, h->pos, h->limit, h->make_func);
		raw = hs->asciidoc ? link_text(buf, h->pos, raw) :
		      unclosed_bracket(buf, h->pos, raw);
		if (raw - h->pos >= SCAN_MAX_URL ||
		    (h->limit - raw >= 3 && !memcmp(buf + raw, "\xe2\x80\xa6", 3)))
			flags |= OCC_TRUNCATED;
		/* 'https://a.com'https://b.com: the opening quote's mate. */
		if (h->pos && buf[h->pos - 1] == '\'') {
			const char *q = memchr(buf + h->pos, '\'',
					       raw - h->pos);

			if (q) {
				raw = (size_t)(q - buf);
				ended = 1;
			}
		}
		t = h->ctx == CTX_HTML ? html_quote(buf, h->pos, raw) : raw;
		if (t < raw) {
			raw = t;
			ended = 1;
		}
		t = unmatched_closer(buf, h->pos, raw);
		if (t < raw) {
			raw = t;
			ended = 1;
		}
		quote = quote_open(buf, line_start(buf, h->pos), h->pos);
		stars = !is_code(h->ctx);
		end = trim_end(buf, h->pos, raw, quote, stars, &flags);
		/*
		 * "see https://example.org- and": a dash after the host is the
		 * sentence's, but not at a line's end, where a host may go on
		 * ("https://docs.oasis-" / "open.org/...").
		 */
		if (end > h->colon + 3 && buf[end - 1] == '-' && end == raw &&
		    raw < h->limit && buf[raw] != '\n' && buf[raw] != '\r' &&
		    host_only(buf + h->pos, end - h->pos)) {
			raw = --end;
			ended = 1;
		}
		if (end <= h->colon + 3)
			continue;
		if (end == raw && (goes_on_past_space(buf, h->limit, h->colon,
						      raw) ||
				   goes_on_past_byte(buf, h->limit, raw)))
			flags |= OCC_TRUNCATED;
		covered = raw;
		strbuf_reset(&url);
		strbuf_add(&url, buf + h->pos, raw - h->pos);
		if (hs->groff || hs->rst)
			unescape(&url);
		/*
		 * Wrapped: the untrimmed URL runs to its line's end (comments)
		 * or its literal's quote (strings), and the next piece
		 * continues it.
		 */
		while (!ended && joins < 8 && !(flags & OCC_TRUNCATED)) {
			size_t seg;

			if (h->region == RG_STRING) {
				seg = string_continuation(buf, len, raw, &cs,
							  &climit);
				if (!seg || seg == cs ||
				    buf[cs] == ' ' || buf[cs] == '\t')
					break;
			} else {
				if (!wrap_continuation(buf, len, h, raw, &cs))
					break;
				seg = url_run(buf, cs, segment_limit(buf, len,
						h, cs), 0);
			}
			prefix = url.len;
			strbuf_add(&url, buf + cs, seg - cs);
			raw = seg;
			covered = seg;
			flags |= OCC_WRAPPED;
			joins++;
		}
		t = trim_end(url.buf, 0, url.len, quote, stars, &flags);
		if (flags & OCC_WRAPPED)
			end = cs + (t > prefix ? t - prefix : 0);
		strbuf_setlen(&url, t > SCAN_MAX_URL ? SCAN_MAX_URL : t);
		/* Line and column of the first byte, counted incrementally. */
		while (lpos < h->pos) {
			const char *nl = memchr(buf + lpos, '\n', h->pos - lpos);

			if (!nl)
				break;
			line++;
			lpos = lstart = (size_t)(nl - buf) + 1;
		}
		lpos = h->pos;
		add_occurrence(buf, h, h->pos, end, &url, flags, line,
			       (unsigned)(h->pos - lstart + 1), out);
	}
	strbuf_release(&url);
}

int scan_buffer(const char *path, const char *buf, size_t len,
		const struct scan_opts *opts, struct occ_list *out)
{
	struct hits hs = { NULL, 0, 0, 0, 0, 0 };
	enum lang lang;

	if (scan_is_binary(buf, len))
		return 1;
	le_buf = NULL;
	find_hits(buf, len, opts, &hs);
	if (!hs.nr)
		return 0;
	pthread_once(&tables_once, tables_init);
	lang = lang_detect(path, buf, len);
	hs.asciidoc = lang == LANG_ASCIIDOC;
	hs.groff = lang == LANG_TEXT && is_man_page(path);
	hs.rst = lang == LANG_RST;
	switch (lang) {
	case LANG_C:
		lex_c(buf, len, hs.v, hs.nr, 0);
		break;
	case LANG_ASM:
		lex_c(buf, len, hs.v, hs.nr, 1);
		break;
	case LANG_KCONFIG:
		lex_kconfig(buf, len, hs.v, hs.nr);
		break;
	default:
		lex_lines(buf, len, hs.v, hs.nr, lang);
		if (lang == LANG_MARKDOWN || lang == LANG_RST ||
		    lang == LANG_ASCIIDOC)
			lex_doc_code(buf, len, hs.v, hs.nr, lang);
		break;
	}
	extract(buf, len, &hs, out);
	free(hs.v);
	return 0;
}
