// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The command layer's set-up (setup.h): the store as commands open it,
 * and the check of a .linkmend.conf against the settings table
 * (lib/settings.h, 'linkmend help config').  The file is the tree's
 * (ROOT/.linkmend.conf); the user's own ($XDG_CONFIG_HOME/linkmend/config)
 * comes before it and alone may set the keys marked user-only, which say
 * where data, requests or credentials go; options given on the command
 * line override both.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/config.h"
#include "lib/parse-options.h"
#include "lib/path.h"
#include "lib/run.h"
#include "lib/settings.h"
#include "lib/strbuf.h"
#include "lib/strvec.h"
#include "lib/usage.h"
#include "lib/utf8.h"
#include "lib/xalloc.h"
#include "net/options.h"
#include "setup.h"
#include "store/store.h"

/* Where the user's own file is, for messages. */
static const char *user_conf_name(void)
{
	const char *xdg = getenv("XDG_CONFIG_HOME");

	return xdg && *xdg == '/' ? "$XDG_CONFIG_HOME/linkmend/config" :
	       "~/.config/linkmend/config";
}

static int parent_exists(const char *path)
{
	char *dir = xstrdup(path), *slash = strrchr(dir, '/');
	struct stat st;
	int ok;

	if (slash == dir)
		slash[1] = '\0';
	else if (slash)
		*slash = '\0';
	ok = !stat(slash ? dir : ".", &st) && S_ISDIR(st.st_mode);
	free(dir);
	return ok;
}

/*
 * A store found in DIR/.linkmend/ acts on DIR's tree only: one copied
 * with its tree (cp -a A B) still names A, and fix in B wrote A's files.
 */
static void same_tree(const struct cmd_store *cs)
{
	char *dir = xstrdup(cs->found), *cut = strstr(dir, "/" STORE_DIR "/");
	char *here, *there;
	int same;

	if (cut)
		*cut = '\0';
	here = realpath(dir, NULL);
	there = realpath(cs->root, NULL);
	same = here && there && !strcmp(here, there);
	free(here);
	free(there);
	if (!same)
		die("the store '%s' belongs to the tree '%s', not to '%s' "
		    "where it stands (a copy?): run 'linkmend scan' here to "
		    "make it this tree's", cs->found, cs->root, dir);
	free(dir);
}

static struct config *user_conf(void);

/*
 * [store] url of the user's own file, for trees whose store is a
 * server's (no STORE_PATH of their own).  Never a tree's
 * .linkmend.conf: a tree does not choose where data goes.
 */
static char *conf_store_url(void)
{
	const char *url = settings_text(user_conf(), NULL, SETTING_STORE_URL);

	return url ? xstrdup(url) : NULL;
}

char *cmd_store_find(const char *db, const char *root, unsigned flags,
		     enum store_from *from)
{
	enum store_from dummy;
	char *path = NULL;

	if (!from)
		from = &dummy;
	*from = STORE_GIVEN;
	if (db)
		return xstrdup(db);
	*from = STORE_FOUND;
	if ((flags & STORE_FIND_UP) && (path = store_find()))
		return path;
	*from = STORE_USER;
	if ((flags & STORE_USER_URL) && (path = conf_store_url()))
		return path;
	*from = STORE_ROOT;
	if ((flags & STORE_AT_ROOT) && root)
		return xstrfmt("%s/%s", root, STORE_PATH);
	*from = STORE_NOWHERE;
	return NULL;
}

/*
 * The tree whose root holds the working directory, or NULL: in a store
 * of several trees, the one a command run inside a tree acts on.
 */
static char *tree_of_cwd(struct store *st)
{
	char *dir = getcwd(NULL, 0), *name = NULL, *slash;

	while (dir && !name) {
		name = store_tree_at(st, dir);
		slash = strrchr(dir, '/');
		if (!slash || slash == dir)
			break;
		*slash = '\0';
	}
	free(dir);
	return name;
}

/* cmd_store_open_ro() is opening: a store read only here will do. */
static int reading_only;

void cmd_store_open_ro(struct cmd_store *cs, const char *db, const char *tree,
		       int need_root, const char *hint)
{
	reading_only = 1;
	cmd_store_open(cs, db, tree, 0, need_root, hint);
	reading_only = 0;
}

void cmd_store_open(struct cmd_store *cs, const char *db, const char *tree,
		    int optional, int need_root, const char *hint)
{
	char *here_tree = NULL, *where;
	enum store_from from;

	memset(cs, 0, sizeof(*cs));
	where = cmd_store_find(db, NULL, STORE_FIND_UP | STORE_USER_URL, &from);
	if (from == STORE_GIVEN)
		free(where);
	else
		db = where;
	cs->found = from == STORE_FOUND ? where : NULL;
	cs->url = from == STORE_USER ? where : NULL;
	cs->db = db;
	if (!db && optional)
		return;
	if (!db)
		die("no store here: %s", hint);
	/*
	 * URLs given with --db: their checks go into that store, made new
	 * if need be, but only in a directory that exists.
	 */
	if (optional && !cs->found && !store_is_url(db) && access(db, F_OK) &&
	    !parent_exists(db))
		die("cannot use the store '%s': its directory does not exist",
		    db);
	cs->st = optional && !cs->found && !store_is_url(db) &&
		 access(db, F_OK) ? store_create(db) : store_open(db);
	if (!cs->st)
		die_reported();		/* the store said why, naming itself */
	/* Said before any work, not when the first result is to be kept. */
	if (!reading_only && store_read_only(cs->st))
		die("the store '%s' cannot be written here (a read-only "
		    "mount?): only 'linkmend report' reads it as it is", db);
	/*
	 * A store of several trees: those that act on one tree need it
	 * named; the others (check) then act on every tree.
	 */
	if (!tree && need_root)
		tree = here_tree = tree_of_cwd(cs->st);
	if ((tree || need_root) && store_select_tree(cs->st, tree))
		die_reported();
	free(here_tree);
	cs->root = store_get_meta(cs->st, "root");
	if (!cs->root && need_root)
		die("the store '%s' does not know its tree: run linkmend scan",
		    db);
	if (need_root && cs->found)
		same_tree(cs);
}

void cmd_limit_paths(struct cmd_store *cs, const struct opt_list *paths)
{
	size_t i;

	if (!paths->nr)
		return;
	cs->paths = xcalloc(paths->nr + 1, sizeof(*cs->paths));
	for (i = 0; i < paths->nr; i++) {
		char *p = xstrdup(paths->v[i]);

		if (path_normalize(p)) {
			free(p);	/* unreachable at exit: a leak to ASan */
			die("--path '%s': not a path inside the tree (relative "
			    "to its root, as scan prints them)", paths->v[i]);
		}
		cs->paths[cs->npaths++] = p;
	}
	store_limit_paths(cs->st, (const char *const *)cs->paths, cs->npaths);
}

int cmd_store_close(struct cmd_store *cs)
{
	int ret = store_close(cs->st);
	size_t i;

	for (i = 0; i < cs->npaths; i++)
		free(cs->paths[i]);
	free(cs->paths);
	free(cs->root);
	free(cs->found);
	free(cs->url);
	memset(cs, 0, sizeof(*cs));
	return ret;
}

volatile sig_atomic_t cmd_interrupted;

static void on_signal(int sig)
{
	(void)sig;
	cmd_interrupted = 1;
}

volatile sig_atomic_t *cmd_catch_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	return &cmd_interrupted;
}

int cmd_format_json(const char *format, const char *other)
{
	if (!strcmp(format, "json"))
		return 1;
	if (strcmp(format, other))
		die("--format: '%s' is not %s or json", format, other);
	return 0;
}

/*
 * Every value (and subsection) a file sets is one line of printable
 * characters, at most max bytes: a prefix or tag goes into a mail's
 * Subject:, where a newline or a CR starts a header of the tree's
 * choosing (To:, Bcc:), and no setting has a use for a control
 * character.  UTF-8 is printable; C1 controls and bytes that are no
 * UTF-8 are not.
 */
static void one_line(const struct config *cfg, const struct config_entry *e,
		     const char *v, size_t max, const char *what)
{
	const unsigned char *p = (const unsigned char *)v;
	size_t len = strlen(v), n;
	unsigned cp;

	if (len > max)
		die("%s:%u: [%s] %s: its %s is %zu bytes long, past the %zu "
		    "a setting may be", cfg->path, e->line, e->section,
		    e->key, what, len, max);
	for (; *p; p += n) {
		n = utf8_char(p, len - (size_t)(p - (const unsigned char *)v),
			      &cp);
		if (!n)
			die("%s:%u: [%s] %s: its %s is not UTF-8 (byte 0x%02x)",
			    cfg->path, e->line, e->section, e->key, what, *p);
		if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) ||
		    cp == 0x2028 || cp == 0x2029)
			die("%s:%u: [%s] %s: a control character (U+%04X) in "
			    "its %s: a setting is one line of printable "
			    "characters", cfg->path, e->line, e->section,
			    e->key, cp, what);
	}
}

/*
 * A value of the file that its setting (lib/settings.h) cannot take: an
 * error when any command loads the file, not a silent default, nor an
 * error only in the command that reads it.
 */
static void check_value(const struct config *cfg, const struct config_entry *e,
			const struct setting *k)
{
	const char *v = e->value, *p;
	char *end;
	long n;

	one_line(cfg, e, e->value, k->kind == SETTING_NUMBER ||
		 k->kind == SETTING_STATUSES || !k->max ? SETTING_MAX_TEXT :
		 (size_t)k->max, "value");
	if (e->sub)
		one_line(cfg, e, e->sub, SETTING_MAX_TEXT, "subsection");
	switch (k->kind) {
	case SETTING_NUMBER:
		errno = 0;
		n = strtol(v, &end, 10);
		if (errno || *end || end == v || n < k->min || n > k->max)
			die("%s:%u: [%s] %s: '%s' is not a number from %ld to "
			    "%ld", cfg->path, e->line, e->section, e->key, v,
			    k->min, k->max);
		break;
	case SETTING_STATUSES:
		for (p = v; *p; p = end + strspn(end, ", ")) {
			errno = 0;
			n = strtol(p, &end, 10);
			if (errno || end == p || n < k->min || n > k->max ||
			    (*end && !strchr(", ", *end)))
				die("%s:%u: [%s] %s: '%s' is not a list of HTTP "
				    "statuses (403, 429)", cfg->path, e->line,
				    e->section, e->key, v);
		}
		if (!*v)
			die("%s:%u: [%s] %s: no status given", cfg->path,
			    e->line, e->section, e->key);
		break;
	case SETTING_TEMPLATE:
		if (!strstr(v, "{path}"))
			die("%s:%u: [%s] %s: '%s' has no {path} (and {line}) "
			    "to fill in", cfg->path, e->line, e->section,
			    e->key, v);
		break;
	case SETTING_TEXT:
	case SETTING_GLOB:
		break;
	}
}

/* user: the user's own file, where protected keys may be set. */
static void validate(const struct config *cfg, int user)
{
	size_t i;

	for (i = 0; i < cfg->nr; i++) {
		const struct config_entry *e = &cfg->v[i];
		const struct setting *k = settings_find(e->section, e->key);
		const char *near;

		if (!k && (near = settings_near(e->section, e->key)))
			die("%s:%u: unknown setting [%s] %s; did you mean %s? "
			    "('linkmend help config' lists them)", cfg->path,
			    e->line, e->section, e->key, near);
		if (!k)
			die("%s:%u: unknown setting [%s] %s ('linkmend help "
			    "config' lists them)", cfg->path, e->line,
			    e->section, e->key);
		if (k->user_only && !user)
			die("%s:%u: [%s] %s is not a tree's to set: it says where "
			    "data, requests or credentials go (give it on the "
			    "command line, or in %s)", cfg->path, e->line,
			    e->section, e->key, user_conf_name());
		if (!k->sub != !e->sub)
			die("%s:%u: [%s] %s", cfg->path, e->line, e->section,
			    e->sub ? "takes no subsection" :
			    !strcmp(e->section, "host") ?
			    "needs a host: [host \"NAME\"]" :
			    "needs a tree: [tree \"NAME\"]");
		check_value(cfg, e, k);
	}
}

/* The user's own file, loaded and checked once (protected keys too). */
static struct config *user_conf(void)
{
	static struct config cfg;
	static int loaded;

	if (!loaded) {
		if (config_load_user(&cfg))
			die_reported();		/* naming the file */
		validate(&cfg, 1);
		loaded = 1;
	}
	return &cfg;
}

void cmd_conf_load(const char *root, struct config *cfg)
{
	if (config_load_tree(root, cfg))
		die_reported();		/* naming the file (and line) */
	validate(cfg, 0);
	/* The user's settings first: the tree's own win where both set one. */
	config_prepend(cfg, user_conf());
}

char *cmd_worker_owner(void)
{
	char host[256] = "";

	gethostname(host, sizeof(host) - 1);
	return xstrfmt("%s:%ld", *host ? host : "worker", (long)getpid());
}

int cmd_git_part(const char *dir, char **top, char **prefix)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf out = STRBUF_INIT, files = STRBUF_INIT;
	char *nl;
	int ret = 0;

	git_cmd(&cp, NULL);
	strvec_pushl(&cp.args, "rev-parse", "--show-toplevel",
		     "--show-prefix", NULL);
	cp.dir = dir;
	cp.out = &out;
	cp.no_stderr = 1;
	if (child_process_run(&cp) || !(nl = strchr(out.buf, '\n')))
		goto out;
	*nl++ = '\0';
	nl[strcspn(nl, "\n")] = '\0';
	if (!*nl)
		goto out;
	git_cmd(&cp, NULL);
	strvec_pushl(&cp.args, "ls-files", "--", ".", NULL);
	cp.out = &files;
	if (child_process_run(&cp) || !files.len)
		goto out;
	if (nl[strlen(nl) - 1] == '/')
		nl[strlen(nl) - 1] = '\0';
	*top = xstrdup(out.buf);
	*prefix = xstrdup(nl);
	ret = 1;
out:
	strbuf_release(&out);
	strbuf_release(&files);
	return ret;
}

char *cmd_under_root(const char *real_root, const char *path)
{
	char *real = realpath(path, NULL), *rel;
	size_t l = strlen(real_root);

	if (!real)
		die_errno("cannot resolve '%s'", path);
	if (strncmp(real, real_root, l) || (real[l] && real[l] != '/'))
		die("'%s' is outside the root '%s'", path, real_root);
	rel = xstrdup(real + l + (real[l] == '/'));
	free(real);
	return rel;
}

char *cmd_tree_paths(const char *root_opt, int argc, char **argv, int quiet,
		     char **real_root, struct strvec *paths)
{
	char *root = xstrdup(root_opt ? root_opt : argv[0]), *top, *prefix;
	int i;

	if (!root_opt && argc == 1 && cmd_git_part(root, &top, &prefix)) {
		free(root);
		root = top;
		if (!quiet)
			fprintf(stderr, "run: the tree is the checkout '%s'; "
				"the run is limited to %s\n", root, prefix);
		strvec_push(paths, prefix);
		free(prefix);
	}
	*real_root = realpath(root, NULL);
	if (!*real_root)
		die_errno("cannot resolve '%s'", root);
	for (i = root_opt ? 0 : 1; i < argc; i++) {
		char *p = root_opt ? xstrdup(argv[i]) :
			  xstrfmt("%s/%s", root, argv[i]);
		char *rel = cmd_under_root(*real_root, p);

		strvec_push(paths, rel);
		free(rel);
		free(p);
	}
	return root;
}
