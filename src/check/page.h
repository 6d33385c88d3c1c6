/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What a response says beyond its status: whether its URL is the site's
 * root, home page or error page; whether its body is a parking page, a
 * meta refresh, or holds an anchor; a digest of the body that ignores
 * the requested path echoed back ("/foo was not found"); whether a
 * redirect only added https or a trailing slash.  Pure functions over
 * URLs (libcurl's URL API) and bytes, for check.c's verdicts.
 */
#ifndef CHECK_PAGE_H
#define CHECK_PAGE_H

#include <stddef.h>

#include "../lib/strbuf.h"

/* The site root: a path of "/" or nothing, with no query. */
int page_is_root(const char *url);
/* The site's home page at a path other than "/" (/en/index.html). */
int page_is_home(const char *url);
/*
 * Its last segment names it a home page at any depth ("home",
 * "homepage.html"): a deeper page's successor it never is.
 */
int page_named_home(const char *url);
/* An error page's address (/404.html, /Error.aspx?aspxerrorpath=...). */
int page_is_error(const char *url);

/* A parking service's page, plain or built by script. */
int page_is_parked(const struct strbuf *body);

/*
 * SHA-256 of body without the path of url (raw and percent-decoded) and
 * its last segment wherever they occur: two not-found pages that echo
 * their paths digest alike.
 */
void page_digest(const struct strbuf *body, const char *url,
		 unsigned char out[32]);

/*
 * The same as page_digest(), of what stays of a page from one request to
 * the next: its words, without the path and without tokens that hold a
 * digit, run 20 characters or more or change case at random (request
 * ids, times, tokens).  Two not-found pages of one host digest alike.
 */
void page_skeleton(const struct strbuf *body, const char *url,
		   unsigned char out[32]);

/*
 * The page's <title>, else its first <h1>, as text (tags dropped, spaces
 * collapsed), when it says the page is not found ("404", "not found",
 * "does not exist" ...); else NULL.
 */
char *page_not_found_title(const struct strbuf *body);

/* The page's <title> as text (tags dropped, spaces collapsed), or NULL. */
char *page_title(const struct strbuf *body);

/* The target of a <meta http-equiv="refresh">, resolved against url. */
char *page_meta_refresh(const struct strbuf *body, const char *url);

/*
 * Where a page whose only work is to send the browser elsewhere sends
 * it: a script's location.replace("U"), location.assign("U") or
 * location.href = "U" (window., document., top.), on a page with almost
 * no text of its own; the literal decoded as JavaScript does, resolved
 * against url.  NULL for any other page, and where a call names no
 * single plain literal (a concatenation, a template, a variable).
 */
char *page_script_redirect(const struct strbuf *body, const char *url);

/*
 * The fragment of url worth checking on its page (decoded), or NULL:
 * none for "#/route", "#!", GitHub line anchors (#L42, #L42-L50) and
 * text fragments.
 */
char *page_fragment(const char *url);
/* 1 when body has an element with id or name frag. */
int page_has_anchor(const struct strbuf *body, const char *frag);

/*
 * When to differs from from only by http becoming https and/or a
 * trailing slash added or dropped, what it adds ("https", "a trailing
 * slash", ...); else NULL.
 */
const char *page_same(const char *from, const char *to);

#endif
