/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Every setting a .linkmend.conf (the tree's) or the user's own file may
 * hold, and the option that overrides it, declared once as a row of
 * settings-rows.h: its section and key, the kind, range and unit of its
 * value, its default, whether only the user may set it (it says where
 * data, requests or credentials go), the option's names, the commands
 * that take it, and its help.  From the row come the option in each
 * command's table (OPT_SETTING()), the typed id the stages read it by
 * (enum setting_id: a misspelt key does not compile), the default they
 * start from, validation of a file, "did you mean" for a mistyped key,
 * 'linkmend help config' and the man page's list (help --roff).
 */
#ifndef LIB_SETTINGS_H
#define LIB_SETTINGS_H

#include <stddef.h>
#include <stdio.h>

#include "parse-options.h"
#include "settings-rows.h"

struct config;
struct config_entry;

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

#define SETTING_ID_(a, id, ...) SETTING_##id,
enum setting_id {
	SETTINGS_EACH(SETTING_ID_, ~)
	SETTINGS_NR
};

struct setting {
	enum setting_id id;
	const char *section, *key;
	const char *sub;	/* "NAME" of [host "NAME"], or NULL */
	enum setting_kind kind;
	long min, max;		/* text: at most max bytes (0: 1024) */
	const char *def;	/* the default, as help shows it, or NULL */
	int user_only;
	int short_name;		/* the option's, or 0 */
	const char *option;	/* the long option that overrides it */
	double scale;		/* option's value: the number times this */
	const char *argh;	/* the option's value name in help */
	const char *unit;	/* of a number, or NULL */
	unsigned commands;	/* SETTING_CMD_*: whose tables take option */
	const char *help;
};

/*
 * The option of setting id (SETTING_CHECK_JOBS: OPT_SETTING(CHECK_JOBS,
 * v)), filling v: a row without an option does not compile here.  Its
 * range is the row's, in the unit the user types (a config file's
 * integer range is the same, rounded in).
 */
#define OPT_SETTING_(v, id, section, sub, key, kind, lo, hi, def, user, \
		     sh, lname, otype, sc, argh_, unit, cmds, hlp) \
	{ .type = OPTION_##otype, .short_name = (sh), .long_name = (lname), \
	  .value = (v), .min = (lo), .max = (hi), .scale = (sc), \
	  .takes_arg = 1, .argh = (argh_), .help = (hlp) }
#define OPT_SETTING(id, v) SETTING_ROW_##id(OPT_SETTING_, v)

/* The row of id; every id has one. */
const struct setting *settings_row(enum setting_id id);

/* The table, and its length in *n. */
const struct setting *settings_all(size_t *n);

/* The setting [section] key, or NULL. */
const struct setting *settings_find(const char *section, const char *key);

/* The row's default: a number's, or 0 when it has none; a text's. */
long settings_default(enum setting_id id);
const char *settings_default_text(enum setting_id id);

/*
 * The known setting nearest a mistyped [section] key, as "[check] confirm"
 * in a static buffer, or NULL when none is near.
 */
const char *settings_near(const char *section, const char *key);

/*
 * The number id of cfg (NULL: none) into *v, unless the setting's option
 * was given in opts (NULL: none) or the key is unset; range-checked by
 * the row.  -1 after error() on a bad value.
 */
int settings_number(const struct config *cfg, const struct option *opts,
		    enum setting_id id, long *v);

/* The text id of cfg, or NULL when unset or overridden. */
const char *settings_text(const struct config *cfg, const struct option *opts,
			  enum setting_id id);

/*
 * The value of id in [section "sub"] (a row with a "NAME"), or NULL;
 * a number's as a number into *v (0 when unset).  cfg may be NULL.
 */
const char *settings_text_sub(const struct config *cfg, enum setting_id id,
			      const char *sub);
long settings_number_sub(const struct config *cfg, enum setting_id id,
			 const char *sub);

/* 1 when a pattern of the glob id matches s (path: s is a path). */
int settings_match(const struct config *cfg, enum setting_id id,
		   const char *s, int path);

/*
 * Every entry of id, in file order: start with *i = 0; NULL at the end.
 * cfg may be NULL.
 */
const struct config_entry *settings_next(const struct config *cfg,
					 enum setting_id id, size_t *i);

/*
 * The confirmation rule, one setting for check, resolve, report and diff:
 * --confirm N and --spacing DAYS, else [check] confirm and spacing, else
 * the rows' defaults.
 */
#define OPT_CONFIRM(confirm, spacing_s) \
	OPT_SETTING(CHECK_CONFIRM, (confirm)), \
	OPT_SETTING(CHECK_SPACING, (spacing_s))
void settings_confirm_init(int *confirm, long long *spacing_s);
/* -1 after error() on a bad value in cfg. */
int settings_confirm(const struct config *cfg, const struct option *opts,
		     int *confirm, long long *spacing_s);

/* 'linkmend help config': every setting, its default and its help. */
void settings_print(FILE *out);

/*
 * The same as the man page's list (roff, for docs/linkmend.1 between
 * its marker comments; 'linkmend help --roff').
 */
void settings_print_roff(FILE *out);

#endif
