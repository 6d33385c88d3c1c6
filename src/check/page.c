// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <curl/curl.h>
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../lib/xalloc.h"
#include "../url/url.h"
#include "page.h"

int page_is_root(const char *url)
{
	CURLU *u = curl_url();
	char *path = NULL, *query = NULL;
	int root = 0;

	if (u && !curl_url_set(u, CURLUPART_URL, url, 0) &&
	    !curl_url_get(u, CURLUPART_PATH, &path, 0)) {
		root = (!strcmp(path, "/") || !*path) &&
		       curl_url_get(u, CURLUPART_QUERY, &query, 0);
	}
	curl_free(path);
	curl_free(query);
	curl_url_cleanup(u);
	return root;
}

/* "en", "de", "en-us", "pt_BR": a language or locale, no page. */
static int locale_segment(const char *seg, size_t n)
{
	return (n == 2 || (n == 5 && (seg[2] == '-' || seg[2] == '_'))) &&
	       isalpha((unsigned char)seg[0]) && isalpha((unsigned char)seg[1]);
}

int page_named_home(const char *url)
{
	char *path = url_get(url, URL_PATH);
	const char *last;
	int home = 0;

	if (!path)
		return 0;
	/* The last segment; "/home/" names it as "/home" does. */
	while (*path && path[strlen(path) - 1] == '/')
		path[strlen(path) - 1] = '\0';
	last = strrchr(path, '/');
	last = last ? last + 1 : path;
	home = url_names_door(last, strlen(last), 0);
	free(path);
	return home;
}

int page_is_home(const char *url)
{
	CURLU *u = curl_url();
	char *path = NULL;
	const char *p, *last = NULL;
	size_t lastn = 0;
	int only_locales = 1, home = 0;

	if (!u || curl_url_set(u, CURLUPART_URL, url, 0) ||
	    curl_url_get(u, CURLUPART_PATH, &path, 0))
		goto out;
	for (p = path; *p; ) {
		size_t n;

		p += strspn(p, "/");
		n = strcspn(p, "/");
		if (!n)
			break;
		if (last && !locale_segment(last, lastn))
			only_locales = 0;
		last = p;
		lastn = n;
		p += n;
	}
	if (!last)
		goto out;	/* the root: is_root()'s */
	home = url_names_door(last, lastn, only_locales) ||
	       (only_locales && locale_segment(last, lastn) &&
		path[strlen(path) - 1] == '/');
out:
	curl_free(path);
	curl_url_cleanup(u);
	return home;
}

static const char *const parked_markers[] = {
	"domain is for sale", "domain may be for sale", "buy this domain",
	"domain parking", "sedoparking", "parkingcrew", "this domain is parked",
	"parked free", "hugedomains",
	/*
	 * Parking pages built by script: an empty body and a script that
	 * sends the browser to the service's lander or loads its code.
	 */
	"\"/lander", "'/lander", "//lander.", "parking-lander", "bodis.com",
	"parklogic",
	"sedo.com/search", "above.com/marketplace", "afternic.com",
	"dan.com/buy-domain", "undeveloped.com", "domainmarket.com",
};

int page_is_parked(const struct strbuf *b)
{
	size_t i, k, n = b->len < 65536 ? b->len : 65536;
	char *low = xmalloc(n + 1);
	int found = 0;

	for (i = 0; i < n; i++)
		low[i] = (char)tolower((unsigned char)b->buf[i]);
	low[n] = '\0';
	for (k = 0; !found && k < sizeof(parked_markers) / sizeof(*parked_markers); k++)
		found = strstr(low, parked_markers[k]) != NULL;
	free(low);
	return found;
}

/* Names a site gives its not-found or error page. */
static const char *const error_names[] = {
	"error", "errors", "404", "notfound", "not-found", "not_found",
	"pagenotfound", "page-not-found", "page_not_found", "error404",
	"404error", "errorpage", "error-page", "missing",
};

int page_is_error(const char *url)
{
	char *path = url_get(url, URL_PATH);
	char *query = url_get(url, URL_QUERY);
	const char *p, *last = NULL;
	size_t lastn = 0, i, stem;
	int err = 0;

	if (query && (strcasestr(query, "aspxerrorpath=") ||
		      strcasestr(query, "errorpath=")))
		err = 1;
	for (p = path ? path : ""; *p; ) {
		size_t n;

		p += strspn(p, "/");
		n = strcspn(p, "/");
		if (n) {
			last = p;
			lastn = n;
		}
		p += n;
	}
	if (!err && last) {
		for (stem = 0; stem < lastn && last[stem] != '.'; stem++)
			;
		for (i = 0; i < sizeof(error_names) / sizeof(*error_names); i++)
			if (strlen(error_names[i]) == stem &&
			    !strncasecmp(last, error_names[i], stem))
				err = 1;
	}
	free(path);
	free(query);
	return err;
}

/* Remove every occurrence of what (n bytes, n >= 3) from sb. */
static void remove_all(struct strbuf *sb, const char *what, size_t n)
{
	size_t r = 0, w = 0;

	if (n < 3)
		return;
	while (r < sb->len) {
		if (r + n <= sb->len && !memcmp(sb->buf + r, what, n)) {
			r += n;
			continue;
		}
		sb->buf[w++] = sb->buf[r++];
	}
	sb->len = w;
	sb->buf[w] = '\0';
}

/*
 * body copied into b without the path of url wherever it occurs: raw,
 * percent-decoded, percent-encoded when encoded is set, and its last
 * segment.
 */
static void copy_without_path(struct strbuf *b, const struct strbuf *body,
			      const char *url, int encoded)
{
	char *path = url_get(url, URL_PATH);

	strbuf_add(b, body->buf, body->len);
	if (path && strlen(path) > 1) {
		const char *last = strrchr(path, '/');
		int dn = 0;
		char *dec = curl_easy_unescape(NULL, path, 0, &dn);
		char *enc = encoded ? curl_easy_escape(NULL, path, 0) : NULL;

		remove_all(b, path, strlen(path));
		if (dec)
			remove_all(b, dec, (size_t)dn);
		if (enc)
			remove_all(b, enc, strlen(enc));
		if (last && last[1])
			remove_all(b, last + 1, strlen(last + 1));
		curl_free(dec);
		curl_free(enc);
	}
	free(path);
}

void page_digest(const struct strbuf *body, const char *url,
		 unsigned char out[32])
{
	struct strbuf b = STRBUF_INIT;
	unsigned int dl = 0;

	copy_without_path(&b, body, url, 0);
	EVP_Digest(b.buf, b.len, out, &dl, EVP_sha256(), NULL);
	strbuf_release(&b);
}

/* A word a server makes up anew for each request. */
static int volatile_word(const char *w, size_t n)
{
	size_t i, flips = 0;

	if (n >= 20)
		return 1;
	for (i = 0; i < n; i++) {
		if (isdigit((unsigned char)w[i]))
			return 1;
		if (i && islower((unsigned char)w[i - 1]) &&
		    isupper((unsigned char)w[i]))
			flips++;
	}
	return flips >= 3;
}

void page_skeleton(const struct strbuf *body, const char *url,
		   unsigned char out[32])
{
	struct strbuf b = STRBUF_INIT, words = STRBUF_INIT;
	unsigned int dl = 0;
	size_t i = 0;

	copy_without_path(&b, body, url, 1);
	/* Words: runs of letters, digits and the base64 characters. */
	while (i < b.len) {
		size_t n = 0;

		while (i + n < b.len && (isalnum((unsigned char)b.buf[i + n]) ||
					 (b.buf[i + n] &&
					  strchr("+/=_-", b.buf[i + n]))))
			n++;
		if (!n) {
			i++;
			continue;
		}
		if (!volatile_word(b.buf + i, n)) {
			strbuf_add(&words, b.buf + i, n);
			strbuf_addch(&words, ' ');
		}
		i += n;
	}
	EVP_Digest(words.buf, words.len, out, &dl, EVP_sha256(), NULL);
	strbuf_release(&b);
	strbuf_release(&words);
}

/* The text of the first <tag>...</tag> (tags inside dropped), or NULL. */
static char *element_text(const struct strbuf *body, const char *tag)
{
	char open[16], close[16];
	const char *p, *end;
	struct strbuf sb = STRBUF_INIT;
	int in_tag = 0;

	snprintf(open, sizeof(open), "<%s", tag);
	snprintf(close, sizeof(close), "</%s", tag);
	p = strcasestr(body->buf, open);
	if (!p || (!isspace((unsigned char)p[strlen(open)]) &&
		   p[strlen(open)] != '>'))
		return NULL;
	p = strchr(p, '>');
	end = p ? strcasestr(p, close) : NULL;
	if (!end)
		return NULL;
	for (p++; p < end; p++) {
		if (*p == '<')
			in_tag = 1;
		else if (*p == '>')
			in_tag = 0;
		else if (!in_tag && isspace((unsigned char)*p)) {
			if (sb.len && sb.buf[sb.len - 1] != ' ')
				strbuf_addch(&sb, ' ');
		} else if (!in_tag) {
			strbuf_addch(&sb, *p);
		}
	}
	if (sb.len && sb.buf[sb.len - 1] == ' ')
		strbuf_setlen(&sb, sb.len - 1);
	return strbuf_detach(&sb, NULL);
}

static int says_not_found(const char *t)
{
	static const char *const phrases[] = {
		"not found", "404", "does not exist", "doesn't exist",
		"no longer exists", "no longer available", "cannot be found",
		"can't be found", "could not be found", "page not available",
	};
	size_t i;

	for (i = 0; t && i < sizeof(phrases) / sizeof(*phrases); i++)
		if (strcasestr(t, phrases[i]))
			return 1;
	return 0;
}

char *page_title(const struct strbuf *body)
{
	char *t = body->len ? element_text(body, "title") : NULL;

	if (t && !*t) {
		free(t);
		t = NULL;
	}
	return t;
}

char *page_not_found_title(const struct strbuf *body)
{
	static const char *const tags[] = { "title", "h1" };
	size_t i;

	for (i = 0; body->len && i < 2; i++) {
		char *t = element_text(body, tags[i]);

		if (t && says_not_found(t))
			return t;
		free(t);
	}
	return NULL;
}

/* The value of attribute name in the tag tag[0..n), or NULL. */
static char *attr(const char *tag, size_t n, const char *name)
{
	size_t k = strlen(name), i;

	for (i = 1; i + k < n; i++) {
		const char *v;
		size_t len;
		char q;

		if (strncasecmp(tag + i, name, k) ||
		    !isspace((unsigned char)tag[i - 1]))
			continue;
		v = tag + i + k;
		while (v < tag + n && isspace((unsigned char)*v))
			v++;
		if (v >= tag + n || *v != '=')
			continue;
		v++;
		while (v < tag + n && isspace((unsigned char)*v))
			v++;
		q = v < tag + n && (*v == '"' || *v == '\'') ? *v++ : 0;
		for (len = 0; v + len < tag + n && (q ? v[len] != q :
		     !isspace((unsigned char)v[len]) && v[len] != '>'); len++)
			;
		return xstrndup(v, len);
	}
	return NULL;
}

char *page_meta_refresh(const struct strbuf *body, const char *url)
{
	const char *p = body->buf, *end = body->buf + body->len;
	char *ret = NULL;

	while (!ret && (p = strcasestr(p, "<meta")) && p < end) {
		const char *gt = memchr(p, '>', (size_t)(end - p));
		size_t n = gt ? (size_t)(gt - p) : (size_t)(end - p);
		char *equiv = attr(p, n, "http-equiv");
		char *content = equiv && !strcasecmp(equiv, "refresh") ?
				attr(p, n, "content") : NULL;
		const char *u = content ? strcasestr(content, "url") : NULL;

		if (u) {
			CURLU *h = curl_url();
			char *abs = NULL;

			u += 3;
			while (isspace((unsigned char)*u))
				u++;
			if (*u == '=') {
				u++;
				while (isspace((unsigned char)*u) || *u == '\'' ||
				       *u == '"')
					u++;
				{
					char *t = xstrndup(u, strcspn(u, "'\""));

					/* A relative target resolves as a redirect's. */
					if (h && *t &&
					    !curl_url_set(h, CURLUPART_URL, url, 0) &&
					    !curl_url_set(h, CURLUPART_URL, t, 0) &&
					    !curl_url_get(h, CURLUPART_URL, &abs, 0))
						ret = xstrdup(abs);
					free(t);
				}
			}
			curl_free(abs);
			curl_url_cleanup(h);
		}
		free(equiv);
		free(content);
		p += n ? n : 1;
	}
	return ret;
}

/* What a reader sees of a page: text outside tags, scripts and styles. */
static size_t visible_text(const struct strbuf *body)
{
	const char *p = body->buf, *end = body->buf + body->len;
	size_t n = 0;

	while (p < end) {
		if (*p == '<') {
			const char *close = NULL;

			if (!strncasecmp(p, "<script", 7))
				close = strcasestr(p, "</script");
			else if (!strncasecmp(p, "<style", 6))
				close = strcasestr(p, "</style");
			if (close)
				p = close;
			p = memchr(p, '>', (size_t)(end - p));
			if (!p)
				break;
			p++;
			continue;
		}
		n += !isspace((unsigned char)*p);
		p++;
	}
	return n;
}

static int hex_value(const char *p, const char *end, size_t n,
		     unsigned long *v)
{
	size_t i;

	*v = 0;
	for (i = 0; i < n; i++) {
		if (p + i >= end || !isxdigit((unsigned char)p[i]))
			return -1;
		*v = *v * 16 + (unsigned long)(isdigit((unsigned char)p[i]) ?
			p[i] - '0' : (tolower((unsigned char)p[i]) - 'a' + 10));
	}
	return 0;
}

/*
 * Code point c into a URL: past ASCII as UTF-8, each byte percent-encoded,
 * as a browser does; so are the few ASCII characters a URL cannot hold.
 */
static void add_code_point(struct strbuf *sb, unsigned long c)
{
	unsigned char b[4];
	int n, i;

	if (c < 0x80 && strchr(" \"<>`", (int)c)) {
		strbuf_addf(sb, "%%%02lX", c);
		return;
	}
	if (c < 0x80) {
		strbuf_addch(sb, (char)c);
		return;
	}
	if (c < 0x800) {
		b[0] = (unsigned char)(0xc0 | c >> 6);
		n = 2;
	} else if (c < 0x10000) {
		b[0] = (unsigned char)(0xe0 | c >> 12);
		b[1] = (unsigned char)(0x80 | ((c >> 6) & 0x3f));
		n = 3;
	} else {
		b[0] = (unsigned char)(0xf0 | c >> 18);
		b[1] = (unsigned char)(0x80 | ((c >> 12) & 0x3f));
		b[2] = (unsigned char)(0x80 | ((c >> 6) & 0x3f));
		n = 4;
	}
	b[n - 1] = (unsigned char)(0x80 | (c & 0x3f));
	for (i = 0; i < n; i++)
		strbuf_addf(sb, "%%%02X", b[i]);
}

/*
 * The JavaScript string literal whose opening quote is at q, decoded
 * (\uXXXX, \u{X...}, \xXX, \' \" \\ \/ and the other escapes a URL can
 * hold), bytes past ASCII percent-encoded; *after set past its closing
 * quote.  NULL when it is no literal a URL can come from: unclosed, a
 * line break or control character in it, a bad escape, a lone
 * surrogate.
 */
static char *js_string(const char *q, const char *end, const char **after)
{
	struct strbuf sb = STRBUF_INIT;
	char quote = *q++;
	unsigned long c, lo;

	while (q < end && *q != quote) {
		if ((unsigned char)*q < 0x20 || *q == 0x7f)
			goto bad;
		/* The page's own UTF-8, byte by byte. */
		if ((unsigned char)*q >= 0x80) {
			strbuf_addf(&sb, "%%%02X", (unsigned char)*q++);
			continue;
		}
		if (*q != '\\') {
			add_code_point(&sb, (unsigned char)*q++);
			continue;
		}
		if (++q >= end)
			goto bad;
		switch (*q) {
		case 'x':
			if (hex_value(q + 1, end, 2, &c))
				goto bad;
			q += 3;
			break;
		case 'u':
			if (q + 1 < end && q[1] == '{') {
				const char *close;

				close = memchr(q + 2, '}',
					       (size_t)(end - q - 2));

				if (!close || close == q + 2 || close - q > 9 ||
				    hex_value(q + 2, end,
					      (size_t)(close - q - 2), &c) ||
				    c > 0x10ffff)
					goto bad;
				q = close + 1;
				break;
			}
			if (hex_value(q + 1, end, 4, &c))
				goto bad;
			q += 5;
			/* A surrogate pair is one code point. */
			if (c >= 0xd800 && c < 0xdc00 && q + 6 <= end &&
			    q[0] == '\\' && q[1] == 'u' &&
			    !hex_value(q + 2, end, 4, &lo) &&
			    lo >= 0xdc00 && lo < 0xe000) {
				c = 0x10000 + ((c - 0xd800) << 10) +
				    (lo - 0xdc00);
				q += 6;
			}
			break;
		case '\'': case '"': case '\\': case '/':
			c = (unsigned char)*q++;
			break;
		default:
			/* \n, \t, \0, ...: nothing a URL holds. */
			goto bad;
		}
		if (c < 0x20 || c == 0x7f || (c >= 0xd800 && c < 0xe000))
			goto bad;
		add_code_point(&sb, c);
	}
	if (q >= end)
		goto bad;
	*after = q + 1;
	return strbuf_detach(&sb, NULL);
bad:
	strbuf_release(&sb);
	return NULL;
}

/*
 * The string literal after location.replace( and the like, decoded, or
 * NULL; *unsure set when a call names no single plain literal (a
 * concatenation, a template, a variable after the quote): then no target
 * is offered at all, for the one guessed could be wrong.
 */
static char *script_target(const char *s, const char *end, int *unsure)
{
	static const char *const calls[] = {
		"location.replace(", "location.assign(", "location.href=",
		"location=",
	};
	const char *p;
	size_t i;

	for (p = s; p < end; p++) {
		for (i = 0; i < sizeof(calls) / sizeof(*calls); i++) {
			size_t k = 0, m = strlen(calls[i]);
			const char *q = p, *after;
			char *v;

			/* Spaces around '=' and '(' are the script's own. */
			while (k < m && q < end) {
				if (isspace((unsigned char)*q) &&
				    (calls[i][k] == '=' || calls[i][k] == '(')) {
					q++;
					continue;
				}
				if (*q != calls[i][k])
					break;
				q++;
				k++;
			}
			if (k < m || (p > s && (isalnum((unsigned char)p[-1]) ||
						p[-1] == '_')) ||
			    (i == 3 && p > s && p[-1] != '.'))
				continue;
			/* "location ==" compares; it sends nobody anywhere. */
			if (q < end && *q == '=' && calls[i][m - 1] == '=')
				continue;
			while (q < end && isspace((unsigned char)*q))
				q++;
			if (q >= end || (*q != '"' && *q != '\'')) {
				*unsure = 1;
				return NULL;
			}
			v = js_string(q, end, &after);
			while (v && after < end && (*after == ' ' ||
						    *after == '\t'))
				after++;
			/* Then the call or statement ends, or no URL. */
			if (!v || !*v || (after < end && !strchr(");}\r\n",
								   *after))) {
				free(v);
				*unsure = 1;
				return NULL;
			}
			return v;
		}
	}
	return NULL;
}

char *page_script_redirect(const struct strbuf *body, const char *url)
{
	const char *p = body->buf, *end = body->buf + body->len;
	char *target = NULL, *ret = NULL, *abs = NULL;
	int unsure = 0;
	CURLU *h;

	/* A page with text of its own is read, whatever its scripts do. */
	if (visible_text(body) > 120)
		return NULL;
	while (!target && !unsure && (p = strcasestr(p, "<script")) &&
	       p < end) {
		const char *gt = memchr(p, '>', (size_t)(end - p));
		const char *close = gt ? strcasestr(gt, "</script") : NULL;

		if (!close)
			break;
		target = script_target(gt + 1, close, &unsure);
		p = close;
	}
	if (!target)
		return NULL;
	h = curl_url();
	if (h && !curl_url_set(h, CURLUPART_URL, url, 0) &&
	    !curl_url_set(h, CURLUPART_URL, target, 0) &&
	    !curl_url_get(h, CURLUPART_URL, &abs, 0))
		ret = xstrdup(abs);
	curl_free(abs);
	curl_url_cleanup(h);
	free(target);
	return ret;
}

char *page_fragment(const char *url)
{
	const char *h = strchr(url, '#');
	char *dec, *frag;
	int n = 0;

	if (!h || !h[1] || h[1] == '/' || h[1] == '!' || h[1] == ':' ||
	    strstr(h, ":~:"))
		return NULL;
	/* GitHub's and other code browsers' line anchors. */
	if (h[1] == 'L' && isdigit((unsigned char)h[2]) &&
	    strspn(h + 2, "0123456789-L") == strlen(h + 2))
		return NULL;
	dec = curl_easy_unescape(NULL, h + 1, 0, &n);
	if (!dec)
		return NULL;
	frag = xstrndup(dec, (size_t)n);
	curl_free(dec);
	return frag;
}

int page_has_anchor(const struct strbuf *body, const char *frag)
{
	const char *p = body->buf, *end = body->buf + body->len;

	while ((p = memchr(p, '<', (size_t)(end - p)))) {
		const char *gt = memchr(p, '>', (size_t)(end - p));
		size_t n = gt ? (size_t)(gt - p) : (size_t)(end - p);
		char *id = attr(p, n, "id"), *name = attr(p, n, "name");
		int hit = (id && !strcmp(id, frag)) ||
			  (name && !strcmp(name, frag));

		free(id);
		free(name);
		if (hit)
			return 1;
		p += 1;
	}
	return 0;
}

const char *page_same(const char *from, const char *to)
{
	static const char *const what[] = {
		NULL, "https", "a trailing slash", "https and a trailing slash",
	};
	static const enum url_part parts[] = { URL_HOST, URL_PORT, URL_QUERY,
					       URL_USER };
	char *fs = url_get(from, URL_SCHEME);
	char *ts = url_get(to, URL_SCHEME);
	char *fp = url_get(from, URL_PATH);
	char *tp = url_get(to, URL_PATH);
	int diff = 0, same = fs && ts && fp && tp;
	size_t i, fl, tl;

	for (i = 0; same && i < sizeof(parts) / sizeof(*parts); i++) {
		char *a = url_get(from, parts[i]), *b = url_get(to, parts[i]);

		/* The default port is no port: http's 80 is https's 443. */
		if (parts[i] == URL_PORT)
			same = !a == !b && (!a || !strcmp(a, b));
		else
			same = !a == !b && (!a || !strcasecmp(a, b));
		free(a);
		free(b);
	}
	if (same && strcmp(fs, ts)) {
		same = !strcmp(fs, "http") && !strcmp(ts, "https");
		diff |= 1;
	}
	if (same && strcmp(fp, tp)) {
		fl = strlen(fp);
		tl = strlen(tp);
		same = (tl == fl + 1 && tp[fl] == '/' && !strncmp(fp, tp, fl)) ||
		       (fl == tl + 1 && fp[tl] == '/' && !strncmp(fp, tp, tl));
		diff |= 2;
	}
	free(fs);
	free(ts);
	free(fp);
	free(tp);
	return same && diff ? what[diff] : NULL;
}
