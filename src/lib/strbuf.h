/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Growable byte buffers, after git's strbuf: buf is always NUL-terminated
 * and never NULL once initialised (STRBUF_INIT points at a shared empty
 * string until the first write), len excludes the terminator.
 */
#ifndef LIB_STRBUF_H
#define LIB_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

struct strbuf {
	size_t alloc;
	size_t len;
	char *buf;
};

extern char strbuf_slopbuf[];
#define STRBUF_INIT { 0, 0, strbuf_slopbuf }

void strbuf_init(struct strbuf *sb, size_t hint);
void strbuf_release(struct strbuf *sb);
char *strbuf_detach(struct strbuf *sb, size_t *len);
void strbuf_grow(struct strbuf *sb, size_t extra);
void strbuf_setlen(struct strbuf *sb, size_t len);
void strbuf_add(struct strbuf *sb, const void *data, size_t len);
void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addch(struct strbuf *sb, int c);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));

static inline void strbuf_reset(struct strbuf *sb)
{
	strbuf_setlen(sb, 0);
}

/*
 * Append s[0..len) with every byte a terminal or a TSV reader could take
 * for more than text written \xNN (\t, \n, \r by name): C0 controls and
 * DEL, C1 controls (U+0080..U+009F, or a lone byte 0x80..0x9f), and any
 * byte that is no part of a UTF-8 character.  strbuf_add_escaped() is for
 * a TSV field and doubles a backslash so that the field reads back;
 * strbuf_add_printable() is for a message and leaves it.
 */
void strbuf_add_escaped(struct strbuf *sb, const char *s, size_t len);
void strbuf_add_printable(struct strbuf *sb, const char *s, size_t len);

/* Append the whole file at path (not following a final symlink); -1 after error(). */
int strbuf_read_file(struct strbuf *sb, const char *path);

#endif
