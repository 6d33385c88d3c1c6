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
	keep_tree_init(&kt, dir, NULL);
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

int main(void)
{
	curl_global_init(CURL_GLOBAL_ALL);
	test_cases();
	test_tree();
	curl_global_cleanup();
	return unit_done();
}
