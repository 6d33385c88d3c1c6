// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * linkmend verify: every file changed since REV (in the work tree, so
 * after fix or after git am) changed only where it may: see
 * series/verify.h.  One line per file that fails; exit status 1 then.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "lib/run.h"
#include "lib/strbuf.h"
#include "lib/usage.h"
#include "lib/xalloc.h"
#include "series/verify.h"

const char cmd_verify_usage[] = "linkmend verify [--base REV] [-q] [DIR]";

const char cmd_verify_help[] =
	"Prove that the files changed in the git checkout DIR (default: here)\n"
	"since REV (default HEAD; after git am, the commit the series was\n"
	"made on) changed only where links may: C, header, asm and dts files\n"
	"keep their token stream without comments, Kconfig files every line\n"
	"outside help text, rst files their link constructs.  Prints one line\n"
	"per file that fails and exits 1; 0 when all pass.\n";

static const struct option long_opts[] = {
	{ "base", required_argument, NULL, 'b' },
	{ "quiet", no_argument, NULL, 'q' },
	{ NULL, 0, NULL, 0 },
};

int cmd_verify(int argc, char **argv)
{
	const char *base = "HEAD", *dir = ".";
	struct strbuf names = STRBUF_INIT;
	char *line, *next;
	int opt, quiet = 0, bad = 0, checked = 0;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "q", long_opts, NULL)) != -1) {
		switch (opt) {
		case 'b':
			base = optarg;
			break;
		case 'q':
			quiet = 1;
			break;
		default:
			usage_die(cmd_verify_usage);
		}
	}
	if (optind < argc)
		dir = argv[optind++];
	if (optind < argc)
		usage_die(cmd_verify_usage);
	{
		const char *a[] = { "git", "-C", dir, "diff", "--name-only",
				    "--no-renames", "-z", base, "--", NULL };

		if (run_command(a, NULL, NULL, 0, &names, NULL))
			die("git diff against '%s' failed in '%s'", base, dir);
	}
	for (line = names.buf; line < names.buf + names.len; line = next) {
		struct strbuf old = STRBUF_INIT, new = STRBUF_INIT, why = STRBUF_INIT;
		char *spec, *full;

		next = line + strlen(line) + 1;
		spec = xstrfmt("%s:%s", base, line);
		full = xstrfmt("%s/%s", dir, line);
		{
			const char *a[] = { "git", "-C", dir, "cat-file", "blob", spec, NULL };

			if (run_command(a, NULL, NULL, 0, &old, NULL) ||
			    strbuf_read_file(&new, full)) {
				/* Added or deleted: no links edit does that. */
				printf("%s: added or deleted\n", line);
				bad++;
				goto next;
			}
		}
		checked++;
		if (verify_change(line, old.buf, old.len, new.buf, new.len, &why)) {
			printf("%s: %s\n", line, why.buf);
			bad++;
		}
next:
		strbuf_release(&old);
		strbuf_release(&new);
		strbuf_release(&why);
		free(spec);
		free(full);
	}
	if (!quiet)
		fprintf(stderr, "verify: %d file%s changed since %s, %d failed\n",
			checked, checked == 1 ? "" : "s", base, bad);
	strbuf_release(&names);
	return bad ? 1 : 0;
}
