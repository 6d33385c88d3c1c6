// SPDX-License-Identifier: GPL-2.0-or-later
/* What check reads in a page: soft-404 evidence, parking, script moves. */
#include <curl/curl.h>
#include <stdlib.h>

#include "../../src/check/page.h"
#include "unit.h"

static void body(struct strbuf *sb, const char *s)
{
	strbuf_reset(sb);
	strbuf_addstr(sb, s);
}

static void test_skeleton(void)
{
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	unsigned char da[32], db[32];

	/* The same not-found page twice: ids, times, tokens, the path. */
	body(&a, "<html><head><title>Page not found</title><meta content=\"Zq8xK2mN_Lp0vRt5-Yw3HcXe\"></head>"
		 "<body><p>We looked for /docs/gone.html and found nothing.</p>"
		 "<a href=\"/search?q=%2Fdocs%2Fgone.html\">Search</a>"
		 "<footer>Request 8f3a9c2e71b4 at 2026-12-06T02:31:12.345678Z</footer></body></html>");
	body(&b, "<html><head><title>Page not found</title><meta content=\"aB9_cD8eF7gH6iJ5kL4mN3oP\"></head>"
		 "<body><p>We looked for /linkmend-probe-0123abcd and found nothing.</p>"
		 "<a href=\"/search?q=%2Flinkmend-probe-0123abcd\">Search</a>"
		 "<footer>Request 0c1d2e3f4a5b at 2026-12-06T02:31:13.000001Z</footer></body></html>");
	page_digest(&a, "http://h.test/docs/gone.html", da);
	page_digest(&b, "http://h.test/linkmend-probe-0123abcd", db);
	CHECK(memcmp(da, db, 32), "whole-body digests differ (the setup works)");
	page_skeleton(&a, "http://h.test/docs/gone.html", da);
	page_skeleton(&b, "http://h.test/linkmend-probe-0123abcd", db);
	CHECK(!memcmp(da, db, 32), "what stays of them is the same");
	body(&b, "<html><head><title>Widget manual</title></head><body><p>How the widget is used.</p></body></html>");
	page_skeleton(&b, "http://h.test/real", db);
	CHECK(memcmp(da, db, 32), "a real page is another");
	strbuf_release(&a);
	strbuf_release(&b);
}

static void test_title(void)
{
	struct strbuf a = STRBUF_INIT;
	char *t;

	body(&a, "<html><head><title>\n  404 - Page <b>Not</b>\n Found </title></head></html>");
	t = page_not_found_title(&a);
	CHECK_STR(t, "404 - Page Not Found", "a not-found title, as text");
	free(t);
	body(&a, "<html><head><title>Acme</title></head><body><h1>This page does not exist</h1></body></html>");
	t = page_not_found_title(&a);
	CHECK(t && !strcmp(t, "This page does not exist"), "else the first heading's");
	free(t);
	body(&a, "<html><head><title>Widget manual</title></head><body><h1>Widget</h1></body></html>");
	CHECK(!page_not_found_title(&a), "a page's own title is none");
	strbuf_release(&a);
}

static void test_script(void)
{
	struct strbuf a = STRBUF_INIT;
	char *u;

	body(&a, "<html><head><script>window.location.replace(\"https://new.test/page\");</script></head><body>Redirecting</body></html>");
	u = page_script_redirect(&a, "http://old.test/x");
	CHECK_STR(u, "https://new.test/page", "location.replace on a stub page");
	free(u);
	body(&a, "<script type=\"text/javascript\">document.location.href = '/moved/here';</script>");
	u = page_script_redirect(&a, "http://old.test/a/b");
	CHECK_STR(u, "http://old.test/moved/here", "location.href, relative, resolved");
	free(u);
	body(&a, "<html><body><p>A long page of its own, with words enough that a reader "
		 "reads it: the script below only runs on a click, and the page is the "
		 "page the link means.  It goes on for a while, as real pages do, well "
		 "past what a redirect stub says.</p><script>function go(){location.href=\"/x\";}</script></body></html>");
	CHECK(!page_script_redirect(&a, "http://old.test/"), "not on a page with text of its own");
	body(&a, "<a onclick=\"location.href='/x'\">x</a>");
	CHECK(!page_script_redirect(&a, "http://old.test/"), "nor outside a script");
	body(&a, "<script>var relocation='/x'; mylocation=\"/y\";</script>");
	CHECK(!page_script_redirect(&a, "http://old.test/"), "nor another name ending in location");
	/* A JavaScript string literal is decoded, as the browser does. */
	body(&a, "<script>location.replace(\"http://h.test/land\\u0065d\");</script>");
	u = page_script_redirect(&a, "http://old.test/");
	CHECK_STR(u, "http://h.test/landed", "a \\u escape in the literal is decoded");
	free(u);
	body(&a, "<script>location.href = 'http:\\/\\/h.test\\/it\\'s\\x2dhere';</script>");
	u = page_script_redirect(&a, "http://old.test/");
	CHECK_STR(u, "http://h.test/it's-here", "escaped slashes, quotes and \\x too");
	free(u);
	body(&a, "<script>location.href = \"http://h.test/say \\\"caf\\u00e9\\\"\";</script>");
	u = page_script_redirect(&a, "http://old.test/");
	CHECK_STR(u, "http://h.test/say%20%22caf%C3%A9%22",
		  "an escaped quote does not end the literal; past ASCII, UTF-8 encoded");
	free(u);
	body(&a, "<script>location.replace(\"http://h.test/\" + \"x\");</script>");
	CHECK(!page_script_redirect(&a, "http://old.test/"),
	      "no target offered for a concatenation");
	body(&a, "<script>location.href = `http://h.test/${p}`;</script>");
	CHECK(!page_script_redirect(&a, "http://old.test/"), "nor for a template");
	body(&a, "<script>location.href = base; location.replace('/y');</script>");
	CHECK(!page_script_redirect(&a, "http://old.test/"),
	      "nor when one call names a variable");
	body(&a, "<script>location.replace(\"/a\\nb\");</script>");
	CHECK(!page_script_redirect(&a, "http://old.test/"),
	      "nor for a literal no URL could be (a line break)");
	body(&a, "<script>if (location.href == '/x') go();</script>");
	CHECK(!page_script_redirect(&a, "http://old.test/"), "a comparison sends nobody anywhere");
	strbuf_release(&a);
}

static void test_parked(void)
{
	struct strbuf a = STRBUF_INIT;

	body(&a, "<script>window.location.href=\"//lander.svc.test/?d=x.test\"</script>");
	CHECK(page_is_parked(&a), "a lander named by a protocol-relative URL");
	body(&a, "<html><body>the lander of our rocket</body></html>");
	CHECK(!page_is_parked(&a), "the word alone is not");
	strbuf_release(&a);
}

int main(void)
{
	curl_global_init(CURL_GLOBAL_ALL);
	test_skeleton();
	test_title();
	test_script();
	test_parked();
	curl_global_cleanup();
	return unit_done();
}
