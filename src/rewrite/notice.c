// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "../lib/strbuf.h"
#include "../url/url.h"
#include "notice.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* Lines of a notice: whoever holds it, on what terms. */
static const char *const notices[] = {
	"copyright", "(c) 1", "(c) 2", "\xc2\xa9", "spdx-license-identifier",
	"licensed under", "all rights reserved", "permission is hereby granted",
	"redistribution and use", "general public license",
	"advertising clause", "license.change", "licence change",
	"license change", "public domain",
};

/* Who made or paid for the text, and where it was taken from. */
static const char *const credits[] = {
	"funded by", "sponsored by", " funded ", " sponsored ", "thanks to", "thanks go to",
	"contributed by", "donated by", "courtesy of", "written by",
	"development of this code", "in cooperation with",
	"based on code", "based on work", "based on the work",
	"originally written", "original author", "originally by",
	"originally from", "downloaded from", "taken from",
	"copied from", "borrowed from", "adapted from", "author's home",
	"unmodified version", "original version is",
};

/* A paragraph that opens with one of these is a credits block. */
static const char *const heads[] = {
	"author", "authors", "written by", "contributors", "credits",
	"thanks", "maintainer", "maintainers", "project advisors",
};

/* Where an affiliation's organisation says what it is. */
static const char *const orgs[] = {
	"universit", "institut", "college", "school of", "faculty",
	"department", "laborator", "labs", "inc.", "inc ", "ltd", "gmbh",
	" ag ", " ag,", "corp", "company", "foundation", "research",
};

static int has(const char *s, size_t n, const char *what)
{
	size_t k = strlen(what), i;

	for (i = 0; i + k <= n; i++)
		if (!strncasecmp(s + i, what, k))
			return 1;
	return 0;
}

static const char *has_any(const char *s, size_t n, const char *const *w,
			   size_t nw)
{
	size_t i;

	for (i = 0; i < nw; i++)
		if (has(s, n, w[i]))
			return w[i];
	return NULL;
}

/*
 * A credit or provenance phrase of line s, but not an instruction to the
 * reader: "can be downloaded from", "may be obtained from" say where to
 * get a tool, not where the text came from.
 */
static const char *credit_in(const char *s, size_t n)
{
	size_t i, j;

	for (i = 0; i < N(credits); i++) {
		size_t k = strlen(credits[i]);

		for (j = 0; j + k <= n; j++) {
			if (strncasecmp(s + j, credits[i], k))
				continue;
			if (j >= 3 && !strncasecmp(s + j - 3, "be ", 3))
				continue;
			/* "overwritten by" is not "written by". */
			if (j && isalpha((unsigned char)s[j - 1]) &&
			    isalpha((unsigned char)credits[i][0]))
				continue;
			return credits[i];
		}
	}
	return NULL;
}

/* The line's text after its indent and comment leader. */
static const char *text_of(const char *s, size_t n, size_t *tn)
{
	const char *end = s + n;

	while (s < end && (isspace((unsigned char)*s) ||
			   strchr("/*#;!%-", *s)))
		s++;
	if (end - s >= 4 && !strncmp(s, "dnl ", 4))
		s += 4;
	while (end > s && isspace((unsigned char)end[-1]))
		end--;
	/* The closer of the line's block comment is not text either. */
	if (end - s >= 2 && end[-2] == '*' && end[-1] == '/')
		end -= 2;
	while (end > s && isspace((unsigned char)end[-1]))
		end--;
	*tn = (size_t)(end - s);
	return s;
}

/* A troff request (".SH", ".TP"): a man page's paragraphs end there. */
static int request(const char *s, size_t n)
{
	return n && (*s == '.' || *s == '\'');
}

static int is_comment(const char *s, size_t n)
{
	while (n && isspace((unsigned char)*s)) {
		s++;
		n--;
	}
	return n && (strchr("/*#;!%", *s) || (n > 1 && !strncmp(s, "--", 2)) ||
		     (n > 2 && !strncmp(s, "dnl", 3)));
}

static size_t line_start(const char *buf, size_t at)
{
	while (at > 0 && buf[at - 1] != '\n')
		at--;
	return at;
}

static size_t line_end(const char *buf, size_t len, size_t at)
{
	while (at < len && buf[at] != '\n')
		at++;
	return at;
}

static int has_open(const char *s, size_t n)
{
	return has(s, n, "/*");
}

static int has_close(const char *s, size_t n)
{
	return has(s, n, "*/");
}

static unsigned line_no(const char *buf, size_t at)
{
	unsigned n = 1;
	size_t i;

	for (i = 0; i < at; i++)
		n += buf[i] == '\n';
	return n;
}

/* The evidence: what the line says, quoted and cut short. */
static void quote(struct strbuf *why, const char *s, size_t n)
{
	size_t tn;
	const char *t = text_of(s, n, &tn);

	strbuf_addf(why, "\"%.*s%s\"", (int)(tn > 60 ? 60 : tn), t,
		    tn > 60 ? "..." : "");
}

/*
 * An affiliation: an organisation and its URL in brackets, the line
 * little else ("Czech Technical University        (http://www.cvut.cz/)").
 */
static int affiliation(const char *s, size_t n)
{
	size_t tn;
	const char *t = text_of(s, n, &tn), *u;

	u = memchr(t, ':', tn);
	while (u && (u + 2 >= t + tn || u[1] != '/' || u[2] != '/'))
		u = memchr(u + 1, ':', (size_t)(t + tn - u - 1));
	if (!u)
		return 0;
	while (u > t && isalpha((unsigned char)u[-1]))
		u--;
	/*
	 * A name's line, not a sentence that goes on to cite a publisher
	 * ("by Intel Corporation (http://...)", "This is Workbit corp.'s").
	 */
	if (u - t < 2 || !isupper((unsigned char)*t) ||
	    has(t, (size_t)(u - t), " is ") || has(t, (size_t)(u - t), "'s"))
		return 0;
	return (u[-1] == '(' || u[-1] == '<') && u - t <= 70 &&
	       has_any(t, (size_t)(u - t), orgs, N(orgs));
}

enum notice notice_of(const char *buf, size_t len, size_t start,
		      struct strbuf *why)
{
	size_t a = line_start(buf, start), b = line_end(buf, len, start);
	size_t pa = a, pb = b, tn, k;
	int comment = is_comment(buf + a, b - a);
	const char *w, *t;

	/* The line itself: a credit, a provenance, an affiliation. */
	if ((w = credit_in(buf + a, b - a))) {
		if (why) {
			strbuf_addf(why, "a credit or provenance line (%s): ",
				    w);
			quote(why, buf + a, b - a);
		}
		return NOTICE_CREDIT;
	}
	if (affiliation(buf + a, b - a)) {
		if (why) {
			strbuf_addstr(why, "an affiliation line: ");
			quote(why, buf + a, b - a);
		}
		return NOTICE_CREDIT;
	}
	/* Up to the paragraph's first line, then down to its last. */
	for (k = 0; k < 40 && pa > 0 && !(comment && has_open(buf + pa,
							      b - pa)); k++) {
		size_t ps = line_start(buf, pa - 1), pe = pa - 1;

		t = text_of(buf + ps, pe - ps, &tn);
		if (!tn || is_comment(buf + ps, pe - ps) != comment ||
		    (comment && has_close(buf + ps, pe - ps)) ||
		    (!comment && request(buf + ps, pe - ps)))
			break;
		pa = ps;
		if (comment && has_open(buf + ps, pe - ps))
			break;
	}
	for (k = 0; k < 40 && pb < len && !(comment && has_close(buf + a,
								 b - a)); k++) {
		size_t ns = pb + 1, ne = line_end(buf, len, pb + 1);

		t = text_of(buf + ns, ne - ns, &tn);
		if (ns >= len || !tn || is_comment(buf + ns, ne - ns) != comment ||
		    (comment && has_open(buf + ns, ne - ns)) ||
		    (!comment && request(buf + ns, ne - ns)))
			break;
		pb = ne;
		if (comment && has_close(buf + ns, ne - ns))
			break;
	}
	for (k = pa; k < pb; k = line_end(buf, len, k) + 1) {
		size_t e = line_end(buf, len, k);
		enum notice kind = NOTICE_NONE;

		t = text_of(buf + k, e - k, &tn);
		if ((w = has_any(buf + k, e - k, notices, N(notices))))
			kind = NOTICE_BLOCK;
		/*
		 * "Based on code by X found at\n <URL>": the credit's own, in
		 * a comment (a README's "written by X ..., see <URL>" points
		 * the reader on).
		 */
		else if (comment && (w = credit_in(buf + k, e - k)))
			kind = NOTICE_CREDIT;
		/* Not an rst reading list's ":Author:" (its URL is prose). */
		else if (k == pa && comment &&
			 (w = has_any(t, tn, heads, N(heads))) &&
			 !strncasecmp(t, w, strlen(w)))
			kind = NOTICE_CREDIT;
		if (kind == NOTICE_NONE)
			continue;
		if (why) {
			strbuf_addf(why, "in the paragraph of the %s on line "
				    "%u: ", kind == NOTICE_BLOCK ?
				    "copyright or licence notice" : "credits",
				    line_no(buf, k));
			quote(why, buf + k, e - k);
		}
		return kind;
	}
	return NOTICE_NONE;
}

/* Hosts and paths that stand for the reader's own. */
static const char *const placeholders[] = {
	"your-domain", "yourdomain", "your.domain", "your-server",
	"yourserver", "your-host", "yourhost", "foo.bar", "foo.com",
	"bar.com", "x.y.z", "a.b.c", "domain.tld", "server.tld", "host.tld",
	"hostname.", "mydomain.", "mysite.", "mycompany.", "my-server",
};

int notice_example_url(const char *url, struct strbuf *why)
{
	struct url_info info;
	const char *p = strstr(url, "://"), *w = NULL;
	size_t n = strlen(url), i;
	int ret = 0;

	/* A glob: "*" anywhere, "?" ending it or in its host. */
	if (strchr(url, '*') || (n && url[n - 1] == '?')) {
		if (why)
			strbuf_addstr(why, "a glob (*, ?) in the URL");
		return 1;
	}
	/* "<name>", "{x}" (a lone "}" ends a BibTeX field, not a name). */
	if ((strchr(url, '<') && strchr(strchr(url, '<'), '>')) ||
	    (strchr(url, '{') && strchr(strchr(url, '{'), '}')) ||
	    url_has_placeholder(url, n)) {
		if (why)
			strbuf_addstr(why, "a placeholder in the URL "
				      "(<...>, {...}, $VAR, %s, XXX)");
		return 1;
	}
	p = p ? p + 3 : url;
	for (i = 0; i < N(placeholders) && !w; i++)
		if (has(p, strcspn(p, "/?#"), placeholders[i]))
			w = placeholders[i];
	if (w) {
		if (why)
			strbuf_addf(why, "a placeholder host (%s)", w);
		return 1;
	}
	if (url_parse(url, &info))
		return 0;
	if (info.host && *info.host && url_host_is_example(info.host)) {
		if (why)
			strbuf_addf(why, "an example name, RFC 2606/6761 or "
				    "a name of no public TLD (%s)", info.host);
		ret = 1;
	}
	url_info_release(&info);
	return ret;
}
