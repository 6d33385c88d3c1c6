// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * linkmend archive: the project's own permanent copies of what its links
 * point to, as WARC 1.1 files any Wayback software can serve, with a CDXJ
 * index beside them.  Each capture is a request and a response record
 * (a revisit when the payload is one already kept); a record is counted
 * in the store only once its bytes are on disk, and a file a crash left
 * open is cut after its last counted record at the next run, so that
 * files hold only whole records and nothing is fetched twice.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <jansson.h>
#include <curl/curl.h>
#include <limits.h>
#include <openssl/evp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <ctype.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "archive/warc.h"
#include "builtin.h"
#include "lib/atomic.h"
#include "check/check.h"
#include "lib/config.h"
#include "lib/strbuf.h"
#include "lib/strmap.h"
#include "lib/usage.h"
#include "lib/xalloc.h"
#include "net/net.h"
#include "resolve/archive.h"
#include "store/store.h"

const char cmd_archive_usage[] =
	"linkmend archive -o DIR [--db PATH] [--only alive|all] "
	"[--max-size SIZE]\n"
	"                        [--warc-size SIZE] [-j N] [--per-host N] "
	"[--spacing-ms MS]\n"
	"                        [--timeout S] [--cacert FILE] "
	"[--allow-private] [-q]\n"
	"                        [--request-capture [--spn URL] "
	"[--spn-spacing MS] [--spn-poll MS]]";

const char cmd_archive_help[] =
	"Fetch every link that check found alive (or, with --only all, every\n"
	"checkable link) not yet in DIR, with check's politeness, and keep it\n"
	"in DIR as WARC 1.1: linkmend-TIME-NNNNN.warc.gz files, a warcinfo\n"
	"record each, a request and a response record per capture, each\n"
	"record its own gzip member, sha1 block and payload digests.  A\n"
	"payload already kept is written as a revisit record.  DIR/index.cdxj\n"
	"indexes every capture (SURT key, timestamp, JSON) for pywb and the\n"
	"like, and for 'linkmend resolve --archive DIR'.\n"
	"\n"
	"    -o DIR             the collection (created if needed)\n"
	"    --db PATH          the store\n"
	"    --only alive|all   which links (alive)\n"
	"    --max-size SIZE    of one body (50M); a longer one is kept cut,\n"
	"                       WARC-Truncated: length\n"
	"    --warc-size SIZE   a file is closed past this size (1G)\n"
	"    -j, --jobs N, --per-host N, --spacing-ms MS, --timeout S,\n"
	"    --cacert FILE, --allow-private   as for check\n"
	"    -q, --quiet        no summary line\n"
	"    --request-capture  also ask the Wayback Machine's Save Page Now to\n"
	"                       capture every live link it has no capture of;\n"
	"                       prints 'url  saved|already|error  detail';\n"
	"                       credentials from LINKMEND_SPN_ACCESS and\n"
	"                       LINKMEND_SPN_SECRET\n"
	"    --spn URL          the Wayback Machine ([resolve] wayback, else\n"
	"                       https://web.archive.org)\n"
	"    --spn-spacing MS   between two requests to it (15000)\n"
	"    --spn-poll MS      between two polls of a job (5000)\n"
	"\n"
	"SIZE takes K, M or G.  An interrupted run keeps what it wrote; the next\n"
	"one completes the set.  Settings from .linkmend.conf: [check] ignore,\n"
	"user-agent, jobs, per-host, timeout, spacing-ms.\n"
	"\n"
	"Exit status: 0 when every capture was made; 1 when some URLs could\n"
	"not be fetched (each named; asked again next time); 2 on error.\n";

#ifndef LINKMEND_VERSION
#define LINKMEND_VERSION "0.1"
#endif

struct kept {
	char *record_id, *url, *date;
};

struct cap {
	struct net_request nr;
	struct archive_cmd *c;
	long long url_id;
	char *url;
	int fd;			/* the body, as it came; -1 until some came */
	EVP_MD_CTX *payload;
	struct strbuf head;	/* the final response's status line and headers */
	long long at;
};

struct archive_cmd {
	struct store *st;
	const char *dir;	/* as given */
	char *real;		/* its real path: the store's key */
	struct warc_file *w;
	unsigned serial;
	long long warc_size;
	struct strmap archived;	/* url id -> 1 */
	struct strmap payloads;	/* payload digest -> struct kept */
	struct strmap ends;	/* file -> end of its last pair + 1 */
	struct config cfg;
	long long captures, revisits, bytes, failed;
	long last_sync_ms;
	size_t uncommitted;
	int fatal;
};

static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
	(void)sig;
	interrupted = 1;
}

static long long size_arg(const char *s, const char *opt)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || v < 0)
		goto bad;
	switch (*end) {
	case 'k': case 'K':
		v *= 1024, end++;
		break;
	case 'm': case 'M':
		v *= 1024 * 1024, end++;
		break;
	case 'g': case 'G':
		v *= 1024.0 * 1024 * 1024, end++;
		break;
	}
	if (*end || v > 64.0 * 1024 * 1024 * 1024)
		goto bad;
	return (long long)v;
bad:
	die("%s: '%s' is not a size (bytes, or with K, M, G)", opt, s);
}

static void free_kept(void *v)
{
	struct kept *k = v;

	free(k->record_id);
	free(k->url);
	free(k->date);
	free(k);
}

static void keep_payload(struct archive_cmd *c, const char *digest,
			 const char *record_id, const char *url,
			 const char *date)
{
	void **slot = strmap_put(&c->payloads, digest);
	struct kept *k;

	if (*slot)
		return;
	k = xcalloc(1, sizeof(*k));
	k->record_id = xstrdup(record_id);
	k->url = xstrdup(url);
	k->date = xstrdup(date);
	*slot = k;
}

static int load_capture(const struct store_capture *sc, void *data)
{
	struct archive_cmd *c = data;
	char key[32];
	void **slot;

	snprintf(key, sizeof(key), "%lld", sc->url_id);
	*strmap_put(&c->archived, key) = (void *)1;
	if (!strcmp(sc->type, "response"))
		keep_payload(c, sc->payload_digest, sc->record_id, sc->url,
			     sc->date);
	slot = strmap_put(&c->ends, sc->file);
	if ((long long)(size_t)*slot < sc->end + 1)
		*slot = (void *)(size_t)(sc->end + 1);
	return 0;
}

/* Files a crash left open: cut at their last counted pair, then closed. */
static void recover(struct archive_cmd *c)
{
	DIR *d = opendir(c->dir);
	struct dirent *e;

	if (!d)
		die_errno("cannot read '%s'", c->dir);
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name);
		unsigned serial;
		char *name;
		long long end;

		if (sscanf(e->d_name, "linkmend-%*14[0-9]-%5u.warc.gz", &serial) == 1 &&
		    serial >= c->serial)
			c->serial = serial + 1;
		if (n < 13 || strcmp(e->d_name + n - 13, ".warc.gz.open"))
			continue;
		name = xstrndup(e->d_name, n - 5);
		end = (long long)(size_t)strmap_get(&c->ends, name) - 1;
		if (warc_recover(c->dir, name, end > 0 ? end : 0))
			die("cannot recover '%s/%s'", c->dir, e->d_name);
		warning("%s/%s: left open by an interrupted run; %s", c->dir,
			e->d_name, end > 0 ? "cut after its last whole record" :
			"removed (it held no recorded capture)");
		free(name);
	}
	closedir(d);
}

static void new_file(struct archive_cmd *c)
{
	char ts[15], *name;

	ts14((long long)time(NULL), ts);
	name = xstrfmt("linkmend-%s-%05u.warc.gz", ts, c->serial++);
	c->w = warc_create(c->dir, name, "links of a source tree, kept by "
			   "linkmend archive");
	if (!c->w)
		die("cannot write the collection '%s'", c->dir);
	free(name);
}

/* What is written is on disk before the store counts it. */
static void sync_some(struct archive_cmd *c, int force)
{
	long now = net_now_ms();

	if (!c->uncommitted || (!force && c->uncommitted < 100 &&
				now - c->last_sync_ms < 1000))
		return;
	if ((c->w && warc_sync(c->w)) || store_commit(c->st) ||
	    store_begin(c->st))
		die("cannot record captures");
	c->uncommitted = 0;
	c->last_sync_ms = now;
}

static void on_header_line(struct net_request *r, const char *line, size_t len)
{
	struct cap *p = (struct cap *)r;

	/* Each response (a 100 Continue, then the real one) starts anew. */
	if (len > 5 && !strncmp(line, "HTTP/", 5))
		strbuf_reset(&p->head);
	strbuf_add(&p->head, line, len);
}

static int on_body(struct net_request *r, const char *data, size_t len)
{
	struct cap *p = (struct cap *)r;

	if (p->fd < 0) {
		char *tmp = xstrfmt("%s/.linkmend-capture-XXXXXX", p->c->dir);

		p->fd = mkostemp(tmp, O_CLOEXEC);
		if (p->fd >= 0)
			unlink(tmp);	/* gone with the process, whatever happens */
		else
			error_errno("cannot create '%s'", tmp);
		free(tmp);
		if (p->fd < 0)
			return -1;
	}
	if (write_in_full(p->fd, data, len))
		return error_errno("cannot keep the body of '%s'", p->url);
	EVP_DigestUpdate(p->payload, data, len);
	return 0;
}

/*
 * The response head as the record keeps it: libcurl removed the chunked
 * framing from the body, so the header that announced it is renamed, and
 * the block is a message any reader can take as it stands.
 */
static void record_head(const struct strbuf *in, struct strbuf *out,
			char *mime, size_t mime_size)
{
	const char *p = in->buf, *end = in->buf + in->len;

	snprintf(mime, mime_size, "unk");
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		size_t len = eol ? (size_t)(eol - p + 1) : (size_t)(end - p);

		if (len > 18 && !strncasecmp(p, "Transfer-Encoding:", 18)) {
			strbuf_addstr(out, "X-Linkmend-Orig-");
		} else if (len > 13 && !strncasecmp(p, "Content-Type:", 13)) {
			const char *v = p + 13;
			size_t k = 0;

			while (*v == ' ' || *v == '\t')
				v++;
			while (k + 1 < mime_size && v < p + len &&
			       !strchr("; \t\r\n", *v))
				mime[k++] = (char)tolower((unsigned char)*v++);
			mime[k ? k : 0] = '\0';
			if (!k)
				snprintf(mime, mime_size, "unk");
		}
		strbuf_add(out, p, len);
		p += len;
	}
}

/* The sha1 of a head and a body read back from fd. */
static int block_digest(const struct strbuf *head, int fd, off_t blen,
			unsigned char out[20])
{
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();
	char buf[65536];
	off_t left = blen;
	unsigned n = 0;
	int ret = -1;

	if (!ctx)
		return error("cannot digest a capture");
	EVP_DigestInit_ex(ctx, EVP_sha1(), NULL);
	EVP_DigestUpdate(ctx, head->buf ? head->buf : "", head->len);
	if (fd >= 0 && lseek(fd, 0, SEEK_SET)) {
		error_errno("cannot read a capture back");
		goto out;
	}
	while (left > 0) {
		ssize_t r = read(fd, buf, left < (off_t)sizeof(buf) ?
				 (size_t)left : sizeof(buf));

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			error_errno("cannot read a capture back");
			goto out;
		}
		EVP_DigestUpdate(ctx, buf, (size_t)r);
		left -= r;
	}
	EVP_DigestFinal_ex(ctx, out, &n);
	ret = 0;
out:
	EVP_MD_CTX_free(ctx);
	return ret;
}

static int write_capture(struct archive_cmd *c, struct cap *p)
{
	struct net_request *r = &p->nr;
	struct strbuf head = STRBUF_INIT, f = STRBUF_INIT;
	char req_id[48], resp_id[48], date[21], ts[15], mime[128];
	char payload[38], block[38], req_block[38];
	unsigned char d[20];
	unsigned n = 0;
	off_t blen = (off_t)r->body_len, off, len, resp_off, resp_len;
	struct kept *same;
	struct store_capture sc;
	int ret = -1;

	if (c->w && warc_size(c->w) >= c->warc_size) {
		sync_some(c, 1);
		if (warc_close(c->w))
			die("cannot close '%s'", warc_name(c->w));
		c->w = NULL;
	}
	if (!c->w)
		new_file(c);
	warc_date(p->at, date);
	ts14(p->at, ts);
	warc_record_id(req_id);
	warc_record_id(resp_id);
	EVP_DigestFinal_ex(p->payload, d, &n);
	warc_sha1_label(d, payload);
	record_head(&p->head, &head, mime, sizeof(mime));
	same = strmap_get(&c->payloads, payload);
	if (same)
		blen = 0;	/* a revisit keeps the head alone */
	if (block_digest(&head, p->fd, blen, d))
		goto out;
	warc_sha1_label(d, block);

	/* The request, then the response (or revisit) it got. */
	EVP_Digest(r->request_head.buf ? r->request_head.buf : "",
		   r->request_head.len, d, &n, EVP_sha1(), NULL);
	warc_sha1_label(d, req_block);
	strbuf_addf(&f, "WARC-Record-ID: %s\r\nWARC-Date: %s\r\n"
		    "WARC-Target-URI: %s\r\nWARC-Concurrent-To: %s\r\n"
		    "WARC-Warcinfo-ID: %s\r\n"
		    "Content-Type: application/http;msgtype=request\r\n"
		    "WARC-Block-Digest: %s\r\n", req_id, date, p->url, resp_id,
		    warc_info_id(c->w), req_block);
	if (warc_record(c->w, "request", f.buf, r->request_head.buf ?
			r->request_head.buf : "", r->request_head.len, -1, 0,
			&off, &len))
		goto out;
	strbuf_reset(&f);
	strbuf_addf(&f, "WARC-Record-ID: %s\r\nWARC-Date: %s\r\n"
		    "WARC-Target-URI: %s\r\n", resp_id, date, p->url);
	if (r->primary_ip)
		strbuf_addf(&f, "WARC-IP-Address: %s\r\n", r->primary_ip);
	strbuf_addf(&f, "WARC-Warcinfo-ID: %s\r\n"
		    "Content-Type: application/http;msgtype=response\r\n"
		    "WARC-Block-Digest: %s\r\nWARC-Payload-Digest: %s\r\n",
		    warc_info_id(c->w), block, payload);
	if (same)
		strbuf_addf(&f, "WARC-Profile: http://netpreserve.org/warc/1.1/"
			    "revisit/identical-payload-digest\r\n"
			    "WARC-Refers-To: %s\r\nWARC-Refers-To-Target-URI: %s\r\n"
			    "WARC-Refers-To-Date: %s\r\n", same->record_id,
			    same->url, same->date);
	else if (r->body_capped)
		strbuf_addstr(&f, "WARC-Truncated: length\r\n");
	if (warc_record(c->w, same ? "revisit" : "response", f.buf, head.buf ?
			head.buf : "", head.len, same ? -1 : p->fd, blen,
			&resp_off, &resp_len))
		goto out;
	memset(&sc, 0, sizeof(sc));
	sc.dir = c->real;
	sc.file = warc_name(c->w);
	sc.offset = resp_off;
	sc.length = resp_len;
	sc.end = warc_size(c->w);
	sc.url_id = p->url_id;
	sc.url = p->url;
	sc.type = same ? "revisit" : "response";
	sc.record_id = resp_id;
	sc.date = date;
	sc.ts = ts;
	sc.status = r->status;
	sc.mime = mime;
	sc.payload_digest = payload;
	if (store_put_capture(c->st, &sc))
		die("cannot record the capture of '%s'", p->url);
	if (!same)
		keep_payload(c, payload, resp_id, p->url, date);
	c->captures++;
	c->revisits += same != NULL;
	c->bytes += (long long)len + resp_len;
	c->uncommitted++;
	ret = 0;
out:
	strbuf_release(&head);
	strbuf_release(&f);
	return ret;
}

static void on_done(struct net_request *r, void *data)
{
	struct cap *p = (struct cap *)r;
	struct archive_cmd *c = data;

	if (r->curl_code || !r->status) {
		c->failed++;
		error("'%s': not archived: %s", p->url, *r->errbuf ? r->errbuf :
		      "no HTTP response");
	} else if (write_capture(c, p)) {
		c->fatal = 1;
		interrupted = 1;	/* the collection cannot be written */
	}
	if (p->fd >= 0)
		close(p->fd);
	p->fd = -1;
	EVP_MD_CTX_free(p->payload);
	p->payload = NULL;
	strbuf_release(&p->head);
	net_request_reset(r);
	sync_some(c, 0);
}

struct target_list {
	struct archive_cmd *c;
	struct cap *v;
	size_t nr, alloc;
	struct strmap latest;	/* url id -> 1 + alive */
	int all;
};

static int load_latest(const struct store_check *sc, void *data)
{
	struct target_list *t = data;
	char key[32];

	snprintf(key, sizeof(key), "%lld", sc->url_id);
	*strmap_put(&t->latest, key) =
		(void *)(size_t)(1 + !strcmp(sc->verdict, "alive"));
	return 0;
}

static int add_target(const struct store_url *u, void *data)
{
	struct target_list *t = data;
	char key[32];
	size_t v;
	struct cap *p;

	snprintf(key, sizeof(key), "%lld", u->id);
	v = (size_t)strmap_get(&t->latest, key);
	if ((!t->all && v != 2) || strmap_get(&t->c->archived, key) ||
	    cmd_conf_ignore_url(&t->c->cfg, u->url))
		return 0;
	ALLOC_GROW(t->v, t->nr + 1, t->alloc);
	p = &t->v[t->nr++];
	memset(p, 0, sizeof(*p));
	p->url_id = u->id;
	p->url = xstrdup(u->url);
	p->fd = -1;
	return 0;
}

static int index_capture(const struct store_capture *sc, void *data)
{
	const char *digest = sc->payload_digest;

	if (!strncmp(digest, "sha1:", 5))
		digest += 5;	/* CDXJ gives the base32 alone */
	cdxj_add(data, sc->url, sc->ts, strcmp(sc->type, "revisit") ?
		 sc->mime : "warc/revisit", sc->status, digest, sc->length,
		 sc->offset, sc->file);
	return 0;
}

/*
 * --request-capture: Save Page Now 2 for live links the Wayback Machine
 * has no capture of, so that the public copy exists before they die.
 * One request at a time to the archive, --spn-spacing apart; each job is
 * polled until it succeeds or fails.  Outcomes are kept in the store's
 * look-up cache ("spn:URL") and not asked for again.
 */
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
	struct archive_cmd *c;
	struct net *net;
	const char *base;
	const char *headers[3];
	long poll_ms;
	int max_polls;
	long long saved, already, failed;
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
		if (body && store_put_lookup(s->c->st, key, (long long)time(NULL), body))
			s->c->fatal = 1;
	}
	if (!strcmp(what, "saved"))
		s->saved++;
	else if (!strcmp(what, "already"))
		s->already++;
	else
		s->failed++;
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
		spn_finish(j, "error", *r->errbuf ? r->errbuf : "no reply");
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

static int request_captures(struct archive_cmd *c, const struct net_opts *base,
			    struct target_list *t, const char *spn,
			    long spacing_ms, long poll_ms)
{
	const char *access = getenv("LINKMEND_SPN_ACCESS");
	const char *secret = getenv("LINKMEND_SPN_SECRET");
	struct spn_run s;
	struct net_opts no = *base;
	struct spn_job *jobs;
	char *auth;
	size_t i, n = 0;

	if (!access || !*access || !secret || !*secret)
		die("--request-capture needs LINKMEND_SPN_ACCESS and "
		    "LINKMEND_SPN_SECRET (an archive.org S3 key)");
	memset(&s, 0, sizeof(s));
	s.c = c;
	s.base = spn;
	s.poll_ms = poll_ms;
	s.max_polls = 60;
	auth = xstrfmt("Authorization: LOW %s:%s", access, secret);
	s.headers[0] = "Accept: application/json";
	s.headers[1] = auth;
	no.per_host = 1;
	no.spacing_ms = spacing_ms;
	s.net = net_new(&no);
	jobs = xcalloc(t->nr ? t->nr : 1, sizeof(*jobs));
	for (i = 0; i < t->nr; i++) {
		struct spn_job *j = &jobs[n];
		char *key = xstrfmt("spn:%s", t->v[i].url), *enc, *cached;
		long long at;

		cached = store_get_lookup(c->st, key, &at);
		free(key);
		if (cached) {
			free(cached);
			continue;
		}
		n++;
		j->run = &s;
		j->url = t->v[i].url;
		j->nr.done = spn_done;
		j->nr.data = &s;
		enc = escaped(j->url);
		spn_submit(j, SPN_CDX, xstrfmt("%s/cdx/search/cdx?url=%s&output=json"
					       "&limit=1&fl=timestamp", spn, enc),
			   NULL, 0);
		free(enc);
	}
	if (store_begin(c->st))
		die("cannot write the store");
	if (n)
		net_run(s.net, &interrupted, NULL, NULL);
	if (store_commit(c->st))
		die("cannot record the requests");
	fprintf(stderr, "archive: Save Page Now: %lld saved, %lld had a capture, "
		"%lld refused or failed%s\n", s.saved, s.already, s.failed,
		interrupted ? "; interrupted" : "");
	for (i = 0; i < n; i++) {
		net_request_reset(&jobs[i].nr);
		free(jobs[i].req_url);
		free(jobs[i].post);
		free(jobs[i].job_id);
	}
	net_free(s.net);
	free(jobs);
	free(auth);
	return s.failed ? 1 : 0;
}

enum { OPT_DB = 256, OPT_ONLY, OPT_MAX_SIZE, OPT_WARC_SIZE, OPT_PER_HOST,
       OPT_SPACING_MS, OPT_TIMEOUT, OPT_CACERT, OPT_ALLOW_PRIVATE,
       OPT_REQUEST_CAPTURE, OPT_SPN, OPT_SPN_SPACING, OPT_SPN_POLL };

static const struct option long_opts[] = {
	{ "output", required_argument, NULL, 'o' },
	{ "db", required_argument, NULL, OPT_DB },
	{ "only", required_argument, NULL, OPT_ONLY },
	{ "max-size", required_argument, NULL, OPT_MAX_SIZE },
	{ "warc-size", required_argument, NULL, OPT_WARC_SIZE },
	{ "jobs", required_argument, NULL, 'j' },
	{ "per-host", required_argument, NULL, OPT_PER_HOST },
	{ "spacing-ms", required_argument, NULL, OPT_SPACING_MS },
	{ "timeout", required_argument, NULL, OPT_TIMEOUT },
	{ "cacert", required_argument, NULL, OPT_CACERT },
	{ "allow-private", no_argument, NULL, OPT_ALLOW_PRIVATE },
	{ "quiet", no_argument, NULL, 'q' },
	{ "request-capture", no_argument, NULL, OPT_REQUEST_CAPTURE },
	{ "spn", required_argument, NULL, OPT_SPN },
	{ "spn-spacing", required_argument, NULL, OPT_SPN_SPACING },
	{ "spn-poll", required_argument, NULL, OPT_SPN_POLL },
	{ NULL, 0, NULL, 0 },
};

int cmd_archive(int argc, char **argv)
{
	struct archive_cmd c;
	struct target_list t;
	struct net_opts no;
	struct net *net;
	struct cdxj index = { NULL, 0, 0 };
	const char *db = NULL;
	char *found, *root, *idx;
	long long max_size = 50LL << 20;
	int opt, quiet = 0, ret = 0, spn_on = 0;
	long spn_spacing = 15000, spn_poll = 5000;
	unsigned given = 0;
	const char *spn = NULL;
	size_t i;
	struct sigaction sa;

	memset(&c, 0, sizeof(c));
	memset(&t, 0, sizeof(t));
	c.warc_size = 1LL << 30;
	net_opts_init(&no);
	optind = 1;
	while ((opt = getopt_long(argc, argv, "o:j:q", long_opts, NULL)) != -1) {
		switch (opt) {
		case 'o':
			c.dir = optarg;
			break;
		case OPT_DB:
			db = optarg;
			break;
		case OPT_ONLY:
			if (!strcmp(optarg, "all"))
				t.all = 1;
			else if (strcmp(optarg, "alive"))
				die("--only: '%s' is not alive or all", optarg);
			break;
		case OPT_MAX_SIZE:
			max_size = size_arg(optarg, "--max-size");
			break;
		case OPT_WARC_SIZE:
			c.warc_size = size_arg(optarg, "--warc-size");
			break;
		case 'j':
			no.max_total = (int)cmd_number(optarg, "--jobs", 1, 4096);
			given |= NET_GIVEN_JOBS;
			break;
		case OPT_PER_HOST:
			no.per_host = (int)cmd_number(optarg, "--per-host", 1, 64);
			given |= NET_GIVEN_PER_HOST;
			break;
		case OPT_SPACING_MS:
			no.spacing_ms = (long)cmd_number(optarg, "--spacing-ms", 0,
							 600000);
			given |= NET_GIVEN_SPACING;
			break;
		case OPT_TIMEOUT:
			no.timeout_ms = (long)(cmd_number(optarg, "--timeout", 1,
							  3600) * 1000);
			given |= NET_GIVEN_TIMEOUT;
			break;
		case OPT_CACERT:
			no.cacert = optarg;
			break;
		case OPT_ALLOW_PRIVATE:
			no.allow_private = 1;
			break;
		case 'q':
			quiet = 1;
			break;
		case OPT_REQUEST_CAPTURE:
			spn_on = 1;
			break;
		case OPT_SPN:
			spn = optarg;
			break;
		case OPT_SPN_SPACING:
			spn_spacing = (long)cmd_number(optarg, "--spn-spacing", 0,
						       3600000);
			break;
		case OPT_SPN_POLL:
			spn_poll = (long)cmd_number(optarg, "--spn-poll", 0, 600000);
			break;
		default:
			usage_die(cmd_archive_usage);
		}
	}
	if (optind < argc || !c.dir)
		usage_die(cmd_archive_usage);
	c.st = cmd_open_store(db, &found, "run 'linkmend scan' and "
			      "'linkmend check' first");
	root = cmd_store_root(c.st, db ? db : found);
	cmd_conf_load(root, &c.cfg);
	cmd_conf_validate(&c.cfg);
	cmd_conf_net(&c.cfg, &no, given);
	no.max_body = (size_t)max_size;

	if (mkdir(c.dir, 0777) && errno != EEXIST)
		die_errno("cannot create '%s'", c.dir);
	c.real = realpath(c.dir, NULL);
	if (!c.real)
		die_errno("cannot use '%s'", c.dir);
	if (store_each_capture(c.st, c.real, load_capture, &c))
		die("cannot read the store");
	recover(&c);

	t.c = &c;
	if (store_each_check(c.st, load_latest, &t) ||
	    store_each_checkable_url(c.st, add_target, &t))
		die("cannot read the store");
	net = net_new(&no);
	for (i = 0; i < t.nr; i++) {
		struct cap *p = &t.v[i];

		p->c = &c;
		p->nr.url = p->url;
		p->nr.done = on_done;
		p->nr.data = &c;
		p->nr.identity = 1;
		p->nr.keep_request = 1;
		p->nr.header_line = on_header_line;
		p->nr.body_sink = on_body;
		p->payload = EVP_MD_CTX_new();
		if (!p->payload)
			die("cannot digest captures");
		EVP_DigestInit_ex(p->payload, EVP_sha1(), NULL);
		p->at = (long long)time(NULL);
		if (net_submit(net, &p->nr)) {
			error("'%s': not a URL libcurl takes", p->url);
			c.failed++;
		}
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sigint;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	if (store_begin(c.st))
		die("cannot write the store");
	c.last_sync_ms = net_now_ms();
	if (t.nr && net_run(net, &interrupted, NULL, NULL))
		ret = 2;
	sync_some(&c, 1);
	if (store_commit(c.st))
		die("cannot record captures");
	if (warc_close(c.w))
		ret = 2;
	c.w = NULL;
	net_free(net);

	/* The index of everything in the collection, this run's and before. */
	if (store_each_capture(c.st, c.real, index_capture, &index))
		die("cannot read the store");
	idx = xstrfmt("%s/index.cdxj", c.dir);
	if (cdxj_write(&index, idx))
		ret = 2;
	if (spn_on && !interrupted && !c.fatal) {
		if (!spn)
			spn = config_get(&c.cfg, "resolve", "wayback");
		/* Every live link, archived here or not, gets its public copy. */
		for (i = 0; i < t.nr; i++)
			free(t.v[i].url);
		t.nr = 0;
		t.all = 0;	/* live links only */
		strmap_clear(&c.archived, NULL);
		if (store_each_checkable_url(c.st, add_target, &t))
			die("cannot read the store");
		if (request_captures(&c, &no, &t, spn ? spn :
				     "https://web.archive.org", spn_spacing, spn_poll))
			ret = ret ? ret : 1;
	}
	if (!quiet)
		fprintf(stderr, "archive: %lld captures (%lld revisits), %lld "
			"bytes; %lld not fetched; %zu in %s%s\n", c.captures,
			c.revisits, c.bytes, c.failed, index.nr, idx,
			interrupted && !c.fatal ? "; interrupted" : "");
	free(idx);
	cdxj_release(&index);
	for (i = 0; i < t.nr; i++) {
		if (t.v[i].fd >= 0)
			close(t.v[i].fd);
		EVP_MD_CTX_free(t.v[i].payload);
		strbuf_release(&t.v[i].head);
		net_request_reset(&t.v[i].nr);
		free(t.v[i].url);
	}
	free(t.v);
	strmap_clear(&t.latest, NULL);
	strmap_clear(&c.archived, NULL);
	strmap_clear(&c.payloads, free_kept);
	strmap_clear(&c.ends, NULL);
	config_release(&c.cfg);
	free(c.real);
	free(root);
	if (store_close(c.st))
		ret = 2;
	free(found);
	if (c.fatal)
		return 2;
	if (interrupted)
		return 130;
	return ret ? ret : c.failed ? 1 : 0;
}
