// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "config.h"
#include "strbuf.h"
#include "usage.h"
#include "xalloc.h"

static int name_char(int c)
{
	return isalnum(c) || c == '-' || c == '.' || c == '_';
}

static char *lower(const char *s, size_t n)
{
	char *r = xstrndup(s, n);
	char *p;

	for (p = r; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return r;
}

static const char *skip_blank(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

/* A quoted string from p (at '"'); *out is set; returns past it or NULL. */
static const char *quoted(const char *p, const char *end, struct strbuf *out)
{
	for (p++; p < end; p++) {
		if (*p == '"')
			return p + 1;
		if (*p == '\\') {
			if (++p >= end)
				return NULL;
			switch (*p) {
			case 'n':
				strbuf_addch(out, '\n');
				break;
			case 't':
				strbuf_addch(out, '\t');
				break;
			case '"': case '\\':
				strbuf_addch(out, *p);
				break;
			default:
				return NULL;
			}
			continue;
		}
		strbuf_addch(out, *p);
	}
	return NULL;
}

static int bad(const char *path, unsigned line, const char *what)
{
	return error("%s:%u: %s", path, line, what);
}

int config_parse(struct config *cfg, const char *path, const char *text)
{
	char *section = NULL, *sub = NULL;
	const char *p = text;
	unsigned line = 0;
	struct strbuf val = STRBUF_INIT;
	int ret = -1;

	memset(cfg, 0, sizeof(*cfg));
	cfg->path = xstrdup(path);
	while (*p) {
		const char *eol = strchr(p, '\n'), *end, *q;

		if (!eol)
			eol = p + strlen(p);
		end = eol;
		line++;
		if (end > p && end[-1] == '\r')
			end--;
		q = skip_blank(p, end);
		p = *eol ? eol + 1 : eol;
		if (q == end || *q == '#' || *q == ';')
			continue;
		if (*q == '[') {
			const char *n = ++q;

			while (q < end && name_char((unsigned char)*q))
				q++;
			if (q == n) {
				bad(path, line, "a section needs a name");
				goto out;
			}
			free(section);
			free(sub);
			section = lower(n, (size_t)(q - n));
			sub = NULL;
			q = skip_blank(q, end);
			if (q < end && *q == '"') {
				strbuf_reset(&val);
				q = quoted(q, end, &val);
				if (!q) {
					bad(path, line, "an unterminated or badly escaped subsection");
					goto out;
				}
				sub = xstrdup(val.buf);
			}
			if (q >= end || *q != ']' ||
			    skip_blank(q + 1, end) != end) {
				bad(path, line, "a section header is '[name]' or '[name \"sub\"]'");
				goto out;
			}
			continue;
		}
		{
			const char *k = q, *ke;
			struct config_entry *e;

			while (q < end && name_char((unsigned char)*q))
				q++;
			ke = q;
			q = skip_blank(q, end);
			if (ke == k || q >= end || *q != '=') {
				bad(path, line, "expected 'key = value'");
				goto out;
			}
			if (!section) {
				bad(path, line, "a key before any [section]");
				goto out;
			}
			q = skip_blank(q + 1, end);
			strbuf_reset(&val);
			if (q < end && *q == '"') {
				q = quoted(q, end, &val);
				if (!q || skip_blank(q, end) != end) {
					bad(path, line, "an unterminated or badly escaped value");
					goto out;
				}
			} else {
				const char *ve = end;

				while (ve > q && (ve[-1] == ' ' || ve[-1] == '\t'))
					ve--;
				strbuf_add(&val, q, (size_t)(ve - q));
			}
			ALLOC_GROW(cfg->v, cfg->nr + 1, cfg->alloc);
			e = &cfg->v[cfg->nr++];
			e->section = xstrdup(section);
			e->sub = sub ? xstrdup(sub) : NULL;
			e->key = lower(k, (size_t)(ke - k));
			e->value = xstrdup(val.buf);
			e->line = line;
		}
	}
	ret = 0;
out:
	free(section);
	free(sub);
	strbuf_release(&val);
	if (ret)
		config_release(cfg);
	return ret;
}

int config_load(struct config *cfg, const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	struct stat st;
	int ret;

	memset(cfg, 0, sizeof(*cfg));
	if (stat(path, &st) && errno == ENOENT)
		return 0;
	if (strbuf_read_file(&sb, path)) {
		strbuf_release(&sb);
		return -1;
	}
	if (strlen(sb.buf) != sb.len) {
		strbuf_release(&sb);
		return error("%s: a NUL byte: not a configuration file", path);
	}
	ret = config_parse(cfg, path, sb.buf);
	strbuf_release(&sb);
	return ret;
}

int config_load_tree(const char *root, struct config *cfg)
{
	char *path = xstrfmt("%s/.linkmend.conf", root && *root ? root : ".");
	int ret = config_load(cfg, path);

	free(path);
	return ret;
}

void config_release(struct config *cfg)
{
	size_t i;

	for (i = 0; i < cfg->nr; i++) {
		free(cfg->v[i].section);
		free(cfg->v[i].sub);
		free(cfg->v[i].key);
		free(cfg->v[i].value);
	}
	free(cfg->v);
	free(cfg->path);
	memset(cfg, 0, sizeof(*cfg));
}

static int sub_eq(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	return !strcasecmp(a, b);
}

const char *config_get_sub(const struct config *cfg, const char *section,
			   const char *sub, const char *key)
{
	size_t i = cfg->nr;

	while (i--) {
		const struct config_entry *e = &cfg->v[i];

		if (!strcasecmp(e->section, section) && sub_eq(e->sub, sub) &&
		    !strcasecmp(e->key, key))
			return e->value;
	}
	return NULL;
}

const char *config_get(const struct config *cfg, const char *section,
		       const char *key)
{
	return config_get_sub(cfg, section, NULL, key);
}

const struct config_entry *config_next(const struct config *cfg,
				       const char *section, const char *key,
				       size_t *i)
{
	for (; *i < cfg->nr; (*i)++) {
		const struct config_entry *e = &cfg->v[*i];

		if (!strcasecmp(e->section, section) && !strcasecmp(e->key, key)) {
			(*i)++;
			return e;
		}
	}
	return NULL;
}

int config_number(const struct config *cfg, const char *section,
		  const char *key, long min, long max, long *out)
{
	const char *v = config_get(cfg, section, key);
	char *end;
	long n;

	if (!v)
		return 0;
	errno = 0;
	n = strtol(v, &end, 10);
	if (errno || *end || end == v || n < min || n > max)
		return error("%s: [%s] %s: '%s' is not a number from %ld to %ld",
			     cfg->path, section, key, v, min, max);
	*out = n;
	return 0;
}
