// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "../store/store.h"
#include "../url/url.h"
#include "input.h"
#include "link.h"
#include "run.h"

int check_add_url(struct link_set *links, struct store *st, const char *arg)
{
	struct url_info info;
	long long id = -1;
	size_t k;

	if (url_parse(arg, &info)) {
		warning("'%s' is not a URL libcurl accepts; skipped", arg);
		return 0;
	}
	if (st)
		id = store_url_id(st, info.norm, info.host);
	if (st && id < 0) {
		url_info_release(&info);
		return error("cannot record '%s'", arg);
	}
	/* Printed as written: a Unicode host, the case of its host. */
	k = link_set_add(links, info.norm, info.host, id);
	if (!links->v[k].written && strcmp(arg, info.norm))
		links->v[k].written = xstrdup(arg);
	url_info_release(&info);
	return 0;
}

int check_add_file(struct link_set *links, struct store *st, const char *path)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	char *line = NULL;
	size_t n = 0;
	ssize_t len;
	struct stat sb;
	int ret = 0;

	if (!f)
		return error_errno("cannot open '%s'", path);
	/* A directory opens, and reads as nothing: "0 URLs", exit 0. */
	if (!fstat(fileno(f), &sb) && S_ISDIR(sb.st_mode)) {
		fclose(f);
		return error("'%s' is a directory: check takes URLs or files "
			     "of URLs (to check a tree: linkmend scan '%s', "
			     "then check)", path, path);
	}
	while (!ret && (len = getline(&line, &n, f)) >= 0) {
		while (len && (line[len - 1] == '\n' || line[len - 1] == '\r' ||
			       line[len - 1] == ' '))
			line[--len] = '\0';
		if (len && line[0] != '#')
			ret = check_add_url(links, st, line);
	}
	if (!ret && ferror(f))
		ret = error_errno("cannot read '%s'", path);
	free(line);
	if (f != stdin)
		fclose(f);
	return ret;
}

struct checkable {
	struct link_set *links;
	const struct config *cfg;
};

static int add_checkable(const struct store_url *u, void *data)
{
	struct checkable *c = data;

	if (!check_ignored(c->cfg, u->url))
		link_set_add(c->links, u->url, u->host, u->id);
	return 0;
}

int check_add_store(struct link_set *links, struct store *st,
		    const struct config *cfg)
{
	struct checkable ck = { links, cfg };

	return store_each_checkable_url(st, add_checkable, &ck);
}
