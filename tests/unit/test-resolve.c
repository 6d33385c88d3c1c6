// SPDX-License-Identifier: GPL-2.0-or-later
/* Archive replies, the capture choice, and the guessing helpers. */
#include <curl/curl.h>
#include <stdlib.h>

#include "../../src/resolve/archive.h"
#include "../../src/resolve/dating.h"
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

int main(void)
{
	curl_global_init(CURL_GLOBAL_ALL);
	test_dating();
	test_cdx();
	test_timemap();
	test_suggest();
	test_ts();
	curl_global_cleanup();
	return unit_done();
}
