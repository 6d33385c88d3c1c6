/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Silent hosts: a host that accepts connections and never answers costs
 * each of its requests the whole timeout.  A net_silence is told of each
 * finished request (net_silence_note()) and calls a host silent once it
 * has answered none of this run's requests and let `after` of them time
 * out; net_silence_skip() serves as net's host_skip, so that such a host
 * is asked no more this run.  check and resolve keep one each.
 *
 * Hosts are keyed as net queues them (net_host_of()).
 */
#ifndef NET_SILENCE_H
#define NET_SILENCE_H

#include "../lib/strmap.h"

struct net_request;

struct net_silence {
	int after;		/* timeouts with no answer that make silence */
	struct strmap hosts;	/* net_host_of() -> its counts */
};

void net_silence_init(struct net_silence *s, int after);
void net_silence_clear(struct net_silence *s);

/*
 * Notes what r, finished, says of its host: any response is an answer;
 * a timeout with none counts.  Requests not made (skipped, deferred)
 * say nothing.  Returns 1 when this request made its host silent (for
 * the caller to say so once), else 0.
 */
int net_silence_note(struct net_silence *s, const struct net_request *r);

/* Whether the host of url is silent. */
int net_silence_is(struct net_silence *s, const char *url);

/* net's host_skip, with the net_silence as its data. */
int net_silence_skip(void *data, const char *host);

#endif
