// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * linkmend diff: the links a change adds or changes, checked before the
 * change is merged, as checkpatch.pl checks its style.  Only the added
 * lines are scanned; a URL with a fresh result in the store is not asked
 * again, and a change that adds no link makes no request at all.
 */
#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "builtin.h"
#include "check/check.h"
#include "lib/color.h"
#include "lib/config.h"
#include "lib/run.h"
#include "lib/strbuf.h"
#include "lib/strmap.h"
#include "lib/usage.h"
#include "lib/xalloc.h"
#include "scan/changes.h"
#include "scan/scan.h"
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
	"    -j, --jobs N, --per-host N, --timeout S, --cacert FILE,\n"
	"    --allow-private  as for check\n"
	"    --color=WHEN     auto (on a terminal, unless NO_COLOR is set),\n"
	"                     always or never\n"
	"    -q, --quiet      no summary line\n"
	"\n"
	"Settings from .linkmend.conf: [scan] skip, [check] ignore,\n"
	"user-agent, per-host, timeout, [host \"NAME\"] accept.\n"
	"\n"
	"Exit status: 0 no dead link added; 1 dead links added; 2 on error.\n"
	"docs/pre-commit.sample and docs/pre-push.sample are hooks for git.\n";

struct d_link {
	char *url, *host;
	long long id;		/* in the store, or -1 */
	int have;		/* a result, fresh or new */
	int from_store;
	enum verdict verdict;
	long status;
	char *final_url, *detail, *replacement;
	long long last_at;
};

struct d_occ {
	char *path;
	unsigned line;
	size_t link;
};

struct diff_cmd {
	struct config cfg;
	struct store *st;
	struct d_link *links;
	size_t nlinks, alinks;
	struct strmap by_url;	/* url -> link index + 1 */
	struct strmap by_id;	/* store id -> link index + 1 */
	struct d_occ *occ;
	size_t nocc, aocc;
	long long now, ttl_s;
	int strict, json, quiet, color;
	size_t checked_now;
	size_t *map;		/* check_urls' input index -> link */
};

static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
	(void)sig;
	interrupted = 1;
}

static size_t link_for(struct diff_cmd *c, const struct occurrence *o)
{
	void **slot = strmap_put(&c->by_url, o->key);
	struct d_link *l;

	if (*slot)
		return (size_t)*slot - 1;
	ALLOC_GROW(c->links, c->nlinks + 1, c->alinks);
	l = &c->links[c->nlinks++];
	memset(l, 0, sizeof(*l));
	l->url = xstrdup(o->key);
	l->host = xstrdup(o->host);
	l->id = -1;
	*slot = (void *)c->nlinks;
	return c->nlinks - 1;
}

static int worth_checking(const struct diff_cmd *c, const struct occurrence *o)
{
	return context_is_checked(o->ctx) && *o->host &&
	       !(o->flags & (OCC_PLACEHOLDER | OCC_EXAMPLE | OCC_INVALID |
			     OCC_TRUNCATED)) &&
	       !cmd_conf_ignore_url(&c->cfg, o->key);
}

static void collect(struct diff_cmd *c, const struct change_file *f)
{
	struct occ_list occ = { NULL, 0, 0 };
	struct scan_opts so = { 0 };
	size_t i;

	if (!f->nr || cmd_conf_skip_path(&c->cfg, f->path) ||
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
		d->link = link_for(c, o);
	}
	occ_list_release(&occ);
}

/* The status of a move is its first hop's ("301 URL; ..."), not the page's. */
static void set_result(struct d_link *l, enum verdict v, long status,
		       const char *final_url, const char *detail,
		       const char *chain)
{
	free(l->final_url);
	free(l->detail);
	l->have = 1;
	l->verdict = v;
	l->status = v == V_MOVED && chain && *chain ?
		    strtol(chain, NULL, 10) : status;
	l->final_url = final_url ? xstrdup(final_url) : NULL;
	l->detail = xstrdup(detail ? detail : "");
}

static int load_check(const struct store_check *sc, void *data)
{
	struct diff_cmd *c = data;
	char key[32];
	size_t k;
	struct d_link *l;

	snprintf(key, sizeof(key), "%lld", sc->url_id);
	k = (size_t)strmap_get(&c->by_id, key);
	if (!k)
		return 0;
	l = &c->links[k - 1];
	if (sc->at < l->last_at || c->now - sc->at >= c->ttl_s)
		return 0;
	l->last_at = sc->at;
	l->from_store = 1;
	set_result(l, verdict_from_name(sc->verdict), sc->status,
		   sc->final_url, sc->detail, sc->chain);
	return 0;
}

static int load_resolution(const struct store_edit *e, void *data)
{
	struct diff_cmd *c = data;
	size_t k = (size_t)strmap_get(&c->by_url, e->url);
	struct d_link *l;

	if (!k || !e->replacement || !strcmp(e->kind, "unresolved"))
		return 0;
	l = &c->links[k - 1];
	if (!l->replacement)
		l->replacement = xstrdup(e->replacement);
	return 0;
}

static void on_result(const struct check_result *r, void *data)
{
	struct diff_cmd *c = data;
	struct d_link *l = &c->links[c->map[r->index]];
	struct store_check sc;
	char *detail;

	cmd_conf_check_result(&c->cfg, r, l->id, c->now, &sc, &detail);
	set_result(l, verdict_from_name(sc.verdict), sc.status, sc.final_url,
		   sc.detail, sc.chain);
	c->checked_now++;
	if (c->st && l->id >= 0 && store_put_check(c->st, &sc))
		die("cannot record the check of '%s'", l->url);
	free(detail);
}

static int check_now(struct diff_cmd *c, const struct check_opts *o)
{
	const char **urls = xcalloc(c->nlinks, sizeof(*urls));
	size_t *map = xcalloc(c->nlinks, sizeof(*map));
	size_t i, n = 0;
	struct sigaction sa;
	int ret = 0;

	for (i = 0; i < c->nlinks; i++)
		if (!c->links[i].have) {
			urls[n] = c->links[i].url;
			map[n++] = i;
		}
	if (n) {
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_sigint;
		sigaction(SIGINT, &sa, NULL);
		sigaction(SIGTERM, &sa, NULL);
		if (c->st && store_begin(c->st))
			die("cannot write the store");
		c->map = map;
		ret = check_urls(urls, n, o, &interrupted, on_result, NULL, c);
		c->map = NULL;
		if (c->st && store_commit(c->st))
			die("cannot record the checks");
	}
	free(urls);
	free(map);
	return ret;
}

enum d_state { D_ALIVE, D_MOVED, D_FAILING, D_DEAD };

static enum d_state state_of(const struct diff_cmd *c, const struct d_link *l)
{
	switch (l->verdict) {
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

static void print_text(struct strbuf *sb, const struct d_occ *d,
		       const struct d_link *l, enum d_state s, int color)
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
		if (l->final_url)
			strbuf_add_escaped(sb, l->final_url, strlen(l->final_url));
		strbuf_addf(sb, " (%ld)", l->status);
	} else {
		strbuf_addf(sb, " (%s: ", verdict_name(l->verdict));
		strbuf_add_escaped(sb, l->detail, strlen(l->detail));
		strbuf_addch(sb, ')');
		if (l->replacement) {
			strbuf_addstr(sb, "; suggested: ");
			strbuf_add_escaped(sb, l->replacement,
					   strlen(l->replacement));
		}
	}
	strbuf_addch(sb, '\n');
}

static int report(struct diff_cmd *c, size_t *ndead)
{
	struct strbuf sb = STRBUF_INIT;
	json_t *a = json_array();
	size_t i, n[4] = { 0 };

	for (i = 0; i < c->nocc; i++) {
		const struct d_occ *d = &c->occ[i];
		const struct d_link *l = &c->links[d->link];
		enum d_state s;

		if (!l->have)
			continue;	/* interrupted */
		s = state_of(c, l);
		n[s]++;
		if (c->json) {
			json_array_append_new(a, json_pack(
				"{s:s, s:i, s:s, s:s, s:s, s:o, s:s, s:o, s:b}",
				"path", d->path, "line", (int)d->line,
				"url", l->url, "state", state_names[s],
				"verdict", verdict_name(l->verdict),
				"final_url", l->final_url ?
				json_string(l->final_url) : json_null(),
				"detail", l->detail,
				"replacement", l->replacement ?
				json_string(l->replacement) : json_null(),
				"from_store", l->from_store));
		} else if (s != D_ALIVE) {
			print_text(&sb, d, l, s, c->color);
		}
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
		fprintf(stderr, "diff: %zu link%s added or changed (%zu URL%s): "
			"%zu dead, %zu failing, %zu moved, %zu alive; %zu "
			"checked now, %zu from the store%s\n", c->nocc,
			c->nocc == 1 ? "" : "s", c->nlinks,
			c->nlinks == 1 ? "" : "s", n[D_DEAD], n[D_FAILING],
			n[D_MOVED], n[D_ALIVE], c->checked_now,
			c->nlinks - c->checked_now,
			interrupted ? "; interrupted" : "");
	*ndead = n[D_DEAD];
	return 0;
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

enum { OPT_DB = 256, OPT_CACHED, OPT_FORMAT, OPT_STRICT, OPT_TTL,
       OPT_PER_HOST, OPT_TIMEOUT, OPT_CACERT, OPT_ALLOW_PRIVATE, OPT_COLOR };

static const struct option long_opts[] = {
	{ "db", required_argument, NULL, OPT_DB },
	{ "cached", no_argument, NULL, OPT_CACHED },
	{ "staged", no_argument, NULL, OPT_CACHED },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "strict", no_argument, NULL, OPT_STRICT },
	{ "ttl", required_argument, NULL, OPT_TTL },
	{ "jobs", required_argument, NULL, 'j' },
	{ "per-host", required_argument, NULL, OPT_PER_HOST },
	{ "timeout", required_argument, NULL, OPT_TIMEOUT },
	{ "cacert", required_argument, NULL, OPT_CACERT },
	{ "allow-private", no_argument, NULL, OPT_ALLOW_PRIVATE },
	{ "quiet", no_argument, NULL, 'q' },
	{ "color", required_argument, NULL, OPT_COLOR },
	{ NULL, 0, NULL, 0 },
};

int cmd_diff(int argc, char **argv)
{
	struct diff_cmd c;
	struct check_opts o;
	struct changes ch;
	const char *db = NULL, *rev = NULL, *fake;
	char *root, *found = NULL;
	size_t i, ndead = 0;
	int opt, cached = 0, ret = 0, color = -1;
	unsigned given = 0;

	memset(&c, 0, sizeof(c));
	c.ttl_s = 7 * 86400;
	check_opts_init(&o);
	optind = 1;
	while ((opt = getopt_long(argc, argv, "j:q", long_opts, NULL)) != -1) {
		switch (opt) {
		case OPT_DB:
			db = optarg;
			break;
		case OPT_CACHED:
			cached = 1;
			break;
		case OPT_FORMAT:
			if (!strcmp(optarg, "json"))
				c.json = 1;
			else if (strcmp(optarg, "text"))
				die("--format: '%s' is not text or json", optarg);
			break;
		case OPT_STRICT:
			c.strict = 1;
			break;
		case OPT_TTL:
			c.ttl_s = (long long)cmd_number(optarg, "--ttl", 0, 3650) * 86400;
			break;
		case 'j':
			o.net.max_total = (int)cmd_number(optarg, "--jobs", 1, 4096);
			given |= NET_GIVEN_JOBS;
			break;
		case OPT_PER_HOST:
			o.net.per_host = (int)cmd_number(optarg, "--per-host", 1, 64);
			given |= NET_GIVEN_PER_HOST;
			break;
		case OPT_TIMEOUT:
			o.net.timeout_ms = (long)(cmd_number(optarg, "--timeout", 1,
							     3600) * 1000);
			given |= NET_GIVEN_TIMEOUT;
			break;
		case OPT_CACERT:
			o.net.cacert = optarg;
			break;
		case OPT_ALLOW_PRIVATE:
			o.net.allow_private = 1;
			break;
		case 'q':
			c.quiet = 1;
			break;
		case OPT_COLOR:
			color = color_parse(optarg);
			if (color == -2)
				die("--color: '%s' is not auto, always or never",
				    optarg);
			break;
		default:
			usage_die(cmd_diff_usage);
		}
	}
	if (optind + 1 < argc)
		usage_die(cmd_diff_usage);
	if (optind < argc)
		rev = argv[optind];
	if (rev && cached)
		die("give REV or --cached, not both");
	c.color = color_wanted(color, 1);
	fake = getenv("LINKMEND_NOW");
	c.now = fake && *fake ? strtoll(fake, NULL, 10) : (long long)time(NULL);

	root = toplevel();
	cmd_conf_load(root, &c.cfg);
	cmd_conf_validate(&c.cfg);
	cmd_conf_net(&c.cfg, &o.net, given);

	if (changes_load(root, rev, cached, &ch))
		die("cannot tell what the change adds");
	for (i = 0; i < ch.nr; i++)
		collect(&c, &ch.v[i]);
	changes_release(&ch);

	if (!db) {
		char *p = xstrfmt("%s/.linkmend/linkmend.db", root);

		if (!access(p, F_OK))
			db = found = p;
		else
			free(p);
	}
	if (db && c.nlinks) {
		c.st = store_open(db);
		if (!c.st)
			die("cannot use the store '%s'", db);
		for (i = 0; i < c.nlinks; i++) {
			struct d_link *l = &c.links[i];
			char key[32];

			l->id = store_url_id(c.st, l->url, l->host);
			if (l->id < 0)
				die("cannot record '%s'", l->url);
			snprintf(key, sizeof(key), "%lld", l->id);
			*strmap_put(&c.by_id, key) = (void *)(i + 1);
		}
		if (store_each_check(c.st, load_check, &c) ||
		    store_each_resolution(c.st, load_resolution, &c))
			die("cannot read the store '%s'", db);
	}
	if (c.nlinks && check_now(&c, &o))
		ret = 2;
	report(&c, &ndead);
	if (!ret && ndead)
		ret = 1;
	if (interrupted)
		ret = 2;

	for (i = 0; i < c.nlinks; i++) {
		free(c.links[i].url);
		free(c.links[i].host);
		free(c.links[i].final_url);
		free(c.links[i].detail);
		free(c.links[i].replacement);
	}
	for (i = 0; i < c.nocc; i++)
		free(c.occ[i].path);
	free(c.links);
	free(c.occ);
	strmap_clear(&c.by_url, NULL);
	strmap_clear(&c.by_id, NULL);
	config_release(&c.cfg);
	if (store_close(c.st))
		ret = 2;
	free(found);
	free(root);
	return ret;
}
