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

/* Words that name no project or page: in hosts, paths and titles. */
int generic_word(const char *s, size_t n)
{
	static const char *const v[] = {
		"www", "ftp", "web", "docs", "doc", "wiki", "git", "lists",
		"list", "mail", "download", "downloads", "projects", "project",
		"home", "blog", "forum", "forums", "support", "developer",
		"developers", "dev", "linux", "kernel", "files", "pub", "news",
		"people", "users", "user", "src", "source", "html", "index",
		"main", "master", "blob", "tree", "org", "com", "net", "http",
		"https", "the", "and", "for", "with", "from", "page", "welcome",
		"documentation", "about", "site", "online", "official", "info",
		"software", "open", "free", "version", "manual", "guide",
	};
	size_t i;

	if (n < 3)
		return 1;
	for (i = 0; i < sizeof(v) / sizeof(*v); i++)
		if (strlen(v[i]) == n && !strncasecmp(s, v[i], n))
			return 1;
	return 0;
}

/*
 * The names a dead URL gives its project, each with the rest of its
 * path: its host's first distinctive label ("nbd" of nbd.sf.net, the
 * whole path after it), and the segment after "projects" or "p"
 * (SourceForge, OSDN, Savannah: "tomoyo" of /projects/tomoyo/docs/x).
 */
size_t project_names(const char *url, const char *host,
			    char *name[2], const char *rest[2])
{
	const char *p = strstr(url, "://"), *path, *seg;
	size_t n = 0, len;

	if (!p)
		return 0;
	path = p + 3 + strcspn(p + 3, "/?#");
	for (p = host; *p; p += len + (p[len] == '.')) {
		len = strcspn(p, ".");
		if (!p[len])
			break;	/* the top-level domain */
		if (!generic_word(p, len)) {
			name[n] = xstrndup(p, len);
			rest[n++] = path;
			break;
		}
	}
	for (seg = path; *seg == '/'; seg += len) {
		seg++;
		len = strcspn(seg, "/?#");
		if ((len == 8 && !strncasecmp(seg, "projects", 8)) ||
		    (len == 1 && *seg == 'p')) {
			const char *x = seg + len;

			if (*x != '/' || !(len = strcspn(x + 1, "/?#")) ||
			    generic_word(x + 1, len))
				break;
			name[n] = xstrndup(x + 1, len);
			rest[n++] = x + 1 + len;
			break;
		}
	}
	return n;
}

/*
 * How many of title's distinctive words url holds (case ignored); all
 * of them when url is NULL.
 */
size_t title_words_in(const char *title, const char *url)
{
	const char *p = title;
	size_t n = 0, len;

	for (; *p; p += len) {
		char *w;

		if (!isalnum((unsigned char)*p)) {
			len = 1;
			continue;
		}
		for (len = 0; isalnum((unsigned char)p[len]); len++)
			;
		if (len < 4 || generic_word(p, len))
			continue;
		w = xstrndup(p, len);
		n += !url || strcasestr(url, w);
		free(w);
	}
	return n;
}
