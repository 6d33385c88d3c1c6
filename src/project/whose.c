// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../lib/strbuf.h"
#include "../lib/xalloc.h"
#include "../url/url.h"
#include "infra.h"
#include "maintainers.h"
#include "tree.h"
#include "whose.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/*
 * Hosts many projects share: a site there is a path (github.com/OWNER/
 * REPO), never the host; and mail hosts that carry anyone's lists.
 */
static int shared_host(const char *host)
{
	static const char *const shared[] = {
		"github.com", "gitlab.com", "bitbucket.org", "codeberg.org",
		"sourceforge.net", "sf.net", "launchpad.net", "gitee.com",
		"sr.ht", "git.sr.ht", "salsa.debian.org", "pagure.io",
		"gitlab.freedesktop.org", "gitlab.gnome.org",
		"savannah.gnu.org", "savannah.nongnu.org", "code.google.com",
		"groups.google.com", "googlegroups.com", "groups.io",
		"lists.sourceforge.net", "gist.github.com", "web.archive.org",
		"freedesktop.org", "gnu.org", "nongnu.org",
	};
	size_t i;

	if (!strncmp(host, "patchwork.", 10))
		return 1;	/* patchwork.ozlabs.org: a project a path */
	for (i = 0; i < N(shared); i++)
		if (!strcmp(host, shared[i]))
			return 1;
	return 0;
}

/*
 * Forges, where a path's first part is an owner (a person, a group, an
 * organisation): a section that names one of its repositories owns the
 * rest of that owner's space too (gitlab.com/apparmor beside its
 * B: gitlab.com/apparmor/apparmor-kernel).
 */
static int forge_host(const char *host)
{
	static const char *const forges[] = {
		"github.com", "gitlab.com", "bitbucket.org", "codeberg.org",
		"gitee.com", "gitlab.freedesktop.org", "gitlab.gnome.org",
		"salsa.debian.org", "git.sr.ht", "sr.ht",
	};
	size_t i;

	for (i = 0; i < N(forges); i++)
		if (!strcmp(host, forges[i]))
			return 1;
	return 0;
}

/* "host/path" of url, lower case host without "www.", no trailing '/'. */
static char *norm_place(const char *url)
{
	char *hp = url_host_path(url), *out;
	size_t k;

	if (!hp)
		return NULL;
	out = xstrdup(!strncmp(hp, "www.", 4) && strchr(hp + 4, '.') ?
		      hp + 4 : hp);
	free(hp);
	k = strlen(out);
	if (k > 4 && !strcmp(out + k - 4, ".git"))
		out[k -= 4] = '\0';
	while (k && out[k - 1] == '/')
		out[--k] = '\0';
	return out;
}

/*
 * The site a URL names: its host, or on a shared host the host and path
 * (NULL when the path is empty there: github.com itself is no one's).
 */
static char *site_of(const char *url)
{
	char *p = norm_place(url), *host;
	size_t h;
	int shared;

	if (!p)
		return NULL;
	h = strcspn(p, "/");
	host = xstrndup(p, h);
	shared = shared_host(host);
	if (!shared) {
		free(host);
		p[h] = '\0';
		return p;
	}
	if (!p[h]) {
		free(host);
		free(p);
		return NULL;
	}
	/* On a forge, the owner's space: host/OWNER. */
	if (forge_host(host))
		p[h + 1 + strcspn(p + h + 1, "/")] = '\0';
	free(host);
	return p;
}

/* A mail address's host (L: lists), unless anyone's lists live there. */
static char *mail_site(const char *v)
{
	const char *w;

	for (w = v; *w; ) {
		size_t n = strcspn(w, " \t<>(),;");
		const char *at = memchr(w, '@', n);

		if (at && at + 1 < w + n) {
			char *host = xstrndup_tolower(at + 1,
						      (size_t)(w + n - at - 1));

			if (strchr(host, '.') && !shared_host(host))
				return host;
			free(host);
			return NULL;
		}
		w += n;
		w += strspn(w, " \t<>(),;");
	}
	return NULL;
}

/* The first http(s), ftp or git URL in s[0..n), as a new string. */
static char *first_url_in(const char *s, size_t n)
{
	static const char *const schemes[] = { "https://", "http://",
					       "ftp://", "git://" };
	const char *best = NULL;
	size_t i, len;

	for (i = 0; i < N(schemes); i++) {
		const char *at = memmem(s, n, schemes[i], strlen(schemes[i]));

		if (at && (!best || at < best))
			best = at;
	}
	if (!best)
		return NULL;
	for (len = 0; best + len < s + n &&
	     !strchr(" \t\r\n\"'<>()[],;`", best[len]); len++)
		;
	while (len && strchr(".:", best[len - 1]))
		len--;
	return xstrndup(best, len);
}

/* The first http(s) URL in s[0..n) (first_url_in()), and where, in *at. */
static char *web_url_in(const char *s, size_t n, const char **at)
{
	const char *p = s;
	char *u;

	while ((u = first_url_in(p, (size_t)(s + n - p)))) {
		const char *f = memmem(p, (size_t)(s + n - p), u, strlen(u));

		if (!strncmp(u, "http://", 7) || !strncmp(u, "https://", 8)) {
			*at = f;
			return u;
		}
		p = f + strlen(u);
		free(u);
	}
	return NULL;
}

/* site matches url's place: the same host or a subdomain, or below. */
static int site_holds(const char *site, const char *url)
{
	char *p = norm_place(url);
	size_t s = strlen(site), h;
	int hit = 0;

	if (!p)
		return 0;
	h = strcspn(p, "/");
	if (!strchr(site, '/')) {
		hit = (h == s && !strncmp(p, site, s)) ||
		      (h > s && p[h - s - 1] == '.' &&
		       !strncmp(p + h - s, site, s));
	} else {
		hit = !strncasecmp(p, site, s) &&
		      (!p[s] || strchr("/?#", p[s]));
	}
	free(p);
	return hit;
}

void whose_add_site(struct whose *w, const char *url, const char *evidence)
{
	char *site = site_of(url);
	size_t i;

	if (!site)
		return;
	for (i = 0; i < w->nr; i++)
		if (!strcmp(w->v[i].place, site)) {
			free(site);
			return;
		}
	ALLOC_GROW(w->v, w->nr + 1, w->alloc);
	w->v[w->nr].place = site;
	w->v[w->nr++].evidence = xstrdup(evidence);
}

/* A URL on line lineno of file: the project's home page. */
static void add_found(struct whose *w, const char *file, unsigned lineno,
		      const char *what, const char *s, size_t n)
{
	char *url = first_url_in(s, n), *ev;

	if (!url)
		return;
	ev = xstrfmt("%s:%u: %s %s", file, lineno, what, url);
	whose_add_site(w, url, ev);
	free(ev);
	free(url);
}

/* Does line begin (past blanks and quotes) with key, then ':' or '='? */
static const char *keyed(const char *line, size_t n, const char *key)
{
	const char *p = line, *end = line + n;
	size_t k = strlen(key);

	while (p < end && strchr(" \t\"'", *p))
		p++;
	if ((size_t)(end - p) < k || strncasecmp(p, key, k))
		return NULL;
	p += k;
	while (p < end && strchr(" \t\"'", *p))
		p++;
	return p < end && (*p == ':' || *p == '=') ? p + 1 : NULL;
}

/* In root/file, each line's "KEY: URL" or "KEY = URL" for any key. */
static void from_keys(struct whose *w, const char *root, const char *file,
		      const char *const *keys, size_t nkeys)
{
	struct strbuf sb = STRBUF_INIT;
	const char *line, *next;
	unsigned lineno = 0;
	size_t i;

	if (tree_read(root, file, &sb))
		goto out;
	for (line = sb.buf; *line; line = next) {
		size_t n = strcspn(line, "\n");
		const char *v;

		next = line + n + (line[n] == '\n');
		lineno++;
		for (i = 0; i < nkeys; i++)
			if ((v = keyed(line, n, keys[i]))) {
				add_found(w, file, lineno, keys[i], v,
					  (size_t)(line + n - v));
				break;
			}
	}
out:
	strbuf_release(&sb);
}

/* README's "Home page: URL", "Website: URL" (or on the next line). */
static void from_readme(struct whose *w, const char *file, const char *text)
{
	static const char *const says[] = {
		"home page", "homepage", "home-page", "website", "web site",
		"project page", "official site", "web page", "is the home for",
		"official", "git clone",
	};
	const char *line, *next;
	unsigned lineno = 0;
	size_t i;

	for (line = text; *line && lineno < 300; line = next) {
		size_t n = strcspn(line, "\n"), m;
		char *low = xstrndup_tolower(line, n);

		next = line + n + (line[n] == '\n');
		lineno++;
		for (i = 0; i < N(says); i++)
			if (strstr(low, says[i]))
				break;
		free(low);
		if (i == N(says))
			continue;
		m = strcspn(next, "\n");
		add_found(w, file, lineno, "the project's home page",
			  line, n);
		if (memmem(line, n, "://", 3) == NULL && *next)
			add_found(w, file, lineno + 1,
				  "the project's home page", next, m);
	}
}

/* Add place ("host/path", lower case host) as the project's own. */
static void add_place(struct whose *w, char *place, const char *evidence)
{
	size_t i;

	for (i = 0; i < w->nr; i++)
		if (!strcmp(w->v[i].place, place)) {
			free(place);
			return;
		}
	ALLOC_GROW(w->v, w->nr + 1, w->alloc);
	w->v[w->nr].place = place;
	w->v[w->nr++].evidence = xstrdup(evidence);
}

/*
 * A root document's line naming the archive of the project's lists
 * (nmap's HACKING: "Web archives of those lists are at
 * http://seclists.org ."; CONTRIBUTING.md: "[seclists.org](http://
 * seclists.org/) mail archive URL"): what its URLs name is the
 * project's own, as named (the host when it is bare, else the host and
 * path).  A URL with a query names a list on someone's shared archive
 * (marc.info/?l=openssh-unix-dev), not a place: it is left.
 */
/* The end of the sentence that begins s[0..n): after ". ", or n. */
static const char *sentence_end(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i + 1 < n; i++)
		if (strchr(".!?", s[i]) &&
		    (s[i + 1] == ' ' || s[i + 1] == '\t'))
			return s + i + 1;
	return s + n;
}

/* Does the sentence speak of a list's or mail's archive? */
static int says_archive(const char *s, size_t n)
{
	char *low = xstrndup_tolower(s, n);
	int hit;

	hit = strstr(low, "archive") &&
	      (strstr(low, " list") || strstr(low, "mail"));
	free(low);
	return hit;
}

static void from_list_archive(struct whose *w, const char *file,
			      const char *text)
{
	const char *line, *next;
	unsigned lineno = 0;

	for (line = text; *line && lineno < 1000; line = next) {
		size_t n = strcspn(line, "\n");
		const char *p, *end;

		next = line + n + (line[n] == '\n');
		lineno++;
		for (; n; n -= (size_t)(end - line), line = end) {
			end = sentence_end(line, n);
			if (says_archive(line, (size_t)(end - line)))
				break;
		}
		if (!n)
			continue;
		for (p = line; p < end; ) {
			char *url, *place, *ev;

			url = web_url_in(p, (size_t)(end - p), &p);
			if (!url)
				break;
			p += strlen(url);
			place = strpbrk(url, "?#") ? NULL : norm_place(url);
			if (place && *place && strchr(place, '.')) {
				ev = xstrfmt("%s:%u: the archive of the "
					     "project's lists %s", file, lineno,
					     url);
				add_place(w, place, ev);
				free(ev);
			} else {
				free(place);
			}
			free(url);
		}
	}
}

/*
 * A root document that calls a site its own ("You can add your script
 * ideas to our wiki page, or pick one and implement it. See:
 * https://secwiki.org/w/Nmap_Script_Ideas", nmap's HACKING): the first
 * URL after the words, in their paragraph, names the project's own site
 * (site_of(): its host, or its owner's space on a forge).
 */
static void from_our_words(struct whose *w, const char *file,
			   const char *text)
{
	static const char *const ours[] = {
		"our wiki", "our web site", "our website", "our site",
		"our forum", "our bug tracker", "our issue tracker",
		"our tracker", "our home page", "our homepage",
	};
	char *low;
	size_t i, k;

	low = xstrdup_tolower(text);
	for (k = 0; k < N(ours); k++) {
		const char *at = low;

		while ((at = strstr(at, ours[k]))) {
			const char *par, *u;
			size_t off;
			char *url, *site, *ev;
			unsigned line = 1;

			at += strlen(ours[k]);
			par = strstr(at, "\n\n");
			off = (size_t)(at - low);
			url = web_url_in(text + off, par ? (size_t)(par - at) :
					 strlen(text) - off, &u);
			if (!url)
				continue;
			off = (size_t)(u - text);
			site = strpbrk(url, "?#") ? NULL : site_of(url);
			for (i = 0; i < off; i++)
				line += text[i] == '\n';
			if (site && strchr(site, '.')) {
				ev = xstrfmt("%s:%u: the project's own, as '%s' "
					     "names %s", file, line, ours[k], url);
				add_place(w, site, ev);
				free(ev);
			} else {
				free(site);
			}
			free(url);
		}
	}
	free(low);
}

/*
 * A copyright line near a root file's top whose holder writes from a
 * domain named for the project: configure.ac's "Copyright (C) 2002-2026
 * OpenVPN Inc <sales@openvpn.net>" in a tree named openvpn makes
 * openvpn.net (and community.openvpn.net) the project's own site.
 */
/* dom[0..end)'s first label is name, and one more label follows. */
static int named_for(const char *dom, const char *end, const char *name)
{
	size_t len = strlen(name);

	return *name && (size_t)(end - dom) > len + 1 &&
	       !strncasecmp(dom, name, len) && dom[len] == '.' &&
	       !memchr(dom + len + 1, '.', (size_t)(end - dom) - len - 1);
}

static void from_copyright(struct whose *w, const char *root,
			   const char *file, const char *const *names)
{
	struct strbuf sb = STRBUF_INIT;
	const char *line, *next;
	unsigned lineno = 1;

	if (tree_read(root, file, &sb))
		goto out;
	for (line = sb.buf; *line && lineno <= 40; line = next, lineno++) {
		size_t n = strcspn(line, "\n");
		const char *at, *dom, *end;
		char *url, *ev;

		next = line + n + (line[n] == '\n');
		if (!memmem(line, n, "Copyright", 9) ||
		    !(at = memchr(line, '@', n)))
			continue;
		dom = at + 1;
		end = dom + strcspn(dom, "> \t\n)");
		if (end - dom > 4 && !strncmp(dom, "www.", 4))
			dom += 4;
		/* The domain's first label is the project's name. */
		if (!named_for(dom, end, names[0]) &&
		    !(names[1] && named_for(dom, end, names[1])))
			continue;
		url = xstrfmt("https://%.*s/", (int)(end - dom), dom);
		ev = xstrfmt("%s:%u: the copyright holder's mail domain %.*s, "
			     "named for the project", file, lineno,
			     (int)(end - dom), dom);
		whose_add_site(w, url, ev);
		free(ev);
		free(url);
	}
out:
	strbuf_release(&sb);
}

/* configure.ac's AC_INIT([name], [version], [bugs], [tarname], [url]). */
static void from_ac_init(struct whose *w, const char *root, const char *file)
{
	struct strbuf sb = STRBUF_INIT;
	const char *at, *p;
	unsigned lineno = 1, arg = 1;
	int depth = 0;

	if (tree_read(root, file, &sb) || !(at = strstr(sb.buf, "AC_INIT(")))
		goto out;
	for (p = sb.buf; p < at; p++)
		lineno += *p == '\n';
	for (p = at + 8; *p && !(depth == 0 && *p == ')'); p++) {
		if (*p == '[' || *p == '(')
			depth++;
		else if (*p == ']' || *p == ')')
			depth--;
		else if (*p == ',' && depth == 0)
			arg++;
		else if ((arg == 3 || arg == 5) && !strncmp(p, "http", 4)) {
			size_t n = strcspn(p, "],) \t\n");

			add_found(w, file, lineno, arg == 5 ?
				  "AC_INIT's URL" : "AC_INIT's bug report "
				  "address", p, n);
			p += n - 1;
		}
	}
out:
	strbuf_release(&sb);
}

/* Top-level files whose name ends in suffix: their "URL:" lines. */
static void from_suffix(struct whose *w, const char *root, const char *suffix)
{
	static const char *const keys[] = { "URL" };
	DIR *d = opendir(root);
	struct dirent *e;
	size_t s = strlen(suffix);

	if (!d)
		return;
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);

		if (l > s && !strcmp(e->d_name + l - s, suffix))
			from_keys(w, root, e->d_name, keys, N(keys));
	}
	closedir(d);
}

static void project_sites(struct whose *w, const char *root)
{
	static const char *const readmes[] = {
		"README", "README.md", "README.rst", "README.txt",
		"README.markdown", "README.adoc",
	};
	static const char *const json[] = { "homepage" };
	static const char *const control[] = { "Homepage" };
	static const char *const toml[] = { "homepage", "repository",
					    "Home-page" };
	static const char *const setup[] = { "url", "homepage" };
	static const char *const cmake[] = { "HOMEPAGE_URL" };
	static const char *const guides[] = {
		"HACKING", "CONTRIBUTING", "CONTRIBUTING.md",
		"CONTRIBUTING.rst", "SUPPORT.md",
	};

	static const char *const tops[] = {
		"configure.ac", "configure.in", "CMakeLists.txt", "meson.build",
		"Makefile.am", "COPYING", "LICENSE", "AUTHORS", "README",
		"README.md",
	};
	char *name = tree_project_name(root, NULL);
	const char *base = strrchr(root, '/');
	char *folder = xstrdup(base && base[1] ? base + 1 : root);
	const char *names[2];
	struct strbuf doc[N(readmes) + N(guides)];
	int got[N(readmes) + N(guides)];
	size_t i;

	/*
	 * The remote's name, and the folder's where it differs (a clone of
	 * a mirror whose remote ends in ".../repo").
	 */
	str_tolower(folder);
	names[0] = name;
	names[1] = strcmp(folder, name) ? folder : NULL;
	for (i = 0; i < N(tops); i++)
		from_copyright(w, root, tops[i], names);
	w->names[0] = name;
	w->names[1] = names[1] ? folder : NULL;
	if (!names[1])
		free(folder);
	/* Each root document read once, for every reader of it. */
	for (i = 0; i < N(readmes) + N(guides); i++)
		strbuf_init(&doc[i], 0);
	for (i = 0; i < N(readmes); i++)
		got[i] = !tree_read(root, readmes[i], &doc[i]);
	for (i = 0; i < N(guides); i++)
		got[N(readmes) + i] = !tree_read(root, guides[i],
						 &doc[N(readmes) + i]);
	for (i = 0; i < N(readmes); i++)
		if (got[i])
			from_readme(w, readmes[i], doc[i].buf);
	for (i = 0; i < N(readmes) + N(guides); i++)
		if (got[i])
			from_list_archive(w, i < N(readmes) ? readmes[i] :
					  guides[i - N(readmes)], doc[i].buf);
	for (i = 0; i < N(readmes) + N(guides); i++)
		if (got[i])
			from_our_words(w, i < N(readmes) ? readmes[i] :
				       guides[i - N(readmes)], doc[i].buf);
	for (i = 0; i < N(readmes) + N(guides); i++)
		strbuf_release(&doc[i]);
	from_ac_init(w, root, "configure.ac");
	from_ac_init(w, root, "configure.in");
	from_keys(w, root, "package.json", json, N(json));
	from_keys(w, root, "debian/control", control, N(control));
	from_keys(w, root, "pyproject.toml", toml, N(toml));
	from_keys(w, root, "Cargo.toml", toml, N(toml));
	from_keys(w, root, "setup.py", setup, N(setup));
	from_keys(w, root, "setup.cfg", setup, N(setup));
	from_keys(w, root, "CMakeLists.txt", cmake, N(cmake));
	from_suffix(w, root, ".pc.in");
	from_suffix(w, root, ".spec");
	from_suffix(w, root, ".spec.in");
}

void whose_init(struct whose *w, const char *root,
		const struct maintainers *m, const struct config *cfg)
{
	memset(w, 0, sizeof(*w));
	w->cfg = cfg;
	w->m = m;
	own_places_init(&w->places, root);
	if (root)
		project_sites(w, root);
}

void whose_release(struct whose *w)
{
	size_t i;

	own_places_release(&w->places);
	free(w->names[0]);
	free(w->names[1]);
	for (i = 0; i < w->nr; i++) {
		free(w->v[i].place);
		free(w->v[i].evidence);
	}
	free(w->v);
	memset(w, 0, sizeof(*w));
}

/* The site a MAINTAINERS value names: its URL's, else a list's host. */
static char *value_site(const char *v, char field)
{
	char *url = first_url_in(v, strlen(v)), *site = NULL;

	if (url) {
		site = site_of(url);
		free(url);
		return site;
	}
	if (field == 'L' || field == 'B')
		return mail_site(v);
	return NULL;
}

static int section_holds(const struct maint_section *s, const char *url,
			 struct whose_answer *a, const char *name)
{
	size_t k;

	for (k = 0; k < s->nlinks + s->ntrees + s->ncc; k++) {
		const char *v;
		char field, *site;
		int hit;

		if (k < s->nlinks) {
			v = s->links[k];
			field = s->link_kind[k];
		} else if (k < s->nlinks + s->ntrees) {
			v = s->trees[k - s->nlinks];
			field = 'T';
		} else {
			size_t c = k - s->nlinks - s->ntrees;

			if (s->cc_kind[c] != 'L')
				continue;
			v = s->cc[c];
			field = 'L';
		}
		site = value_site(v, field);
		hit = site && site_holds(site, url);
		free(site);
		if (hit) {
			a->field = field;
			a->evidence = xstrfmt("MAINTAINERS: %s: %c: %s", name,
					      field, v);
			return 1;
		}
	}
	return 0;
}

/* The first of the tree's own places (own.h) that holds url. */
static const char *place_holding(const struct own_places *o, const char *url)
{
	char *p = url_host_path(url);
	const char *hit = NULL;
	size_t i, k;

	if (!p)
		return NULL;
	k = strlen(p);
	while (k && p[k - 1] == '/')
		p[--k] = '\0';
	if (k > 4 && !strcmp(p + k - 4, ".git"))
		p[k - 4] = '\0';
	for (i = 0; i < o->nr && !hit; i++) {
		size_t n = strlen(o->v[i]);

		if (!strncmp(p, o->v[i], n) &&
		    (!p[n] || strchr("/?#", p[n])))
			hit = o->v[i];
	}
	free(p);
	return hit;
}

/*
 * A list of the project's in url's path: a segment NAME-dev,
 * NAME-announce, NAME-users ... for the project's NAME (nmap-dev on
 * seclists.org, tmux-users on a mailman archive); the segment, or NULL.
 */
static char *list_of(const struct whose *w, const char *url)
{
	static const char *const kinds[] = {
		"dev", "devel", "announce", "users", "user", "hackers",
		"discuss", "general", "help", "bugs", "commits", "security",
		"patches", "workers", "list",
	};
	static const char *const archives[] = {
		"/pipermail/", "/mailman/", "/archives/", "/archive/",
		"/hypermail/", "/ml/", "/lists/", "/list/", "/msg/",
	};
	char *p = norm_place(url), *seg, *hit = NULL;
	size_t h, i, k;

	if (!p)
		return NULL;
	/* Only in a list archive: its host or a folder of its path says so. */
	h = strcspn(p, "/");
	for (k = 0; k < N(archives); k++)
		if (strstr(p + h, archives[k]))
			break;
	if (k == N(archives) && !memmem(p, h, "list", 4) &&
	    !memmem(p, h, "groups.", 7) && !memmem(p, h, "archive", 7) &&
	    !memmem(p, h, "marc.", 5)) {
		free(p);
		return NULL;
	}
	for (seg = strchr(p, '/'); seg && !hit; seg = strchr(seg + 1, '/')) {
		size_t n = strcspn(seg + 1, "/");

		for (i = 0; i < 2 && !hit; i++) {
			size_t l = w->names[i] ? strlen(w->names[i]) : 0;

			if (!l || n <= l + 1 ||
			    strncasecmp(seg + 1, w->names[i], l) ||
			    seg[1 + l] != '-')
				continue;
			for (k = 0; k < N(kinds); k++)
				if (n == l + 1 + strlen(kinds[k]) &&
				    !strncasecmp(seg + 2 + l, kinds[k],
						 strlen(kinds[k])))
					hit = xstrndup(seg + 1, n);
		}
	}
	free(p);
	return hit;
}

enum whose_kind whose_url(const struct whose *w, const char *path,
			  const char *url, struct whose_answer *a)
{
	struct url_info info;
	const char *place;
	size_t i;

	memset(a, 0, sizeof(*a));
	a->section = -1;
	if (url_parse(url, &info))
		return WHOSE_NONE;
	if (infra_host(info.host, w->cfg)) {
		a->kind = WHOSE_INFRA;
		a->evidence = xstrfmt("%s is the project's infrastructure "
				      "(kernel.org, or [keep] host)",
				      info.host);
	}
	url_info_release(&info);
	if (a->kind)
		return a->kind;
	if ((place = place_holding(&w->places, url))) {
		a->kind = WHOSE_PLACE;
		a->evidence = xstrfmt("the tree's own repository, tracker or "
				      "patch queue %s (MAINTAINERS T:, B:, Q: "
				      "or a git remote)", place);
		return a->kind;
	}
	if (w->m && w->m->nr && path) {
		long *idx = xcalloc(w->m->nr, sizeof(*idx));
		size_t n = maintainers_matches(w->m, path, idx, w->m->nr);

		for (i = 0; i < n && !a->kind; i++)
			if (section_holds(&w->m->v[idx[i]], url, a,
					  w->m->v[idx[i]].name)) {
				a->kind = WHOSE_SECTION;
				a->section = idx[i];
			}
		free(idx);
		if (a->kind)
			return a->kind;
	}
	for (i = 0; i < w->nr; i++)
		if (site_holds(w->v[i].place, url)) {
			a->kind = WHOSE_PROJECT;
			a->evidence = xstrdup(w->v[i].evidence);
			return a->kind;
		}
	if ((place = list_of(w, url))) {
		a->kind = WHOSE_PROJECT;
		a->evidence = xstrfmt("the project's own list %s, named in the "
				      "path of a list archive", place);
		free((char *)place);
		return a->kind;
	}
	return WHOSE_NONE;
}

void whose_answer_release(struct whose_answer *a)
{
	free(a->evidence);
	memset(a, 0, sizeof(*a));
	a->section = -1;
}

const char *whose_kind_name(enum whose_kind k)
{
	static const char *const names[] = {
		"someone else's", "the project's infrastructure",
		"the project's own repository, tracker or patch queue",
		"the site of the MAINTAINERS section that owns the file",
		"the project's home page",
	};

	return (size_t)k < N(names) ? names[k] : "?";
}
