// SPDX-License-Identifier: GPL-2.0-or-later
/* .linkmend.conf's parser (src/lib/config.c) and git diff's added lines. */
#include <stdlib.h>

#include "../../src/lib/config.h"
#include "../../src/scan/changes.h"
#include "unit.h"

static void test_parse(void)
{
	struct config c;
	const struct config_entry *e;
	size_t i = 0;
	int rc;

	rc = config_parse(&c, "t.conf",
			  "# a comment\n"
			  "; another\n"
			  "\n"
			  "[Scan]\n"
			  "  skip = drivers/staging/\n"
			  "\tSKIP=Documentation/*.txt  \n"
			  "[host \"lkml.org\"]\n"
			  "accept = 403, 429\r\n"
			  "[check]\n"
			  "user-agent = \"linkmend (a \\\"quoted\\\" agent) \\\\ \"\n"
			  "empty =\n");
	CHECK(rc == 0, "a well-formed file parses");
	CHECK(c.nr == 5, "every key is kept, repeated ones too");
	e = config_next(&c, "scan", "skip", &i);
	CHECK_STR(e ? e->value : NULL, "drivers/staging/", "the first of a repeated key");
	e = config_next(&c, "scan", "skip", &i);
	CHECK_STR(e ? e->value : NULL, "Documentation/*.txt",
		  "names are case-insensitive; trailing blanks dropped");
	CHECK(config_next(&c, "scan", "skip", &i) == NULL, "then no more");
	CHECK_STR(config_get_sub(&c, "host", "LKML.org", "accept"), "403, 429",
		  "a subsection, case-insensitive; CR LF lines");
	CHECK(config_get(&c, "host", "accept") == NULL,
	      "a subsection's key is not the section's");
	CHECK_STR(config_get(&c, "check", "user-agent"),
		  "linkmend (a \"quoted\" agent) \\ ", "quoted values keep blanks and escapes");
	CHECK_STR(config_get(&c, "check", "empty"), "", "an empty value");
	CHECK_STR(c.v[2].key, "accept", "keys are lower case");
	CHECK(c.v[2].line == 8, "each entry knows its line");
	config_release(&c);

	CHECK(config_parse(&c, "t", "key = v\n") == -1, "a key before a section");
	CHECK(config_parse(&c, "t", "[s]\nno equals\n") == -1, "a line with no '='");
	CHECK(config_parse(&c, "t", "[s\n") == -1, "an unclosed section");
	CHECK(config_parse(&c, "t", "[s \"x]\n") == -1, "an unterminated subsection");
	CHECK(config_parse(&c, "t", "[s]\nk = \"abc\n") == -1, "an unterminated value");
	CHECK(config_parse(&c, "t", "[s]\nk = \"a\\qb\"\n") == -1, "a bad escape");
	CHECK(config_parse(&c, "t", "[s]\nk = \"a\" junk\n") == -1, "text after a quote");
	CHECK(config_parse(&c, "t", "[]\n") == -1, "a section with no name");
	CHECK(config_parse(&c, "t", "[s]\n= v\n") == -1, "a value with no key");
	CHECK(config_parse(&c, "t", "") == 0 && c.nr == 0, "an empty file");
	config_release(&c);
	CHECK(config_load(&c, "/nonexistent/.linkmend.conf") == 0 && c.nr == 0,
	      "a missing file is an empty configuration");
	config_release(&c);
}

static void test_changes(void)
{
	struct changes ch;
	int rc;

	rc = changes_parse(
		"diff --git a.c a.c\n"
		"index 1..2 100644\n"
		"--- a.c\n"
		"+++ a.c\n"
		"@@ -3 +3,2 @@ int x;\n"
		"-old\n"
		"+new\n"
		"+newer\n"
		"@@ -10,2 +11,0 @@\n"
		"-gone\n"
		"-gone\n"
		"@@ -20,0 +19 @@\n"
		"+one\n"
		"diff --git gone.c gone.c\n"
		"--- gone.c\n"
		"+++ /dev/null\n"
		"@@ -1 +0,0 @@\n"
		"-x\n"
		"diff --git new.c new.c\n"
		"--- /dev/null\n"
		"+++ new.c\n"
		"@@ -0,0 +1,3 @@\n"
		"+++ a line that looks like a header\n"
		"+b\n"
		"+c\n", &ch);
	CHECK(rc == 0, "git's -U0 diff parses");
	CHECK(ch.nr == 2, "a deleted file adds no lines");
	CHECK_STR(ch.nr ? ch.v[0].path : NULL, "a.c", "the file's new name");
	CHECK(ch.nr && ch.v[0].nr == 2, "a hunk that only deletes adds nothing");
	CHECK(ch.nr && change_has_line(&ch.v[0], 3) && change_has_line(&ch.v[0], 4) &&
	      !change_has_line(&ch.v[0], 5) && !change_has_line(&ch.v[0], 2),
	      "'+3,2' is lines 3 and 4");
	CHECK(ch.nr && change_has_line(&ch.v[0], 19) && !change_has_line(&ch.v[0], 20),
	      "'+19' is line 19 alone");
	CHECK(ch.nr > 1 && ch.v[1].nr == 1 && change_has_line(&ch.v[1], 3),
	      "a new file: all its lines");
	changes_release(&ch);
	CHECK(changes_parse("+++ a.c\n@@ -1 +x @@\n", &ch) == -1,
	      "a malformed hunk header is an error");
	CHECK(changes_parse("+++ a.c\n@@ -1 +1,2 @@\n+x\n", &ch) == -1,
	      "a hunk cut short is an error");
	CHECK(changes_parse("+++ a.c\n@@ -1 +1 @@\n-x\n\\ No newline at end of file\n+y\n", &ch) == 0 &&
	      ch.nr == 1, "git's 'No newline' marker");
	changes_release(&ch);
}

int main(void)
{
	test_parse();
	test_changes();
	return unit_done();
}
