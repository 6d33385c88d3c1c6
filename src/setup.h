/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What every command sets up before it calls its stage: the store (found
 * from here up, or given), the tree's .linkmend.conf with every key
 * checked, and the output format.  This is the command layer: these
 * die() with a message naming what is wrong; stages never do.
 */
#ifndef SETUP_H
#define SETUP_H

struct config;
struct store;

struct cmd_store {
	struct store *st;	/* NULL only when optional and none */
	const char *db;		/* its path */
	char *root;		/* the tree it scanned, or NULL */
	char *found;
	char *url;		/* [store] url of .linkmend.conf, when used */
	char **paths;		/* cmd_limit_paths(), normalised */
	size_t npaths;
};

/*
 * Open db, or the store found from here up (.linkmend/linkmend.db, or
 * [store] url in .linkmend.conf); without one, die with "no store here: "
 * and hint, unless optional (check given URLs: then a --db that does not
 * exist yet is made, in a directory that does).  tree (--tree) selects
 * one of the store's trees; need_root: die when the store does not know
 * its tree, or holds several and none is named.
 */
void cmd_store_open(struct cmd_store *cs, const char *db, const char *tree,
		    int optional, int need_root, const char *hint);
/*
 * Where a command that makes the store (scan, run) keeps it, by one rule:
 * --db, else [store] url of the user's own file, else
 * ROOT/.linkmend/linkmend.db.  To free.
 */
char *cmd_store_path(const char *db, const char *root);

/*
 * --path P (repeatable): what the command reads is limited to P and
 * below, a path relative to the tree's root (drivers/iio); a path
 * outside it dies.
 */
#define OPT_PATHS(l) OPT_LIST(0, "path", (l))
struct opt_list;
void cmd_limit_paths(struct cmd_store *cs, const struct opt_list *paths);

/*
 * The same for a command that only reads (report): a store that cannot
 * be written here (a read-only mount) is opened to be read.
 */
void cmd_store_open_ro(struct cmd_store *cs, const char *db, const char *tree,
		       int need_root, const char *hint);

/* 0, or -1 after error(). */
int cmd_store_close(struct cmd_store *cs);

/* ROOT/.linkmend.conf loaded and every key checked, or die. */
void cmd_conf_load(const char *root, struct config *cfg);

/*
 * 1 for --format=json, 0 for the other format the command knows (tsv or
 * text); anything else dies.
 */
int cmd_format_json(const char *format, const char *other);

/*
 * SIGINT and SIGTERM set cmd_interrupted instead of killing: the stages
 * stop at the next request and keep what they finished.  Returns the
 * flag, for a stage's stop.
 */
#include <signal.h>
extern volatile sig_atomic_t cmd_interrupted;
volatile sig_atomic_t *cmd_catch_signals(void);

/* A worker's name in the store's leases: "HOST:PID" (to free). */
char *cmd_worker_owner(void);

#endif
