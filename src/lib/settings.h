/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Every setting a .linkmend.conf (the tree's) or the user's own file may
 * hold, declared once: its section and key, the kind and range of its
 * value, its default, whether only the user may set it (it says where
 * data, requests or credentials go), the option that overrides it and
 * one help line.  Validation of a file, the values the stages read
 * (settings_number(), settings_text()), "did you mean" for a mistyped
 * key and 'linkmend help config' all come from the table in settings.c;
 * a test checks it against every key the code reads and the man page.
 */
#ifndef LIB_SETTINGS_H
#define LIB_SETTINGS_H

#include <stddef.h>
#include <stdio.h>

#include "parse-options.h"

struct config;

/* The network's defaults, and limits: a host asked more than 64 at once
 * is hammered, not checked. */
#define SETTING_JOBS 64
#define SETTING_PER_HOST 2
#define SETTING_SPACING_MS 50
#define SETTING_TIMEOUT_S 30
#define SETTING_SUSPECT_SHARE 50
#define SETTING_MAX_JOBS 4096
#define SETTING_MAX_PER_HOST 64
#define SETTING_MAX_SPACING_MS 600000
#define SETTING_MAX_TIMEOUT_S 3600
/* Where the Wayback Machine is, unless the user's own file says. */
#define SETTING_WAYBACK "https://web.archive.org"
#define SETTING_USER_AGENT "linkmend/0.1 (link checker)"
/* The confirmation rule: failed checks, days apart, that make a dead link. */
#define SETTING_CONFIRM 3
#define SETTING_MAX_CONFIRM 100
#define SETTING_CONFIRM_SPACING_DAYS 3
#define SETTING_MAX_CONFIRM_SPACING_DAYS 3650
/*
 * The most bytes a text value may hold (a text setting's max, when not 0,
 * is its own bound): every value is one line of printable characters.
 */
#define SETTING_MAX_TEXT 1024
/* A subject's prefix and tag: a Subject: line stays a line to read. */
#define SETTING_MAX_SUBJECT 100

enum setting_kind {
	SETTING_TEXT,
	SETTING_GLOB,		/* fnmatch(3) pattern; may repeat */
	SETTING_NUMBER,		/* an integer in [min, max] */
	SETTING_STATUSES,	/* HTTP statuses: "403, 429" */
	SETTING_TEMPLATE,	/* holds {path} (and {line}) */
};

struct setting {
	const char *section, *key;
	const char *sub;	/* "NAME" of [host "NAME"], or NULL */
	enum setting_kind kind;
	long min, max;		/* text: at most max bytes (0: 1024) */
	const char *def;	/* the default, as help shows it, or NULL */
	int user_only;
	const char *option;	/* the long option that overrides it */
	const char *help;
};

/* The table, and its length in *n. */
const struct setting *settings_all(size_t *n);

/* The setting [section] key, or NULL. */
const struct setting *settings_find(const char *section, const char *key);

/*
 * The known setting nearest a mistyped [section] key, as "[check] confirm"
 * in a static buffer, or NULL when none is near.
 */
const char *settings_near(const char *section, const char *key);

/*
 * The number [section] key of cfg (NULL: none) into *v, unless the
 * setting's option was given in opts (NULL: none) or the key is unset;
 * range-checked by the table.  -1 after error() on a bad value.
 */
int settings_number(const struct config *cfg, const struct option *opts,
		    const char *section, const char *key, long *v);

/* The text [section] key of cfg, or NULL when unset or overridden. */
const char *settings_text(const struct config *cfg, const struct option *opts,
			  const char *section, const char *key);

/*
 * The confirmation rule, one setting for check, resolve, report and diff:
 * --confirm N and --spacing DAYS, else [check] confirm and spacing, else
 * 3 failed checks 3 days apart.
 */
#define OPT_CONFIRM(confirm, spacing_s) \
	OPT_INT(0, "confirm", (confirm), 1, SETTING_MAX_CONFIRM, "N", \
		"failed checks that make a link dead"), \
	OPT_LLONG(0, "spacing", (spacing_s), 0, \
		  SETTING_MAX_CONFIRM_SPACING_DAYS, OPT_DAYS_TO_S, "DAYS", \
		  "least time between two failed checks that both count")
void settings_confirm_init(int *confirm, long long *spacing_s);
/* -1 after error() on a bad value in cfg. */
int settings_confirm(const struct config *cfg, const struct option *opts,
		     int *confirm, long long *spacing_s);

/* 'linkmend help config': every setting, its default and its help. */
void settings_print(FILE *out);

#endif
