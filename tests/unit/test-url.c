// SPDX-License-Identifier: GPL-2.0-or-later
/* The URL helpers: parsing through libcurl, placeholders, examples, licences. */
#include <curl/curl.h>
#include <locale.h>
#include <stdlib.h>

#include "../../src/url/url.h"
#include "unit.h"

static void test_parse(void)
{
	struct url_info u;

	CHECK(!url_parse("HTTP://WWW.Kernel.ORG/Doc/", &u), "parse upper case");
	CHECK_STR(u.host, "www.kernel.org", "host is lowercased");
	CHECK_STR(u.scheme, "http", "scheme is lowercased");
	CHECK_STR(u.norm, "http://www.kernel.org/Doc/",
		  "path case is kept in the normal form");
	url_info_release(&u);

	CHECK(!url_parse("http://[2001:db8::1]:8080/x", &u), "parse IPv6 literal");
	CHECK_STR(u.host, "[2001:db8::1]", "IPv6 host keeps its brackets");
	url_info_release(&u);

	CHECK(!url_parse("http://b\xc3\xbc" "cher.de/", &u), "parse IDN host");
	CHECK_STR(u.host, "xn--bcher-kva.de", "IDN host is punycode");
	url_info_release(&u);

	CHECK(url_parse("http://", &u) == -1, "no host is rejected");
	CHECK(url_parse("http://exa mple.com/", &u) == -1 ||
	      (u.host && strchr(u.host, ' ') == NULL),
	      "a space in the host is not taken as a host");
	url_info_release(&u);
}

static void test_placeholder(void)
{
	CHECK(url_has_placeholder("http://x.org/%s", 15), "%s is a placeholder");
	CHECK(url_has_placeholder("http://x.org/%02x/", 18), "%02x is a placeholder");
	CHECK(url_has_placeholder("http://x.org/%lu", 16), "%lu is a placeholder");
	CHECK(!url_has_placeholder("http://x.org/a%20b", 18), "%20 is an encoding");
	CHECK(!url_has_placeholder("http://x.org/a%2Cb", 18), "%2C is an encoding");
	CHECK(!url_has_placeholder("http://x.org/a%dAb", 18),
	      "%dA is an encoding, not %d");
	CHECK(url_has_placeholder("http://${HOST}/", 15), "${VAR}");
	CHECK(url_has_placeholder("http://$(HOST)/", 15), "$(VAR)");
	CHECK(url_has_placeholder("http://x.org/<user>/", 20), "<name>");
	CHECK(url_has_placeholder("http://x.org/{id}/", 18), "{name}");
	CHECK(url_has_placeholder("http://xxx.org/", 15), "xxx label");
	CHECK(url_has_placeholder("http://www.XXXX.com/", 20), "XXXX label");
	CHECK(!url_has_placeholder("http://www.xxxfoo.com/", 22),
	      "xxx inside a word is not a placeholder");
	CHECK(!url_has_placeholder("http://www.exxon.com/", 21),
	      "two x are not a placeholder");
}

static void test_example(void)
{
	static const char *const yes[] = {
		"example.com", "www.example.com", "example.org", "example.net",
		"foo.example", "foo.test", "foo.invalid", "localhost",
		"foo.localhost", "printer.local", "127.0.0.1", "10.1.2.3",
		"172.16.0.1", "172.31.255.255", "192.168.0.1", "169.254.1.1",
		"0.0.0.0", "[::1]", "[fe80::1]", "[fd00::1]", "[::ffff:10.0.0.1]",
		"192.0.2.1", "[2001:db8::1]", "link", "power",
		/* No top-level domain: git's manual's examples. */
		"host.xz", "server.lan", "host.xz.", "foo.bar.xyzzy",
	};
	static const char *const no[] = {
		"kernel.org", "examples.com", "example.community", "8.8.8.8",
		"172.32.0.1", "[2001:4860::8888]", "testing.org", "local.org",
		"www.ti.com", "lwn.net", "kernel.org.", "www.bund.de",
		"example.xn--p1ai", "a.museum", "x.co.uk", "x.dev", "git.host",
	};
	size_t i;
	char name[96];

	for (i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
		snprintf(name, sizeof(name), "%s is an example host", yes[i]);
		CHECK(url_host_is_example(yes[i]), name);
	}
	for (i = 0; i < sizeof(no) / sizeof(no[0]); i++) {
		snprintf(name, sizeof(name), "%s is not an example host", no[i]);
		CHECK(!url_host_is_example(no[i]), name);
	}
}

static void test_license(void)
{
	CHECK(url_is_license("www.gnu.org", "http://www.gnu.org/licenses/"),
	      "gnu.org/licenses");
	CHECK(url_is_license("www.gnu.org",
			     "http://www.gnu.org/licenses/old-licenses/gpl-2.0.html"),
	      "old-licenses");
	CHECK(url_is_license("prep.ai.mit.edu", "ftp://prep.ai.mit.edu/pub/gnu/GPL"),
	      "prep.ai.mit.edu GPL");
	CHECK(url_is_license("www.mozilla.org", "http://www.mozilla.org/MPL/"),
	      "mozilla.org/MPL");
	CHECK(url_is_license("creativecommons.org",
			     "https://creativecommons.org/licenses/by/4.0/"),
	      "creativecommons.org/licenses");
	CHECK(url_is_license("opensource.org",
			     "http://opensource.org/licenses/MIT"),
	      "opensource.org/licenses");
	CHECK(!url_is_license("www.gnu.org", "https://www.gnu.org/software/make/"),
	      "other gnu.org pages are not licences");
	CHECK(!url_is_license("lwn.net", "https://lwn.net/Articles/1/"),
	      "lwn is not a licence");
	CHECK(!url_is_license("notgnu.org", "http://notgnu.org/licenses/"),
	      "a host that only ends in gnu.org is not gnu.org");
}

static void test_schemes(void)
{
	CHECK(url_scheme_default("http", 4), "http is default");
	CHECK(url_scheme_default("HTTPS", 5), "HTTPS is default");
	CHECK(url_scheme_default("ftp", 3), "ftp is default");
	CHECK(!url_scheme_default("git", 3), "git is not default");
	CHECK(!url_scheme_default("sftp", 4), "sftp is not default");
}

/* The label rules libcurl leaves to the resolver. */
static void test_host_valid(void)
{
	static const char *const yes[] = {
		"kernel.org", "www.kernel.org", "fqdn.org.", "8.8.8.8",
		"a-b.example.com", "xn--bcher-kva.example", "[::1]", "link",
	};
	static const char *const no[] = {
		"-example.com", "example.org-", "a..b.com", ".a.com",
		"www.-i-connect.net", "docs.oasis-", "111.222.333.444",
		"1.2.3.4.5", "a.b.123",
		"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.org",
	};
	struct url_info info;
	size_t i;
	char name[128];

	for (i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
		snprintf(name, sizeof(name), "%.80s can be a host", yes[i]);
		CHECK(url_host_valid(yes[i]), name);
	}
	for (i = 0; i < sizeof(no) / sizeof(no[0]); i++) {
		snprintf(name, sizeof(name), "%.80s cannot be a host", no[i]);
		CHECK(!url_host_valid(no[i]), name);
	}
	CHECK(url_parse("http://-example.com/", &info) == -1,
	      "url_parse refuses a host that cannot be one");
	CHECK(url_parse("http://1.2.3.4:70000/", &info) == -1,
	      "url_parse refuses a port past 65535");
}

static void test_same_resource(void)
{
	CHECK(url_same_resource("http://a.org/x", "http://A.ORG:80/x"),
	      "same resource: host case and the default port");
	CHECK(url_same_resource("http://a.org", "https://a.org/"),
	      "same resource: http and https, empty path and /");
	CHECK(!url_same_resource("http://a.org:8080/x", "http://a.org/x"),
	      "not the same resource: another port");
	CHECK(!url_same_resource("http://a.org:8080/x", "https://a.org:8080/x"),
	      "nor another scheme where a port is named");
	CHECK(!url_same_resource("http://www.a.org/x", "http://a.org/x"),
	      "nor www. and the bare name");
	CHECK(!url_same_resource("http://a.org/X", "http://a.org/x"),
	      "nor a path in another case");
	CHECK(!url_same_resource("http://a.org/x?a=1", "http://a.org/x"),
	      "nor another query");
	CHECK(!url_same_resource("http://a.org/x", "not a url"),
	      "nor what does not parse");
}

static void test_same_site(void)
{
	CHECK(url_same_site("http://git.lighttpd.net/x",
			    "https://new.git.lighttpd.net/x"),
	      "same site: a subdomain of the same registrable domain");
	CHECK(url_same_site("http://www.kernel.org/", "https://kernel.org/doc/"),
	      "same site: www. and the bare name, http and https");
	CHECK(url_same_site("http://a.co.uk/", "http://www.a.co.uk/"),
	      "same site: under a two-label public suffix");
	CHECK(!url_same_site("https://pagure.io/mailcap/blob/master/f/mime.types",
			     "https://www.nexgen-semi.net/support/docs/mime.html"),
	      "not the same site: another registrable domain");
	CHECK(!url_same_site("http://a.co.uk/", "http://b.co.uk/"),
	      "nor two names under one public suffix");
	CHECK(!url_same_site("https://x.github.io/", "https://y.github.io/"),
	      "nor two users' github.io sites (a public suffix)");
	CHECK(url_same_site("http://192.0.2.1/a", "http://192.0.2.1/b") &&
	      !url_same_site("http://192.0.2.1/a", "http://192.0.2.2/a") &&
	      !url_same_site("http://10.0.2.1/a", "http://10.1.2.1/a"),
	      "an IP literal is its own site");
	CHECK(!url_same_site("http://a.org/", "not a url"),
	      "nor what does not parse");
}

static void test_same_name(void)
{
	CHECK(url_same_name("http://coccinelle.lip6.fr/",
			    "https://coccinelle.lip6.org/"),
	      "same name: lip6.fr renamed lip6.org");
	CHECK(url_same_name("http://www.arm.com/", "https://arm.org/"),
	      "same name: www. aside, another top-level domain");
	CHECK(url_same_name("https://osdn.jp/x", "https://osdn.co.uk/x"),
	      "same name: under a two-label public suffix");
	CHECK(!url_same_name("http://www.arm.com/", "https://www.arm.com/x"),
	      "not renamed: the same registrable domain");
	CHECK(!url_same_name("http://java.sun.com/", "https://www.oracle.com/"),
	      "nor another name");
	CHECK(url_same_name("https://x.github.io/", "https://x.gitlab.io/"),
	      "same name: one user's pages on two forges' suffixes");
	CHECK(!url_same_name("http://192.0.2.1/", "http://192.0.2.2/"),
	      "nor IP literals");
}

int main(void)
{
	setlocale(LC_CTYPE, "C.UTF-8");
	curl_global_init(CURL_GLOBAL_ALL);
	test_parse();
	test_placeholder();
	test_example();
	test_same_resource();
	test_same_site();
	test_same_name();
	test_host_valid();
	test_license();
	test_schemes();
	curl_global_cleanup();
	return unit_done();
}
