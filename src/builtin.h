/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The commands.  Each cmd_NAME() takes the arguments after its name and
 * returns the process exit status; only these and main.c see several
 * stages at once.  cmd_NAME_usage is the text around the option list
 * that --help (and "linkmend help NAME") generates from the table.
 * cmd_NAME_options() is the command's option table, its values the
 * defaults: run forwards from it and shows them.
 */
#ifndef BUILTIN_H
#define BUILTIN_H

struct option;
struct usage_text;

int cmd_scan(int argc, char **argv);
const struct option *cmd_scan_options(void);
extern const struct usage_text cmd_scan_usage;

int cmd_check(int argc, char **argv);
const struct option *cmd_check_options(void);
extern const struct usage_text cmd_check_usage;

int cmd_resolve(int argc, char **argv);
const struct option *cmd_resolve_options(void);
extern const struct usage_text cmd_resolve_usage;

int cmd_fix(int argc, char **argv);
extern const struct usage_text cmd_fix_usage;

int cmd_series(int argc, char **argv);
const struct option *cmd_series_options(void);
extern const struct usage_text cmd_series_usage;

int cmd_sent(int argc, char **argv);
extern const struct usage_text cmd_sent_usage;

int cmd_refuse(int argc, char **argv);
extern const struct usage_text cmd_refuse_usage;

int cmd_verify(int argc, char **argv);
extern const struct usage_text cmd_verify_usage;

int cmd_report(int argc, char **argv);
extern const struct usage_text cmd_report_usage;

int cmd_diff(int argc, char **argv);
extern const struct usage_text cmd_diff_usage;

int cmd_archive(int argc, char **argv);
extern const struct usage_text cmd_archive_usage;

int cmd_run(int argc, char **argv);
extern const struct usage_text cmd_run_usage;

#endif
