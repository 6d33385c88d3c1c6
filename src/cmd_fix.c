// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * linkmend fix: options, then the fix stage (src/fix/fix.h) on the
 * store's resolutions, then its summary.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "lib/config.h"
#include "lib/parse-options.h"
#include "lib/settings.h"
#include "lib/strbuf.h"
#include "lib/usage.h"
#include "fix/fix.h"
#include "rewrite/plan.h"
#include "setup.h"

const struct usage_text cmd_fix_usage = {
	"linkmend fix [options]",
	"Write the replacements that resolve found into the files, each edit\n"
	"escaped for its context (no comment closer in a block comment, %% in\n"
	"a printf format, $$ in a Makefile, ...), each file written\n"
	"atomically with its mode kept.  A file changed since the last scan is\n"
	"skipped with a message; an edit already written is not written again.\n"
	"Nothing is written through a symlink or into a directory outside the\n"
	"tree.  One fix runs at a time per store (.linkmend/fix.lock); a run\n"
	"killed at any moment leaves every file old or new, and the next run\n"
	"records what it had written and finishes the rest; a file that holds\n"
	"its edits already is done, not changed.  SIGINT or SIGTERM stops it\n"
	"between files, saying how far it got.\n",
	"Never changed: copyright, author, MODULE_AUTHOR, SPDX and licence\n"
	"lines, CREDITS, MAINTAINERS, Documentation/translations/, and what\n"
	"[keep] path and line of .linkmend.conf add; they are counted in the\n"
	"summary.  Typo and migrated guesses are never written.\n"
	"\n"
	"Exit status 1 when edits or files were skipped (changed since the\n"
	"scan); 2 when a file could not be written (each named); 130 when\n"
	"interrupted.\n",
};

static void summary(const struct fix_opts *o, const struct fix_stats *s)
{
	struct strbuf kept = STRBUF_INIT;

	fprintf(stderr, "fix: %zu edit%s in %zu file%s%s", s->edits,
		s->edits == 1 ? "" : "s", s->files, s->files == 1 ? "" : "s",
		o->dry_run ? " (dry run: nothing written)" : "");
	if (s->done)
		fprintf(stderr, "; %zu made already", s->done);
	if (!s->skipped)
		fputc('\n', stderr);
	if (s->skipped)
		fprintf(stderr, ", %zu file%s skipped\n", s->skipped,
			s->skipped == 1 ? "" : "s");
	if (s->changed)
		fprintf(stderr, "fix: %zu edit%s skipped: the file changed since "
			"the scan; run linkmend scan and resolve again\n",
			s->changed, s->changed == 1 ? "" : "s");
	if (s->unwritten)
		fprintf(stderr, "fix: %zu file%s not written (each named "
			"above)\n", s->unwritten, s->unwritten == 1 ? "" : "s");
	if (s->stopped_at) {
		struct strbuf at = STRBUF_INIT;

		strbuf_add_printable(&at, s->stopped_at,
				     strlen(s->stopped_at));
		fprintf(stderr, "fix: interrupted before '%s': %zu of %zu "
			"files gone through, what was written is kept; run "
			"fix again for the rest\n", at.buf, s->looked,
			s->looked + s->left);
		strbuf_release(&at);
	}
	if (s->recovered)
		fprintf(stderr, "fix: '%s' was written by an interrupted run; "
			"recorded now\n", s->recovered);
	keep_summary(&s->kept, &kept);
	if (kept.len)
		fprintf(stderr, "fix: %s\n", kept.buf);
	strbuf_reset(&kept);
	judge_summary(&s->unpatched, &kept);
	if (kept.len)
		fprintf(stderr, "fix: %s; linkmend report lists each\n",
			kept.buf);
	strbuf_release(&kept);
}

int cmd_fix(int argc, char **argv)
{
	struct fix_opts o = { .kinds = PLAN_DEFAULT_KINDS };
	struct fix_stats stats;
	struct cmd_store cs;
	struct config cfg;
	const char *db = NULL, *tree = NULL;
	int quiet = 0, ret, home_pages = 0;
	long hp;
	struct opt_list paths = { 0 };
	struct option opts[] = {
		OPT_DB(&db),
		OPT_TREE(&tree),
		OPT_PATHS(&paths),
		OPT_BOOL(0, "dry-run", &o.dry_run,
			 "print a unified diff instead of writing"),
		OPT_PLAN(&o.kinds, &o.archived, &o.strings),
		OPT_SETTING(PLAN_HOME_PAGES, &home_pages),
		OPT_BOOL(0, "wait", &o.wait, "wait for another fix of this "
			 "store to end, rather than refuse"),
		OPT_QUIET(&quiet),
		OPT_END(),
	};

	if (parse_options(argc, argv, opts, &cmd_fix_usage))
		usage_die(cmd_fix_usage.synopsis);
	cmd_store_open(&cs, db, tree, 0, 1, "run scan, check and resolve first");
	cmd_limit_paths(&cs, &paths);
	cmd_conf_load(cs.root, &cfg);
	hp = home_pages;
	if (settings_number(&cfg, opts, SETTING_PLAN_HOME_PAGES, &hp))
		die_reported();	/* the setting, naming its file */
	o.home_pages = (int)hp;
	o.db = cs.db;
	o.root = cs.root;
	o.cfg = &cfg;
	o.stop = cmd_catch_signals();
	if (fix_apply(&o, cs.st, &stats))
		die("cannot fix the tree '%s'", cs.root);
	if (fflush(stdout) || ferror(stdout))
		die_errno("cannot write the output");
	if (!quiet || stats.stopped_at)
		summary(&o, &stats);
	/*
	 * The man page's EXIT STATUS: 130 stopped, 2 a file not written,
	 * 1 done but edits were left out.
	 */
	ret = stats.stopped_at ? 130 : stats.unwritten ? 2 :
	      stats.skipped || stats.changed ? 1 : 0;
	free(stats.recovered);
	free(stats.stopped_at);
	config_release(&cfg);
	cmd_store_close(&cs);
	opt_list_release(&paths);
	return ret;
}
