// SPDX-License-Identifier: GPL-2.0-or-later
/* scan_buffer on input that is not a tidy source file. */
#include <curl/curl.h>
#include <stdlib.h>

#include "../../src/lib/xalloc.h"
#include "../../src/scan/scan.h"
#include "unit.h"

static struct occ_list scan(const char *path, const char *buf, size_t len,
			    int *rc)
{
	struct scan_opts opts = { 0 };
	struct occ_list l = { NULL, 0, 0 };
	char *copy = xmalloc(len + 1);

	memcpy(copy, buf, len);
	copy[len] = '\0';
	*rc = scan_buffer(path, copy, len, &opts, &l);
	free(copy);
	return l;
}

static void test_binary(void)
{
	static const char bin[] = "\x7f" "ELF\0\0\0http://www.kernel.org/\n";
	struct occ_list l;
	int rc;

	l = scan("a.out", bin, sizeof(bin) - 1, &rc);
	CHECK(rc == 1 && l.nr == 0, "a NUL in the first 8000 bytes: binary, skipped");
	occ_list_release(&l);
}

static void test_invalid_utf8(void)
{
	static const char txt[] = "see http://www.foo.org/a\xff\xfe/b and "
				  "http://www.foo.org/c\xc3\n";
	struct occ_list l;
	int rc;

	l = scan("README", txt, sizeof(txt) - 1, &rc);
	CHECK(rc == 0 && l.nr == 2, "invalid UTF-8: both URLs found");
	if (l.nr == 2) {
		CHECK_STR(l.v[0].url, "http://www.foo.org/a", "a bad byte ends a URL");
		CHECK_STR(l.v[1].url, "http://www.foo.org/c",
			  "a truncated sequence ends a URL");
	} else {
		CHECKS_NOT_RUN(2, "the count above is wrong");
	}
	occ_list_release(&l);
}

static void test_crlf(void)
{
	static const char txt[] = "line one\r\n * http://www.foo.org/x\r\nnext "
				  "http://www.foo.org/y\r\n";
	struct occ_list l;
	int rc;

	l = scan("notes.txt", txt, sizeof(txt) - 1, &rc);
	CHECK(l.nr == 2, "CRLF: both URLs found");
	if (l.nr == 2) {
		CHECK_STR(l.v[0].url, "http://www.foo.org/x", "CR ends a URL");
		CHECK(l.v[0].line == 2 && l.v[0].col == 4, "CRLF: line 2 col 4");
		CHECK(l.v[1].line == 3 && l.v[1].col == 6, "CRLF: line 3 col 6");
	} else {
		CHECKS_NOT_RUN(3, "the count above is wrong");
	}
	occ_list_release(&l);
}

static void test_huge_line(void)
{
	size_t n = 16u << 20, i, k = 0;
	char *buf = xmalloc(n + 1);
	struct scan_opts opts = { 0 };
	struct occ_list l = { NULL, 0, 0 };
	int rc, ok = 1;

	/* 16 MB on one line: a URL every 64 KB, and filler between. */
	memset(buf, 'a', n);
	for (i = 1000; i + 64 < n; i += 65536, k++) {
		memcpy(buf + i, " http://www.foo.org/p ", 22);
	}
	buf[n] = '\0';
	rc = scan_buffer("big.c", buf, n, &opts, &l);
	CHECK(rc == 0 && l.nr == k, "a 16 MB line: every URL found");
	for (i = 0; i < l.nr; i++)
		if (l.v[i].line != 1 || l.v[i].col != 1000 + 65536 * i + 2)
			ok = 0;
	CHECK(ok, "a 16 MB line: columns exact");
	occ_list_release(&l);
	free(buf);
}

static void test_max_url(void)
{
	size_t n = SCAN_MAX_URL * 2, i;
	char *buf = xmalloc(n + 1);
	struct scan_opts opts = { 0 };
	struct occ_list l = { NULL, 0, 0 };
	int rc;

	memcpy(buf, "http://www.foo.org/", 19);
	for (i = 19; i < n; i++)
		buf[i] = 'b';
	buf[n] = '\0';
	rc = scan_buffer("long.txt", buf, n, &opts, &l);
	CHECK(rc == 0 && l.nr == 1, "an endless URL is one occurrence");
	if (l.nr == 1) {
		CHECK(strlen(l.v[0].url) == SCAN_MAX_URL, "cut at SCAN_MAX_URL");
		CHECK(l.v[0].flags & OCC_TRUNCATED, "and flagged truncated");
	} else {
		CHECKS_NOT_RUN(2, "the count above is wrong");
	}
	occ_list_release(&l);
	free(buf);
}

static void test_edges(void)
{
	static const char a[] = "http://";
	static const char b[] = "x http:// y";
	static const char c[] = "/* unterminated comment http://www.foo.org/";
	static const char d[] = "char *s = \"unterminated http://www.foo.org/\n";
	struct occ_list l;
	int rc;

	l = scan("a.c", a, sizeof(a) - 1, &rc);
	CHECK(l.nr == 0, "a bare scheme at the end of a file is no URL");
	occ_list_release(&l);
	l = scan("b.c", b, sizeof(b) - 1, &rc);
	CHECK(l.nr == 0, "a bare scheme is no URL");
	occ_list_release(&l);
	l = scan("c.c", c, sizeof(c) - 1, &rc);
	CHECK(l.nr == 1 && l.v[0].ctx == CTX_C_COMMENT,
	      "an unterminated comment still holds its URL");
	occ_list_release(&l);
	l = scan("d.c", d, sizeof(d) - 1, &rc);
	CHECK(l.nr == 1 && l.v[0].ctx == CTX_C_STRING &&
	      !strcmp(l.v[0].url, "http://www.foo.org/"),
	      "an unterminated string ends at the line");
	occ_list_release(&l);
}

int main(void)
{
	curl_global_init(CURL_GLOBAL_ALL);
	test_binary();
	test_invalid_utf8();
	test_crlf();
	test_huge_line();
	test_max_url();
	test_edges();
	curl_global_cleanup();
	return unit_done();
}
