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
#include <stdio.h>

enum parse_opt_type {
	OPTION_END,
	OPTION_BOOL,		/* int, set to 1 */
	OPTION_STRING,		/* const char * */
	OPTION_INT,		/* int, a number in [min, max] times scale */
	OPTION_LONG,		/* long, the same */
	OPTION_LLONG,		/* long long, the same */
	OPTION_SIZE,		/* size_t, the same */
	OPTION_BYTES,		/* long long: bytes, or with K, M or G */
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
	const char *argh;	/* the value's name in help: "N", "PATH" */
	const char *help;	/* one line, wrapped by the help printer */
	enum parse_opt_type shows;	/* a callback's value, for its default */
	const struct option *like;	/* help, value name, default from it */
	int seen;		/* set by parse_options() when given */
};

/*
 * A command's text for --help: the synopsis (after "usage: "), what comes
 * before the option list and what comes after it (settings, exit status).
 * The list itself is generated from the table, each number's and
 * string's default read from where the option points, so help can never
 * say another default than the code uses.
 */
struct usage_text {
	const char *synopsis;
	const char *about;
	const char *after;
};

#define OPT_END() { .type = OPTION_END }
#define OPT_BOOL(s, l, v, h) \
	{ .type = OPTION_BOOL, .short_name = (s), .long_name = (l), \
	  .value = (v), .help = (h) }
#define OPT_STRING(s, l, v, a, h) \
	{ .type = OPTION_STRING, .short_name = (s), .long_name = (l), \
	  .value = (v), .takes_arg = 1, .argh = (a), .help = (h) }
#define OPT_NUMBER_(t, s, l, v, lo, hi, sc, a, h) \
	{ .type = (t), .short_name = (s), .long_name = (l), .value = (v), \
	  .min = (lo), .max = (hi), .scale = (sc), .takes_arg = 1, \
	  .argh = (a), .help = (h) }
#define OPT_INT(s, l, v, lo, hi, a, h) \
	OPT_NUMBER_(OPTION_INT, s, l, v, lo, hi, 1, a, h)
#define OPT_LONG(s, l, v, lo, hi, scale, a, h) \
	OPT_NUMBER_(OPTION_LONG, s, l, v, lo, hi, scale, a, h)
#define OPT_LLONG(s, l, v, lo, hi, scale, a, h) \
	OPT_NUMBER_(OPTION_LLONG, s, l, v, lo, hi, scale, a, h)
#define OPT_SIZE(s, l, v, lo, hi, a, h) \
	OPT_NUMBER_(OPTION_SIZE, s, l, v, lo, hi, 1, a, h)
#define OPT_BYTES(s, l, v, a, h) \
	OPT_NUMBER_(OPTION_BYTES, s, l, v, 0, 64.0 * (1LL << 30), 1, a, h)
#define OPT_LIST(s, l, v, a, h) \
	{ .type = OPTION_LIST, .short_name = (s), .long_name = (l), \
	  .value = (v), .takes_arg = 1, .argh = (a), .help = (h) }
#define OPT_CALLBACK(s, l, v, cb, a, h) \
	{ .type = OPTION_CALLBACK, .short_name = (s), .long_name = (l), \
	  .value = (v), .callback = (cb), .takes_arg = 1, .argh = (a), \
	  .help = (h) }
#define OPT_CALLBACK_NOARG(s, l, v, cb, h) \
	{ .type = OPTION_CALLBACK, .short_name = (s), .long_name = (l), \
	  .value = (v), .callback = (cb), .help = (h) }

/* Seconds and days, as options scale them. */
#define OPT_SECONDS_TO_MS 1000.0
#define OPT_DAYS_TO_S 86400.0

/*
 * Parse argv[1..argc) (argv[0] is the command's name) against opts.
 * Returns the number of arguments that are not options, moved to
 * argv[0..n) in their order.  An unknown option, a missing value or a
 * bad number prints what is wrong and the synopsis, and exits 129;
 * -h or --help anywhere before "--" prints the whole help and exits 0.
 */
int parse_options(int argc, char **argv, struct option *opts,
		  const struct usage_text *usage);

/* The help: synopsis, about, the options with their defaults, after. */
void parse_options_help(FILE *out, const struct option *opts,
			const struct usage_text *usage);

/*
 * text, the cursor at column col, wrapped to 79 columns, each line after
 * the first indented to col; ends the line.
 */
void parse_options_wrap(FILE *out, const char *text, int col);

/* The option whose long name is name, or NULL. */
const struct option *parse_options_find(const struct option *opts,
					const char *name);

/* 1 when the option named name was given on the command line. */
int parse_options_seen(const struct option *opts, const char *name);

/*
 * A table for a command that hands options on to others (run): own[0..
 * nown), then once each every option of tables[0..n) that takes(i, name)
 * lets through, as a callback cb that takes a value where the original
 * does; its help is the first table's with " [names that take it]"
 * added, its default shown from that table (.like).
 */
struct option *parse_options_merge(const struct option *own, size_t nown,
				   const struct option *const *tables,
				   const char *const *names, int n,
				   int (*takes)(int table, const char *name),
				   int (*cb)(const struct option *, const char *));
void parse_options_merged_free(struct option *opts, size_t nown);

/* Frees what an OPT_LIST gathered (not the strings: argv's). */
void opt_list_release(struct opt_list *l);

/* Whether the option takes a value. */
int parse_options_takes_arg(const struct option *o);

#endif
