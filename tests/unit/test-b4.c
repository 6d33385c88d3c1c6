// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * series/b4.c: which diff context lines b4 send reads as trailers naming
 * someone (and mails), and the context that keeps them out of a patch.
 */
#include <stdio.h>
#include <string.h>

#include "../../src/lib/strbuf.h"
#include "../../src/series/b4.h"
#include "unit.h"

/*
 * A patch of a.txt whose one hunk is before (context lines, one a line),
 * a changed line, then after; what b4_context() allows out of want 3.
 */
static void context(const char *before, const char *after, size_t want,
		    const char *where, const char *name)
{
	struct strbuf p = STRBUF_INIT, w = STRBUF_INIT;
	size_t nb = 0, na = 0, got;
	const char *s;

	for (s = before; *s; s++)
		nb += *s == '\n';
	for (s = after; *s; s++)
		na += *s == '\n';
	strbuf_addf(&p, "Subject: [PATCH] x\n\nmsg\n---\n"
		    "diff --git a/a.txt b/a.txt\n--- a/a.txt\n+++ b/a.txt\n"
		    "@@ -1,%zu +1,%zu @@\n%s-old http://x.org/\n"
		    "+new https://x.org/\n%s-- \n2.39\n", nb + na + 1,
		    nb + na + 1, before, after);
	got = b4_context(p.buf, 3, &w);
	CHECK(got == want, name);
	if (where)
		CHECK_STR(w.buf, where, name);
	strbuf_release(&p);
	strbuf_release(&w);
}

int main(void)
{
	context(" one\n two\n three\n", " four\n five\n six\n", 3, NULL,
		"no trailer-like line: the context as asked");
	context(" Cc: Ghost <g@evil.example>\n two\n three\n", " four\n", 2,
		NULL, "a Cc: three lines up: two lines of context");
	context(" one\n", " four\n Reported-by: g@evil.example\n", 1, NULL,
		"a Reported-by: two lines down: one");
	context(" one\n \tSigned-off-by: Ghost <g@evil.example>\n", " four\n",
		0, "a.txt:2: '\tSigned-off-by: Ghost <g@evil.example>'",
		"next to the change: none, and where it is");
	context(" Maintainer: g@evil.example # a comment\n two\n", "", 1, NULL,
		"any name, and a '# comment' after the mail");
	context(" Cc:\xc2\xa0g@evil.example\n two\n", "", 1, NULL,
		"a no-break space after the colon is a blank to b4");
	context(" Cc: g@evil.example\n two\n", "", 1, NULL,
		"a space before the name");
	context(" Link: https://g@evil.example/\n two\n", "", 3, NULL,
		"Link: is no person");
	context(" Site: http://g@evil.example/x\n two\n", "", 3, NULL,
		"nor a value with ://");
	context(" Email: g@evil.example\n two\n", "", 3, NULL,
		"nor Email: (b4 ignores it)");
	context(" Cc:g@evil.example\n two\n", "", 3, NULL,
		"nor a name with no blank after its colon");
	context(" mail g@evil.example\n two\n", "", 3, NULL,
		"nor a line with no name");
	context(" Cc: nobody\n two\n", "", 3, NULL,
		"nor a value with no mail in it");
	context(" -Cc: g@evil.example\n two\n", "", 3, NULL,
		"nor a name that does not start with a word character");
	return unit_done();
}
