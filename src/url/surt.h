/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * SURT keys: the canonical form of a URL that web archives sort and look
 * up captures by (CDX, CDXJ; ARCHIVES.md describes it), made from
 * libcurl's parse of the URL, never by hand.  Thread-safe once
 * curl_global_init() has run.
 */
#ifndef URL_SURT_H
#define URL_SURT_H

/* The SURT key of url ("org,archive)/goo?a=1&a=2&b"), or NULL. */
char *surt_key(const char *url);

#endif
