// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CODEOWNERS as GitHub and GitLab read it: each rule on lines from real
 * trees (zephyr's CODEOWNERS of 2021, GitLab's documented sections), and
 * files that are no CODEOWNERS.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../src/lib/xalloc.h"
#include "../../src/project/codeowners.h"
#include "unit.h"

/* zephyrproject-rtos/zephyr's CODEOWNERS, lines of it as written. */
static const char zephyr[] =
	"# CODEOWNERS for autoreview assigning in github\n"
	"\n"
	"# Do not use wildcard on all source yet\n"
	"# *                                        @galak @nashif\n"
	"\n"
	"/.github/\t\t\t\t  @nashif\n"
	"/arch/arm/                                @MaureenHelm @galak "
	"@ioannisg\n"
	"/arch/arm/core/aarch32/cortex_m/cmse/     @ioannisg\n"
	"/soc/arm/st_stm32/                        @erwango\n"
	"/soc/arm/st_stm32/*/power.c               @FRASTM\n"
	"/boards/arm/cy8*                          @nandojve\n"
	"/drivers/*/*stm32*                        @erwango @ABOSTM @FRASTM\n"
	"/drivers/modem/hl7800.c                   @LairdCP/zephyr\n"
	"/doc/                                     @dbkinder\n"
	"*.rst                                     @nashif\n";

static char *owners_of(const struct codeowners *co, const char *path)
{
	const struct codeowners_rule *r = codeowners_owner(co, path);
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	if (!r)
		return xstrdup("(none)");
	strbuf_addf(&sb, "%zu:", r->line);
	for (i = 0; i < r->nowners; i++)
		strbuf_addf(&sb, " %s", r->owners[i]);
	return strbuf_detach(&sb, NULL);
}

#define OWNERS(co, path, want, name) do { \
	char *got_ = owners_of((co), (path)); \
	CHECK_STR(got_, (want), (name)); \
	free(got_); \
} while (0)

static void test_zephyr(void)
{
	struct codeowners co;

	CHECK(!codeowners_parse(zephyr, strlen(zephyr), "CODEOWNERS", &co),
	      "zephyr's CODEOWNERS parses");
	CHECK(co.nr == 10, "comments and blank lines make no rule");
	OWNERS(&co, ".github/workflows/ci.yml", "6: @nashif",
	       "tabs part a pattern from its owners");
	OWNERS(&co, "arch/arm/core/aarch32/cortex_m/cmse/arm_core_cmse.c",
	       "8: @ioannisg", "the last matching line wins");
	OWNERS(&co, "arch/arm/core/aarch32/thread.c",
	       "7: @MaureenHelm @galak @ioannisg",
	       "a directory pattern covers everything below it");
	OWNERS(&co, "arch/arm64/core/thread.c", "(none)",
	       "a directory is a whole name, not a prefix");
	OWNERS(&co, "soc/arm/st_stm32/stm32f4/power.c", "10: @FRASTM",
	       "'*' matches one directory's name");
	OWNERS(&co, "soc/arm/st_stm32/stm32f4/x/power.c", "9: @erwango",
	       "'*' does not cross '/'");
	OWNERS(&co, "boards/arm/cy8ckit_062_ble/board.cmake", "11: @nandojve",
	       "a star pattern naming a directory covers its files");
	OWNERS(&co, "drivers/serial/uart_stm32.c",
	       "12: @erwango @ABOSTM @FRASTM", "stars in two components");
	OWNERS(&co, "drivers/modem/hl7800.c", "13: @LairdCP/zephyr",
	       "an @org/team owner");
	OWNERS(&co, "doc/index.rst", "15: @nashif",
	       "a pattern without '/' matches at any depth");
	OWNERS(&co, "soc/doc/x.c", "(none)",
	       "a leading '/' anchors at the root");
	codeowners_release(&co);
}

/* GitHub's documented rules, and GitLab's sections. */
static const char rules[] =
	"*       @global-owner1 @global-owner2\n"
	"docs/*  docs@example.com\n"
	"apps/   @octocat\n"
	"**/logs @octocat/logs\n"
	"/scripts/ @doctocat @octocat\n"
	"/apps/github\n"
	"\\#notes.txt @hash\n"
	"My\\ File.txt @spaced # and a comment\n"
	"/lib/**/*.c @deep\n"
	"\n"
	"[Documentation] @docs-team\n"
	"/guides/\n"
	"/guides/api.md @api-writer\n"
	"^[Optional][2] @opt\n"
	"/extra/\n";

static void test_rules(void)
{
	struct codeowners co;

	CHECK(!codeowners_parse(rules, strlen(rules), "CODEOWNERS", &co),
	      "the documented rules parse");
	OWNERS(&co, "README", "1: @global-owner1 @global-owner2",
	       "'*' owns every file");
	OWNERS(&co, "docs/getting-started.md", "2: docs@example.com",
	       "an address owns; dir/* owns dir's files");
	OWNERS(&co, "docs/build-app/troubleshooting.md",
	       "1: @global-owner1 @global-owner2",
	       "dir/* owns no file further down");
	OWNERS(&co, "src/apps/main.c", "3: @octocat",
	       "a trailing '/' alone does not anchor");
	OWNERS(&co, "src/apps", "1: @global-owner1 @global-owner2",
	       "a trailing '/' owns a directory, not a file of that name");
	OWNERS(&co, "build/logs/x.log", "4: @octocat/logs",
	       "'**/' matches directories");
	OWNERS(&co, "logs/x.log", "4: @octocat/logs",
	       "'**/' matches no directory too");
	OWNERS(&co, "apps/github/x.c", "6:",
	       "a line without owners leaves a path with none");
	OWNERS(&co, "#notes.txt", "7: @hash", "'\\#' is a '#' in a pattern");
	OWNERS(&co, "a/My File.txt", "8: @spaced",
	       "'\\ ' is a blank in a pattern; '#' starts a comment");
	OWNERS(&co, "lib/a/b/x.c", "9: @deep", "'/**/' crosses directories");
	OWNERS(&co, "lib/x.c", "9: @deep", "'/**/' crosses none too");
	CHECK(co.nsec == 2 && !strcmp(co.sec[0].name, "Documentation") &&
	      !co.sec[0].optional && co.sec[1].optional &&
	      co.sec[1].approvals == 2 && !strcmp(co.sec[1].name, "Optional"),
	      "GitLab's section headers: name, '^', approvals");
	OWNERS(&co, "guides/intro.md", "12: @docs-team",
	       "a line without owners takes its section's defaults");
	OWNERS(&co, "guides/api.md", "13: @api-writer",
	       "a line's own owners come before its section's");
	OWNERS(&co, "extra/x", "15: @opt", "an optional section's defaults");
	{
		const struct codeowners_rule *r[4];
		size_t n = codeowners_sections_owner(&co, "guides/api.md",
						     r, 4);

		CHECK(n == 2 && r[0]->line == 1 && r[1]->line == 13,
		      "GitLab: each section's last line, in file order");
		n = codeowners_sections_owner(&co, "guides/api.md", r, 1);
		CHECK(n == 1 && r[0]->line == 13, "no more than asked for");
	}
	CHECK(!codeowners_match("/", "a") && !codeowners_match("", "a"),
	      "an empty pattern owns nothing");
	{
		/* as fuzz-maintainers found for F: lines */
		char stars[400];

		memset(stars, '*', 300);
		strcpy(stars + 300, "rivers/net/wireless/");
		CHECK(!codeowners_match(stars, "drivers/net/ethernet/intel/"
					"e1000/e1000_main.c"),
		      "300 stars and a path that almost matches: no match");
		CHECK(codeowners_match(stars, "xdrivers/net/wireless/a.c"),
		      "and one that matches");
	}
	codeowners_release(&co);
}

static int write_file(const char *path, const char *s, size_t n)
{
	FILE *f = fopen(path, "wb");

	if (!f)
		return -1;
	fwrite(s, 1, n, f);
	return fclose(f);
}

static void test_load(void)
{
	char dir[] = "/tmp/test-codeowners-XXXXXX";
	struct codeowners co;
	char *p, *big;
	size_t n = (3u << 20) + 1;

	if (!mkdtemp(dir)) {
		CHECKS_NOT_RUN(8, "mkdtemp");
		return;
	}
	CHECK(codeowners_load(dir, &co) == 1, "a tree without one: 1");
	p = xstrfmt("%s/docs", dir);
	mkdir(p, 0755);
	free(p);
	p = xstrfmt("%s/.github", dir);
	mkdir(p, 0755);
	free(p);
	p = xstrfmt("%s/docs/CODEOWNERS", dir);
	write_file(p, "* @docs\n", 8);
	free(p);
	p = xstrfmt("%s/CODEOWNERS", dir);
	write_file(p, "* @root\n", 8);
	free(p);
	CHECK(!codeowners_load(dir, &co) && !strcmp(co.file, "CODEOWNERS"),
	      "the root's comes before docs/'s");
	codeowners_release(&co);
	p = xstrfmt("%s/.github/CODEOWNERS", dir);
	write_file(p, "* @gh\n", 6);
	CHECK(!codeowners_load(dir, &co) &&
	      !strcmp(co.file, ".github/CODEOWNERS") &&
	      !strcmp(co.v[0].owners[0], "@gh"),
	      ".github/'s comes first");
	codeowners_release(&co);

	fprintf(stderr, "# expect four errors naming %s:\n", p);
	write_file(p, "* @a\n\0\1\2", 8);
	CHECK(codeowners_load(dir, &co) == -1 && !co.nr,
	      "a binary file: -1");
	write_file(p, "* @caf\xe9\n", 8);
	CHECK(codeowners_load(dir, &co) == -1 && !co.nr,
	      "a file that is not UTF-8: -1");
	big = xmalloc(n);
	memset(big, '#', n);
	write_file(p, big, n);
	free(big);
	CHECK(codeowners_load(dir, &co) == -1 && !co.nr,
	      "a file over 3 MB: -1");
	unlink(p);
	mkdir(p, 0755);
	CHECK(codeowners_load(dir, &co) == -1 && !co.nr,
	      "a directory in its place: -1");
	rmdir(p);
	free(p);
	CHECK(!codeowners_parse("", 0, "x", &co) && !co.nr,
	      "an empty file: no rule");
	codeowners_release(&co);
	unit_remove(dir);
}

int main(void)
{
	test_zephyr();
	test_rules();
	test_load();
	return unit_done();
}
