// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../lease/lease.h"
#include "../lib/usage.h"
#include "../net/net.h"
#include "resolve.h"
#include "../lib/xalloc.h"
#include "../store/store.h"
#include "worker.h"

struct tree_list {
	char **name, **root;
	size_t nr, alloc, aroot;
};

static int on_tree(const struct store_tree *t, void *data)
{
	struct tree_list *l = data;

	ALLOC_GROW(l->name, l->nr + 1, l->alloc);
	ALLOC_GROW(l->root, l->nr + 1, l->aroot);
	l->name[l->nr] = xstrdup(t->name);
	l->root[l->nr++] = t->root ? xstrdup(t->root) : NULL;
	return 0;
}

static void trees_release(struct tree_list *l)
{
	size_t i;

	for (i = 0; i < l->nr; i++) {
		free(l->name[i]);
		free(l->root[i]);
	}
	free(l->name);
	free(l->root);
}

/*
 * Lines are dated from the tree's history: without the tree here, the
 * date would be a guess (unless --date gives one for every tree).
 */
static int root_here(const struct resolve_opts *o, const char *name,
		     const char *root)
{
	struct stat sb;

	if (o->date || (root && !stat(root, &sb) && S_ISDIR(sb.st_mode)))
		return 0;
	return error("tree '%s': its root '%s' is not on this machine, so its "
		     "lines cannot be dated (give --date, or run the worker "
		     "where the tree is)", name, root ? root : "(none)");
}

struct loop {
	const struct resolve_worker_opts *o;
	struct lease_opts lease;
	struct resolve_worker_stats *stats;
};

static int resolve_once(struct store *st, void *data, int *none)
{
	struct loop *w = data;
	struct lease_batch b;
	struct tree_list trees = { NULL, NULL, 0, 0, 0 };
	size_t i;
	int n, ret;

	n = lease_claim(&b, &w->lease, st);
	if (n < 0)
		return -1;
	*none = n == 0;
	store_limit_hosts(st, w->o->owner);
	ret = store_each_tree_of_held(st, w->o->owner, on_tree, &trees);
	for (i = 0; !ret && i < trees.nr; i++) {
		struct resolve_opts ro = *w->o->resolve;

		if (root_here(&ro, trees.name[i], trees.root[i]) ||
		    store_select_tree(st, trees.name[i])) {
			ret = -1;
			break;
		}
		ro.root = trees.root[i];
		ro.no_output = 1;
		ro.quiet = 1;
		lease_wire(&b, &ro.net, &ro.tick, &ro.tick_data);
		ret = resolve_run(&ro, st);
		w->stats->trees++;
	}
	store_limit_hosts(st, NULL);
	/* Resolved: due again when a check worker gives a host back. */
	for (i = 0; i < b.nr; i++)
		if (ret)
			b.v[i].next_s = 0;
	w->stats->claims += n > 0;
	w->stats->hosts += b.nr;
	if (w->o->progress && n > 0)
		fprintf(stderr, "resolve: worker %s: %zu hosts in %zu trees\n",
			w->o->owner, b.nr, trees.nr);
	trees_release(&trees);
	if (lease_release(&b))
		ret = -1;
	return ret;
}

int resolve_worker(const struct resolve_worker_opts *o, struct store *st,
		   struct resolve_worker_stats *stats)
{
	struct loop w;

	memset(stats, 0, sizeof(*stats));
	memset(&w, 0, sizeof(w));
	w.o = o;
	w.stats = stats;
	lease_opts_init(&w.lease, STORE_JOB_RESOLVE, o->owner, o->lease_ms,
			o->hosts, o->resolve->now, o->stop);
	return lease_work(&w.lease, st, resolve_once, &w, &stats->waited_ms);
}

int resolve_worker_run(const struct resolve_opts *o, struct store *st,
		       const struct lease_args *la, const char *owner)
{
	struct resolve_worker_opts wo;
	struct resolve_worker_stats stats;
	long long t0 = net_now_ms();
	int ret;

	memset(&wo, 0, sizeof(wo));
	wo.resolve = o;
	wo.owner = owner;
	wo.lease_ms = la->lease_s * 1000;
	wo.hosts = la->hosts;
	wo.progress = !o->quiet && isatty(2);
	wo.stop = o->stop;
	ret = resolve_worker(&wo, st, &stats);
	if (!o->quiet)
		fprintf(stderr, "resolve: worker %s: %zu hosts in %zu claims,"
			" %zu tree runs, %.1f s (%.1f s with nothing to claim)"
			"%s\n", owner, stats.hosts, stats.claims, stats.trees,
			(double)(net_now_ms() - t0) / 1000.0,
			(double)stats.waited_ms / 1000.0,
			o->stop && *o->stop ? "; interrupted" : "");
	return ret;
}
