// SPDX-License-Identifier: GPL-2.0-or-later
/* What the user tells of the patches: sent, refused (told.h). */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../lib/strbuf.h"
#include "../lib/strvec.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "told.h"

/* A header's value in the mail's headers (before the first blank line). */
static char *mail_header(const char *mail, const char *name)
{
	size_t nl = strlen(name);
	const char *l = mail, *e;

	while (*l && *l != '\n') {
		e = strchr(l, '\n');
		if (!e)
			e = l + strlen(l);
		if (!strncasecmp(l, name, nl) && l[nl] == ':') {
			const char *v = l + nl + 1;

			while (v < e && (*v == ' ' || *v == '\t'))
				v++;
			return xstrndup(v, (size_t)(e - v));
		}
		l = *e ? e + 1 : e;
	}
	return NULL;
}

/* The Message-Id of the mail in file, or NULL. */
static char *file_msgid(const char *file)
{
	struct strbuf sb = STRBUF_INIT;
	char *id = NULL;

	/* The first mail of an mbox: "From <sha> <date>" then headers. */
	if (!strbuf_read_file(&sb, file)) {
		const char *h = sb.buf;

		if (!strncmp(h, "From ", 5) && strchr(h, '\n'))
			h = strchr(h, '\n') + 1;
		id = mail_header(h, "Message-Id");
	}
	strbuf_release(&sb);
	return id;
}

static int is_patch(const char *name)
{
	size_t l = strlen(name);

	return l > 6 && !strcmp(name + l - 6, ".patch");
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The patch files under dir (its series folders too), sorted. */
static int list_patches(const char *dir, struct strvec *out)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (!d)
		return error_errno("cannot read '%s'", dir);
	while ((e = readdir(d))) {
		char *p;
		struct stat sb;

		if (e->d_name[0] == '.')
			continue;
		p = xstrfmt("%s/%s", dir, e->d_name);
		if (!stat(p, &sb) && S_ISDIR(sb.st_mode)) {
			if (list_patches(p, out)) {
				free(p);
				closedir(d);
				return -1;
			}
		} else if (is_patch(e->d_name)) {
			strvec_push(out, p);
		}
		free(p);
	}
	closedir(d);
	if (out->nr)
		qsort(out->v, out->nr, sizeof(*out->v), cmp_str);
	return 0;
}

/* The cover letter of the series the patch is in, beside it: or NULL. */
static char *cover_of(const char *patch)
{
	const char *slash = strrchr(patch, '/');
	char *cover = xstrfmt("%.*s0000-cover-letter.patch",
			      slash ? (int)(slash - patch + 1) : 0, patch);
	char *id = access(cover, R_OK) ? NULL : file_msgid(cover);

	free(cover);
	return id;
}

int told_sent(struct store *st, const char *path, const char *via,
	      long long now, size_t *links, size_t *patches)
{
	struct strvec files = STRVEC_INIT;
	struct stat sb;
	size_t i;
	int ret = 0;

	*links = *patches = 0;
	if (stat(path, &sb))
		return error_errno("cannot read '%s'", path);
	if (S_ISDIR(sb.st_mode))
		ret = list_patches(path, &files);
	else
		strvec_push(&files, path);
	for (i = 0; i < files.nr && !ret; i++) {
		const char *base = strrchr(files.v[i], '/');
		char *real, *id, *first;
		long long n;

		base = base ? base + 1 : files.v[i];
		if (!strncmp(base, "0000-", 5))
			continue;	/* the cover letter: no edit */
		real = realpath(files.v[i], NULL);
		if (!real) {
			ret = error_errno("cannot read '%s'", files.v[i]);
			break;
		}
		id = file_msgid(files.v[i]);
		first = cover_of(files.v[i]);
		n = store_mark_sent(st, real, id, first, via, now);
		if (n < 0)
			ret = -1;
		else if (n > 0) {
			*links += (size_t)n;
			(*patches)++;
		}
		free(first);
		free(id);
		free(real);
	}
	strvec_clear(&files);
	return ret;
}

struct patch_edits {
	const char *patch;
	const char *path, *url;		/* told_refuse_link(): the link */
	struct strvec v;		/* path, old, new, ... */
};

static int patch_fate(const struct store_fate *f, void *data)
{
	struct patch_edits *p = data;

	if (p->patch ? f->patch && !strcmp(f->patch, p->patch) :
	    !strcmp(f->path, p->path) && !strcmp(f->old_url, p->url) &&
	    strcmp(f->state, "replaced") && strcmp(f->state, "applied"))
		strvec_pushl(&p->v, f->path, f->old_url, f->new_url, NULL);
	return 0;
}

/* A reason as one line of the export file: no tab, no line break. */
static char *one_line(const char *reason)
{
	char *r = xstrdup(reason ? reason : ""), *p;

	for (p = r; *p; p++)
		if (*p == '\t' || *p == '\n' || *p == '\r')
			*p = ' ';
	return r;
}

int told_refuse_patch(struct store *st, const char *patch,
		      const char *reason, int withdraw, long long now,
		      size_t *n)
{
	struct patch_edits p = { NULL, NULL, NULL, STRVEC_INIT };
	char *real = realpath(patch, NULL), *why = one_line(reason);
	size_t i;
	int ret = 0;

	*n = 0;
	if (!real) {
		free(why);
		return error_errno("cannot read '%s'", patch);
	}
	p.patch = real;
	if (store_each_fate(st, patch_fate, &p))
		ret = -1;
	else if (!p.v.nr)
		ret = error("'%s': no edit of it is recorded in this store "
			    "(series writes and records them)", patch);
	for (i = 0; !ret && i + 2 < p.v.nr; i += 3) {
		struct store_refusal r = { p.v.v[i], p.v.v[i + 1],
					   p.v.v[i + 2], why, now };
		long long d;

		if (withdraw) {
			d = store_drop_refusal(st, r.path, r.old_url,
					       r.new_url);
			ret = d < 0 ? -1 : 0;
			*n += d > 0 ? (size_t)d : 0;
		} else {
			ret = store_put_refusal(st, &r);
			*n += !ret;
		}
	}
	strvec_clear(&p.v);
	free(real);
	free(why);
	return ret;
}

int told_refuse_link(struct store *st, const char *path, const char *url,
		     const char *new, const char *reason, int withdraw,
		     long long now, size_t *n)
{
	struct patch_edits p = { NULL, path, url, STRVEC_INIT };
	char *why = one_line(reason);
	int ret = 0;

	*n = 0;
	while (!strncmp(path, "./", 2))
		path += 2;
	p.path = path;
	if (withdraw) {
		long long d = store_drop_refusal(st, path, url, new);

		ret = d < 0 ? -1 : 0;
		*n = d > 0 ? (size_t)d : 0;
	} else {
		struct store_refusal r = { path, url, new, why, now };

		/* The replacement series proposed last, else any. */
		if (!new && store_each_fate(st, patch_fate, &p))
			ret = -1;
		if (!new)
			r.new_url = p.v.nr ? p.v.v[p.v.nr - 1] : "*";
		if (!ret)
			ret = store_put_refusal(st, &r);
		*n = !ret;
	}
	strvec_clear(&p.v);
	free(why);
	return ret;
}

static int export_row(const struct store_refusal *r, void *data)
{
	strbuf_addf(data, "%s\t%s\t%s\t%lld\t%s\n", r->path, r->old_url,
		    r->new_url, r->at, r->reason);
	return 0;
}

int told_export(struct store *st, struct strbuf *out)
{
	strbuf_addstr(out, "# linkmend refusals: path, URL, replacement "
		      "(* any), when (seconds), why\n");
	return store_each_refusal(st, export_row, out);
}

int told_each_refusal(const char *file,
		      int (*cb)(const struct store_refusal *r, void *data),
		      void *data)
{
	struct strbuf sb = STRBUF_INIT;
	char *line, *next;
	unsigned lineno = 0;
	int ret = 0;

	if (strbuf_read_file(&sb, file)) {
		strbuf_release(&sb);
		return -1;
	}
	for (line = sb.buf; *line && !ret; line = next) {
		char *f[5], *end;
		int k;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		else
			next = line + strlen(line);
		lineno++;
		if (!*line || *line == '#')
			continue;
		f[0] = line;
		for (k = 1; k < 5; k++) {
			f[k] = strchr(f[k - 1], '\t');
			if (!f[k])
				break;
			*f[k]++ = '\0';
		}
		if (k < 5 || !*f[0] || !*f[1] || !*f[2]) {
			ret = error("%s:%u: not a refusal (path, URL, "
				    "replacement, when, why: tab-separated)",
				    file, lineno);
			break;
		}
		{
			struct store_refusal r = { f[0], f[1], f[2], f[4], 0 };

			errno = 0;
			r.at = strtoll(f[3], &end, 10);
			if (errno || *end || end == f[3]) {
				ret = error("%s:%u: '%s' is no time in seconds",
					    file, lineno, f[3]);
				break;
			}
			ret = cb(&r, data);
		}
	}
	strbuf_release(&sb);
	return ret;
}

struct import {
	struct store *st;
	size_t n;
};

static int import_one(const struct store_refusal *r, void *data)
{
	struct import *im = data;

	if (store_put_refusal(im->st, r))
		return -1;
	im->n++;
	return 0;
}

int told_import(struct store *st, const char *file, size_t *n)
{
	struct import im = { st, 0 };
	int ret = told_each_refusal(file, import_one, &im);

	*n = im.n;
	return ret;
}
