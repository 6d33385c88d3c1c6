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
#include <unistd.h>

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

/* A memo as the store keeps answers: by files, keywords and options. */
struct kept {
	char *key[8], *answer[8];
	size_t n, puts;
};

static char *kept_key(const struct route_question *q)
{
	return xstrfmt("%s|%s|%s", q->files, q->keywords, q->options);
}

static int kept_get(void *data, const struct route_question *q,
		    char **answer)
{
	struct kept *k = data;
	char *key = kept_key(q);
	size_t i;

	*answer = NULL;
	for (i = 0; i < k->n && !*answer; i++)
		if (!strcmp(k->key[i], key))
			*answer = xstrdup(k->answer[i]);
	free(key);
	return 0;
}

static int kept_put(void *data, const struct route_question *q,
		    char *const *answer, size_t n)
{
	struct kept *k = data;
	size_t i;

	k->puts++;
	for (i = 0; i < n && k->n < 8; i++) {
		k->key[k->n] = kept_key(&q[i]);
		k->answer[k->n++] = xstrdup(answer[i]);
	}
	return 0;
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
	CHECK(!route_patches(dir, &m, files, 4, 2, 0, NULL, r), "route_patches: 0");
	log = xstrfmt("%s/runs.log", dir);
	CHECK(lines_of(log) == 2,
	      "get_maintainer.pl runs twice for four patches, two kinds alike");
	for (i = 0; i < 4; i++) {
		CHECK(r[i].nto == 1 && !strcmp(r[i].to[0], "Foo <foo@t.org>"),
		      "To: the file's own section's maintainer alone");
		CHECK(r[i].ncc == 1 && !strcmp(r[i].cc[0], "Core <core@t.org>"),
		      "Cc: its parent section's");
		recipients_release(&r[i]);
	}
	/*
	 * Answers kept: the first run asks as before and keeps an answer
	 * per patch, its alikes' too; the second asks nothing.
	 */
	{
		struct kept k = { 0 };
		struct route_memo memo = { kept_get, kept_put, &k, 0, 0 };

		CHECK(!truncate(log, 0), "the log emptied (the setup works)");
		CHECK(!route_patches(dir, &m, files, 4, 2, 0, &memo, r),
		      "route_patches with a memo: 0");
		for (i = 0; i < 4; i++)
			recipients_release(&r[i]);
		CHECK(lines_of(log) == 2 && memo.asked == 2 && !memo.kept,
		      "an empty memo: the script runs twice, as without");
		CHECK(k.n == 4, "an answer kept for each of the four patches");
		CHECK(k.n && strstr(k.key[0], "drivers/foo/foo.c\n|") == k.key[0],
		      "kept by the patch's files");
		CHECK(k.n > 2 && strstr(k.key[2], "|SPEC\n|"),
		      "and the sections whose keywords its text holds");
		CHECK(!truncate(log, 0), "the log emptied (the setup works)");
		memo.kept = memo.asked = 0;
		CHECK(!route_patches(dir, &m, files, 4, 2, 0, &memo, r),
		      "route_patches again: 0");
		CHECK(lines_of(log) == 0 && memo.kept == 4 && !memo.asked,
		      "asked again: the script runs not at all");
		for (i = 0; i < 4; i++) {
			CHECK(r[i].nto == 1 &&
			      !strcmp(r[i].to[0], "Foo <foo@t.org>") &&
			      r[i].ncc == 1 &&
			      !strcmp(r[i].cc[0], "Core <core@t.org>"),
			      "the kept answers route as the script's did");
			recipients_release(&r[i]);
		}
		for (i = 0; i < k.n; i++) {
			free(k.key[i]);
			free(k.answer[i]);
		}
	}
	for (i = 0; i < 4; i++)
		free(files[i]);
	free(log);
	maintainers_release(&m);
	unit_remove(dir);
	return unit_done();
}
