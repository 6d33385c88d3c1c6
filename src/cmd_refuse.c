// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * linkmend refuse: edits a maintainer refused, per patch file or per
 * link in a file, kept in the store (series never proposes them again)
 * until withdrawn; listed, exported to a file and imported from one
 * (series/told.h).
 */
#include <stdio.h>
#include <string.h>

#include "builtin.h"
#include "check/run.h"
#include "lib/atomic.h"
#include "lib/parse-options.h"
#include "lib/strbuf.h"
#include "lib/usage.h"
#include "series/told.h"
#include "setup.h"

const struct usage_text cmd_refuse_usage = {
	"linkmend refuse [--reason TEXT] PATCH...\n"
	"   or: linkmend refuse [--reason TEXT] --file PATH [--to NEW] URL...\n"
	"   or: linkmend refuse --withdraw (PATCH... | --file PATH URL...)\n"
	"   or: linkmend refuse (--list | --export FILE | --import FILE)",
	"Record that a maintainer refused the edits of the patch files series\n"
	"wrote (PATCH), or of the link URL in the file PATH (relative to the\n"
	"tree's root): the replacement --to, else the one series proposed\n"
	"last, else any.  series never proposes a refused edit again,\n"
	"wherever its line moves in the file, until the refusal is withdrawn\n"
	"(--withdraw).  --export writes the store's refusals to FILE (\"-\":\n"
	"standard output), a file a tree can carry; --import records those\n"
	"of FILE in this store.\n",
	"Export format, a line per refusal, tab-separated: path, URL,\n"
	"replacement (\"*\": any), when (seconds since the epoch), why.\n",
};

int cmd_refuse(int argc, char **argv)
{
	const char *db = NULL, *tree = NULL, *reason = NULL, *file = NULL;
	const char *to = NULL, *export = NULL, *import = NULL;
	int withdraw = 0, list = 0, quiet = 0, i, ret = 0;
	size_t n = 0;
	struct cmd_store cs;
	long long now = check_now();
	struct option opts[] = {
		OPT_DB(&db),
		OPT_TREE(&tree),
		OPT_STRING(0, "reason", &reason, "TEXT", "why it was "
			   "refused, kept with it"),
		OPT_STRING(0, "file", &file, "PATH", "the links URL... in "
			   "this file, not patch files"),
		OPT_STRING(0, "to", &to, "NEW", "with --file: the "
			   "replacement refused (\"*\": any)"),
		OPT_BOOL(0, "withdraw", &withdraw, "withdraw the refusals "
			 "instead: series proposes them again"),
		OPT_BOOL(0, "list", &list, "print the refusals, as --export"),
		OPT_STRING(0, "export", &export, "FILE", "write the "
			   "refusals to FILE"),
		OPT_STRING(0, "import", &import, "FILE", "record the "
			   "refusals FILE holds"),
		OPT_QUIET(&quiet),
		OPT_END(),
	};

	argc = parse_options(argc, argv, opts, &cmd_refuse_usage);
	if ((list || export || import) ? argc || file || withdraw :
	    !argc || (to && !file))
		usage_die(cmd_refuse_usage.synopsis);
	cmd_store_open(&cs, db, tree, 0, 1, "series writes and records "
		       "the patches");
	if (list || export) {
		struct strbuf sb = STRBUF_INIT;

		if (told_export(cs.st, &sb))
			die_reported();
		/* A tree's file is written whole or not at all. */
		if (list || !strcmp(export, "-")) {
			if (fwrite(sb.buf, 1, sb.len, stdout) != sb.len ||
			    fflush(stdout))
				die_errno("cannot write the output");
		} else if (atomic_write_file(export, sb.buf, sb.len, NULL)) {
			die_reported();
		}
		strbuf_release(&sb);
	} else {
		if (store_begin(cs.st))
			die_reported();
		if (import)
			ret = told_import(cs.st, import, &n);
		for (i = 0; !import && i < argc && !ret; i++) {
			size_t k = 0;

			ret = file ? told_refuse_link(cs.st, file, argv[i], to,
						      reason, withdraw, now,
						      &k) :
			      told_refuse_patch(cs.st, argv[i], reason,
						withdraw, now, &k);
			n += k;
		}
		if (ret) {
			store_rollback(cs.st);
			die_reported();	/* naming the file or line */
		}
		if (store_commit(cs.st))
			die_reported();
		if (!quiet)
			fprintf(stderr, "refuse: %zu refusal%s %s\n", n,
				n == 1 ? "" : "s", import ? "imported" :
				withdraw ? "withdrawn" : "recorded");
	}
	cmd_store_close(&cs);
	return 0;
}
