// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../lease/lease.h"
#include "../check/run.h"
#include "../lib/atomic.h"
#include "../lib/config.h"
#include "../lib/parse-options.h"
#include "../lib/settings.h"
#include "../lib/strbuf.h"
#include "../lib/strmap.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "run.h"
#include "warc.h"

/*
 * Captures are synced to disk and counted in the store in batches: at
 * most this many records or this long apart, so a crash loses little and
 * an fsync per record does not slow the run.
 */
#define SYNC_RECORDS 100
#define SYNC_MS 1000

struct kept {
	char *record_id, *url, *date;
};

struct cap {
	struct net_request nr;
	struct archive_state *c;
	long long url_id;
	char *url;
	int fd;			/* the body, as it came; -1 until some came */
	EVP_MD_CTX *payload;
	struct strbuf head;	/* the final response's status line and headers */
	long long at;
};

struct archive_state {
	const struct archive_opts *o;
	struct store *st;
	const char *dir;	/* as given */
	char *real;		/* its real path: the store's key */
	struct warc_file *w;
	unsigned serial;
	long long warc_size;
	struct strmap archived;	/* url id -> 1 */
	struct strmap payloads;	/* payload digest -> struct kept */
	struct strmap ends;	/* file -> end of its last pair + 1 */
	long long captures, revisits, bytes, failed;
	long last_sync_ms;
	size_t uncommitted;
	int fatal;
	long started_ms;	/* progress_tick()'s */
	size_t total;
};

static void free_kept(void *v)
{
	struct kept *k = v;

	free(k->record_id);
	free(k->url);
	free(k->date);
	free(k);
}

static void keep_payload(struct archive_state *c, const char *digest,
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

/* Where each file's last recorded pair ends (+ 1, so none is 0). */
static int load_end(const struct store_capture *sc, void *data)
{
	struct strmap *ends = data;
	void **slot = strmap_put(ends, sc->file);

	if ((long long)(size_t)*slot < sc->end + 1)
		*slot = (void *)(size_t)(sc->end + 1);
	return 0;
}

/*
 * What the collection holds, checked against what the store claims: a
 * record is there when its file reaches past it (a file gone, or cut
 * short, holds none of what it had), a revisit when the response it
 * refers to is there too.  What is not there is forgotten, fetched again.
 */
struct claims {
	struct archive_state *c;
	struct strmap sizes;	/* file -> its size + 1, or 0 when gone */
	struct strmap gone;	/* file -> captures not there */
	struct strmap whole;	/* file -> end of its last pair there + 1 */
	struct store_capture *drop;
	size_t nr, alloc;
	int revisits;		/* this pass: 0 responses, 1 revisits */
};

static long long file_size(struct claims *k, const char *file)
{
	void **slot = strmap_put(&k->sizes, file);

	if (!*slot) {
		char *path = xstrfmt("%s/%s.open", k->c->dir, file);
		struct stat st;

		/* .open first: a file is renamed from it, never to it. */
		if (stat(path, &st)) {
			path[strlen(path) - 5] = '\0';
			if (stat(path, &st))
				st.st_size = -1;
		}
		free(path);
		*slot = (void *)(size_t)(st.st_size + 2);
	}
	return (long long)(size_t)*slot - 2;
}

static int load_capture(const struct store_capture *sc, void *data)
{
	struct claims *k = data;
	struct archive_state *c = k->c;
	int revisit = !strcmp(sc->type, "revisit");
	char key[32];

	if (revisit != k->revisits)
		return 0;
	if (file_size(k, sc->file) >= sc->end) {
		void **slot = strmap_put(&k->whole, sc->file);

		if ((long long)(size_t)*slot < sc->end + 1)
			*slot = (void *)(size_t)(sc->end + 1);
	}
	if (file_size(k, sc->file) < sc->offset + sc->length ||
	    (revisit && !strmap_get(&c->payloads, sc->payload_digest))) {
		struct store_capture *d;
		void **slot = strmap_put(&k->gone, sc->file);

		*slot = (void *)((size_t)*slot + 1);
		ALLOC_GROW(k->drop, k->nr + 1, k->alloc);
		d = &k->drop[k->nr++];
		memset(d, 0, sizeof(*d));
		d->file = xstrdup(sc->file);
		d->offset = sc->offset;
		return 0;
	}
	snprintf(key, sizeof(key), "%lld", sc->url_id);
	*strmap_put(&c->archived, key) = (void *)1;
	if (!revisit)
		keep_payload(c, sc->payload_digest, sc->record_id, sc->url,
			     sc->date);
	return 0;
}

/*
 * A closed file cut short holds part of a record at its end: cut it after
 * its last whole pair, or, holding none, moved aside as NAME.torn.
 */
static int cut_short(struct archive_state *c, const char *file, long long end)
{
	char *path = xstrfmt("%s/%s", c->dir, file), *aside = NULL;
	int fd = open(path, O_WRONLY | O_CLOEXEC), ret = 0;

	/* Not closed (a worker's, open), or locked: not ours to cut. */
	if (fd < 0 || flock(fd, LOCK_EX | LOCK_NB))
		goto out;
	if (end > 0) {
		if (ftruncate(fd, end) || fsync(fd))
			ret = error_errno("cannot cut '%s' after its last "
					  "whole record", path);
		goto out;
	}
	aside = xstrfmt("%s.torn", path);
	if (rename(path, aside))
		ret = error_errno("cannot move '%s' aside", path);
	else
		warning("%s: no whole capture in it; moved to '%s'", path,
			aside);
out:
	if (fd >= 0)
		close(fd);
	free(path);
	free(aside);
	return ret;
}

static int check_claims(struct archive_state *c)
{
	struct claims k;
	size_t i;
	int ret = 0;

	memset(&k, 0, sizeof(k));
	k.c = c;
	for (k.revisits = 0; k.revisits < 2 && !ret; k.revisits++)
		if (store_each_capture(c->st, c->real, load_capture, &k))
			ret = -1;
	if (!ret && k.nr) {
		struct strmap_entry *e;

		strmap_for_each(&k.gone, e) {
			warning("%s/%s: %s; its %zu captures are fetched again",
				c->dir, e->key, file_size(&k, e->key) < 0 ?
				"gone" : "shorter than the store says",
				(size_t)e->value);
			if (file_size(&k, e->key) >= 0 &&
			    cut_short(c, e->key, (long long)(size_t)
				      strmap_get(&k.whole, e->key) - 1))
				ret = -1;
		}
		if (store_begin(c->st))
			ret = -1;
		for (i = 0; !ret && i < k.nr; i++)
			if (store_drop_capture(c->st, c->real, k.drop[i].file,
					       k.drop[i].offset))
				ret = -1;
		if (ret ? store_rollback(c->st) : store_commit(c->st))
			ret = -1;
	}
	for (i = 0; i < k.nr; i++)
		free((char *)k.drop[i].file);
	free(k.drop);
	strmap_clear(&k.sizes, NULL);
	strmap_clear(&k.gone, NULL);
	strmap_clear(&k.whole, NULL);
	return ret;
}

/* Files a crash left open: cut at their last counted pair, then closed. */
static int recover(struct archive_state *c)
{
	DIR *d = opendir(c->dir);
	struct dirent *e;
	int ret = 0;

	if (!d)
		return error_errno("cannot read '%s'", c->dir);
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name);
		unsigned serial;
		char *name;
		long long end;
		int r;

		if (sscanf(e->d_name, "linkmend-%*14[0-9]-%5u.warc.gz", &serial) == 1 &&
		    serial >= c->serial)
			c->serial = serial + 1;
		if (n < 13 || strcmp(e->d_name + n - 13, ".warc.gz.open"))
			continue;
		name = xstrndup(e->d_name, n - 5);
		end = (long long)(size_t)strmap_get(&c->ends, name) - 1;
		r = warc_recover(c->dir, name, end > 0 ? end : 0);
		if (r < 0) {
			ret = error("cannot recover '%s/%s'", c->dir, e->d_name);
			free(name);
			break;
		}
		if (r > 0) {	/* a worker's beside us, still open */
			free(name);
			continue;
		}
		warning("%s/%s: left open by an interrupted run; %s", c->dir,
			e->d_name, end > 0 ? "cut after its last whole record" :
			"removed (it held no recorded capture)");
		free(name);
	}
	closedir(d);
	return ret;
}

/*
 * A closed file longer than its last recorded pair: a write that failed
 * (a full disk) left part of a record there, and an earlier build closed
 * it as whole.  Cut, as recovery cuts a file left open.
 */
static int cut_torn(struct archive_state *c)
{
	struct strmap fresh = STRMAP_INIT;
	struct strmap_entry *e;
	int loaded = 0, ret = 0;

	strmap_for_each(&c->ends, e) {
		char *path = xstrfmt("%s/%s", c->dir, e->key);
		long long end = (long long)(size_t)e->value - 1;
		int fd = open(path, O_WRONLY | O_CLOEXEC);
		struct stat st;

		/* Locked: a worker renames its file before it lets go. */
		if (fd < 0 || flock(fd, LOCK_EX | LOCK_NB) || fstat(fd, &st) ||
		    st.st_size <= end)
			goto next;
		/* The store as it is now: another worker may have added. */
		if (!loaded++ && store_each_capture(c->st, c->real, load_end,
						    &fresh)) {
			ret = -1;
			goto next;
		}
		end = (long long)(size_t)strmap_get(&fresh, e->key) - 1;
		if (end <= 0 || st.st_size <= end)
			goto next;
		if (ftruncate(fd, end) || fsync(fd)) {
			ret = error_errno("cannot cut '%s' after its last "
					  "whole record", path);
			goto next;
		}
		warning("%s: %lld bytes after its last whole record (a write "
			"that failed) cut", path, (long long)st.st_size - end);
next:
		if (fd >= 0)
			close(fd);
		free(path);
		if (ret)
			break;
	}
	strmap_clear(&fresh, NULL);
	return ret;
}

static int new_file(struct archive_state *c)
{
	char ts[15], *name;
	int tries;

	/* Workers beside us may take a name first: the next serial, then. */
	for (tries = 0; !c->w && tries < 1000; tries++) {
		ts14((long long)time(NULL), ts);
		name = xstrfmt("linkmend-%s-%05u.warc.gz", ts, c->serial++);
		c->w = warc_create(c->dir, name, "links of a source tree, "
				   "kept by linkmend archive");
		free(name);
		if (!c->w && errno != EEXIST)
			break;
	}
	return c->w ? 0 : error("cannot write the collection '%s'", c->dir);
}

/* What is written is on disk before the store counts it. */
static int sync_some(struct archive_state *c, int force)
{
	long now = net_now_ms();

	if (!c->uncommitted || (!force && c->uncommitted < SYNC_RECORDS &&
				now - c->last_sync_ms < SYNC_MS))
		return 0;
	if ((c->w && warc_sync(c->w)) || store_commit(c->st) ||
	    store_begin(c->st))
		return error("cannot record captures");
	c->uncommitted = 0;
	c->last_sync_ms = now;
	return 0;
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

/* What a revisit record refers to, or that a response was cut. */
static void revisit_fields(struct strbuf *f, const struct kept *same,
			   int capped)
{
	if (same)
		strbuf_addf(f, "WARC-Profile: http://netpreserve.org/warc/1.1/"
			    "revisit/identical-payload-digest\r\n"
			    "WARC-Refers-To: %s\r\nWARC-Refers-To-Target-URI: %s\r\n"
			    "WARC-Refers-To-Date: %s\r\n", same->record_id,
			    same->url, same->date);
	else if (capped)
		strbuf_addstr(f, "WARC-Truncated: length\r\n");
}

/* A file past the size it may have is closed; one is open after. */
static int rotate_file(struct archive_state *c)
{
	if (c->w && warc_size(c->w) >= c->o->warc_size) {
		int ret = sync_some(c, 1) || warc_close(c->w);

		c->w = NULL;
		if (ret)
			return error("cannot close a file of '%s'", c->dir);
	}
	return !c->w ? new_file(c) : 0;
}

/* The request record of capture p; its length to *len. */
static int write_request(struct archive_state *c, struct cap *p,
			 const char *req_id, const char *resp_id,
			 const char *date, off_t *len)
{
	struct net_request *r = &p->nr;
	const char *head = r->request_head.buf ? r->request_head.buf : "";
	struct strbuf f = STRBUF_INIT;
	unsigned char d[20];
	char block[38];
	unsigned n = 0;
	off_t off;
	int ret;

	EVP_Digest(head, r->request_head.len, d, &n, EVP_sha1(), NULL);
	warc_sha1_label(d, block);
	strbuf_addf(&f, "WARC-Record-ID: %s\r\nWARC-Date: %s\r\n"
		    "WARC-Target-URI: %s\r\nWARC-Concurrent-To: %s\r\n"
		    "WARC-Warcinfo-ID: %s\r\n"
		    "Content-Type: application/http;msgtype=request\r\n"
		    "WARC-Block-Digest: %s\r\n", req_id, date, p->url, resp_id,
		    warc_info_id(c->w), block);
	ret = warc_record(c->w, "request", f.buf, head, r->request_head.len,
			  -1, 0, &off, len);
	strbuf_release(&f);
	return ret;
}

static int write_capture(struct archive_state *c, struct cap *p)
{
	struct net_request *r = &p->nr;
	struct strbuf head = STRBUF_INIT, f = STRBUF_INIT;
	char req_id[48], resp_id[48], date[21], ts[15], mime[128];
	char payload[38], block[38];
	unsigned char d[20];
	unsigned n = 0;
	off_t blen = (off_t)r->body_len, len, resp_off, resp_len, start;
	struct kept *same;
	struct store_capture sc;
	int ret = -1;

	if (rotate_file(c))
		return -1;
	start = warc_size(c->w);
	warc_date(p->at, date);
	ts14(p->at, ts);
	if (warc_record_id(req_id) || warc_record_id(resp_id))
		return -1;
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
	if (write_request(c, p, req_id, resp_id, date, &len))
		goto out;
	strbuf_addf(&f, "WARC-Record-ID: %s\r\nWARC-Date: %s\r\n"
		    "WARC-Target-URI: %s\r\n", resp_id, date, p->url);
	if (r->primary_ip)
		strbuf_addf(&f, "WARC-IP-Address: %s\r\n", r->primary_ip);
	strbuf_addf(&f, "WARC-Warcinfo-ID: %s\r\n"
		    "Content-Type: application/http;msgtype=response\r\n"
		    "WARC-Block-Digest: %s\r\nWARC-Payload-Digest: %s\r\n",
		    warc_info_id(c->w), block, payload);
	revisit_fields(&f, same, r->body_capped);
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
	if (store_put_capture(c->st, &sc)) {
		error("cannot record the capture of '%s'", p->url);
		goto out;
	}
	if (!same)
		keep_payload(c, payload, resp_id, p->url, date);
	c->captures++;
	c->revisits += same != NULL;
	c->bytes += (long long)len + resp_len;
	c->uncommitted++;
	ret = 0;
out:
	/* A request alone, or a pair the store does not know: not kept. */
	if (ret && warc_size(c->w) > start && warc_cut(c->w, start))
		warc_fail(c->w);
	strbuf_release(&head);
	strbuf_release(&f);
	return ret;
}

static void on_done(struct net_request *r, void *data)
{
	struct cap *p = (struct cap *)r;
	struct archive_state *c = data;

	if (c->fatal) {
		;	/* nothing more goes into a collection that failed */
	} else if (r->curl_code || !r->status) {
		char *why = net_request_error(r, 0);

		c->failed++;
		error("'%s': not archived: %s", p->url, why);
		free(why);
	} else if (write_capture(c, p)) {
		c->fatal = 1;
	} else {
		char key[32];

		snprintf(key, sizeof(key), "%lld", p->url_id);
		*strmap_put(&c->archived, key) = (void *)1;
	}
	if (p->fd >= 0)
		close(p->fd);
	p->fd = -1;
	EVP_MD_CTX_free(p->payload);
	p->payload = NULL;
	strbuf_release(&p->head);
	net_request_reset(r);
	if (!c->fatal && sync_some(c, 0))
		c->fatal = 1;
	if (c->fatal && c->o->stop)
		*c->o->stop = 1;	/* the collection cannot be written */
}

struct target_list {
	struct archive_state *c;
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
		(void *)(size_t)(1 + (sc->verdict == V_ALIVE));
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
	    check_ignored(t->c->o->cfg, u->url))
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


void archive_opts_init(struct archive_opts *o)
{
	memset(o, 0, sizeof(*o));
	net_opts_init(&o->net);
	o->max_size = 50LL << 20;
	o->warc_size = 1LL << 30;
	o->spn.base = settings_default_text(SETTING_RESOLVE_WAYBACK);
	o->spn.spacing_ms = 15000;
	o->spn.poll_ms = 5000;
}

/* In a collection: it is linkmend's, and archive may write there. */
#define COLLECTION_MARKER ".linkmend-collection"

static int count_capture(const struct store_capture *sc, void *data)
{
	(void)sc;
	++*(size_t *)data;
	return 0;
}

/*
 * The first name in dir that is not a WARC file archive names, or NULL
 * when there is none: dir holds nothing, or a collection of before the
 * marker.  *warcs: whether it holds one.
 */
static char *foreign_file(const char *dir, int *warcs)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char *ret = NULL;

	*warcs = 0;
	if (!d)
		return NULL;
	while ((e = readdir(d))) {
		char tail[8] = "";
		unsigned serial;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (sscanf(e->d_name, "linkmend-%*14[0-9]-%5u.warc.g%7s",
			   &serial, tail) == 2 &&
		    (!strcmp(tail, "z") || !strcmp(tail, "z.open")))
			*warcs = 1;
		else if (!ret)
			ret = xstrdup(e->d_name);
	}
	closedir(d);
	return ret;
}

/*
 * DIR is new, empty or linkmend's (its marker, or the captures the store
 * counts there, or its WARC files): never a directory of the user's own
 * files, unless with --force.  It is marked as linkmend's.
 */
static int claim_collection(struct archive_state *c)
{
	char *marker = xstrfmt("%s/" COLLECTION_MARKER, c->dir), *other;
	static const char note[] = "# a collection of linkmend archive\n";
	struct stat st;
	size_t known = 0;
	int warcs, fd, ret = 0;

	if (!lstat(marker, &st))
		goto out;
	other = foreign_file(c->dir, &warcs);
	if (other && !warcs && !c->o->force &&
	    store_each_capture(c->st, c->real, count_capture, &known)) {
		free(other);
		ret = -1;
		goto out;
	}
	if (other && !warcs && !c->o->force && !known) {
		ret = error("'%s' holds files linkmend did not write ('%s'); "
			    "a collection goes in a new or empty directory, or "
			    "one of linkmend's (--force: into this one)",
			    c->dir, other);
		free(other);
		goto out;
	}
	free(other);
	fd = open(marker, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	if (fd < 0 && errno != EEXIST)
		ret = error_errno("cannot create '%s'", marker);
	if (fd >= 0 && (write_in_full(fd, note, sizeof(note) - 1) | close(fd)))
		ret = error_errno("cannot write '%s'", marker);
out:
	free(marker);
	return ret;
}

static int open_collection(struct archive_state *c)
{
	struct stat st;

	if (mkdir(c->dir, 0777) && errno != EEXIST)
		return error_errno("cannot create '%s'", c->dir);
	if (stat(c->dir, &st) || !S_ISDIR(st.st_mode))
		return error("'%s' is not a directory", c->dir);
	c->real = realpath(c->dir, NULL);
	if (!c->real)
		return error_errno("cannot use '%s'", c->dir);
	if (claim_collection(c))
		return -1;
	if (store_each_capture(c->st, c->real, load_end, &c->ends) ||
	    recover(c) || cut_torn(c))
		return -1;
	return check_claims(c);
}

static void submit_all(struct archive_state *c, struct target_list *t,
		       struct net *net)
{
	size_t i;

	for (i = 0; i < t->nr; i++) {
		struct cap *p = &t->v[i];

		p->c = c;
		p->nr.url = p->url;
		p->nr.done = on_done;
		p->nr.data = c;
		p->nr.identity = 1;
		p->nr.keep_request = 1;
		p->nr.header_line = on_header_line;
		p->nr.body_sink = on_body;
		p->payload = EVP_MD_CTX_new();
		if (!p->payload) {
			c->fatal = error("cannot digest captures");
			return;
		}
		EVP_DigestInit_ex(p->payload, EVP_sha1(), NULL);
		p->at = (long long)time(NULL);
		if (net_submit(net, &p->nr)) {
			error("'%s': not a URL libcurl takes", p->url);
			c->failed++;
		}
	}
}

/*
 * Fetch every target through a net made of no (o's net options, and a
 * worker's hooks); with keep_open the file stays open for the next call.
 * 1 when a transfer or the last file failed.
 */
static int fetch(struct archive_state *c, struct target_list *t,
		 const struct net_opts *no, void (*tick)(void *), void *data,
		 int keep_open)
{
	struct net *net = net_new(no);
	int ret = 0;

	submit_all(c, t, net);
	if (store_begin(c->st)) {
		net_free(net);
		return -1;
	}
	c->last_sync_ms = net_now_ms();
	if (t->nr && net_run(net, c->o->stop, tick, data))
		ret = 1;
	if (sync_some(c, 1) || store_commit(c->st))
		c->fatal = 1;
	if (!keep_open || c->fatal) {
		if (warc_close(c->w))
			ret = 1;
		c->w = NULL;
	}
	net_free(net);
	return ret;
}

/* "links" for ".../links/": the collection's name, its WACZ's. */
static char *collection_name(const char *dir)
{
	char *real = realpath(dir, NULL), *slash, *name;

	slash = real ? strrchr(real, '/') : NULL;
	name = xstrdup(slash && slash[1] ? slash + 1 : "collection");
	free(real);
	return name;
}

/*
 * The collection as one WACZ beside its WARCs, and the static page that
 * replays it.  Written by a plain run only: workers' files may be open.
 */
static int write_wacz(struct archive_state *c, const struct cdxj *index,
		      struct archive_stats *stats)
{
	char *name = collection_name(c->dir), *file = xstrfmt("%s.wacz", name);
	long long t0 = net_now_ms();
	int r;

	stats->wacz = xstrfmt("%s/%s", c->dir, file);
	if (wacz_write(c->dir, index, stats->wacz, &stats->wz)) {
		free(name);
		free(file);
		return 1;
	}
	stats->wacz_ms = net_now_ms() - t0;
	r = wacz_replay_page(c->dir, file, c->o->replayweb ?
			     c->o->replayweb : "");
	stats->no_player = r == 1;
	free(name);
	free(file);
	return r < 0;
}

/* The index of everything in the collection, this run's and before. */
static int write_index(struct archive_state *c, struct archive_stats *stats,
		       int with_wacz)
{
	struct cdxj index = { NULL, 0, 0 };
	int ret = 0;

	stats->index = xstrfmt("%s/index.cdxj", c->dir);
	if (store_each_capture(c->st, c->real, index_capture, &index))
		ret = -1;
	else if (cdxj_write(&index, stats->index))
		ret = 1;
	stats->indexed = index.nr;
	if (!ret && with_wacz)
		ret = write_wacz(c, &index, stats);
	cdxj_release(&index);
	return ret;
}

/* Every live link, archived here or not, gets its public copy. */
static int ask_spn(struct archive_state *c, struct target_list *t,
		   struct archive_stats *stats)
{
	struct spn_opts so = c->o->spn;
	const char **urls;
	size_t i;
	int ret;

	for (i = 0; i < t->nr; i++)
		free(t->v[i].url);
	t->nr = 0;
	t->all = 0;
	strmap_clear(&c->archived, NULL);
	if (store_each_checkable_url(c->st, add_target, t))
		return -1;
	urls = xcalloc(t->nr ? t->nr : 1, sizeof(*urls));
	for (i = 0; i < t->nr; i++)
		urls[i] = t->v[i].url;
	so.net = c->o->net;
	so.stop = c->o->stop;
	ret = spn_request(&so, c->st, urls, t->nr, &stats->spn);
	free(urls);
	return ret;
}

static void release_targets(struct target_list *t)
{
	size_t i;

	for (i = 0; i < t->nr; i++) {
		if (t->v[i].fd >= 0)
			close(t->v[i].fd);
		EVP_MD_CTX_free(t->v[i].payload);
		strbuf_release(&t->v[i].head);
		net_request_reset(&t->v[i].nr);
		free(t->v[i].url);
	}
	free(t->v);
	strmap_clear(&t->latest, NULL);
	memset(t, 0, sizeof(*t));
}

static void release(struct archive_state *c, struct target_list *t)
{
	release_targets(t);
	strmap_clear(&c->archived, NULL);
	strmap_clear(&c->payloads, free_kept);
	strmap_clear(&c->ends, NULL);
	free(c->real);
}

/* What a run (or a worker) did, for its summary. */
static void count_into(const struct archive_state *c,
		       struct archive_stats *stats)
{
	stats->captures = c->captures;
	stats->revisits = c->revisits;
	stats->bytes = c->bytes;
	stats->failed = c->failed;
	stats->fatal = c->fatal;
}

/* done/total, rate and time left, on a terminal. */
static void progress_tick(void *data)
{
	struct archive_state *c = data;
	size_t done = (size_t)(c->captures + c->revisits + c->failed);
	double secs = (double)(net_now_ms() - c->started_ms) / 1000.0;
	double rate = secs > 0 ? (double)done / secs : 0;

	fprintf(stderr, "\rarchive: %zu/%zu  %.1f/s  %.1f MB  ETA %.0fs   ",
		done, c->total, rate, (double)c->bytes / 1e6,
		rate > 0 ? (double)(c->total - done) / rate : 0.0);
}

int archive_run(const struct archive_opts *o, struct store *st,
		struct archive_stats *stats)
{
	struct archive_state c;
	struct target_list t;
	int ret = 0, r;

	memset(&c, 0, sizeof(c));
	memset(&t, 0, sizeof(t));
	memset(stats, 0, sizeof(*stats));
	c.o = o;
	c.st = st;
	c.dir = o->dir;
	t.c = &c;
	t.all = o->all;
	if (open_collection(&c) || store_each_check(st, load_latest, &t) ||
	    store_each_checkable_url(st, add_target, &t)) {
		release(&c, &t);
		return -1;
	}
	c.started_ms = net_now_ms();
	c.total = t.nr;
	r = fetch(&c, &t, &o->net, o->progress ? progress_tick : NULL, &c, 0);
	if (o->progress && t.nr)
		fprintf(stderr, "\n");
	if (r < 0)
		ret = -1;
	stats->incomplete = r > 0;
	/* After a fault, the index and WACZ of before stay as they were. */
	if (!ret && !c.fatal) {
		r = write_index(&c, stats, 1);
		if (r < 0)
			ret = -1;
		stats->incomplete |= r > 0;
	}
	if (!ret && o->request_capture && !c.fatal && !(o->stop && *o->stop) &&
	    ask_spn(&c, &t, stats))
		c.fatal = 1;
	count_into(&c, stats);
	release(&c, &t);
	return ret;
}

/* ---- archive --worker ---- */

struct archive_loop {
	const struct archive_worker_opts *wo;
	struct archive_state *c;
	struct lease_opts lease;
	struct archive_stats *stats;
	int incomplete;
};

static int archive_once(struct store *st, void *data, int *none)
{
	struct archive_loop *w = data;
	struct archive_state *c = w->c;
	struct lease_batch b;
	struct target_list t;
	struct net_opts no = c->o->net;
	size_t i;
	int n, r, ret = 0;

	n = lease_claim(&b, &w->lease, st);
	if (n < 0)
		return -1;
	*none = n == 0;
	memset(&t, 0, sizeof(t));
	t.c = c;
	t.all = c->o->all;
	store_limit_hosts(st, w->wo->owner);
	if (store_each_check(st, load_latest, &t) ||
	    store_each_checkable_url(st, add_target, &t))
		ret = -1;
	store_limit_hosts(st, NULL);
	if (!ret && t.nr) {
		void (*tick)(void *);
		void *tick_data;

		lease_wire(&b, &no, &tick, &tick_data);
		r = fetch(c, &t, &no, tick, tick_data, 1);
		if (r < 0)
			ret = -1;
		w->incomplete |= r > 0;
	}
	/*
	 * Not done: due again at once, for whoever claims it next.  (A link
	 * that could not be fetched waits, as in archive_run(), for the next
	 * check of its host.)
	 */
	for (i = 0; i < b.nr; i++)
		if (ret || c->fatal)
			b.v[i].next_s = 0;
	if (w->wo->progress && n > 0)
		fprintf(stderr, "archive: worker %s: %zu hosts, %zu URLs\n",
			w->wo->owner, b.nr, t.nr);
	w->stats->claims += n > 0;
	w->stats->hosts += b.nr;
	release_targets(&t);
	if (lease_release(&b))
		ret = -1;
	return ret || c->fatal ? -1 : 0;
}

int archive_worker(const struct archive_opts *o,
		   const struct archive_worker_opts *wo, struct store *st,
		   struct archive_stats *stats)
{
	struct archive_state c;
	struct target_list none;
	struct archive_loop w;
	int ret, r;

	memset(&c, 0, sizeof(c));
	memset(&none, 0, sizeof(none));
	memset(stats, 0, sizeof(*stats));
	memset(&w, 0, sizeof(w));
	c.o = o;
	c.st = st;
	c.dir = o->dir;
	if (open_collection(&c)) {
		release(&c, &none);
		return -1;
	}
	w.wo = wo;
	w.c = &c;
	w.stats = stats;
	lease_opts_init(&w.lease, STORE_JOB_ARCHIVE, wo->owner, wo->lease_ms,
			wo->hosts, wo->now_s, o->stop);
	ret = lease_work(&w.lease, st, archive_once, &w, &stats->waited_ms);
	if (warc_close(c.w))
		w.incomplete = 1;
	c.w = NULL;
	stats->incomplete = w.incomplete;
	/* The index of all the collection holds, every worker's. */
	if (!ret && !c.fatal) {
		r = write_index(&c, stats, 0);
		if (r < 0)
			ret = -1;
		stats->incomplete |= r > 0;
	}
	count_into(&c, stats);
	release(&c, &none);
	return ret;
}

int archive_spn_credentials(struct archive_opts *o, const struct config *cfg,
			    const struct option *opts)
{
	const char *v;

	o->spn.access = getenv("LINKMEND_SPN_ACCESS");
	o->spn.secret = getenv("LINKMEND_SPN_SECRET");
	if (!o->spn.access || !*o->spn.access || !o->spn.secret ||
	    !*o->spn.secret)
		return error("--request-capture needs LINKMEND_SPN_ACCESS and "
			     "LINKMEND_SPN_SECRET (an archive.org S3 key)");
	if (!parse_options_seen(opts, "spn") &&
	    (v = settings_text(cfg, NULL, SETTING_RESOLVE_WAYBACK)))
		o->spn.base = v;
	/* They go into a header line: nothing that could end it. */
	if (strpbrk(o->spn.access, "\r\n") || strpbrk(o->spn.secret, "\r\n"))
		return error("LINKMEND_SPN_ACCESS and LINKMEND_SPN_SECRET may "
			     "not hold a line break");
	/* A key in the clear is a key given away. */
	if (strncasecmp(o->spn.base, "https://", 8))
		return error("Save Page Now at '%s': the archive.org key goes "
			     "only over https", o->spn.base);
	return 0;
}

int archive_worker_run(const struct archive_opts *o,
		       const struct lease_args *la, const char *owner,
		       struct store *st, struct archive_stats *stats,
		       int quiet)
{
	struct archive_worker_opts wo = {
		.owner = owner, .lease_ms = la->lease_s * 1000,
		.hosts = la->hosts, .now_s = check_now(),
		.progress = !quiet && isatty(2),
	};

	if (archive_worker(o, &wo, st, stats))
		return -1;
	if (!quiet)
		fprintf(stderr, "archive: worker %s: %zu hosts in %zu claims "
			"(%.1f s with nothing to claim)\n", owner, stats->hosts,
			stats->claims, (double)stats->waited_ms / 1000.0);
	return 0;
}

int archive_say_stats(const struct archive_opts *o,
		      const struct archive_stats *s, int quiet)
{
	int stopped = o->stop && *o->stop;

	if (o->request_capture && !s->fatal && !stopped)
		fprintf(stderr, "archive: Save Page Now: %lld saved, %lld had a "
			"capture, %lld refused or failed\n", s->spn.saved,
			s->spn.already, s->spn.failed);
	if (!quiet)
		fprintf(stderr, "archive: %lld captures (%lld revisits), %lld "
			"bytes; %lld not fetched; %zu in %s%s\n", s->captures,
			s->revisits, s->bytes, s->failed, s->indexed,
			s->index ? s->index : o->dir,
			stopped && !s->fatal ? "; interrupted" : "");
	if (!quiet && s->wacz && s->wz.bytes)
		fprintf(stderr, "archive: %s: %zu WARC files (%zu hashed anew), "
			"%zu pages, %lld bytes in %lld ms%s\n", s->wacz,
			s->wz.warcs, s->wz.rehashed, s->wz.pages, s->wz.bytes,
			s->wacz_ms, s->no_player ? "" :
			"; index.html replays it");
	if (s->no_player)
		warning("no replay page in '%s': ReplayWeb.page's ui.js and "
			"sw.js are not in '%s' (make replayweb, or --replayweb "
			"DIR)", o->dir, o->replayweb ? o->replayweb : "");
	if (s->fatal)
		return 2;
	if (stopped)
		return 130;
	if (s->incomplete)
		return 2;
	return s->failed || s->spn.failed || s->no_player ? 1 : 0;
}
