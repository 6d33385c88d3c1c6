/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What every command sets up before it calls its stage: the store (found
 * from here up, or given), the tree's .linkmend.conf with every key
 * checked, and the output format.  This is the command layer: these
 * die() with a message naming what is wrong; stages never do.
 */
#ifndef SETUP_H
#define SETUP_H

#include "lib/settings.h"

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
 * Where a command's store is, by one rule for all: db (--db) when
 * given, else the first of these steps that the flags take and that
 * finds one:
 *   STORE_FIND_UP   .linkmend/linkmend.db here or in a parent directory
 *                   (the tree's own, made by scan);
 *   STORE_USER_URL  [store] url of the user's own file (a tree's
 *                   .linkmend.conf never says where data goes);
 *   STORE_AT_ROOT   root/.linkmend/linkmend.db, whether or not it is
 *                   there yet (where scan makes it).
 * The path or URL (to free), or NULL; *from (when not NULL) says which.
 */
enum store_from {
	STORE_NOWHERE,
	STORE_GIVEN,
	STORE_FOUND,
	STORE_USER,
	STORE_ROOT,
};
#define STORE_FIND_UP	(1u << 0)
#define STORE_USER_URL	(1u << 1)
#define STORE_AT_ROOT	(1u << 2)
char *cmd_store_find(const char *db, const char *root, unsigned flags,
		     enum store_from *from);

/*
 * Open the store cmd_store_find() finds (db, else found from here up,
 * else [store] url); without one, die with "no store here: " and hint,
 * unless optional (check given URLs: then a --db that does not exist
 * yet is made, in a directory that does).  tree (--tree) selects one of
 * the store's trees; need_root: die when the store does not know its
 * tree, or holds several and none is named.
 */
void cmd_store_open(struct cmd_store *cs, const char *db, const char *tree,
		    int optional, int need_root, const char *hint);

/*
 * --path P (repeatable): what the command reads is limited to P and
 * below, a path relative to the tree's root (drivers/iio); a path
 * outside it dies.
 */
#define OPT_PATHS(l) OPT_LIST(0, "path", (l), "P", \
	"only the links under P, relative to the tree's root (repeatable)")
struct opt_list;
void cmd_limit_paths(struct cmd_store *cs, const struct opt_list *paths);

/*
 * The same for a command that only reads (report): a store that cannot
 * be written here (a read-only mount) is opened to be read.
 */
void cmd_store_open_ro(struct cmd_store *cs, const char *db, const char *tree,
		       int need_root, const char *hint);

/* The options most commands share, with one help text each. */
/* --db is the option of [store] url: its row says it (settings-rows.h). */
#define OPT_DB(v) OPT_SETTING(STORE_URL, (v))
#define OPT_TREE(v) OPT_STRING(0, "tree", (v), "NAME", \
	"only that tree of the store")
#define OPT_QUIET(v) OPT_BOOL('q', "quiet", (v), "no progress or summary")
#define OPT_NO_OUTPUT(v) OPT_BOOL(0, "no-output", (v), \
	"record in the store only")
#define OPT_FORMAT(v, forms) OPT_STRING(0, "format", (v), forms, \
	"output format")
/*
 * A worker: the store's work shared with any number of others, a host
 * one worker's at a time (a lease) so its spacing holds across them.
 */
#define OPT_WORKER(w) \
	OPT_BOOL(0, "worker", &(w)->worker, "take work from the store with any " \
		 "number of other workers (here or on other machines) until " \
		 "none is left; prints nothing on standard output"), \
	OPT_LLONG(0, "lease", &(w)->lease_s, 5, 86400, 1, "S", "how long a " \
		  "worker holds its hosts without renewal: a killed " \
		  "worker's hosts go to another after this"), \
	OPT_SIZE(0, "claim-hosts", &(w)->hosts, 1, 100000, "N", \
		 "hosts a worker takes at a time")

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

/*
 * A ROOT inside a git checkout, not its top, and holding files git
 * tracks: the checkout is the tree, ROOT a part of it.  Sets *top and
 * *prefix (to free) and returns 1, else 0.
 */
int cmd_git_part(const char *dir, char **top, char **prefix);

/* path (from here) relative to real_root (to free), or die naming it. */
char *cmd_under_root(const char *real_root, const char *path);

/*
 * The tree a run works on and the parts it is limited to: ROOT (or
 * --root) and the PATHs after it, each relative to the tree's root,
 * into paths; a ROOT inside a git checkout is the checkout limited to
 * it (said on stderr unless quiet).  The root as given (to free);
 * *real_root its real path (to free).  Dies on a path outside it.
 */
struct strvec;
char *cmd_tree_paths(const char *root_opt, int argc, char **argv, int quiet,
		     char **real_root, struct strvec *paths);

/* A worker's name in the store's leases: "HOST:PID" (to free). */
char *cmd_worker_owner(void);

#endif
