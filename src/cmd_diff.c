// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * linkmend diff: options, then the links the change adds checked by
 * check's diff (src/check/diff.h); exit 1 when one is dead.
 */
#include <stdio.h>
#include <stdlib.h>

#include "builtin.h"
#include "check/diff.h"
#include "lib/color.h"
#include "lib/config.h"
#include "lib/parse-options.h"
#include "lib/run.h"
#include "lib/strbuf.h"
#include "lib/usage.h"
#include "net/options.h"
#include "setup.h"

const char cmd_diff_usage[] =
	"linkmend diff [REV] [--cached] [--db PATH] [--format=text|json] "
	"[--strict]\n"
	"                     [--ttl DAYS] [-j N] [--per-host N] [--timeout S]\n"
	"                     [--cacert FILE] [--allow-private] "
	"[--proxy URL]\n"
	"                     [--color=WHEN] [-q]";

const char cmd_diff_help[] =
	"Check the links that a change adds or changes: the working tree's\n"
	"changes against HEAD, the staged ones with --cached, or REV..HEAD.\n"
	"Only added lines are scanned.  A URL the store checked less than\n"
	"--ttl days ago is taken from the store; the others are checked now\n"
	"(and recorded when there is a store).  One line per link that is not\n"
	"alive:\n"
	"\n"
	"    PATH:LINE: dead link URL (VERDICT: DETAIL); suggested: REPLACEMENT\n"
	"    PATH:LINE: moved link URL -> NEW (STATUS)\n"
	"    PATH:LINE: failing link URL (VERDICT: DETAIL)\n"
	"\n"
	"A link is dead when it is gone, soft-404, parked, its host is gone\n"
	"(dns), refused or its TLS broken; timeouts, server errors and name\n"
	"server failures are failing, which counts as dead only with --strict.\n"
	"The suggestion is the store's replacement for the URL, if it has one.\n"
	"\n"
	"    REV              check REV..HEAD (a pre-push hook's range)\n"
	"    --cached         the staged changes (a pre-commit hook)\n"
	"    --db PATH        the store (default: the tree's, if any)\n"
	"    --format=json    one JSON array\n"
	"    --strict         failing links count as dead\n"
	"    --ttl DAYS       a stored result this recent is used (7)\n"
	"    -j, --jobs N, --per-host N, --spacing-ms MS, --timeout S,\n"
	"    --cacert FILE, --allow-private, --proxy URL, --user-agent UA\n"
	"                       as for check\n"
	"    --color=WHEN     auto (on a terminal, unless NO_COLOR is set),\n"
	"                     always or never\n"
	"    --max-wait S     all waits before one URL's retries, Retry-After\n"
	"                     too (default 30: a hook waits seconds)\n"
	"    -q, --quiet      no summary line\n"
	"\n"
	"Settings from .linkmend.conf: [scan] skip, [check] ignore,\n"
	"per-host, timeout, confirm, spacing, [host \"NAME\"] accept; [check]\n"
	"user-agent from your own file only.\n"
	"\n"
	"Exit status: 0 no dead link added; 1 dead links added; 2 on error.\n"
	"docs/pre-commit.sample and docs/pre-push.sample are hooks for git.\n";

static char *toplevel(void)
{
	const char *argv[] = { "git", "rev-parse", "--show-toplevel", NULL };
	struct strbuf out = STRBUF_INIT;

	if (run_command(argv, NULL, NULL, 0, &out, NULL) || !out.len) {
		strbuf_release(&out);
		die("linkmend diff works in a git checkout");
	}
	while (out.len && out.buf[out.len - 1] == '\n')
		strbuf_setlen(&out, out.len - 1);
	return strbuf_detach(&out, NULL);
}

static int color_arg(const struct option *opt, const char *s)
{
	int v = color_parse(s);

	if (v == -2)
		return error("--color: '%s' is not auto, always or never", s);
	*(int *)opt->value = v;
	return 0;
}

int cmd_diff(int argc, char **argv)
{
	struct diff_opts o = { .ttl_s = 7 * 86400 };
	struct diff_result res;
	struct config cfg;
	const char *format = "text";
	char *root;
	int ret = 0, color = -1;
	struct option opts[] = {
		OPT_STRING(0, "db", &o.db),
		OPT_BOOL(0, "cached", &o.cached),
		OPT_BOOL(0, "staged", &o.cached),
		OPT_STRING(0, "format", &format),
		OPT_BOOL(0, "strict", &o.strict),
		OPT_LLONG(0, "ttl", &o.ttl_s, 0, 3650, OPT_DAYS_TO_S),
		OPT_NET(&o.check.req.net),
		OPT_LONG(0, "max-wait", &o.check.req.max_wait_ms, 0, 86400,
			 OPT_SECONDS_TO_MS),
		OPT_BOOL('q', "quiet", &o.quiet),
		OPT_CALLBACK(0, "color", &color, color_arg),
		OPT_END(),
	};

	check_run_opts_init(&o.check);
	/* A pre-commit hook waits seconds, not a server's minutes. */
	o.check.req.max_wait_ms = 30000;
	argc = parse_options(argc, argv, opts, cmd_diff_usage);
	if (argc > 1)
		usage_die(cmd_diff_usage);
	if (argc && o.cached)
		die("give REV or --cached, not both");
	o.rev = argc ? argv[0] : NULL;
	o.json = cmd_format_json(format, "text");
	o.color = color_wanted(color, 1);
	o.root = root = toplevel();
	cmd_conf_load(root, &cfg);
	if (net_options_finish(&o.check.req.net, opts, &cfg) ||
	    check_settings(&o.check, &cfg, opts))
		die_reported();	/* the setting, naming its file */
	o.check.stop = cmd_catch_signals();
	if (diff_run(&o, &res))
		die("cannot check the links of the change in '%s'", root);
	if (fflush(stdout) || ferror(stdout))
		die_errno("cannot write the output");
	if (res.check_failed || cmd_interrupted)
		ret = 2;
	else if (res.dead)
		ret = 1;
	config_release(&cfg);
	free(root);
	return ret;
}
