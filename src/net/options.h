/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The network options every command that talks to the web takes (check,
 * diff, resolve, archive, run): OPT_NET() declares them over a struct
 * net_opts, with one parsing and one set of limits.  net_options_finish()
 * then fills what the command line did not give from the tree's
 * .linkmend.conf ([check] jobs, per-host, spacing-ms, timeout,
 * user-agent, proxy) and keeps the connect timeout within the whole one.
 */
#ifndef NET_OPTIONS_H
#define NET_OPTIONS_H

#include "../lib/parse-options.h"
#include "../lib/settings.h"
#include "net.h"

#define OPT_NET(o) \
	OPT_INT('j', "jobs", &(o)->max_total, 1, SETTING_MAX_JOBS, "N", \
		"requests at once"), \
	OPT_INT(0, "per-host", &(o)->per_host, 1, SETTING_MAX_PER_HOST, "N", \
		"requests at once to one host"), \
	OPT_LONG(0, "spacing-ms", &(o)->spacing_ms, 0, \
		 SETTING_MAX_SPACING_MS, 1, "MS", \
		 "least time between the starts of two requests to one host"), \
	OPT_LONG(0, "timeout", &(o)->timeout_ms, 0.1, SETTING_MAX_TIMEOUT_S, \
		 OPT_SECONDS_TO_MS, "S", "seconds a request may take"), \
	OPT_STRING(0, "cacert", &(o)->cacert, "FILE", \
		   "trust this CA (the test web's)"), \
	OPT_BOOL(0, "allow-private", &(o)->allow_private, \
		 "allow loopback, private and other special-purpose " \
		 "addresses (IANA's registries)"), \
	OPT_STRING(0, "proxy", &(o)->proxy, "URL", \
		   "send every request through this proxy (the http_proxy " \
		   "variables are ignored); a target whose name resolves " \
		   "to a special-purpose address is still refused"), \
	OPT_STRING(0, "user-agent", &(o)->user_agent, "UA", \
		   "sent with every request")

struct config;

/* -1 after error() on a bad setting in cfg (which may be NULL). */
int net_options_finish(struct net_opts *o, const struct option *opts,
		       const struct config *cfg);

#endif
