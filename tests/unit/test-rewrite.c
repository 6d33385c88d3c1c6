// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Rewriting: each escaping and layout rule with exact bytes before and
 * after.  The spans come from scan_buffer, as fix gets them.
 */
#include <curl/curl.h>
#include <stdlib.h>

#include "../../src/lib/xalloc.h"
#include "../../src/rewrite/rewrite.h"
#include "../../src/scan/scan.h"
#include "unit.h"

/* Scan path/before, replace its first URL with url, compare with after. */
static void check_rewrite(const char *path, const char *before, const char *url,
			  const char *after, const char *name)
{
	struct scan_opts opts = { 0 };
	struct occ_list l = { NULL, 0, 0 };
	struct strbuf esc = STRBUF_INIT, out = STRBUF_INIT;
	struct edit e;
	char *copy = xstrdup(before);

	scan_buffer(path, copy, strlen(copy), &opts, &l);
	if (!l.nr) {
		CHECK(0, name);
		goto out;
	}
	rewrite_escape(l.v[0].ctx, url, &esc);
	e.start = l.v[0].start;
	e.end = l.v[0].end;
	e.text = esc.buf;
	if (rewrite_apply(copy, strlen(copy), &e, 1, &out)) {
		CHECK(0, name);
		goto out;
	}
	CHECK_STR(out.buf, after, name);
out:
	occ_list_release(&l);
	strbuf_release(&esc);
	strbuf_release(&out);
	free(copy);
}

static const char archive[] =
	"https://web.archive.org/web/20050101000000/http://a.org/*/x";

int main(void)
{
	curl_global_init(CURL_GLOBAL_ALL);
	check_rewrite("arch/arm/vfp/vfpsingle.c",
		"/*\n"
		" * is available through the web page `http://HTTP.CS.Berkeley.EDU/~jhauser/\n"
		" * arithmetic/softfloat.html'.\n"
		" */\n",
		"http://www.jhauser.us/arithmetic/SoftFloat.html",
		"/*\n"
		" * is available through the web page `http://www.jhauser.us/arithmetic/SoftFloat.html'.\n"
		" */\n",
		"softfloat wrap: new URL on the first line, continuation gone, quote kept");
	check_rewrite("a.c", "/* see http://www.foo.org/x*/\nint a;\n", archive,
		"/* see https://web.archive.org/web/20050101000000/http://a.org/%2A/x*/\nint a;\n",
		"URL before */: no star written into a block comment");
	check_rewrite("a.c", "/* see http://www.foo.org/x */\n",
		"http://a.org/x/*y",
		"/* see http://a.org/x/%2Ay */\n",
		"a comment opener is never written into a block comment");
	check_rewrite("a.c", "// see http://www.foo.org/x\n", archive,
		"// see https://web.archive.org/web/20050101000000/http://a.org/*/x\n",
		"a line comment may hold a star");
	check_rewrite("arch/powerpc/platforms/amigaone/Kconfig",
		"config X\n\thelp\n\t  More at:\n\t  <http://amigaone-linux.sourceforge.net/>.\n",
		"https://amigaone.example.net/",
		"config X\n\thelp\n\t  More at:\n\t  <https://amigaone.example.net/>.\n",
		"Kconfig <url>.: brackets, full stop and help indentation kept");
	check_rewrite("arch/openrisc/kernel/setup.c",
		"\tprintk(KERN_INFO \"OpenRISC Linux -- http://openrisc.io\\n\");\n",
		"https://openrisc.io/100%-sure",
		"\tprintk(KERN_INFO \"OpenRISC Linux -- https://openrisc.io/100%%-sure\\n\");\n",
		"printf format: % written %%");
	check_rewrite("a.c", "char *s = \"http://www.foo.org/x\";\n",
		"http://a.org/\"q\\",
		"char *s = \"http://a.org/%22q%5C\";\n",
		"C string: quote and backslash encoded");
	check_rewrite("tools/Makefile", "URL := http://www.foo.org/x\n",
		"http://a.org/$x#y",
		"URL := http://a.org/$$x\\#y\n",
		"Makefile: $ written $$ and # escaped");
	check_rewrite("Documentation/a.rst",
		"See `the docs <http://www.foo.org/x>`_ for more.\n",
		"http://a.org/<x>",
		"See `the docs <http://a.org/%3Cx%3E>`_ for more.\n",
		"rst `text <url>`_ kept intact");
	check_rewrite("Documentation/a.rst",
		".. _strtol(3): http://man7.org/x.html\n",
		"https://man7.org/linux/man-pages/man3/strtol.3.html",
		".. _strtol(3): https://man7.org/linux/man-pages/man3/strtol.3.html\n",
		"rst .. _name: url kept intact");
	check_rewrite("README.md", "[t](http://www.foo.org/x) and more\n",
		"http://a.org/x_(y",
		"[t](http://a.org/x_%28y) and more\n",
		"markdown [t](url) kept balanced");
	check_rewrite("README.md", "[t](http://www.foo.org/x)\n",
		"https://en.wikipedia.org/wiki/Foo_(bar)",
		"[t](https://en.wikipedia.org/wiki/Foo_(bar))\n",
		"markdown: balanced parentheses stay");
	check_rewrite("a.yaml", "description: see http://www.foo.org/x for it\n",
		"http://a.org/a b",
		"description: see http://a.org/a%20b for it\n",
		"YAML: a space never enters the scalar");
	check_rewrite("drivers/net/foo.c",
		"\terr(\"You must go to https://wireless.wiki.kernel.org/en/\"\n"
		"\t     \"users/Drivers/b43#devicefirmware \"\n",
		"https://wireless.docs.kernel.org/en/latest/en/users/drivers/b43.html",
		"\terr(\"You must go to https://wireless.docs.kernel.org/en/latest/en/users/drivers/b43.html \"\n",
		"joined string literals become one, its text after the URL kept");
	check_rewrite("a.c", "/*\n * see http://www.foo.org/x/\n *     y/z.html\n */\n",
		"http://a.org/",
		"/*\n * see http://a.org/\n */\n",
		"a wrapped URL with nothing after it: its line goes, no blank left");
	check_rewrite("fs/ntfs/inode.c",
		" * Documentation is available at http://www.linux-ntfs.org/doku.php?id=downloads \n",
		"https://web.archive.org/web/19971225120000/http://www.linux-ntfs.org/doku.php?id=downloads",
		" * Documentation is available at https://web.archive.org/web/19971225120000/http://www.linux-ntfs.org/doku.php?id=downloads\n",
		"an edited line loses the blanks after its URL: no trailing white space");
	check_rewrite("drivers/hp/Kconfig",
		"config HP\n\thelp\n\t  <http://h10025.www1.hp.com/ewfrf/wc/product?product=61677> \n",
		"https://web.archive.org/web/19980222120000/http://h10025.www1.hp.com/x",
		"config HP\n\thelp\n\t  <https://web.archive.org/web/19980222120000/http://h10025.www1.hp.com/x>\n",
		"blanks after the delimiter that follows the URL go too");
	{
		struct strbuf out = STRBUF_INIT;
		struct edit e[2] = { { 5, 10, "x" }, { 8, 12, "y" } };

		CHECK(rewrite_apply("0123456789abcdef", 16, e, 2, &out) == -1,
		      "overlapping edits are refused");
		strbuf_release(&out);
	}
	curl_global_cleanup();
	return unit_done();
}
