// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../lib/strbuf.h"
#include "../lib/xalloc.h"
#include "contact.h"

/* A document's name without its folder and text extension, and folders. */
static const char *const doc_names[][4] = {
	{ "contributing", "howto-contributing", "contribute", NULL },
	{ "submitting-patches", "submitting_patches", "submittingpatches",
	  "submitting" },
	{ "hacking", NULL, NULL, NULL },
	{ "readme", NULL, NULL, NULL },
};
static const char *const doc_dirs[] = {
	"", ".github/", "doc/", "docs/", "Documentation/",
};
static const char *const doc_exts[] = { "", ".md", ".rst", ".txt", ".adoc" };

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

int contact_doc_rank(const char *path)
{
	const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
	size_t dlen = (size_t)(base - path), d, n, k, e;

	for (d = 0; d < ARRAY_SIZE(doc_dirs); d++)
		if (strlen(doc_dirs[d]) == dlen &&
		    !strncmp(path, doc_dirs[d], dlen))
			break;
	if (d == ARRAY_SIZE(doc_dirs))
		return -1;
	for (n = 0; n < ARRAY_SIZE(doc_names); n++)
		for (k = 0; k < 4 && doc_names[n][k]; k++) {
			size_t l = strlen(doc_names[n][k]);

			if (strncasecmp(base, doc_names[n][k], l))
				continue;
			for (e = 0; e < ARRAY_SIZE(doc_exts); e++)
				if (!strcasecmp(base + l, doc_exts[e]))
					return (int)(n * ARRAY_SIZE(doc_dirs) + d);
		}
	return -1;
}

static int has_word(const char *s, const char *const *words)
{
	for (; *words; words++)
		if (strcasestr(s, *words))
			return 1;
	return 0;
}

/* Addresses that take no patches: a list's machinery, or no one. */
static int service_address(const char *mail)
{
	static const char *const no[] = {
		"subscribe", "-request@", "-owner@", "noreply", "no-reply",
		"security@", "abuse@", "postmaster@", "@example.", NULL,
	};

	return !strncmp(mail, "git@", 4) || has_word(mail, no);
}

static int mail_char(int ch, int local)
{
	return isalnum(ch) || ch == '.' || ch == '-' ||
	       (local && (ch == '_' || ch == '+' || ch == '%'));
}

/*
 * The address at or after *from on line [s, end): a mail, or a Mailman
 * listinfo page's list (".../listinfo/NAME" on HOST is NAME@HOST);
 * *from moves past it.  NULL when there is none.
 */
static char *next_address(const char *s, const char *end, const char **from)
{
	const char *p;

	for (p = *from; p < end; p++) {
		const char *a, *b, *h, *he;

		if (*p == '@' && p > s && mail_char((unsigned char)p[-1], 1)) {
			for (a = p; a > s && mail_char((unsigned char)a[-1], 1);
			     a--)
				;
			for (b = p + 1; b < end && mail_char((unsigned char)*b, 0);
			     b++)
				;
			while (b > p + 1 && b[-1] == '.')
				b--;
			*from = b;
			if (memchr(p + 1, '.', (size_t)(b - p - 1)) && a < p) {
				char *m = xstrndup_tolower(a,
							   (size_t)(b - a));

				return m;
			}
			continue;
		}
		if (!strncmp(p, "/listinfo/", 10) && p + 10 < end) {
			h = p;
			while (h > s && h[-1] != '/')
				h--;		/* the first path segment */
			while (h > s && !(h[-1] == '/' && h >= s + 2 &&
					  h[-2] == '/'))
				h--;
			he = strchr(h, '/');
			for (b = p + 10; b < end && mail_char((unsigned char)*b, 1);
			     b++)
				;
			*from = b;
			if (h > s && he && he < p && b > p + 10)
				return xstrfmt("%.*s@%.*s", (int)(b - p - 10),
					       p + 10, (int)(he - h), h);
			continue;
		}
	}
	*from = end;
	return NULL;
}

/* A line that asks for pull or merge requests, and not against them. */
static int asks_pull(const char *line)
{
	static const char *const what[] = {
		"pull request", "pull-request", "merge request", NULL,
	};
	static const char *const ask[] = {
		"welcome", "open a", "open an", "submit", "send", "create",
		"prefer", "accept", "in the form of", "via a", "through a",
		"please", NULL,
	};
	static const char *const against[] = {
		"not ", "n't ", "never", "no longer", NULL,
	};

	char *dup = xstrdup(line), *sent = dup, *stop;
	int ret = 0;

	/* Sentence by sentence: "... a Pull Request. We cannot merge". */
	for (; sent && !ret; sent = stop) {
		stop = strstr(sent, ". ");
		if (stop)
			*stop++ = '\0';
		ret = has_word(sent, what) && has_word(sent, ask) &&
		      !has_word(sent, against);
	}
	free(dup);
	return ret;
}

/*
 * Where the lines before the address's (up to four, and its own) say
 * patches or contributions are sent there: the first line that names
 * them.  NULL when they do not, or the address's own line says it is
 * for another thing (questions, private bug reports, announcements).
 */
static const char *takes_patches(const char *text, const char *line,
				 const char *end)
{
	static const char *const what[] = { "patch", "contribut", NULL };
	static const char *const how[] = {
		"send", "mail", "post", "submit", "list", NULL,
	};
	static const char *const other[] = {
		"question", "sensitive", "private", "security", "announce",
		"subscribe", "unsubscribe", NULL,
	};
	const char *from = line, *said = NULL, *l, *e;
	char *own = xstrndup(line, (size_t)(end - line)), *ctx;
	int k;

	for (k = 0; k < 4 && from > text; k++) {
		from--;
		while (from > text && from[-1] != '\n')
			from--;
	}
	ctx = xstrndup(from, (size_t)(end - from));
	if (has_word(ctx, what) && has_word(ctx, how) && !has_word(own, other))
		for (l = from; l <= line && !said; l = e + 1) {
			char *one;

			e = strchrnul(l, '\n');
			one = xstrndup(l, (size_t)(e - l));
			if (has_word(one, what))
				said = l;
			free(one);
		}
	free(ctx);
	free(own);
	return said;
}

/* Lines [s, end) as one line: white space runs made one space. */
static void say_where(struct contact *c, enum contact_form form,
		      unsigned line, const char *s, const char *end)
{
	struct strbuf sb = STRBUF_INIT;

	for (; s < end; s++)
		if (!isspace((unsigned char)*s))
			strbuf_addch(&sb, *s);
		else if (sb.len && sb.buf[sb.len - 1] != ' ')
			strbuf_addch(&sb, ' ');
	while (sb.len && sb.buf[sb.len - 1] == ' ')
		strbuf_setlen(&sb, sb.len - 1);
	c->form = form;
	c->line = line;
	c->quote = strbuf_detach(&sb, NULL);
}

int contact_read(const char *text, struct contact *c)
{
	const char *s, *end;
	unsigned line = 1;

	memset(c, 0, sizeof(*c));
	for (s = text; *s; s = *end ? end + 1 : end, line++) {
		const char *from = s;
		char *addr;

		end = strchrnul(s, '\n');
		while ((addr = next_address(s, end, &from))) {
			const char *said = service_address(addr) ? NULL :
					   takes_patches(text, s, end);

			if (said) {
				const char *p;
				unsigned first = line;

				for (p = said; p < s; p++)
					first -= *p == '\n';
				c->addr = addr;
				say_where(c, CONTACT_MAIL, first, said, end);
				return 0;
			}
			free(addr);
		}
		{
			char *l = xstrndup(s, (size_t)(end - s));
			int pull = asks_pull(l);

			free(l);
			if (pull) {
				say_where(c, CONTACT_PULL, line, s, end);
				return 0;
			}
		}
	}
	return 1;
}

void contact_release(struct contact *c)
{
	free(c->addr);
	free(c->quote);
	memset(c, 0, sizeof(*c));
}

size_t contact_history(const char *log, unsigned min_percent, size_t max,
		       struct contact_person **out, size_t *total)
{
	struct contact_person *v = NULL, tmp;
	size_t n = 0, alloc = 0, i, j, keep;
	const char *s, *end;

	*total = 0;
	for (s = log; *s; s = *end ? end + 1 : end) {
		const char *lt;

		end = strchrnul(s, '\n');
		lt = memchr(s, '<', (size_t)(end - s));
		if (!lt || end == s)
			continue;
		(*total)++;
		for (i = 0; i < n; i++) {
			const char *vl = strchr(v[i].who, '<');

			if (!strncasecmp(vl, lt, (size_t)(end - lt)) &&
			    strlen(vl) == (size_t)(end - lt))
				break;
		}
		if (i == n) {
			ALLOC_GROW(v, n + 1, alloc);
			v[n].who = xstrndup(s, (size_t)(end - s));
			v[n++].commits = 0;
		}
		v[i].commits++;
	}
	/* Most commits first; a stable insertion sort keeps ties in order. */
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && v[j - 1].commits < v[j].commits; j--) {
			tmp = v[j];
			v[j] = v[j - 1];
			v[j - 1] = tmp;
		}
	/* No mail reaches a host's no-reply address: never chosen. */
	for (i = 0, j = 0; i < n; i++)
		if (service_address(strchr(v[i].who, '<')))
			free(v[i].who);
		else
			v[j++] = v[i];
	n = j;
	for (keep = 0; keep < n && keep < max; keep++)
		if (v[keep].commits * 100 < (size_t)min_percent * *total)
			break;
	for (i = keep; i < n; i++)
		free(v[i].who);
	*out = v;
	return keep;
}

void contact_people_release(struct contact_person *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(p[i].who);
	free(p);
}
