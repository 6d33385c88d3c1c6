/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Web archive answers, parsed: the Wayback CDX API's JSON (an array of
 * arrays whose first row names the fields) and Memento TimeMaps
 * (application/link-format).  And the choice the 2010 review asked for:
 * the capture nearest the date the link was added, before it if any.
 */
#ifndef RESOLVE_ARCHIVE_H
#define RESOLVE_ARCHIVE_H

#include <stddef.h>

#include "../archive/warc.h"	/* ts14() */

struct capture {
	char ts[15];		/* YYYYMMDDhhmmss */
	char *original;		/* as archived */
	char *memento;		/* the memento's own URL (TimeMaps), or NULL */
	int status;		/* 0 when the archive does not say */
	int rejected;		/* the caller replayed it: no good copy */
	int verified;		/* the caller replayed it: a good copy */
	int asked;		/* a replay of it is under way */
	char *title;		/* its page's <title> when verified, or NULL */
	unsigned char sha[32];	/* SHA-256 of its body, when verified */
	char digest[40];	/* the CDX digest of its body, or "" */
	char mime[48];		/* the CDX mimetype, or "" */
	int texted;		/* its text is known (the caller's) */
	/*
	 * Its text's likeness to another capture of the page (the latest,
	 * or the earliest of another digest when it is the latest), that
	 * one's timestamp in vs_ts; -1: too little text to judge.
	 */
	double vs;
	char vs_ts[15];
	int vs_known;
};

struct captures {
	struct capture *v;
	size_t nr, alloc;
};

void captures_release(struct captures *c);

/*
 * Parse a CDX JSON reply to a look-up of url; -1 (and error() naming
 * url) on a malformed one.
 */
int cdx_parse(const char *url, const char *body, struct captures *out);
/*
 * Drop the captures of any other page than url: the archive matches by a
 * canonical key (no www., no port of its own), and a capture of another
 * host, port, path or query is never offered for this one.
 */
void captures_keep_same(struct captures *c, const char *url);

/*
 * How a page's content changed across its good captures (status 200,
 * not rejected, a CDX digest given), in time order: the distinct
 * digests, how many times a capture's digest differs from the one
 * before, the year of the first capture and of the last change, and
 * whether every capture whose type is known is other than HTML (text,
 * PDF: a new digest is new content, not a page's date or ads).
 */
struct capture_changes {
	size_t digests;
	size_t changes;
	size_t seen;		/* the good captures with a digest */
	int first_year, last_year;
	int seen_year;		/* of the last of them */
	int not_html;
};

void captures_changes(const struct captures *c, struct capture_changes *out);

/* 1 when mime (a CDX mimetype) is an HTML page's, or unknown. */
int capture_mime_html(const char *mime);

/*
 * Parse a TimeMap; entries with rel "memento" (first, last ...) whose
 * URL is http(s) on a named host (an IP literal, another scheme or a
 * control character is dropped: a TimeMap may be hostile).
 */
int timemap_parse(const char *body, struct captures *out);

/*
 * The capture with status 200 (or unknown) not rejected that is closest
 * before date (14 digits), else the closest after; -1 when none.  One
 * before that is more than five years older than date yields to a
 * closer one after it: a page that old is seldom the one the line was
 * written about.
 */
long capture_choose(const struct captures *c, const char *date14);

/*
 * Of a site root's last captures, the one that says where the site went:
 * the newest permanent redirect (301, 308) that no 200 follows, an https
 * one first (an http root often sends only to its own https twin); -1
 * when the newest of them serves a page, or none redirects.
 */
long capture_last_move(const struct captures *c);

/*
 * The day url's path says its page was published, as 14 digits into
 * out: .../2011/04/23/..., .../2011-04-23..., .../2011/04/..., the
 * quarters of a list archive (.../2015/q1/...), and a year alone
 * (.../2009/...) a year early, as a conference's page is made the year
 * before its event.  0 when found, -1 when the path names no date.
 */
int url_published(const char *url, char out[15]);

/*
 * Reject the captures of c older than url_published(url): a page is not
 * captured before it exists, so such a capture is another page at the
 * same address.  The number rejected, their date in out (or "").
 */
size_t captures_reject_unpublished(struct captures *c, const char *url,
				   char out[15]);

#endif
