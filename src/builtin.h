/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The commands.  Each cmd_NAME() takes the arguments after its name and
 * returns the process exit status; only these and main.c see several
 * stages at once.  CMD_NAME_USAGE and CMD_NAME_HELP are printed by --help
 * and "linkmend help NAME".
 */
#ifndef BUILTIN_H
#define BUILTIN_H

struct store;

/*
 * Open db, or the store found from here up (*found, to free), or die
 * with "no store here: " and hint.  cmd_store_root: the scanned tree's
 * path recorded in it, or die.
 */
struct store *cmd_open_store(const char *db, char **found, const char *hint);
char *cmd_store_root(struct store *st, const char *db);

/*
 * The tree's .linkmend.conf (cmd_conf.c has its keys): load it (or die
 * naming the bad line) and check every key is known; then ask it.
 */
struct config;
void cmd_conf_load(const char *root, struct config *cfg);
void cmd_conf_validate(const struct config *cfg);
int cmd_conf_skip_path(const struct config *cfg, const char *path);
int cmd_conf_ignore_url(const struct config *cfg, const char *url);
int cmd_conf_accepts(const struct config *cfg, const char *host, long status);
long cmd_conf_number(const struct config *cfg, const char *section,
		     const char *key, long min, long max, long dflt);

/*
 * The request settings of [check] (jobs, per-host, spacing-ms, timeout,
 * user-agent) into o, but for those the command line gave (NET_GIVEN_*).
 */
struct net_opts;
enum { NET_GIVEN_JOBS = 1, NET_GIVEN_PER_HOST = 2, NET_GIVEN_SPACING = 4,
       NET_GIVEN_TIMEOUT = 8, NET_GIVEN_USER_AGENT = 16 };
void cmd_conf_net(const struct config *cfg, struct net_opts *o,
		  unsigned given);

/*
 * A check's result as the store keeps it, the tree's settings applied: a
 * failure whose status [host "NAME"] accept lists is alive, its detail
 * saying so.  Fills sc (which points into r and *detail; free *detail).
 */
struct check_result;
struct store_check;
void cmd_conf_check_result(const struct config *cfg,
			   const struct check_result *r, long long url_id,
			   long long at, struct store_check *sc, char **detail);

/* An option's number in [min, max], or die naming the option. */
double cmd_number(const char *s, const char *opt, double min, double max);

int cmd_scan(int argc, char **argv);
extern const char cmd_scan_usage[];
extern const char cmd_scan_help[];

int cmd_check(int argc, char **argv);
extern const char cmd_check_usage[];
extern const char cmd_check_help[];

int cmd_resolve(int argc, char **argv);
extern const char cmd_resolve_usage[];
extern const char cmd_resolve_help[];

int cmd_fix(int argc, char **argv);
extern const char cmd_fix_usage[];
extern const char cmd_fix_help[];

int cmd_series(int argc, char **argv);
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
