/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The links a change adds or changes, checked before the change is
 * merged (linkmend diff), as checkpatch.pl checks its style.  Only the
 * added lines are scanned; a URL with a result in the store newer than
 * ttl_s is not asked again (and a change that adds no link makes no
 * request at all).  One line per link that is not alive goes to stdout
 * (or one JSON array), a summary to stderr.  A link is dead when it is
 * gone, soft-404, parked, its host is gone, refused or its TLS broken;
 * timeouts, server errors, name server failures and unsafe addresses are
 * failing, dead only when strict or confirmed dead by the rule check
 * applies (link_is_dead(), with the store's checks).
 */
#ifndef DIFF_DIFF_H
#define DIFF_DIFF_H

#include <stddef.h>

#include "../check/run.h"

struct diff_opts {
	struct check_run_opts check;	/* requests, cfg, now, stop */
	const char *root;		/* the git checkout */
	const char *rev;		/* REV (..HEAD) or BASE..TIP, or NULL */
	int cached;			/* the index, not the work tree */
	const char *db;			/* the store, or NULL: none */
	long long ttl_s;		/* a stored result this recent is used */
	int strict, json, quiet, color;
};

struct diff_result {
	size_t dead;			/* dead links added */
	int check_failed;		/* the requests could not be made */
};

/* -1 after error(). */
int diff_run(const struct diff_opts *o, struct diff_result *res);

#endif
