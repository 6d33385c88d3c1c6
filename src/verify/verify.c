// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/run.h"
#include "../lib/strbuf.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "../scan/lang.h"
#include "../scan/scan.h"
#include "../rewrite/keep.h"
#include "verify.h"

/* Code without comments, white space runs as one space. */
static void c_tokens(const char *s, size_t n, int is_asm, struct strbuf *out)
{
	size_t i = 0;
	int space = 0, bol = 1;

	while (i < n) {
		char c = s[i];

		if (c == '/' && i + 1 < n && s[i + 1] == '*') {
			const char *e = strstr(s + i + 2, "*/");

			i = e && (size_t)(e - s) < n ? (size_t)(e - s) + 2 : n;
			space = 1;
			continue;
		}
		if ((c == '/' && i + 1 < n && s[i + 1] == '/') ||
		    (is_asm && (c == '@' || c == ';' ||
				(c == '#' && (bol || isspace((unsigned char)s[i - 1])) &&
				 i + 1 < n && !isalpha((unsigned char)s[i + 1]))))) {
			while (i < n && s[i] != '\n')
				i++;
			space = 1;
			continue;
		}
		if (c == '"' || (c == '\'' && !is_asm)) {
			char q = c;

			if (space && out->len)
				strbuf_addch(out, ' ');
			space = 0;
			strbuf_addch(out, c);
			for (i++; i < n && s[i] != q && s[i] != '\n'; i++) {
				if (s[i] == '\\' && i + 1 < n)
					strbuf_addch(out, s[i++]);
				strbuf_addch(out, s[i]);
			}
			if (i < n && s[i] == q)
				strbuf_addch(out, s[i++]);
			bol = 0;
			continue;
		}
		if (isspace((unsigned char)c)) {
			space = 1;
			bol = c == '\n' ? 1 : bol;
			i++;
			continue;
		}
		if (space && out->len)
			strbuf_addch(out, ' ');
		space = 0;
		bol = 0;
		strbuf_addch(out, c);
		i++;
	}
}

/* Kconfig: lines outside help text, and the count of help blocks. */
static void kconfig_shape(const char *s, size_t n, struct strbuf *out)
{
	const char *p = s, *end = s + n;
	int in_help = 0;
	size_t help_indent = 0;

	while (p < end) {
		const char *e = memchr(p, '\n', (size_t)(end - p));
		size_t len, ind = 0;
		const char *w;

		if (!e)
			e = end;
		len = (size_t)(e - p);
		for (w = p; w < e && (*w == ' ' || *w == '\t'); w++)
			ind += *w == '\t' ? 8 - ind % 8 : 1;
		if (in_help && w < e && !help_indent)
			help_indent = ind;
		if (in_help && w < e && ind < help_indent)
			in_help = 0;
		/* A comment line, however many there are, is no statement. */
		if (!in_help && !(w < e && *w == '#')) {
			strbuf_add(out, p, len);
			strbuf_addch(out, '\n');
			if ((size_t)(e - w) >= 4 && (!strncmp(w, "help", 4) ||
						     !strncmp(w, "---help---", 10))) {
				in_help = 1;
				help_indent = 0;
				strbuf_addstr(out, "[help]\n");
			}
		}
		p = e + 1;
	}
}

static size_t count(const char *s, size_t n, const char *needle)
{
	size_t k = 0, l = strlen(needle);
	const char *p = s, *end = s + n;

	while (p < end && (p = memmem(p, (size_t)(end - p), needle, l))) {
		k++;
		p += l;
	}
	return k;
}

/* A word a comment's leader or a list's bullet is made of. */
static int leader_only(const char *w, size_t n)
{
	return n && strspn(w, "*#/;!-@%") >= n;
}

/*
 * The file's words, one a line, without its URLs (as scan finds them)
 * and without comment leaders: what a link edit leaves as it was.
 * Returns 1 for a binary file.
 */
static int words_but_links(const char *path, const char *s, size_t n,
			   struct strbuf *out)
{
	struct scan_opts so = { 1 };
	struct occ_list occ = { NULL, 0, 0 };
	size_t i = 0, k = 0;
	char *copy = xstrndup(s, n);	/* scan_buffer() wants a NUL after */

	if (scan_buffer(path, copy, n, &so, &occ)) {
		free(copy);
		occ_list_release(&occ);
		return 1;
	}
	while (i < n) {
		size_t w;

		if (k < occ.nr && i >= occ.v[k].start) {
			if (i < occ.v[k].end)
				i = occ.v[k].end;
			k++;
			continue;
		}
		if (isspace((unsigned char)s[i])) {
			i++;
			continue;
		}
		for (w = i; w < n && !isspace((unsigned char)s[w]) &&
		     !(k < occ.nr && w >= occ.v[k].start); w++)
			;
		if (!leader_only(s + i, w - i)) {
			strbuf_add(out, s + i, w - i);
			strbuf_addch(out, '\n');
		}
		i = w;
	}
	free(copy);
	occ_list_release(&occ);
	return 0;
}

/* Any file: only its links changed.  0, or -1 with why. */
static int only_links(const char *path, const char *old, size_t oldlen,
		      const char *new, size_t newlen, struct strbuf *why)
{
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	int ret = 0;

	if (words_but_links(path, old, oldlen, &a) |
	    words_but_links(path, new, newlen, &b)) {
		strbuf_addstr(why, "a binary file changed");
		ret = -1;
	} else if (a.len != b.len || memcmp(a.buf, b.buf, a.len)) {
		size_t i = 0, s;

		while (i < a.len && i < b.len && a.buf[i] == b.buf[i])
			i++;
		s = i;
		while (s > 0 && a.buf[s - 1] != '\n')
			s--;
		strbuf_addf(why, "text outside links changed: \"%.*s\" became "
			    "\"%.*s\"", (int)strcspn(a.buf + s, "\n"), a.buf + s,
			    (int)strcspn(b.buf + s, "\n"), b.buf + s);
		ret = -1;
	}
	strbuf_release(&a);
	strbuf_release(&b);
	return ret;
}

/* The end of the line s[ls..le) without its '#' comment and spaces. */
static size_t code_end(const char *s, size_t ls, size_t le, int shell)
{
	size_t e = scan_hash_comment(s, ls, le, shell);

	while (e > ls && isspace((unsigned char)s[e - 1]))
		e--;
	return e;
}

/* Each line without its '#' comment; blank and comment lines left out. */
static void hash_code(const char *s, size_t n, int shell, struct strbuf *out)
{
	size_t ls = 0;

	while (ls < n) {
		const char *nl = memchr(s + ls, '\n', n - ls);
		size_t le = nl ? (size_t)(nl - s) : n;
		size_t e = code_end(s, ls, le, shell);

		if (e > ls) {
			strbuf_add(out, s + ls, e - ls);
			strbuf_addch(out, '\n');
		}
		ls = le + 1;
	}
}

static size_t indent_at(const char *s, size_t ls, size_t le)
{
	size_t i = ls;

	while (i < le && (s[i] == ' ' || s[i] == '\t' || s[i] == '-'))
		i++;
	return i - ls;
}

/*
 * YAML: every line without its comment, but a description's value (on
 * its line, or the block below it) stands as "description:".
 */
static void yaml_shape(const char *s, size_t n, struct strbuf *out)
{
	size_t ls = 0, desc = 0;
	int in_desc = 0;

	while (ls < n) {
		const char *nl = memchr(s + ls, '\n', n - ls);
		size_t le = nl ? (size_t)(nl - s) : n;
		size_t e = code_end(s, ls, le, 1), ind;

		ind = indent_at(s, ls, e);
		if (e > ls && !(in_desc && ind > desc)) {
			const char *k = s + ls + ind;

			in_desc = (size_t)(s + e - k) >= 12 &&
				  !memcmp(k, "description:", 12);
			if (in_desc) {
				desc = ind;
				strbuf_add(out, s + ls, ind + 12);
			} else {
				strbuf_add(out, s + ls, e - ls);
			}
			strbuf_addch(out, '\n');
		}
		ls = le + 1;
	}
}

/* HTML: the names of its tags, in order. */
static void html_tags(const char *s, size_t n, struct strbuf *out)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (s[i] != '<')
			continue;
		strbuf_addch(out, '<');
		for (i++; i < n && (isalnum((unsigned char)s[i]) ||
				    strchr("/!-:", s[i])); i++)
			strbuf_addch(out, s[i]);
		strbuf_addch(out, '\n');
		i--;
	}
}

/* Marks the format's syntax is made of, counted. */
static void marks(const char *s, size_t n, const char *const *m,
		  struct strbuf *out)
{
	for (; *m; m++)
		strbuf_addf(out, "%s %zu\n", *m, count(s, n, *m));
}

enum shape {
	SHAPE_C, SHAPE_ASM, SHAPE_KCONFIG, SHAPE_MAKE, SHAPE_SCRIPT,
	SHAPE_YAML, SHAPE_HTML, SHAPE_MARKS, SHAPE_WORDS,
};

/*
 * A rule per file type linkmend may change: what of the file besides its
 * words must stay as it was.  A changed file with no rule fails.
 */
static const struct verify_rule {
	enum lang lang;
	int (*applies)(const char *path);	/* NULL: every file of lang */
	enum shape shape;
	const char *const marks[8];	/* SHAPE_MARKS: counted */
	const char *broken;		/* what a difference means */
} rules[] = {
	{ LANG_C, NULL, SHAPE_C, { NULL },
	  "code outside comments changed" },
	{ LANG_ASM, NULL, SHAPE_ASM, { NULL },
	  "code outside comments changed" },
	{ LANG_KCONFIG, NULL, SHAPE_KCONFIG, { NULL },
	  "Kconfig lines outside help text changed" },
	{ LANG_MAKEFILE, NULL, SHAPE_MAKE, { NULL },
	  "make lines outside comments changed" },
	{ LANG_SCRIPT, NULL, SHAPE_SCRIPT, { NULL },
	  "script lines outside comments changed" },
	{ LANG_YAML, NULL, SHAPE_YAML, { NULL },
	  "YAML outside comments and descriptions changed" },
	{ LANG_RST, NULL, SHAPE_MARKS, { ">`_", "\n.. _", "``", "::", NULL },
	  "an rst link construct or literal is broken" },
	{ LANG_MARKDOWN, NULL, SHAPE_MARKS, { "](", "<", ">", "`", "[", "]",
					      NULL },
	  "a markdown link, autolink or code span is broken" },
	{ LANG_ASCIIDOC, NULL, SHAPE_MARKS, { "[", "]", "`", "link:",
					      "\n=", NULL },
	  "an AsciiDoc link, code span or title is broken" },
	{ LANG_HTML, keep_doc_html, SHAPE_HTML, { NULL },
	  "HTML tags changed" },
	{ LANG_TEXT, keep_doc_file, SHAPE_WORDS, { NULL }, NULL },
};

static const struct verify_rule *rule_for(const char *path, enum lang lang)
{
	size_t i;

	for (i = 0; i < sizeof(rules) / sizeof(rules[0]); i++)
		if (rules[i].lang == lang &&
		    (!rules[i].applies || rules[i].applies(path)))
			return &rules[i];
	return NULL;
}

static void shape_of(const struct verify_rule *r, const char *s, size_t n,
		     struct strbuf *out)
{
	switch (r->shape) {
	case SHAPE_C:
	case SHAPE_ASM:
		c_tokens(s, n, r->shape == SHAPE_ASM, out);
		break;
	case SHAPE_KCONFIG:
		kconfig_shape(s, n, out);
		break;
	case SHAPE_MAKE:
	case SHAPE_SCRIPT:
		hash_code(s, n, r->shape == SHAPE_SCRIPT, out);
		break;
	case SHAPE_YAML:
		yaml_shape(s, n, out);
		break;
	case SHAPE_HTML:
		html_tags(s, n, out);
		break;
	case SHAPE_MARKS:
		marks(s, n, r->marks, out);
		break;
	case SHAPE_WORDS:
		break;
	}
}

/* Where a and b first differ: the line of a there. */
static void first_difference(const struct strbuf *a, const struct strbuf *b,
			     struct strbuf *why)
{
	size_t i = 0, s, n;

	while (i < a->len && i < b->len && a->buf[i] == b->buf[i])
		i++;
	s = i;
	while (s > 0 && i - s < 20 && a->buf[s - 1] != '\n')
		s--;
	n = strcspn(a->buf + s, "\n");
	strbuf_addf(why, " near \"%.*s\"", (int)(n < 60 ? n : 60), a->buf + s);
}

int verify_change(const char *path, const char *old, size_t oldlen,
		  const char *new, size_t newlen, struct strbuf *why)
{
	const struct verify_rule *r = rule_for(path, lang_detect(path, old,
								 oldlen));
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	int ret = 0;

	if (!r) {
		strbuf_addstr(why, "no rule for this kind of file: it is not "
			      "documentation linkmend may change");
		return -1;
	}
	if (count(new, newlen, "\n") > count(old, oldlen, "\n")) {
		strbuf_addstr(why, "a line was split: edits are made in place");
		return -1;
	}
	shape_of(r, old, oldlen, &a);
	shape_of(r, new, newlen, &b);
	if (a.len != b.len || memcmp(a.buf, b.buf, a.len)) {
		strbuf_addstr(why, r->broken);
		first_difference(&a, &b, why);
		ret = -1;
	}
	if (!ret)
		ret = only_links(path, old, oldlen, new, newlen, why);
	strbuf_release(&a);
	strbuf_release(&b);
	return ret;
}

/* One file: 0 when safe, else its line printed and 1. */
static int verify_file(const char *dir, const char *base, const char *path,
		       int *checked)
{
	struct strbuf old = STRBUF_INIT, new = STRBUF_INIT, why = STRBUF_INIT;
	struct child_process cp = CHILD_PROCESS_INIT;
	char *full = xstrfmt("%s/%s", dir, path);
	int bad = 0;

	git_cmd(&cp, dir);
	strvec_pushl(&cp.args, "cat-file", "blob", NULL);
	strvec_pushf(&cp.args, "%s:%s", base, path);
	cp.out = &old;
	if (child_process_run(&cp) ||
	    strbuf_read_file(&new, full)) {
		/* Added or deleted: no links edit does that. */
		printf("%s: added or deleted\n", path);
		bad = 1;
	} else {
		(*checked)++;
		if (verify_change(path, old.buf, old.len, new.buf, new.len,
				  &why)) {
			printf("%s: %s\n", path, why.buf);
			bad = 1;
		}
	}
	strbuf_release(&old);
	strbuf_release(&new);
	strbuf_release(&why);
	free(full);
	return bad;
}

int verify_tree(const char *dir, const char *base, int *checked, int *bad)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf names = STRBUF_INIT;
	char *line;
	int ret = -1;

	*checked = *bad = 0;
	/* Said in one line each, not git diff's page of --no-index usage. */
	git_cmd(&cp, dir);
	strvec_pushl(&cp.args, "rev-parse", "--is-inside-work-tree", NULL);
	cp.out = &names;
	cp.no_stderr = 1;
	if (child_process_run(&cp)) {
		error("'%s' is not in a git checkout: verify compares its "
		      "files with a commit", dir);
		goto out;
	}
	git_cmd(&cp, dir);
	strvec_pushl(&cp.args, "rev-parse", "--verify", "--quiet",
		     "--end-of-options", NULL);
	strvec_pushf(&cp.args, "%s^{commit}", base);
	if (child_process_run(&cp)) {
		error("'%s' is not a commit in '%s'", base, dir);
		goto out;
	}
	strbuf_reset(&names);
	git_cmd(&cp, dir);
	strvec_pushl(&cp.args, "diff", "--name-only", "--no-renames", "-z",
		     base, "--", NULL);
	cp.no_stderr = 0;
	if (child_process_run(&cp)) {
		error("git diff against '%s' failed in '%s'", base, dir);
		goto out;
	}
	for (line = names.buf; line < names.buf + names.len;
	     line += strlen(line) + 1)
		*bad += verify_file(dir, base, line, checked);
	ret = 0;
out:
	strbuf_release(&names);
	return ret;
}
