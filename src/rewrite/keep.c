// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../lib/config.h"
#include "../lib/settings.h"
#include "../lib/strbuf.h"
#include "../lib/xalloc.h"
#include "../project/infra.h"
#include "../url/url.h"
#include "keep.h"
#include "notice.h"

static const char *const reason_names[KEEP__COUNT] = {
	"-", "a copyright line", "an author line", "a licence line",
	"CREDITS or MAINTAINERS", "a translation", "kept by .linkmend.conf",
	"the project's own infrastructure",
	"a box comment it would misalign",
	"test data or a test", "a CI, container or packaging file",
	"release notes or a changelog", "not documentation",
	"imported code", "an example", "a copyright or licence paragraph",
	"a credit, affiliation or provenance line",
	"an example, placeholder or glob URL",
	"a generator's banner", "a page's asset (script, style, image)",
};

static const char *const owner_names[KEEP__COUNT] = {
	"prose", "legal", "legal", "legal", "people", "translation",
	"config", "own site", "prose", "test", "build", "history", "prose",
	"imported", "example", "legal", "legal", "example", "imported",
	"build",
};

const char *keep_owner(enum keep_reason r)
{
	return (unsigned)r < KEEP__COUNT ? owner_names[r] : "?";
}

const char *keep_reason_name(enum keep_reason r)
{
	return (unsigned)r < KEEP__COUNT ? reason_names[r] : "?";
}

/* Is a folder of path (not its file name) one of names? */
static int in_dir(const char *path, const char *const *names, size_t n)
{
	const char *p = path, *slash;
	size_t i;

	while ((slash = strchr(p, '/'))) {
		for (i = 0; i < n; i++)
			if ((size_t)(slash - p) == strlen(names[i]) &&
			    !memcmp(p, names[i], (size_t)(slash - p)))
				return 1;
		p = slash + 1;
	}
	return 0;
}

static const char *base_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

static const char *ext_of(const char *base)
{
	const char *dot = strrchr(base, '.');

	return dot && dot != base ? dot + 1 : "";
}

/* Does s begin with one of pre (case-insensitively when nocase)? */
static int begins(const char *s, const char *const *pre, size_t n, int nocase)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (nocase ? !strncasecmp(s, pre[i], strlen(pre[i])) :
			     !strncmp(s, pre[i], strlen(pre[i])))
			return 1;
	return 0;
}

static int one_of(const char *s, const char *const *names, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(s, names[i]))
			return 1;
	return 0;
}

#define N(a) (sizeof(a) / sizeof((a)[0]))

static const char *const doc_dirs[] = {
	"Documentation", "doc", "docs", "Doc", "man", "manual",
};

/* Test data, fixtures, and files named as tests (test_x.c, x_test.go). */
static int is_test(const char *path, const char *base)
{
	static const char *const dirs[] = {
		"t", "test", "tests", "testdata", "test-data", "test_data",
		"fixtures", "__fixtures__", "testsuite", "unittests",
	};
	static const char *const parts[] = { "_test.", "_tests.", "_kunit." };
	size_t i;

	if (in_dir(path, dirs, N(dirs)) || !strncmp(base, "test_", 5))
		return 1;
	for (i = 0; i < N(parts); i++)
		if (strstr(base, parts[i]))
			return 1;
	return 0;
}

/* CI, container and packaging files: the build's, not the reader's. */
static int is_build(const char *path, const char *base)
{
	static const char *const dirs[] = {
		".github", ".gitlab", ".circleci", ".azure-pipelines",
		".buildkite", ".ci", "debian",
	};
	static const char *const names[] = {
		"Dockerfile", "Containerfile", "Jenkinsfile", "Vagrantfile",
		".gitlab-ci.yml", ".travis.yml", "appveyor.yml",
		".appveyor.yml", "azure-pipelines.yml", ".cirrus.yml",
		"codecov.yml", ".codecov.yml", "CMakeLists.txt", "meson.build",
		"meson_options.txt", "configure.ac", "configure.in",
		"Makefile.in", "Makefile.am", "GNUmakefile.in",
	};
	/* Automake's fragments (Makemodule.am) and make includes too. */
	static const char *const exts[] = {
		"cmake", "m4", "spec", "dockerfile", "am", "mk",
	};
	static const char *const pre[] = { "Dockerfile.", "Doxyfile" };

	/*
	 * A tool's own dotfile (.clang-tidy.yml, .editorconfig) too, and
	 * doxygen's settings (openvpn's doc/doxygen/openvpn.doxyfile.in:
	 * "doxygen -u" rewrites it; MATHJAX_RELPATH = URL is a setting).
	 */
	return in_dir(path, dirs, N(dirs)) || one_of(base, names, N(names)) ||
	       one_of(ext_of(base), exts, N(exts)) ||
	       begins(base, pre, N(pre), 0) || base[0] == '.' ||
	       strcasestr(base, ".doxyfile");
}

/* Example programs: what a reader copies, as its authors wrote it. */
static int is_example(const char *path)
{
	static const char *const dirs[] = {
		"examples", "example", "samples", "sample",
	};

	return in_dir(path, dirs, N(dirs));
}

/* Release notes and changelogs: what was said then, as it was. */
static int is_history(const char *path, const char *base)
{
	static const char *const dirs[] = {
		"RelNotes", "relnotes", "release-notes", "changelogs",
		"releases", "changes", "release_notes", "changelog.d",
		"newsfragments",
	};
	static const char *const pre[] = {
		"NEWS", "ChangeLog", "Changelog", "CHANGELOG", "CHANGES",
		"HISTORY", "RELEASE-NOTES", "RELEASE_NOTES", "RELNOTES",
		"changelog", "History", "Changes", "whatsnew", "WhatsNew",
		"WHATSNEW",
	};
	const char *ext = ext_of(base);

	return in_dir(path, dirs, N(dirs)) || begins(base, pre, N(pre), 0) ||
	       !strcmp(ext, "changes");
}

/*
 * Licence texts, and the notices that gather other projects' licences
 * (nmap's docs/3rd-party-licenses.txt, THIRD-PARTY-NOTICES): not a
 * guide about licences (the kernel's license-rules.rst).
 */
static int is_licence(const char *path, const char *base)
{
	static const char *const dirs[] = { "LICENSES", "licenses" };
	static const char *const pre[] = {
		"COPYING", "LICENSE", "LICENCE", "THIRD-PARTY-NOTICES",
		"THIRD_PARTY_NOTICES", "ThirdPartyNotices",
	};

	return in_dir(path, dirs, N(dirs)) || begins(base, pre, N(pre), 1) ||
	       strcasestr(base, "party-licenses") ||
	       strcasestr(base, "party-licences") ||
	       strcasestr(base, "party_licenses");
}

/*
 * A folder of translations by its name: the kernel's translations/,
 * gettext's po/, i18n/, l10n/, and "xlate", the abbreviation nmap's
 * docs/man-xlate/ (its man page in seventeen languages) uses.
 */
static int is_translation(const char *path, const char *base)
{
	static const char *const dirs[] = {
		"translations", "translation", "po", "i18n", "l10n",
		"xlate",
	};
	const char *ext = ext_of(base), *p, *slash;

	for (p = path; (slash = strchr(p, '/')); p = slash + 1)
		if (slash - p > 6 && !memcmp(slash - 6, "-xlate", 6))
			return 1;
	return in_dir(path, dirs, N(dirs)) || !strcmp(ext, "po") ||
	       !strcmp(ext, "pot");
}

void keep_tree_init(struct keep_tree *t, const char *root,
		    const struct config *cfg)
{
	memset(t, 0, sizeof(*t));
	t->cfg = cfg;
	if (root)
		t->root = xstrdup(root);
	imported_init(&t->imported, root);
	own_places_init(&t->own, root);
}

void keep_tree_release(struct keep_tree *t)
{
	imported_release(&t->imported);
	own_places_release(&t->own);
	free(t->root);
	memset(t, 0, sizeof(*t));
}

/*
 * Code with an upstream of its own, which takes changes there first: the
 * tree's evidence (project/imported.h), and the file's own first lines.
 */
static int is_imported(struct keep_tree *t, const char *path,
		       const char *buf, size_t len, struct strbuf *why)
{
	struct imported none;

	if (t)
		return imported_file(&t->imported, path, buf, len, why) !=
		       IMPORTED_NOT;
	memset(&none, 0, sizeof(none));
	return imported_file(&none, path, buf, len, why) != IMPORTED_NOT;
}

/* The files whose every line is someone's own, or the tree's, as it is. */
static enum keep_reason path_reason(const char *path, struct keep_tree *t,
				    const char *buf, size_t len,
				    struct strbuf *why)
{
	const char *base = base_of(path);
	const struct config *cfg = t ? t->cfg : NULL;
	enum keep_reason r = KEEP_NONE;

	if (!strcmp(base, "CREDITS") || !strcmp(base, "MAINTAINERS"))
		r = KEEP_PEOPLE;
	else if (is_translation(path, base))
		r = KEEP_TRANSLATION;
	else if (is_licence(path, base))
		r = KEEP_LICENSE;
	else if (is_history(path, base))
		r = KEEP_HISTORY;
	else if (is_test(path, base))
		r = KEEP_TEST;
	else if (is_build(path, base))
		r = KEEP_BUILD;
	else if (is_example(path))
		r = KEEP_EXAMPLE;
	else if (is_imported(t, path, buf, len, why))
		return KEEP_IMPORTED;
	else if (settings_match(cfg, SETTING_KEEP_PATH, path, 1))
		r = KEEP_CONFIG;
	if (r != KEEP_NONE && why)
		strbuf_addf(why, "%s, by its path (%s)", reason_names[r], path);
	return r;
}

int keep_doc_file(const char *path)
{
	static const char *const pre[] = {
		"README", "INSTALL", "HACKING", "CONTRIBUTING", "FAQ", "TODO",
		"NOTES", "BUGS",
	};
	static const char *const exts[] = {
		"txt", "adoc", "asciidoc", "texi", "texinfo", "pod", "man",
		"1", "2", "3", "4", "5", "6", "7", "8", "9",
	};
	const char *base = base_of(path);

	return in_dir(path, doc_dirs, N(doc_dirs)) ||
	       begins(base, pre, N(pre), 1) ||
	       one_of(ext_of(base), exts, N(exts));
}

int keep_doc_html(const char *path)
{
	const char *ext = ext_of(base_of(path));

	return in_dir(path, doc_dirs, N(doc_dirs)) &&
	       (!strcmp(ext, "html") || !strcmp(ext, "htm"));
}

static int blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Does the line at buf[a..] begin with the key "description:"? */
static int description_key(const char *buf, size_t a, size_t len)
{
	while (a < len && blank(buf[a]))
		a++;
	if (a + 1 < len && buf[a] == '-' && blank(buf[a + 1]))
		a += 2;
	while (a < len && blank(buf[a]))
		a++;
	return len - a >= 12 && !memcmp(buf + a, "description:", 12);
}

static size_t indent_of(const char *buf, size_t a, size_t len)
{
	size_t i = a;

	while (i < len && blank(buf[i]))
		i++;
	return i - a;
}

/*
 * YAML that is prose: a # comment (outside quotes), or a description's
 * value (a devicetree binding's datasheet link), on its key's line or in
 * the block below it.
 */
static int yaml_doc(const char *buf, size_t len, size_t start)
{
	size_t ls = start, i, ind, n;
	int sq = 0, dq = 0;

	while (ls > 0 && buf[ls - 1] != '\n')
		ls--;
	for (i = ls; i < start; i++) {
		if (buf[i] == '\'' && !dq)
			sq = !sq;
		else if (buf[i] == '"' && !sq)
			dq = !dq;
		else if (buf[i] == '#' && !sq && !dq &&
			 (i == ls || blank(buf[i - 1])))
			return 1;
	}
	if (description_key(buf, ls, len))
		return 1;
	ind = indent_of(buf, ls, len);
	/* Up to the line that holds the block: less indented, not blank. */
	for (n = 0; ls > 0 && n < 500; n++) {
		size_t pe = ls - 1, ps = pe;

		while (ps > 0 && buf[ps - 1] != '\n')
			ps--;
		ls = ps;
		if (indent_of(buf, ps, pe) == pe - ps)
			continue;	/* a blank line */
		if (indent_of(buf, ps, pe) < ind)
			return description_key(buf, ps, pe);
	}
	return 0;
}

/* Is ctx, where it is, one the allow-list holds? */
static enum keep_reason context_reason(const char *path, enum context ctx,
				       const char *buf, size_t len,
				       size_t start)
{
	switch (ctx) {
	case CTX_TEXT:
		return keep_doc_file(path) ? KEEP_NONE : KEEP_NOT_DOC;
	case CTX_HTML:
		return keep_doc_html(path) ? KEEP_NONE : KEEP_NOT_DOC;
	case CTX_YAML:
		return start <= len && yaml_doc(buf, len, start) ?
		       KEEP_NONE : KEEP_NOT_DOC;
	default:
		/* Comments and prose; code is the plan's (--strings). */
		return KEEP_NONE;
	}
}

static int has(const char *line, size_t n, const char *what)
{
	size_t k = strlen(what), i;

	for (i = 0; i + k <= n; i++)
		if (!strncasecmp(line + i, what, k))
			return 1;
	return 0;
}

/* The line without its comment leader: " * ", "// ", "# ", "-- ", ";; ". */
static const char *text_of(const char *line, size_t *n)
{
	const char *end = line + *n;

	while (line < end && (isspace((unsigned char)*line) ||
			      strchr("/*#;-!%", *line)))
		line++;
	*n = (size_t)(end - line);
	return line;
}

static int starts(const char *t, size_t n, const char *what)
{
	size_t k = strlen(what);

	return n >= k && !strncasecmp(t, what, k);
}

static enum keep_reason line_reason(const char *line, size_t n,
				    const struct config *cfg)
{
	static const char *const authors[] = {
		"author", "written by", "maintainer:", "maintained by",
		"contributed by", "contact:",
	};
	const struct config_entry *e;
	size_t i = 0, tn = n;
	const char *t = text_of(line, &tn);

	if (has(line, n, "copyright") || has(line, n, "(c) 1") ||
	    has(line, n, "(c) 2"))
		return KEEP_COPYRIGHT;
	if (has(line, n, "MODULE_AUTHOR"))
		return KEEP_AUTHOR;
	for (i = 0; i < sizeof(authors) / sizeof(authors[0]); i++)
		if (starts(t, tn, authors[i]))
			return KEEP_AUTHOR;
	if (has(line, n, "SPDX-License-Identifier") ||
	    has(line, n, "licensed under") || has(line, n, "MODULE_LICENSE"))
		return KEEP_LICENSE;
	i = 0;
	while ((e = settings_next(cfg, SETTING_KEEP_LINE, &i)))
		if (*e->value && has(line, n, e->value))
			return KEEP_CONFIG;
	return KEEP_NONE;
}

/*
 * A glob the scan cut off: "ftp://ftp.daimi.aau.dk/pub/linux/poe/admutil*"
 * (util-linux's login-utils/islocal.c), the URL recorded without its '*'.
 */
static int glob_after(const char *buf, size_t len, size_t start,
		      const char *url, struct strbuf *why)
{
	size_t n = strlen(url);

	if (start + n >= len || strncmp(buf + start, url, n) ||
	    (buf[start + n] != '*' && buf[start + n] != '?'))
		return 0;
	/* "?" ends a question as often: only "?" glued to a word's end. */
	if (buf[start + n] == '?' && start + n + 1 < len &&
	    !isspace((unsigned char)buf[start + n + 1]))
		return 0;
	if (why)
		strbuf_addf(why, "a glob: '%c' right after the URL",
			    buf[start + n]);
	return buf[start + n] == '*';
}

/* HTML's elements that load what their attributes name. */
static int loads(const char *tag, size_t n)
{
	static const char *const tags[] = {
		"script", "link", "img", "image", "source", "iframe", "embed",
		"video", "audio", "track", "object", "input", "meta", "use",
		"frame", "picture", "style", "body", "html",
	};
	size_t i;

	for (i = 0; i < N(tags); i++)
		if (strlen(tags[i]) == n && !strncasecmp(tag, tags[i], n))
			return 1;
	return 0;
}

/*
 * The URL is an attribute's value in an HTML element that loads it
 * (loads()): a script, style sheet, image or font the page loads
 * (jq's docs/templates: <script src="https://cdn.jsdelivr.net/..."
 * integrity=...>, <link rel="stylesheet" href=...>), which the site's
 * build pins; the page's text and its <a href> links are prose.
 */
static enum keep_reason html_asset(const char *buf, size_t start,
				   struct strbuf *why)
{
	size_t i = start, lt = 0, n;
	int found = 0;

	/* The value of an attribute: src="URL", href='URL', data=URL. */
	if (i > 0 && (buf[i - 1] == '"' || buf[i - 1] == '\''))
		i--;
	if (i == 0 || buf[i - 1] != '=')
		return KEEP_NONE;
	while (i > 0 && start - i < 2000) {
		i--;
		if (buf[i] == '>' || (buf[i] == '\n' && i > 0 &&
				      buf[i - 1] == '\n'))
			return KEEP_NONE;
		if (buf[i] == '<') {
			lt = i;
			found = 1;
			break;
		}
	}
	if (!found || !isalpha((unsigned char)buf[lt + 1]))
		return KEEP_NONE;
	for (n = 1; isalnum((unsigned char)buf[lt + 1 + n]); n++)
		;
	if (!isspace((unsigned char)buf[lt + 1 + n]) ||
	    !loads(buf + lt + 1, n))
		return KEEP_NONE;
	if (why)
		strbuf_addf(why, "%s: an attribute of <%.*s>, which the page "
			    "loads", reason_names[KEEP_ASSET], (int)n,
			    buf + lt + 1);
	return KEEP_ASSET;
}

enum keep_reason keep_judge(const char *path, enum context ctx,
			    const char *buf, size_t len, size_t start,
			    const char *url, struct keep_tree *t,
			    struct strbuf *why)
{
	const struct config *cfg = t ? t->cfg : NULL;
	enum keep_reason r = path_reason(path, t, buf, len, why);
	size_t a = start, b = start;
	struct url_info info;
	enum notice n;

	if (r != KEEP_NONE)
		return r;
	if (url && !url_parse(url, &info)) {
		if (infra_host(info.host, cfg) || (t && own_place(&t->own, url)))
			r = KEEP_INFRA;
		if (r != KEEP_NONE && why)
			strbuf_addf(why, "the project's own place (%s)",
				    info.host);
		url_info_release(&info);
		if (r != KEEP_NONE)
			return r;
	}
	r = context_reason(path, ctx, buf, len, start);
	if (r != KEEP_NONE || start > len) {
		if (r != KEEP_NONE && why)
			strbuf_addf(why, "%s (%s in %s)", reason_names[r],
				    context_name(ctx), path);
		return r;
	}
	if ((r = html_asset(buf, start, why)) != KEEP_NONE)
		return r;
	while (a > 0 && buf[a - 1] != '\n')
		a--;
	while (b < len && buf[b] != '\n')
		b++;
	r = line_reason(buf + a, b - a, cfg);
	if (r != KEEP_NONE) {
		if (why)
			strbuf_addf(why, "%s, on the line itself",
				    reason_names[r]);
		return r;
	}
	n = notice_of(buf, len, start, ctx == CTX_MARKDOWN || ctx == CTX_RST ||
		      ctx == CTX_TEXT, why);
	switch (n) {
	case NOTICE_BLOCK:
		return KEEP_NOTICE;
	case NOTICE_CREDIT:
		return KEEP_CREDIT;
	case NOTICE_GENERATED:
		return KEEP_GENERATED;
	case NOTICE_EXAMPLE:
		return KEEP_EXAMPLE_URL;
	default:
		break;
	}
	if (url && (notice_example_url(url, why) ||
		    glob_after(buf, len, start, url, why)))
		return KEEP_EXAMPLE_URL;
	if (why)
		strbuf_addf(why, "the project's own text (%s in %s)",
			    context_name(ctx), path);
	return KEEP_NONE;
}

enum keep_reason keep_reason(const char *path, enum context ctx,
			     const char *buf, size_t len, size_t start,
			     const char *url, struct keep_tree *t)
{
	return keep_judge(path, ctx, buf, len, start, url, t, NULL);
}

void keep_summary(const struct keep_counts *k, struct strbuf *out)
{
	size_t total = 0, i;
	int first = 1;

	for (i = 1; i < KEEP__COUNT; i++)
		total += k->n[i];
	if (!total)
		return;
	strbuf_addf(out, "%zu kept as they are (", total);
	for (i = 1; i < KEEP__COUNT; i++)
		if (k->n[i]) {
			strbuf_addf(out, "%s%s %zu", first ? "" : ", ",
				    reason_names[i], k->n[i]);
			first = 0;
		}
	strbuf_addch(out, ')');
}
