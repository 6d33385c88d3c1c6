// SPDX-License-Identifier: GPL-2.0-or-later
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

/* The widest of the lines buf[a..b) spans. */
static size_t widest(const char *buf, size_t a, size_t b)
{
	size_t w = 0, e;

	for (; a <= b; a = e + 1) {
		size_t x;

		e = line_end(buf, b, a);
		x = layout_width(buf + a, e - a);
		if (x > w)
			w = x;
		if (e >= b)
			break;
	}
	return w;
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

/* rest is only blanks: rewrite_apply() drops them. */
static int all_blank(const char *s, size_t n)
{
	while (n && blank(*s)) {
		s++;
		n--;
	}
	return !n;
}

/*
 * The leader a line of its own needs to stay in what buf[a..] is part
 * of: the indentation, the comment leader in a comment (" * " for the
 * first line of a block comment), and blanks as wide as a list marker
 * after it.  0 when the line cannot be continued this way: a comment
 * after code or a one-line block comment; in text an rst directive or
 * target (".. "), a table row.
 */
static int leader_of(const char *buf, size_t a, size_t le, size_t url,
		     int mode, struct strbuf *out)
{
	size_t p = a, q;

	while (p < le && blank(buf[p]))
		p++;
	strbuf_add(out, buf + a, p - a);
	if (mode == LAYOUT_BREAK_TEXT) {
		if (p < le && (buf[p] == '|' || buf[p] == '+' ||
			       (le - p >= 3 && !memcmp(buf + p, ".. ", 3))))
			return 0;
	} else if (le - p >= 2 && !memcmp(buf + p, "/*", 2)) {
		if (memmem(buf + p, le - p, "*/", 2))
			return 0;
		strbuf_addstr(out, " *");
		p += 2;
	} else if (le - p >= 2 && !memcmp(buf + p, "//", 2)) {
		strbuf_addstr(out, "//");
		p += 2;
	} else if (p < le && buf[p] && strchr("*#;!%", buf[p])) {
		for (q = p; q < le && buf[q] == buf[p]; q++)
			;
		strbuf_add(out, buf + p, q - p);
		p = q;
	} else if (memmem(buf + p, url - p, "/*", 2) ||
		   memmem(buf + p, url - p, "//", 2) ||
		   memchr(buf + p, '#', url - p)) {
		return 0;	/* code before the comment */
	}
	/* else a block comment's line without a leader: its indentation */
	for (q = p; q < le && blank(buf[q]); q++)
		;
	strbuf_add(out, buf + p, q - p);
	/* "- ", "* ", "+ ", "1. ", "#. ": the item's text is the column. */
	p = q;
	while (q < le && buf[q] >= '0' && buf[q] <= '9')
		q++;
	if (q < le && ((q > p && buf[q] == '.') ||
		       (q == p && strchr("-*+#", buf[q]) && buf[q])))
		q += 1 + (buf[q] == '#' && q + 1 < le && buf[q + 1] == '.');
	if (q > p && q < le && blank(buf[q]))
		for (q++; p < q; p++)
			strbuf_addch(out, ' ');
	if (out->len && !blank(out->buf[out->len - 1]))
		strbuf_addch(out, ' ');
	return 1;
}

/*
 * The URL of e on a line of its own: the blanks before it end the line
 * (rewrite_apply() drops them), a leader from ea's line starts the next;
 * where only the leader is before it, what follows it (but its closing
 * punctuation) goes to the next line instead.  line is the new line up
 * to e's start.  0 when it cannot be done.
 */
static int own_line(const char *buf, size_t len, size_t ea,
		    const struct strbuf *line, struct edit *e)
{
	struct strbuf lead = STRBUF_INIT, t = STRBUF_INIT;
	size_t k = line->len, le = line_end(buf, len, e->end), p, r, lk;
	int before, ret = 1;

	if (!e->may_break || !leader_of(buf, ea, line_end(buf, len, ea),
					 e->start, e->may_break, &lead)) {
		strbuf_release(&lead);
		return 0;
	}
	while (k && blank(line->buf[k - 1]))
		k--;
	for (lk = lead.len; lk && blank(lead.buf[lk - 1]); lk--)
		;
	/* More than the leader (its blanks aside) before it: text. */
	before = layout_width(line->buf, k) > layout_width(lead.buf, lk);
	if (before && (!line->len || !blank(line->buf[line->len - 1]))) {
		ret = 0;	/* glued to the word before it */
		goto out;
	}
	/* Its closing punctuation stays with it, "URL ." a sentence's too. */
	for (p = e->end; p < le && buf[p] && strchr(".,;:!?)]'\"", buf[p]); p++)
		;
	for (r = p; r < le && blank(buf[r]); r++)
		;
	for (lk = r; lk < le && buf[lk] && strchr(".,;:!?)", buf[lk]); lk++)
		;
	if (lk > r && (lk == le || blank(buf[lk]))) {
		p = lk;
		for (r = p; r < le && blank(buf[r]); r++)
			;
	}
	if (!before && (r == le || r == p))
		goto out;	/* alone already, or glued to what follows */
	if (before) {
		strbuf_addch(&t, '\n');
		strbuf_add(&t, lead.buf, lead.len);
	}
	strbuf_addstr(&t, e->text);
	/* What follows it goes to the next line, if it must. */
	{
		struct strbuf nl = STRBUF_INIT;

		strbuf_add(&nl, lead.buf, lead.len);
		strbuf_addstr(&nl, e->text);
		strbuf_add(&nl, buf + e->end, le - e->end);
		if (layout_width(nl.buf, nl.len) <= LAYOUT_MAX_COLS)
			r = le;
		strbuf_release(&nl);
	}
	if (r < le && r > p) {
		strbuf_add(&t, buf + e->end, p - e->end);
		strbuf_addch(&t, '\n');
		if (le - r >= 2 && !memcmp(buf + r, "*/", 2)) {
			/* The comment's closer on a line of its own. */
			size_t ind = strspn(buf + ea, " \t");

			strbuf_add(&t, buf + ea, ind);
			if (buf[ea + ind] != '*')
				strbuf_addch(&t, ' ');
		} else {
			strbuf_add(&t, lead.buf, lead.len);
		}
		e->end = r;
	}
	e->owned = strbuf_detach(&t, NULL);
	e->text = e->owned;
out:
	strbuf_release(&t);
	strbuf_release(&lead);
	return ret;
}

int layout_may_break(enum context ctx)
{
	if (ctx == CTX_C_COMMENT || ctx == CTX_C_LINE_COMMENT ||
	    ctx == CTX_SCRIPT_COMMENT)
		return LAYOUT_BREAK_COMMENT;
	if (ctx == CTX_KCONFIG_HELP || ctx == CTX_RST || ctx == CTX_TEXT)
		return LAYOUT_BREAK_TEXT;
	return 0;
}

void layout_fit(const char *buf, size_t len, struct edit *ev, size_t n,
		enum keep_reason *why)
{
	struct strbuf line = STRBUF_INIT, cand = STRBUF_INIT;
	size_t i, a = (size_t)-1, pos = 0;

	for (i = 0; i < n; i++) {
		struct edit *e = &ev[i];
		size_t ea = line_start(buf, e->start), le, closer, w;

		why[i] = KEEP_NONE;
		/* The line as the edits before this one on it left it. */
		if (ea != a) {
			strbuf_reset(&line);
			strbuf_add(&line, buf + ea, e->start - ea);
			a = ea;
		} else {
			strbuf_add(&line, buf + pos, e->start - pos);
		}
		le = line_end(buf, len, e->end);
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
				e->owned = strbuf_detach(&t, NULL);
				e->text = e->owned;
				e->end = closer;
			}
		} else {
			if (!all_blank(buf + e->end, le - e->end)) {
				strbuf_add(&cand, buf + e->end, le - e->end);
				w = last_width(&cand);
			}
			if (w > LAYOUT_MAX_COLS &&
			    widest(buf, ea, le) <= LAYOUT_MAX_COLS &&
			    !own_line(buf, len, ea, &line, e))
				why[i] = KEEP_WIDTH;
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
