// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * linkmend report: what the store knows, as one self-contained HTML page,
 * the versioned JSON model, SARIF 2.1.0 for code-scanning tools, or a
 * markdown summary for a pull-request comment.  A file is written
 * atomically: it is the old report or the new one, never half of one.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "builtin.h"
#include "lib/atomic.h"
#include "lib/config.h"
#include "lib/usage.h"
#include "report/report.h"
#include "store/store.h"

#ifndef LINKMEND_VERSION
#define LINKMEND_VERSION "0.1"
#endif

const char cmd_report_usage[] =
	"linkmend report [--db PATH] [--format=html|json|sarif|markdown]\n"
	"                       [-o FILE] [--source-url TEMPLATE] [--confirm N]\n"
	"                       [--spacing DAYS]";

const char cmd_report_help[] =
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
	"replace it), failing (not yet confirmed dead) or unchecked.\n"
	"\n"
	"    --db PATH            the store\n"
	"    --format=FORMAT      default: from -o's extension (.html, .json,\n"
	"                         .sarif, .md), else json\n"
	"    -o, --output FILE    write FILE (atomically); default standard output\n"
	"    --source-url T       link each path:line to T with {path} and {line}\n"
	"                         replaced (default file://ROOT/PATH)\n"
	"    --confirm N          failed checks that make a URL dead (3)\n"
	"    --spacing DAYS       between counted checks (3)\n"
	"\n"
	"Settings from .linkmend.conf [report]: source-url.\n"
	"Exit status: 0 written, 2 on error.\n";

enum { F_NONE, F_HTML, F_JSON, F_SARIF, F_MARKDOWN };

static int format_from_name(const char *s)
{
	if (!strcmp(s, "html"))
		return F_HTML;
	if (!strcmp(s, "json"))
		return F_JSON;
	if (!strcmp(s, "sarif"))
		return F_SARIF;
	if (!strcmp(s, "markdown") || !strcmp(s, "md"))
		return F_MARKDOWN;
	return F_NONE;
}

static int format_from_path(const char *path)
{
	const char *dot = path ? strrchr(path, '.') : NULL;
	int f;

	if (!dot || strchr(dot, '/'))
		return F_JSON;
	if (!strcmp(dot, ".htm"))
		return F_HTML;
	f = format_from_name(dot + 1);
	return f == F_NONE ? F_JSON : f;
}

static int write_format(json_t *m, int format, FILE *out)
{
	switch (format) {
	case F_HTML:
		return report_write_html(m, out);
	case F_SARIF:
		return report_write_sarif(m, out);
	case F_MARKDOWN:
		return report_write_markdown(m, out);
	default:
		return report_write_json(m, out);
	}
}

enum { OPT_DB = 256, OPT_FORMAT, OPT_SOURCE_URL, OPT_CONFIRM, OPT_SPACING };

static const struct option long_opts[] = {
	{ "db", required_argument, NULL, OPT_DB },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "output", required_argument, NULL, 'o' },
	{ "source-url", required_argument, NULL, OPT_SOURCE_URL },
	{ "confirm", required_argument, NULL, OPT_CONFIRM },
	{ "spacing", required_argument, NULL, OPT_SPACING },
	{ NULL, 0, NULL, 0 },
};

int cmd_report(int argc, char **argv)
{
	struct report_opts ro;
	const char *db = NULL, *output = NULL;
	char *found, *root, *end, *buf = NULL;
	struct config cfg;
	struct store *st;
	json_t *m;
	size_t len = 0;
	FILE *mem;
	int opt, format = F_NONE, ret = 0;
	double days;

	memset(&ro, 0, sizeof(ro));
	ro.confirm = 3;
	ro.spacing_s = 3 * 86400;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "o:", long_opts, NULL)) != -1) {
		switch (opt) {
		case OPT_DB:
			db = optarg;
			break;
		case OPT_FORMAT:
			format = format_from_name(optarg);
			if (format == F_NONE)
				die("--format: '%s' is not html, json, sarif or "
				    "markdown", optarg);
			break;
		case 'o':
			output = strcmp(optarg, "-") ? optarg : NULL;
			break;
		case OPT_SOURCE_URL:
			ro.source_url = optarg;
			break;
		case OPT_CONFIRM:
			ro.confirm = (int)strtol(optarg, &end, 10);
			if (*end || ro.confirm < 1 || ro.confirm > 100)
				die("--confirm: '%s' is not a number from 1 to 100",
				    optarg);
			break;
		case OPT_SPACING:
			errno = 0;
			days = strtod(optarg, &end);
			if (errno || *end || days < 0 || days > 3650)
				die("--spacing: '%s' is not a number of days",
				    optarg);
			ro.spacing_s = (long long)(days * 86400);
			break;
		default:
			usage_die(cmd_report_usage);
		}
	}
	if (optind < argc)
		usage_die(cmd_report_usage);
	if (format == F_NONE)
		format = format_from_path(output);
	st = cmd_open_store(db, &found, "run 'linkmend scan' first, or give --db");
	root = cmd_store_root(st, db ? db : found);
	cmd_conf_load(root, &cfg);
	cmd_conf_validate(&cfg);
	if (!ro.source_url)
		ro.source_url = config_get(&cfg, "report", "source-url");
	ro.root = root;
	ro.tool_version = LINKMEND_VERSION;
	ro.now = (long long)time(NULL);
	m = report_build(st, &ro);
	if (!m)
		die("cannot read the store '%s'", db ? db : found);
	mem = open_memstream(&buf, &len);
	if (!mem)
		die_errno("cannot make the report");
	if (write_format(m, format, mem))
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
	free(root);
	if (store_close(st))
		ret = 2;
	free(found);
	return ret;
}
