/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The collection as one file any static web host can serve and any
 * browser open: WACZ 1.1.1, a ZIP of archive/NAME.warc.gz (stored as they
 * are, never recompressed), indexes/index.cdxj, pages/pages.jsonl (a page
 * for each URL archived) and datapackage.json (each file's sha256 and
 * size), with datapackage-digest.json holding the sha256 of that.
 *
 * wacz_write() writes dir/NAME.wacz anew from the collection as it is,
 * through a temporary file, fsync and rename, one writer at a time
 * (dir locked), which removes what a writer killed mid-way left.  The
 * hash of a WARC file is kept beside it (dir/.linkmend-hashes) with its
 * size, inode, mtime and ctime, and taken from there only while all four
 * are the same.  wacz_check() reads one
 * back: every hash and size, every index line's record (its gzip member
 * inflates to a WARC record of that URL and time), every page a capture.
 */
#ifndef ARCHIVE_WACZ_H
#define ARCHIVE_WACZ_H

#include <stddef.h>

#include "warc.h"

struct wacz_stats {
	size_t warcs, pages, rehashed;	/* rehashed: WARCs hashed this time */
	long long bytes;		/* of the WACZ */
};

/*
 * Write the collection in dir (its closed WARC files and index, the
 * index's entries given) to path.  -1 after error() naming the file.
 */
int wacz_write(const char *dir, const struct cdxj *index, const char *path,
	       struct wacz_stats *stats);

/*
 * 0 when path is a sound WACZ; else -1, each fault said by error().  No
 * entry is read past the size datapackage.json gives it, nor a gzip
 * member past its record's Content-Length: a ZIP bomb is refused early.
 */
int wacz_check(const char *path);

/*
 * The static replay page beside the WACZ: dir/index.html embedding
 * ReplayWeb.page (<replay-web-page source="NAME.wacz" deepLink>), with its
 * ui.js and replay/sw.js copied from assets (the npm package
 * replaywebpage, installed at build time) when they differ.  Copied to
 * any static web host, dir then shows every copy in a browser:
 * index.html#url=URL&ts=TIMESTAMP (wacz_replay_url()).  Returns 0, 1
 * when assets lacks them (then nothing is written: a page without its
 * scripts cannot play), -1 after error().
 */
int wacz_replay_page(const char *dir, const char *wacz_name,
		     const char *assets);

/* 1 when dir holds the replay page wacz_replay_page() writes. */
int wacz_is_replay_dir(const char *dir);

/* base's replay page URL for a capture of url at ts (14 digits). */
char *wacz_replay_url(const char *base, const char *url, const char *ts);

#endif
