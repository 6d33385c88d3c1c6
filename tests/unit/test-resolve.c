// SPDX-License-Identifier: GPL-2.0-or-later
/* Archive replies, the capture choice, and the guessing helpers. */
#include <curl/curl.h>
#include <stdlib.h>

#include "../../src/lib/xalloc.h"
#include "../../src/resolve/archive.h"
#include "../../src/resolve/cdxgroup.h"
#include "../../src/resolve/dating.h"
#include "../../src/resolve/likeness.h"
#include "../../src/resolve/pattern.h"
#include "../../src/resolve/suggest.h"
#include "unit.h"

/* Field for field as ../shared/ARCHIVES.md gives the CDX JSON. */
static const char cdx[] =
	"[[\"timestamp\",\"original\",\"statuscode\",\"mimetype\"],\n"
	"[\"20010101000000\", \"http://a.org/x\", \"200\", \"text/html\"],\n"
	"[\"20040101000000\", \"http://a.org/x\", \"302\", \"text/html\"],\n"
	"[\"20050101000000\", \"http://a.org/x\", \"404\", \"text/html\"],\n"
	"[\"20080101000000\", \"http://a.org/x\", \"200\", \"text/html\"]]\n";

static void test_cdx(void)
{
	struct captures c = { NULL, 0, 0 };

	CHECK(!cdx_parse("http://a.org/x", cdx, &c) && c.nr == 4, "CDX JSON: four captures");
	CHECK(c.nr == 4 && c.v[1].status == 302 && !strcmp(c.v[3].ts, "20080101000000"),
	      "CDX JSON: fields by the header row");
	CHECK(capture_choose(&c, "20060601000000") == 0,
	      "nearest 200 before the date, not the nearer 302 or 404");
	CHECK(capture_choose(&c, "20000101000000") == 0,
	      "none before: the nearest after");
	CHECK(capture_choose(&c, "20090101000000") == 3, "the newest when all are before");
	c.v[0].rejected = 1;
	CHECK(capture_choose(&c, "20060601000000") == 3,
	      "a rejected capture is passed over, for the next after");
	captures_release(&c);
	/* nmap's zenmap/zenmapGUI/App.py: a 1996 capture of a 2019 page. */
	CHECK(!cdx_parse("http://a.org/x",
			 "[[\"timestamp\",\"original\"],"
			 "[\"19960101000000\", \"http://a.org/x\"],"
			 "[\"20210101000000\", \"http://a.org/x\"]]", &c) &&
	      capture_choose(&c, "20200101000000") == 1,
	      "a capture 24 years before the line yields to one a year after");
	CHECK(capture_choose(&c, "19970101000000") == 0,
	      "a year before the line is still the one before");
	captures_release(&c);
	{
		char d[15];

		/* nmap's nbase/nbase_str.c and FPEngine.cc. */
		CHECK(!url_published("http://blogs.msdn.com/b/oldnewthing/"
				     "archive/2011/04/23/10157337.aspx", d) &&
		      !strcmp(d, "20110423000000"), "a date in the path");
		CHECK(!url_published("http://seclists.org/nmap-dev/2015/q1/218",
				     d) && !strcmp(d, "20150101000000"),
		      "a list archive's quarter");
		CHECK(!url_published("https://a.org/news/2007-08-09-x.html", d) &&
		      !strcmp(d, "20070809000000"), "a dashed date");
		CHECK(!url_published("https://lpc.events/2010/", d) &&
		      !strcmp(d, "20090101000000"),
		      "a year alone counts from the year before");
		/* tcpdump's tcpdump.c:2711. */
		CHECK(!url_published("https://blogs.msdn.microsoft.com/"
				     "oldnewthing/20151230-00/?p=92741", d) &&
		      !strcmp(d, "20151230000000"),
		      "a day's digits run together (\"20151230-00\")");
		CHECK(url_published("https://a.org/id/20151399/", d) == -1 &&
		      url_published("https://a.org/id/201512301/", d) == -1,
		      "eight digits that are no day, or nine, are no date");
		CHECK(url_published("https://a.org/rfc2009.txt", d) == -1 &&
		      url_published("https://a.org/x/12345/", d) == -1 &&
		      url_published("https://a.org/2011/13/", d) == 0 &&
		      !strcmp(d, "20100101000000"),
		      "no date in a name, a number or a month 13");
		CHECK(!cdx_parse("http://a.org/2011/04/23/p",
				 "[[\"timestamp\",\"original\"],"
				 "[\"20110419000000\", \"http://a.org/2011/04/23/p\"],"
				 "[\"20110501000000\", \"http://a.org/2011/04/23/p\"]]",
				 &c) &&
		      captures_reject_unpublished(&c, "http://a.org/2011/04/23/p",
						  d) == 1 &&
		      capture_choose(&c, "20110420000000") == 1,
		      "a capture before the page's date is not offered");
		captures_release(&c);
	}
	CHECK(!cdx_parse("http://a.org/", "[]", &c) && c.nr == 0, "an empty reply has no capture");
	CHECK(cdx_parse("http://a.org/", "<html>rate limited</html>", &c) == -1, "HTML is refused");
	CHECK(cdx_parse("http://a.org/", "[[\"urlkey\"],[\"x\"]]", &c) == -1,
	      "a reply without timestamp and original is refused");
	CHECK(!cdx_parse("http://a.org/", "[[\"timestamp\",\"original\"],[\"2001\", \"u\"],[\"not-a-ts-123456\", \"u\"]]", &c) &&
	      c.nr == 0, "rows with bad timestamps are skipped");
	captures_release(&c);
	/* The archive's key drops www. and the port: another page's capture. */
	CHECK(!cdx_parse("http://a.org:8080/x",
			 "[[\"timestamp\",\"original\"],"
			 "[\"20010101000000\", \"http://a.org/x\"],"
			 "[\"20020101000000\", \"http://www.a.org:8080/x\"],"
			 "[\"20030101000000\", \"http://a.org:8080/x\"],"
			 "[\"20040101000000\", \"http://a.org:8080/x?y=1\"]]", &c) &&
	      (captures_keep_same(&c, "http://a.org:8080/x"), c.nr == 1) && !strcmp(c.v[0].ts, "20030101000000"),
	      "only captures of the URL itself: not another port, host or query");
	captures_release(&c);
	CHECK(!cdx_parse("http://A.org/x",
			 "[[\"timestamp\",\"original\"],"
			 "[\"20010101000000\", \"http://a.org:80/x\"],"
			 "[\"20020101000000\", \"https://a.org/x\"]]", &c) &&
	      (captures_keep_same(&c, "http://A.org/x"), c.nr == 2), "but the host's case, its scheme's own port and https are the same page");
	captures_release(&c);
}

static void test_cdxgroup(void)
{
	static const char *const urls[] = {
		"http://a.org/x.html#one",	/* 0 */
		"https://www.a.org/y",		/* 1 */
		"http://a.org/q?id=1",		/* 2: a query, alone */
		"http://b.org/only",		/* 3: one key on its host: alone */
		"http://a.org/x.html#two",	/* 4: x.html again */
		"http://a.org:8080/z",		/* 5: another port, another host */
		"http://a.org/%7Euser",		/* 6: an escape, alone */
		"http://a.org/x/../y",		/* 7: a dot segment, alone */
	};
	const char *many[CDXGROUP_MAX_KEYS + 1];
	struct cdx_plan p;
	char *rep[3] = { NULL, NULL, NULL };
	size_t i;

	CHECK(cdxgroup_plain("http://www.A.org/Path/x-1_2.~html"), "a plain URL");
	CHECK(!cdxgroup_plain("http://a.org/x?y") && !cdxgroup_plain("http://a.org/x?"),
	      "a query is not plain");
	CHECK(!cdxgroup_plain("http://u@a.org/x") && !cdxgroup_plain("ftp://a.org/x") &&
	      !cdxgroup_plain("http://a.org/a%20b") && !cdxgroup_plain("http://a.org//x") &&
	      !cdxgroup_plain("http://a.org/./x") && !cdxgroup_plain("http://[::1]/x") &&
	      !cdxgroup_plain("http://a.org/a;b"),
	      "nor user info, another scheme, an escape, empty or dot segments, "
	      "an address literal, parameters");
	cdxgroup_plan("https://wb", urls, 8, &p);
	CHECK(p.nr == 1 && p.v[0].nkeys == 2 && p.v[0].nmembers == 3,
	      "one group: a.org's two plain pages, x.html by two links");
	CHECK(p.nr == 1 && !strcmp(p.v[0].keys[0], "org,a)/x.html") &&
	      !strcmp(p.v[0].keys[1], "org,a)/y"), "its keys, sorted");
	CHECK(p.nr == 1 && p.v[0].page[0] == 0 && p.v[0].page[1] == 4 &&
	      p.v[0].page[2] == 1 && p.v[0].key_of[1] == 0 && p.v[0].key_of[2] == 1,
	      "each member's page and key");
	CHECK(p.nalone == 5, "the rest asked alone");
	CHECK(p.nr == 1 && !strcmp(p.v[0].query, "https://wb/cdx/search/cdx?"
		"url=http%3A%2F%2Fa.org%2F&matchType=prefix&output=json"
		"&fl=urlkey,timestamp,original,statuscode,mimetype,digest"
		"&filter=statuscode%3A%28200%7C301%7C308%29&filter=urlkey%3A%5E%28org%5C%2Ca%5C%29"
		"%5C%2Fx%5C.html%7Corg%5C%2Ca%5C%29%5C%2Fy%29%24"),
	      "the query: the common prefix, the keys anchored and escaped");
	CHECK(p.nr == 1 && !cdxgroup_split(&p.v[0],
		"[[\"urlkey\",\"timestamp\",\"original\"],\n"
		"[\"org,a)/x.html\", \"20010101000000\", \"http://a.org/x.html\"],\n"
		"[\"org,a)/x.html2\", \"20010101000000\", \"http://a.org/x.html2\"],\n"
		"[\"org,a)/x.html\", \"20020101000000\", \"http://www.a.org/x.html\"]]\n",
		rep) && rep[0] && !strcmp(rep[0], rep[1]) && !strcmp(rep[2], "[]"),
	      "split: each member its key's rows, none for a page with none");
	CHECK(rep[0] && !strcmp(rep[0], "[[\"urlkey\",\"timestamp\",\"original\"],"
		"[\"org,a)/x.html\",\"20010101000000\",\"http://a.org/x.html\"],"
		"[\"org,a)/x.html\",\"20020101000000\",\"http://www.a.org/x.html\"]]"),
	      "a member's reply: the header and its rows only");
	for (i = 0; i < 3; i++)
		free(rep[i]);
	CHECK(p.nr == 1 && cdxgroup_split(&p.v[0], "[[\"timestamp\",\"original\"],"
		"[\"20010101000000\", \"http://a.org/y\"]]", rep) == -1,
	      "a reply without urlkey is refused");
	CHECK(p.nr == 1 && cdxgroup_split(&p.v[0], "<html>busy</html>", rep) == -1,
	      "so is HTML");
	CHECK(p.nr == 1 && !cdxgroup_split(&p.v[0], "[]", rep) &&
	      !strcmp(rep[0], "[]") && !strcmp(rep[2], "[]"), "an empty reply: none for all");
	for (i = 0; i < 3; i++)
		free(rep[i]);
	cdxgroup_plan_release(&p);

	for (i = 0; i <= CDXGROUP_MAX_KEYS; i++)
		many[i] = xstrfmt("http://c.org/docs/p%02zu", i);
	cdxgroup_plan("https://wb", many, CDXGROUP_MAX_KEYS + 1, &p);
	CHECK(p.nr == 1 && p.v[0].nkeys == CDXGROUP_MAX_KEYS && p.nalone == 1,
	      "a host with one key too many: a full group, the last page alone");
	CHECK(p.nr == 1 && strstr(p.v[0].query, "url=http%3A%2F%2Fc.org%2Fdocs%2Fp&"),
	      "the prefix is the keys' common start");
	cdxgroup_plan_release(&p);
	for (i = 0; i <= CDXGROUP_MAX_KEYS; i++)
		free((char *)many[i]);
}

static void test_timemap(void)
{
	static const char tm[] =
		"<http://a.example.org/>; rel=\"original\",\n"
		"<http://arch.example.net/timemap/link/http://a.example.org/>; rel=\"self\"; type=\"application/link-format\",\n"
		"<http://arch.example.net/web/20000620180259/http://a.example.org/>; rel=\"first memento\"; datetime=\"Tue, 20 Jun 2000 18:02:59 GMT\",\n"
		"<http://arch.example.net/web/20080409203051/http://a.example.org/>; rel=\"last memento\"; datetime=\"Wed, 09 Apr 2008 20:30:51 GMT\"\n";
	struct captures c = { NULL, 0, 0 };

	CHECK(!timemap_parse(tm, &c) && c.nr == 2, "TimeMap: two mementos");
	CHECK(c.nr == 2 && !strcmp(c.v[0].ts, "20000620180259") &&
	      !strcmp(c.v[1].memento, "http://arch.example.net/web/20080409203051/http://a.example.org/"),
	      "TimeMap: datetime and memento URL");
	captures_release(&c);
}

static void test_suggest(void)
{
	char *id, *u;

	CHECK(edit_distance("armlinux.simnte.co.uk", "armlinux.simtec.co.uk", 2) == 2,
	      "simnte/simtec: two edits");
	CHECK(edit_distance("kernel.org", "kernel.org", 2) == 0, "same: none");
	CHECK(edit_distance("a.org", "abcdef.org", 2) == 3, "far apart: over the cap");
	CHECK(host_is_old_mail_archive("lkml.org") &&
	      host_is_old_mail_archive("www.spinics.net") &&
	      host_is_old_mail_archive("marc.info") &&
	      !host_is_old_mail_archive("lore.kernel.org") &&
	      !host_is_old_mail_archive("notlkml.org"),
	      "old mail archives as checkpatch.pl names them");
	id = message_id_in_page("<pre>Message-ID: &lt;123.456@host.org&gt;</pre>");
	CHECK_STR(id, "123.456@host.org", "Message-ID, HTML-escaped");
	free(id);
	id = message_id_in_page("Subject: x\nMessage-Id: <a+b@c.d>\n");
	CHECK_STR(id, "a+b@c.d", "Message-Id, plain");
	free(id);
	CHECK(message_id_in_page("no id here <x@y>") == NULL, "no Message-ID: none");
	u = url_with_host("http://old.org/a/b?c#d", "new.org");
	CHECK_STR(u, "http://new.org/a/b?c#d", "a URL on another host keeps the rest");
	free(u);
}

static void test_ts(void)
{
	char ts[15];

	ts14(0, ts);
	CHECK_STR(ts, "19700101000000", "ts14 of the epoch");
	ts14(1149163200, ts);
	CHECK_STR(ts, "20060601120000", "ts14 is UTC");
}

/*
 * A URL's date is the commit that added it to its file, or to the file it
 * was renamed from: a line rewrapped later keeps it; a URL the history
 * never shows whole has none.
 */
static void test_dating(void)
{
	char dir[] = "/tmp/lm-dating-XXXXXX";
	struct dating_item v[4];

	if (unit_git_repo(dir,
		"c() { git add -A; GIT_AUTHOR_DATE=$1 GIT_COMMITTER_DATE=$1 "
		"  git commit -qm \"$2\"; };"
		"printf '/* see http://a.org/one */\\nint x;\\n' > a.c;"
		"c 2006-06-01T00:00:00Z add;"
		"printf '/*  see http://a.org/one\\n * and http://b.org/two */\\nint x;\\n' > a.c;"
		"c 2010-01-01T00:00:00Z rewrap;"
		"git mv a.c b.c; c 2015-01-01T00:00:00Z rename;"
		"printf '/*  see http://a.org/one\\n * and http://b.org/two\\n * http://c.org/\\n * three */\\nint x;\\n' > b.c;"
		"c 2020-01-01T00:00:00Z wrapped")) {
		CHECK(0, "the history is made (the setup works)");
		return;
	}
	memset(v, 0, sizeof(v));
	v[0].path = "b.c";
	v[0].url = "http://a.org/one";
	v[1].path = "b.c";
	v[1].url = "http://b.org/two";
	v[2].path = "b.c";
	v[2].url = "http://c.org/three";	/* joined by scan */
	v[3].path = "b.c";
	v[3].url = "http://c.org/";
	CHECK(!dating_run(dir, v, 4, 0), "the history is read");
	CHECK(v[0].date == 1149120000 && v[0].first,
	      "rewrapped, then renamed: the day it was added (the first commit)");
	CHECK(v[1].date == 1262304000 && !v[1].first,
	      "another URL: the day it was added");
	CHECK(v[2].date == 0, "a URL the history shows only wrapped: no date");
	CHECK(v[3].date == 1577836800, "its first part alone is a URL too");
	unit_remove(dir);
}

/* A rule learnt from one move, applied to another URL of the site. */
static char *learn_apply(const char *old, const char *new, unsigned flags,
			 const char *url)
{
	struct pattern r;
	char *got;

	if (pattern_learn(old, new, flags, &r))
		return NULL;
	got = pattern_apply(&r, url);
	pattern_release(&r);
	return got;
}

static int same_str(char *got, const char *want)
{
	int ok = got && want ? !strcmp(got, want) : got == want;

	if (!ok)
		printf("# got %s, want %s\n", got ? got : "NULL",
		       want ? want : "NULL");
	free(got);
	return ok;
}

static void test_pattern(void)
{
	struct pattern a, b;
	char *ka, *kb;

	/* IBM developerWorks to developer.ibm.com: host, prefix, extension. */
	CHECK(same_str(learn_apply(
		"http://www.ibm.com/developerworks/linux/library/l-kprobes.html",
		"https://developer.ibm.com/articles/l-kprobes/", 0,
		"http://www.ibm.com/developerworks/linux/library/l-rcu.html"),
		"https://developer.ibm.com/articles/l-rcu/"),
	      "rewrite: a new host, a prefix replaced, .html made a directory");
	CHECK(same_str(learn_apply(
		"http://www.ibm.com/developerworks/linux/library/l-kprobes.html",
		"https://developer.ibm.com/articles/l-kprobes/", 0,
		"http://www.ibm.com/developerworks/aix/library/l-rcu.html"), NULL),
	      "rewrite: not applied outside the prefix it was learnt on");
	CHECK(same_str(learn_apply("http://a.org/x/y/Foo.html",
				   "http://a.org/docs/x/y/Foo.html", 0,
				   "http://a.org/z/Bar_Baz.html"),
		       "http://a.org/docs/z/Bar_Baz.html"),
	      "rewrite: the kept directory segments are kept for another page");
	CHECK(same_str(learn_apply("http://a.org/x/Big_Page.html",
				   "http://a.org/docs/big-page/", PATTERN_ANY_DIR,
				   "http://a.org/other/dir/Setup_Guide.html"),
		       "http://a.org/docs/setup-guide/"),
	      "rewrite: any directory, separators and case, extension");
	CHECK(same_str(learn_apply(
		"http://dl.x.org/A64/A64_Datasheet_V1.1.pdf",
		"http://dl.x.org/documentation/a64-datasheet-v1-1/",
		PATTERN_ANY_DIR | PATTERN_ANY_EXT,
		"http://dl.x.org/A31/IC/A31%20user%20manual%20V1.1.html"),
		"http://dl.x.org/documentation/a31-user-manual-v1-1/"),
	      "rewrite: any extension; a percent-encoded space a separator");
	CHECK(same_str(learn_apply("http://a.org/x/A.pdf", "http://a.org/y/A.pdf",
				   0, "http://a.org/x/B.html"), NULL),
	      "rewrite: not applied to another extension unless learnt so");
	CHECK(same_str(learn_apply("http://a.org/x/A.pdf", "https://b.org/x/A.pdf",
				   PATTERN_ANY_EXT, "http://a.org/x/B.html"),
		       "https://b.org/x/B.html"),
	      "rewrite: any extension kept as it was");
	CHECK(pattern_learn("http://a.org/x/a.html", "http://a.org/x/b.html", 0, &a) == -1,
	      "rewrite: another name is no rewrite");
	CHECK(pattern_learn("http://a.org/docs/x/a.html", "http://b.org/new/x/a.html", PATTERN_ANY_DIR, &a) == -1,
	      "rewrite: a kept directory is not 'any directory'");
	CHECK(pattern_learn("http://a.org/p?id=1", "http://a.org/q?id=1", 0, &a) == -1,
	      "rewrite: a query is not learnt from");
	CHECK(!pattern_learn("http://a.org/one/A.html", "http://b.org/A/", 0, &a) &&
	      !pattern_learn("http://a.org/one/B.html", "http://b.org/B/", 0, &b),
	      "rewrite: two moves of one site learnt");
	ka = pattern_key(&a);
	kb = pattern_key(&b);
	CHECK(!strcmp(ka, kb), "rewrite: two moves the same way have one key");
	free(ka);
	free(kb);
	pattern_release(&a);
	pattern_release(&b);
}

static double likeness(const char *x, const char *y)
{
	struct shingles a, b;
	double j;

	shingles_of_page(x, strlen(x), &a);
	shingles_of_page(y, strlen(y), &b);
	j = shingles_jaccard(&a, &b);
	shingles_release(&a);
	shingles_release(&b);
	return j;
}

static void test_likeness(void)
{
	static const char page[] = "<html><head><title>NAPI - The Linux "
		"Foundation</title><style>p { x: y }</style></head><body><h1>"
		"NAPI</h1><p>NAPI (New API) is an extension to the device "
		"driver packet processing framework, designed to improve "
		"the performance of high-speed networking.</p></body></html>";
	static const char moved[] = "<html><head><title>networking:napi "
		"[Wiki]</title></head><body><h1>NAPI</h1><p>NAPI (New API) is "
		"an extension to the device driver packet processing "
		"framework, designed to improve the performance of "
		"high-speed networking.</p><footer>wiki.linuxfoundation.org"
		"</footer><script>var a = 1;</script></body></html>";
	static const char other[] = "<html><head><title>NAPI - The Linux "
		"Foundation</title></head><body><h1>TCP offload</h1><p>TCP "
		"offload is an extension to the device driver, designed to "
		"move the work of the stack to the card.</p></body></html>";
	double j = likeness(page, moved);

	CHECK(j >= LIKENESS_MIN && j < 1.0,
	      "likeness: the same text under another title and template");
	CHECK(likeness(page, other) < LIKENESS_MIN && likeness(page, other) >= 0,
	      "likeness: another page of the site is not alike");
	CHECK(likeness(page, page) == 1.0, "likeness: a page is itself");
	CHECK(likeness(page, "<p>too short</p>") < 0,
	      "likeness: too little text to judge");
	CHECK(likeness("<title>a b c d e f g h i j</title><p>k</p>",
		       "<title>a b c d e f g h i j</title><p>k</p>") < 0,
	      "likeness: the title is no visible text");
}

static int names_are(const char *url, const char *host, const char *want)
{
	char *name[2], got[256] = "";
	const char *rest[2];
	size_t n = project_names(url, host, name, rest), i;

	for (i = 0; i < n; i++) {
		snprintf(got + strlen(got), sizeof(got) - strlen(got), "%s%s=%s",
			 i ? " " : "", name[i], rest[i]);
		free(name[i]);
	}
	if (strcmp(got, want))
		printf("# got '%s', want '%s'\n", got, want);
	return !strcmp(got, want);
}

static void test_tree_words(void)
{
	CHECK(names_are("http://nbd.sourceforge.net/", "nbd.sourceforge.net", "nbd=/"),
	      "project: a host's first label");
	CHECK(names_are("https://osdn.jp/projects/tomoyo/docs/x.pdf", "osdn.jp",
			"osdn=/projects/tomoyo/docs/x.pdf tomoyo=/docs/x.pdf"),
	      "project: the segment after projects/, and the rest");
	CHECK(names_are("http://www.ibm.com/x", "www.ibm.com", "ibm=/x"),
	      "project: www. is no name");
	CHECK(names_are("http://docs.org/p/", "docs.org", ""),
	      "project: none from generic words or an empty segment");
	CHECK(title_words_in("napi | The Linux Foundation",
			     "https://wiki.linuxfoundation.org/networking/napi") == 2,
	      "title words: napi and foundation in the address, not linux");
	CHECK(title_words_in("Introduction", NULL) == 1 &&
	      title_words_in("The Linux Kernel", NULL) == 0,
	      "title words: generic and short words do not count");
}

/* A gone host's root: its last captures, as the CDX gives them. */
static long last_move(const char *rows)
{
	struct captures c = { NULL, 0, 0 };
	char *body = xstrfmt("[[\"timestamp\",\"original\",\"statuscode\","
			     "\"mimetype\"]%s]\n", rows);
	long k = cdx_parse("http://old.org/", body, &c) ? -2 :
		 capture_last_move(&c);

	captures_release(&c);
	free(body);
	return k;
}

static void test_last_move(void)
{
	CHECK(last_move(",\n[\"20100101000000\", \"http://old.org/\", \"200\", \"text/html\"],\n"
			"[\"20190502000000\", \"http://old.org/\", \"301\", \"text/html\"]") == 1,
	      "a root's last captures: the permanent redirect after its last page");
	CHECK(last_move(",\n[\"20100101000000\", \"http://old.org/\", \"200\", \"text/html\"],\n"
			"[\"20160101000000\", \"https://www.old.org/\", \"308\", \"text/html\"],\n"
			"[\"20160102000000\", \"http://old.org/\", \"301\", \"text/html\"]") == 1,
	      "an https root's redirect before the newer http one's (to its twin)");
	CHECK(last_move(",\n[\"20120101000000\", \"http://old.org/\", \"301\", \"text/html\"],\n"
			"[\"20150101000000\", \"http://old.org/\", \"200\", \"text/html\"]") == -1,
	      "a root that served its page again after its redirect: no move");
	CHECK(last_move(",\n[\"20120101000000\", \"http://old.org/\", \"302\", \"text/html\"],\n"
			"[\"20150101000000\", \"http://old.org/\", \"404\", \"text/html\"]") == -1,
	      "a temporary redirect, or a 404, is no move");
	CHECK(last_move("") == -1, "no captures: no move");
}

/*
 * The CDX digests of a page's captures (issue 44): OpenSSL's FAQ of
 * three contents over 2003-2016, a PDF of one, a text file whose digest
 * changed within one year only, a revisit record.
 */
static void test_changes(void)
{
	struct captures c = { NULL, 0, 0 };
	struct capture_changes ch;

	CHECK(!cdx_parse("http://www.openssl.org/support/faq.html",
		"[[\"timestamp\",\"original\",\"statuscode\",\"mimetype\",\"digest\"],"
		"[\"20030612120000\",\"http://www.openssl.org/support/faq.html\",\"200\",\"text/html\",\"AAAA\"],"
		"[\"20050101120000\",\"http://www.openssl.org/support/faq.html\",\"200\",\"text/html\",\"AAAA\"],"
		"[\"20080101120000\",\"http://www.openssl.org/support/faq.html\",\"404\",\"text/html\",\"ZZZZ\"],"
		"[\"20100304120000\",\"http://www.openssl.org/support/faq.html\",\"200\",\"text/html\",\"BBBB\"],"
		"[\"20161120120000\",\"http://www.openssl.org/support/faq.html\",\"200\",\"warc/revisit\",\"CCCC\"]]",
		&c) && c.nr == 5, "CDX JSON with digests");
	CHECK_STR(c.v[0].digest, "AAAA", "a capture's digest");
	CHECK_STR(c.v[0].mime, "text/html", "and its type");
	captures_changes(&c, &ch);
	CHECK(ch.digests == 3 && ch.changes == 2 && ch.first_year == 2003 &&
	      ch.last_year == 2016 && ch.seen == 4 && !ch.not_html,
	      "three contents, two changes, 2003 to 2016; a 404 is no content");
	c.v[4].rejected = 1;
	captures_changes(&c, &ch);
	CHECK(ch.digests == 2 && ch.changes == 1 && ch.last_year == 2010,
	      "a capture whose replay was no copy is left out");
	captures_release(&c);

	CHECK(!cdx_parse("http://www.unicode.org/Public/MAPPINGS/VENDORS/MISC/KOI8-R.TXT",
		"[[\"timestamp\",\"original\",\"statuscode\",\"mimetype\",\"digest\"],"
		"[\"20110303120000\",\"http://www.unicode.org/Public/MAPPINGS/VENDORS/MISC/KOI8-R.TXT\",\"200\",\"text/plain\",\"BBBB\"],"
		"[\"20050202120000\",\"http://www.unicode.org/Public/MAPPINGS/VENDORS/MISC/KOI8-R.TXT\",\"200\",\"text/plain\",\"AAAA\"],"
		"[\"20110909120000\",\"http://www.unicode.org/Public/MAPPINGS/VENDORS/MISC/KOI8-R.TXT\",\"200\",\"warc/revisit\",\"BBBB\"]]",
		&c), "a text file's captures, out of order");
	captures_changes(&c, &ch);
	CHECK(ch.digests == 2 && ch.changes == 1 && ch.first_year == 2005 &&
	      ch.last_year == 2011 && ch.not_html,
	      "in time order: one change, 2005 to 2011, not HTML");
	captures_release(&c);

	CHECK(!cdx_parse("http://a.org/d.pdf",
		"[[\"timestamp\",\"original\",\"statuscode\",\"mimetype\",\"digest\"],"
		"[\"20040101120000\",\"http://a.org/d.pdf\",\"200\",\"application/pdf\",\"AAAA\"],"
		"[\"20150101120000\",\"http://a.org/d.pdf\",\"200\",\"application/pdf\",\"AAAA\"],"
		"[\"20150601120000\",\"http://a.org/d.pdf\",\"200\",\"application/pdf\",\"-\"]]",
		&c), "a PDF's captures");
	captures_changes(&c, &ch);
	CHECK(ch.digests == 1 && !ch.changes && ch.seen == 2 &&
	      ch.first_year == 2004 && ch.seen_year == 2015,
	      "one digest over 2004-2015; '-' is no digest");
	captures_release(&c);

	CHECK(!cdx_parse("http://a.org/x",
		"[[\"timestamp\",\"original\"],"
		"[\"20040101120000\",\"http://a.org/x\"]]", &c) &&
	      !c.v[0].digest[0] && !c.v[0].mime[0],
	      "an answer without digests (an older cache's)");
	captures_changes(&c, &ch);
	CHECK(!ch.digests && !ch.seen, "says nothing of changes");
	captures_release(&c);
	CHECK(capture_mime_html("text/html; charset=utf-8") &&
	      capture_mime_html("") && !capture_mime_html("text/plain") &&
	      !capture_mime_html("application/pdf"), "which types are HTML");
}

int main(void)
{
	curl_global_init(CURL_GLOBAL_ALL);
	test_changes();
	test_dating();
	test_cdx();
	test_last_move();
	test_cdxgroup();
	test_timemap();
	test_suggest();
	test_ts();
	test_pattern();
	test_likeness();
	test_tree_words();
	curl_global_cleanup();
	return unit_done();
}
