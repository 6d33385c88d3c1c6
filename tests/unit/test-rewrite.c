// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Rewriting: each escaping and layout rule with exact bytes before and
 * after.  The spans come from scan_buffer, as fix gets them.
 */
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/lib/xalloc.h"
#include "../../src/lib/config.h"
#include "../../src/rewrite/keep.h"
#include "../../src/rewrite/layout.h"
#include "../../src/rewrite/plan.h"
#include "../../src/rewrite/rewrite.h"
#include "../../src/scan/scan.h"
#include "unit.h"

/*
 * Scan path/before and replace its first URL with url, through
 * layout_fit() when fit is set; compare with after, or, when after is
 * NULL, the reason layout_fit() left the edit out with want.
 */
static void check_edit(const char *path, const char *before, const char *url,
		       const char *after, int fit, enum keep_reason want,
		       const char *name)
{
	struct scan_opts opts = { 0 };
	struct occ_list l = { NULL, 0, 0 };
	struct strbuf esc = STRBUF_INIT, out = STRBUF_INIT;
	struct edit e;
	enum keep_reason why = KEEP_NONE;
	char *copy = xstrdup(before);

	memset(&e, 0, sizeof(e));
	scan_buffer(path, copy, strlen(copy), &opts, &l);
	if (!l.nr) {
		CHECK(0, name);
		goto out;
	}
	rewrite_escape(l.v[0].ctx, url, &esc);
	e.start = l.v[0].start;
	e.end = l.v[0].end;
	e.text = esc.buf;
	if (fit)
		layout_fit(copy, strlen(copy), &e, 1, &why);
	if (!after) {
		CHECK_STR(keep_reason_name(why), keep_reason_name(want), name);
		goto out;
	}
	if (why != KEEP_NONE || rewrite_apply(copy, strlen(copy), &e, 1, &out)) {
		CHECK_STR(keep_reason_name(why), "-", name);
		goto out;
	}
	CHECK_STR(out.buf, after, name);
out:
	free(e.owned);
	occ_list_release(&l);
	strbuf_release(&esc);
	strbuf_release(&out);
	free(copy);
}

/* Scan path/before, replace its first URL with url, compare with after. */
static void check_rewrite(const char *path, const char *before, const char *url,
			  const char *after, const char *name)
{
	check_edit(path, before, url, after, 0, KEEP_NONE, name);
}

static const char archive[] =
	"https://web.archive.org/web/20050101000000/http://a.org/*/x";

/*
 * The reason the last URL scan finds in text (a line, or a few) of path
 * stays, in the context scan gives it.
 */
static enum keep_reason keep_of(const char *path, const char *text,
				const struct config *cfg)
{
	struct scan_opts opts = { 0 };
	struct occ_list l = { NULL, 0, 0 };
	enum keep_reason r = KEEP__COUNT;
	struct keep_tree kt;

	scan_buffer(path, text, strlen(text), &opts, &l);
	if (l.nr) {
		const struct occurrence *o = &l.v[l.nr - 1];

		keep_tree_init(&kt, NULL, cfg);
		r = keep_reason(path, o->ctx, text, strlen(text), o->start,
				o->url, &kt);
		keep_tree_release(&kt);
	}
	occ_list_release(&l);
	return r;
}

/* The never-touch rules, line by line, from real kernel lines. */
static void test_keep(void)
{
	static const struct {
		const char *path, *line;
		enum keep_reason want;
	} t[] = {
		{ "drivers/a.c", " * Copyright (C) 2009 Texas Instruments - http://www.ti.com/\n", KEEP_COPYRIGHT },
		{ "drivers/a.c", " * (C) 2003 Red Hat, Inc. http://www.redhat.com/\n", KEEP_COPYRIGHT },
		{ "drivers/a.c", "MODULE_AUTHOR(\"Jo <jo@x.org>, http://x.org/\");\n", KEEP_AUTHOR },
		{ "drivers/a.c", " * Author: Jo Doe <jo@x.org> http://x.org/~jo\n", KEEP_AUTHOR },
		{ "fs/b.c", " * Written by Al <al@x.org>, http://x.org/al\n", KEEP_AUTHOR },
		{ "fs/b.c", "// SPDX-License-Identifier: (GPL-2.0 OR MIT) http://x.org/\n", KEEP_LICENSE },
		{ "fs/b.c", " * Licensed under the Apache License http://x.org/l\n", KEEP_LICENSE },
		{ "CREDITS", "W: http://www.kernel.org/~x\n", KEEP_PEOPLE },
		{ "MAINTAINERS", "W:\thttp://www.linux-foo.org/\n", KEEP_PEOPLE },
		{ "Documentation/translations/zh_CN/x.rst", "http://x.org/\n", KEEP_TRANSLATION },
		/* nmap's man page in Italian. */
		{ "docs/man-xlate/nmap-man-it.xml",
		  "<ulink url=\"https://nmap.org/nsedoc/\"/>\n", KEEP_TRANSLATION },
		{ "docs/xlate.txt", "http://x.org/\n", KEEP_NONE },
		{ "drivers/a.c", " * See http://www.ti.com/lit/ds/x.pdf for the timings\n", KEEP_NONE },
		{ "Documentation/process/howto.rst", "  http://x.org/ the authors' list\n", KEEP_NONE },
		{ "drivers/net/MAINTAINERS.txt", "http://x.org/\n", KEEP_NONE },
		{ "drivers/a.c", " * https://lore.kernel.org/r/x@y\n", KEEP_INFRA },
		{ "drivers/a.c", " * http://www.kernel.org/pub/\n", KEEP_INFRA },
		{ "drivers/a.c", " * http://notkernel.org/pub/\n", KEEP_NONE },
		/* The allow-list: documentation contexts only (issue 29). */
		{ "docs/x.md", "See [the page](http://x.org/p).\n", KEEP_NONE },
		{ "scripts/x.sh", "# see http://x.org/p\n", KEEP_NONE },
		{ "scripts/x.py", "# see http://x.org/p\n", KEEP_NONE },
		{ "README", "Read http://x.org/p first.\n", KEEP_NONE },
		{ "drivers/scsi/notes.txt", "http://x.org/p\n", KEEP_NONE },
		{ "Documentation/ABI/testing/sysfs-x", "Description: see http://x.org/p\n", KEEP_NONE },
		{ "Documentation/git.adoc", "See http://x.org/p[the page].\n", KEEP_NONE },
		{ "Documentation/devicetree/bindings/x.yaml",
		  "properties:\n  reg:\n    description: |\n      Datasheet at\n      http://x.org/d.pdf\n", KEEP_NONE },
		{ "Documentation/devicetree/bindings/x.yaml",
		  "description: See http://x.org/d.pdf\n", KEEP_NONE },
		{ "x.yml", "key: 1  # from http://x.org/p\n", KEEP_NONE },
		/* curl's tests/data/test257: a fixture's Location line. */
		{ "tests/data/test257", "Location: http://anotherone.com/\n", KEEP_TEST },
		{ "t/t5601-clone.sh", "# http://x.org/p\n", KEEP_TEST },
		{ "pkg/testdata/a.json", "\"http://x.org/p\"\n", KEEP_TEST },
		{ "lib/test_bpf.c", "/* http://x.org/p */\n", KEEP_TEST },
		{ "net/x_kunit.c", "/* http://x.org/p */\n", KEEP_TEST },
		{ "CMakeLists.txt", "# See http://x.org/p\n", KEEP_BUILD },
		{ "Dockerfile", "RUN git clone https://x.org/r.git\n", KEEP_BUILD },
		{ ".github/workflows/ci.yml", "      - run: curl -O https://x.org/a.tgz\n", KEEP_BUILD },
		{ ".gitlab-ci.yml", "  - git clone https://x.org/r.git\n", KEEP_BUILD },
		/* curl's .clang-tidy.yml: a tool's configuration. */
		{ ".clang-tidy.yml", "# https://clang.llvm.org/x.html\n", KEEP_BUILD },
		{ "lib/.editorconfig", "# see https://x.org/p\n", KEEP_BUILD },
		/* openvpn's doc/doxygen/openvpn.doxyfile.in: doxygen's settings. */
		{ "doc/doxygen/openvpn.doxyfile.in",
		  "MATHJAX_RELPATH        = https://cdn.jsdelivr.net/npm/mathjax@2\n", KEEP_BUILD },
		{ "docs/Doxyfile", "# http://www.doxygen.org/x.html\n", KEEP_BUILD },
		/* curl's docs/examples/multi-uv.c, the kernel's samples/. */
		{ "docs/examples/multi-uv.c", "/* See http://x.org/p */\n", KEEP_EXAMPLE },
		{ "samples/bpf/README.rst", "See http://x.org/p.\n", KEEP_EXAMPLE },
		{ "Documentation/RelNotes/1.6.3.adoc", " * http://x.org/p\n", KEEP_HISTORY },
		{ "NEWS", "http://x.org/p\n", KEEP_HISTORY },
		/* libevent's sample/watch-timing.c and whatsnew-2.1.txt. */
		{ "sample/watch-timing.c", "/* See http://x.org/p */\n", KEEP_EXAMPLE },
		{ "whatsnew-2.1.txt", "  http://x.org/p\n", KEEP_HISTORY },
		{ "ChangeLog", "\t* see http://x.org/p\n", KEEP_HISTORY },
		{ "COPYING", "http://www.gnu.org/licenses/\n", KEEP_LICENSE },
		{ "LICENSES/preferred/GPL-2.0", "http://www.gnu.org/licenses/\n", KEEP_LICENSE },
		{ "po/de.po", "\"Report-Msgid-Bugs-To: http://x.org/b\\n\"\n", KEEP_TRANSLATION },
		{ "board/x/MAINTAINERS", "W:\thttp://x.org/p\n", KEEP_PEOPLE },
		{ "Documentation/process/changes.rst", "http://x.org/p\n", KEEP_NONE },
		{ ".github/workflows/x.yml", "key: http://x.org/p\n", KEEP_BUILD },
		{ "conf/x.yml", "url: http://x.org/p\n", KEEP_NOT_DOC },
		{ "conf/x.yml", "url: \"a # b http://x.org/p\"\n", KEEP_NOT_DOC },
		{ "tools/x/config", "URL=http://x.org/p\n", KEEP_NOT_DOC },
		{ "doc/x.xsl", "<xsl:import href=\"http://x.org/p\"/>\n", KEEP_NOT_DOC },
	};
	struct config cfg;
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		char name[160];

		snprintf(name, sizeof(name), "keep: %s: %.*s", t[i].path,
			 (int)strcspn(t[i].line, "\n"), t[i].line);
		CHECK(keep_of(t[i].path, t[i].line, NULL) == t[i].want, name);
	}
	CHECK(!config_parse(&cfg, "test.conf", "[keep]\npath = Documentation/ABI/\n"
			    "line = \"Datasheet:\"\n"), "a [keep] configuration");
	CHECK(keep_of("Documentation/ABI/testing/x", "http://x.org/\n", &cfg) ==
	      KEEP_CONFIG, "[keep] path keeps a file");
	CHECK(keep_of("drivers/a.c", " * Datasheet: http://x.org/d.pdf\n", &cfg) ==
	      KEEP_CONFIG, "[keep] line keeps a line");
	CHECK(keep_of("drivers/a.c", " * Manual: http://x.org/d.pdf\n", &cfg) ==
	      KEEP_NONE, "and no other");
	CHECK(keep_of("drivers/a.c", " * http://bugs.project.org/1\n", &cfg) ==
	      KEEP_NONE, "a host not declared is no infrastructure");
	config_release(&cfg);
	CHECK(!config_parse(&cfg, "test.conf", "[keep]\nhost = project.org\n"),
	      "a [keep] host");
	CHECK(keep_of("drivers/a.c", " * http://bugs.project.org/1\n", &cfg) ==
	      KEEP_INFRA, "[keep] host keeps its subdomains' links");
	config_release(&cfg);
}

static void put(const char *dir, const char *name, const char *text)
{
	char *path = xstrfmt("%s/%s", dir, name);
	FILE *f;

	f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
	free(path);
}

/* Imported code, told by the tree's own files. */
/*
 * u-boot's lib/lwip/lwip came by git subtree: its commit says
 * "git-subtree-dir: lib/lwip/lwip"; the port beside it is u-boot's own.
 */
static void test_subtree(void)
{
	char dir[] = "/tmp/linkmend-subtree-XXXXXX";
	static const char line[] = "/* see http://x.org/p */\n";
	struct keep_tree kt;
	char *cmd;

	if (!mkdtemp(dir)) {
		CHECK(0, "a scratch repository");
		return;
	}
	cmd = xstrfmt("cd %s && git init -q . && git -c user.name=t "
		      "-c user.email=t@x.org commit -q --allow-empty -m "
		      "\"Squashed 'lib/lwip/lwip/' content from commit "
		      "4599f551de\" -m \"git-subtree-dir: lib/lwip/lwip\" -m "
		      "\"git-subtree-split: 4599f551de\"", dir);
	CHECK(!system(cmd), "a scratch repository with a subtree's commit");
	free(cmd);
	keep_tree_init(&kt, dir, NULL);
	CHECK(keep_reason("lib/lwip/lwip/src/core/tcp.c", CTX_C_COMMENT, line,
			  sizeof(line) - 1, 7, "http://x.org/p", &kt) ==
	      KEEP_IMPORTED, "keep: a folder git subtree brought in");
	CHECK(keep_reason("lib/lwip/u-boot/lwipopts.h", CTX_C_COMMENT, line,
			  sizeof(line) - 1, 7, "http://x.org/p", &kt) == KEEP_NONE,
	      "keep: not the tree's own code beside it");
	keep_tree_release(&kt);
	cmd = xstrfmt("rm -rf %s", dir);
	CHECK(!system(cmd), "the scratch repository removed");
	free(cmd);
}

/*
 * A man page's span holds groff's break points, its URL does not: the
 * span is the scanned one when the escapes are the only difference.
 */
static void test_groff_span(void)
{
	const char *buf = ".UR https://\\:www\\:.ti\\:.com/\\:lit\n";
	struct planned e;

	memset(&e, 0, sizeof(e));
	e.start = 4;
	e.end = strlen(buf) - 1;
	e.text = (char *)"https://www.ti.com/lit";
	e.ctx = CTX_TEXT;
	CHECK(plan_span_ok(&e, buf, strlen(buf)),
	      "groff: a span with \\: break points stands for its URL");
	e.text = (char *)"https://www.ti.com/lot";
	CHECK(!plan_span_ok(&e, buf, strlen(buf)),
	      "groff: but not for another URL");
	e.text = (char *)"https://www.ti.com/li";
	CHECK(!plan_span_ok(&e, buf, strlen(buf)),
	      "groff: nor for a shorter one");
}

/*
 * An rst URL's span holds \_ for each '_' (OpenVPN's
 * virtual-routing-and-forwarding.rst): the span stands for its URL, and
 * the replacement is written with \_ as the author wrote it.
 */
static void test_rst_span(void)
{
	static const char buf[] =
		"Video: https://m.de/v/l2\\_l3\\_fur today\n";
	static const char done[] =
		"Video: https://w.org/web/1/https://m.de/v/l2\\_l3\\_fur "
		"today\n";
	struct plan p = { NULL, 0, 0, NULL, { { 0 } } };
	struct keep_counts kept;
	struct keep_tree kt;
	struct planned *e;

	ALLOC_GROW(p.v, 1, p.alloc);
	e = &p.v[p.nr++];
	memset(e, 0, sizeof(*e));
	e->path = xstrdup("doc/vrf.rst");
	e->start = 7;
	e->end = strlen(buf) - 7;
	e->text = xstrdup("https://m.de/v/l2_l3_fur");
	e->url = xstrdup(e->text);
	e->replacement = xstrdup("https://w.org/web/1/https://m.de/v/l2_l3_fur");
	e->kind = K_ARCHIVED;
	e->ctx = CTX_RST;
	CHECK(plan_span_ok(e, buf, strlen(buf)),
	      "rst: a span with \\_ stands for its URL");
	memset(&kept, 0, sizeof(kept));
	keep_tree_init(&kt, NULL, NULL);
	CHECK(plan_fit(&p, 0, 1, buf, strlen(buf), &kt, &kept) == 1 &&
	      !strcmp(plan_text(e),
		      "https://w.org/web/1/https://m.de/v/l2\\_l3\\_fur"),
	      "rst: the replacement keeps the author's \\_");
	CHECK(plan_done(e, done, strlen(done)),
	      "rst: and once written it is done");
	keep_tree_release(&kt);
	plan_release(&p);
}

static void test_imported(void)
{
	char dir[] = "/tmp/linkmend-keep-XXXXXX";
	static const char line[] = "/* see http://x.org/p */\n";
	struct keep_tree kt;
	char *cmd;

	if (!mkdtemp(dir)) {
		CHECK(0, "a scratch tree");
		return;
	}
	cmd = xstrfmt("mkdir -p %s/rust/alloc %s/lib/zstd %s/sha1dc "
		      "%s/drivers/x %s/dts/upstream", dir, dir, dir, dir, dir);
	CHECK(!system(cmd), "a scratch tree");
	free(cmd);
	/* The kernel's rust/alloc/README.md, its first paragraphs. */
	put(dir, "rust/alloc/README.md",
	    "# `alloc`\n\nThese source files come from the Rust standard "
	    "library, hosted in\nthe <https://github.com/rust-lang/rust> "
	    "repository, licensed under\n\"Apache-2.0 OR MIT\" and adapted "
	    "for kernel use.\n\nPlease note that these files should be kept "
	    "as close as possible to\nupstream.\n");
	put(dir, "drivers/x/README", "The x driver.  See the data sheet.\n");
	put(dir, ".gitmodules", "[submodule \"sha1dc\"]\n\tpath = sha1dc\n"
	    "\turl = https://github.com/cr-marcstevens/sha1collisiondetection.git\n");
	put(dir, ".gitattributes", "*.c diff=cpp\ndts/upstream/** linguist-vendored\n"
	    "lib/zstd/** -linguist-vendored\n");
	/* u-boot's MAINTAINERS names its custodians' trees on source.denx.de. */
	put(dir, "MAINTAINERS", "ARM\nM:\tA <a@x.org>\nS:\tMaintained\n"
	    "T:\tgit https://source.denx.de/u-boot/custodians/u-boot-arm.git\n"
	    "B:\thttps://bugs.x.org/\nF:\tarch/arm/\n");
	cmd = xstrfmt("mkdir -p %s/.git", dir);
	CHECK(!system(cmd), "a scratch repository");
	free(cmd);
	put(dir, ".git/config", "[remote \"origin\"]\n\turl = git@github.com:u-boot/u-boot.git\n");
	keep_tree_init(&kt, dir, NULL);
	CHECK(keep_reason("rust/alloc/vec/mod.rs", CTX_C_COMMENT, line,
			  sizeof(line) - 1, 7, "http://x.org/p", &kt) ==
	      KEEP_IMPORTED, "keep: a folder whose README says its files come from upstream");
	CHECK(keep_reason("sha1dc/sha1.c", CTX_C_COMMENT, line, sizeof(line) - 1,
			  7, "http://x.org/p", &kt) == KEEP_IMPORTED,
	      "keep: a git submodule");
	CHECK(keep_reason("dts/upstream/src/arm/a.dts", CTX_C_COMMENT, line,
			  sizeof(line) - 1, 7, "http://x.org/p", &kt) ==
	      KEEP_IMPORTED, "keep: a path .gitattributes marks linguist-vendored");
	CHECK(keep_reason("lib/zstd/zstd.c", CTX_C_COMMENT, line,
			  sizeof(line) - 1, 7, "http://x.org/p", &kt) == KEEP_NONE,
	      "keep: not one marked -linguist-vendored");
	CHECK(keep_reason("drivers/x/x.c", CTX_C_COMMENT, line,
			  sizeof(line) - 1, 7, "http://x.org/p", &kt) == KEEP_NONE,
	      "keep: nor a folder whose README says nothing of it");
	{
		static const struct {
			const char *url;
			enum keep_reason want;
			const char *name;
		} own[] = {
			{ "https://source.denx.de/u-boot/custodians/u-boot-arm/-/tree/next",
			  KEEP_INFRA, "keep: a link into a tree MAINTAINERS names (T:)" },
			{ "https://bugs.x.org/show_bug.cgi?id=1", KEEP_INFRA,
			  "keep: into its bug tracker (B:)" },
			{ "https://github.com/u-boot/u-boot/blob/master/README", KEEP_INFRA,
			  "keep: into the repository .git/config's remote names" },
			{ "https://github.com/u-boot/u-boot-extras", KEEP_NONE,
			  "keep: not another repository beside it" },
			{ "https://source.denx.de/other/project", KEEP_NONE,
			  "keep: nor another project on the same host" },
		};
		size_t i;

		for (i = 0; i < sizeof(own) / sizeof(own[0]); i++) {
			char *l = xstrfmt("/* %s */\n", own[i].url);

			CHECK(keep_reason("drivers/x/x.c", CTX_C_COMMENT, l,
					  strlen(l), 3, own[i].url, &kt) ==
			      own[i].want, own[i].name);
			free(l);
		}
	}
	keep_tree_release(&kt);
	cmd = xstrfmt("rm -rf %s", dir);
	CHECK(!system(cmd), "the scratch tree removed");
	free(cmd);
}

/* As check_rewrite, through layout_fit(); NULL after: left out for want. */
static void check_layout(const char *path, const char *before, const char *url,
			 const char *after, enum keep_reason want,
			 const char *name)
{
	check_edit(path, before, url, after, 1, want, name);
}

static void test_layout(void)
{
	/* drivers/net/ethernet/chelsio/cxgb/sge.c's box. */
	static const char box[] =
		"/*****************************************************************************\n"
		" *                                                                           *\n"
		" * http://www.chelsio.com                                                    *\n"
		" *                                                                           *\n";
	static const char boxed[] =
		"/*****************************************************************************\n"
		" *                                                                           *\n"
		" * https://www.chelsio.com                                                   *\n"
		" *                                                                           *\n";
	static const char boxed_short[] =
		"/*****************************************************************************\n"
		" *                                                                           *\n"
		" * https://chelsio.com                                                       *\n"
		" *                                                                           *\n";

	CHECK(layout_width("\tab\tc", 5) == 17, "a tab goes to the next multiple of eight");
	CHECK(layout_width("caf\xc3\xa9", 5) == 4, "a UTF-8 character is one column");
	check_layout("drivers/net/ethernet/chelsio/cxgb/sge.c", box,
		     "https://www.chelsio.com", boxed, KEEP_NONE,
		     "a longer URL in a box comment keeps the closer's column");
	check_layout("drivers/net/ethernet/chelsio/cxgb/sge.c", box,
		     "https://chelsio.com", boxed_short, KEEP_NONE,
		     "a shorter one too");
	check_layout("drivers/net/ethernet/chelsio/cxgb/sge.c", box,
		     "https://web.archive.org/web/20050621000000/http://www.chelsio.com/products/index.html",
		     NULL, KEEP_BOX,
		     "one that would push the closer out is left out");
	check_layout("drivers/x/y.c",
		     "#define A 1 /* http://a.org/one */\n#define B 2 /* two thing     */\n",
		     "https://a.org/one", "#define A 1 /* https://a.org/one */\n"
		     "#define B 2 /* two thing     */\n", KEEP_NONE,
		     "aligned trailing comments stay aligned");
	check_layout("drivers/x/y.c",
		     "/* see http://a.org/one */\nint x;\n",
		     "https://a.org/one", "/* see https://a.org/one */\nint x;\n",
		     KEEP_NONE, "a one-line comment is no box");
	check_layout("drivers/x/y.c",
		     "\t/*\n\t * The data sheet is at http://www.example-chips.org/sheets/datasheet-rev2.pdf here\n",
		     "https://web.archive.org/web/20050101000000/http://www.example-chips.org/sheets/datasheet-rev2.pdf",
		     "\t/*\n\t * The data sheet is at https://web.archive.org/web/20050101000000/http://www.example-chips.org/sheets/datasheet-rev2.pdf here\n",
		     KEEP_NONE, "a URL that takes a comment line past 100 columns is written in place (checkpatch exempts it)");
	check_layout("Documentation/x.rst",
		     "- The data sheet is at http://www.example-chips.org/sheets/datasheet-rev2.pdf here\n",
		     "https://web.archive.org/web/20050101000000/http://www.example-chips.org/sheets/datasheet-rev2.pdf",
		     "- The data sheet is at https://web.archive.org/web/20050101000000/http://www.example-chips.org/sheets/datasheet-rev2.pdf here\n",
		     KEEP_NONE, "an rst list item is not reflowed");
	check_layout("drivers/x/y.c",
		     "/* The data sheet is at http://www.example-chips.org/sheets/datasheet-rev2.pdf here */\n",
		     "https://web.archive.org/web/20050101000000/http://www.example-chips.org/sheets/datasheet-rev2.pdf",
		     "/* The data sheet is at https://web.archive.org/web/20050101000000/http://www.example-chips.org/sheets/datasheet-rev2.pdf here */\n",
		     KEEP_NONE, "nor a one-line comment");
	check_layout("sound/pci/via82xx.c",
		     "\t\t.type = AC97_TUNE_HP_ONLY, /* http://launchpad.net/bugs/38546 */\n",
		     "https://web.archive.org/web/20190301120000/http://launchpad.net/bugs/38546",
		     "\t\t.type = AC97_TUNE_HP_ONLY, /* https://web.archive.org/web/20190301120000/http://launchpad.net/bugs/38546 */\n",
		     KEEP_NONE, "nor a comment after code");
	check_layout("Documentation/x.rst",
		     ".. _Bar page: http://www.example-chips.org/sheets/a/datasheet-rev2.pdf\n",
		     "https://web.archive.org/web/20050101000000/http://www.example-chips.org/sheets/a/datasheet-rev2.pdf",
		     ".. _Bar page: https://web.archive.org/web/20050101000000/http://www.example-chips.org/sheets/a/datasheet-rev2.pdf\n",
		     KEEP_NONE, "nor an rst hyperlink target");
	check_layout("Documentation/cdrom/cdrom-standard.rst",
		     "available from ftp://ftp.fokus.gmd.de/pub/unix/cdrecord/ .  To record CD-R media\n",
		     "https://web.archive.org/web/20160607120000/ftp://ftp.fokus.gmd.de/pub/unix/cdrecord/",
		     "available from https://web.archive.org/web/20160607120000/ftp://ftp.fokus.gmd.de/pub/unix/cdrecord/ .  To record CD-R media\n",
		     KEEP_NONE, "nor text around it");
	check_layout("crypto/Kconfig",
		     "config CRYPTO_SERPENT\n\thelp\n\t  Serpent cipher.  See\n\t  http://www.cl.cam.ac.uk/~rja14/serpent.html for further information.\n",
		     "https://web.archive.org/web/19990413120000/https://www.cl.cam.ac.uk/~rja14/serpent.html",
		     "config CRYPTO_SERPENT\n\thelp\n\t  Serpent cipher.  See\n\t  https://web.archive.org/web/19990413120000/https://www.cl.cam.ac.uk/~rja14/serpent.html for further information.\n",
		     KEEP_NONE, "nor Kconfig help");
	check_layout("lib/Kconfig.kasan",
		     "# Old GCC versions do not have proper support for no_sanitize_address.\n# See https://gcc.gnu.org/bugzilla/show_bug.cgi?id=89124 for details.\n",
		     "https://web.archive.org/web/20190506120000/https://gcc.gnu.org/bugzilla/show_bug.cgi?id=89124",
		     "# Old GCC versions do not have proper support for no_sanitize_address.\n# See https://web.archive.org/web/20190506120000/https://gcc.gnu.org/bugzilla/show_bug.cgi?id=89124 for details.\n",
		     KEEP_NONE, "nor a # comment");
	check_layout("README.md",
		     "The data sheet is [here](http://www.example-chips.org/sheets/datasheet-rev2.pdf), rev 2.\n",
		     "https://web.archive.org/web/20050101000000/http://www.example-chips.org/sheets/datasheet-rev2.pdf",
		     "The data sheet is [here](https://web.archive.org/web/20050101000000/http://www.example-chips.org/sheets/datasheet-rev2.pdf), rev 2.\n",
		     KEEP_NONE, "nor a markdown link");
	check_layout("drivers/x/y.c",
		     " * The data sheet is at http://www.example-chips.org/sheets/datasheet-rev2.pdf\n",
		     "https://www.example-chips.org/sheets/datasheet-rev2.pdf",
		     " * The data sheet is at https://www.example-chips.org/sheets/datasheet-rev2.pdf\n",
		     KEEP_NONE, "one that stays within them is written");
	check_layout("drivers/x/y.c",
		     " * http://www.example-chips.org/sheets/a/very/long/path/that/is/already/well/past/the/limit/of/columns/datasheet.pdf\n",
		     "https://www.example-chips.org/sheets/a/very/long/path/that/is/already/well/past/the/limit/of/columns/datasheet.pdf",
		     " * https://www.example-chips.org/sheets/a/very/long/path/that/is/already/well/past/the/limit/of/columns/datasheet.pdf\n",
		     KEEP_NONE, "a line already past them may change");
}

int main(void)
{
	curl_global_init(CURL_GLOBAL_ALL);
	test_keep();
	test_imported();
	test_subtree();
	test_groff_span();
	test_rst_span();
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
	check_rewrite("Documentation/a.html",
		"<a href=\"http://globs.org/articles.php?lng=en&amp;pg=8\">x</a>\n",
		"https://web.archive.org/web/2005/http://globs.org/a.php?lng=en&pg=8",
		"<a href=\"https://web.archive.org/web/2005/http://globs.org/a.php?lng=en&amp;pg=8\">x</a>\n",
		"HTML: the &amp; scan read as & is written back as &amp;");
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
		struct edit e[2] = { { 5, 10, "x", NULL }, { 8, 12, "y", NULL } };

		CHECK(rewrite_apply("0123456789abcdef", 16, e, 2, &out) == -1,
		      "overlapping edits are refused");
		strbuf_release(&out);
	}
	test_layout();
	curl_global_cleanup();
	return unit_done();
}
