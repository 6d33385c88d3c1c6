// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What .linkmend.conf means to the commands.  The file is the tree's
 * (ROOT/.linkmend.conf); options given on the command line override it.
 *
 *   [scan]   skip = GLOB          paths not scanned (fnmatch; a directory
 *                                 pattern ending in '/' holds all below)
 *   [check]  ignore = GLOB        URLs never requested
 *            user-agent, jobs, per-host, timeout, spacing-ms, confirm
 *   [host "NAME"]  accept = 403, 429   statuses that mean alive there
 *            per-host = N         requests at once to that host
 *   [resolve] wayback = URL, memento = URL
 *   [report]  source-url = TEMPLATE
 */
#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "builtin.h"
#include "check/check.h"
#include "lib/config.h"
#include "lib/usage.h"
#include "lib/xalloc.h"
#include "net/net.h"
#include "store/store.h"
#include "url/url.h"

void cmd_conf_load(const char *root, struct config *cfg)
{
	if (config_load_tree(root, cfg))
		die("cannot use %s/.linkmend.conf", root && *root ? root : ".");
}

static int glob_match(const char *pattern, const char *s, int pathname)
{
	size_t n = strlen(pattern);

	if (pathname && n && pattern[n - 1] == '/')
		return !strncmp(s, pattern, n) ||
		       !fnmatch(pattern, s, FNM_LEADING_DIR);
	return !fnmatch(pattern, s, pathname ? FNM_PATHNAME | FNM_LEADING_DIR : 0);
}

int cmd_conf_skip_path(const struct config *cfg, const char *path)
{
	const struct config_entry *e;
	size_t i = 0;

	while ((e = config_next(cfg, "scan", "skip", &i)))
		if (glob_match(e->value, path, 1))
			return 1;
	return 0;
}

int cmd_conf_ignore_url(const struct config *cfg, const char *url)
{
	const struct config_entry *e;
	size_t i = 0;

	while ((e = config_next(cfg, "check", "ignore", &i)))
		if (glob_match(e->value, url, 0))
			return 1;
	return 0;
}

int cmd_conf_accepts(const struct config *cfg, const char *host, long status)
{
	const char *v = config_get_sub(cfg, "host", host, "accept");
	char *end;

	while (v && *v) {
		long s = strtol(v, &end, 10);

		if (end == v)
			break;
		if (s == status)
			return 1;
		v = end + strspn(end, ", ");
	}
	return 0;
}

long cmd_conf_number(const struct config *cfg, const char *section,
		     const char *key, long min, long max, long dflt)
{
	const char *v = config_get(cfg, section, key);
	char *end;
	long n;

	if (!v)
		return dflt;
	errno = 0;
	n = strtol(v, &end, 10);
	if (errno || *end || end == v || n < min || n > max)
		die("%s: [%s] %s: '%s' is not a number from %ld to %ld",
		    cfg->path, section, key, v, min, max);
	return n;
}

void cmd_conf_net(const struct config *cfg, struct net_opts *o,
		  unsigned given)
{
	if (!(given & NET_GIVEN_JOBS))
		o->max_total = (int)cmd_conf_number(cfg, "check", "jobs", 1,
						    4096, o->max_total);
	if (!(given & NET_GIVEN_PER_HOST))
		o->per_host = (int)cmd_conf_number(cfg, "check", "per-host", 1,
						   64, o->per_host);
	if (!(given & NET_GIVEN_SPACING))
		o->spacing_ms = cmd_conf_number(cfg, "check", "spacing-ms", 0,
						600000, o->spacing_ms);
	if (!(given & NET_GIVEN_TIMEOUT))
		o->timeout_ms = cmd_conf_number(cfg, "check", "timeout", 1, 3600,
						o->timeout_ms / 1000) * 1000;
	if (o->connect_timeout_ms > o->timeout_ms)
		o->connect_timeout_ms = o->timeout_ms;
	if (!(given & NET_GIVEN_USER_AGENT) &&
	    config_get(cfg, "check", "user-agent"))
		o->user_agent = config_get(cfg, "check", "user-agent");
}

void cmd_conf_check_result(const struct config *cfg,
			   const struct check_result *r, long long url_id,
			   long long at, struct store_check *sc, char **detail)
{
	enum verdict v = r->verdict;
	struct url_info info;

	*detail = NULL;
	if (verdict_is_failure(v) && r->status && !url_parse(r->url, &info)) {
		if (cmd_conf_accepts(cfg, info.host, r->status)) {
			v = V_ALIVE;
			*detail = xstrfmt("%s, accepted on this host by "
					  ".linkmend.conf", r->detail);
		}
		url_info_release(&info);
	}
	memset(sc, 0, sizeof(*sc));
	sc->url_id = url_id;
	sc->at = at;
	sc->verdict = verdict_name(v);
	sc->status = r->status;
	sc->curl_code = r->curl_code;
	sc->final_url = r->final_url;
	sc->chain = r->chain;
	sc->detail = *detail ? *detail : r->detail;
	sc->digest = r->digest;
	sc->ms = r->elapsed_ms;
}

double cmd_number(const char *s, const char *opt, double min, double max)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || *end || end == s || v < min || v > max)
		die("%s: '%s' is not a number from %g to %g", opt, s, min, max);
	return v;
}

/* Every key the file may hold: a typo is an error, not a silent default. */
static const char *const known[][2] = {
	{ "scan", "skip" }, { "check", "ignore" }, { "check", "user-agent" },
	{ "check", "jobs" }, { "check", "per-host" }, { "check", "timeout" },
	{ "check", "spacing-ms" }, { "check", "confirm" },
	{ "host", "accept" }, { "host", "per-host" },
	{ "resolve", "wayback" }, { "resolve", "memento" },
	{ "report", "source-url" },
};

void cmd_conf_validate(const struct config *cfg)
{
	size_t i, k;

	for (i = 0; i < cfg->nr; i++) {
		const struct config_entry *e = &cfg->v[i];

		for (k = 0; k < sizeof(known) / sizeof(known[0]); k++)
			if (!strcmp(known[k][0], e->section) &&
			    !strcmp(known[k][1], e->key))
				break;
		if (k == sizeof(known) / sizeof(known[0]))
			die("%s:%u: unknown setting [%s] %s", cfg->path,
			    e->line, e->section, e->key);
		if (!strcmp(e->section, "host") != !!e->sub)
			die("%s:%u: [%s] %s", cfg->path, e->line, e->section,
			    e->sub ? "takes no subsection" :
			    "needs a host: [host \"NAME\"]");
	}
}
