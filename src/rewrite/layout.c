// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>

#include "../lib/strbuf.h"
#include "layout.h"

size_t layout_width(const char *buf, size_t n)
{
	size_t col = 0, i;

	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)buf[i];

		if (c == '\t')
			col = (col / 8 + 1) * 8;
		else if ((c & 0xc0) != 0x80)
			col++;
	}
	return col;
}

static size_t line_start(const char *buf, size_t pos)
{
	while (pos > 0 && buf[pos - 1] != '\n')
		pos--;
	return pos;
}

static size_t line_end(const char *buf, size_t len, size_t pos)
{
	const char *nl = pos < len ? memchr(buf + pos, '\n', len - pos) : NULL;

	return nl ? (size_t)(nl - buf) : len;
}

static int blank(char c)
{
	return c == ' ' || c == '\t';
}

/* The column where buf[a..b)'s last non-blank ends. */
static size_t last_col(const char *buf, size_t a, size_t b)
{
	while (b > a && blank(buf[b - 1]))
		b--;
	return layout_width(buf + a, b - a);
}

/*
 * A box line: after the URL only blanks, a closer of one to three of
 * "*|#/!+=-", and blanks; and the line before or after ends in the same
 * column.  *at is the closer's offset.
 */
static int box_closer(const char *buf, size_t len, size_t end, size_t *at)
{
	size_t la = line_start(buf, end), le = line_end(buf, len, end);
	size_t p = end, q, col;

	while (p < le && blank(buf[p]))
		p++;
	if (p == end || p == le)
		return 0;
	for (q = p; q < le && buf[q] && strchr("*|#/!+=-", buf[q]); q++)
		;
	if (q == p || q - p > 3)
		return 0;
	while (q < le && blank(buf[q]))
		q++;
	if (q != le)
		return 0;
	col = last_col(buf, la, le);
	*at = p;
	if (la > 0 && last_col(buf, line_start(buf, la - 1), la - 1) == col)
		return 1;
	if (le < len && last_col(buf, le + 1, line_end(buf, len, le + 1)) == col)
		return 1;
	return 0;
}

/* The width of sb's last line. */
static size_t last_width(const struct strbuf *sb)
{
	const char *nl = memrchr(sb->buf, '\n', sb->len);
	size_t from = nl ? (size_t)(nl - sb->buf) + 1 : 0;

	return layout_width(sb->buf + from, sb->len - from);
}

void layout_fit(const char *buf, size_t len, struct edit *ev, size_t n,
		enum keep_reason *why)
{
	struct strbuf line = STRBUF_INIT, cand = STRBUF_INIT;
	size_t i, a = (size_t)-1, pos = 0;

	for (i = 0; i < n; i++) {
		struct edit *e = &ev[i];
		size_t ea = line_start(buf, e->start), closer, w;

		why[i] = KEEP_NONE;
		/* The line as the edits before this one on it left it. */
		if (ea != a) {
			strbuf_reset(&line);
			strbuf_add(&line, buf + ea, e->start - ea);
			a = ea;
		} else {
			strbuf_add(&line, buf + pos, e->start - pos);
		}
		strbuf_reset(&cand);
		strbuf_add(&cand, line.buf, line.len);
		strbuf_addstr(&cand, e->text);
		w = last_width(&cand);
		if (box_closer(buf, len, e->end, &closer)) {
			size_t la = line_start(buf, e->end);
			size_t want = layout_width(buf + la, closer - la);

			if (w + 1 > want) {
				why[i] = KEEP_BOX;
			} else {
				struct strbuf t = STRBUF_INIT;

				strbuf_addstr(&t, e->text);
				while (w++ < want)
					strbuf_addch(&t, ' ');
				free(e->owned);
				e->owned = strbuf_detach(&t, NULL);
				e->text = e->owned;
				e->end = closer;
			}
		}
		if (why[i] != KEEP_NONE)
			strbuf_add(&line, buf + e->start, e->end - e->start);
		else
			strbuf_addstr(&line, e->text);
		pos = e->end;
	}
	strbuf_release(&line);
	strbuf_release(&cand);
}
