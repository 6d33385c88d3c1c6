// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "path.h"
#include "strbuf.h"
#include "usage.h"
#include "xalloc.h"

static int name_char(int c)
{
	return isalnum(c) || c == '-' || c == '.' || c == '_';
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

/* The parser's place: the file, its line, the section it is in. */
struct parse {
	struct config *cfg;
	const char *path;
	unsigned line;
	char *section, *sub;
	struct strbuf val;
};

/* "[name]" or "[name \"sub\"]" in q..end (q at the '['). */
static int parse_section(struct parse *ps, const char *q, const char *end)
{
	const char *n = ++q;

	while (q < end && name_char((unsigned char)*q))
		q++;
	if (q == n)
		return bad(ps->path, ps->line, "a section needs a name");
	free(ps->section);
	free(ps->sub);
	ps->section = xstrndup_tolower(n, (size_t)(q - n));
	ps->sub = NULL;
	q = skip_blank(q, end);
	if (q < end && *q == '"') {
		strbuf_reset(&ps->val);
		q = quoted(q, end, &ps->val);
		if (!q)
			return bad(ps->path, ps->line, "an unterminated or badly "
				   "escaped subsection");
		ps->sub = xstrdup(ps->val.buf);
	}
	if (q >= end || *q != ']' || skip_blank(q + 1, end) != end)
		return bad(ps->path, ps->line, "a section header is '[name]' "
			   "or '[name \"sub\"]'");
	return 0;
}

/* "key = value" or "key = \"quoted\"" in q..end. */
static int parse_entry(struct parse *ps, const char *q, const char *end)
{
	const char *k = q, *ke;
	struct config_entry *e;

	while (q < end && name_char((unsigned char)*q))
		q++;
	ke = q;
	q = skip_blank(q, end);
	if (ke == k || q >= end || *q != '=')
		return bad(ps->path, ps->line, "expected 'key = value'");
	if (!ps->section)
		return bad(ps->path, ps->line, "a key before any [section]");
	q = skip_blank(q + 1, end);
	strbuf_reset(&ps->val);
	if (q < end && *q == '"') {
		q = quoted(q, end, &ps->val);
		if (!q || skip_blank(q, end) != end)
			return bad(ps->path, ps->line, "an unterminated or badly "
				   "escaped value");
	} else {
		const char *ve = end;

		while (ve > q && (ve[-1] == ' ' || ve[-1] == '\t'))
			ve--;
		strbuf_add(&ps->val, q, (size_t)(ve - q));
	}
	ALLOC_GROW(ps->cfg->v, ps->cfg->nr + 1, ps->cfg->alloc);
	e = &ps->cfg->v[ps->cfg->nr++];
	e->section = xstrdup(ps->section);
	e->sub = ps->sub ? xstrdup(ps->sub) : NULL;
	e->key = xstrndup_tolower(k, (size_t)(ke - k));
	e->value = xstrdup(ps->val.buf);
	e->line = ps->line;
	return 0;
}

/*
 * A NUL byte in q..end, which no value can hold: named by its key when
 * the line is "key = ...", as a setting's other refusals are.
 */
static int nul_byte(struct parse *ps, const char *q, const char *end)
{
	const char *k = q;

	while (q < end && name_char((unsigned char)*q))
		q++;
	if (ps->section && q > k && *skip_blank(q, end) == '=') {
		char *key = xstrndup_tolower(k, (size_t)(q - k));

		error("%s:%u: [%s] %s: a NUL byte in its value: a setting is "
		      "one line of printable characters", ps->path, ps->line,
		      ps->section, key);
		free(key);
		return -1;
	}
	return bad(ps->path, ps->line, "a NUL byte: not a configuration file");
}

/* text[0..len), which may hold NUL bytes (refused, naming the line). */
static int parse_text(struct config *cfg, const char *path, const char *text,
		      size_t len)
{
	struct parse ps = { cfg, path, 0, NULL, NULL, STRBUF_INIT };
	const char *p = text, *stop = text + len;
	int ret = 0;

	memset(cfg, 0, sizeof(*cfg));
	cfg->path = xstrdup(path);
	while (p < stop && !ret) {
		const char *eol = memchr(p, '\n', (size_t)(stop - p)), *end, *q;

		if (!eol)
			eol = stop;
		end = eol;
		ps.line++;
		if (end > p && end[-1] == '\r')
			end--;
		q = skip_blank(p, end);
		p = eol < stop ? eol + 1 : eol;
		if (memchr(q, '\0', (size_t)(end - q))) {
			ret = nul_byte(&ps, q, end);
			break;
		}
		if (q == end || *q == '#' || *q == ';')
			continue;
		ret = *q == '[' ? parse_section(&ps, q, end) :
		      parse_entry(&ps, q, end);
	}
	free(ps.section);
	free(ps.sub);
	strbuf_release(&ps.val);
	if (ret)
		config_release(cfg);
	return ret;
}

/*
 * The file at path, read through one descriptor: a FIFO, a device or a
 * directory of that name is refused, never waited on (O_NONBLOCK keeps
 * the open of a FIFO from blocking; fstat says what was opened).  A
 * symbolic link is followed, for dotfile managers link the user's file:
 * what it reaches must be a regular file all the same.  1 when there is
 * no such file.
 */
static int read_conf(const char *path, struct strbuf *sb)
{
	char buf[8192];
	struct stat st;
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY |
		  O_CLOEXEC);
	if (fd < 0 && errno == ENOENT)
		return 1;
	if (fd < 0)
		return error_errno("cannot open '%s'", path);
	if (fstat(fd, &st)) {
		error_errno("cannot stat '%s'", path);
		goto fail;
	}
	if (!S_ISREG(st.st_mode)) {
		error("'%s' is not a regular file: not read", path);
		goto fail;
	}
	while ((n = read(fd, buf, sizeof(buf))) > 0 ||
	       (n < 0 && errno == EINTR))
		if (n > 0)
			strbuf_add(sb, buf, (size_t)n);
	if (n < 0) {
		error_errno("cannot read '%s'", path);
		goto fail;
	}
	close(fd);
	return 0;
fail:
	close(fd);
	return -1;
}

int config_parse(struct config *cfg, const char *path, const char *text)
{
	return parse_text(cfg, path, text, strlen(text));
}

int config_load(struct config *cfg, const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	int ret;

	memset(cfg, 0, sizeof(*cfg));
	ret = read_conf(path, &sb);
	if (ret) {
		strbuf_release(&sb);
		return ret > 0 ? 0 : -1;
	}
	ret = parse_text(cfg, path, sb.buf, sb.len);
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

int config_load_user(struct config *cfg)
{
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	char *path;
	int ret;

	memset(cfg, 0, sizeof(*cfg));
	if (xdg && *xdg == '/')
		path = xstrfmt("%s/linkmend/config", xdg);
	else if (home && *home)
		path = xstrfmt("%s/.config/linkmend/config", home);
	else
		return 0;
	ret = config_load(cfg, path);
	if (!ret && !cfg->path)
		cfg->path = xstrdup(path);
	free(path);
	return ret;
}

void config_prepend(struct config *dst, const struct config *src)
{
	size_t i;

	if (!src->nr)
		return;
	ALLOC_GROW(dst->v, dst->nr + src->nr, dst->alloc);
	memmove(dst->v + src->nr, dst->v, dst->nr * sizeof(*dst->v));
	for (i = 0; i < src->nr; i++) {
		const struct config_entry *e = &src->v[i];

		dst->v[i].section = xstrdup(e->section);
		dst->v[i].sub = e->sub ? xstrdup(e->sub) : NULL;
		dst->v[i].key = xstrdup(e->key);
		dst->v[i].value = xstrdup(e->value);
		dst->v[i].line = e->line;
	}
	dst->nr += src->nr;
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

int config_match(const struct config *cfg, const char *section,
		 const char *key, const char *s, int pathname)
{
	const struct config_entry *e;
	size_t i = 0;

	while (cfg && (e = config_next(cfg, section, key, &i)))
		if (glob_match(e->value, s, pathname))
			return 1;
	return 0;
}
