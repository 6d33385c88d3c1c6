// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * series: the way to git every step of a series takes (series_git_cmd(),
 * series_git()) hands git every argument; it once copied them into a
 * fixed argv[32] and dropped all past the 28th without a word.
 */
#include <stdio.h>
#include <string.h>

#include "../../src/lib/run.h"
#include "../../src/lib/strbuf.h"
#include "../../src/series/series.h"
#include "unit.h"

/* How many "'argNN'" git rev-parse --sq-quote gave back. */
static size_t quoted(const char *out)
{
	const char *p;
	size_t n = 0;

	for (p = out; (p = strstr(p, "'arg")); p++)
		n++;
	return n;
}

static void test_many_arguments(void)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf out = STRBUF_INIT;
	struct series c;
	int i, rc;

	memset(&c, 0, sizeof(c));
	c.root = ".";
	series_git_cmd(&c, &cp);
	strvec_pushl(&cp.args, "rev-parse", "--sq-quote", NULL);
	for (i = 0; i < 40; i++)
		strvec_pushf(&cp.args, "arg%02d", i);
	cp.out = &out;
	rc = child_process_run(&cp);
	CHECK(rc == 0 && quoted(out.buf) == 40,
	      "series_git_cmd: git gets all of 40 arguments");
	CHECK(strstr(out.buf, "'arg39'") != NULL,
	      "series_git_cmd: the last of 40 arguments reaches git");
	CHECK(cp.args.nr == 0, "child_process_run: its args cleared after");

	strbuf_reset(&out);
	rc = series_git(&c, &out, "rev-parse", "--sq-quote", "arg00", "arg01",
			"arg02", "arg03", "arg04", "arg05", "arg06", "arg07",
			"arg08", "arg09", "arg10", "arg11", "arg12", "arg13",
			"arg14", "arg15", "arg16", "arg17", "arg18", "arg19",
			"arg20", "arg21", "arg22", "arg23", "arg24", "arg25",
			"arg26", "arg27", "arg28", "arg29", "arg30", "arg31",
			"arg32", "arg33", "arg34", "arg35", "arg36", "arg37",
			"arg38", "arg39", NULL);
	CHECK(rc == 0 && quoted(out.buf) == 40,
	      "series_git: git gets all of 40 arguments");
	strbuf_release(&out);
}

int main(void)
{
	test_many_arguments();
	return unit_done();
}
