// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../lib/run.h"
#include "../lib/strbuf.h"
#include "../lib/strmap.h"
#include "../lib/xalloc.h"
#include "subject.h"

void subject_style_release(struct subject_style *s)
{
	free(s->prefix);
	s->prefix = NULL;
}

static int starts(const char *s, const char *p)
{
	return !strncmp(s, p, strlen(p));
}

/* Parts of paths and titles that name no subsystem. */
static const char *const generic_words[] = {
	"drivers", "include", "linux", "uapi", "documentation", "arch",
	"boot", "dts", "bindings", "devicetree", "tools", "testing",
	"selftests", "lib", "scripts", "asm", "asm-generic", "generic",
	"common", "and", "the", "of", "for", "with", "other", "misc", "core",
	"support", "driver", "subsystem", "api", "abi", "kernel", NULL,
};

/* Build files' names, which name no subsystem in a path. */
static const char *const build_words[] = {
	"kconfig", "makefile", "kbuild", NULL,
};

/*
 * Words that name no subsystem in a title ("CHAR and MISC DRIVERS") but
 * do as a folder and a prefix: drivers/misc/ is "misc: ".
 */
static const char *const folder_words[] = {
	"misc", NULL,
};

static int listed(const char *const *v, const char *w)
{
	for (; *v; v++)
		if (!strcmp(*v, w))
			return 1;
	return 0;
}

/*
 * The words of s[0..len) (lower case, split at separators) into names;
 * path: 1 where s is a path, where build files' names say nothing, 2
 * where it is a prefix; in both a folder's word names a subsystem.
 */
static void add_words(struct strmap *names, const char *s, size_t len,
		      const char *seps, int path)
{
	size_t i = 0, k;

	while (i < len) {
		size_t w = 0;
		char *word;

		while (i < len && strchr(seps, s[i]))
			i++;
		while (i + w < len && !strchr(seps, s[i + w]))
			w++;
		if (w >= 2) {
			word = xstrndup(s + i, w);
			for (k = 0; word[k]; k++)
				word[k] = (char)tolower((unsigned char)word[k]);
			if ((!listed(generic_words, word) ||
			     (path && listed(folder_words, word))) &&
			    !(path == 1 && listed(build_words, word)))
				*strmap_put(names, word) = (void *)1;
			free(word);
		}
		i += w;
	}
}

/* 1 when a word of prefix is one of names. */
static int names_any(const struct strmap *names, const char *prefix)
{
	struct strmap words = STRMAP_INIT;
	struct strmap_entry *e;
	int hit = 0;

	add_words(&words, prefix, strlen(prefix), "/():, ", 2);
	add_words(&words, prefix, strlen(prefix), "/():, -_", 2);
	strmap_for_each(&words, e)
		if (strmap_get(names, e->key))
			hit = 1;
	strmap_clear(&words, NULL);
	return hit;
}

/*
 * prefix and the first word of the title that a path of the section has
 * too: "riscv: ftrace: " (arch/riscv/include/asm/ftrace.h of FUNCTION
 * HOOKS (FTRACE)), "docs: ldm: " (LOGICAL DISK MANAGER SUPPORT (LDM,
 * ...)); for "docs: " any word of the title ("docs: regressions: " of
 * KERNEL REGRESSIONS).  1 with *out set.
 */
static int title_word_of(const char *prefix, const char *title,
			 const struct strmap *paths, struct subject_style *out)
{
	const char *p = title;

	while (*p) {
		size_t n = strspn(p, "abcdefghijklmnopqrstuvwxyz"
				  "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
		char *w = xstrndup(p, n), *q;

		for (q = w; *q; q++)
			*q = (char)tolower((unsigned char)*q);
		if (n >= 3 && !listed(generic_words, w) &&
		    (!paths || strmap_get(paths, w))) {
			out->prefix = xstrfmt("%s%s: ", prefix, w);
			out->capital = 0;
			out->history = 0;
			free(w);
			return 1;
		}
		free(w);
		p += n;
		p += strcspn(p, "abcdefghijklmnopqrstuvwxyz"
			     "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
	}
	return 0;
}

/*
 * path's last part's whole name, lower case ("page-writeback"), into
 * stems; its last part, into names too.  Where it begins in *at, its
 * length in *len.
 */
static void add_stem(struct strmap *stems, const char *path,
		     const char **at, size_t *len)
{
	size_t n = strcspn(path, "*?[");
	const char *b;

	while (n && path[n - 1] == '/')
		n--;
	for (b = path + n; b > path && b[-1] != '/'; b--)
		;
	n -= (size_t)(b - path);
	add_words(stems, b, strcspn(b, ".") < n ? strcspn(b, ".") : n, "", 1);
	if (at) {
		*at = b;
		*len = n;
	}
}

/* path's last part, the name its subsystem goes by ("lm90", "hwmon"). */
static void add_last_part(struct strmap *names, const char *path)
{
	const char *b;
	size_t n;

	add_stem(names, path, &b, &n);
	add_words(names, b, n, ".-_", 1);
}

/* 1 when path's whole stem is one of words. */
static int stem_in(const struct strmap *words, const char *path)
{
	struct strmap one = STRMAP_INIT;
	struct strmap_entry *e;
	int hit = 0;

	add_stem(&one, path, NULL, NULL);
	strmap_for_each(&one, e)
		hit |= !!strmap_get(words, e->key);
	strmap_clear(&one, NULL);
	return hit;
}

int subject_section_style(const char *prefix, const char *title,
			  const char *const *paths, const size_t *files,
			  size_t n, const char *const *lists, size_t nl,
			  struct subject_style *out)
{
	struct strmap names = STRMAP_INIT, parts = STRMAP_INIT;
	struct strmap stems = STRMAP_INIT, titles = STRMAP_INIT;
	size_t i, k, pass, *order = xcalloc(n + 1, sizeof(*order));
	int found = 0, docs = !strcmp(prefix, "docs: "), code = 0;

	add_words(&names, title, strlen(title), " \t/()[],.:;'\"+&-_", 0);
	add_words(&titles, title, strlen(title), " \t/()[],.:;'\"+&-_", 0);
	for (i = 0; i < n; i++) {
		add_last_part(&names, paths[i]);
		add_last_part(&parts, paths[i]);
		add_stem(&stems, paths[i], NULL, NULL);
		code |= !starts(paths[i], "Documentation/");
	}
	/* A list's name is the subsystem's too: alsa-devel, linux-kbuild. */
	for (i = 0; i < nl; i++)
		add_words(&names, lists[i], strcspn(lists[i], "@"), "-._<> ",
			  0);
	/* The documentation's own sections answer to "docs: ". */
	if (strcasestr(title, "documentation")) {
		*strmap_put(&names, "docs") = (void *)1;
		*strmap_put(&names, "doc") = (void *)1;
	}
	if (names_any(&names, prefix))
		goto out;
	/* Most files first (a stable sort: MAINTAINERS' order on ties). */
	for (i = 0; i < n; i++) {
		for (k = i; k > 0 && files[order[k - 1]] < files[i]; k--)
			order[k] = order[k - 1];
		order[k] = i;
	}
	/* The section's own parts first, its tools after. */
	for (pass = 0; pass < 2 && !found; pass++)
		for (k = 0; k < n && !found; k++) {
			size_t cut;
			struct subject_style st = { 0 };
			char *p;

			i = order[k];
			cut = strcspn(paths[i], "*?[");
			/*
			 * A document takes no one file's prefix unless the
			 * section is that file's ("scsi: sg: " of SCSI SG
			 * DRIVER): "mm/filemap: " says mm/filemap.c changed,
			 * not vfs.rst of PAGE CACHE (a document named after
			 * its driver is named before, series/name.c).
			 */
			if (docs && !paths[i][cut] && cut &&
			    paths[i][cut - 1] != '/' &&
			    !stem_in(&titles, paths[i]))
				continue;
			if (starts(paths[i], "include/") ||
			    starts(paths[i], "Documentation/") ||
			    starts(paths[i], "tools/testing/") || !cut ||
			    starts(paths[i], "tools/") != (int)pass)
				continue;
			/* "kernel/crash_*": "kernel/crash". */
			while (cut > 1 && strchr("-_.", paths[i][cut - 1]))
				cut--;
			p = xstrndup(paths[i], cut);
			subject_convention(p, &st);
			free(p);
			if (names_any(&names, st.prefix)) {
				*out = st;
				found = 1;
			} else {
				subject_style_release(&st);
			}
		}
	/*
	 * Nothing better: the prefix and the section's own word, for a
	 * document one a file of the section is named ("docs: ublk: " of
	 * ublk.rst), never a piece of one ("page" of page-writeback.c);
	 * any word of a title only where the section is documents alone
	 * ("docs: regressions: " of KERNEL REGRESSIONS).
	 */
	if (!found)
		found = title_word_of(prefix, title, docs ? &stems : &parts,
				      out) ||
			(docs && !code &&
			 title_word_of(prefix, title, NULL, out));
out:
	free(order);
	strmap_clear(&names, NULL);
	strmap_clear(&parts, NULL);
	strmap_clear(&stems, NULL);
	strmap_clear(&titles, NULL);
	return found;
}

/*
 * "net: wireless: fix x: y" -> "net: wireless: " (words without spaces
 * before ": "), "hwmon: (tmp513) Add" -> "hwmon: (tmp513) ", lighttpd's
 * "[core] fix" -> "[core] "; the rest of the subject in *rest.  NULL when
 * it has none.
 */
static char *prefix_of(char *line, const char **rest)
{
	char *p = line, *colon, *end = NULL;

	/* A tag in brackets ("[mod_status] "), not a mail's "[PATCH]". */
	if (*line == '[') {
		char *close = strchr(line, ']');

		if (!close || close[1] != ' ' || close - line > 40 ||
		    close == line + 1 ||
		    memchr(line, ' ', (size_t)(close - line)) ||
		    !strncmp(line, "[PATCH", 6) || !strncmp(line, "[RFC", 4))
			return NULL;
		*rest = close + 2;
		return xstrndup(line, (size_t)(close + 2 - line));
	}

	while ((colon = strstr(p, ": "))) {
		if (colon == p || memchr(p, ' ', (size_t)(colon - p)))
			break;
		end = colon + 2;
		p = end;
	}
	if (!end || end - line > 48 || memchr(line, '[', (size_t)(end - line)))
		return NULL;
	/* hwmon's "(driver) " after the colon. */
	if (*end == '(') {
		char *close = strchr(end, ')');

		if (close && close[1] == ' ' && !memchr(end, ' ', (size_t)(close - end)))
			end = close + 2;
	}
	*rest = end;
	return xstrndup(line, (size_t)(end - line));
}

/* 1 when the prefix's first word is a folder of path, or its name. */
static int names_path(const char *prefix, const char *path)
{
	size_t w = strcspn(prefix, ":/ ("), n;
	const char *p = path;

	if (!w)
		return 0;
	while (*p) {
		n = strcspn(p, "/.");
		if (n == w && !strncasecmp(p, prefix, w))
			return 1;
		p += n;
		p += strspn(p, "/.");
	}
	return 0;
}

/* How far back a prefix is looked for: the project's recent habit. */
#define USED_COMMITS 5000

/*
 * Fewest subjects without a prefix that show a habit of writing none: a
 * file of one or two commits (the kernel's copy of one commit, "Linux
 * 6.1") says nothing of it.
 */
#define NONE_MIN 3

/* 1 when the first letter of the first word of s is a capital. */
static int first_upper(const char *s)
{
	return isupper((unsigned char)*s);
}

/*
 * A release's subject ("zlib 1.3.1", "Version 2.0"): a name and a
 * number, no sentence; it says nothing of how the project writes one.
 */
static int is_release(const char *s)
{
	const char *sp = strchr(s, ' ');

	return sp && !strchr(sp + 1, ' ') && strchr(sp + 1, '.') &&
	       strpbrk(sp + 1, "0123456789");
}

/*
 * The style the subjects of a file's history (one a line) show: 1 with
 * *out set where they show one, 2 where fewer than NONE_MIN subjects
 * show a prefix, 0 where they say nothing (no subjects, or prefixes tied
 * one or two each).  Most of them with no prefix at all
 * (tmux, zlib, redis: "Fix ...", "Add ..."): no prefix, whatever prefix
 * the others have ("Lazyfree: " of redis' lazyfree.c).
 */
static int style_of(const char *path, struct strbuf *log,
		    struct subject_style *out)
{
	struct strmap count = STRMAP_INIT;
	struct strmap_entry *e;
	char *line, *next, *best = NULL;
	size_t most = 0, upper = 0, lower = 0, none = 0, none_up = 0;
	size_t prefixed = 0;

	memset(out, 0, sizeof(*out));
	for (line = log->buf; line && *line; line = next) {
		const char *rest;
		char *p;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (is_release(line))
			continue;
		p = prefix_of(line, &rest);
		if (p) {
			void **slot = strmap_put(&count, p);

			*slot = (void *)((size_t)*slot + 1);
			free(p);
			prefixed++;
		} else if (isalpha((unsigned char)*line)) {
			none++;
			none_up += first_upper(line);
		}
	}
	strmap_for_each(&count, e)
		if ((size_t)e->value > most ||
		    ((size_t)e->value == most && best && strcmp(e->key, best) < 0)) {
			most = (size_t)e->value;
			best = e->key;
		}
	if (none >= NONE_MIN && none * 2 > none + prefixed) {
		strmap_clear(&count, NULL);
		out->prefix = xstrdup("");
		out->history = 1;
		out->capital = none_up * 2 > none;
		return 1;
	}
	/*
	 * A tie of one or two each (1-1-1) says nothing of the area's habit:
	 * convention.  A tie of more (curl's gtls.c: vtls: and gnutls:) is
	 * two habits: the one the newest commit follows.
	 */
	strmap_for_each(&count, e)
		if (best && e->key != best && (size_t)e->value == most)
			best = NULL;
	/* Of tied prefixes, one that names a part of the path ("OS400:"). */
	if (!best)
		strmap_for_each(&count, e)
			if (!best && (size_t)e->value == most &&
			    names_path(e->key, path))
				best = e->key;
	if (!best && most >= 3)
		for (line = log->buf; line < log->buf + log->len && !best;
		     line += strlen(line) + 1) {
			const char *rest;
			char *p = prefix_of(line, &rest);

			/* The map's own copy of the key: p is freed. */
			if (p && (size_t)strmap_get(&count, p) == most)
				strmap_for_each(&count, e)
					if (!best && !strcmp(e->key, p))
						best = e->key;
			free(p);
		}
	if (!best) {
		strmap_clear(&count, NULL);
		return 0;
	}
	out->prefix = xstrdup(best);
	out->history = 1;
	strmap_clear(&count, NULL);
	/* How the area writes what follows its prefix. */
	for (line = log->buf; line < log->buf + log->len;
	     line += strlen(line) + 1) {
		const char *rest;
		char *p = prefix_of(line, &rest);

		if (p && !strcmp(p, out->prefix) && isalpha((unsigned char)*rest))
			isupper((unsigned char)*rest) ? upper++ : lower++;
		free(p);
	}
	out->capital = upper > lower;
	return none + prefixed < NONE_MIN ? 2 : 1;
}

/*
 * A commit imported from another project (openssh's "upstream: ..." from
 * OpenBSD, each with an "OpenBSD-Commit-ID:" trailer): its subject is the
 * other project's voice, never this one's.  keys: its trailers' keys,
 * separated by commas.
 */
static int imported(const char *keys)
{
	static const char *const ends[] = { "-commit-id", "-regress-id",
		NULL };
	static const char *const whole[] = { "upstream-commit",
		"cherry-picked-from", "imported-from", "origin-commit", NULL };
	const char *k = keys;
	size_t i;

	while (*k) {
		size_t l = strcspn(k, ",");

		for (i = 0; ends[i]; i++)
			if (l > strlen(ends[i]) &&
			    !strncasecmp(k + l - strlen(ends[i]), ends[i],
					 strlen(ends[i])))
				return 1;
		for (i = 0; whole[i]; i++)
			if (l == strlen(whole[i]) &&
			    !strncasecmp(k, whole[i], l))
				return 1;
		k += l;
		k += strspn(k, ", ");
	}
	return 0;
}

/*
 * A commit whose subject is not its area's: a tree-wide change, by its
 * label ("treewide:", "tidy-up:", "SPDX:", "global:", a merge) or by its
 * spread (files under three or more top-level directories among those
 * asked about, Documentation/, include/ and top-level files aside: an
 * area's own change touches those).  Its prefix would win for every file
 * it touched.
 */
static int tree_wide(const char *subject, const char *const *paths,
		     const size_t *touched, size_t n)
{
	static const char *const labels[] = { "treewide", "tree-wide",
		"tidy-up", "tidyup", "spdx", "global", "all", "cleanup",
		"license", "licensing", "merge", NULL };
	const char *tops[3];
	size_t i, k, ntops = 0, l = strcspn(subject, ": ");

	for (i = 0; labels[i]; i++)
		if (strlen(labels[i]) == l &&
		    !strncasecmp(subject, labels[i], l))
			return 1;
	if (!strncmp(subject, "Merge ", 6))
		return 1;
	for (i = 0; i < n && ntops < 3; i++) {
		const char *p = paths[touched[i]];
		size_t tl = strcspn(p, "/");

		/* An area's own change touches its docs and headers too. */
		if (!p[tl] || !strncmp(p, "Documentation/", 14) ||
		    !strncmp(p, "include/", 8))
			continue;

		for (k = 0; k < ntops; k++)
			if (strlen(tops[k]) >= tl && !strncmp(tops[k], p, tl) &&
			    (tops[k][tl] == '/' || !tops[k][tl]))
				break;
		if (k == ntops)
			tops[ntops++] = p;
	}
	return ntops >= 3;
}

/*
 * Most subjects a file's (and the project's) habit is read from: those
 * of the last 200 commits that touched it, as a reader checks it.
 */
#define HABIT_COMMITS 200

/* The subjects of the project's own latest commits into out, one a line. */
static void project_subjects(const char *root, const char *base,
			     struct strbuf *out)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf log = STRBUF_INIT;
	char num[32];
	char *line, *next;

	snprintf(num, sizeof(num), "-n%d", HABIT_COMMITS);
	git_cmd(&cp, root);
	strvec_pushl(&cp.args, "log", "--no-merges", num,
		     "--format=%s%x02%(trailers:only,keyonly,separator=%x2c)",
		     base, "--", NULL);
	cp.out = &log;
	cp.no_stderr = 1;
	if (!child_process_run(&cp))
		for (line = log.buf; line && *line; line = next) {
			char *keys;

			next = strchr(line, '\n');
			if (next)
				*next++ = '\0';
			keys = strchr(line, '\002');
			if (keys)
				*keys++ = '\0';
			if (!keys || !imported(keys))
				strbuf_addf(out, "%s\n", line);
		}
	child_process_clear(&cp);
	strbuf_release(&log);
}

/* A subject into a file's list, while it holds fewer than HABIT_COMMITS. */
static void add_subject(struct strbuf *list, size_t *count, const char *s)
{
	if (*count >= HABIT_COMMITS)
		return;
	(*count)++;
	strbuf_addf(list, "%s\n", s);
}

static size_t lines_of(const struct strbuf *sb)
{
	size_t i, n = 0;

	for (i = 0; i < sb->len; i++)
		n += sb->buf[i] == '\n';
	return n;
}

/* The newest prefix of the subjects in sb (one a line), or NULL. */
static char *newest_prefix(const struct strbuf *sb)
{
	char *copy = xstrndup(sb->buf ? sb->buf : "", sb->len), *line, *next;
	char *p = NULL;

	for (line = copy; line && *line && !p; line = next) {
		const char *rest;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		p = prefix_of(line, &rest);
	}
	free(copy);
	return p;
}

/* The first part of a prefix ("net: " of "net: phy: "), its length. */
static size_t part_len(const char *prefix)
{
	const char *colon = strstr(prefix, ": ");

	return colon ? (size_t)(colon - prefix) + 2 : strlen(prefix);
}

/*
 * 1 when the first part of prefix begins a subject of the project's
 * latest USED_COMMITS commits; the parts they have into *used at the
 * first call.
 */
static int part_used(const char *root, const char *base, const char *prefix,
		     struct strmap *used, int *read)
{
	char *part;
	int hit;

	if (!*read) {
		struct child_process cp = CHILD_PROCESS_INIT;
		struct strbuf log = STRBUF_INIT;
		char num[32], *line, *next;

		snprintf(num, sizeof(num), "-n%d", USED_COMMITS);
		git_cmd(&cp, root);
		strvec_pushl(&cp.args, "log", "--no-merges", "--format=%s",
			     num, base, "--", NULL);
		cp.out = &log;
		cp.no_stderr = 1;
		child_process_run(&cp);
		for (line = log.buf; line && *line; line = next) {
			const char *rest;
			char *p;

			next = strchr(line, '\n');
			if (next)
				*next++ = '\0';
			p = prefix_of(line, &rest);
			if (p) {
				p[part_len(p)] = '\0';
				*strmap_put(used, p) = (void *)1;
				free(p);
			}
		}
		child_process_clear(&cp);
		strbuf_release(&log);
		*read = 1;
	}
	part = xstrndup(prefix, part_len(prefix));
	hit = !!strmap_get(used, part);
	free(part);
	return hit;
}

void subject_styles(const char *root, const char *base,
		    const char *const *paths, size_t n,
		    struct subject_style *out)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf log = STRBUF_INIT, *subj = xcalloc(n ? n : 1, sizeof(*subj));
	struct strbuf all = STRBUF_INIT;
	size_t *count = xcalloc(n ? n : 1, sizeof(*count)), nall = 0;
	struct strmap index = STRMAP_INIT;
	struct subject_style project = { 0 };
	size_t i;
	char *line, *next, *cur = NULL;
	int cur_imported = 0, habit, r, used_read = 0;
	struct strmap used = STRMAP_INIT;
	size_t nproject;

	git_cmd(&cp, root);
	/* Each subject with its trailers' keys: an import is known by them. */
	strvec_pushl(&cp.args, "-c", "core.quotePath=false", "log",
		     "--no-merges",
		     "--format=%x01%s%x02"
		     "%(trailers:only,keyonly,separator=%x2c)",
		     "--name-only", base, "--", NULL);
	for (i = 0; i < n; i++) {
		void **slot = strmap_put(&index, paths[i]);

		if (!*slot) {
			*slot = (void *)(i + 1);
			strvec_push(&cp.args, paths[i]);
		}
	}
	/* One log for every file: a process per file took most of series. */
	cp.out = &log;
	cp.no_stderr = 1;
	if (n && !child_process_run(&cp)) {
		size_t *touched = xcalloc(n, sizeof(*touched)), nt = 0;

		for (line = log.buf;; line = next) {
			int end = !line || !*line;

			next = NULL;
			if (!end && (next = strchr(line, '\n')))
				*next++ = '\0';
			if (end || *line == '\001') {
				/*
				 * The commit before, unless it is tree-wide
				 * or another project's.
				 */
				if (cur && !cur_imported &&
				    !tree_wide(cur, paths, touched, nt)) {
					for (i = 0; i < nt; i++)
						add_subject(&subj[touched[i]],
							    &count[touched[i]],
							    cur);
					if (nall++ < HABIT_COMMITS)
						strbuf_addf(&all, "%s\n", cur);
				}
				if (end)
					break;
				cur = line + 1;
				line = strchr(cur, '\002');
				cur_imported = line && imported(line + 1);
				if (line)
					*line = '\0';
				nt = 0;
			} else if (*line && cur) {
				size_t k = (size_t)strmap_get(&index, line);

				/* Each file's latest commits, as before. */
				if (k && nt < n)
					touched[nt++] = k - 1;
			}
		}
		free(touched);
	}
	/*
	 * The project's own habit, from the latest commits to all of the
	 * files: for a file whose own history says nothing, where the
	 * project writes no prefix.
	 */
	/* Too few: the project's latest commits, whatever they touch. */
	if (nall < NONE_MIN) {
		strbuf_reset(&all);
		project_subjects(root, base, &all);
	}
	nproject = lines_of(&all);
	habit = style_of("", &all, &project) == 1 && !*project.prefix;
	for (i = 0; i < n; i++) {
		size_t k = (size_t)strmap_get(&index, paths[i]) - 1;
		struct strbuf copy = STRBUF_INIT;

		/* style_of() cuts the lines: each group reads its own copy. */
		strbuf_add(&copy, subj[k].buf ? subj[k].buf : "", subj[k].len);
		r = style_of(paths[i], &copy, &out[i]);
		/*
		 * One or two commits with a prefix in a project that writes
		 * none ("misc: " once) are no habit of the file's.
		 */
		if (r == 2 && habit)
			subject_style_release(&out[i]);
		if (r == 1 || (r == 2 && !habit))
			;
		else if (habit) {
			out[i] = project;
			out[i].prefix = xstrdup("");
		} else {
			subject_convention(paths[i], &out[i]);
			/*
			 * A project with a history of its own never wrote
			 * it ("src: ", a folder's name): the newest prefix
			 * of the file's own commits, else none.
			 */
			if (nproject >= NONE_MIN &&
			    !part_used(root, base, out[i].prefix, &used,
				       &used_read)) {
				char *own = newest_prefix(&subj[k]);

				free(out[i].prefix);
				out[i].prefix = own ? own : xstrdup("");
				out[i].history = !!own;
				out[i].firm = 0;
				if (!own)
					out[i].capital = 1;
			}
		}
		strbuf_release(&copy);
	}
	strmap_clear(&used, NULL);
	subject_style_release(&project);
	for (i = 0; i < n; i++)
		strbuf_release(&subj[i]);
	free(subj);
	free(count);
	child_process_clear(&cp);
	strmap_clear(&index, NULL);
	strbuf_release(&log);
	strbuf_release(&all);
}

/* "dt-bindings: display: tilcdc: " -> its parts, each with its separator. */
static size_t parts_of(const char *prefix, const char **at, size_t *len,
		       size_t max)
{
	size_t n = 0;
	const char *p = prefix;

	while (*p && n < max) {
		const char *colon = strstr(p, ": ");
		size_t l = colon ? (size_t)(colon - p) + 2 : strlen(p);

		at[n] = p;
		len[n++] = l;
		p += l;
	}
	return n;
}

/* A document whose prefix is the documentation's, not its subsystem's. */
static int is_docs(const struct subject_style *s)
{
	return !strcmp(s->prefix, "docs: ");
}

/* How many styles of v[0..n) are not the documentation's. */
static size_t code_files(const struct subject_style *v, size_t n)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++)
		c += !is_docs(&v[i]);
	return c;
}

static int docs_among(const struct subject_style *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strncmp(v[i].prefix, "docs: ", 6))
			return 1;
	return 0;
}

/*
 * How many parts of v[first]'s prefix every style of v[0..n) has, but
 * those skip() says nothing of; *first the first one it keeps (n where
 * it keeps none).
 */
static size_t shared_parts(const struct subject_style *v, size_t n,
			   int (*skip)(const struct subject_style *),
			   size_t *first, const char **at, size_t *len)
{
	const char *at2[16];
	size_t len2[16], common = 0, i, k;

	for (*first = 0; *first < n && skip && skip(&v[*first]); (*first)++)
		;
	if (*first == n)
		return 0;
	common = parts_of(v[*first].prefix, at, len, 16);
	for (i = *first + 1; i < n; i++) {
		size_t m;

		if (skip && skip(&v[i]))
			continue;
		m = parts_of(v[i].prefix, at2, len2, 16);
		for (k = 0; k < common && k < m; k++)
			if (len[k] != len2[k] || strncmp(at[k], at2[k], len[k]))
				break;
		common = k;
	}
	return common;
}

/*
 * Code of two parts of one subsystem alone, each with a prefix of one
 * part: both, joined ("drm/amdgpu, drm/radeon: Make I2C terminology more
 * inclusive", as the kernel's history writes a patch over two drivers),
 * where that is short; the documents beside them say nothing.  1 with
 * out->prefix set.
 */
static int two_joined(const struct subject_style *v, size_t n,
		      struct subject_style *out)
{
	const char *at[2], *one = NULL, *two = NULL;
	size_t len[2], i, l1 = 0, l2 = 0;

	for (i = 0; i < n; i++) {
		size_t l;

		if (is_docs(&v[i]))
			continue;
		if (parts_of(v[i].prefix, at, len, 2) != 1 ||
		    strstr(v[i].prefix, " - ") || strchr(v[i].prefix, ','))
			return 0;
		l = strcspn(v[i].prefix, ":");
		if (!l || strncmp(v[i].prefix + l, ": ", 3))
			return 0;
		if (one && l == l1 && !strncmp(one, v[i].prefix, l))
			continue;
		if (two && l == l2 && !strncmp(two, v[i].prefix, l))
			continue;
		if (two)
			return 0;
		if (one) {
			two = v[i].prefix;
			l2 = l;
		} else {
			one = v[i].prefix;
			l1 = l;
		}
	}
	/* Two parts of one subsystem only ("drm/", "lib/"): never "ia64, x86/efi". */
	if (!two || l1 + l2 + 4 > 32 || !memchr(one, '/', l1) ||
	    !memchr(two, '/', l2) || strcspn(one, "/") != strcspn(two, "/") ||
	    strncmp(one, two, strcspn(one, "/")))
		return 0;
	out->prefix = xstrfmt("%.*s, %.*s: ", (int)l1, one, (int)l2, two);
	out->history = 0;
	out->firm = 0;
	out->mixed = 0;
	return 1;
}

/*
 * Device trees' parts after the shared ones that name one family, each
 * a last part of the same length that differs in its last character only
 * ("bcm2835: ", "bcm2836: ", "bcm2837: "): the family's name, that
 * character an x ("ARM: dts: bcm283x: ", as the Raspberry Pi trees are
 * written), after *prefix.
 */
static void family_part(const struct subject_style *v, size_t n,
			size_t common, char **prefix)
{
	const char *at[16], *f = NULL;
	size_t len[16], i, fl = 0;
	int differ = 0;
	char *t;

	/*
	 * A flat folder of device trees only ("ARM: dts: "), where the
	 * family is all that names the platform: srf04.c and srf08.c are
	 * two drivers, and arm64's vendor folder names its own.
	 */
	if (common != 2 || strcmp(*prefix + strcspn(*prefix, " "), " dts: "))
		return;
	for (i = 0; i < n; i++) {
		if (parts_of(v[i].prefix, at, len, 16) != common + 1)
			return;
		if (len[common] < 6 || strcmp(at[common] + len[common] - 2, ": ") ||
		    !isdigit((unsigned char)at[common][len[common] - 4]))
			return;
		if (!f) {
			f = at[common];
			fl = len[common];
		} else if (len[common] != fl ||
			   strncmp(at[common], f, fl - 3)) {
			return;
		} else {
			differ |= at[common][fl - 3] != f[fl - 3];
		}
	}
	if (!f || !differ)
		return;
	t = xstrfmt("%s%.*sx: ", *prefix, (int)(fl - 3), f);
	free(*prefix);
	*prefix = t;
}

void subject_style_common(const struct subject_style *v, size_t n,
			  struct subject_style *out)
{
	const char *at[16];
	size_t len[16], common, i, k, caps = 0, first;

	memset(out, 0, sizeof(*out));
	if (!n)
		return;
	common = shared_parts(v, n, NULL, &first, at, len);
	for (i = 0; i < n; i++)
		caps += v[i].capital;
	out->capital = caps * 2 > n;
	out->history = 1;
	out->firm = 1;
	for (i = 0; i < n; i++) {
		out->history &= v[i].history;
		out->firm &= v[i].firm;
	}
	/*
	 * Nothing shared (a driver and its documentation): the prefix most
	 * of the files have, the code's before "docs: " on a tie.
	 */
	if (!common) {
		size_t best = 0, most = 0, told = 0;

		/* What the files' history says before what paths do. */
		for (i = 0; i < n; i++)
			told += v[i].history;
		/*
		 * By paths alone, a subsystem's documents go with its code:
		 * what the code's files share ("ALSA: " of sound/pci/ and
		 * sound/isa/ beside Documentation/sound/), never the prefix
		 * most files have ("ALSA: pci: " fits neither sound/isa/
		 * nor the documents).  Code that shares nothing is a
		 * grab-bag, its folder's (subject_style_folder()).  One
		 * code file names one driver, which the documents beside it
		 * need not be about (dm-crypt.c beside verity.rst): below.
		 */
		if (!told && code_files(v, n) >= 2) {
			common = shared_parts(v, n, is_docs, &first, at, len);
			if (common)
				goto shared;
			if (two_joined(v, n, out))
				return;
			for (i = 0; i < n && is_docs(&v[i]); i++)
				;
			out->prefix = xstrdup(v[i].prefix);
			out->capital = v[i].capital;
			out->firm = v[i].firm;
			out->history = 0;
			out->mixed = 1;
			return;
		}
		/*
		 * A file whose history writes no prefix shares none with
		 * any other: the patch has none.
		 */
		for (i = 0; i < n; i++)
			if (v[i].history && !*v[i].prefix) {
				out->prefix = xstrdup("");
				out->history = 1;
				out->firm = 0;
				return;
			}
		for (i = 0; i < n; i++) {
			size_t c = 0;

			if (told && !v[i].history)
				continue;
			for (k = 0; k < n; k++)
				c += !strcmp(v[k].prefix, v[i].prefix);
			if (c > most || (c == most &&
					 !strcmp(v[best].prefix, "docs: ") &&
					 strcmp(v[i].prefix, "docs: "))) {
				most = c;
				best = i;
			}
		}
		out->prefix = xstrdup(v[best].prefix);
		out->capital = v[best].capital;
		out->history = v[best].history;
		out->firm = v[best].firm;
		/*
		 * History says what is a grab-bag: half or fewer of the
		 * files have the prefix (two tools' files take neither
		 * tool's name, never the first one's); where there is none,
		 * paths whose conventions all differ are one too (fs/isofs
		 * and fs/nls: "isofs: " fits one file of two), but not a
		 * driver beside its documents ("docs: " is their word).
		 */
		out->mixed = told ? most * 2 <= told :
			     n > 1 && most == 1 && !docs_among(v, n);
		return;
	}
shared:
	out->prefix = xstrndup(v[first].prefix, (size_t)(at[common - 1] +
							 len[common - 1] -
							 v[first].prefix));
	family_part(v, n, common, &out->prefix);
	/* "hwmon: (tmp513) " cut to "hwmon: (tmp513)": its own separator. */
	if (out->prefix[strlen(out->prefix) - 1] != ' ') {
		char *t = xstrfmt("%s ", out->prefix);

		free(out->prefix);
		out->prefix = t;
	}
}

int subject_style_folder(const struct subject_style *s,
			 const char *const *paths, size_t n,
			 struct subject_style *out)
{
	size_t len, i, w;
	const char *p;
	char *dir;

	if (!s->mixed || !n)
		return 0;
	len = strlen(paths[0]);
	for (i = 1; i < n; i++)
		while (len && (strncmp(paths[i], paths[0], len) ||
			       paths[0][len - 1] != '/'))
			len--;
	while (len && paths[0][len - 1] != '/')
		len--;
	if (!len)
		return 0;
	dir = xstrndup(paths[0], len);
	/*
	 * "vtls: " for two of four files in lib/vtls/: the folder's own, in
	 * its history.  By paths alone the first file's prefix is no more
	 * the folder's than another's ("perf docs: " of tools/perf/).
	 */
	w = strcspn(s->prefix, ":/ (");
	for (p = dir; s->history && *p; p += strspn(p, "/")) {
		size_t k = strcspn(p, "/");

		if (k == w && !strncasecmp(p, s->prefix, w)) {
			free(dir);
			return 0;
		}
		p += k;
	}
	memset(out, 0, sizeof(*out));
	subject_convention(dir, out);
	free(dir);
	return 1;
}

int subject_prefix_used(const char *root, const char *base,
			const char *prefix)
{
	struct strbuf log = STRBUF_INIT;
	struct child_process cp = CHILD_PROCESS_INIT;
	char num[32];
	const char *line;
	size_t l = strlen(prefix);
	int used = 0;

	snprintf(num, sizeof(num), "-n%d", USED_COMMITS);
	git_cmd(&cp, root);
	strvec_pushl(&cp.args, "log", "--no-merges", "--format=%s", num,
		     base, "--", NULL);
	cp.out = &log;
	cp.no_stderr = 1;
	if (l && !child_process_run(&cp))
		for (line = log.buf; line && *line && !used;
		     line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL)
			used = !strncmp(line, prefix, l);
	child_process_clear(&cp);
	strbuf_release(&log);
	return used;
}
