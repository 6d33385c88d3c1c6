// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../lib/strbuf.h"
#include "../lib/xalloc.h"
#include "../url/url.h"
#include "purpose.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* A URL in parts: lower case scheme and host, path, query; all owned. */
struct parts {
	char *scheme, *host, *path, *query;
	char **seg;		/* the path's segments, none empty */
	size_t nseg;
};

static void parts_release(struct parts *u)
{
	size_t i;

	for (i = 0; i < u->nseg; i++)
		free(u->seg[i]);
	free(u->seg);
	free(u->scheme);
	free(u->host);
	free(u->path);
	free(u->query);
}

static void lower(char *s)
{
	for (; *s; s++)
		*s = (char)tolower((unsigned char)*s);
}

/* -1 when url has no "scheme://host". */
static int parts_of(const char *url, struct parts *u)
{
	const char *p = strstr(url, "://"), *h, *q;
	size_t n;

	memset(u, 0, sizeof(*u));
	if (!p || p == url)
		return -1;
	u->scheme = xstrndup(url, (size_t)(p - url));
	lower(u->scheme);
	h = p + 3;
	n = strcspn(h, "/?#");
	u->host = xstrndup(h, n);
	/* No user or port: "user@host:8080" is host. */
	if (strchr(u->host, '@'))
		memmove(u->host, strchr(u->host, '@') + 1,
			strlen(strchr(u->host, '@')));
	u->host[strcspn(u->host, ":")] = '\0';
	lower(u->host);
	p = h + n;
	n = strcspn(p, "?#");
	u->path = xstrndup(p, n);
	p += n;
	if (*p == '?') {
		q = p + 1;
		u->query = xstrndup(q, strcspn(q, "#"));
	}
	for (p = u->path; *p; ) {
		p += strspn(p, "/");
		n = strcspn(p, "/");
		if (n) {
			u->seg = xrealloc(u->seg,
					  (u->nseg + 1) * sizeof(*u->seg));
			u->seg[u->nseg++] = xstrndup(p, n);
		}
		p += n;
	}
	return 0;
}

static int one_of(const char *s, const char *const *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcasecmp(s, v[i]))
			return 1;
	return 0;
}

static int host_begins(const char *host, const char *pre)
{
	return !strncmp(host, pre, strlen(pre));
}

static int has_seg(const struct parts *u, const char *s)
{
	size_t i;

	for (i = 0; i < u->nseg; i++)
		if (!strcasecmp(u->seg[i], s))
			return 1;
	return 0;
}

static const char *last_seg(const struct parts *u)
{
	return u->nseg ? u->seg[u->nseg - 1] : "";
}

static int ends_with(const char *s, const char *end)
{
	size_t a = strlen(s), b = strlen(end);

	return a >= b && !strcasecmp(s + a - b, end);
}

/* A number in it: a mail's, a month's, an article's id. */
static int any_digit(const char *s)
{
	return s && strpbrk(s, "0123456789") != NULL;
}

static int icontains(const char *s, const char *what)
{
	size_t n = strlen(what);

	for (; *s; s++)
		if (!strncasecmp(s, what, n))
			return 1;
	return 0;
}

/* A door at the top: /index.php3, /~name/default.aspx (url.h). */
static int door(const char *seg)
{
	return url_names_door(seg, strlen(seg), 1);
}

static int home_parts(const struct parts *u)
{
	if (u->query && *u->query)
		return 0;
	if (!u->nseg)
		return 1;
	if (u->nseg == 1 && door(u->seg[0]))
		return 1;
	/* A person's page: /~name/ or /~name/index.html. */
	if (u->seg[0][0] == '~' &&
	    (u->nseg == 1 ||
	     (u->nseg == 2 && door(u->seg[1]))))
		return 1;
	return 0;
}

int purpose_home_page(const char *url)
{
	struct parts u;
	int home;

	if (parts_of(url, &u))
		return 0;
	home = home_parts(&u);
	parts_release(&u);
	return home;
}

/* The segment's name before its first '.': "latest" of "latest.html". */
static int stem_is(const char *seg, const char *word)
{
	size_t n = strlen(word);

	return !strncasecmp(seg, word, n) && (!seg[n] || seg[n] == '.');
}

static const char *const living_words[] = {
	"latest", "current", "master", "main", "trunk", "HEAD", "stable",
	"nightly",
};

/* "NetBSD-current", "linux-latest": a name's living branch. */
static int dashed_living(const char *seg, const char *word)
{
	size_t n = strlen(seg), w = strlen(word);

	return (!strcmp(word, "current") || !strcmp(word, "latest")) &&
	       n > w + 1 && seg[n - w - 1] == '-' &&
	       !strcasecmp(seg + n - w, word);
}

/* A living word as a path segment or a query value: which one. */
static const char *living_token(const struct parts *u, int *in_query)
{
	size_t i, k;

	static const char *const refs[] = { "blob", "tree", "raw", "src",
					    "log", "commits", "-", "branch" };

	for (i = 0; i < u->nseg; i++)
		for (k = 0; k < N(living_words); k++) {
			if (!stem_is(u->seg[i], living_words[k]) &&
			    !dashed_living(u->seg[i], living_words[k]))
				continue;
			/* "main" is a branch after blob/; src/main/ is not. */
			if (!strcmp(living_words[k], "main") &&
			    !(i > 0 && one_of(u->seg[i - 1], refs, N(refs)) &&
			      strcmp(u->seg[i - 1], "src")) &&
			    !(i > 0 && !strcmp(u->seg[i - 1], "src") &&
			      url_host_within(u->host, "bitbucket.org")))
				continue;
			*in_query = 0;
			return living_words[k];
		}
	if (u->query) {
		const char *p = u->query;

		while (*p) {
			size_t n = strcspn(p, "&;");
			const char *eq = memchr(p, '=', n);

			if (eq)
				for (k = 0; k < N(living_words); k++) {
					size_t w = strlen(living_words[k]);

					if ((size_t)(p + n - eq - 1) == w &&
					    !strncasecmp(eq + 1,
							 living_words[k], w)) {
						*in_query = 1;
						return living_words[k];
					}
				}
			p += n;
			p += strspn(p, "&;");
		}
	}
	return NULL;
}

/* The words of the line that say the page lives, outside any URL. */
static const char *living_phrase(const char *words, size_t n)
{
	static const char *const says[] = {
		"current version", "latest", "getting ready", "current release",
		"development version", "most recent version",
		"up-to-date version", "up to date version", "nightly",
		"current development", "work in progress",
	};
	size_t i, k;

	if (!words)
		return NULL;
	for (k = 0; k < N(says); k++) {
		size_t w = strlen(says[k]);

		for (i = 0; i + w <= n; i++) {
			size_t a, b;
			int url = 0;

			if (strncasecmp(words + i, says[k], w) ||
			    (i && isalnum((unsigned char)words[i - 1])) ||
			    (i + w < n && isalnum((unsigned char)words[i + w])))
				continue;
			/* Not inside a URL: its whole word has no '/'. */
			for (a = i; a > 0 && !isspace((unsigned char)words[a - 1]);)
				a--;
			for (b = i + w; b < n && !isspace((unsigned char)words[b]);)
				b++;
			for (; a < b; a++)
				url |= words[a] == '/';
			if (!url)
				return says[k];
		}
	}
	return NULL;
}

/* A segment that is a version: 1.2, v2.0, r1p0, rev3, 2_1. */
/*
 * MSDN's "(v=vs.85)", as written or encoded ("%28v=exchg.65%29"), and
 * its older "(WS.10)", "(VS.80)" (util-linux's gpt.c cites
 * technet.microsoft.com/en-us/library/cc739412(WS.10).aspx).
 */
static int msdn_version(const char *seg)
{
	const char *p = strchr(seg, '(');

	if (strstr(seg, "(v=") || strcasestr(seg, "%28v="))
		return 1;
	if (!p)
		return 0;
	for (p++; isalpha((unsigned char)*p); p++)
		;
	if (*p != '.' || !isdigit((unsigned char)p[1]))
		return 0;
	for (p++; isdigit((unsigned char)*p); p++)
		;
	return *p == ')';
}

/*
 * An advisory's or bulletin's id as a path segment: MS08-067,
 * CVE-2014-0160, DSA-1571, RHSA-2014:0376, USN-1234-1.  It says
 * what it said when it was issued.
 */
static int advisory_seg(const char *seg)
{
	static const char *const kinds[] = { "ms", "cve-", "dsa-", "rhsa-",
					     "usn-", "glsa-", "vu#" };
	size_t i, k;

	for (i = 0; i < N(kinds); i++) {
		k = strlen(kinds[i]);
		if (strncasecmp(seg, kinds[i], k) ||
		    !isdigit((unsigned char)seg[k]))
			continue;
		while (isdigit((unsigned char)seg[k]))
			k++;
		if (!strcmp(kinds[i], "ms") && k != 4)
			return 0;
		/* Its parts ("-067", ":0376", "-1") and an extension only. */
		while ((seg[k] == '-' || seg[k] == ':') &&
		       isdigit((unsigned char)seg[k + 1]))
			for (k++; isdigit((unsigned char)seg[k]); k++)
				;
		return !seg[k] || seg[k] == '.';
	}
	return 0;
}

static int version_seg(const char *s)
{
	const char *p = s;
	int dots = 0;

	if (!strncasecmp(p, "rev", 3)) {
		p += 3;
		p += *p == '-' || *p == '_';
		return isdigit((unsigned char)*p);
	}
	if (*p == 'v' || *p == 'V' || *p == 'r' || *p == 'R')
		p++;
	if (!isdigit((unsigned char)*p))
		return 0;
	if ((s[0] == 'r' || s[0] == 'R')) {
		const char *q = p;

		while (isdigit((unsigned char)*q))
			q++;
		if ((*q == 'p' || *q == 'P') && isdigit((unsigned char)q[1]))
			return 1;
	}
	while (*p) {
		if (isdigit((unsigned char)*p))
			p++;
		else if ((*p == '.' || *p == '_') &&
			 isdigit((unsigned char)p[1])) {
			dots++;
			p++;
		} else {
			return 0;
		}
	}
	return dots > 0;
}

static int digits(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

/* /YYYY/MM/ segments, or a segment beginning YYYY-MM-DD. */
static int dated(const struct parts *u)
{
	size_t i;

	for (i = 0; i < u->nseg; i++) {
		const char *s = u->seg[i];
		int y = strlen(s) >= 4 && digits(s, 4) ? atoi(s) : 0;

		if (y < 1980 || y > 2039)
			continue;
		if (!s[4] && i + 1 < u->nseg && strlen(u->seg[i + 1]) <= 2 &&
		    digits(u->seg[i + 1], strlen(u->seg[i + 1])) &&
		    atoi(u->seg[i + 1]) >= 1 && atoi(u->seg[i + 1]) <= 12)
			return 1;
		if (s[4] == '-' && strlen(s) >= 10 && digits(s + 5, 2) &&
		    s[7] == '-' && digits(s + 8, 2))
			return 1;
	}
	return 0;
}

/* A mail in a list archive. */
static int mail_in_archive(const struct parts *u)
{
	const char *last = last_seg(u);

	if (url_host_within(u->host, "marc.info") && u->query &&
	    (strstr(u->query, "m=") || strstr(u->query, "t=")))
		return 1;
	if ((url_host_within(u->host, "lkml.org") && has_seg(u, "lkml")) ||
	    (url_host_within(u->host, "lkml.iu.edu") && has_seg(u, "hypermail")) ||
	    (url_host_within(u->host, "mailarchive.ietf.org") && has_seg(u, "msg")) ||
	    url_host_within(u->host, "article.gmane.org") ||
	    url_host_within(u->host, "thread.gmane.org") ||
	    url_host_within(u->host, "msgid.link"))
		return 1;
	if (!strncasecmp(last, "msg", 3) && isdigit((unsigned char)last[3]))
		return 1;
	if ((has_seg(u, "pipermail") || has_seg(u, "archives") ||
	     has_seg(u, "archive")) && isdigit((unsigned char)last[0]))
		return 1;
	return 0;
}

static int hex_id(const char *s, size_t n)
{
	size_t i;

	if (n < 7 || n > 64)
		return 0;
	for (i = 0; i < n; i++)
		if (!isxdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

/* A commit: /commit/SHA, /blob/SHA/..., or a query's id=SHA or h=SHA. */
static int commit_id(const struct parts *u)
{
	static const char *const refs[] = { "commit", "commits", "blob",
					    "tree", "raw", "c" };
	size_t i;
	const char *p;

	for (i = 1; i < u->nseg; i++)
		if (one_of(u->seg[i - 1], refs, N(refs)) &&
		    hex_id(u->seg[i], strlen(u->seg[i])))
			return 1;
	for (p = u->query; p && *p; ) {
		size_t n = strcspn(p, "&;");

		if ((!strncmp(p, "id=", 3) && hex_id(p + 3, n - 3)) ||
		    (!strncmp(p, "h=", 2) && hex_id(p + 2, n - 2)))
			return 1;
		p += n;
		p += strspn(p, "&;");
	}
	return 0;
}

static const char *fixed_why(const struct parts *u)
{
	static const char *const docs[] = {
		".pdf", ".ps", ".ps.gz", ".pdf.gz", ".djvu", ".dvi", ".doc",
		".docx", ".ppt", ".pptx", ".chm", ".epub",
	};
	const char *last = last_seg(u);
	size_t i;

	for (i = 0; i < N(docs); i++)
		if (ends_with(last, docs[i]))
			return "a document file";
	if ((url_host_within(u->host, "ietf.org") ||
	     url_host_within(u->host, "rfc-editor.org")) &&
	    (icontains(u->path, "/rfc") || icontains(u->path, "draft-")))
		return "an RFC";
	if (url_host_within(u->host, "doi.org") || url_host_within(u->host, "arxiv.org") ||
	    (url_host_within(u->host, "dl.acm.org") && has_seg(u, "doi")) ||
	    (url_host_within(u->host, "ieeexplore.ieee.org") &&
	     has_seg(u, "document")) ||
	    url_host_within(u->host, "link.springer.com") ||
	    url_host_within(u->host, "patents.google.com"))
		return "a paper";
	if (icontains(u->path, "datasheet") ||
	    icontains(u->path, "data-sheet") ||
	    icontains(u->path, "data_sheet") || has_seg(u, "ds"))
		return "a datasheet";
	if (mail_in_archive(u))
		return "a mail in a list archive";
	if (commit_id(u))
		return "a commit (its id in the URL)";
	if (url_host_within(u->host, "lwn.net") && has_seg(u, "Articles") &&
	    isdigit((unsigned char)last[0]))
		return "an article (LWN)";
	if (dated(u))
		return "an article with a date in its path";
	for (i = 0; i < u->nseg; i++)
		if (version_seg(u->seg[i]) || msdn_version(u->seg[i]))
			return "a version in its path";
	for (i = 0; i < u->nseg; i++)
		if (advisory_seg(u->seg[i]))
			return "an advisory (its id in the path)";
	/*
	 * TechNet's library held articles on one product's version (the
	 * Windows 2000 Resource Kit's cc938632, Server 2003's cc739412):
	 * MSDN's and Learn's library are the living reference instead.
	 */
	if (host_begins(u->host, "technet.") &&
	    url_host_within(u->host, "microsoft.com") && has_seg(u, "library"))
		return "an article of TechNet's library, on one product "
		       "version";
	return NULL;
}

static int forge(const char *host)
{
	static const char *const forges[] = {
		"github.com", "gitlab.com", "bitbucket.org", "codeberg.org",
		"salsa.debian.org", "pagure.io",
	};

	return one_of(host, forges, N(forges)) || host_begins(host, "gitlab.");
}

/*
 * Sites built from a repository at each change (GitHub's and GitLab's
 * pages, Read the Docs): the project's documentation as it is now
 * (google.github.io/styleguide/cppguide.html, maxmind.github.io/
 * MaxMind-DB/).
 */
static int pages_site(const char *host)
{
	static const char *const pages[] = {
		"github.io", "gitlab.io", "readthedocs.io", "readthedocs.org",
	};
	size_t i;

	for (i = 0; i < N(pages); i++)
		if (url_host_within(host, pages[i]) && strcmp(host, pages[i]))
			return 1;
	return 0;
}

/*
 * A manual or documentation page with no version in its path: docs.*,
 * a manual/, man/ or html_node/ folder, man page sites (man.openbsd.org,
 * man7.org's man-pages), GCC's onlinedocs, Microsoft's library and the
 * pages a repository builds.  A version may also be MSDN's "(v=vs.85)"
 * or a "view=msvc-160" query.
 */
static int unversioned_manual(const struct parts *u)
{
	size_t i;

	if (!host_begins(u->host, "docs.") && !has_seg(u, "manual") &&
	    !has_seg(u, "man") && !pages_site(u->host) &&
	    !has_seg(u, "html_node") && !host_begins(u->host, "man.") &&
	    !host_begins(u->host, "manpages.") && !has_seg(u, "man-pages") &&
	    !has_seg(u, "onlinedocs") &&
	    !(has_seg(u, "library") && icontains(u->host, "microsoft.com") &&
	      !host_begins(u->host, "technet.")))
		return 0;
	if (u->query && strstr(u->query, "view="))
		return 0;
	for (i = 0; i < u->nseg; i++)
		if (version_seg(u->seg[i]) || msdn_version(u->seg[i]) ||
		    !strncmp(u->seg[i], "gcc-", 4) ||
		    (strlen(u->seg[i]) <= 2 && isdigit((unsigned char)u->seg[i][0])))
			return 0;
	return 1;
}

/*
 * A status badge: an image a service draws from the project's state
 * now (img.shields.io, a CI's badge.svg, appveyor's status), and the
 * services' own pages of a project, which the badges link to.
 */
static const char *badge(const struct parts *u)
{
	static const char *const drawers[] = {
		"shields.io", "badge.fury.io", "badgen.net", "badges.gitter.im",
		"repostatus.org",
	};
	static const char *const services[] = {
		"travis-ci.org", "travis-ci.com", "ci.appveyor.com",
		"circleci.com", "codecov.io", "coveralls.io", "cirrus-ci.com",
		"scan.coverity.com", "builds.sr.ht", "sonarcloud.io",
		"app.codacy.com", "lgtm.com",
		"bestpractices.coreinfrastructure.org", "bestpractices.dev",
		"oss-fuzz-build-logs.storage.googleapis.com",
		"ci.debian.net", "readthedocs.org", "app.fossa.com",
		"securityscorecards.dev", "api.securityscorecards.dev",
	};
	const char *last = last_seg(u);
	size_t i;

	for (i = 0; i < N(drawers); i++)
		if (url_host_within(u->host, drawers[i]))
			return "a status badge (its service draws it now)";
	if ((ends_with(last, ".svg") || ends_with(last, ".png")) &&
	    (icontains(u->path, "badge") || has_seg(u, "status") ||
	     (u->query && strstr(u->query, "branch="))))
		return "a status badge (its service draws it now)";
	for (i = 0; i < N(services); i++)
		if (url_host_within(u->host, services[i]))
			return "a CI or analysis service's page of a project";
	return NULL;
}

/*
 * A package's page in a registry: it shows the latest release whatever
 * its path says (pypi.org/project/X, npmjs.com/package/X,
 * crates.io/crates/X, metacpan.org/pod/X, packages.debian.org/sid/X).
 */
static const char *registry(const struct parts *u)
{
	static const char *const hosts[] = {
		"pypi.org", "pypi.python.org", "npmjs.com", "npmjs.org",
		"crates.io", "lib.rs", "metacpan.org", "search.cpan.org",
		"rubygems.org", "pkg.go.dev", "hackage.haskell.org",
		"nuget.org", "packagist.org", "luarocks.org", "opam.ocaml.org",
		"formulae.brew.sh", "repology.org", "libraries.io",
		"aur.archlinux.org", "anaconda.org",
		"pub.dev", "hex.pm", "cocoapods.org", "mvnrepository.com",
		"freshports.org", "ports.macports.org", "snapcraft.io",
		"flathub.org",
	};
	size_t i;

	for (i = 0; i < N(hosts); i++)
		if (url_host_within(u->host, hosts[i]) && u->nseg >= 1)
			return "a package's page in a registry (its latest)";
	/*
	 * A distribution's page of a package, the name its last part
	 * (build.opensuse.org/package/show/server:http/lighttpd,
	 * tracker.debian.org/pkg/openvpn), not a file in a folder so named.
	 */
	if ((u->nseg >= 2 || (u->nseg == 1 && u->query && *u->query)) &&
	    (!strcasecmp(u->seg[0], "package") ||
	     !strcasecmp(u->seg[0], "packages") ||
	     !strcasecmp(u->seg[0], "pkg")) &&
	    !strchr(u->seg[u->nseg - 1], '.'))
		return "a package's page in a registry (its latest)";
	if ((host_begins(u->host, "packages.") ||
	     host_begins(u->host, "pkgs.")) &&
	    (u->nseg >= 1 || (u->query && *u->query)))
		return "a package's page in a registry (its latest)";
	return NULL;
}

static const char *living_why(const struct parts *u)
{
	static const char *const vcs[] = { "git", "svn", "hg", "cvs",
					   "svn+ssh", "bzr" };
	static const char *const vhosts[] = { "git.", "cgit.", "hg.", "svn.",
					      "cvs.", "anongit.", "gitweb.",
					      "anonscm." };
	static const char *const downloads[] = { "download", "downloads",
						 "releases", "files" };
	const char *last = last_seg(u), *w;
	size_t i;

	if (one_of(u->scheme, vcs, N(vcs)))
		return "a repository (its scheme)";
	for (i = 0; i < N(vhosts); i++)
		if (host_begins(u->host, vhosts[i]))
			return "a repository (its host)";
	if (has_seg(u, "cgit") || has_seg(u, "gitweb") || has_seg(u, "git") ||
	    has_seg(u, "svn") || has_seg(u, "hg") || has_seg(u, "viewvc") ||
	    ends_with(last, ".git") || icontains(u->path, "gitweb.cgi"))
		return "a repository (its path)";
	if (forge(u->host) && u->nseg == 2)
		return "a repository (a forge project's root)";
	if (forge(u->host) && u->nseg == 1 && !strchr(u->seg[0], '.'))
		return "a forge account's page";
	if (forge(u->host) && u->nseg >= 3 &&
	    (!strcasecmp(u->seg[2], "actions") ||
	     !strcasecmp(u->seg[2], "workflows") ||
	     !strcasecmp(u->seg[2], "pipelines")))
		return "a project's CI page";
	if ((w = badge(u)))
		return w;
	if ((w = registry(u)))
		return w;
	if ((url_host_within(u->host, "sourceforge.net") || url_host_within(u->host, "sf.net")) &&
	    (has_seg(u, "projects") || has_seg(u, "p")) && u->nseg <= 3)
		return "a project page (sourceforge)";
	/* .../file/105771/download is one file, not a page of downloads. */
	for (i = 0; i < N(downloads); i++)
		if (stem_is(last, downloads[i]) &&
		    !(u->nseg > 1 &&
		      isdigit((unsigned char)u->seg[u->nseg - 2][0])))
			return "a download page";
	/* /projects/NAME/ or /projects/NAME/index.html: a project's door. */
	if (u->nseg >= 2 && u->nseg <= 3 &&
	    (!strcasecmp(u->seg[0], "projects") ||
	     !strcasecmp(u->seg[0], "project")) &&
	    (u->nseg == 2 || stem_is(last, "index")))
		return "a project's page";
	if (icontains(u->path, "listinfo") || has_seg(u, "mailman") ||
	    icontains(u->path, "mailing-list") ||
	    icontains(u->path, "mailinglist") ||
	    icontains(u->path, "mailing_list") ||
	    ((url_host_within(u->host, "groups.google.com") ||
	      url_host_within(u->host, "groups.io")) && u->nseg <= 2))
		return "a list's page";
	/* archives.seul.org/libevent/users/: the list's index, no mail. */
	if ((host_begins(u->host, "archives.") ||
	     host_begins(u->host, "lists.") || has_seg(u, "pipermail") ||
	     has_seg(u, "archives")) && u->nseg && u->nseg <= 3 &&
	    !any_digit(u->path) && ends_with(u->path, "/"))
		return "a list's archive, not one mail";
	/* help.github.com/articles/...: a service's help, as it is now. */
	if (host_begins(u->host, "help.") && !any_digit(u->path))
		return "a service's help page";
	if (host_begins(u->host, "bugzilla.") || host_begins(u->host, "bugs.") ||
	    host_begins(u->host, "tracker.") || host_begins(u->host, "issues.") ||
	    has_seg(u, "tracker") ||
	    stem_is(last, "issues") || stem_is(last, "bugs") ||
	    stem_is(last, "buglist"))
		return (u->query && strstr(u->query, "id=")) ||
		       isdigit((unsigned char)last[0]) ? NULL : "a tracker";
	if (url_host_within(u->host, "marc.info") && u->query &&
	    strstr(u->query, "l="))
		return "a list's archive, not one mail";
	if (has_seg(u, "category") || has_seg(u, "tag"))
		return "a blog's category listing";
	if (unversioned_manual(u))
		return "a manual with no version in its path";
	if (host_begins(u->host, "wiki.") || strstr(u->host, ".wiki.") ||
	    has_seg(u, "wiki") || has_seg(u, "twiki") ||
	    icontains(u->path, "/w/index.php") ||
	    icontains(u->path, "doku.php") || icontains(u->path, "mediawiki"))
		return "a wiki page";
	return NULL;
}

/*
 * A project's own page, named by the line that links it: the one folder
 * (or page) of a site, or one under a collection of projects
 * (/software/autoconf/, /pkg/libev.html), whose name the text around it
 * says as a word of its own (libuv's ".. _socat:
 * http://www.dest-unreach.org/socat/").  Its name into out.
 */
static int named_project(const struct parts *u, const char *words, size_t n,
			 struct strbuf *out)
{
	static const char *const shelves[] = {
		"software", "projects", "project", "pkg", "p", "proj",
		"tools", "programs",
	};
	static const char *const page[] = { "", "html", "htm", "shtml", "php" };
	static const char *const generic[] = {
		"index", "home", "main", "doc", "docs", "documentation",
		"manual", "man", "download", "downloads", "about", "wiki",
		"faq", "news", "support", "software", "projects", "project",
		"pub", "files", "html", "www", "blog", "articles", "papers",
		"info", "contact", "people", "tools", "source", "src", "code",
		"git", "svn", "cvs", "mirror", "mirrors", "list", "lists",
		"archive", "archives", "mail", "bugs", "forum", "search", "help",
		"guide", "tutorial", "spec", "specs", "standards", "products",
		"product", "solutions", "linux", "kernel", "driver", "drivers",
	};
	const char *name, *dot;
	size_t k = u->nseg, len, i;

	if (!words || (u->query && *u->query))
		return 0;
	if (k && door(u->seg[k - 1]))
		k--;
	if (k == 1)
		name = u->seg[0];
	else if (k == 2 && one_of(u->seg[0], shelves, N(shelves)))
		name = u->seg[1];
	else
		return 0;
	dot = strchr(name, '.');
	len = dot ? (size_t)(dot - name) : strlen(name);
	if (dot && (strchr(dot + 1, '.') ||
		    !one_of(dot + 1, page, N(page))))
		return 0;
	if (len < 3 || len > 40)
		return 0;
	strbuf_add(out, name, len);
	if (one_of(out->buf, generic, N(generic)))
		goto out_no;
	for (i = 0; i + len <= n; i++) {
		char before = i ? words[i - 1] : ' ', after;

		if (strncasecmp(words + i, out->buf, len))
			continue;
		after = i + len < n ? words[i + len] : ' ';
		/* A word of the text, not a part of a name or a URL. */
		if (isalnum((unsigned char)before) || strchr("/.-~", before) ||
		    isalnum((unsigned char)after) || strchr("/-", after))
			continue;
		return 1;
	}
out_no:
	strbuf_reset(out);
	return 0;
}

enum purpose purpose_of(const char *url, const char *words, size_t n,
			struct strbuf *why)
{
	struct strbuf name = STRBUF_INIT;
	struct parts u;
	enum purpose p = PURPOSE_UNKNOWN;
	const char *w;
	int in_query = 0;

	if (parts_of(url, &u))
		return PURPOSE_UNKNOWN;
	if (home_parts(&u)) {
		p = PURPOSE_HOME;
		strbuf_addstr(why, "a bare home page (no path but the site's "
			      "door)");
	} else if ((w = living_token(&u, &in_query))) {
		p = PURPOSE_LIVING;
		strbuf_addf(why, "a living page: '%s' in its %s", w,
			    in_query ? "query" : "path");
	} else if ((w = living_phrase(words, n))) {
		p = PURPOSE_LIVING;
		strbuf_addf(why, "a living page: the line says '%s'", w);
	} else if ((w = fixed_why(&u))) {
		p = PURPOSE_FIXED;
		strbuf_addf(why, "a fixed document: %s", w);
	} else if ((w = living_why(&u))) {
		p = PURPOSE_LIVING;
		strbuf_addf(why, "a living page: %s", w);
	} else if (named_project(&u, words, n, &name)) {
		p = PURPOSE_HOME;
		strbuf_addf(why, "a project's home page: its name '%s' is the "
			    "line's word for it", name.buf);
	}
	parts_release(&u);
	strbuf_release(&name);
	return p;
}

enum purpose purpose_of_captures(const char *evidence, struct strbuf *why)
{
	const char *p = evidence, *end;
	size_t n;

	for (; p && (p = strstr(p, CAPTURES_SAY)); p++) {
		if (p != evidence && strncmp(p - 2, "; ", 2))
			continue;
		n = strcspn(p, ";");
		end = memmem(p, n, CAPTURES_FROZEN, strlen(CAPTURES_FROZEN));
		if (end && memmem(p, (size_t)(end - p), CAPTURES_CHANGED,
				  strlen(CAPTURES_CHANGED))) {
			strbuf_add(why, p, (size_t)(end - p));
			return PURPOSE_LIVING;
		}
		if (memmem(p, n, CAPTURES_KEPT, strlen(CAPTURES_KEPT)) ||
		    memmem(p, n, CAPTURES_NOT_TEXT,
			   strlen(CAPTURES_NOT_TEXT))) {
			strbuf_add(why, p, n);
			return PURPOSE_FIXED;
		}
	}
	return PURPOSE_UNKNOWN;
}

enum purpose purpose_with_captures(const char *url, const char *words,
				   size_t n, const char *evidence,
				   struct strbuf *why)
{
	struct strbuf said = STRBUF_INIT;
	enum purpose p = purpose_of(url, words, n, why);
	enum purpose c = purpose_of_captures(evidence, &said);

	if (c == PURPOSE_LIVING &&
	    (p == PURPOSE_UNKNOWN ||
	     (p == PURPOSE_FIXED &&
	      !strcmp(why->buf, "a fixed document: a document file")))) {
		p = PURPOSE_LIVING;
		strbuf_reset(why);
		strbuf_addf(why, "a living page: %s", said.buf);
	} else if (c == PURPOSE_FIXED && p == PURPOSE_UNKNOWN) {
		p = PURPOSE_FIXED;
		strbuf_reset(why);
		strbuf_addf(why, "a fixed document: %s", said.buf);
	}
	strbuf_release(&said);
	return p;
}

const char *purpose_name(enum purpose p)
{
	static const char *const names[PURPOSE__COUNT] = {
		"unknown", "fixed", "living", "home",
	};

	return p < PURPOSE__COUNT ? names[p] : "?";
}

const char *purpose_store_name(enum purpose p)
{
	static const char *const names[PURPOSE__COUNT] = {
		"unknown", "fixed document", "living page", "home page",
	};

	return p < PURPOSE__COUNT ? names[p] : "?";
}
