// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/xalloc.h"
#include "../url/url.h"
#include "maintainers.h"
#include "own.h"
#include "tree.h"

/*
 * "host/path" of a URL (libcurl's parts) or of git's host:path, lowercase
 * host, without a trailing ".git" or '/'; NULL if it names no host.
 */
static char *place_of(const char *url, size_t n)
{
	char *u = xstrndup(url, n), *p, *out = NULL;
	size_t k;

	if (strstr(u, "://")) {
		out = url_host_path(u);
	} else if ((p = strchr(u, '@')) && strchr(p, ':')) {
		*strchr(p, ':') = '/';	/* git@host:owner/repo, scp's form */
		out = xstrdup(p + 1);
		for (k = 0; out[k] && out[k] != '/'; k++)
			out[k] = (char)tolower((unsigned char)out[k]);
	}
	free(u);
	if (!out)
		return NULL;
	k = strlen(out);
	if (k > 4 && !strcmp(out + k - 4, ".git"))
		out[k -= 4] = '\0';
	while (k && out[k - 1] == '/')
		out[--k] = '\0';
	if (!k || out[0] == '/') {
		free(out);
		return NULL;
	}
	return out;
}

/* The first URL on line[0..n): its start in *at, its length returned. */
static size_t first_url(const char *line, size_t n, const char **at)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!isspace((unsigned char)line[i]) &&
		    (i == 0 || isspace((unsigned char)line[i - 1]))) {
			size_t w = strcspn(line + i, " \t\n");

			if (w > n - i)
				w = n - i;
			if (memmem(line + i, w, "://", 3) ||
			    (memchr(line + i, '@', w) && memchr(line + i, ':', w))) {
				*at = line + i;
				return w;
			}
		}
	return 0;
}

/* The place of the first URL on a line (after "T:\tgit " or "url = "). */
static void add_own_line(struct own_places *o, const char *line, size_t n)
{
	const char *at;
	size_t w = first_url(line, n, &at);
	char *place = w ? place_of(at, w) : NULL;

	if (!place)
		return;
	ALLOC_GROW(o->v, o->nr + 1, o->alloc);
	o->v[o->nr++] = place;
}

/* MAINTAINERS: the URL of a T:, B: or Q: line. */
static void maintainers_line(void *data, const char *line, size_t n)
{
	if (n > 2 && strchr("TBQ", line[0]) && line[1] == ':')
		add_own_line(data, line + 2, n - 2);
}

/* .git/config: a remote's "url = ...". */
static void config_line(void *data, const char *line, size_t n)
{
	const char *v = line;

	while (v < line + n && isspace((unsigned char)*v))
		v++;
	if ((size_t)(line + n - v) > 3 && !strncmp(v, "url", 3))
		add_own_line(data, v + 3, n - (size_t)(v + 3 - line));
}

void own_places_init(struct own_places *o, const char *root)
{
	memset(o, 0, sizeof(*o));
	if (!root)
		return;
	tree_each_line_of(root, "MAINTAINERS", maintainers_line, o);
	tree_each_line_of(root, ".git/config", config_line, o);
}

void own_places_release(struct own_places *o)
{
	size_t i;

	for (i = 0; i < o->nr; i++)
		free(o->v[i]);
	free(o->v);
	memset(o, 0, sizeof(*o));
}

int own_place(const struct own_places *o, const char *url)
{
	char *place;
	size_t i;
	int own = 0;

	if (!o || !o->nr || !(place = place_of(url, strlen(url))))
		return 0;
	for (i = 0; i < o->nr && !own; i++) {
		size_t n = strlen(o->v[i]);

		own = !strncmp(place, o->v[i], n) &&
		      (!place[n] || place[n] == '/' || place[n] == '?' ||
		       place[n] == '#');
	}
	free(place);
	return own;
}

/*
 * The host a MAINTAINERS value names: its first URL's ("git
 * git://git.kernel.org/...", "https://bugzilla.kernel.org/"), else the
 * mail host of its first address ("linux-kernel@vger.kernel.org (open
 * list)", "mailto:bugs@host"); NULL when it names none.
 */
static char *host_of(const char *v)
{
	const char *at, *w, *mail;
	size_t n = first_url(v, strlen(v), &at);
	char *place, *host;

	if (n && (place = place_of(at, n))) {
		place[strcspn(place, "/")] = '\0';
		return place;
	}
	for (w = v; *w; w += strspn(w, " \t")) {
		n = strcspn(w, " \t");
		mail = memchr(w, '@', n);
		if (mail && mail + 1 < w + n) {
			mail++;
			host = xstrndup_tolower(mail,
						strcspn(mail, " \t<>(),;"));
			if (*host)
				return host;
			free(host);
		}
		w += n;
	}
	return NULL;
}

static void add_host(struct own_hosts *out, const char *v, char field,
		     long section)
{
	char *host = host_of(v);
	size_t i;

	if (!host)
		return;
	for (i = 0; i < out->nr; i++)
		if (!strcmp(out->v[i].host, host)) {
			free(host);
			return;
		}
	ALLOC_GROW(out->v, out->nr + 1, out->alloc);
	out->v[out->nr].host = host;
	out->v[out->nr].field = field;
	out->v[out->nr++].section = section;
}

static void section_hosts(const struct maintainers *m, long i,
			  struct own_hosts *out)
{
	const struct maint_section *s = &m->v[i];
	size_t k;

	for (k = 0; k < s->nlinks; k++)
		add_host(out, s->links[k], s->link_kind[k], i);
	for (k = 0; k < s->ntrees; k++)
		add_host(out, s->trees[k], 'T', i);
	for (k = 0; k < s->ncc; k++)
		if (s->cc_kind[k] == 'L')
			add_host(out, s->cc[k], 'L', i);
}

size_t project_own_hosts(const struct maintainers *m, const char *path,
			 struct own_hosts *out)
{
	long *idx;
	size_t i, n;

	memset(out, 0, sizeof(*out));
	if (!m || !m->nr)
		return 0;
	if (!path) {
		for (i = 0; i < m->nr; i++)
			section_hosts(m, (long)i, out);
		return out->nr;
	}
	idx = xcalloc(m->nr, sizeof(*idx));
	n = maintainers_matches(m, path, idx, m->nr);
	for (i = 0; i < n; i++)
		section_hosts(m, idx[i], out);
	free(idx);
	return out->nr;
}

void own_hosts_release(struct own_hosts *h)
{
	size_t i;

	for (i = 0; i < h->nr; i++)
		free(h->v[i].host);
	free(h->v);
	memset(h, 0, sizeof(*h));
}
