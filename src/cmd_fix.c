// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * linkmend fix: write the resolutions into the tree, file by file and
 * atomically, or show them as a diff.  A file changed since scan is left
 * alone; an edit already written is not written again.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <openssl/evp.h>
#include <sys/file.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "builtin.h"
#include "lib/path.h"
#include "lib/strbuf.h"
#include "lib/usage.h"
#include "lib/xalloc.h"
#include "rewrite/plan.h"
#include "rewrite/rewrite.h"
#include "scan/manifest.h"
#include "store/store.h"

extern char **environ;

const char cmd_fix_usage[] =
	"linkmend fix [--db PATH] [--dry-run] [--kinds LIST] [--strings] [--wait]\n"
	"                    [-q]";

const char cmd_fix_help[] =
	"Write the replacements that resolve found into the files, each edit\n"
	"escaped for its context (no comment closer in a block comment, %% in\n"
	"a printf format, $$ in a Makefile, ...), each file written\n"
	"atomically with its mode kept.  A file changed since the last scan is\n"
	"skipped with a message; an edit already written is not written again.\n"
	"Nothing is written through a symlink or into a directory outside the\n"
	"tree.  One fix runs at a time per store (.linkmend/fix.lock); a run\n"
	"killed at any moment leaves every file old or new, and the next run\n"
	"records what it had written and finishes the rest.\n"
	"\n"
	"    --db PATH      the store\n"
	"    --dry-run      print a unified diff instead of writing\n"
	"    --kinds LIST   comma-separated kinds to write (default\n"
	"                   moved,archived,typo,migrated,canonical; add upgrade)\n"
	"    --strings      also edit C strings and formats (changes the binary)\n"
	"    --wait         wait for another fix of this store to end, rather\n"
	"                   than refuse\n"
	"    -q, --quiet    no summary\n";

static int write_tmp(const char *dir, const char *buf, size_t len, char **out)
{
	char *p = xstrfmt("%s/linkmend-diff-XXXXXX", dir);
	int fd = mkstemp(p);

	if (fd < 0 || write(fd, buf, len) != (ssize_t)len) {
		if (fd >= 0)
			close(fd);
		unlink(p);
		free(p);
		return error_errno("cannot write a temporary file");
	}
	close(fd);
	*out = p;
	return 0;
}

/* The unified diff of one file, by diff(1). */
static int show_diff(const char *path, const struct strbuf *old,
		     const struct strbuf *new)
{
	const char *tmpdir = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	char *a = NULL, *b = NULL, *la = xstrfmt("a/%s", path),
	     *lb = xstrfmt("b/%s", path);
	const char *argv[] = { "diff", "-u", "--label", la, "--label", lb,
			       NULL, NULL, NULL };
	int status, ret = -1;
	pid_t pid;

	fflush(stdout);
	if (write_tmp(tmpdir, old->buf, old->len, &a) ||
	    write_tmp(tmpdir, new->buf, new->len, &b))
		goto out;
	argv[6] = a;
	argv[7] = b;
	if (posix_spawnp(&pid, "diff", NULL, NULL, (char *const *)argv, environ)) {
		error("cannot run diff");
		goto out;
	}
	if (waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
	    WEXITSTATUS(status) <= 1)
		ret = 0;
out:
	if (a)
		unlink(a);
	if (b)
		unlink(b);
	free(a);
	free(b);
	free(la);
	free(lb);
	return ret;
}

static int load_file(const struct store_file *f, void *data)
{
	manifest_add(data, f->path, f->size, f->mtime_ns);
	return 0;
}

static int unchanged_since_scan(const struct manifest *m, const char *full,
				const char *path)
{
	struct manifest_entry *e = manifest_lookup(m, path);
	struct stat st;

	if (!e || lstat(full, &st) || !S_ISREG(st.st_mode))
		return 0;
	return e->size == (long long)st.st_size &&
	       e->mtime_ns == (long long)st.st_mtim.tv_sec * 1000000000LL +
			      st.st_mtim.tv_nsec;
}

/*
 * One fix at a time per store: .linkmend/fix.lock, held with flock(2)
 * for the run (the kernel drops it when the process dies, kill -9 too).
 */
static int lock_store(const char *db, int wait)
{
	char *dir = xstrdup(db), *slash = strrchr(dir, '/'), *path;
	int fd;

	if (slash)
		*slash = '\0';
	path = xstrfmt("%s/fix.lock", slash ? dir : ".");
	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0666);
	if (fd < 0)
		die_errno("cannot open '%s'", path);
	if (flock(fd, wait ? LOCK_EX : LOCK_EX | LOCK_NB)) {
		if (errno == EWOULDBLOCK)
			die("another linkmend fix is writing this tree (%s); "
			    "--wait waits for it", path);
		die_errno("cannot lock '%s'", path);
	}
	free(path);
	free(dir);
	return fd;
}

/* 1 if full's directory lies inside root (no symlinked directory out). */
static int inside_tree(const char *root_real, const char *full)
{
	char *dir = xstrdup(full), *slash = strrchr(dir, '/'), *real;
	size_t n = strlen(root_real);
	int ok;

	if (slash)
		*slash = '\0';
	real = realpath(dir, NULL);
	ok = real && !strncmp(real, root_real, n) &&
	     (real[n] == '/' || real[n] == '\0');
	free(real);
	free(dir);
	return ok;
}

static void sha256_hex(const char *buf, size_t len, char out[65])
{
	unsigned char d[32];
	unsigned n = 0, i;

	EVP_Digest(buf, len, d, &n, EVP_sha256(), NULL);
	for (i = 0; i < 32; i++)
		snprintf(out + 2 * i, 3, "%02x", d[i]);
}

/* Commit, and start the next transaction. */
static void checkpoint(struct store *st, const char *db)
{
	if (store_commit(st) || store_begin(st))
		die("cannot record fixes in '%s'", db);
}

/*
 * A run killed between writing a file and recording it left
 * "fix_pending" = PATH TAB SHA-256 of what it wrote: if the file holds
 * that, its edits are done and recorded now; otherwise it was not
 * written.  Returns the path recovered (to free), or NULL.
 */
static char *recover_pending(struct store *st, const char *db,
			     const char *root, struct plan *p)
{
	char *v = store_get_meta(st, "fix_pending"), *tab, *full, *ret = NULL;
	struct strbuf sb = STRBUF_INIT;
	char hex[65];
	size_t i;

	if (!v || !*v || !(tab = strchr(v, '\t'))) {
		free(v);
		return NULL;
	}
	*tab = '\0';
	full = xstrfmt("%s/%s", root, v);
	if (!strbuf_read_file(&sb, full)) {
		sha256_hex(sb.buf, sb.len, hex);
		if (!strcmp(hex, tab + 1)) {
			for (i = 0; i < p->nr; i++)
				if (!strcmp(p->v[i].path, v) && !p->v[i].applied) {
					if (store_mark_applied(st, v, (long long)p->v[i].start))
						die("cannot record the fix of '%s'", v);
					p->v[i].applied = 1;
				}
			ret = xstrdup(v);
		}
	}
	if (store_set_meta(st, "fix_pending", ""))
		die("cannot write the store '%s'", db);
	checkpoint(st, db);
	strbuf_release(&sb);
	free(full);
	free(v);
	return ret;
}

enum { OPT_DB = 256, OPT_DRY_RUN, OPT_KINDS, OPT_STRINGS, OPT_WAIT };

static const struct option long_opts[] = {
	{ "db", required_argument, NULL, OPT_DB },
	{ "dry-run", no_argument, NULL, OPT_DRY_RUN },
	{ "kinds", required_argument, NULL, OPT_KINDS },
	{ "strings", no_argument, NULL, OPT_STRINGS },
	{ "wait", no_argument, NULL, OPT_WAIT },
	{ "quiet", no_argument, NULL, 'q' },
	{ NULL, 0, NULL, 0 },
};

int cmd_fix(int argc, char **argv)
{
	const char *db = NULL, *kinds = "moved,archived,typo,migrated,canonical";
	struct manifest m = MANIFEST_INIT;
	struct plan p = { NULL, 0, 0 };
	char *found = NULL, *root, *root_real, *recovered = NULL;
	struct store *st;
	int opt, dry = 0, strings = 0, quiet = 0, ret = 0, wait = 0, lock = -1;
	size_t i, j, files = 0, edits = 0, skipped = 0;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "q", long_opts, NULL)) != -1) {
		switch (opt) {
		case OPT_DB:
			db = optarg;
			break;
		case OPT_DRY_RUN:
			dry = 1;
			break;
		case OPT_KINDS:
			kinds = optarg;
			break;
		case OPT_STRINGS:
			strings = 1;
			break;
		case 'q':
			quiet = 1;
			break;
		case OPT_WAIT:
			wait = 1;
			break;
		default:
			usage_die(cmd_fix_usage);
		}
	}
	if (optind < argc)
		usage_die(cmd_fix_usage);
	st = cmd_open_store(db, &found, "run scan, check and resolve first");
	if (!db)
		db = found;
	root = cmd_store_root(st, db);
	root_real = realpath(root, NULL);
	if (!root_real)
		die_errno("cannot find the tree '%s'", root);
	if (!dry)
		lock = lock_store(db, wait);
	if (plan_load(st, kinds, strings, &p) ||
	    store_each_file(st, load_file, &m))
		die("cannot read the store '%s'", db);
	manifest_done(&m);
	if (!dry && store_begin(st))
		die("cannot write the store '%s'", db);
	if (!dry)
		recovered = recover_pending(st, db, root, &p);
	for (i = 0; i < p.nr; i = j) {
		struct strbuf old = STRBUF_INIT, new = STRBUF_INIT;
		struct edit *ev;
		size_t n = 0, todo = 0, *which;
		char *full, *rel = xstrdup(p.v[i].path);

		for (j = i; j < p.nr && !strcmp(p.v[j].path, p.v[i].path); j++)
			todo += !p.v[j].applied;
		if (!todo || path_normalize(rel)) {
			free(rel);
			continue;
		}
		full = xstrfmt("%s/%s", root, rel);
		free(rel);
		if (!inside_tree(root_real, full)) {
			warning("skipped '%s': its directory is outside the tree "
				"(a symlink)", p.v[i].path);
			skipped++;
			free(full);
			continue;
		}
		if (!dry) {
			/* A write a kill -9 cut short: never a result. */
			char *tmp = xstrfmt("%s.linkmend-??????", full);

			remove_leftovers(tmp);
			free(tmp);
		}
		if (!unchanged_since_scan(&m, full, p.v[i].path)) {
			warning("skipped '%s': changed since the last scan", p.v[i].path);
			skipped++;
			free(full);
			continue;
		}
		if (strbuf_read_file(&old, full)) {
			skipped++;
			free(full);
			continue;
		}
		ev = xcalloc(j - i, sizeof(*ev));
		which = xcalloc(j - i, sizeof(*which));
		for (size_t k = i; k < j; k++) {
			if (p.v[k].applied)
				continue;
			if (!plan_span_ok(&p.v[k], old.buf, old.len)) {
				warning("skipped %s:%u: not the URL scan saw there",
					p.v[k].path, p.v[k].line);
				continue;
			}
			which[n] = k;
			ev[n].start = p.v[k].start;
			ev[n].end = p.v[k].end;
			ev[n++].text = p.v[k].replacement;
		}
		if (n && rewrite_apply(old.buf, old.len, ev, n, &new)) {
			error("'%s': edits not applied", p.v[i].path);
			ret = 1;
		} else if (n && dry) {
			show_diff(p.v[i].path, &old, &new);
		} else if (n && !dry) {
			/*
			 * The intent first, then the file, then the record:
			 * a run killed anywhere here is finished by the next.
			 */
			char hex[65], *pending;

			sha256_hex(new.buf, new.len, hex);
			pending = xstrfmt("%s\t%s", p.v[i].path, hex);
			if (store_set_meta(st, "fix_pending", pending))
				die("cannot write the store '%s'", db);
			free(pending);
			checkpoint(st, db);
			if (rewrite_file(full, new.buf, new.len)) {
				ret = 1;
			} else {
				for (size_t k = 0; k < n; k++)
					if (store_mark_applied(st, p.v[which[k]].path,
							       (long long)p.v[which[k]].start))
						die("cannot record the fix of '%s'", p.v[i].path);
			}
			if (store_set_meta(st, "fix_pending", ""))
				die("cannot write the store '%s'", db);
			checkpoint(st, db);
		}
		if (n) {
			files++;
			edits += n;
		}
		free(ev);
		free(which);
		free(full);
		strbuf_release(&old);
		strbuf_release(&new);
	}
	if (!dry && store_commit(st))
		die("cannot record fixes in '%s'", db);
	if (fflush(stdout) || ferror(stdout))
		die_errno("cannot write the output");
	if (!quiet)
		fprintf(stderr, "fix: %zu edit%s in %zu file%s%s%s", edits,
			edits == 1 ? "" : "s", files, files == 1 ? "" : "s",
			dry ? " (dry run: nothing written)" : "",
			skipped ? "" : "\n");
	if (!quiet && skipped)
		fprintf(stderr, ", %zu file%s skipped\n", skipped,
			skipped == 1 ? "" : "s");
	if (!quiet && recovered)
		fprintf(stderr, "fix: '%s' was written by an interrupted run; "
			"recorded now\n", recovered);
	free(recovered);
	free(root_real);
	if (lock >= 0)
		close(lock);
	plan_release(&p);
	manifest_release(&m);
	store_close(st);
	free(root);
	free(found);
	return ret;
}
