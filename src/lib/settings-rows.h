/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The rows of the settings registry (settings.h): one a setting, each a
 * macro SETTING_ROW_ID(X, a) that hands X, after a, its fields:
 *
 *   ID, section, "NAME" of [section "NAME"] or NULL, key,
 *   kind (TEXT, GLOB, NUMBER, STATUSES, TEMPLATE),
 *   least and most value (a number's range, in the unit the user types;
 *   a text's most bytes, 0: SETTING_MAX_TEXT), the default as help
 *   shows it (or NULL), user only (1: says where data, requests or
 *   credentials go, so never a tree's to set),
 *   the option's short name (or 0), long name (or NULL), the type of
 *   the value it fills (INT, LONG, LLONG, STRING; NONE without an
 *   option), the factor from what the user types to that value
 *   (seconds to milliseconds), the value's name in help, its unit,
 *   the commands whose option tables take it (SETTING_CMD_*), help.
 *
 * Being macros, rows give option tables constants (OPT_SETTING()), so
 * an option's range, name and help are the row's and nothing else; the
 * list SETTINGS_EACH() gives the typed ids and the table.  A setting is
 * added here and in SETTINGS_EACH, nowhere else.
 */
#ifndef LIB_SETTINGS_ROWS_H
#define LIB_SETTINGS_ROWS_H

/* The commands an option is in, for help and the test of the tables. */
#define SETTING_CMD_SCAN	(1u << 0)
#define SETTING_CMD_CHECK	(1u << 1)
#define SETTING_CMD_RESOLVE	(1u << 2)
#define SETTING_CMD_FIX		(1u << 3)
#define SETTING_CMD_SERIES	(1u << 4)
#define SETTING_CMD_VERIFY	(1u << 5)
#define SETTING_CMD_ARCHIVE	(1u << 6)
#define SETTING_CMD_DIFF	(1u << 7)
#define SETTING_CMD_REPORT	(1u << 8)
#define SETTING_CMD_RUN		(1u << 9)
/* OPT_NET()'s commands (net/options.h); run forwards to check, resolve. */
#define SETTING_CMDS_NET (SETTING_CMD_CHECK | SETTING_CMD_RESOLVE | \
			  SETTING_CMD_ARCHIVE | SETTING_CMD_DIFF | \
			  SETTING_CMD_RUN)
#define SETTING_CMDS_CONFIRM (SETTING_CMD_CHECK | SETTING_CMD_RESOLVE | \
			      SETTING_CMD_REPORT | SETTING_CMD_RUN)

#define SETTING_ROW_SCAN_SKIP(X, a) X(a, SCAN_SKIP, "scan", NULL, "skip", \
	GLOB, 0, 0, NULL, 0, 0, NULL, NONE, 0, NULL, NULL, 0, \
	"paths not scanned (a pattern ending in / holds all below)")
#define SETTING_ROW_CHECK_IGNORE(X, a) X(a, CHECK_IGNORE, "check", NULL, \
	"ignore", GLOB, 0, 0, NULL, 0, 0, NULL, NONE, 0, NULL, NULL, 0, \
	"URLs never requested")
#define SETTING_ROW_CHECK_JOBS(X, a) X(a, CHECK_JOBS, "check", NULL, \
	"jobs", NUMBER, 1, 4096, "64", 0, 'j', "jobs", INT, 1, "N", NULL, \
	SETTING_CMDS_NET, "requests at once")
/* A host asked more than 64 at once is hammered, not checked. */
#define SETTING_ROW_CHECK_PER_HOST(X, a) X(a, CHECK_PER_HOST, "check", \
	NULL, "per-host", NUMBER, 1, 64, "2", 0, 0, "per-host", INT, 1, \
	"N", NULL, SETTING_CMDS_NET, "requests at once to one host")
#define SETTING_ROW_CHECK_SPACING_MS(X, a) X(a, CHECK_SPACING_MS, "check", \
	NULL, "spacing-ms", NUMBER, 0, 600000, "50", 0, 0, "spacing-ms", \
	LONG, 1, "MS", "milliseconds", SETTING_CMDS_NET, \
	"least time between the starts of two requests to one host")
#define SETTING_ROW_CHECK_TIMEOUT(X, a) X(a, CHECK_TIMEOUT, "check", NULL, \
	"timeout", NUMBER, 0.1, 3600, "30", 0, 0, "timeout", LONG, 1000.0, \
	"S", "seconds", SETTING_CMDS_NET, "seconds a request may take")
#define SETTING_ROW_CHECK_CONFIRM(X, a) X(a, CHECK_CONFIRM, "check", NULL, \
	"confirm", NUMBER, 1, 100, "3", 0, 0, "confirm", INT, 1, "N", NULL, \
	SETTING_CMDS_CONFIRM, "failed checks that make a link dead")
#define SETTING_ROW_CHECK_SPACING(X, a) X(a, CHECK_SPACING, "check", NULL, \
	"spacing", NUMBER, 0, 3650, "3", 0, 0, "spacing", LLONG, 86400.0, \
	"DAYS", "days", SETTING_CMDS_CONFIRM, \
	"least time between two failed checks that both count")
#define SETTING_ROW_CHECK_SUSPECT_SHARE(X, a) X(a, CHECK_SUSPECT_SHARE, \
	"check", NULL, "suspect-share", NUMBER, 1, 100, "50", 0, 0, \
	"suspect-share", INT, 1, "PCT", "per cent", \
	SETTING_CMD_CHECK | SETTING_CMD_RUN, \
	"more hosts than this unreachable (of 20 or more) means the " \
	"network is broken")
#define SETTING_ROW_CHECK_USER_AGENT(X, a) X(a, CHECK_USER_AGENT, "check", \
	NULL, "user-agent", TEXT, 0, 0, "linkmend/0.1 (link checker)", 1, 0, \
	"user-agent", STRING, 0, "UA", NULL, SETTING_CMDS_NET, \
	"the User-Agent header, sent with every request")
#define SETTING_ROW_CHECK_PROXY(X, a) X(a, CHECK_PROXY, "check", NULL, \
	"proxy", TEXT, 0, 0, NULL, 1, 0, "proxy", STRING, 0, "URL", NULL, \
	SETTING_CMDS_NET, "send every request through this proxy " \
	"(http://HOST:PORT; the http_proxy variables are ignored); a target " \
	"whose name resolves to a special-purpose address is still refused")
#define SETTING_ROW_HOST_ACCEPT(X, a) X(a, HOST_ACCEPT, "host", "NAME", \
	"accept", STATUSES, 100, 599, NULL, 0, 0, NULL, NONE, 0, NULL, NULL, \
	0, "statuses that mean alive on that host (403, 429)")
#define SETTING_ROW_HOST_PER_HOST(X, a) X(a, HOST_PER_HOST, "host", "NAME", \
	"per-host", NUMBER, 1, 64, NULL, 0, 0, NULL, NONE, 0, NULL, NULL, 0, \
	"requests at once to that host")
#define SETTING_ROW_RESOLVE_WAYBACK(X, a) X(a, RESOLVE_WAYBACK, "resolve", \
	NULL, "wayback", TEXT, 0, 0, "https://web.archive.org", 1, 0, \
	"wayback", STRING, 0, "URL", NULL, \
	SETTING_CMD_RESOLVE | SETTING_CMD_RUN, \
	"the Wayback Machine")
#define SETTING_ROW_RESOLVE_MEMENTO(X, a) X(a, RESOLVE_MEMENTO, "resolve", \
	NULL, "memento", TEXT, 0, 0, NULL, 1, 0, "memento", STRING, 0, \
	"URL", NULL, SETTING_CMD_RESOLVE | SETTING_CMD_RUN, \
	"a TimeMap prefix for other archives, asked when the Wayback " \
	"Machine has nothing")
#define SETTING_ROW_REPORT_SOURCE_URL(X, a) X(a, REPORT_SOURCE_URL, \
	"report", NULL, "source-url", TEMPLATE, 0, 0, NULL, 0, 0, \
	"source-url", STRING, 0, "T", NULL, SETTING_CMD_REPORT, \
	"link each path:line to this template, {path} and {line} replaced; " \
	"else file://ROOT/PATH")
#define SETTING_ROW_KEEP_PATH(X, a) X(a, KEEP_PATH, "keep", NULL, "path", \
	GLOB, 0, 0, NULL, 0, 0, NULL, NONE, 0, NULL, NULL, 0, \
	"files never changed by fix or series")
#define SETTING_ROW_KEEP_LINE(X, a) X(a, KEEP_LINE, "keep", NULL, "line", \
	TEXT, 0, 0, NULL, 0, 0, NULL, NONE, 0, NULL, NULL, 0, \
	"lines holding this text never changed")
#define SETTING_ROW_KEEP_HOST(X, a) X(a, KEEP_HOST, "keep", NULL, "host", \
	TEXT, 0, 0, NULL, 0, 0, NULL, NONE, 0, NULL, NULL, 0, \
	"the project's own host: links to it never changed")
/* Churn of little value by default: a user may ask for it. */
#define SETTING_ROW_PLAN_HOME_PAGES(X, a) X(a, PLAN_HOME_PAGES, "plan", \
	NULL, "home-pages", NUMBER, 0, 1, NULL, 0, 0, "home-pages", INT, 1, \
	"0|1", NULL, SETTING_CMD_FIX | SETTING_CMD_SERIES | SETTING_CMD_RUN, \
	"1 (home-pages = 1): also archive a dead bare home page " \
	"(https://ceph.com/) and move a home page that redirects to " \
	"another home page; by default neither is a patch")
#define SETTING_ROW_STORE_URL(X, a) X(a, STORE_URL, "store", NULL, "url", \
	TEXT, 0, 0, NULL, 1, 0, "db", STRING, 0, "PATH|URL", NULL, \
	SETTING_CMD_SCAN | SETTING_CMD_CHECK | SETTING_CMD_RESOLVE | \
	SETTING_CMD_FIX | SETTING_CMD_SERIES | SETTING_CMD_ARCHIVE | \
	SETTING_CMD_DIFF | SETTING_CMD_REPORT | SETTING_CMD_RUN, \
	"the store, a file or a PostgreSQL database (postgresql://...): " \
	"else .linkmend/linkmend.db here or in a parent directory, else " \
	"[store] url of your own file, else ROOT/.linkmend/linkmend.db")
#define SETTING_ROW_TREE_TAG(X, a) X(a, TREE_TAG, "tree", "NAME", "tag", \
	TEXT, 0, SETTING_MAX_SUBJECT, NULL, 0, 0, NULL, NONE, 0, NULL, NULL, \
	0, "the subject tag of that tree's series (net-next)")
#define SETTING_ROW_SUBJECT_PREFIX(X, a) X(a, SUBJECT_PREFIX, "subject", \
	"NAME", "prefix", TEXT, 0, SETTING_MAX_SUBJECT, NULL, 0, 0, NULL, \
	NONE, 0, NULL, NULL, 0, "the subject prefix of patches to files " \
	"under the path NAME (foo: bar:)")

/* Every row, in the order 'linkmend help config' lists them. */
#define SETTINGS_EACH(X, a) \
	SETTING_ROW_SCAN_SKIP(X, a) \
	SETTING_ROW_CHECK_IGNORE(X, a) \
	SETTING_ROW_CHECK_JOBS(X, a) \
	SETTING_ROW_CHECK_PER_HOST(X, a) \
	SETTING_ROW_CHECK_SPACING_MS(X, a) \
	SETTING_ROW_CHECK_TIMEOUT(X, a) \
	SETTING_ROW_CHECK_CONFIRM(X, a) \
	SETTING_ROW_CHECK_SPACING(X, a) \
	SETTING_ROW_CHECK_SUSPECT_SHARE(X, a) \
	SETTING_ROW_CHECK_USER_AGENT(X, a) \
	SETTING_ROW_CHECK_PROXY(X, a) \
	SETTING_ROW_HOST_ACCEPT(X, a) \
	SETTING_ROW_HOST_PER_HOST(X, a) \
	SETTING_ROW_RESOLVE_WAYBACK(X, a) \
	SETTING_ROW_RESOLVE_MEMENTO(X, a) \
	SETTING_ROW_REPORT_SOURCE_URL(X, a) \
	SETTING_ROW_KEEP_PATH(X, a) \
	SETTING_ROW_KEEP_LINE(X, a) \
	SETTING_ROW_KEEP_HOST(X, a) \
	SETTING_ROW_PLAN_HOME_PAGES(X, a) \
	SETTING_ROW_STORE_URL(X, a) \
	SETTING_ROW_TREE_TAG(X, a) \
	SETTING_ROW_SUBJECT_PREFIX(X, a)

#endif
