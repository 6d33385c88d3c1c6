/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The project's own copies of its links, in the formats the world's web
 * archives use.  WARC 1.1 (ISO 28500): one gzip member per record, files
 * written as NAME.open and renamed to NAME when closed, so that a finished
 * file is always whole; warc_recover() cuts a file left open by a crash at
 * the end of its last recorded record.  CDXJ: the index pywb reads, one
 * "SURT TIMESTAMP {json}" line per capture, sorted (the keys from
 * url/surt.h).
 */
#ifndef ARCHIVE_WARC_H
#define ARCHIVE_WARC_H

#include <stddef.h>
#include <sys/types.h>

#include "../lib/strbuf.h"

/* "sha1:" + base32 (RFC 4648) of a 20-byte digest, into out[38]. */
void warc_sha1_label(const unsigned char digest[20], char out[38]);
/*
 * "<urn:uuid:...>" (a random, version 4 UUID) into out[48]; -1 after
 * error() when the system gives no random bytes.
 */
int warc_record_id(char out[48]);
/* "2026-12-03T06:20:55Z" for t, into out[21]. */
void warc_date(long long t, char out[21]);
/* "YYYYMMDDhhmmss" for t (UTC): CDX and Wayback timestamps. */
void ts14(long long t, char out[15]);

struct warc_file;

/*
 * Create dir/name.open, locked (flock) while open, and write its
 * warcinfo record (software, format, conformsTo, the operator's
 * description in info).  NULL after error(), or with errno EEXIST and
 * nothing said when the name is taken (another run chose it).
 */
struct warc_file *warc_create(const char *dir, const char *name,
			      const char *info);
/*
 * fsync and rename dir/name.open to dir/name.  A file that a write or a
 * sync failed on is closed as name.open and -1 returned: its end is in
 * doubt, and the next run's warc_recover() cuts it where the store says.
 */
int warc_close(struct warc_file *w);
/* fdatasync: what is written survives a crash from now on. */
int warc_sync(struct warc_file *w);
/* Cut the file back to end (a pair not whole); -1 after error(). */
int warc_cut(struct warc_file *w, off_t end);
/* The file holds something it should not: closed as name.open. */
void warc_fail(struct warc_file *w);
off_t warc_size(const struct warc_file *w);
const char *warc_name(const struct warc_file *w);
const char *warc_info_id(const struct warc_file *w);

/*
 * Append one record: "WARC/1.1", WARC-Type type, the header fields
 * (complete "Name: value\r\n" lines), Content-Length, then the block:
 * head[0..hlen) followed by blen bytes read from body_fd (from its
 * start; -1 for none).  *offset and *length: where the gzip member lies.
 * On failure the file is cut back to where the record began.
 */
int warc_record(struct warc_file *w, const char *type, const char *fields,
		const char *head, size_t hlen, int body_fd, off_t blen,
		off_t *offset, off_t *length);

/*
 * A file a crash left as dir/name.open: cut it at end (the end of its
 * last recorded record) and rename it to dir/name, or remove it when end
 * is 0.  Returns 0; 1 when the file is another run's, still being
 * written (locked), or gone; -1 after error().
 */
int warc_recover(const char *dir, const char *name, off_t end);

/* One line of an index. */
struct cdxj_entry {
	char *surt, *ts, *url, *mime, *digest, *filename;
	long status;
	long long length, offset;
};

struct cdxj {
	struct cdxj_entry *v;
	size_t nr, alloc;
};

/* Append an entry (strings copied). */
void cdxj_add(struct cdxj *x, const char *url, const char *ts,
	      const char *mime, long status, const char *digest,
	      long long length, long long offset, const char *filename);
/* Write the index, sorted, to path atomically. */
int cdxj_write(struct cdxj *x, const char *path);
/* Read an index; a missing file is empty; -1 after error() naming path:line. */
int cdxj_read(struct cdxj *x, const char *path);
/* The same from text (cut in place), named path in messages. */
int cdxj_parse(struct cdxj *x, char *text, const char *path);
void cdxj_release(struct cdxj *x);

#endif
