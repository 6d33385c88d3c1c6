// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * linkmend diff: the links a change adds or changes, checked before the
 * change is merged, as checkpatch.pl checks its style.  Only the added
 * lines are scanned; a URL with a fresh result in the store is not asked
 * again, and a change that adds no link makes no request at all.  The
 * links are check's (check/link.h), checked and recorded by check's
 * pieces (check/run.h).
 */
#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "builtin.h"
#include "check/run.h"
#include "lib/color.h"
#include "lib/config.h"
#include "lib/parse-options.h"
#include "lib/path.h"
#include "lib/run.h"
#include "lib/strbuf.h"
#include "lib/usage.h"
#include "lib/xalloc.h"
#include "net/options.h"
#include "scan/changes.h"
#include "scan/scan.h"
#include "setup.h"
#include "store/store.h"

const char cmd_diff_usage[] =
	"linkmend diff [REV] [--cached] [--db PATH] [--format=text|json] "
	"[--strict]\n"
	"                     [--ttl DAYS] [-j N] [--per-host N] [--timeout S]\n"
	"                     [--cacert FILE] [--allow-private] "
	"[--color=WHEN] [-q]";

const char cmd_diff_help[] =
	"Check the links that a change adds or changes: the working tree's\n"
	"changes against HEAD, the staged ones with --cached, or REV..HEAD.\n"
	"Only added lines are scanned.  A URL the store checked less than\n"
	"--ttl days ago is taken from the store; the others are checked now\n"
	"(and recorded when there is a store).  One line per link that is not\n"
	"alive:\n"
	"\n"
	"    PATH:LINE: dead link URL (VERDICT: DETAIL); suggested: REPLACEMENT\n"
	"    PATH:LINE: moved link URL -> NEW (STATUS)\n"
	"    PATH:LINE: failing link URL (VERDICT: DETAIL)\n"
	"\n"
	"A link is dead when it is gone, soft-404, parked, its host is gone\n"
	"(dns), refused or its TLS broken; timeouts, server errors and name\n"
	"server failures are failing, which counts as dead only with --strict.\n"
	"The suggestion is the store's replacement for the URL, if it has one.\n"
	"\n"
	"    REV              check REV..HEAD (a pre-push hook's range)\n"
	"    --cached         the staged changes (a pre-commit hook)\n"
	"    --db PATH        the store (default: the tree's, if any)\n"
	"    --format=json    one JSON array\n"
	"    --strict         failing links count as dead\n"
	"    --ttl DAYS       a stored result this recent is used (7)\n"
	"    -j, --jobs N, --per-host N, --spacing-ms MS, --timeout S,\n"
	"    --cacert FILE, --allow-private, --user-agent UA   as for check\n"
	"    --color=WHEN     auto (on a terminal, unless NO_COLOR is set),\n"
	"                     always or never\n"
	"    -q, --quiet      no summary line\n"
	"\n"
	"Settings from .linkmend.conf: [scan] skip, [check] ignore,\n"
	"user-agent, per-host, timeout, [host \"NAME\"] accept.\n"
	"\n"
	"Exit status: 0 no dead link added; 1 dead links added; 2 on error.\n"
	"docs/pre-commit.sample and docs/pre-push.sample are hooks for git.\n";

/* A link as the change adds it: where, and which link. */
struct d_occ {
	char *path;
	unsigned line;
	size_t link;
};

struct diff_cmd {
	const struct config *cfg;
	struct link_set links;
	char **replacement;	/* per link: the store's, or NULL */
	int *from_store;	/* per link: its result came from the store */
	struct d_occ *occ;
	size_t nocc, aocc;
	long long ttl_s;
	int strict, json, quiet, color;
	size_t checked_now;
};

static int worth_checking(const struct diff_cmd *c, const struct occurrence *o)
{
	return context_is_checked(o->ctx) && *o->host &&
	       !(o->flags & (OCC_PLACEHOLDER | OCC_EXAMPLE | OCC_INVALID |
			     OCC_TRUNCATED)) &&
	       !check_ignored(c->cfg, o->key);
}

static int skipped(const struct config *cfg, const char *path)
{
	const struct config_entry *e;
	size_t i = 0;

	while ((e = config_next(cfg, "scan", "skip", &i)))
		if (glob_match(e->value, path, 1))
			return 1;
	return 0;
}

static void collect(struct diff_cmd *c, const struct change_file *f)
{
	struct occ_list occ = { NULL, 0, 0 };
	struct scan_opts so = { 0 };
	size_t i;

	if (!f->nr || skipped(c->cfg, f->path) ||
	    !scan_has_marker(f->content.buf, f->content.len))
		return;
	if (scan_buffer(f->path, f->content.buf, f->content.len, &so, &occ)) {
		occ_list_release(&occ);
		return;		/* binary */
	}
	for (i = 0; i < occ.nr; i++) {
		const struct occurrence *o = &occ.v[i];
		struct d_occ *d;

		if (!change_has_line(f, o->line) || !worth_checking(c, o))
			continue;
		ALLOC_GROW(c->occ, c->nocc + 1, c->aocc);
		d = &c->occ[c->nocc++];
		d->path = xstrdup(f->path);
		d->line = o->line;
		d->link = link_set_add(&c->links, o->key, o->host, -1);
	}
	occ_list_release(&occ);
}

static int load_resolution(const struct store_edit *e, void *data)
{
	struct diff_cmd *c = data;
	size_t k = (size_t)strmap_get(&c->links.by_url, e->url);

	if (!k || !e->replacement || !strcmp(e->kind, "unresolved"))
		return 0;
	if (!c->replacement[k - 1])
		c->replacement[k - 1] = xstrdup(e->replacement);
	return 0;
}

/* The store's links, checks and replacements for the links added. */
static void load_store(struct diff_cmd *c, struct store *st, const char *db)
{
	size_t i;

	for (i = 0; i < c->links.nr; i++) {
		struct link *l = &c->links.v[i];
		long long id = store_url_id(st, l->url, l->host);

		if (id < 0)
			die("cannot record '%s'", l->url);
		link_set_id(&c->links, i, id);
	}
	if (link_set_load_checks(&c->links, st) ||
	    store_each_resolution(st, load_resolution, c))
		die("cannot read the store '%s'", db);
}

/* Links with no result newer than --ttl are checked now. */
static int check_stale(struct diff_cmd *c, struct check_run_opts *o,
		       struct store *st)
{
	size_t *which = xcalloc(c->links.nr, sizeof(*which));
	size_t i, n = 0;
	int ret;

	for (i = 0; i < c->links.nr; i++) {
		const struct link *l = &c->links.v[i];

		c->from_store[i] = l->have_last && o->now - l->last.at < c->ttl_s;
		if (!c->from_store[i])
			which[n++] = i;
	}
	o->stop = cmd_catch_signals();
	ret = check_links(o, &c->links, which, n, st, &c->checked_now);
	free(which);
	return ret;
}

enum d_state { D_ALIVE, D_MOVED, D_FAILING, D_DEAD };

static enum d_state state_of(const struct diff_cmd *c, const struct link *l)
{
	switch (link_verdict(l)) {
	case V_ALIVE:
	case V_REDIRECTED:
	case V_BLOCKED:
		return D_ALIVE;
	case V_MOVED:
		return D_MOVED;
	case V_TIMEOUT:
	case V_SERVER_ERROR:
	case V_DNS_ERROR:
	case V_UNSAFE:
		return c->strict ? D_DEAD : D_FAILING;
	default:
		return D_DEAD;
	}
}

static const char *const state_names[] = { "alive", "moved", "failing", "dead" };

/* The status of a move is its first hop's ("301 URL; ..."), not the page's. */
static long status_of(const struct link *l)
{
	if (link_verdict(l) == V_MOVED && *l->last.chain)
		return strtol(l->last.chain, NULL, 10);
	return l->last.status;
}

static void print_text(struct strbuf *sb, const struct d_occ *d,
		       const struct link *l, const char *replacement,
		       enum d_state s, int color)
{
	strbuf_add_escaped(sb, d->path, strlen(d->path));
	if (color)
		strbuf_addf(sb, ":%u: %s%s link%s ", d->line,
			    s == D_DEAD ? COLOR_RED COLOR_BOLD : COLOR_YELLOW,
			    state_names[s], COLOR_RESET);
	else
		strbuf_addf(sb, ":%u: %s link ", d->line, state_names[s]);
	strbuf_add_escaped(sb, l->url, strlen(l->url));
	if (s == D_MOVED) {
		strbuf_addstr(sb, " -> ");
		if (l->last.final_url)
			strbuf_add_escaped(sb, l->last.final_url,
					   strlen(l->last.final_url));
		strbuf_addf(sb, " (%ld)", status_of(l));
	} else {
		strbuf_addf(sb, " (%s: ", l->last.verdict);
		strbuf_add_escaped(sb, l->last.detail, strlen(l->last.detail));
		strbuf_addch(sb, ')');
		if (replacement) {
			strbuf_addstr(sb, "; suggested: ");
			strbuf_add_escaped(sb, replacement, strlen(replacement));
		}
	}
	strbuf_addch(sb, '\n');
}

static json_t *occ_json(const struct diff_cmd *c, const struct d_occ *d,
			enum d_state s)
{
	const struct link *l = &c->links.v[d->link];
	const char *r = c->replacement[d->link];

	return json_pack("{s:s, s:i, s:s, s:s, s:s, s:o, s:s, s:o, s:b}",
			 "path", d->path, "line", (int)d->line, "url", l->url,
			 "state", state_names[s], "verdict", l->last.verdict,
			 "final_url", l->last.final_url ?
			 json_string(l->last.final_url) : json_null(),
			 "detail", l->last.detail,
			 "replacement", r ? json_string(r) : json_null(),
			 "from_store", c->from_store[d->link]);
}

static void summary(const struct diff_cmd *c, const size_t n[4])
{
	fprintf(stderr, "diff: %zu link%s added or changed (%zu URL%s): "
		"%zu dead, %zu failing, %zu moved, %zu alive; %zu "
		"checked now, %zu from the store%s\n", c->nocc,
		c->nocc == 1 ? "" : "s", c->links.nr,
		c->links.nr == 1 ? "" : "s", n[D_DEAD], n[D_FAILING],
		n[D_MOVED], n[D_ALIVE], c->checked_now,
		c->links.nr - c->checked_now,
		cmd_interrupted ? "; interrupted" : "");
}

/* The report on stdout; the number of dead links added. */
static size_t report(const struct diff_cmd *c)
{
	struct strbuf sb = STRBUF_INIT;
	json_t *a = json_array();
	size_t i, n[4] = { 0 };

	for (i = 0; i < c->nocc; i++) {
		const struct d_occ *d = &c->occ[i];
		const struct link *l = &c->links.v[d->link];
		enum d_state s;

		if (!l->have_last)
			continue;	/* interrupted */
		s = state_of(c, l);
		n[s]++;
		if (c->json)
			json_array_append_new(a, occ_json(c, d, s));
		else if (s != D_ALIVE)
			print_text(&sb, d, l, c->replacement[d->link], s,
				   c->color);
	}
	if (c->json) {
		char *text = json_dumps(a, JSON_INDENT(1) | JSON_PRESERVE_ORDER);

		if (text)
			strbuf_addf(&sb, "%s\n", text);
		free(text);
	}
	json_decref(a);
	fwrite(sb.buf, 1, sb.len, stdout);
	strbuf_release(&sb);
	if (fflush(stdout) || ferror(stdout))
		die_errno("cannot write the output");
	if (!c->quiet)
		summary(c, n);
	return n[D_DEAD];
}

static char *toplevel(void)
{
	const char *argv[] = { "git", "rev-parse", "--show-toplevel", NULL };
	struct strbuf out = STRBUF_INIT;

	if (run_command(argv, NULL, NULL, 0, &out, NULL) || !out.len) {
		strbuf_release(&out);
		die("linkmend diff works in a git checkout");
	}
	while (out.len && out.buf[out.len - 1] == '\n')
		strbuf_setlen(&out, out.len - 1);
	return strbuf_detach(&out, NULL);
}

static int color_arg(const struct option *opt, const char *s)
{
	int v = color_parse(s);

	if (v == -2)
		return error("--color: '%s' is not auto, always or never", s);
	*(int *)opt->value = v;
	return 0;
}

/* The links the change adds, from REV..HEAD, the index or the tree. */
static void collect_change(struct diff_cmd *c, const char *root,
			   const char *rev, int cached)
{
	struct changes ch;
	size_t i;

	if (changes_load(root, rev, cached, &ch))
		die("cannot tell what the change adds");
	for (i = 0; i < ch.nr; i++)
		collect(c, &ch.v[i]);
	changes_release(&ch);
	c->replacement = xcalloc(c->links.nr + 1, sizeof(*c->replacement));
	c->from_store = xcalloc(c->links.nr + 1, sizeof(*c->from_store));
}

static void release(struct diff_cmd *c)
{
	size_t i;

	for (i = 0; i < c->links.nr; i++)
		free(c->replacement[i]);
	for (i = 0; i < c->nocc; i++)
		free(c->occ[i].path);
	free(c->replacement);
	free(c->from_store);
	free(c->occ);
	link_set_release(&c->links);
}

int cmd_diff(int argc, char **argv)
{
	struct diff_cmd c;
	struct check_run_opts o;
	struct config cfg;
	struct store *st = NULL;
	const char *db = NULL, *format = "text";
	char *root, *found = NULL;
	int cached = 0, ret = 0, color = -1;
	struct option opts[] = {
		OPT_STRING(0, "db", &db),
		OPT_BOOL(0, "cached", &cached),
		OPT_BOOL(0, "staged", &cached),
		OPT_STRING(0, "format", &format),
		OPT_BOOL(0, "strict", &c.strict),
		OPT_LLONG(0, "ttl", &c.ttl_s, 0, 3650, OPT_DAYS_TO_S),
		OPT_NET(&o.req.net),
		OPT_BOOL('q', "quiet", &c.quiet),
		OPT_CALLBACK(0, "color", &color, color_arg),
		OPT_END(),
	};

	memset(&c, 0, sizeof(c));
	c.ttl_s = 7 * 86400;
	check_run_opts_init(&o);
	argc = parse_options(argc, argv, opts, cmd_diff_usage);
	if (argc > 1)
		usage_die(cmd_diff_usage);
	if (argc && cached)
		die("give REV or --cached, not both");
	c.json = cmd_format_json(format, "text");
	c.color = color_wanted(color, 1);
	root = toplevel();
	cmd_conf_load(root, &cfg);
	c.cfg = &cfg;
	if (net_options_finish(&o.req.net, opts, &cfg) ||
	    check_settings(&o, &cfg, 1))
		die("cannot use the settings of '%s'", cfg.path);
	collect_change(&c, root, argc ? argv[0] : NULL, cached);
	if (!db) {
		char *p = xstrfmt("%s/.linkmend/linkmend.db", root);

		if (!access(p, F_OK))
			db = found = p;
		else
			free(p);
	}
	if (db && c.links.nr) {
		st = store_open(db);
		if (!st)
			die("cannot use the store '%s'", db);
		load_store(&c, st, db);
	}
	if (c.links.nr && check_stale(&c, &o, st))
		ret = 2;
	if (report(&c) && !ret)
		ret = 1;
	if (cmd_interrupted)
		ret = 2;
	release(&c);
	config_release(&cfg);
	if (store_close(st))
		ret = 2;
	free(found);
	free(root);
	return ret;
}
