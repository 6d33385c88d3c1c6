/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * URL helpers over libcurl's URL API (curl_url): parsing, normalising and
 * the questions the scanner asks of a URL: is it a placeholder, an example
 * address, a licence.  No URL is parsed by hand here; libcurl does it.
 * All functions are thread-safe once curl_global_init() has run.
 */
#ifndef URL_URL_H
#define URL_URL_H

#include <stddef.h>

struct url_info {
	char *norm;	/* libcurl's normalised form, lowercased host */
	char *host;	/* lowercase; punycode where the host is an IDN */
	char *scheme;	/* lowercase */
	int has_user;	/* names a user ("http://user@host.xz/") */
};

/*
 * 1 if host (lowercase, punycode) can be a host: no empty label, none
 * longer than 63 bytes or starting or ending with '-', and a dotted
 * number only as an IPv4 address ("111.222.333.444" is none).  libcurl
 * leaves these label rules to the resolver.
 */
int url_host_valid(const char *host);

/*
 * Parse url into info; -1 where libcurl rejects it or its host cannot
 * be one (url_host_valid()).  Free with url_info_release.
 */
int url_parse(const char *url, struct url_info *info);
void url_info_release(struct url_info *info);

/* A part of a URL as libcurl reads it (url_get()). */
enum url_part { URL_SCHEME, URL_USER, URL_HOST, URL_PORT, URL_PATH, URL_QUERY };

/*
 * That part of url, as libcurl's URL API gives it (the host as written,
 * not lowercased); NULL when the URL or the part is not there.  Free it.
 */
char *url_get(const char *url, enum url_part part);

/* 1 if the scheme s[0..n) is one the scanner records by default. */
int url_scheme_default(const char *s, size_t n);

/*
 * 1 if the URL text holds a template rather than an address: printf
 * conversions (%s, %d, %02x, but not percent-encodings like %20),
 * $var, ${var}, $(var), <name> (&lt;name&gt; in HTML), {name}, a path
 * segment "..." left out, or a word of three or more X.
 */
int url_has_placeholder(const char *url, size_t n);

/*
 * 1 if a and b name the same resource, as an archive's capture must to
 * stand for a link: the same host (case aside), port, path and query;
 * http and https count as one scheme when neither names a port.  0 when
 * either does not parse.
 */
int url_same_resource(const char *a, const char *b);

/* "host/path" of url (lowercase host, no port or query); NULL if none. */
char *url_host_path(const char *url);

/*
 * 1 if host is reserved for examples or is not on the public internet:
 * RFC 2606/6761 names (example.com, .test, .invalid, .localhost, .example),
 * localhost, .local, a name of one label, a name whose last label is no
 * top-level domain of the Public Suffix List (libpsl: git's manual's
 * "host.xz"), and loopback, private, link-local or unspecified IPv4/IPv6
 * literals.
 */
int url_host_is_example(const char *host);

/* 1 when host is name or one of its subdomains (lower case, as parsed). */
int url_host_within(const char *host, const char *name);

/*
 * 1 when a and b are on one site: their hosts share a registrable domain
 * by the Public Suffix List (www.a.org, new.a.org and a.org; not
 * x.github.io and y.github.io).  A host that has none (an IP literal, a
 * public suffix itself) is the same site only as itself.  0 when either
 * does not parse.
 */
int url_same_site(const char *a, const char *b);

/*
 * 1 when a and b are one name under two public suffixes: their
 * registrable domains differ and keep their first label (lip6.fr and
 * lip6.org, www.arm.com and arm.org), as a site renamed to another
 * top-level domain is.  0 when either does not parse or has none.
 */
int url_same_name(const char *a, const char *b);

/*
 * 1 when a path segment seg[0..n) names a site's door, whatever its
 * extension: "home" and "homepage" wherever they stand
 * (/content/www/us/en/homepage.html); with top set (the segment is the
 * path's first, or under language segments alone) also index, default,
 * welcome, main and start (/index.php3, /en/default.aspx).
 */
int url_names_door(const char *seg, size_t n, int top);

/* 1 if the URL names a licence or a licence directory. */
int url_is_license(const char *host, const char *url);

#endif
