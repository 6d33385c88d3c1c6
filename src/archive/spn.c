// SPDX-License-Identifier: GPL-2.0-or-later
#include <curl/curl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "spn.h"

/* A job still pending after this many polls is asked again next run. */
#define SPN_MAX_POLLS 60

enum { SPN_CDX, SPN_SAVE, SPN_STATUS };

struct spn_job {
	struct net_request nr;
	struct spn_run *run;
	char *url;		/* the link */
	char *req_url;		/* what nr asks */
	char *job_id;
	char *post;		/* the form, until libcurl copies it at start */
	int stage, polls;
};

struct spn_run {
	struct store *st;
	struct net *net;
	const char *base;
	const char *headers[3];
	long poll_ms;
	int max_polls;
	struct spn_stats *stats;
	int fatal;
};

static void spn_finish(struct spn_job *j, const char *what, const char *detail)
{
	struct spn_run *s = j->run;
	char *key = xstrfmt("spn:%s", j->url);
	json_t *o = json_pack("{s:s, s:s}", "result", what, "detail", detail);
	char *body = o ? json_dumps(o, JSON_COMPACT) : NULL;

	printf("%s\t%s\t%s\n", j->url, what, detail);
	if (strcmp(what, "error")) {
		/* A refusal is asked again next time; an outcome is kept. */
		if (body && store_put_lookup(s->st, key, (long long)time(NULL), body))
			s->fatal = 1;
	}
	if (!strcmp(what, "saved"))
		s->stats->saved++;
	else if (!strcmp(what, "already"))
		s->stats->already++;
	else
		s->stats->failed++;
	free(body);
	json_decref(o);
	free(key);
}

static void spn_submit(struct spn_job *j, int stage, char *req_url,
		       char *post, long delay_ms)
{
	free(j->req_url);
	free(j->post);
	j->req_url = req_url;
	j->post = post;
	j->stage = stage;
	j->nr.url = req_url;
	j->nr.post = post;
	j->nr.headers = stage == SPN_CDX ? NULL : j->run->headers;
	j->nr.not_before_ms = net_now_ms() + delay_ms;
	if (net_submit(j->run->net, &j->nr))
		spn_finish(j, "error", "not a URL libcurl takes");
}

static char *escaped(const char *s)
{
	char *e = curl_easy_escape(NULL, s, 0), *r = xstrdup(e ? e : "");

	curl_free(e);
	return r;
}

static void spn_done(struct net_request *r, void *data)
{
	struct spn_job *j = (struct spn_job *)r;
	struct spn_run *s = data;
	json_error_t err;
	json_t *o = r->curl_code ? NULL : json_loads(r->body.buf ? r->body.buf : "",
						     0, &err);
	const char *status = json_string_value(json_object_get(o, "status"));
	char *enc, *post;

	if (r->curl_code) {
		char *why = net_request_error(r, 0);

		spn_finish(j, "error", why);
		free(why);
		goto out;
	}
	switch (j->stage) {
	case SPN_CDX:
		if (r->status != 200 || !json_is_array(o)) {
			spn_finish(j, "error", "the CDX reply is not JSON");
		} else if (json_array_size(o) > 1) {
			const char *ts = json_string_value(json_array_get(
				json_array_get(o, 1), 0));

			spn_finish(j, "already", ts ? ts : "a capture");
		} else {
			enc = escaped(j->url);
			post = xstrfmt("url=%s&capture_outlinks=0&skip_first_archive=1",
				       enc);
			free(enc);
			spn_submit(j, SPN_SAVE, xstrfmt("%s/save", s->base), post, 0);
			json_decref(o);
			return;
		}
		break;
	case SPN_SAVE:
	case SPN_STATUS:
		if (!json_is_object(o)) {
			char *d = xstrfmt("HTTP %ld, not a JSON reply", r->status);

			spn_finish(j, "error", d);
			free(d);
			break;
		}
		if (j->stage == SPN_SAVE && json_is_string(json_object_get(o, "job_id"))) {
			free(j->job_id);
			j->job_id = xstrdup(json_string_value(json_object_get(o, "job_id")));
		} else if (status && !strcmp(status, "success")) {
			const char *ts = json_string_value(json_object_get(o, "timestamp"));

			spn_finish(j, "saved", ts ? ts : "");
			break;
		} else if (!status || strcmp(status, "pending")) {
			const char *ext = json_string_value(json_object_get(o, "status_ext"));
			const char *msg = json_string_value(json_object_get(o, "message"));

			spn_finish(j, "error", ext ? ext : msg ? msg : "refused");
			break;
		}
		if (j->polls++ >= s->max_polls) {
			spn_finish(j, "error", "still pending: asked again next time");
			break;
		}
		spn_submit(j, SPN_STATUS, xstrfmt("%s/save/status/%s", s->base,
						  j->job_id), NULL, s->poll_ms);
		json_decref(o);
		return;
	}
out:
	json_decref(o);
}

int spn_request(const struct spn_opts *o, struct store *st,
		const char *const *urls, size_t nurls, struct spn_stats *stats)
{
	struct spn_run s;
	struct net_opts no = o->net;
	struct spn_job *jobs;
	char *auth;
	size_t i, n = 0;
	int ret = 0;

	memset(&s, 0, sizeof(s));
	memset(stats, 0, sizeof(*stats));
	s.st = st;
	s.stats = stats;
	s.base = o->base;
	s.poll_ms = o->poll_ms;
	s.max_polls = SPN_MAX_POLLS;
	auth = xstrfmt("Authorization: LOW %s:%s", o->access, o->secret);
	s.headers[0] = "Accept: application/json";
	s.headers[1] = auth;
	no.per_host = 1;
	no.spacing_ms = o->spacing_ms;
	s.net = net_new(&no);
	jobs = xcalloc(nurls ? nurls : 1, sizeof(*jobs));
	for (i = 0; i < nurls; i++) {
		struct spn_job *j = &jobs[n];
		char *key = xstrfmt("spn:%s", urls[i]), *enc, *cached;
		long long at;

		cached = store_get_lookup(st, key, &at);
		free(key);
		if (cached) {
			free(cached);
			continue;
		}
		n++;
		j->run = &s;
		j->url = (char *)urls[i];
		j->nr.done = spn_done;
		j->nr.data = &s;
		enc = escaped(j->url);
		spn_submit(j, SPN_CDX, xstrfmt("%s/cdx/search/cdx?url=%s&output=json"
					       "&limit=1&fl=timestamp", o->base, enc),
			   NULL, 0);
		free(enc);
	}
	if (store_begin(st))
		ret = -1;
	else if (n)
		net_run(s.net, o->stop, NULL, NULL);
	if (!ret && store_commit(st))
		ret = -1;
	for (i = 0; i < n; i++) {
		net_request_reset(&jobs[i].nr);
		free(jobs[i].req_url);
		free(jobs[i].post);
		free(jobs[i].job_id);
	}
	net_free(s.net);
	free(jobs);
	free(auth);
	return ret || s.fatal ? error("cannot record the requests to Save Page "
				      "Now") : 0;
}
