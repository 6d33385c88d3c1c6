// SPDX-License-Identifier: GPL-2.0-or-later
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../lib/json.h"
#include "../lib/run.h"
#include "../lib/strbuf.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "../store/store.h"
#include "output.h"
#include "tree.h"

static void count(struct strmap *m, const char *key)
{
	void **v = strmap_put(m, key);

	*v = (void *)((size_t)*v + 1);
}

static int print_occ(const struct store_occ *o, void *data)
{
	char flags[96];
	struct scan_output *sc = data;
	enum context ctx = o->context;
	struct strbuf sb = STRBUF_INIT;

	sc->occurrences++;
	if (ctx < CTX__COUNT)
		sc->by_context[ctx]++;
	count(&sc->urls, o->key);
	if (*o->host)
		count(&sc->hosts, o->host);
	if (sc->no_output)
		return 0;
	if (sc->json) {
		json_t *obj = json_object();

		json_object_set_new(obj, "path", json_text(o->path));
		json_object_set_new(obj, "line", json_integer(o->line));
		json_object_set_new(obj, "col", json_integer(o->col));
		json_object_set_new(obj, "start", json_integer(o->start));
		json_object_set_new(obj, "end", json_integer(o->end));
		json_object_set_new(obj, "url", json_text(o->url));
		json_object_set_new(obj, "normalized", json_text(o->key));
		json_object_set_new(obj, "host", json_text(o->host));
		json_object_set_new(obj, "context", json_string(context_name(o->context)));
		json_object_set_new(obj, "flags", json_flags(o->flags));
		json_print_item(obj, sc->first);
		sc->first = 0;
		return 0;
	}
	strbuf_add_escaped(&sb, o->path, strlen(o->path));
	strbuf_addf(&sb, "\t%u\t%u\t", o->line, o->col);
	strbuf_add_escaped(&sb, o->url, strlen(o->url));
	flags_format(o->flags, flags, sizeof(flags));
	strbuf_addf(&sb, "\t%s\t%s\n", context_name(o->context), flags);
	fwrite(sb.buf, 1, sb.len, stdout);
	strbuf_release(&sb);
	return 0;
}

struct host_count {
	const char *host;
	size_t n;
};

static int cmp_host_count(const void *a, const void *b)
{
	const struct host_count *x = a, *y = b;

	if (x->n != y->n)
		return x->n < y->n ? 1 : -1;
	return strcmp(x->host, y->host);
}

void scan_output_summary(const struct scan_output *so,
			 const struct tree_scan *ts)
{
	const struct scan_output *sc = so;
	struct strbuf sb = STRBUF_INIT;
	size_t unchanged_files = 0, i;
	char big[48] = "";
	unsigned c;

	for (i = 0; i < ts->nr; i++)
		unchanged_files += ts->files[i].state == TF_UNCHANGED;
	if (ts->too_big)
		snprintf(big, sizeof(big), ", %zu too big", ts->too_big);
	fprintf(stderr, "scan: %zu files (%zu read, %zu unchanged, %zu binary,"
		" %zu unreadable%s), %.1f MB read%s\n", ts->nr, ts->files_read,
		unchanged_files, ts->binary, ts->errors,
		big,
		(double)ts->bytes_read / 1e6, ts->git ? ", from git" : "");
	fprintf(stderr, "scan: %zu occurrences, %zu unique URLs, %zu hosts\n",
		sc->occurrences, sc->urls.nr, sc->hosts.nr);
	for (c = 0; c < CTX__COUNT; c++)
		if (sc->by_context[c])
			strbuf_addf(&sb, "%s%s %zu", sb.len ? ", " : "",
				    context_name((enum context)c),
				    sc->by_context[c]);
	if (sb.len)
		fprintf(stderr, "scan: by context: %s\n", sb.buf);
	strbuf_release(&sb);
	if (sc->top_hosts > 0 && sc->hosts.nr) {
		struct host_count *hc = xcalloc(sc->hosts.nr, sizeof(*hc));
		struct strmap_entry *e;
		size_t n = 0;

		strmap_for_each(&sc->hosts, e) {
			hc[n].host = e->key;
			hc[n++].n = (size_t)e->value;
		}
		qsort(hc, n, sizeof(*hc), cmp_host_count);
		fprintf(stderr, "scan: top hosts:\n");
		for (i = 0; i < n && i < (size_t)sc->top_hosts; i++) {
			struct strbuf h = STRBUF_INIT;

			strbuf_add_escaped(&h, hc[i].host, strlen(hc[i].host));
			fprintf(stderr, "  %7zu  %s\n", hc[i].n, h.buf);
			strbuf_release(&h);
		}
		free(hc);
	}
}

/* The commit checked out at root, or "" outside git. */
static char *tree_commit(const char *root, int no_git)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf out = STRBUF_INIT;

	git_cmd(&cp, NULL);
	strvec_pushl(&cp.args, "rev-parse", "--verify", "-q", "HEAD", NULL);
	cp.dir = root;
	cp.out = &out;
	cp.no_stderr = 1;
	if (!no_git && !child_process_run(&cp)) {
		while (out.len && out.buf[out.len - 1] == '\n')
			strbuf_setlen(&out, out.len - 1);
		return strbuf_detach(&out, NULL);
	}
	child_process_clear(&cp);	/* not run outside git */
	strbuf_release(&out);
	return xstrdup("");
}

int scan_use_tree(struct store *st, const char *name, const char *version,
		  const char *root, int no_git, int replace)
{
	char *commit = version ? NULL : tree_commit(root, no_git);
	char *real = realpath(root, NULL), *found = NULL, *other = NULL;
	const char *base;
	int ret = -1;

	if (!real) {
		free(commit);
		return error_errno("cannot resolve '%s'", root);
	}
	base = strrchr(real, '/');
	found = store_tree_at(st, real);
	/* One tree per root: two names for it would each hold its links. */
	if (name && found && strcmp(name, found)) {
		error("'%s' is the store's tree '%s' already: scan it as "
		      "--tree %s (a root is one tree of a store)", root, found,
		      found);
		goto out;
	}
	if (!name)
		name = found;
	if (!name)
		name = base && base[1] ? base + 1 : real;
	other = store_tree_root(st, name);
	if (other && strcmp(other, real) && !replace) {
		error("the store holds a tree '%s' scanned from '%s': name "
		      "this one with --tree NAME, or --replace to make '%s' "
		      "that tree", name, other, root);
		goto out;
	}
	if (store_use_tree(st, name, version ? version : commit, real,
			   (long long)time(NULL)) ||
	    (other && strcmp(other, real) && store_reset_tree(st)))
		goto out;
	ret = 0;
out:
	free(other);
	free(found);
	free(real);
	free(commit);
	return ret;
}

void scan_output_init(struct scan_output *so)
{
	memset(so, 0, sizeof(*so));
	so->first = 1;
}

void scan_output_release(struct scan_output *so)
{
	strmap_clear(&so->urls, NULL);
	strmap_clear(&so->hosts, NULL);
}

int scan_output_all(struct scan_output *so, struct store *st,
		    const struct tree_scan *ts)
{
	int ret;

	if (so->json && !so->no_output)
		printf("[");
	ret = store_each_occurrence(st, ts->paths, ts->npaths, print_occ, so);
	if (so->json && !so->no_output)
		printf("%s]\n", so->first ? "" : "\n");
	if (fflush(stdout) || ferror(stdout))
		return error_errno("cannot write the output");
	return ret;
}
