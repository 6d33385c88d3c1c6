/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Is it the tree's links that fail, or the checker's own network?  When
 * the project's core hosts (infra_core_host(): lore.kernel.org, ...) are
 * unreachable, or more than a share of all hosts are, a run's failures
 * say nothing about the tree: resolve would replace live links with
 * archived copies.  check records the suspicion in the store; resolve
 * will not act on it; the next check that finds the network working
 * clears it.
 */
#ifndef CHECK_SANITY_H
#define CHECK_SANITY_H

#include "../lib/strbuf.h"
#include "link.h"

struct config;

/* Fewer hosts checked than this: the share rule does not apply. */
#define SANITY_MIN_HOSTS 20

/*
 * 1 when the checks made at time now (this run's) say the network is
 * broken, the reason in why: a core host unreachable (every link of it
 * failed before an HTTP answer: verdict_is_unreachable()),
 * or more than share_pct percent of the hosts checked (at least
 * SANITY_MIN_HOSTS) unreachable.  A host checked before and never
 * reached is not judged: its failing again says nothing of the network.
 * 0 when not; -1 when no host was judged.
 */
int sanity_network_suspect(const struct link_set *links, long long now,
			   const struct config *cfg, int share_pct,
			   struct strbuf *why);

#endif
