// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * project/route.c: the tree's get_maintainer.pl runs once for patches
 * alike in what its answer depends on (the sections that cover their
 * files, the K: keywords their text holds), not once a patch; and To
 * holds the most specific section's maintainers, a broader section's Cc.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/lib/strbuf.h"
#include "../../src/lib/xalloc.h"
#include "../../src/project/maintainers.h"
#include "../../src/project/route.h"
#include "unit.h"

/* A patch to path, whose added line is text. */
static void write_patch(const char *file, const char *path, const char *text)
{
	FILE *f = fopen(file, "w");

	if (!f)
		return;
	fprintf(f, "From 0 Mon Sep 17 00:00:00 2001\nFrom: t <t@t.org>\n"
		"Subject: [PATCH] x\n\n---\n"
		"diff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n@@ -1 +1 @@\n"
		"-old\n+%s\n", path, path, path, path, text);
	fclose(f);
}

static size_t lines_of(const char *file)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i, n = 0;

	if (!strbuf_read_file(&sb, file))
		for (i = 0; i < sb.len; i++)
			n += sb.buf[i] == '\n';
	strbuf_release(&sb);
	return n;
}

int main(void)
{
	char dir[] = "/tmp/lm-route-XXXXXX";
	struct maintainers m;
	struct recipients r[4];
	char *files[4], *log;
	size_t i;

	/*
	 * A get_maintainer.pl that logs each run and answers as the real one
	 * does for drivers/foo/: its own section and its parent's.
	 */
	if (unit_git_repo(dir,
		"mkdir -p scripts; printf 'FOO DRIVER\\nM:\\tFoo <foo@t.org>\\n"
		"F:\\tdrivers/foo/\\n\\nDRIVERS\\nM:\\tCore <core@t.org>\\n"
		"F:\\tdrivers/\\n\\nSPEC\\nM:\\tSpec <spec@t.org>\\n"
		"K:\\tspec\\\\.example\\n' > MAINTAINERS;"
		"cat > scripts/get_maintainer.pl <<'P'\n"
		"open(my $l, '>>', 'runs.log'); print $l \"$ARGV[-1]\\n\";\n"
		"print \"Foo <foo\\@t.org> (maintainer:FOO DRIVER)\\n\";\n"
		"print \"Core <core\\@t.org> (maintainer:DRIVERS)\\n\";\n"
		"P\n") || maintainers_load(dir, &m)) {
		CHECK(0, "the tree is made (the setup works)");
		return unit_done();
	}
	for (i = 0; i < 4; i++)
		files[i] = xstrfmt("%s/%zu.patch", dir, i);
	/* Two alike (foo.c's moved links, foo.h's), one with a keyword. */
	write_patch(files[0], "drivers/foo/foo.c", "https://a.example/new");
	write_patch(files[1], "drivers/foo/foo.h", "https://b.example/new");
	write_patch(files[2], "drivers/foo/foo.c", "https://spec.example/x");
	write_patch(files[3], "drivers/foo/bar.c", "https://c.example/new");
	CHECK(!route_patches(dir, &m, files, 4, 2, 0, r), "route_patches: 0");
	log = xstrfmt("%s/runs.log", dir);
	CHECK(lines_of(log) == 2,
	      "get_maintainer.pl runs twice for four patches, two kinds alike");
	for (i = 0; i < 4; i++) {
		CHECK(r[i].nto == 1 && !strcmp(r[i].to[0], "Foo <foo@t.org>"),
		      "To: the file's own section's maintainer alone");
		CHECK(r[i].ncc == 1 && !strcmp(r[i].cc[0], "Core <core@t.org>"),
		      "Cc: its parent section's");
		recipients_release(&r[i]);
		free(files[i]);
	}
	free(log);
	maintainers_release(&m);
	unit_remove(dir);
	return unit_done();
}
