// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The request engine's turns: a request to a shared host goes only with
 * a turn; when none can be had (the store is down), it is not made at
 * all (deferred), never sent anyway.  A listener on loopback proves no
 * connection was even tried.  A turn's wait counts from when the store
 * answered, so that a slow store cannot bring a request closer to
 * another worker's than the spacing.
 */
#include <curl/curl.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "../../src/net/net.h"
#include "../../src/net/silence.h"
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

/*
 * A store on a busy machine: it reads its clock 40 ms after it was asked
 * (the query's way there), and the host's last request, another
 * worker's, went out at other_last.  Our request's head goes out at
 * sent_at.
 */
#define SLOW_STORE_MS 100
static long other_last, sent_at = -1;

static long slow_turn(void *data, const char *host, long spacing_ms,
		      int *ours)
{
	struct timespec ts = { 0, SLOW_STORE_MS * 1000000L };
	long now;

	(void)data;
	(void)host;
	nanosleep(&ts, NULL);
	now = net_now_ms();
	*ours = 1;
	return other_last + spacing_ms > now ?
	       other_last + spacing_ms - now : 0;
}

static void slow_turn_end(void *data, const char *host, int sent)
{
	(void)data;
	(void)host;
	if (sent && sent_at < 0)
		sent_at = net_now_ms();
}

static void on_done(struct net_request *r, void *data)
{
	(void)r;
	(void)data;
	done_calls++;
}

/* A finished request to url: curl_code and status as net leaves them. */
static void finished(struct net_request *r, char *url, int curl_code,
		     long status)
{
	memset(r, 0, sizeof(*r));
	r->url = url;
	r->curl_code = curl_code;
	r->status = status;
}

/*
 * Silent hosts, as check (after 1) and resolve (after 2) count them: only
 * timeouts with no answer count; any answer, even an error status, makes
 * a host not silent for the run; requests not made say nothing.
 */
static void test_silence(void)
{
	struct net_silence s;
	struct net_request r;
	char quiet[] = "http://Quiet.example/a";
	char other[] = "http://quiet.example/b";
	char talks[] = "http://talks.example/x";

	net_silence_init(&s, 2);
	finished(&r, quiet, CURLE_OPERATION_TIMEDOUT, 0);
	CHECK(!net_silence_note(&s, &r) && !net_silence_is(&s, other),
	      "one timeout of two is no silence");
	finished(&r, quiet, 0, 0);
	r.skipped = 1;
	CHECK(!net_silence_note(&s, &r) && !net_silence_is(&s, other),
	      "a request not made is neither an answer nor a timeout");
	finished(&r, other, CURLE_OPERATION_TIMEDOUT, 0);
	CHECK(net_silence_note(&s, &r), "the second timeout makes it silent, "
	      "said once");
	CHECK(net_silence_is(&s, quiet) && net_silence_skip(&s, "quiet.example"),
	      "the host is silent whatever its URL or the case of its name");
	CHECK(!net_silence_note(&s, &r), "and not said again");

	finished(&r, talks, 0, 503);
	net_silence_note(&s, &r);
	finished(&r, talks, CURLE_OPERATION_TIMEDOUT, 0);
	net_silence_note(&s, &r);
	net_silence_note(&s, &r);
	CHECK(!net_silence_is(&s, talks),
	      "a host that answered once (503) is never silent this run");
	net_silence_clear(&s);
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

	/* Another worker's request just went out; ours waits its turn. */
	o.spacing_ms = 500;
	o.timeout_ms = 300;
	o.host_slot = slow_turn;
	o.host_turn_end = slow_turn_end;
	n = net_new(&o);
	memset(&r, 0, sizeof(r));
	r.url = url;
	r.done = on_done;
	CHECK(!net_submit(n, &r), "a request to a shared host is queued");
	other_last = net_now_ms();
	net_run(n, NULL, NULL, NULL);
	CHECK(sent_at >= 0, "it went out in its turn");
	printf("# %ld ms after the other worker's (spacing 500, the store "
	       "answers in %d ms)\n", sent_at - other_last, SLOW_STORE_MS);
	CHECK(sent_at - other_last >= 500,
	      "a slow store brings it no closer to the other worker's request "
	      "than the spacing");
	net_request_reset(&r);
	net_free(n);
	close(fd);
	curl_global_cleanup();
	test_silence();
	return unit_done();
}
