// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Whose text a link is (rewrite/keep.h's keep_judge()): one case per
 * owner class from real trees' lines (owner-cases.h), each with its
 * evidence; and the tree-level evidence of imported code in a scratch
 * tree (bundled folders with their own licences, linguist-generated,
 * debian/copyright).
 */
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/lib/xalloc.h"
#include "../../src/rewrite/keep.h"
#include "owner-cases.h"
#include "unit.h"

static void test_cases(void)
{
	size_t i;

	for (i = 0; i < sizeof(owner_cases) / sizeof(owner_cases[0]); i++) {
		const struct owner_case *c = &owner_cases[i];
		const char *at = strstr(c->text, c->url);
		struct strbuf why = STRBUF_INIT;
		struct keep_tree kt;
		enum keep_reason r;

		keep_tree_init(&kt, NULL, NULL);
		r = keep_judge(c->path, c->ctx, c->text, strlen(c->text),
			       at ? (size_t)(at - c->text) : 0, c->url, &kt,
			       &why);
		CHECK(at && !strcmp(keep_owner(r), c->owner), c->name);
		if (strcmp(keep_owner(r), c->owner))
			printf("#   got %s (%s): %s\n", keep_owner(r),
			       keep_reason_name(r), why.buf);
		CHECK(why.len > 0, "  with its evidence");
		/* keep_reason() says the same, for plan and resolve. */
		CHECK(keep_reason(c->path, c->ctx, c->text,
				  strlen(c->text), at ? (size_t)(at - c->text) : 0,
				  c->url, &kt) == r, "  and keep_reason() agrees");
		keep_tree_release(&kt);
		strbuf_release(&why);
	}
}

static void put(const char *dir, const char *name, const char *text)
{
	char *path = xstrfmt("%s/%s", dir, name), *slash = strrchr(path, '/');
	char *cmd;
	FILE *f;

	*slash = '\0';
	cmd = xstrfmt("mkdir -p '%s'", path);
	if (system(cmd))
		CHECK(0, "a scratch folder");
	free(cmd);
	*slash = '/';
	f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
	free(path);
}

static const char *owner_in(struct keep_tree *kt, const char *path,
			    const char *text, const char *url,
			    struct strbuf *why)
{
	const char *at = strstr(text, url);

	strbuf_reset(why);
	return keep_owner(keep_judge(path, CTX_C_COMMENT, text, strlen(text),
				     at ? (size_t)(at - text) : 0, url, kt,
				     why));
}

/*
 * redis's deps/: hiredis, jemalloc and lua side by side, each with its own
 * licence; the kernel's libertas/ has a LICENSE alone among its siblings.
 */
static void test_tree(void)
{
	char dir[] = "/tmp/lm-owner-XXXXXX";
	struct strbuf why = STRBUF_INIT;
	static const char readme[] =
		"See [v1.0.0](https://github.com/redis/hiredis/tree/v1.0.0) for the Readme\n";
	static const char line[] = " * See http://x.org/p for more.\n";
	struct keep_tree kt;
	char *cmd;

	if (!mkdtemp(dir)) {
		CHECK(0, "a scratch tree");
		return;
	}
	put(dir, "deps/hiredis/COPYING", "Copyright (c) 2009-2011, Salvatore Sanfilippo\n");
	put(dir, "deps/jemalloc/COPYING", "Copyright (C) 2002-present Jason Evans\n");
	put(dir, "deps/lua/COPYRIGHT", "Copyright (C) 1994-2012 Lua.org, PUC-Rio.\n");
	put(dir, "drivers/libertas/LICENSE", "Copyright (c) 2003-2006, Marvell\n");
	put(dir, "drivers/other/x.c", "\n");
	put(dir, ".gitattributes", "gen/*.c linguist-generated\n");
	put(dir, "debian/copyright",
	    "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
	    "Upstream-Name: scratch\n\n"
	    "Files: *\nCopyright: 2020 The Scratch Authors\nLicense: GPL-2\n\n"
	    "Files: third/zlib/*\nCopyright: 1995-2017 Jean-loup Gailly and Mark Adler\n"
	    "License: Zlib\n");
	/* zlib's README:36, word for word. */
	put(dir, "README", "Unsupported third party contributions are provided in directory contrib/ .\n");
	put(dir, "src/ls-hpack/LICENSE", "MIT License\n");
	put(dir, "src/ls-hpack/README.md", "[![Build Status](https://api.cirrus-ci.com/github/litespeedtech/ls-hpack.svg)](https://cirrus-ci.com/github/litespeedtech/ls-hpack)\n");
	/* nmap's bundled libraries, their licences' own lines. */
	put(dir, "LICENSE", "terms of the GNU General Public License version 2\n");
	put(dir, "libz/LICENSE", "  This software is provided 'as-is', without any express or implied\n");
	put(dir, "libz/CMakeLists.txt", "project(\n    zlib\n");
	put(dir, "liblinear/COPYRIGHT", "Copyright (c) 2007-2023 The LIBLINEAR Project.\n"
	    "Redistribution and use in source and binary forms, with or without\n");
	put(dir, "liblinear/README", "LIBLINEAR is a simple package for solving large-scale regularized linear\n");
	/* The kernel's tools/usb/usbip/: the tree's licence, its own build. */
	put(dir, "tools/usbip/COPYING", "\t\t    GNU GENERAL PUBLIC LICENSE\n"
	    "the GNU General Public License is intended to guarantee\n");
	put(dir, "tools/usbip/configure.ac", "AC_INIT([usbip-utils], [2.0], [linux-usb@vger.kernel.org])\n");
	/* nmap's ncat/LICENSE:1: a note, no licence text of its own. */
	put(dir, "ncat/LICENSE", "Ncat is distributed under the same license terms as Nmap.  See the LICENSE file in the Nmap tarball,\n");
	put(dir, "ncat/configure.ac", "AC_INIT(ncat)\n");
	keep_tree_init(&kt, dir, NULL);
	CHECK(!strcmp(owner_in(&kt, "libz/zlib.h", line, "http://x.org/p",
			       &why), "imported"),
	      "imported: a folder with a licence of another family and its own build (nmap's libz/)");
	CHECK(strstr(why.buf, "libz/ is a project of its own") != NULL,
	      "  the evidence names libz/");
	CHECK(!strcmp(owner_in(&kt, "liblinear/linear.cpp", line,
			       "http://x.org/p", &why), "imported"),
	      "imported: a folder with a BSD COPYRIGHT and a README opening with its name (nmap's liblinear/)");
	CHECK(!strcmp(owner_in(&kt, "tools/usbip/src/usbip.c", line,
			       "http://x.org/p", &why), "prose"),
	      "prose: a folder with the tree's licence family and its own build (kernel's usbip/)");
	CHECK(!strcmp(owner_in(&kt, "ncat/ncat_main.c", line,
			       "http://x.org/p", &why), "prose"),
	      "prose: a folder whose licence is a note on the tree's (nmap's ncat/)");
	CHECK(!strcmp(owner_in(&kt, "src/compat/fastcgi.h",
			       " * See the file \"LICENSE.TERMS\" for information on usage and redistribution\n"
			       " * of this file, and for a DISCLAIMER OF ALL WARRANTIES.\n"
			       " *\n"
			       " * See http://x.org/p\n",
			       "http://x.org/p", &why), "imported"),
	      "imported: a file citing a licence file the tree lacks (lighttpd's fastcgi.h)");
	CHECK(!strcmp(owner_in(&kt, "src/x.c",
			       " * along with this program; see the file LICENSE.\n"
			       " * See http://x.org/p\n",
			       "http://x.org/p", &why), "prose"),
	      "prose: a file citing the tree's own LICENSE");
	CHECK(!strcmp(owner_in(&kt, "contrib/minizip/unzip.c", line,
			       "http://x.org/p", &why), "imported"),
	      "imported: a folder the tree's README calls third party (zlib's contrib/)");
	CHECK(!strcmp(owner_in(&kt, "src/ls-hpack/lshpack.c", line,
			       "http://x.org/p", &why), "imported"),
	      "imported: a folder with its own licence, its README citing its project (lighttpd's src/ls-hpack/)");
	CHECK(!strcmp(owner_in(&kt, "doc/rfc1950.txt",
			       "Network Working Group                                         P. Deutsch\n"
			       "Request for Comments: 1950                           Aladdin Enterprises\n"
			       "   ftp://ftp.uu.net/pub/archiving/zip/doc/\n",
			       "ftp://ftp.uu.net/pub/archiving/zip/doc/", &why),
		      "imported"),
	      "imported: a copy of an RFC (zlib's doc/rfc1950.txt)");
	CHECK(!strcmp(owner_in(&kt, "deps/hiredis/README.md", readme,
			       "https://github.com/redis/hiredis/tree/v1.0.0",
			       &why), "imported"),
	      "imported: a folder among bundled ones, each with its own licence");
	CHECK(strstr(why.buf, "deps/") != NULL, "  the evidence names deps/");
	CHECK(!strcmp(owner_in(&kt, "drivers/libertas/x.c", line,
			       "http://x.org/p", &why), "prose"),
	      "prose: one folder with a LICENSE alone is not bundled code");
	CHECK(!strcmp(owner_in(&kt, "gen/tables.c", line, "http://x.org/p",
			       &why), "imported"),
	      "imported: a path .gitattributes marks linguist-generated");
	CHECK(!strcmp(owner_in(&kt, "third/zlib/inflate.c", line,
			       "http://x.org/p", &why), "imported"),
	      "imported: a debian/copyright stanza naming other holders");
	CHECK(!strcmp(owner_in(&kt, "src/main.c", line, "http://x.org/p",
			       &why), "prose"),
	      "prose: a file the 'Files: *' stanza covers");
	keep_tree_release(&kt);
	/* A tree that is OpenBSD's own keeps its own RCS ids patchable. */
	put(dir, ".git/config", "[remote \"origin\"]\n\turl = https://github.com/openbsd/src.git\n");
	rename(dir, "/tmp/lm-owner-openbsd");
	keep_tree_init(&kt, "/tmp/lm-owner-openbsd", NULL);
	/* (Its "Public Domain" line makes the paragraph legal text.) */
	CHECK(strcmp(owner_in(&kt, "usr.bin/ssh/poly1305.c",
			      owner_cases[7].text, owner_cases[7].url, &why),
		     "imported"),
	      "not imported: $OpenBSD$ in OpenBSD's own tree (its origin says so)");
	keep_tree_release(&kt);
	cmd = xstrfmt("rm -rf /tmp/lm-owner-openbsd '%s'", dir);
	CHECK(!system(cmd), "the scratch tree removed");
	free(cmd);
	strbuf_release(&why);
}

/*
 * The commit that added a file says where it comes from (util-linux's
 * f5b7f9e2c, word for word); libarchive's fe83fc33 names a file the
 * tree has, and redis's "based on the one in ziplist.c" too.
 */
static void test_history(void)
{
	char dir[] = "/tmp/lm-owner-git-XXXXXX";
	struct strbuf why = STRBUF_INIT;
	static const char line[] = " * original sha crypt design: http://people.redhat.com/drepper/SHA-crypt.txt\n";
	static const char url[] = "http://people.redhat.com/drepper/SHA-crypt.txt";
	struct keep_tree kt;

	if (unit_git_repo(dir,
			  "mkdir lib include tests; echo x > lib/other.c; "
			  "echo x > tests/test_compat_tar_hardlink.c; "
			  "git add .; git commit -q -m 'start'; "
			  "echo x > lib/sha256.c; echo x > include/sha256.h; git add .; "
			  "git commit -q -m 'lib: add sha256 implementation' "
			  "-m 'Based on src/crypt/crypt_sha256.c from musl  v1.2.3[0]' "
			  "-m 'https://musl.libc.org/releases/musl-1.2.3.tar.gz'; "
			  "echo x > tests/test_compat_tar_directory.c; git add .; "
			  "git commit -q -m 'Add test' "
			  "-m 'Based on test_compat_tar_hardlink.c and with input by Tim Kientzle.'; "
			  /* A mirror's clone, as bench/trees.sh makes one. */
			  "git remote add origin /work/.mirror/nmap+nmap/repo; "
			  "echo 'terms of the GNU General Public License version 2' > LICENSE; "
			  "mkdir libz; echo \"  This software is provided 'as-is', without any express or implied\" > libz/LICENSE; "
			  "echo 'project(zlib)' > libz/CMakeLists.txt; "
			  "echo 'A Python interface to zlib is in the Python repository' > libz/README")) {
		CHECKS_NOT_RUN(4, "no scratch repository");
		return;
	}
	keep_tree_init(&kt, dir, NULL);
	CHECK(!strcmp(owner_in(&kt, "lib/sha256.c", line, url, &why),
		      "imported"),
	      "imported: its commit says \"Based on src/crypt/crypt_sha256.c from musl\" (util-linux lib/sha256.c:7)");
	CHECK(strstr(why.buf, "the commit that added it") != NULL &&
	      strstr(why.buf, ": \"Based on src/crypt/crypt_sha256.c from musl") != NULL,
	      "  with the commit's line as evidence");
	CHECK(!strcmp(owner_in(&kt, "tests/test_compat_tar_directory.c", line,
			       url, &why), "test") &&
	      !strcmp(owner_in(&kt, "lib/other.c", line, url, &why), "prose"),
	      "prose: a commit based on a file the tree has imports nothing");
	CHECK(!strcmp(owner_in(&kt, "libz/README", line, url, &why),
		      "imported"),
	      "imported: a mirror's remote name (.../repo) is no name of the "
	      "tree (\"repository\" in nmap's libz/README)");
	keep_tree_release(&kt);
	unit_remove(dir);
	strbuf_release(&why);
}

int main(void)
{
	curl_global_init(CURL_GLOBAL_ALL);
	test_cases();
	test_tree();
	test_history();
	curl_global_cleanup();
	return unit_done();
}
