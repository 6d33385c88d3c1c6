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

/* The settings' options (settings-rows.h), then the network's own. */
#define OPT_NET(o) \
	OPT_SETTING(CHECK_JOBS, &(o)->max_total), \
	OPT_SETTING(CHECK_PER_HOST, &(o)->per_host), \
	OPT_SETTING(CHECK_SPACING_MS, &(o)->spacing_ms), \
	OPT_SETTING(CHECK_TIMEOUT, &(o)->timeout_ms), \
	OPT_STRING(0, "cacert", &(o)->cacert, "FILE", \
		   "trust this CA (the test web's)"), \
	OPT_BOOL(0, "allow-private", &(o)->allow_private, \
		 "allow loopback, private and other special-purpose " \
		 "addresses (IANA's registries)"), \
	OPT_SETTING(CHECK_PROXY, &(o)->proxy), \
	OPT_SETTING(CHECK_USER_AGENT, &(o)->user_agent)

struct config;

/* -1 after error() on a bad setting in cfg (which may be NULL). */
int net_options_finish(struct net_opts *o, const struct option *opts,
		       const struct config *cfg);

#endif
