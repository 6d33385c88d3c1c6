// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * linkmend diff: options, then the links the change adds checked by
 * the diff stage (src/diff/diff.h); exit 1 when one is dead.
 */
#include <stdio.h>
#include <stdlib.h>

#include "builtin.h"
#include "diff/diff.h"
#include "lib/color.h"
#include "lib/config.h"
#include "lib/parse-options.h"
#include "lib/run.h"
#include "lib/strbuf.h"
#include "lib/usage.h"
#include "net/options.h"
#include "setup.h"

const struct usage_text cmd_diff_usage = {
	"linkmend diff [options] [REV]",
	"Check the links that a change adds or changes: the working tree's\n"
	"changes against HEAD, the staged ones with --cached, REV..HEAD, or a\n"
	"range BASE..TIP whose tip need not be checked out (a pre-push hook's\n"
	"pushed ref).  Only added lines are scanned.  A URL the\n"
	"store checked less than --ttl days ago is taken from the store; the\n"
	"others are checked now (and recorded when there is a store).  One\n"
	"line per link that is not alive:\n"
	"\n"
	"    PATH:LINE: dead link URL (VERDICT: DETAIL); suggested: REPLACEMENT\n"
	"    PATH:LINE: moved link URL -> NEW (STATUS)\n"
	"    PATH:LINE: failing link URL (VERDICT: DETAIL)\n"
	"\n"
	"A link is dead when it is gone, soft-404, parked, its host is gone\n"
	"(dns), refused or its TLS broken; timeouts, server errors and name\n"
	"server failures are failing, dead only with --strict or once the\n"
	"confirmation rule ([check] confirm, spacing) makes them so.\n"
	"The suggestion is the store's replacement for the URL, if it has one.\n",
	"Settings from .linkmend.conf: [scan] skip, [check] ignore,\n"
	"per-host, timeout, confirm, spacing, [host \"NAME\"] accept; [check]\n"
	"user-agent from your own file only.\n"
	"\n"
	"Exit status: 0 no dead link added; 1 dead links added; 2 on error.\n"
	"docs/pre-commit.sample and docs/pre-push.sample are hooks for git.\n",
};

static char *toplevel(void)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf out = STRBUF_INIT;

	git_cmd(&cp, NULL);
	strvec_pushl(&cp.args, "rev-parse", "--show-toplevel", NULL);
	cp.out = &out;
	if (child_process_run(&cp) || !out.len) {
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
	struct diff_opts o = { 0 };
	struct diff_result res;
	struct config cfg;
	const char *format = "text";
	char *root, *db;
	int ret = 0, color = -1;
	struct option opts[] = {
		OPT_DB(&o.db),
		OPT_BOOL(0, "cached", &o.cached,
			 "the staged changes (a pre-commit hook)"),
		OPT_BOOL(0, "staged", &o.cached, "the same as --cached"),
		OPT_BOOL(0, "strict", &o.strict, "failing links count as dead"),
		OPT_LLONG(0, "ttl", &o.ttl_s, 0, 3650, OPT_DAYS_TO_S, "DAYS",
			  "a stored result this recent is used"),
		OPT_NET(&o.check.req.net),
		OPT_LONG(0, "max-wait", &o.check.req.max_wait_ms, 0, 86400,
			 OPT_SECONDS_TO_MS, "S", "all waits before one URL's "
			 "retries, Retry-After too: a hook waits seconds"),
		OPT_FORMAT(&format, "text|json"),
		OPT_CALLBACK(0, "color", &color, color_arg, "WHEN", "auto (on "
			     "a terminal, unless NO_COLOR is set), always or "
			     "never"),
		OPT_QUIET(&o.quiet),
		OPT_END(),
	};

	check_run_opts_init(&o.check);
	o.ttl_s = o.check.ttl_s;
	/* A pre-commit hook waits seconds, not a server's minutes. */
	o.check.req.max_wait_ms = 30000;
	argc = parse_options(argc, argv, opts, &cmd_diff_usage);
	if (argc > 1)
		usage_die(cmd_diff_usage.synopsis);
	if (argc && o.cached)
		die("give REV or --cached, not both");
	o.rev = argc ? argv[0] : NULL;
	o.json = cmd_format_json(format, "text");
	o.color = color_wanted(color, 1);
	o.root = root = toplevel();
	cmd_conf_load(root, &cfg);
	/* The store as check finds it: the tree's, else [store] url. */
	o.db = db = cmd_store_find(o.db, root, STORE_FIND_UP | STORE_USER_URL,
				   NULL);
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
	free(db);
	free(root);
	return ret;
}
