// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * verify's rule per file type: for each kind of file series may change,
 * an in-place link edit passes and an edit that breaks the format's
 * syntax fails with that rule's reason; a split line fails; a file of a
 * kind with no rule (test data, a translation, XML outside docs) fails.
 */
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/lib/strbuf.h"
#include "../../src/verify/verify.h"
#include "unit.h"

/* want NULL: the change passes; else why must begin with want. */
static void check_verify(const char *path, const char *old, const char *new,
			 const char *want, const char *name)
{
	struct strbuf why = STRBUF_INIT;
	int ret = verify_change(path, old, strlen(old), new, strlen(new), &why);

	if (!want)
		CHECK_STR(ret ? why.buf : "passes", "passes", name);
	else if (ret && !strncmp(why.buf, want, strlen(want)))
		CHECK(1, name);
	else
		CHECK_STR(ret ? why.buf : "passes", want, name);
	strbuf_release(&why);
}

static void test_markdown(void)
{
	const char *old = "See [the docs](http://a.org/x) and `http://a.org/y`.\n";

	check_verify("README.md", old,
		     "See [the docs](https://b.org/x) and `http://a.org/y`.\n",
		     NULL, "markdown: a link target replaced in place passes");
	check_verify("README.md", old,
		     "See [the docs](https://b.org/x) and http://a.org/y.\n",
		     "a markdown link, autolink or code span is broken",
		     "markdown: a code span lost fails");
	check_verify("README.md", old,
		     "See [the docs](https://b.org/x\n) and `http://a.org/y`.\n",
		     "a line was split", "markdown: a split line fails");
}

static void test_asciidoc(void)
{
	const char *old = "== Links\nThe http://a.org/manual[Git manual].\n";

	check_verify("Documentation/git.adoc", old,
		     "== Links\nThe https://b.org/manual[Git manual].\n",
		     NULL, "AsciiDoc: URL[text] replaced in place passes");
	check_verify("Documentation/git.adoc", old,
		     "== Links\nThe https://b.org/manual Git manual.\n",
		     "an AsciiDoc link, code span or title is broken",
		     "AsciiDoc: link text left without its brackets fails");
}

static void test_yaml(void)
{
	const char *old =
		"description: |\n"
		"  See http://a.org/x for the chip.\n"
		"url: http://a.org/y  # mirror: http://a.org/z\n";

	check_verify("Documentation/devicetree/bindings/x.yaml", old,
		     "description: |\n"
		     "  See https://b.org/x for the chip.\n"
		     "url: http://a.org/y  # mirror: https://b.org/z\n",
		     NULL, "YAML: a description and a comment replaced pass");
	check_verify("Documentation/devicetree/bindings/x.yaml", old,
		     "description: |\n"
		     "  See http://a.org/x for the chip.\n"
		     "url: https://b.org/y  # mirror: http://a.org/z\n",
		     "YAML outside comments and descriptions changed",
		     "YAML: a value replaced fails");
}

static void test_scripts(void)
{
	check_verify("CMakeLists.txt",
		     "# See http://a.org/x\nset(U \"http://a.org/y\") # y\n",
		     "# See https://b.org/x\nset(U \"http://a.org/y\") # y\n",
		     NULL, "CMake: a comment replaced passes");
	check_verify("CMakeLists.txt",
		     "# See http://a.org/x\nset(U \"http://a.org/y\") # y\n",
		     "# See http://a.org/x\nset(U \"https://b.org/y\") # y\n",
		     "script lines outside comments changed",
		     "CMake: a quoted argument replaced fails");
	check_verify("scripts/get.sh",
		     "#!/bin/sh\n# From http://a.org/x\nwget http://a.org/y\n",
		     "#!/bin/sh\n# From https://b.org/x\nwget https://b.org/y\n",
		     "script lines outside comments changed",
		     "shell: a command's URL replaced fails");
	check_verify("tools/Makefile",
		     "# http://a.org/x\nURL = http://a.org/y\n",
		     "# https://b.org/x\nURL = http://a.org/y\n",
		     NULL, "make: a comment replaced passes");
	check_verify("tools/Makefile",
		     "# http://a.org/x\nURL = http://a.org/y\n",
		     "# http://a.org/x\nURL = https://b.org/y\n",
		     "make lines outside comments changed",
		     "make: a variable's URL replaced fails");
}

static void test_html_rst_text(void)
{
	check_verify("Documentation/a.html",
		     "<p><a href=\"http://a.org/x\">x</a></p>\n",
		     "<p><a href=\"https://b.org/x\">x</a></p>\n",
		     NULL, "HTML under a docs folder: an href replaced passes");
	check_verify("Documentation/a.html",
		     "<p><a href=\"http://a.org/x\">x</a></p>\n",
		     "<p>https://b.org/x x</p>\n",
		     "HTML tags changed", "HTML: a tag lost fails");
	check_verify("Documentation/a.rst",
		     "See `the docs <http://a.org/x>`_.\n",
		     "See `the docs <https://b.org/x>`_.\n",
		     NULL, "rst: a link target replaced passes");
	check_verify("Documentation/a.rst",
		     "See `the docs <http://a.org/x>`_.\n",
		     "See `the docs https://b.org/x`_.\n",
		     "an rst link construct or literal is broken",
		     "rst: a link construct broken fails");
	check_verify("drivers/foo/README",
		     "Data sheet: http://a.org/x\n",
		     "Data sheet: https://b.org/x\n",
		     NULL, "a README: a URL replaced passes");
	check_verify("drivers/foo/foo.c",
		     "/* http://a.org/x */\nstatic char *u = \"http://a.org/y\";\n",
		     "/* http://a.org/x */\nstatic char *u = \"https://b.org/y\";\n",
		     "code outside comments changed",
		     "C: a string replaced fails");
}

static void test_no_rule(void)
{
	check_verify("tests/data/test257",
		     "Location: http://a.org/x\n", "Location: https://b.org/x\n",
		     "no rule for this kind of file",
		     "curl's tests/data/test257: no rule, fails");
	check_verify("po/de.po",
		     "\"Report-Msgid-Bugs-To: http://a.org/x\\n\"\n",
		     "\"Report-Msgid-Bugs-To: https://b.org/x\\n\"\n",
		     "no rule for this kind of file",
		     "a .po header: no rule, fails");
	check_verify("tools/conf/gitweb.xsl",
		     "<xsl:import href=\"http://a.org/x.xsl\"/>\n",
		     "<xsl:import href=\"https://b.org/x.xsl\"/>\n",
		     "no rule for this kind of file",
		     "XSL outside docs: no rule, fails");
}

int main(void)
{
	curl_global_init(CURL_GLOBAL_ALL);
	test_markdown();
	test_asciidoc();
	test_yaml();
	test_scripts();
	test_html_rst_text();
	test_no_rule();
	curl_global_cleanup();
	return unit_done();
}
