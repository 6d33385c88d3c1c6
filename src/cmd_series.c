// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * linkmend series: options, then the series stage (src/series/write.h)
 * on the store's resolutions.
 */
#include <stdio.h>
#include <unistd.h>

#include "builtin.h"
#include "lib/config.h"
#include "lib/parse-options.h"
#include "lib/settings.h"
#include "lib/usage.h"
#include "rewrite/plan.h"
#include "series/write.h"
#include "setup.h"

const struct usage_text cmd_series_usage = {
	"linkmend series -o DIR [options]\n"
	"   or: linkmend series --which-section PATH...",
	"Write the resolutions as mbox patches (git format-patch form) in DIR:\n"
	"one patch per MAINTAINERS section and kind (moved, upgrade, archived,\n"
	"strings), a file in one patch: one whose links are of several kinds\n"
	"goes in a patch of those kinds, its message giving each kind's why\n"
	"above its links.  Subjects in the area's style, a line for every\n"
	"link in its commit message and its evidence below the \"---\" line.\n"
	"To and Cc are what the tree's scripts/get_maintainer.pl prints for\n"
	"each patch (else MAINTAINERS read here), To the most specific\n"
	"section's maintainers, broader sections' Cc; without MAINTAINERS,\n"
	"its CODEOWNERS addresses, else the address its README, CONTRIBUTING,\n"
	"SUBMITTING or HACKING file names for patches, else the authors of\n"
	"the files' commits of the year before the base, as\n"
	"get_maintainer.pl --git picks them; --to and --cc add to them.\n"
	"DIR/RECIPIENTS says where each came from.  A project whose files\n"
	"ask for pull requests gets no mail: a branch linkmend/DIR per\n"
	"series and its request text, DIR/PULL-REQUEST.  A cover letter\n"
	"goes to all of its patches' recipients.\n"
	"One series per tree that applies the patches (MAINTAINERS T:), in\n"
	"DIR/TREE, at most --max patches each (DIR/TREE-01, -02, each on\n"
	"top of the one before); a tree with one patch gets a [PATCH] alone;\n"
	"DIR/INDEX lists them in the order to send.  Sections that are Orphan\n"
	"or Obsolete get no patch.  A tree without MAINTAINERS is one area,\n"
	"in DIR itself; a patch is cut only past the project's normal size.\n"
	"The commits are made on top of --base without touching the work\n"
	"tree; apply them with git am.  Every patch and cover letter names\n"
	"the commit it is made on (base-commit:), as maintainers' tools and\n"
	"CI want.\n",
	"Settings from .linkmend.conf: [tree \"NAME\"] tag, [keep] path, line\n"
	"and host ('linkmend help config').\n"
	"\n"
	"Apply a series with git am --empty=drop DIR/*.patch (its cover\n"
	"letter has no diff), or with --b4 check out b4/linkmend-DIR and run\n"
	"b4 send.  Exit status 1 when edits were skipped because the tree\n"
	"changed since the scan.\n",
};

struct series_args {
	struct series_opts o;
	const char *db, *tree;
	int which;
	struct opt_list paths, to, cc;
};

/* -j's default, the CPUs, is set when the command runs. */
#define SERIES_ARGS_INIT { .o = { .base_rev = "HEAD", .max = 15, \
				  .kinds = PLAN_DEFAULT_KINDS } }

#define SERIES_OPTIONS(a) { \
	OPT_STRING('o', "output", &(a)->o.dir, "DIR", \
		   "where the series are written"), \
	OPT_DB(&(a)->db), \
	OPT_TREE(&(a)->tree), \
	OPT_PATHS(&(a)->paths), \
	OPT_INT(0, "max", &(a)->o.max, 1, 100000, "N", \
		"patches in one series"), \
	OPT_STRING(0, "from", &(a)->o.from, "ADDR", \
		   "the author: else the tree's git user"), \
	OPT_BOOL(0, "signoff", &(a)->o.signoff, "add Signed-off-by: ADDR"), \
	OPT_LIST(0, "to", &(a)->to, "ADDR", "To: every patch and cover " \
		 "letter, beside those found; mail, not a pull request " \
		 "(repeatable)"), \
	OPT_LIST(0, "cc", &(a)->cc, "ADDR", "Cc: every patch and cover " \
		 "letter (repeatable)"), \
	OPT_PLAN(&(a)->o.kinds, &(a)->o.archived, &(a)->o.strings), \
	OPT_SETTING(PLAN_HOME_PAGES, &(a)->o.home_pages), \
	OPT_STRING(0, "base", &(a)->o.base_rev, "REV", \
		   "the commit the series is made on"), \
	OPT_INT('j', "jobs", &(a)->o.jobs, 1, 4096, "N", "get_maintainer.pl " \
		"runs at once: the CPUs; at most four per CPU"), \
	OPT_BOOL(0, "no-get-maintainer", &(a)->o.in_process, "route by " \
		 "MAINTAINERS and .mailmap read here, by the script's rules, " \
		 "with no perl per patch"), \
	OPT_BOOL(0, "resend", &(a)->o.resend, "only the links sent before " \
		 "and not applied: v2 where a replacement changed, else " \
		 "RESEND, in reply to the first mail"), \
	OPT_BOOL(0, "b4", &(a)->o.b4, "each series also as an enrolled " \
		 "b4 prep branch b4/linkmend-DIR in the tree's repository"), \
	OPT_BOOL(0, "which-section", &(a)->which, "print the MAINTAINERS " \
		 "section chosen for each PATH and those get_maintainer.pl " \
		 "ranks as high"), \
	OPT_QUIET(&(a)->o.quiet), \
	OPT_END(), \
}

const struct option *cmd_series_options(void)
{
	static struct series_args dflt = SERIES_ARGS_INIT;
	static struct option opts[] = SERIES_OPTIONS(&dflt);

	return opts;
}

int cmd_series(int argc, char **argv)
{
	struct series_args a = SERIES_ARGS_INIT;
	struct cmd_store cs;
	struct config cfg;
	struct option opts[] = SERIES_OPTIONS(&a);
	long hp;
	int ret;

	a.o.jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
	argc = parse_options(argc, argv, opts, &cmd_series_usage);
	if (a.which)
		return series_which_section(argv, (size_t)argc) ? 2 : 0;
	if (!a.o.dir || argc)
		usage_die(cmd_series_usage.synopsis);
	cmd_store_open(&cs, a.db, a.tree, 0, 1, "run scan, check and resolve first");
	cmd_limit_paths(&cs, &a.paths);
	cmd_conf_load(cs.root, &cfg);
	hp = a.o.home_pages;
	if (settings_number(&cfg, opts, SETTING_PLAN_HOME_PAGES, &hp))
		die_reported();	/* the setting, naming its file */
	a.o.home_pages = (int)hp;
	a.o.root = cs.root;
	a.o.to = a.to.v;
	a.o.cc = a.cc.v;
	a.o.cfg = &cfg;
	a.o.stop = cmd_catch_signals();
	ret = series_write(&a.o, cs.st);
	if (cmd_interrupted) {
		fprintf(stderr, "series: interrupted; '%s' is as it was\n",
			a.o.dir);
		ret = 130;
	} else if (ret < 0) {
		die_reported();		/* series said why */
	}
	config_release(&cfg);
	cmd_store_close(&cs);
	opt_list_release(&a.paths);
	opt_list_release(&a.to);
	opt_list_release(&a.cc);
	return ret;
}
