/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The commands.  Each cmd_NAME() takes the arguments after its name and
 * returns the process exit status; only these and main.c see several
 * stages at once.  CMD_NAME_USAGE and CMD_NAME_HELP are printed by --help
 * and "linkmend help NAME".  cmd_NAME_options() is the command's option
 * table (its values point nowhere useful): run forwards from it.
 */
#ifndef BUILTIN_H
#define BUILTIN_H

struct option;

int cmd_scan(int argc, char **argv);
const struct option *cmd_scan_options(void);
extern const char cmd_scan_usage[];
extern const char cmd_scan_help[];

int cmd_check(int argc, char **argv);
const struct option *cmd_check_options(void);
extern const char cmd_check_usage[];
extern const char cmd_check_help[];

int cmd_resolve(int argc, char **argv);
const struct option *cmd_resolve_options(void);
extern const char cmd_resolve_usage[];
extern const char cmd_resolve_help[];

int cmd_fix(int argc, char **argv);
extern const char cmd_fix_usage[];
extern const char cmd_fix_help[];

int cmd_series(int argc, char **argv);
const struct option *cmd_series_options(void);
extern const char cmd_series_usage[];
extern const char cmd_series_help[];

int cmd_verify(int argc, char **argv);
extern const char cmd_verify_usage[];
extern const char cmd_verify_help[];

int cmd_report(int argc, char **argv);
extern const char cmd_report_usage[];
extern const char cmd_report_help[];

int cmd_diff(int argc, char **argv);
extern const char cmd_diff_usage[];
extern const char cmd_diff_help[];

int cmd_archive(int argc, char **argv);
extern const char cmd_archive_usage[];
extern const char cmd_archive_help[];

int cmd_run(int argc, char **argv);
extern const char cmd_run_usage[];
extern const char cmd_run_help[];

#endif
