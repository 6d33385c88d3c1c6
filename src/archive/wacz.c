// SPDX-License-Identifier: GPL-2.0-or-later
/* WACZ 1.1.1 with libzip: write a collection, read one back. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <limits.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <zip.h>
#include <zlib.h>

#include "../lib/atomic.h"
#include "../lib/strbuf.h"
#include "../lib/strmap.h"
#include "../lib/strvec.h"
#include "../lib/usage.h"
#include "../lib/xalloc.h"
#include "wacz.h"

/* "sha256:HEX" of a digest, as WACZ names one. */
static void sha256_name(const unsigned char *d, unsigned int n, char out[72])
{
	static const char x[] = "0123456789abcdef";
	unsigned int i;

	memcpy(out, "sha256:", 7);
	out += 7;
	for (i = 0; i < n; i++) {
		out[2 * i] = x[d[i] >> 4];
		out[2 * i + 1] = x[d[i] & 15];
	}
	out[2 * n] = '\0';
}

/* "sha256:HEX" of buf. */
static void sha256_buf(const char *buf, size_t len, char out[72])
{
	unsigned char d[32];
	unsigned int n = 0;

	EVP_Digest(buf, len, d, &n, EVP_sha256(), NULL);
	sha256_name(d, n, out);
}

static int sha256_file(const char *path, char out[72], long long *bytes)
{
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();
	unsigned char d[32], buf[1 << 16];
	unsigned int n = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC), ret = -1;
	ssize_t r;

	*bytes = 0;
	if (fd < 0 || !ctx || !EVP_DigestInit_ex(ctx, EVP_sha256(), NULL)) {
		error_errno("cannot read '%s'", path);
		goto out;
	}
	while ((r = read(fd, buf, sizeof(buf))) > 0) {
		EVP_DigestUpdate(ctx, buf, (size_t)r);
		*bytes += r;
	}
	if (r < 0) {
		error_errno("cannot read '%s'", path);
		goto out;
	}
	EVP_DigestFinal_ex(ctx, d, &n);
	sha256_name(d, n, out);
	ret = 0;
out:
	if (fd >= 0)
		close(fd);
	EVP_MD_CTX_free(ctx);
	return ret;
}

/*
 * The hashes of WARC files, kept beside them in CACHE_NAME with what
 * proves a file unchanged since: its size, inode, mtime and ctime (which
 * no one can set back), to the nanosecond.  Anything else is hashed anew.
 */
#define CACHE_NAME ".linkmend-hashes"

struct known {
	char hash[72];
	char *proof;		/* "SIZE INODE MTIME CTIME" */
};

static char *stat_proof(const struct stat *st)
{
	return xstrfmt("%lld %llu %lld.%09ld %lld.%09ld",
		       (long long)st->st_size, (unsigned long long)st->st_ino,
		       (long long)st->st_mtim.tv_sec, st->st_mtim.tv_nsec,
		       (long long)st->st_ctim.tv_sec, st->st_ctim.tv_nsec);
}

static void free_known(void *v)
{
	struct known *k = v;

	free(k->proof);
	free(k);
}

/* "HASH SIZE INODE MTIME CTIME NAME" lines: name -> struct known. */
static void load_known(const char *dir, struct strmap *known)
{
	char *path = xstrfmt("%s/" CACHE_NAME, dir), line[1024];
	FILE *f = fopen(path, "r");

	free(path);
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char hash[72], proof[256], name[512];
		unsigned long long a, b;
		long long c, d;
		long e, g;
		struct known *k;

		if (sscanf(line, "%71s %llu %llu %lld.%ld %lld.%ld %511[^\n]",
			   hash, &a, &b, &c, &e, &d, &g, name) != 8 ||
		    strlen(hash) != 71 || strncmp(hash, "sha256:", 7))
			continue;
		snprintf(proof, sizeof(proof),
			 "%llu %llu %lld.%09ld %lld.%09ld", a, b, c, e, d, g);
		k = xcalloc(1, sizeof(*k));
		memcpy(k->hash, hash, 72);
		k->proof = xstrdup(proof);
		if (strmap_get(known, name))
			free_known(strmap_get(known, name));
		*strmap_put(known, name) = k;
	}
	fclose(f);
}

static int save_known(const char *dir, const struct strbuf *cache)
{
	char *path = xstrfmt("%s/" CACHE_NAME, dir);
	int ret = atomic_write_file(path, cache->buf ? cache->buf : "",
				    cache->len, NULL);

	free(path);
	return ret;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The closed WARC files of dir, sorted. */
static int list_warcs(const char *dir, struct strvec *out)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (!d)
		return error_errno("cannot read the collection '%s'", dir);
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name);

		if (n > 8 && !strcmp(e->d_name + n - 8, ".warc.gz"))
			strvec_push(out, e->d_name);
	}
	closedir(d);
	if (out->nr)
		qsort(out->v, out->nr, sizeof(*out->v), name_cmp);
	return 0;
}

/* "20261203062055" -> "2026-12-03T06:20:55Z". */
static void iso_of(const char *ts, char out[21])
{
	snprintf(out, 21, "%.4s-%.2s-%.2sT%.2s:%.2s:%.2sZ", ts, ts + 4, ts + 6,
		 ts + 8, ts + 10, ts + 12);
}

/*
 * pages.jsonl: its header, then each URL archived (a response, not a
 * revisit) once, at its latest capture.
 */
static char *pages_jsonl(const struct cdxj *x, size_t *len, size_t *npages)
{
	struct strbuf sb = STRBUF_INIT;
	struct strmap latest = STRMAP_INIT;
	size_t i;

	strbuf_addstr(&sb, "{\"format\":\"json-pages-1.0\",\"id\":\"pages\","
		      "\"title\":\"All Pages\"}\n");
	for (i = 0; i < x->nr; i++) {
		const struct cdxj_entry *c = &x->v[i];
		void **slot;

		if (!strcmp(c->mime, "warc/revisit") || strlen(c->ts) != 14)
			continue;
		slot = strmap_put(&latest, c->url);
		if (!*slot || strcmp(x->v[(size_t)*slot - 1].ts, c->ts) < 0)
			*slot = (void *)(i + 1);
	}
	*npages = 0;
	/* In the index's order, which is sorted: the same bytes each time. */
	for (i = 0; i < x->nr; i++) {
		const struct cdxj_entry *c = &x->v[i];
		json_t *o;
		char iso[21], id[32], *j;

		if ((size_t)strmap_get(&latest, c->url) != i + 1)
			continue;
		iso_of(c->ts, iso);
		snprintf(id, sizeof(id), "p%zu", ++*npages);
		o = json_pack("{s:s, s:s, s:s, s:s}", "id", id, "url", c->url,
			      "ts", iso, "title", c->url);
		j = o ? json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
		if (j)
			strbuf_addf(&sb, "%s\n", j);
		free(j);
		json_decref(o);
	}
	strmap_clear(&latest, NULL);
	*len = sb.len;
	return strbuf_detach(&sb, NULL);
}

static int add_buffer(zip_t *z, const char *name, char *buf, size_t len,
		      const char *path)
{
	/*
	 * libzip takes no buffer of length 0 (nor any when it fails): that
	 * one stays ours to free.
	 */
	zip_source_t *s = zip_source_buffer(z, len ? buf : NULL, len, len > 0);

	if (!len || !s)
		free(buf);
	if (!s || zip_file_add(z, name, s, ZIP_FL_ENC_UTF_8) < 0) {
		zip_source_free(s);
		return error("cannot write '%s': %s", path, zip_strerror(z));
	}
	return 0;
}

static void add_resource(json_t *res, const char *name, const char *path,
			 const char *hash, long long bytes)
{
	json_array_append_new(res, json_pack("{s:s, s:s, s:s, s:I}", "name",
					     name, "path", path, "hash", hash,
					     "bytes", (json_int_t)bytes));
}

static int fsync_path(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), r;

	if (fd < 0)
		return -1;
	r = fsync(fd);
	close(fd);
	return r;
}

/*
 * One WACZ writer at a time in dir: the directory locked (flock), an fd
 * returned.  Under the lock, what a writer killed mid-way left (PATH.tmp,
 * and libzip's PATH.tmp.XXXXXX within it) is certainly a leftover, and is
 * removed.  -1 after error().
 */
static int lock_leftovers(const char *dir, const char *path)
{
	const char *slash = strrchr(path, '/');
	char *prefix = xstrfmt("%s.tmp", slash ? slash + 1 : path);
	size_t n = strlen(prefix);
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	struct dirent *e;
	DIR *d;

	if (fd < 0 || flock(fd, LOCK_EX)) {
		error_errno("cannot lock '%s'", dir);
		goto fail;
	}
	d = opendir(dir);
	if (!d) {
		error_errno("cannot read '%s'", dir);
		goto fail;
	}
	while ((e = readdir(d))) {
		const char *tail = e->d_name + n;
		char *leftover;

		if (strncmp(e->d_name, prefix, n) ||
		    (*tail && (tail[0] != '.' || strlen(tail) != 7 ||
			       strspn(tail + 1, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
				      "abcdefghijklmnopqrstuvwxyz0123456789")
			       != 6)))
			continue;
		leftover = xstrfmt("%s/%s", dir, e->d_name);
		if (unlink(leftover) && errno != ENOENT)
			error_errno("cannot remove '%s'", leftover);
		else if (*tail)
			warning("removed '%s', left by an interrupted run",
				leftover);
		free(leftover);
	}
	closedir(d);
	free(prefix);
	return fd;
fail:
	if (fd >= 0)
		close(fd);
	free(prefix);
	return -1;
}

int wacz_write(const char *dir, const struct cdxj *index, const char *path,
	       struct wacz_stats *stats)
{
	struct strvec warcs = STRVEC_INIT;
	struct strmap known = STRMAP_INIT;
	struct strbuf cache = STRBUF_INIT;
	char *tmp = xstrfmt("%s.tmp", path), *ipath = NULL, *buf, *dp = NULL;
	char hash[72], now[21];
	json_t *pkg = NULL, *res = NULL;
	zip_t *z = NULL;
	struct stat st;
	size_t i, len;
	int err = 0, ret = -1, lock = -1;
	time_t t = time(NULL);

	memset(stats, 0, sizeof(*stats));
	if (list_warcs(dir, &warcs))
		goto out;
	load_known(dir, &known);
	lock = lock_leftovers(dir, path);
	if (lock < 0)
		goto out;
	z = zip_open(tmp, ZIP_CREATE | ZIP_EXCL, &err);
	if (!z) {
		zip_error_t ze;

		zip_error_init_with_code(&ze, err);
		error("cannot write '%s': %s", tmp, zip_error_strerror(&ze));
		zip_error_fini(&ze);
		goto out;
	}
	pkg = json_object();
	res = json_array();
	for (i = 0; i < warcs.nr; i++) {
		char *file = xstrfmt("%s/%s", dir, warcs.v[i]);
		char *name = xstrfmt("archive/%s", warcs.v[i]);
		struct known *k = strmap_get(&known, warcs.v[i]);
		zip_source_t *s;
		zip_int64_t idx;
		long long bytes;
		struct stat after;
		char *proof;

		if (stat(file, &st)) {
			error_errno("cannot read '%s'", file);
			free(file);
			free(name);
			goto out;
		}
		proof = stat_proof(&st);
		if (k && !strcmp(k->proof, proof)) {
			memcpy(hash, k->hash, 72);
		} else if (sha256_file(file, hash, &bytes)) {
			free(proof);
			free(file);
			free(name);
			goto out;
		} else {
			char *now = stat(file, &after) ? NULL :
				    stat_proof(&after);

			stats->rehashed++;
			/* Changed while read: the hash proves nothing. */
			if (!now || strcmp(now, proof) ||
			    bytes != (long long)st.st_size) {
				free(proof);
				proof = NULL;
			}
			free(now);
		}
		if (proof)
			strbuf_addf(&cache, "%s %s %s\n", hash, proof,
				    warcs.v[i]);
		free(proof);
		/* Stored: a WARC's gzip members are read at their offsets. */
		s = zip_source_file(z, file, 0, (zip_int64_t)st.st_size);
		idx = s ? zip_file_add(z, name, s, ZIP_FL_ENC_UTF_8) : -1;
		if (idx < 0 || zip_set_file_compression(z, (zip_uint64_t)idx,
							ZIP_CM_STORE, 0)) {
			if (idx < 0)
				zip_source_free(s);
			error("cannot write '%s': %s", tmp, zip_strerror(z));
			free(file);
			free(name);
			goto out;
		}
		add_resource(res, warcs.v[i], name, hash, (long long)st.st_size);
		stats->warcs++;
		free(file);
		free(name);
	}
	ipath = xstrfmt("%s/index.cdxj", dir);
	{
		struct strbuf ix = STRBUF_INIT;

		if (strbuf_read_file(&ix, ipath)) {
			strbuf_release(&ix);
			goto out;
		}
		sha256_buf(ix.buf, ix.len, hash);
		add_resource(res, "index.cdxj", "indexes/index.cdxj", hash,
			     (long long)ix.len);
		len = ix.len;
		if (add_buffer(z, "indexes/index.cdxj",
			       strbuf_detach(&ix, NULL), len, tmp))
			goto out;
	}
	buf = pages_jsonl(index, &len, &stats->pages);
	sha256_buf(buf, len, hash);
	add_resource(res, "pages.jsonl", "pages/pages.jsonl", hash,
		     (long long)len);
	if (add_buffer(z, "pages/pages.jsonl", buf, len, tmp))
		goto out;
	strftime(now, sizeof(now), "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
	json_object_set_new(pkg, "profile", json_string("data-package"));
	json_object_set_new(pkg, "resources", res);
	res = NULL;		/* pkg's now */
	json_object_set_new(pkg, "wacz_version", json_string("1.1.1"));
	json_object_set_new(pkg, "software", json_string("linkmend"));
	json_object_set_new(pkg, "created", json_string(now));
	json_object_set_new(pkg, "title", json_string("linkmend's copies of "
						      "the links of a tree"));
	dp = json_dumps(pkg, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
	if (!dp)
		goto out;
	sha256_buf(dp, strlen(dp), hash);
	len = strlen(dp);
	if (add_buffer(z, "datapackage.json", xstrdup(dp), len, tmp))
		goto out;
	buf = xstrfmt("{\"path\":\"datapackage.json\",\"hash\":\"%s\"}\n", hash);
	if (add_buffer(z, "datapackage-digest.json", buf, strlen(buf), tmp))
		goto out;
	if (zip_close(z)) {
		error("cannot write '%s': %s", tmp, zip_strerror(z));
		goto out;
	}
	z = NULL;
	if (fsync_path(tmp) || rename(tmp, path)) {
		error_errno("cannot write '%s'", path);
		goto out;
	}
	fsync_path(dir);
	if (!stat(path, &st))
		stats->bytes = (long long)st.st_size;
	ret = save_known(dir, &cache);
out:
	if (z)
		zip_discard(z);
	if (ret)
		unlink(tmp);
	if (lock >= 0)
		close(lock);
	json_decref(res);
	json_decref(pkg);
	free(dp);
	free(ipath);
	free(tmp);
	strvec_clear(&warcs);
	strmap_clear(&known, free_known);
	strbuf_release(&cache);
	return ret;
}

/* ---- the static replay page ---- */

/* Copy src to dst (atomically) unless dst has the same bytes already. */
static int copy_asset(const char *src, const char *dst)
{
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	int ret = -1;

	if (strbuf_read_file(&a, src) ||
	    (!access(dst, R_OK) && strbuf_read_file(&b, dst)))
		goto out;
	ret = 0;
	if (a.len != b.len || memcmp(a.buf, b.buf, a.len))
		ret = atomic_write_file(dst, a.buf, a.len, NULL);
out:
	strbuf_release(&a);
	strbuf_release(&b);
	return ret;
}

/*
 * name in the page: percent-encoded where it is a URL (source, href:
 * read by ReplayWeb.page's scripts as one), HTML-escaped where it is
 * text.  The page has no script of its own that holds it.
 */
static void add_url(struct strbuf *sb, const char *name)
{
	const unsigned char *p;

	for (p = (const unsigned char *)name; *p; p++)
		if (isalnum(*p) || strchr("-._~", *p))
			strbuf_addch(sb, (char)*p);
		else
			strbuf_addf(sb, "%%%02X", *p);
}

static void add_html(struct strbuf *sb, const char *text)
{
	for (; *text; text++)
		switch (*text) {
		case '&': strbuf_addstr(sb, "&amp;"); break;
		case '<': strbuf_addstr(sb, "&lt;"); break;
		case '>': strbuf_addstr(sb, "&gt;"); break;
		case '"': strbuf_addstr(sb, "&quot;"); break;
		case '\'': strbuf_addstr(sb, "&#39;"); break;
		default: strbuf_addch(sb, *text);
		}
}

int wacz_replay_page(const char *dir, const char *wacz_name,
		     const char *assets)
{
	static const char *const files[][2] = {
		{ "ui.js", "ui.js" }, { "sw.js", "replay/sw.js" },
	};
	struct strbuf html = STRBUF_INIT, url = STRBUF_INIT;
	char *path, *src, *dst;
	size_t i;
	int ret = 0;

	/* Without its scripts the page cannot play: none is written. */
	for (i = 0; i < 2; i++) {
		src = xstrfmt("%s/%s", assets, files[i][0]);
		if (access(src, R_OK))
			ret = 1;
		free(src);
	}
	if (ret)
		return 1;
	path = xstrfmt("%s/replay", dir);
	if (mkdir(path, 0777) && errno != EEXIST)
		ret = error_errno("cannot create '%s'", path);
	free(path);
	for (i = 0; !ret && i < 2; i++) {
		src = xstrfmt("%s/%s", assets, files[i][0]);
		dst = xstrfmt("%s/%s", dir, files[i][1]);
		ret = copy_asset(src, dst);
		free(src);
		free(dst);
	}
	if (ret)
		return -1;
	/* The page, as ReplayWeb.page's embedding guide has it. */
	add_url(&url, wacz_name);
	strbuf_addf(&html, "<!DOCTYPE html>\n"
		    "<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		    "<meta name=\"viewport\" content=\"width=device-width, "
		    "initial-scale=1\">\n"
		    "<title>Permanent copies of the links</title>\n"
		    "<script src=\"./ui.js\"></script>\n"
		    "<style>html, body { margin: 0; height: 100%%; }\n"
		    "replay-web-page { display: block; height: 100vh; }"
		    "</style>\n</head>\n<body>\n"
		    "<replay-web-page source=\"%s\" replaybase=\"./replay/\" "
		    "deepLink=\"true\"></replay-web-page>\n"
		    "<noscript>The copies are in <a href=\"%s\">", url.buf,
		    url.buf);
	add_html(&html, wacz_name);
	strbuf_addstr(&html, "</a> (WACZ), which ReplayWeb.page and pywb "
		      "open.</noscript>\n</body>\n</html>\n");
	path = xstrfmt("%s/index.html", dir);
	if (atomic_write_file(path, html.buf, html.len, NULL))
		ret = -1;
	free(path);
	strbuf_release(&html);
	strbuf_release(&url);
	return ret;
}

int wacz_is_replay_dir(const char *dir)
{
	char *path = xstrfmt("%s/index.html", dir), buf[4096];
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(buf, 1, sizeof(buf) - 1, f) : 0;

	if (f)
		fclose(f);
	free(path);
	buf[n] = '\0';
	return strstr(buf, "<replay-web-page source=\"") != NULL;
}

char *wacz_replay_url(const char *base, const char *url, const char *ts)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p;

	strbuf_addstr(&sb, base);
	if (!sb.len || sb.buf[sb.len - 1] != '/')
		strbuf_addch(&sb, '/');
	/* The hash's parameters are read as a query: the URL encoded. */
	strbuf_addstr(&sb, "index.html#url=");
	for (p = url; *p && *p != '#'; p++) {
		unsigned char ch = (unsigned char)*p;

		if (isalnum(ch) || strchr("-._~/:", ch))
			strbuf_addch(&sb, (char)ch);
		else
			strbuf_addf(&sb, "%%%02X", ch);
	}
	strbuf_addf(&sb, "&ts=%s", ts);
	return strbuf_detach(&sb, NULL);
}

/* ---- reading one back ---- */

/* Where a WARC record whose head is in rec ends, or 0 when not known. */
static long long record_end(const struct strbuf *rec)
{
	const char *end = memmem(rec->buf, rec->len, "\r\n\r\n", 4), *p;
	long long n;

	if (!end)
		return 0;
	p = memmem(rec->buf, (size_t)(end - rec->buf), "\r\nContent-Length: ",
		   18);
	if (!p || sscanf(p + 18, "%lld", &n) != 1 || n < 0 ||
	    n > LLONG_MAX / 2)
		return 0;
	return (long long)(end - rec->buf) + 4 + n + 4;
}

/*
 * The gzip member at [off, off + len) of entry name, inflated to its end
 * (its CRC checked), the first 64 KiB kept in out: a record's head.
 */
static int read_record(zip_t *z, const char *name, long long off,
		       long long len, struct strbuf *out)
{
	zip_file_t *f = zip_fopen(z, name, 0);
	unsigned char in[1 << 16], buf[1 << 16];
	z_stream zs;
	int r = Z_OK, ret = -1;
	long long left = len, most = 0;

	strbuf_reset(out);
	memset(&zs, 0, sizeof(zs));
	if (!f || off < 0 || len <= 0 || zip_fseek(f, off, SEEK_SET) ||
	    inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK)
		goto out;
	while (r == Z_OK) {
		/*
		 * No further than the record's own Content-Length: a member
		 * that inflates past it is no record, and would take long.
		 */
		if (!most && out->len >= (1 << 16))
			break;
		if (most && (long long)zs.total_out > most)
			break;
		if (!zs.avail_in && left > 0) {
			zip_int64_t n = zip_fread(f, in, left < (long long)sizeof(in) ?
						  (zip_uint64_t)left : sizeof(in));

			if (n <= 0)
				break;
			left -= n;
			zs.next_in = in;
			zs.avail_in = (uInt)n;
		}
		zs.next_out = buf;
		zs.avail_out = sizeof(buf);
		r = inflate(&zs, Z_NO_FLUSH);
		if (out->len < (1 << 16)) {
			strbuf_add(out, (char *)buf, sizeof(buf) - zs.avail_out);
			most = record_end(out);
		}
		if (r == Z_BUF_ERROR && !zs.avail_in && left > 0)
			r = Z_OK;
	}
	/* The member ends where the index says, not before nor after. */
	ret = r == Z_STREAM_END && !left && !zs.avail_in ? 0 : -1;
	inflateEnd(&zs);
out:
	if (f)
		zip_fclose(f);
	return ret;
}

/*
 * What --wacz-check holds in memory at once: the index and pages whole
 * (parsed), the rest streamed.  A zip bomb is refused by its sizes.
 */
#define JSON_MAX (16LL << 20)
#define TEXT_MAX (256LL << 20)

/* The size the ZIP gives entry name, or -1 when it has none. */
static long long entry_size(zip_t *z, const char *name)
{
	zip_stat_t zs;

	if (zip_stat(z, name, 0, &zs) || !(zs.valid & ZIP_STAT_SIZE) ||
	    zs.size > (zip_uint64_t)LLONG_MAX)
		return -1;
	return (long long)zs.size;
}

/*
 * Entry name of z, streamed through its sha256 (into hash) and, when sb
 * is given, kept in it; no more than max + 1 bytes are read, *bytes
 * says how many.  -1 when it is not there or not read.
 */
static int read_entry(zip_t *z, const char *name, long long max,
		      struct strbuf *sb, char hash[72], long long *bytes)
{
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();
	zip_file_t *f = zip_fopen(z, name, 0);
	unsigned char d[32];
	char buf[1 << 16];
	unsigned int n = 0;
	zip_int64_t r = 0;
	int ret = -1;

	*bytes = 0;
	if (sb)
		strbuf_reset(sb);
	if (!f || !ctx || !EVP_DigestInit_ex(ctx, EVP_sha256(), NULL))
		goto out;
	while (*bytes <= max && (r = zip_fread(f, buf, sizeof(buf))) > 0) {
		EVP_DigestUpdate(ctx, buf, (size_t)r);
		if (sb)
			strbuf_add(sb, buf, (size_t)r);
		*bytes += r;
	}
	if (r < 0)
		goto out;
	EVP_DigestFinal_ex(ctx, d, &n);
	sha256_name(d, n, hash);
	ret = 0;
out:
	if (f)
		zip_fclose(f);
	EVP_MD_CTX_free(ctx);
	return ret;
}

/* A text entry whole into sb, if no longer than max; -1 after error(). */
static int read_text(zip_t *z, const char *path, const char *name,
		     long long max, struct strbuf *sb)
{
	long long size = entry_size(z, name), got;
	char hash[72];

	if (size > max)
		return error("WACZ '%s': %s is %lld bytes, more than the %lld "
			     "read", path, name, size, max);
	if (size >= 0)
		strbuf_grow(sb, (size_t)size + 1);
	if (size < 0 || read_entry(z, name, max, sb, hash, &got))
		return error("WACZ '%s': no %s that reads", path, name);
	if (got > max)
		return error("WACZ '%s': %s is longer than the ZIP says",
			     path, name);
	return 0;
}

/* The value of a WARC header field in a record's head, or NULL. */
static char *warc_field(const struct strbuf *rec, const char *name)
{
	size_t n = strlen(name);
	const char *p = rec->buf, *end = strstr(rec->buf, "\r\n\r\n");

	while (p && end && p < end) {
		const char *eol = strstr(p, "\r\n");

		if (!eol)
			break;
		if ((size_t)(eol - p) > n + 1 && !strncasecmp(p, name, n) &&
		    p[n] == ':')
			return xstrndup(p + n + 2, (size_t)(eol - p) - n - 2);
		p = eol + 2;
	}
	return NULL;
}

int wacz_check(const char *path)
{
	int err = 0, bad = 0;
	zip_t *z = zip_open(path, ZIP_RDONLY | ZIP_CHECKCONS, &err);
	struct strbuf dp = STRBUF_INIT, sb = STRBUF_INIT, rec = STRBUF_INIT;
	struct strmap captures = STRMAP_INIT;
	struct cdxj x = { NULL, 0, 0 };
	json_t *pkg = NULL, *dig = NULL, *res;
	char hash[72];
	size_t i;

	if (!z)
		return error("'%s' is not a ZIP file libzip can read", path);
	if (read_text(z, path, "datapackage.json", JSON_MAX, &dp) ||
	    read_text(z, path, "datapackage-digest.json", JSON_MAX, &sb)) {
		bad = 1;
		goto out;
	}
	if (!(dig = json_loads(sb.buf, 0, NULL)) ||
	    !(pkg = json_loads(dp.buf, 0, NULL))) {
		error("WACZ '%s': no datapackage.json and "
		      "datapackage-digest.json that parse", path);
		bad = 1;
		goto out;
	}
	sha256_buf(dp.buf, dp.len, hash);
	if (!json_string_value(json_object_get(dig, "hash")) ||
	    strcmp(json_string_value(json_object_get(dig, "hash")), hash)) {
		error("WACZ '%s': datapackage.json is not the one its digest "
		      "names", path);
		bad = 1;
	}
	res = json_object_get(pkg, "resources");
	for (i = 0; i < json_array_size(res); i++) {
		json_t *r = json_array_get(res, i);
		const char *p = json_string_value(json_object_get(r, "path"));
		const char *h = json_string_value(json_object_get(r, "hash"));
		json_int_t b = json_integer_value(json_object_get(r, "bytes"));
		long long size = p ? entry_size(z, p) : -1, got;

		if (!p || !h || size < 0) {
			error("WACZ '%s': resource %zu (%s) is not in it", path,
			      i, p ? p : "no path");
			bad = 1;
			continue;
		}
		/* Read no further than datapackage.json says it goes. */
		if (size != (long long)b ||
		    read_entry(z, p, (long long)b, NULL, hash, &got) ||
		    got != (long long)b || strcmp(h, hash)) {
			error("WACZ '%s': %s does not have the hash and size "
			      "datapackage.json gives", path, p);
			bad = 1;
		}
	}
	/* Every index line names a record that reads back as itself. */
	if (read_text(z, path, "indexes/index.cdxj", TEXT_MAX, &sb) ||
	    cdxj_parse(&x, sb.buf, "indexes/index.cdxj")) {
		error("WACZ '%s': no index that parses", path);
		bad = 1;
		goto out;
	}
	for (i = 0; i < x.nr; i++) {
		const struct cdxj_entry *e = &x.v[i];
		char *name = xstrfmt("archive/%s", e->filename), *uri, *date;
		char *key = xstrfmt("%s %s", e->url, e->ts);
		char ts[15] = "";

		*strmap_put(&captures, key) = (void *)1;
		free(key);
		if (read_record(z, name, e->offset, e->length, &rec) ||
		    strncmp(rec.buf, "WARC/1.1\r\n", 10)) {
			error("WACZ '%s': the record of %s at %s:%lld does not "
			      "read back", path, e->url, name, e->offset);
			bad = 1;
			free(name);
			continue;
		}
		uri = warc_field(&rec, "WARC-Target-URI");
		date = warc_field(&rec, "WARC-Date");
		if (date && strlen(date) >= 19)
			snprintf(ts, sizeof(ts), "%.4s%.2s%.2s%.2s%.2s%.2s", date,
				 date + 5, date + 8, date + 11, date + 14,
				 date + 17);
		if (!uri || strcmp(uri, e->url) || strcmp(ts, e->ts)) {
			error("WACZ '%s': the record at %s:%lld is of %s at %s, "
			      "not of %s at %s", path, name, e->offset,
			      uri ? uri : "nothing", date ? date : "no time",
			      e->url, e->ts);
			bad = 1;
		}
		free(uri);
		free(date);
		free(name);
	}
	/* Every page is a capture of the index. */
	if (read_text(z, path, "pages/pages.jsonl", TEXT_MAX, &sb)) {
		bad = 1;
	} else {
		char *line, *save = NULL;
		size_t n = 0;

		for (line = strtok_r(sb.buf, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save), n++) {
			json_t *o = json_loads(line, 0, NULL);
			const char *u = json_string_value(json_object_get(o, "url"));
			const char *t = json_string_value(json_object_get(o, "ts"));
			char *key = NULL;

			if (n && u && t && strlen(t) >= 19)
				key = xstrfmt("%s %.4s%.2s%.2s%.2s%.2s%.2s", u,
					      t, t + 5, t + 8, t + 11, t + 14,
					      t + 17);
			if (!o || (n && (!key || !strmap_get(&captures, key)))) {
				error("WACZ '%s': page %zu of pages.jsonl is no "
				      "capture of its index", path, n);
				bad = 1;
			}
			free(key);
			json_decref(o);
		}
	}
out:
	json_decref(pkg);
	json_decref(dig);
	cdxj_release(&x);
	strmap_clear(&captures, NULL);
	strbuf_release(&dp);
	strbuf_release(&sb);
	strbuf_release(&rec);
	zip_discard(z);
	return bad ? -1 : 0;
}
