// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "../lib/config.h"
#include "../lib/strbuf.h"
#include "../url/infra.h"
#include "../url/url.h"
#include "keep.h"

static const char *const reason_names[KEEP__COUNT] = {
	"-", "a copyright line", "an author line", "a licence line",
	"CREDITS or MAINTAINERS", "a translation", "kept by .linkmend.conf",
	"the project's own infrastructure",
	"a box comment it would misalign",
};

const char *keep_reason_name(enum keep_reason r)
{
	return (unsigned)r < KEEP__COUNT ? reason_names[r] : "?";
}

/* The files whose every line is someone's own, or the tree's routing. */
static enum keep_reason path_reason(const char *path, const struct config *cfg)
{
	if (!strcmp(path, "CREDITS") || !strcmp(path, "MAINTAINERS"))
		return KEEP_PEOPLE;
	if (!strncmp(path, "Documentation/translations/", 27))
		return KEEP_TRANSLATION;
	if (config_match(cfg, "keep", "path", path, 1))
		return KEEP_CONFIG;
	return KEEP_NONE;
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
	while (cfg && (e = config_next(cfg, "keep", "line", &i)))
		if (*e->value && has(line, n, e->value))
			return KEEP_CONFIG;
	return KEEP_NONE;
}

enum keep_reason keep_reason(const char *path, const char *buf, size_t len,
			     size_t start, const char *url,
			     const struct config *cfg)
{
	enum keep_reason r = path_reason(path, cfg);
	size_t a = start, b = start;
	struct url_info info;

	if (r == KEEP_NONE && url && !url_parse(url, &info)) {
		if (infra_host(info.host, cfg))
			r = KEEP_INFRA;
		url_info_release(&info);
	}
	if (r != KEEP_NONE || start > len)
		return r;
	while (a > 0 && buf[a - 1] != '\n')
		a--;
	while (b < len && buf[b] != '\n')
		b++;
	return line_reason(buf + a, b - a, cfg);
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
