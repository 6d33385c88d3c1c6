// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#include "../lib/atomic.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "warc.h"

#ifndef LINKMEND_VERSION
#define LINKMEND_VERSION "0.1"
#endif

struct warc_file {
	char *dir, *name, *open_path, *final_path;
	int fd;
	off_t size;		/* the end of its last whole record */
	int failed;		/* a write or sync failed: never renamed */
	char info_id[48];
};

void warc_sha1_label(const unsigned char d[20], char out[38])
{
	static const char b32[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
	unsigned long long acc = 0;
	int bits = 0, k = 5;
	size_t i;

	memcpy(out, "sha1:", 5);
	/* 160 bits are 32 characters exactly: no padding. */
	for (i = 0; i < 20; i++) {
		acc = acc << 8 | d[i];
		bits += 8;
		while (bits >= 5) {
			out[k++] = b32[(acc >> (bits - 5)) & 31];
			bits -= 5;
		}
	}
	out[k] = '\0';
}

int warc_record_id(char out[48])
{
	unsigned char b[16];
	size_t got = 0;

	while (got < sizeof(b)) {
		ssize_t n = getrandom(b + got, sizeof(b) - got, 0);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return error_errno("cannot read random bytes for a "
					   "record id");
		got += (size_t)n;
	}
	b[6] = (unsigned char)((b[6] & 0x0f) | 0x40);
	b[8] = (unsigned char)((b[8] & 0x3f) | 0x80);
	snprintf(out, 48, "<urn:uuid:%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
		 "%02x%02x%02x%02x%02x%02x>", b[0], b[1], b[2], b[3], b[4], b[5],
		 b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
	return 0;
}

void warc_date(long long t, char out[21])
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (!gmtime_r(&tt, &tm) ||
	    !strftime(out, 21, "%Y-%m-%dT%H:%M:%SZ", &tm))
		strcpy(out, "1970-01-01T00:00:00Z");
}

/* Deflate in into the gzip member z, writing what comes out. */
static int pump(struct warc_file *w, z_stream *z, const void *in, size_t len,
		int flush)
{
	unsigned char out[65536];
	int rc;

	z->next_in = (unsigned char *)in;
	z->avail_in = (uInt)len;
	do {
		z->next_out = out;
		z->avail_out = sizeof(out);
		rc = deflate(z, flush);
		if (rc == Z_STREAM_ERROR)
			return error("cannot compress a record of '%s'", w->name);
		if (write_in_full(w->fd, out, sizeof(out) - z->avail_out)) {
			w->failed = 1;
			return error_errno("cannot write '%s'", w->open_path);
		}
	} while (z->avail_out == 0 || (flush == Z_FINISH && rc != Z_STREAM_END));
	return 0;
}

int warc_record(struct warc_file *w, const char *type, const char *fields,
		const char *head, size_t hlen, int body_fd, off_t blen,
		off_t *offset, off_t *length)
{
	struct strbuf h = STRBUF_INIT;
	z_stream z;
	char buf[65536];
	off_t left = blen, start = w->size;
	int ret = -1;

	memset(&z, 0, sizeof(z));
	/* windowBits 15 + 16: a gzip member, not a bare zlib stream. */
	if (deflateInit2(&z, 6, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY) != Z_OK)
		return error("cannot start compressing '%s'", w->name);
	strbuf_addf(&h, "WARC/1.1\r\nWARC-Type: %s\r\n%sContent-Length: %lld\r\n"
		    "\r\n", type, fields, (long long)hlen + (long long)blen);
	if (pump(w, &z, h.buf, h.len, Z_NO_FLUSH) ||
	    pump(w, &z, head, hlen, Z_NO_FLUSH))
		goto out;
	if (body_fd >= 0 && lseek(body_fd, 0, SEEK_SET)) {
		error_errno("cannot read a capture back");
		goto out;
	}
	while (left > 0) {
		ssize_t n = read(body_fd, buf, left < (off_t)sizeof(buf) ?
				 (size_t)left : sizeof(buf));

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			error_errno("cannot read a capture back");
			goto out;
		}
		if (pump(w, &z, buf, (size_t)n, Z_NO_FLUSH))
			goto out;
		left -= n;
	}
	if (pump(w, &z, "\r\n\r\n", 4, Z_FINISH))
		goto out;
	w->size = lseek(w->fd, 0, SEEK_END);
	*offset = start;
	*length = w->size - start;
	ret = 0;
out:
	deflateEnd(&z);
	strbuf_release(&h);
	if (ret)
		warc_cut(w, start);	/* no half record stays */
	return ret;
}

int warc_cut(struct warc_file *w, off_t end)
{
	/*
	 * A full disk refuses a write, not a truncation; should this fail
	 * too, the file stays .open for the next run's recovery.
	 */
	if (ftruncate(w->fd, end) || lseek(w->fd, end, SEEK_SET) != end) {
		w->failed = 1;
		return error_errno("cannot cut '%s' after its last whole "
				   "record", w->open_path);
	}
	w->size = end;
	return 0;
}

struct warc_file *warc_create(const char *dir, const char *name,
			      const char *info)
{
	struct warc_file *w = xcalloc(1, sizeof(*w));
	struct strbuf f = STRBUF_INIT, body = STRBUF_INIT;
	char date[21];
	off_t off, len;
	int saved = 0;

	w->dir = xstrdup(dir);
	w->name = xstrdup(name);
	w->final_path = xstrfmt("%s/%s", dir, name);
	w->open_path = xstrfmt("%s.open", w->final_path);
	w->fd = open(w->open_path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	if (w->fd < 0) {
		saved = errno;
		if (saved != EEXIST)
			error_errno("cannot create '%s'", w->open_path);
		goto fail_quiet;
	}
	/* Held while the file is open: warc_recover() leaves it alone. */
	if (flock(w->fd, LOCK_EX | LOCK_NB)) {
		error_errno("cannot lock '%s'", w->open_path);
		goto fail;
	}
	if (warc_record_id(w->info_id))
		goto fail;
	warc_date((long long)time(NULL), date);
	strbuf_addf(&body, "software: linkmend/%s\r\n"
		    "format: WARC File Format 1.1\r\n"
		    "conformsTo: http://iipc.github.io/warc-specifications/"
		    "specifications/warc-format/warc-1.1/\r\n", LINKMEND_VERSION);
	if (info && *info)
		strbuf_addf(&body, "description: %s\r\n", info);
	strbuf_addf(&f, "WARC-Record-ID: %s\r\nWARC-Date: %s\r\n"
		    "WARC-Filename: %s\r\n"
		    "Content-Type: application/warc-fields\r\n",
		    w->info_id, date, name);
	if (warc_record(w, "warcinfo", f.buf, body.buf, body.len, -1, 0, &off,
			&len))
		goto fail;
	strbuf_release(&f);
	strbuf_release(&body);
	return w;
fail:
	if (w->fd >= 0) {
		unlink(w->open_path);
		close(w->fd);
	}
fail_quiet:
	strbuf_release(&f);
	strbuf_release(&body);
	free(w->dir);
	free(w->name);
	free(w->open_path);
	free(w->final_path);
	free(w);
	errno = saved;
	return NULL;
}

int warc_sync(struct warc_file *w)
{
	if (fdatasync(w->fd)) {
		/* What did not reach the disk may be holes after a crash. */
		w->failed = 1;
		return error_errno("cannot sync '%s'", w->open_path);
	}
	return 0;
}

void warc_fail(struct warc_file *w)
{
	w->failed = 1;
}

off_t warc_size(const struct warc_file *w)
{
	return w->size;
}

const char *warc_name(const struct warc_file *w)
{
	return w->name;
}

const char *warc_info_id(const struct warc_file *w)
{
	return w->info_id;
}

int warc_close(struct warc_file *w)
{
	int ret = 0;

	if (!w)
		return 0;
	/*
	 * Linux reports a failed writeback once: a later fsync may succeed
	 * over lost pages.  A file that ever failed is left to recovery.
	 */
	if (w->failed)
		ret = error("'%s' is left as it is: a write to it failed; the "
			    "next run cuts it after its last recorded capture",
			    w->open_path);
	else if (fsync(w->fd))
		ret = error_errno("cannot sync '%s'", w->open_path);
	/* Renamed while still locked: no recovery can take it between. */
	if (!ret && rename(w->open_path, w->final_path))
		ret = error_errno("cannot rename '%s'", w->open_path);
	if (close(w->fd) && !ret)
		ret = error_errno("cannot close '%s'", w->open_path);
	free(w->dir);
	free(w->name);
	free(w->open_path);
	free(w->final_path);
	free(w);
	return ret;
}

int warc_recover(const char *dir, const char *name, off_t end)
{
	char *final = xstrfmt("%s/%s", dir, name);
	char *open_path = xstrfmt("%s.open", final);
	int fd, ret = -1;

	fd = open(open_path, O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		/* Closed or recovered by another run since it was listed. */
		if (errno == ENOENT)
			ret = 1;
		else
			error_errno("cannot open '%s'", open_path);
		goto out;
	}
	if (flock(fd, LOCK_EX | LOCK_NB)) {
		if (errno == EWOULDBLOCK)
			ret = 1;	/* another run is writing it */
		else
			error_errno("cannot lock '%s'", open_path);
		goto out_close;
	}
	if (end <= 0) {
		if (unlink(open_path))
			error_errno("cannot remove '%s'", open_path);
		else
			ret = 0;
		goto out_close;
	}
	if (ftruncate(fd, end) || fsync(fd)) {
		error_errno("cannot cut '%s' at its last whole record", open_path);
		goto out_close;
	}
	if (rename(open_path, final)) {
		error_errno("cannot rename '%s'", open_path);
		goto out_close;
	}
	ret = 0;
out_close:
	close(fd);
out:
	free(final);
	free(open_path);
	return ret;
}

void ts14(long long t, char out[15])
{
	time_t tt = (time_t)t;
	struct tm tm;

	gmtime_r(&tt, &tm);
	strftime(out, 15, "%Y%m%d%H%M%S", &tm);
}
