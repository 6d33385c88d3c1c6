// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The request engine's turns: a request to a shared host goes only with
 * a turn; when none can be had (the store is down), it is not made at
 * all (deferred), never sent anyway.  A listener on loopback proves no
 * connection was even tried.
 */
#include <curl/curl.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#include "../../src/net/net.h"
#include "../../src/lib/xalloc.h"
#include "unit.h"

static int asked, done_calls;

static long no_turn(void *data, const char *host, long spacing_ms, int *ours)
{
	(void)data;
	(void)host;
	(void)spacing_ms;
	*ours = 0;
	asked++;
	return -1;	/* the store cannot tell */
}

static void turn_end(void *data, const char *host, int sent)
{
	(void)data;
	(void)host;
	(void)sent;
}

static void on_done(struct net_request *r, void *data)
{
	(void)r;
	(void)data;
	done_calls++;
}

int main(void)
{
	struct sockaddr_in sa = { .sin_family = AF_INET };
	socklen_t len = sizeof(sa);
	struct net_opts o;
	struct net_request r;
	struct net *n;
	int fd, c;
	char url[64];

	curl_global_init(CURL_GLOBAL_ALL);
	fd = socket(AF_INET, SOCK_STREAM, 0);
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof(sa)) ||
	    listen(fd, 4) || getsockname(fd, (struct sockaddr *)&sa, &len)) {
		CHECKS_NOT_RUN(4, "no loopback listener");
		return unit_done();
	}
	fcntl(fd, F_SETFL, O_NONBLOCK);
	snprintf(url, sizeof(url), "http://127.0.0.1:%d/x", ntohs(sa.sin_port));

	net_opts_init(&o);
	o.allow_private = 1;
	o.spacing_ms = 10;
	o.host_slot = no_turn;
	o.host_turn_end = turn_end;
	n = net_new(&o);
	memset(&r, 0, sizeof(r));
	r.url = url;
	r.done = on_done;
	CHECK(!net_submit(n, &r), "a request to a shared host is queued");
	net_run(n, NULL, NULL, NULL);
	CHECK(asked >= 1, "it asked for a turn");
	CHECK(done_calls == 1 && r.deferred,
	      "with no turn to be had (the store down), it ends deferred");
	c = accept(fd, NULL, NULL);
	CHECK(c < 0 && (errno == EAGAIN || errno == EWOULDBLOCK),
	      "and no connection was even tried");
	if (c >= 0)
		close(c);
	net_request_reset(&r);
	net_free(n);
	close(fd);
	curl_global_cleanup();
	return unit_done();
}
