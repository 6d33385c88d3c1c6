/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Save Page Now 2 for live links the Wayback Machine has no capture of,
 * so that the public copy exists before they die (linkmend archive
 * --request-capture).  One request at a time to the archive, spacing_ms
 * apart; each job is polled until it succeeds or fails.  Outcomes are
 * kept in the store's look-up cache ("spn:URL") and not asked again; a
 * refusal is.  Each outcome is printed: "url  saved|already|error  detail".
 */
#ifndef ARCHIVE_SPN_H
#define ARCHIVE_SPN_H

#include <signal.h>
#include <stddef.h>

#include "../net/net.h"
#include "../store/store.h"

struct spn_opts {
	struct net_opts net;
	const char *base;		/* the Wayback Machine */
	const char *access, *secret;	/* an archive.org S3 key */
	long spacing_ms, poll_ms;
	volatile sig_atomic_t *stop;
};

struct spn_stats {
	long long saved, already, failed;
};

/* Ask for urls[0..n); -1 after error() when the store cannot be written. */
int spn_request(const struct spn_opts *o, struct store *st,
		const char *const *urls, size_t n, struct spn_stats *stats);

#endif
