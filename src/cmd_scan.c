// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * linkmend scan: list every URL in a tree and record it in the store.
 * Files whose size and mtime match the store are not read again; their
 * occurrences come from the store, so the output is always the whole set.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "lib/config.h"
#include "lib/parse-options.h"
#include "lib/usage.h"
#include "lib/xalloc.h"
#include "scan/output.h"
#include "scan/record.h"
#include "setup.h"
#include "store/store.h"

/* Bump when a scanning rule changes: stored results are then redone. */
/* 3: code in docs, groff escapes, AsciiDoc link text, user URLs */
#define SCANNER_VERSION "3"

const struct usage_text cmd_scan_usage = {
	"linkmend scan [options] PATH...",
	"Find every URL in the files under PATH and print one record per\n"
	"occurrence, sorted by path and position, on standard output:\n"
	"\n"
	"    path  line  col  url  context  flags       (tab-separated)\n"
	"\n"
	"path is relative to the scan root (PATH itself when it is the one\n"
	"directory given, but the checkout's top when PATH is a part of a git\n"
	"checkout; else --root or the current directory); line and\n"
	"col are 1-based, col in bytes.  context is one of c-comment,\n"
	"c-line-comment, c-string, c-format, kconfig-help, kconfig, rst,\n"
	"markdown, yaml, makefile, script-comment, html, text, code,\n"
	"identifier, license; flags is a comma-separated subset of wrapped,\n"
	"truncated, placeholder, example, https, invalid, or '-'.\n"
	"\n"
	"Results are kept in the store (.linkmend/linkmend.db under the root\n"
	"by default); a file whose size and mtime are unchanged since the\n"
	"last scan is not read again.  A summary goes to standard error.\n",
	"Settings from .linkmend.conf: [scan] skip ('linkmend help config').\n"
	"\n"
	"Exit status: 0, or 1 when a file could not be read (named on\n"
	"standard error); 2 on error.\n",
};

struct scan_args {
	const char *root, *db, *format, *tree, *tree_version;
	int replace, quiet;
	size_t max_file_mb;
	struct scan_output so;
	struct scan_job job;
};

#define SCAN_ARGS_INIT { .format = "tsv", .max_file_mb = 64, \
			 .job.ts.jobs = 2 }

#define SCAN_OPTIONS(a) { \
	OPT_DB(&(a)->db), \
	OPT_STRING(0, "tree", &(a)->tree, "NAME", "the tree's name in the " \
		   "store: else the tree scanned from this root before, else " \
		   "the root's directory name"), \
	OPT_BOOL(0, "replace", &(a)->replace, "let this root take the " \
		 "place of a tree of the same name scanned from another " \
		 "root"), \
	OPT_STRING(0, "tree-version", &(a)->tree_version, "V", \
		   "its version: else the commit checked out"), \
	OPT_INT('j', "jobs", &(a)->job.ts.jobs, 0, 1024, "N", \
		"threads reading files (0: one)"), \
	OPT_BOOL(0, "all-schemes", &(a)->job.ts.opts.all_schemes, \
		 "record every scheme://, not only http(s) and ftp"), \
	OPT_BOOL(0, "untracked", &(a)->job.ts.untracked, \
		 "in a git checkout, also untracked files"), \
	OPT_BOOL(0, "no-git", &(a)->job.ts.no_git, \
		 "walk the directory even in a git checkout"), \
	OPT_STRING(0, "root", &(a)->root, "DIR", \
		   "the root paths are relative to"), \
	OPT_INT(0, "top-hosts", &(a)->so.top_hosts, 0, 1024, "N", \
		"list the N hosts with most links in the summary"), \
	OPT_SIZE(0, "max-file-size", &(a)->max_file_mb, 1, 1 << 20, "MB", \
		 "a file with links past this is not read, and said so"), \
	OPT_FORMAT(&(a)->format, "tsv|json"), \
	OPT_QUIET(&(a)->quiet), \
	OPT_NO_OUTPUT(&(a)->so.no_output), \
	OPT_END(), \
}

const struct option *cmd_scan_options(void)
{
	static struct scan_args dflt = SCAN_ARGS_INIT;
	static struct option opts[] = SCAN_OPTIONS(&dflt);

	return opts;
}

int cmd_scan(int argc, char **argv)
{
	struct scan_args a = SCAN_ARGS_INIT;
	struct tree_scan *ts = &a.job.ts;
	struct config cfg;
	struct store *st;
	char *path, *sig, *top = NULL, *prefix = NULL;
	int ret = 0;
	struct option opts[] = SCAN_OPTIONS(&a);

	scan_output_init(&a.so);
	argc = parse_options(argc, argv, opts, &cmd_scan_usage);
	if (!argc)
		usage_die(cmd_scan_usage.synopsis);
	a.so.json = cmd_format_json(a.format, "tsv");
	ts->max_file = a.max_file_mb << 20;
	if (!ts->jobs)
		ts->jobs = 1;
	/*
	 * A directory inside a git checkout is a part of that tree: the
	 * store is the checkout's, at its top, where check and fix find it.
	 */
	if (!a.root && argc == 1 && !ts->no_git &&
	    cmd_git_part(argv[0], &top, &prefix)) {
		if (!a.quiet)
			fprintf(stderr, "scan: the tree is the checkout '%s'; "
				"scanning %s\n", top, prefix);
		a.root = top;
	}
	if (scan_job_paths(&a.job, a.root, argc, argv))
		die("cannot scan '%s'", argv[0]);
	cmd_conf_load(ts->root, &cfg);
	a.job.cfg = &cfg;
	path = cmd_store_find(a.db, ts->root, STORE_USER_URL | STORE_AT_ROOT,
			      NULL);
	scan_trace("begin");
	st = store_create(path);
	if (!st || scan_use_tree(st, a.tree, a.tree_version, ts->root,
				 ts->no_git, a.replace))
		die_reported();		/* the store said why, naming itself */
	sig = xstrfmt("scanner=%s all_schemes=%d", SCANNER_VERSION,
		      ts->opts.all_schemes);
	a.job.signature = sig;
	if (scan_job_run(&a.job, st))
		die("cannot scan '%s' into '%s'", ts->root, path);
	if (scan_output_all(&a.so, st, ts))
		ret = 2;
	scan_trace("printed");
	if (!a.quiet)
		scan_output_summary(&a.so, ts);
	if (!a.quiet && a.job.pruned > 0)
		fprintf(stderr, "scan: %lld resolution%s of links no longer "
			"in the tree pruned\n", a.job.pruned,
			a.job.pruned == 1 ? "" : "s");
	if (ts->git && !ts->nr && ts->untracked_left)
		warning("git tracks no file here: %zu untracked file%s not "
			"scanned (git add them, or scan --untracked)",
			ts->untracked_left, ts->untracked_left == 1 ? "" : "s");
	if (ts->errors && !ret)
		ret = 1;
	if (store_close(st))
		ret = 2;
	scan_job_release(&a.job);
	scan_output_release(&a.so);
	config_release(&cfg);
	free(sig);
	free(path);
	free(top);
	free(prefix);
	scan_trace("freed");
	return ret;
}
