// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <curl/curl.h>
#include <libpsl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../lib/addr.h"
#include "../lib/xalloc.h"
#include "url.h"

int url_host_valid(const char *host)
{
	const char *p = host, *dot;
	int numeric = 1;

	if (*host == '[')	/* libcurl has checked the IPv6 literal */
		return 1;
	for (; *p; p = dot + 1) {
		size_t n;

		dot = strchr(p, '.');
		if (!dot)
			dot = p + strlen(p);
		n = (size_t)(dot - p);
		/* A final dot is the root, no empty label. */
		if (!n && !*dot && p != host)
			break;
		if (!n || n > 63 || *p == '-' || dot[-1] == '-')
			return 0;
		numeric = strspn(p, "0123456789") == n;
		if (!*dot)
			break;
	}
	/*
	 * No top-level domain is a number: a host ending in one is an IPv4
	 * address, which libcurl has normalised when it was one.
	 */
	if (numeric) {
		unsigned a, b, c, d;
		char tail;

		return sscanf(host, "%3u.%3u.%3u.%3u%c", &a, &b, &c, &d,
			      &tail) == 4 && a < 256 && b < 256 && c < 256 &&
		       d < 256;
	}
	return 1;
}

/* The parts url_same_resource() compares; 0, or -1 if url does not parse. */
static int resource_parts(const char *url, char *part[5])
{
	static const CURLUPart which[5] = {
		CURLUPART_SCHEME, CURLUPART_HOST, CURLUPART_PORT,
		CURLUPART_PATH, CURLUPART_QUERY,
	};
	CURLU *h = curl_url();
	int i, ret = 0;

	memset(part, 0, 5 * sizeof(*part));
	if (!h || curl_url_set(h, CURLUPART_URL, url, CURLU_NON_SUPPORT_SCHEME |
			       CURLU_ALLOW_SPACE)) {
		curl_url_cleanup(h);
		return -1;
	}
	for (i = 0; i < 5; i++) {
		char *v = NULL;

		/* No port (or the scheme's own), no query: NULL. */
		if (curl_url_get(h, which[i], &v, i == 2 ?
				 CURLU_NO_DEFAULT_PORT : 0) && i < 2)
			ret = -1;
		part[i] = v ? xstrdup(v) : NULL;
		curl_free(v);
	}
	curl_url_cleanup(h);
	if (part[0])
		str_tolower(part[0]);
	if (part[1])
		str_tolower(part[1]);
	return ret;
}

char *url_host_path(const char *url)
{
	char *part[5], *out = NULL;
	int i;

	if (!resource_parts(url, part) && *part[1])
		out = xstrfmt("%s%s", part[1], part[3] ? part[3] : "");
	for (i = 0; i < 5; i++)
		free(part[i]);
	return out;
}

static int same_or_both_null(const char *a, const char *b)
{
	return a && b ? !strcmp(a, b) : a == b;
}

/* "" and "/" are one path: the server's root. */
static const char *root_path(const char *p)
{
	return p && *p ? p : "/";
}

int url_same_resource(const char *a, const char *b)
{
	char *pa[5] = { NULL }, *pb[5] = { NULL };
	int same = 0, i;

	if (!resource_parts(a, pa) && !resource_parts(b, pb)) {
		int web_a = !strcmp(pa[0], "http") || !strcmp(pa[0], "https");
		int web_b = !strcmp(pb[0], "http") || !strcmp(pb[0], "https");

		same = (!strcmp(pa[0], pb[0]) ||
			(web_a && web_b && !pa[2] && !pb[2])) &&
		       !strcmp(pa[1], pb[1]) && same_or_both_null(pa[2], pb[2]) &&
		       !strcmp(root_path(pa[3]), root_path(pb[3])) &&
		       same_or_both_null(pa[4], pb[4]);
	}
	for (i = 0; i < 5; i++) {
		free(pa[i]);
		free(pb[i]);
	}
	return same;
}

int url_parse(const char *url, struct url_info *info)
{
	CURLU *h = curl_url();
	char *part = NULL;
	int ret = -1;

	memset(info, 0, sizeof(*info));
	if (!h)
		return -1;
	if (curl_url_set(h, CURLUPART_URL, url,
			 CURLU_NON_SUPPORT_SCHEME | CURLU_ALLOW_SPACE))
		goto out;
	if (curl_url_get(h, CURLUPART_SCHEME, &part, 0))
		goto out;
	info->scheme = xstrdup(part);
	str_tolower(info->scheme);
	curl_free(part);
	part = NULL;
#ifdef CURLU_PUNYCODE
	/* Without IDN support in libcurl, keep the host as written. */
	if (curl_url_get(h, CURLUPART_HOST, &part, CURLU_PUNYCODE)) {
		curl_free(part);
		part = NULL;
		if (curl_url_get(h, CURLUPART_HOST, &part, 0))
			goto out;
	}
#else
	if (curl_url_get(h, CURLUPART_HOST, &part, 0))
		goto out;
#endif
	info->host = xstrdup(part);
	str_tolower(info->host);
	curl_free(part);
	part = NULL;
	if (!*info->host || !url_host_valid(info->host))
		goto out;
	/* Host case never matters; set it back lowercased before rendering. */
	if (curl_url_set(h, CURLUPART_HOST, info->host, 0))
		goto out;
	if (curl_url_get(h, CURLUPART_URL, &part, 0))
		goto out;
	info->norm = xstrdup(part);
	curl_free(part);
	part = NULL;
	info->has_user = !curl_url_get(h, CURLUPART_USER, &part, 0);
	ret = 0;
out:
	curl_free(part);
	curl_url_cleanup(h);
	if (ret)
		url_info_release(info);
	return ret;
}

char *url_get(const char *url, enum url_part part)
{
	static const CURLUPart parts[] = {
		[URL_SCHEME] = CURLUPART_SCHEME, [URL_USER] = CURLUPART_USER,
		[URL_HOST] = CURLUPART_HOST, [URL_PORT] = CURLUPART_PORT,
		[URL_PATH] = CURLUPART_PATH, [URL_QUERY] = CURLUPART_QUERY,
	};
	CURLU *u = curl_url();
	char *v = NULL, *ret = NULL;

	if (u && !curl_url_set(u, CURLUPART_URL, url, 0) &&
	    !curl_url_get(u, parts[part], &v, 0))
		ret = xstrdup(v);
	curl_free(v);
	curl_url_cleanup(u);
	return ret;
}

void url_info_release(struct url_info *info)
{
	free(info->norm);
	free(info->host);
	free(info->scheme);
	memset(info, 0, sizeof(*info));
}

int url_scheme_default(const char *s, size_t n)
{
	return (n == 4 && !strncasecmp(s, "http", 4)) ||
	       (n == 5 && !strncasecmp(s, "https", 5)) ||
	       (n == 3 && !strncasecmp(s, "ftp", 3));
}

static int is_conversion(const char *p, const char *end)
{
	/* After '%': flags, width, precision, length, then a conversion. */
	while (p < end && strchr("-+ #0", *p))
		p++;
	while (p < end && (isdigit((unsigned char)*p) || *p == '.' ||
			   *p == '*'))
		p++;
	while (p < end && strchr("hlLqjzt", *p))
		p++;
	return p < end && strchr("sdiuxXopcfgeE", *p);
}

int url_has_placeholder(const char *url, size_t n)
{
	const char *p, *end = url + n;

	for (p = url; p < end; p++) {
		if (*p == 'X' || *p == 'x') {
			/* A whole word of three or more x: XXX, xxxx. */
			const char *q = p;

			while (q < end && (*q == 'X' || *q == 'x'))
				q++;
			if (q - p >= 3 && (p == url ||
			    !isalnum((unsigned char)p[-1])) &&
			    (q == end || !isalnum((unsigned char)*q)))
				return 1;
			p = q - 1;
		} else if (*p == '%' && p + 1 < end) {
			/*
			 * %20 is an encoding; %02x and %08lx are conversions
			 * with a zero flag (a control character is never
			 * percent-encoded in a link anyone writes).
			 */
			if (p + 2 < end && isxdigit((unsigned char)p[1]) &&
			    isxdigit((unsigned char)p[2]) &&
			    !(p[1] == '0' && is_conversion(p + 1, end)))
				continue;
			if (is_conversion(p + 1, end))
				return 1;
		} else if (*p == '$' && p + 1 < end &&
			   (p[1] == '{' || p[1] == '(' || p[1] == '_' ||
			    isalpha((unsigned char)p[1]))) {
			return 1;
		} else if (*p == '<' || *p == '{') {
			return 1;
		} else if (*p == '&' && end - p > 4 && !memcmp(p, "&lt;", 4)) {
			return 1;	/* <name> in HTML text */
		} else if (*p == '/' && end - p > 4 && !memcmp(p, "/.../", 5)) {
			return 1;	/* a path left out: git.kernel.org/.../x.git */
		}
	}
	return 0;
}

int url_host_within(const char *host, const char *suffix)
{
	size_t h = strlen(host), s = strlen(suffix);

	if (h == s)
		return !strcmp(host, suffix);
	return h > s && host[h - s - 1] == '.' &&
	       !strcmp(host + h - s, suffix);
}

/* host's registrable domain (libpsl), or NULL: an IP literal has none. */
static const char *registrable_or_null(const char *host)
{
	const char *last = strrchr(host, '.');

	if (*host == '[' || (last && last[1] &&
			     strspn(last + 1, "0123456789") == strlen(last + 1)))
		return NULL;
	return psl_registrable_domain(psl_builtin(), host);
}

/* host's registrable domain, or host itself where it has none. */
static const char *registrable(const char *host)
{
	const char *d = registrable_or_null(host);

	return d ? d : host;
}

int url_same_site(const char *a, const char *b)
{
	struct url_info ua, ub;
	int same = 0;

	if (url_parse(a, &ua))
		return 0;
	if (!url_parse(b, &ub)) {
		same = !strcmp(registrable(ua.host), registrable(ub.host));
		url_info_release(&ub);
	}
	url_info_release(&ua);
	return same;
}

int url_same_name(const char *a, const char *b)
{
	struct url_info ua, ub;
	const char *da, *db;
	int same = 0;

	if (url_parse(a, &ua))
		return 0;
	if (!url_parse(b, &ub)) {
		da = registrable_or_null(ua.host);
		db = registrable_or_null(ub.host);
		same = da && db && strcmp(da, db) &&
		       strcspn(da, ".") == strcspn(db, ".") &&
		       !strncmp(da, db, strcspn(da, "."));
		url_info_release(&ub);
	}
	url_info_release(&ua);
	return same;
}

/*
 * Is host's last label a top-level domain?  The Public Suffix List
 * without its "*" rule, which would take any label for one; an IDN
 * label in its xn-- form is given the benefit of the doubt.
 */
static int tld_known(const char *host)
{
	size_t n = strlen(host), k;
	char tld[64];

	if (n && host[n - 1] == '.')	/* "host.org.": the root's dot */
		n--;
	for (k = n; k > 0 && host[k - 1] != '.'; k--)
		;
	if (*host == '[' || !k || n - k == 0 || n - k >= sizeof(tld) ||
	    !strncmp(host + k, "xn--", 4) ||
	    strspn(host + k, "0123456789") >= n - k)	/* an IPv4 literal */
		return 1;
	memcpy(tld, host + k, n - k);
	tld[n - k] = '\0';
	return psl_is_public_suffix2(psl_builtin(), tld,
				     PSL_TYPE_ANY | PSL_TYPE_NO_STAR_RULE);
}

static int stem_in(const char *seg, size_t n, const char *const *names,
		   size_t nnames)
{
	size_t i, stem = 0;

	while (stem < n && seg[stem] != '.')
		stem++;
	for (i = 0; i < nnames; i++)
		if (strlen(names[i]) == stem && !strncasecmp(seg, names[i], stem))
			return 1;
	return 0;
}

int url_names_door(const char *seg, size_t n, int top)
{
	static const char *const anywhere[] = { "home", "homepage" };
	static const char *const at_top[] = {
		"index", "default", "welcome", "main", "start",
	};

	return stem_in(seg, n, anywhere, 2) ||
	       (top && stem_in(seg, n, at_top, 5));
}

int url_host_is_example(const char *host)
{
	static const char *const names[] = {
		"example.com", "example.net", "example.org", "example",
		"test", "invalid", "localhost", "local", "localdomain",
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (url_host_within(host, names[i]))
			return 1;
	/* One label ("https://link/to/information"): a name of a LAN, or none. */
	if (*host != '[' && !strchr(host, '.'))
		return 1;
	if (addr_literal_kind(host))
		return 1;
	return !tld_known(host);
}

int url_is_license(const char *host, const char *url)
{
	static const char *const hosts_paths[][2] = {
		{ "gnu.org", "/licenses" },
		{ "gnu.org", "/licences" },
		{ "gnu.org", "/copyleft" },
		{ "gnu.org", "/philosophy/license" },
		{ "fsf.org", "/licens" },
		{ "opensource.org", "/licenses" },
		{ "opensource.org", "/license" },
		{ "mozilla.org", "/mpl" },
		{ "creativecommons.org", "/licenses" },
		{ "creativecommons.org", "/publicdomain" },
		{ "apache.org", "/licenses" },
		{ "spdx.org", "/licenses" },
		{ "unlicense.org", "" },
		{ "wtfpl.net", "" },
		{ "prep.ai.mit.edu", "/pub/gnu/gpl" },
		{ "prep.ai.mit.edu", "/pub/gnu/copying" },
	};
	const char *path, *p;
	char lower[512];
	size_t i, n;

	p = strstr(url, "://");
	if (!p)
		return 0;
	p += 3;
	path = strchr(p, '/');
	if (!path)
		path = "";
	n = strlen(path);
	if (n >= sizeof(lower))
		n = sizeof(lower) - 1;
	for (i = 0; i < n; i++)
		lower[i] = (char)tolower((unsigned char)path[i]);
	lower[n] = '\0';
	for (i = 0; i < sizeof(hosts_paths) / sizeof(hosts_paths[0]); i++)
		if (url_host_within(host, hosts_paths[i][0]) &&
		    !strncmp(lower, hosts_paths[i][1],
			     strlen(hosts_paths[i][1])))
			return 1;
	/* Licence directories on any host: .../old-licenses/gpl-2.0... */
	return strstr(lower, "/old-licenses/") || strstr(lower, "/licenses/gpl") ||
	       strstr(lower, "/licenses/lgpl");
}
