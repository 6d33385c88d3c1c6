/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Command-line options declared as data, in the manner of git's
 * parse-options: a command lists its options in an array ended by
 * OPT_END(), each naming where its value goes, and parse_options() fills
 * them.  A number is range-checked and scaled (days to seconds, seconds
 * to milliseconds) in one place, so one option parses the same in every
 * command.  Long options may be abbreviated to a unique prefix and take
 * their value as "--name=V" or "--name V"; short ones as "-nV" or "-n V".
 * Arguments that are not options are kept, in order; "--" ends options.
 */
#ifndef LIB_PARSE_OPTIONS_H
#define LIB_PARSE_OPTIONS_H

#include <stddef.h>

enum parse_opt_type {
	OPTION_END,
	OPTION_BOOL,		/* int, set to 1 */
	OPTION_STRING,		/* const char * */
	OPTION_INT,		/* int, a number in [min, max] times scale */
	OPTION_LONG,		/* long, the same */
	OPTION_LLONG,		/* long long, the same */
	OPTION_SIZE,		/* size_t, the same */
	OPTION_CALLBACK,	/* callback(opt, arg): 0, or -1 after error() */
	OPTION_LIST,		/* struct opt_list: each value appended */
};

/* The values of an option given several times (--path A --path B). */
struct opt_list {
	const char **v;		/* argv's strings; NULL-terminated */
	size_t nr, alloc;
};

struct option {
	enum parse_opt_type type;
	int short_name;
	const char *long_name;
	void *value;
	double min, max, scale;
	int (*callback)(const struct option *opt, const char *arg);
	int takes_arg;		/* OPTION_CALLBACK only */
	int seen;		/* set by parse_options() when given */
};

#define OPT_END() { OPTION_END, 0, NULL, NULL, 0, 0, 0, NULL, 0, 0 }
#define OPT_BOOL(s, l, v) { OPTION_BOOL, (s), (l), (v), 0, 0, 0, NULL, 0, 0 }
#define OPT_STRING(s, l, v) \
	{ OPTION_STRING, (s), (l), (v), 0, 0, 0, NULL, 1, 0 }
#define OPT_INT(s, l, v, lo, hi) \
	{ OPTION_INT, (s), (l), (v), (lo), (hi), 1, NULL, 1, 0 }
#define OPT_LONG(s, l, v, lo, hi, scale) \
	{ OPTION_LONG, (s), (l), (v), (lo), (hi), (scale), NULL, 1, 0 }
#define OPT_LLONG(s, l, v, lo, hi, scale) \
	{ OPTION_LLONG, (s), (l), (v), (lo), (hi), (scale), NULL, 1, 0 }
#define OPT_SIZE(s, l, v, lo, hi) \
	{ OPTION_SIZE, (s), (l), (v), (lo), (hi), 1, NULL, 1, 0 }
#define OPT_LIST(s, l, v) \
	{ OPTION_LIST, (s), (l), (v), 0, 0, 0, NULL, 1, 0 }
#define OPT_CALLBACK(s, l, v, cb) \
	{ OPTION_CALLBACK, (s), (l), (v), 0, 0, 0, (cb), 1, 0 }
#define OPT_CALLBACK_NOARG(s, l, v, cb) \
	{ OPTION_CALLBACK, (s), (l), (v), 0, 0, 0, (cb), 0, 0 }

/* Seconds and days, as options scale them. */
#define OPT_SECONDS_TO_MS 1000.0
#define OPT_DAYS_TO_S 86400.0

/*
 * Parse argv[1..argc) (argv[0] is the command's name) against opts.
 * Returns the number of arguments that are not options, moved to
 * argv[0..n) in their order.  An unknown option, a missing value or a
 * bad number prints what is wrong and usage, and exits 129.
 */
int parse_options(int argc, char **argv, struct option *opts,
		  const char *usage);

/* The option whose long name is name, or NULL. */
const struct option *parse_options_find(const struct option *opts,
					const char *name);

/* 1 when the option named name was given on the command line. */
int parse_options_seen(const struct option *opts, const char *name);

/* Frees what an OPT_LIST gathered (not the strings: argv's). */
void opt_list_release(struct opt_list *l);

/* Whether the option takes a value. */
int parse_options_takes_arg(const struct option *o);

#endif
