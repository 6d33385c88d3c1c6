// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * linkmend verify: every file changed since REV (in the work tree, so
 * after fix or after git am) changed only where it may: see
 * verify/verify.h.  One line per file that fails; exit status 1 then.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "lib/parse-options.h"
#include "lib/run.h"
#include "lib/strbuf.h"
#include "lib/usage.h"
#include "lib/xalloc.h"
#include "verify/verify.h"
#include "setup.h"

const struct usage_text cmd_verify_usage = {
	"linkmend verify [options] [DIR]",
	"Prove that the files changed in the git checkout DIR (default: here)\n"
	"since REV changed only where links may.  Each kind of file series may\n"
	"change has a rule: C, header, asm and dts files keep their token\n"
	"stream without comments; Kconfig every line outside help text; make,\n"
	"shell, Python, Perl and CMake every line without its # comment; YAML\n"
	"all but comments and descriptions; rst, markdown and AsciiDoc their\n"
	"link, code and title marks; HTML under a docs folder its tags; every\n"
	"file its words outside links, and no file gains a line.  A file of any\n"
	"other kind fails.  Prints one line per file that fails and exits 1;\n"
	"0 when all pass; 2 when nothing changed since REV (nothing was\n"
	"verified).\n",
	NULL,
};

int cmd_verify(int argc, char **argv)
{
	const char *base = "HEAD";
	int quiet = 0, bad, checked;
	struct option opts[] = {
		OPT_STRING(0, "base", &base, "REV", "the commit the changes are "
			   "measured from; after git am, the one the series "
			   "was made on"),
		OPT_QUIET(&quiet),
		OPT_END(),
	};

	argc = parse_options(argc, argv, opts, &cmd_verify_usage);
	if (argc > 1)
		usage_die(cmd_verify_usage.synopsis);
	if (verify_tree(argc ? argv[0] : ".", base, &checked, &bad))
		die_reported();	/* in one line, naming the tree or REV */
	if (fflush(stdout) || ferror(stdout))
		die_errno("cannot write the output");
	/* Nothing to judge is no pass: after git am, HEAD is the series. */
	if (!checked && !bad)
		die("nothing changed since %s: nothing verified%s", base,
		    parse_options_seen(opts, "base") ? "" :
		    " (after git am, give --base, the commit the series was "
		    "made on)");
	if (!quiet)
		fprintf(stderr, "verify: %d file%s changed since %s, %d failed\n",
			checked, checked == 1 ? "" : "s", base, bad);
	return bad ? 1 : 0;
}
