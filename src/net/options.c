// SPDX-License-Identifier: GPL-2.0-or-later
#include "../lib/config.h"
#include "options.h"

static int setting(const struct config *cfg, const struct option *opts,
		   const char *key, long min, long max, long *v)
{
	if (!cfg || parse_options_seen(opts, key))
		return 0;
	return config_number(cfg, "check", key, min, max, v);
}

int net_options_finish(struct net_opts *o, const struct option *opts,
		       const struct config *cfg)
{
	long jobs = o->max_total, per_host = o->per_host;
	long timeout_s = o->timeout_ms / 1000;

	if (setting(cfg, opts, "jobs", 1, NET_MAX_JOBS, &jobs) ||
	    setting(cfg, opts, "per-host", 1, NET_MAX_PER_HOST, &per_host) ||
	    setting(cfg, opts, "spacing-ms", 0, NET_MAX_SPACING_MS,
		    &o->spacing_ms) ||
	    setting(cfg, opts, "timeout", 1, NET_MAX_TIMEOUT_S, &timeout_s))
		return -1;
	o->max_total = (int)jobs;
	o->per_host = (int)per_host;
	if (!parse_options_seen(opts, "timeout"))
		o->timeout_ms = timeout_s * 1000;
	if (o->connect_timeout_ms > o->timeout_ms)
		o->connect_timeout_ms = o->timeout_ms;
	if (cfg && !parse_options_seen(opts, "user-agent") &&
	    config_get(cfg, "check", "user-agent"))
		o->user_agent = config_get(cfg, "check", "user-agent");
	if (cfg && !parse_options_seen(opts, "proxy") &&
	    config_get(cfg, "check", "proxy"))
		o->proxy = config_get(cfg, "check", "proxy");
	return 0;
}
