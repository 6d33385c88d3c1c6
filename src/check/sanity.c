// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/strmap.h"
#include "../lib/xalloc.h"
#include "../project/infra.h"
#include "sanity.h"

struct host_count {
	const char *host;
	size_t checked, unreachable;
	const char *verdict;	/* one of its failures, for the message */
	int history;		/* checked before this run */
	int was_up;		/* and answered then */
};

int sanity_network_suspect(const struct link_set *links, long long now,
			   const struct config *cfg, int share_pct,
			   struct strbuf *why)
{
	struct strmap idx = STRMAP_INIT;
	struct host_count *h = NULL;
	size_t nh = 0, ah = 0, i, k, down = 0, core = 0, judged = 0;
	int ret;

	for (i = 0; i < links->nr; i++) {
		const struct link *l = &links->v[i];
		void **slot;
		struct host_count *c;

		if (!l->host)
			continue;
		slot = strmap_put(&idx, l->host);
		if (!*slot) {
			ALLOC_GROW(h, nh + 1, ah);
			memset(&h[nh], 0, sizeof(h[nh]));
			h[nh].host = l->host;
			*slot = (void *)(uintptr_t)++nh;
		}
		c = &h[(uintptr_t)*slot - 1];
		for (k = 0; k < l->nhist; k++)
			if (l->hist[k].at < now) {
				c->history = 1;
				c->was_up |= !verdict_is_unreachable(
						l->hist[k].verdict);
			}
		if (!l->have_last || l->last.at < now)
			continue;
		c->checked++;
		if (verdict_is_unreachable(link_verdict(l))) {
			c->unreachable++;
			c->verdict = verdict_name(l->last.verdict);
		}
	}
	for (i = 0; i < nh; i++) {
		/*
		 * A host never reached before says nothing of the network
		 * now: a later check asks again mostly what failed, and
		 * those hosts would make any network look broken.
		 */
		if (!h[i].checked || (h[i].history && !h[i].was_up))
			continue;
		judged++;
		if (h[i].unreachable < h[i].checked)
			continue;
		down++;
		if (!infra_core_host(h[i].host, cfg))
			continue;
		strbuf_addf(why, "%s%s (%s)", core++ ? ", " : "the project's "
			    "own hosts are unreachable: ", h[i].host,
			    h[i].verdict);
	}
	if (!core && judged >= SANITY_MIN_HOSTS &&
	    down * 100 > judged * (size_t)share_pct)
		strbuf_addf(why, "%zu of the %zu hosts checked are unreachable "
			    "(more than %d%%)", down, judged, share_pct);
	ret = judged ? why->len > 0 : -1;
	free(h);
	strmap_clear(&idx, NULL);
	return ret;
}
