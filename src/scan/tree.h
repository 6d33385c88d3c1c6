/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Scanning a tree: the file list (git ls-files in a checkout, otherwise a
 * parallel directory walk that skips .git, .linkmend and symlinks), the
 * reading, and scan_buffer() on each file, in ts->jobs threads.  A file
 * the caller says is unchanged (same size and mtime as last time) is not
 * opened.  Unreadable files are reported with error() and counted; they
 * never stop the scan.  Each run has its own work queue (directories to
 * read, or git's list) shared by its threads; when the system refuses a
 * thread, the run goes on with fewer, or in the caller's.
 */
#ifndef SCAN_TREE_H
#define SCAN_TREE_H

#include "../lib/mempool.h"
#include "scan.h"

enum tree_file_state {
	TF_SCANNED,
	TF_UNCHANGED,
	TF_BINARY,
	TF_ERROR,
	TF_TOO_BIG,		/* past max_file: not read, said */
};

struct tree_file {
	const char *path;	/* relative to the root; in tree_scan.pool */
	long long size, mtime_ns;
	enum tree_file_state state;
	struct occ_list occ;
};

struct tree_scan {
	/* Input. */
	const char *root;
	const char *const *paths;	/* relative to root; none: all */
	size_t npaths;
	int jobs;
	int untracked;		/* git: also untracked, not ignored files */
	int no_git;		/* walk even in a git checkout */
	size_t max_file;	/* bytes; a file with links past it is not read */
	struct scan_opts opts;
	/* Return 1 where path, with this size and mtime, needs no reading. */
	int (*unchanged)(void *data, const char *path, long long size,
			 long long mtime_ns);
	void *data;
	/* Return 1 where path is not to be scanned at all (thread-safe). */
	int (*skip)(void *data, const char *path);

	/* Output, files sorted by path. */
	struct tree_file *files;
	size_t nr;
	size_t files_read, binary, errors, too_big;
	unsigned long long bytes_read;
	int git;		/* the list came from git */
	/* Untracked files not scanned, counted when git tracks none. */
	size_t untracked_left;
	struct mem_pool pool;
};

/* 0 on success; -1 only where no file list could be had at all. */
int tree_scan_run(struct tree_scan *ts);
void tree_scan_release(struct tree_scan *ts);

#endif
