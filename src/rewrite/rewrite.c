// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../lib/atomic.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "rewrite.h"

static int unbalanced_parens(const char *s)
{
	int depth = 0;

	for (; *s; s++) {
		if (*s == '(')
			depth++;
		else if (*s == ')' && --depth < 0)
			return 1;
	}
	return depth != 0;
}

void rewrite_escape(enum context ctx, const char *url, struct strbuf *out)
{
	int parens = ctx == CTX_MARKDOWN && unbalanced_parens(url);
	const char *p;

	for (p = url; *p; p++) {
		unsigned char c = (unsigned char)*p;

		/* Nothing that ends a URL for a reader belongs in one. */
		if (c <= ' ' || c == 0x7f) {
			strbuf_addf(out, "%%%02X", c);
			continue;
		}
		switch (ctx) {
		case CTX_C_COMMENT:
			/* Never a comment closer or opener: no '*' at all. */
			if (c == '*') {
				strbuf_addstr(out, "%2A");
				continue;
			}
			break;
		case CTX_C_FORMAT:
			if (c == '%') {
				strbuf_addstr(out, "%%");
				continue;
			}
			/* fall through */
		case CTX_HTML:
			if (c == '&') {
				strbuf_addstr(out, "&amp;");
				continue;
			}
			/* fall through */
		case CTX_C_STRING:
		case CTX_KCONFIG:
		case CTX_CODE:
			if (c == '"' || c == '\\' || c == '\'' || c == '<' || c == '>') {
				strbuf_addf(out, "%%%02X", c);
				continue;
			}
			break;
		case CTX_MAKEFILE:
			if (c == '$') {
				strbuf_addstr(out, "$$");
				continue;
			}
			if (c == '#') {
				strbuf_addstr(out, "\\#");
				continue;
			}
			break;
		case CTX_RST:
			/* `text <url>`_ ends at '>'; a backquote ends the role. */
			if (c == '<' || c == '>' || c == '`') {
				strbuf_addf(out, "%%%02X", c);
				continue;
			}
			break;
		case CTX_MARKDOWN:
			if ((parens && (c == '(' || c == ')')) || c == '<' || c == '>') {
				strbuf_addf(out, "%%%02X", c);
				continue;
			}
			break;
		default:
			break;
		}
		strbuf_addch(out, (char)c);
	}
}

static int cmp_edit(const void *a, const void *b)
{
	const struct edit *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

int rewrite_apply(const char *old, size_t len, struct edit *edits, size_t n,
		  struct strbuf *out)
{
	size_t i, k, pos = 0;

	qsort(edits, n, sizeof(*edits), cmp_edit);
	for (i = 0; i < n; i++) {
		struct edit *e = &edits[i];

		if (e->start < pos || e->end < e->start || e->end > len)
			return error("edits overlap or run past the end of the file");
		k = e->start;
		/* A text that breaks the line leaves no blanks before it. */
		if (e->text[0] == '\n')
			while (k > pos && (old[k - 1] == ' ' || old[k - 1] == '\t'))
				k--;
		strbuf_add(out, old + pos, k - pos);
		/*
		 * A wrapped span runs from the URL on its first line over the
		 * line break and the continuation's comment leader to the end
		 * of the continuation: replacing it whole puts the new URL on
		 * the first line, with what followed the old one after it, and
		 * the continuation line is gone.
		 */
		strbuf_addstr(out, e->text);
		pos = e->end;
		/*
		 * Blanks at the end of the edited line would be trailing white
		 * space on a line the patch adds: drop them (up to the next
		 * edit, which sees to its own line).
		 */
		{
			const char *nl = memchr(old + pos, '\n', len - pos);
			size_t le = nl ? (size_t)(nl - old) : len;

			k = le;
			if (i + 1 < n && edits[i + 1].start < le)
				continue;
			while (k > pos && (old[k - 1] == ' ' || old[k - 1] == '\t'))
				k--;
			if (k < le) {
				strbuf_add(out, old + pos, k - pos);
				pos = le;
			}
		}
	}
	strbuf_add(out, old + pos, len - pos);
	return 0;
}

int rewrite_file(const char *path, const char *buf, size_t len)
{
	struct stat st;

	if (lstat(path, &st))
		return error_errno("cannot stat '%s'", path);
	if (!S_ISREG(st.st_mode))
		return error("'%s' is not a regular file: not rewritten", path);
	return atomic_write_file(path, buf, len, &st);
}
