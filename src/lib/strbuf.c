// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "strbuf.h"
#include "utf8.h"
#include "usage.h"
#include "xalloc.h"

char strbuf_slopbuf[1];

void strbuf_init(struct strbuf *sb, size_t hint)
{
	sb->alloc = sb->len = 0;
	sb->buf = strbuf_slopbuf;
	if (hint)
		strbuf_grow(sb, hint);
}

void strbuf_release(struct strbuf *sb)
{
	if (sb->alloc)
		free(sb->buf);
	strbuf_init(sb, 0);
}

char *strbuf_detach(struct strbuf *sb, size_t *len)
{
	char *p;

	strbuf_grow(sb, 0);
	p = sb->buf;
	if (len)
		*len = sb->len;
	strbuf_init(sb, 0);
	return p;
}

void strbuf_grow(struct strbuf *sb, size_t extra)
{
	size_t want = sb->len + extra + 1;

	if (want < sb->len)
		die("strbuf size overflow");
	if (want <= sb->alloc)
		return;
	if (!sb->alloc)
		sb->buf = NULL;
	sb->alloc = sb->alloc * 2 > want ? sb->alloc * 2 : want + 64;
	sb->buf = xrealloc(sb->buf, sb->alloc);
	if (!sb->len)
		sb->buf[0] = '\0';
}

void strbuf_setlen(struct strbuf *sb, size_t len)
{
	if (!sb->alloc) {
		if (len)
			die("strbuf_setlen beyond buffer");
		return;
	}
	if (len >= sb->alloc)
		die("strbuf_setlen beyond buffer");
	sb->len = len;
	sb->buf[len] = '\0';
}

void strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
	strbuf_grow(sb, len);
	memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void strbuf_addstr(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void strbuf_addch(struct strbuf *sb, int c)
{
	strbuf_grow(sb, 1);
	sb->buf[sb->len++] = (char)c;
	sb->buf[sb->len] = '\0';
}

void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list again;
	int n;

	va_copy(again, ap);
	n = vsnprintf(sb->buf + sb->len, sb->alloc ? sb->alloc - sb->len : 0,
		      fmt, ap);
	if (n < 0)
		die("bad format string");
	if ((size_t)n >= (sb->alloc ? sb->alloc - sb->len : 0)) {
		strbuf_grow(sb, (size_t)n);
		vsnprintf(sb->buf + sb->len, sb->alloc - sb->len, fmt, again);
	}
	va_end(again);
	sb->len += (size_t)n;
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(sb, fmt, ap);
	va_end(ap);
}

static void add_escaped(struct strbuf *sb, const char *s, size_t len,
			int tsv)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i, n;
	unsigned cp;

	for (i = 0; i < len; i += n) {
		unsigned char c = u[i];

		n = utf8_char(u + i, len - i, &cp);
		if (n > 1 && !(cp >= 0x80 && cp <= 0x9f)) {
			strbuf_add(sb, s + i, n);
			continue;
		}
		n = 1;
		if (c == '\t')
			strbuf_add(sb, "\\t", 2);
		else if (c == '\n')
			strbuf_add(sb, "\\n", 2);
		else if (c == '\r')
			strbuf_add(sb, "\\r", 2);
		else if (c == '\\' && tsv)
			strbuf_add(sb, "\\\\", 2);
		else if (c < 0x20 || c >= 0x7f)
			strbuf_addf(sb, "\\x%02x", c);
		else
			strbuf_addch(sb, (char)c);
	}
}

void strbuf_add_escaped(struct strbuf *sb, const char *s, size_t len)
{
	add_escaped(sb, s, len, 1);
}

void strbuf_add_printable(struct strbuf *sb, const char *s, size_t len)
{
	add_escaped(sb, s, len, 0);
}

int strbuf_read_file(struct strbuf *sb, const char *path)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	char buf[65536];
	ssize_t n;

	if (fd < 0)
		return error_errno("cannot open '%s'", path);
	while ((n = read(fd, buf, sizeof(buf))) > 0 || (n < 0 && errno == EINTR))
		if (n > 0)
			strbuf_add(sb, buf, (size_t)n);
	close(fd);
	if (n < 0)
		return error_errno("cannot read '%s'", path);
	return 0;
}
