// SPDX-License-Identifier: GPL-2.0-or-later
/* SURT keys: the URL's parts from libcurl's URL API, put in SURT order. */
#include <ctype.h>
#include <curl/curl.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/strbuf.h"
#include "../lib/xalloc.h"
#include "surt.h"

static int arg_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* "www", "www2", ... are dropped from the front of the host. */
static const char *skip_www(const char *host)
{
	const char *p = host;

	if (strncmp(p, "www", 3))
		return host;
	p += 3;
	while (isdigit((unsigned char)*p))
		p++;
	return *p == '.' && p[1] ? p + 1 : host;
}

char *surt_key(const char *url)
{
	CURLU *u = curl_url();
	char *host = NULL, *port = NULL, *path = NULL, *query = NULL;
	char *scheme = NULL, *ret = NULL;
	struct strbuf sb = STRBUF_INIT;
	const char *h, *end;

	if (!u || curl_url_set(u, CURLUPART_URL, url,
			       CURLU_NON_SUPPORT_SCHEME) ||
	    curl_url_get(u, CURLUPART_HOST, &host, 0) ||
	    curl_url_get(u, CURLUPART_SCHEME, &scheme, 0))
		goto out;
	/* No port, or the scheme's own: none in the key. */
	curl_url_get(u, CURLUPART_PORT, &port, CURLU_NO_DEFAULT_PORT);
	curl_url_get(u, CURLUPART_PATH, &path, 0);
	curl_url_get(u, CURLUPART_QUERY, &query, 0);
	str_tolower(host);
	h = skip_www(host);
	/* Host labels reversed, joined by ','. */
	end = h + strlen(h);
	while (end > h) {
		const char *dot = end;

		while (dot > h && dot[-1] != '.')
			dot--;
		strbuf_add(&sb, dot, (size_t)(end - dot));
		end = dot > h ? dot - 1 : h;
		if (dot > h)
			strbuf_addch(&sb, ',');
	}
	if (port)
		strbuf_addf(&sb, ":%s", port);
	strbuf_addch(&sb, ')');
	str_tolower(path);
	if (!path || !*path)
		strbuf_addch(&sb, '/');
	else if (strcmp(path, "/") && path[strlen(path) - 1] == '/')
		strbuf_add(&sb, path, strlen(path) - 1);
	else
		strbuf_addstr(&sb, path);
	if (query && *query) {
		char **args = NULL, *p, *save = NULL;
		size_t n = 0, alloc = 0, i;

		str_tolower(query);
		for (p = strtok_r(query, "&", &save); p;
		     p = strtok_r(NULL, "&", &save)) {
			ALLOC_GROW(args, n + 1, alloc);
			args[n++] = p;
		}
		if (n > 1)
			qsort(args, n, sizeof(*args), arg_cmp);
		for (i = 0; i < n; i++)
			strbuf_addf(&sb, "%c%s", i ? '&' : '?', args[i]);
		free(args);
	}
	ret = strbuf_detach(&sb, NULL);
out:
	strbuf_release(&sb);
	curl_free(host);
	curl_free(port);
	curl_free(path);
	curl_free(query);
	curl_free(scheme);
	curl_url_cleanup(u);
	return ret;
}
