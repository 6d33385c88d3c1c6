// SPDX-License-Identifier: GPL-2.0-or-later
/* The archive's formats: SURT keys, sha1 labels, record ids, CDXJ. */
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <curl/curl.h>

#include "../../src/archive/warc.h"
#include "../../src/url/surt.h"
#include "unit.h"

static void surt(const char *url, const char *want)
{
	char *got = surt_key(url);
	char name[256];

	snprintf(name, sizeof(name), "SURT of %s", url);
	CHECK_STR(got, want, name);
	free(got);
}

int main(void)
{
	unsigned char d[20];
	unsigned n;
	char label[38], id[48], id2[48], date[21];
	struct cdxj x = { NULL, 0, 0 }, y;
	char path[] = "/tmp/linkmend-cdxj-XXXXXX";
	int fd;

	curl_global_init(CURL_GLOBAL_ALL);
	/* ARCHIVES.md's examples. */
	surt("http://www.archive.org/", "org,archive)/");
	surt("http://archive.org/goo/?a=2&b&a=1", "org,archive)/goo?a=1&a=2&b");
	surt("http://example.com?example=1", "com,example)/?example=1");
	surt("HTTPS://WWW2.Example.COM:443/Path/Page.HTML#frag", "com,example)/path/page.html");
	surt("http://user:pw@example.com:8080/a/", "com,example:8080)/a");
	surt("http://example.com/?", "com,example)/");
	surt("http://www.example.com", "com,example)/");
	/* Found by fuzz-url: a query of separators alone. */
	surt("http://example.com/?&&", "com,example)/");
	CHECK(surt_key("not a url") == NULL, "no SURT for what is not a URL");

	EVP_Digest("Hello World\n\n", 13, d, &n, EVP_sha1(), NULL);
	warc_sha1_label(d, label);
	CHECK_STR(label, "sha1:XMABAYFTCASBJ5QATNBILSXH6PSZEMG4",
		  "the WARC spec's digest test vector");
	CHECK(!warc_record_id(id) && !warc_record_id(id2),
	      "record ids are made");
	CHECK(strlen(id) == 47 && !strncmp(id, "<urn:uuid:", 10) && id[24] == '4' &&
	      strchr("89ab", id[29]) != NULL, "a record id is a version 4 UUID URN");
	CHECK(strcmp(id, id2) != 0, "record ids differ");
	warc_date(1764742855LL, date);
	CHECK_STR(date, "2025-12-03T06:20:55Z", "WARC-Date is UTC, to the second");

	cdxj_add(&x, "http://b.example.org/x", "20260101000000", "text/html", 200,
		 "AAAA", 100, 5, "f.warc.gz");
	cdxj_add(&x, "http://a.example.org/y", "20250101000000", "", 404,
		 "BBBB", 10, 200, "f.warc.gz");
	fd = mkstemp(path);
	CHECK(fd >= 0, "a scratch file");
	if (fd >= 0)
		close(fd);
	CHECK(cdxj_write(&x, path) == 0, "the index is written");
	CHECK(cdxj_read(&y, path) == 0 && y.nr == 2, "and read back");
	if (y.nr == 2) {
		CHECK_STR(y.v[0].surt, "org,example,a)/y", "lines are sorted by key");
		CHECK_STR(y.v[0].mime, "unk", "an unknown type is 'unk'");
		CHECK(y.v[0].status == 404 && y.v[0].offset == 200 &&
		      y.v[0].length == 10, "numbers survive as pywb's strings");
		CHECK_STR(y.v[1].url, "http://b.example.org/x", "the URL as captured");
	} else {
		CHECKS_NOT_RUN(4, "the count above is wrong");
	}
	cdxj_release(&y);
	cdxj_release(&x);
	{
		FILE *f = fopen(path, "w");

		fputs("org,a)/ 20250101000000 {\"url\": \"http://a.org/\"}\nbroken line\n", f);
		fclose(f);
	}
	CHECK(cdxj_read(&y, path) == -1, "a broken line is an error naming it");
	unlink(path);
	curl_global_cleanup();
	return unit_done();
}
