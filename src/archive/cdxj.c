// SPDX-License-Identifier: GPL-2.0-or-later
/* CDXJ indexes: "SURT TIMESTAMP {json}" lines, sorted bytewise. */
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../lib/atomic.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "../url/surt.h"
#include "warc.h"

void cdxj_add(struct cdxj *x, const char *url, const char *ts,
	      const char *mime, long status, const char *digest,
	      long long length, long long offset, const char *filename)
{
	struct cdxj_entry *e;
	char *surt = surt_key(url);

	ALLOC_GROW(x->v, x->nr + 1, x->alloc);
	e = &x->v[x->nr++];
	e->surt = surt ? surt : xstrdup(url);
	e->ts = xstrdup(ts);
	e->url = xstrdup(url);
	e->mime = xstrdup(mime && *mime ? mime : "unk");
	e->digest = xstrdup(digest ? digest : "");
	e->filename = xstrdup(filename);
	e->status = status;
	e->length = length;
	e->offset = offset;
}

static char *line_of(const struct cdxj_entry *e)
{
	json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:s}",
			      "url", e->url, "mime", e->mime, "status", "",
			      "digest", e->digest, "length", "", "offset", "",
			      "filename", e->filename);
	char n[32], *j, *line;

	if (!o)
		return NULL;
	/* pywb's own indexes give these numbers as strings. */
	snprintf(n, sizeof(n), "%ld", e->status);
	json_object_set_new(o, "status", json_string(n));
	snprintf(n, sizeof(n), "%lld", e->length);
	json_object_set_new(o, "length", json_string(n));
	snprintf(n, sizeof(n), "%lld", e->offset);
	json_object_set_new(o, "offset", json_string(n));
	j = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
	json_decref(o);
	if (!j)
		return NULL;
	line = xstrfmt("%s %s %s\n", e->surt, e->ts, j);
	free(j);
	return line;
}

static int line_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int cdxj_write(struct cdxj *x, const char *path)
{
	char **lines = xcalloc(x->nr ? x->nr : 1, sizeof(*lines));
	struct strbuf sb = STRBUF_INIT;
	size_t i;
	int ret = 0;

	for (i = 0; i < x->nr; i++) {
		lines[i] = line_of(&x->v[i]);
		if (!lines[i])
			lines[i] = xstrdup("");
	}
	qsort(lines, x->nr, sizeof(*lines), line_cmp);
	for (i = 0; i < x->nr; i++) {
		strbuf_addstr(&sb, lines[i]);
		free(lines[i]);
	}
	free(lines);
	if (atomic_write_file(path, sb.buf ? sb.buf : "", sb.len, NULL))
		ret = -1;
	strbuf_release(&sb);
	return ret;
}

static long long num(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	if (json_is_integer(v))
		return (long long)json_integer_value(v);
	return json_is_string(v) ? strtoll(json_string_value(v), NULL, 10) : -1;
}

static const char *str(json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s ? s : "";
}

int cdxj_read(struct cdxj *x, const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	struct stat st;
	int ret;

	memset(x, 0, sizeof(*x));
	if (stat(path, &st) && errno == ENOENT)
		return 0;
	if (strbuf_read_file(&sb, path))
		return -1;
	ret = cdxj_parse(x, sb.buf, path);
	strbuf_release(&sb);
	return ret;
}

int cdxj_parse(struct cdxj *x, char *text, const char *path)
{
	char *p, *next;
	unsigned line = 0;

	memset(x, 0, sizeof(*x));
	for (p = text; p && *p; p = next) {
		char *sp1, *sp2;
		json_t *o;
		json_error_t err;
		struct cdxj_entry *e;

		next = strchr(p, '\n');
		if (next)
			*next++ = '\0';
		line++;
		if (!*p || *p == '!')	/* pywb's header lines */
			continue;
		sp1 = strchr(p, ' ');
		sp2 = sp1 ? strchr(sp1 + 1, ' ') : NULL;
		o = sp2 ? json_loads(sp2 + 1, 0, &err) : NULL;
		if (!json_is_object(o)) {
			json_decref(o);
			cdxj_release(x);
			return error("%s:%u: not a CDXJ line", path, line);
		}
		ALLOC_GROW(x->v, x->nr + 1, x->alloc);
		e = &x->v[x->nr++];
		e->surt = xstrndup(p, (size_t)(sp1 - p));
		e->ts = xstrndup(sp1 + 1, (size_t)(sp2 - sp1 - 1));
		e->url = xstrdup(str(o, "url"));
		e->mime = xstrdup(str(o, "mime"));
		e->digest = xstrdup(str(o, "digest"));
		e->filename = xstrdup(str(o, "filename"));
		e->status = (long)num(o, "status");
		e->length = num(o, "length");
		e->offset = num(o, "offset");
		json_decref(o);
	}
	return 0;
}

void cdxj_release(struct cdxj *x)
{
	size_t i;

	for (i = 0; i < x->nr; i++) {
		free(x->v[i].surt);
		free(x->v[i].ts);
		free(x->v[i].url);
		free(x->v[i].mime);
		free(x->v[i].digest);
		free(x->v[i].filename);
	}
	free(x->v);
	memset(x, 0, sizeof(*x));
}
