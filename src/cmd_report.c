// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * linkmend report: what the store knows, as one self-contained HTML page,
 * the versioned JSON model, SARIF 2.1.0 for code-scanning tools, or a
 * markdown summary for a pull-request comment.  A file is written
 * atomically: it is the old report or the new one, never half of one.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "lib/settings.h"
#include "builtin.h"
#include "lib/parse-options.h"
#include "setup.h"
#include "lib/atomic.h"
#include "lib/config.h"
#include "lib/usage.h"
#include "report/report.h"
#include "store/store.h"

#ifndef LINKMEND_VERSION
#define LINKMEND_VERSION "0.1"
#endif

const struct usage_text cmd_report_usage = {
	"linkmend report [options]",
	"Write what the store knows of every link: its occurrences, its check\n"
	"history, its redirects and its replacement with the evidence.\n"
	"\n"
	"    html      one self-contained page (no network; works from file://):\n"
	"              totals, a bar per MAINTAINERS area (or top-level\n"
	"              directory), a filterable, sortable table of links, hosts\n"
	"    json      the whole model; schema docs/report.schema.json\n"
	"    sarif     SARIF 2.1.0: a result per dead or moved occurrence, a\n"
	"              rule per verdict, the replacement as a fix\n"
	"    markdown  a short summary for a pull-request comment\n"
	"\n"
	"Each occurrence is alive, moved (a new live location is known), dead\n"
	"(an archived copy replaces it), unresolved (dead or moved, nothing to\n"
	"replace it), failing (not yet confirmed dead) or unchecked.\n",
	"Settings from .linkmend.conf: [report] source-url; [check] confirm and\n"
	"spacing, the rule check and resolve apply too.\n"
	"\n"
	"An existing FILE is replaced only when it is a report linkmend wrote\n"
	"(or empty), else with --force; a FILE whose name says no format is\n"
	"refused unless --format says it.\n"
	"Exit status: 0 written, 2 on error.\n",
};

/*
 * FILE may be replaced: absent, empty, or a report linkmend wrote (its
 * first bytes say so); a file of the user's (-o README.md) only with
 * --force, and never one that is not a regular file.  Else die.
 */
static void check_output(const char *path, int force)
{
	char head[REPORT_HEAD];
	struct stat st;
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY |
		  O_CLOEXEC);
	if (fd < 0 && errno == ENOENT)
		return;
	if (fd < 0 && errno == ELOOP)
		die("'%s' is a symbolic link: not replaced", path);
	if (fd < 0)
		die_errno("cannot open '%s'", path);
	if (fstat(fd, &st))
		die_errno("cannot stat '%s'", path);
	if (!S_ISREG(st.st_mode))
		die("'%s' is not a regular file: not replaced", path);
	do
		n = read(fd, head, sizeof(head));
	while (n < 0 && errno == EINTR);
	if (n < 0)
		die_errno("cannot read '%s'", path);
	close(fd);
	if (n && !force && !report_is_ours(head, (size_t)n))
		die("'%s' exists and is not a linkmend report: not replaced "
		    "(--force replaces it)", path);
}

static int format_arg(const struct option *opt, const char *s)
{
	enum report_format f = report_format_from_name(s);

	if (f == REPORT_NONE)
		return error("--format: '%s' is not html, json, sarif or "
			     "markdown", s);
	*(int *)opt->value = f;
	return 0;
}

int cmd_report(int argc, char **argv)
{
	struct report_opts ro;
	const char *db = NULL, *output = NULL, *tree = NULL;
	char *buf = NULL;
	struct cmd_store cs;
	struct config cfg;
	json_t *m;
	size_t len = 0;
	FILE *mem;
	enum report_format format = REPORT_NONE;
	int ret = 0, force = 0;
	struct opt_list paths = { 0 };
	struct option opts[] = {
		OPT_DB(&db),
		OPT_TREE(&tree),
		OPT_PATHS(&paths),
		OPT_CALLBACK(0, "format", &format, format_arg,
			     "html|json|sarif|markdown", "else from -o's "
			     "extension (.html, .json, .sarif, .md: any other "
			     "is refused); json on standard output"),
		OPT_STRING('o', "output", &output, "FILE",
			   "write FILE, atomically; else standard output"),
		OPT_BOOL(0, "force", &force, "replace FILE even when it is "
			 "not a report linkmend wrote"),
		OPT_SETTING(REPORT_SOURCE_URL, &ro.source_url),
		OPT_CONFIRM(&ro.confirm, &ro.spacing_s),
		OPT_END(),
	};

	memset(&ro, 0, sizeof(ro));
	settings_confirm_init(&ro.confirm, &ro.spacing_s);
	if (parse_options(argc, argv, opts, &cmd_report_usage))
		usage_die(cmd_report_usage.synopsis);
	if (output && !strcmp(output, "-"))
		output = NULL;
	if (format == REPORT_NONE && output)
		format = report_format_of_path(output);
	if (format == REPORT_NONE && output)
		die("cannot tell the report format from the name '%s': name it "
		    ".html, .json, .sarif or .md, or give --format", output);
	if (format == REPORT_NONE)
		format = REPORT_JSON;
	if (output)
		check_output(output, force);
	cmd_store_open_ro(&cs, db, tree, 1, "run 'linkmend scan' first, or give --db");
	cmd_limit_paths(&cs, &paths);
	cmd_conf_load(cs.root, &cfg);
	if (settings_confirm(&cfg, opts, &ro.confirm, &ro.spacing_s))
		die_reported();	/* the setting, naming its file */
	if (!ro.source_url)
		ro.source_url = settings_text(&cfg, opts,
					      SETTING_REPORT_SOURCE_URL);
	ro.root = cs.root;
	ro.cfg = &cfg;
	ro.tool_version = LINKMEND_VERSION;
	ro.now = (long long)time(NULL);
	m = report_build(cs.st, &ro);
	if (!m)
		die("cannot read the store '%s'", cs.db);
	mem = open_memstream(&buf, &len);
	if (!mem)
		die_errno("cannot make the report");
	if (report_write(m, format, mem))
		ret = 2;
	if (fclose(mem))
		die_errno("cannot make the report");
	if (!ret && output) {
		if (atomic_write_file(output, buf, len, NULL))
			ret = 2;
	} else if (!ret) {
		fwrite(buf, 1, len, stdout);
		if (fflush(stdout) || ferror(stdout))
			die_errno("cannot write the report");
	}
	free(buf);
	json_decref(m);
	config_release(&cfg);
	if (cmd_store_close(&cs))
		ret = 2;
	opt_list_release(&paths);
	return ret;
}
