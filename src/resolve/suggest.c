// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <curl/curl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../lib/xalloc.h"
#include "suggest.h"

int edit_distance(const char *a, const char *b, int max)
{
	size_t la = strlen(a), lb = strlen(b), i, j;
	int *prev, *cur, d;

	if ((la > lb ? la - lb : lb - la) > (size_t)max)
		return max + 1;
	prev = xcalloc(lb + 1, sizeof(int));
	cur = xcalloc(lb + 1, sizeof(int));
	for (j = 0; j <= lb; j++)
		prev[j] = (int)j;
	for (i = 1; i <= la; i++) {
		cur[0] = (int)i;
		for (j = 1; j <= lb; j++) {
			int sub = prev[j - 1] + (a[i - 1] != b[j - 1]);
			int del = prev[j] + 1, ins = cur[j - 1] + 1;

			cur[j] = sub < del ? (sub < ins ? sub : ins) :
			       (del < ins ? del : ins);
		}
		memcpy(prev, cur, (lb + 1) * sizeof(int));
	}
	d = prev[lb];
	free(prev);
	free(cur);
	return d > max ? max + 1 : d;
}

static int suffix_is(const char *host, const char *s)
{
	size_t h = strlen(host), n = strlen(s);

	return h == n ? !strcmp(host, s) :
	       h > n && host[h - n - 1] == '.' && !strcmp(host + h - n, s);
}

int host_is_old_mail_archive(const char *host)
{
	static const char *const hosts[] = {
		"lkml.org", "marc.info", "spinics.net", "mail-archive.com",
		"gmane.org", "lkml.iu.edu", "news.gmane.io",
	};
	size_t i;

	for (i = 0; i < sizeof(hosts) / sizeof(hosts[0]); i++)
		if (suffix_is(host, hosts[i]))
			return 1;
	return 0;
}

char *message_id_in_page(const char *body)
{
	const char *p = body;

	while ((p = strcasestr(p, "message-id"))) {
		const char *q = p + 10, *e;
		size_t open = 0;

		while (*q == ':' || *q == ' ' || *q == '\t')
			q++;
		if (*q == '<')
			open = 1;
		else if (!strncasecmp(q, "&lt;", 4))
			open = 4;
		if (!open) {
			p = q;
			continue;
		}
		q += open;
		for (e = q; *e && *e != '>' && *e != '&' && !isspace((unsigned char)*e) &&
		     *e != '"'; e++)
			;
		if ((*e == '>' || !strncasecmp(e, "&gt;", 4)) && e > q &&
		    memchr(q, '@', (size_t)(e - q)))
			return xstrndup(q, (size_t)(e - q));
		p = e;
	}
	return NULL;
}

char *url_with_host(const char *url, const char *host)
{
	CURLU *u = curl_url();
	char *out = NULL, *r = NULL;

	if (u && !curl_url_set(u, CURLUPART_URL, url, 0) &&
	    !curl_url_set(u, CURLUPART_HOST, host, 0) &&
	    !curl_url_get(u, CURLUPART_URL, &out, 0))
		r = xstrdup(out);
	curl_free(out);
	curl_url_cleanup(u);
	return r;
}
