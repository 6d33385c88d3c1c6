/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The scan stage as a whole: a tree's files scanned (tree.h) and what
 * was found recorded in the store.  Files whose size and mtime match the
 * store (under the same scanner signature) are not read again; outside
 * the paths scanned, what was recorded stands; files gone are forgotten,
 * and the resolutions of links no longer where they were with them.
 * [scan] skip of .linkmend.conf leaves paths out, and the file itself.
 */
#ifndef SCAN_RECORD_H
#define SCAN_RECORD_H

#include "../store/store.h"
#include "manifest.h"
#include "tree.h"

struct config;

struct scan_job {
	struct tree_scan ts;		/* jobs, options: set; root, paths:
					   by scan_job_paths() */
	const struct config *cfg;	/* the tree's settings, or NULL */
	const char *signature;		/* the scanner's rules and options */
	/* The job's own. */
	struct manifest manifest;
	char *real_root;		/* recorded: where later stages look */
	/* Resolutions of links the tree no longer has, pruned. */
	long long pruned;
};

/*
 * The root and the pathspecs relative to it into job->ts.  One directory:
 * it is the root.  Otherwise paths are taken from root (or the current
 * directory) and must lie inside it.  -1 after error().
 */
int scan_job_paths(struct scan_job *job, const char *root, int argc,
		   char *const *argv);
/* Scan and record; -1 after error(). */
int scan_job_run(struct scan_job *job, struct store *st);
void scan_job_release(struct scan_job *job);

/* [scan] skip matches path (relative to the root). */
int scan_skipped(const struct config *cfg, const char *path);

/* LINKMEND_TRACE=1: the time of each phase on stderr. */
void scan_trace(const char *what);

#endif
