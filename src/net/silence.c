// SPDX-License-Identifier: GPL-2.0-or-later
#include <curl/curl.h>
#include <stdlib.h>

#include "../lib/xalloc.h"
#include "net.h"
#include "silence.h"

struct counts {
	int answered;		/* any response at all */
	int timeouts;		/* requests that timed out with none */
};

void net_silence_init(struct net_silence *s, int after)
{
	struct strmap empty = STRMAP_INIT;

	s->after = after > 0 ? after : 1;
	s->hosts = empty;
}

void net_silence_clear(struct net_silence *s)
{
	strmap_clear(&s->hosts, free);
}

static int silent(const struct net_silence *s, const struct counts *h)
{
	return h && !h->answered && h->timeouts >= s->after;
}

int net_silence_note(struct net_silence *s, const struct net_request *r)
{
	char *host;
	struct counts *h;
	void **slot;
	int was;

	if (r->skipped || r->deferred)
		return 0;
	host = net_host_of(r->url);
	if (!host)
		return 0;
	slot = strmap_put(&s->hosts, host);
	free(host);
	if (!*slot)
		*slot = xcalloc(1, sizeof(struct counts));
	h = *slot;
	was = silent(s, h);
	if (r->status || !r->curl_code)
		h->answered = 1;
	else if (r->curl_code == CURLE_OPERATION_TIMEDOUT)
		h->timeouts++;
	return !was && silent(s, h);
}

int net_silence_is(struct net_silence *s, const char *url)
{
	char *host = net_host_of(url);
	int ret;

	if (!host)
		return 0;
	ret = silent(s, strmap_get(&s->hosts, host));
	free(host);
	return ret;
}

int net_silence_skip(void *data, const char *host)
{
	struct net_silence *s = data;

	return silent(s, strmap_get(&s->hosts, host));
}
