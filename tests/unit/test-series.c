// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * series: the way to git every step of a series takes (series_git_cmd(),
 * series_git()) hands git every argument; it once copied them into a
 * fixed argv[32] and dropped all past the 28th without a word.  And the
 * edits' groups: a file is in one, whatever kinds its links are of.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/lib/run.h"
#include "../../src/lib/strbuf.h"
#include "../../src/lib/xalloc.h"
#include "../../src/series/series.h"
#include "../../src/series/write.h"
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

/*
 * t-series.sh's foo driver: one file with a moved and a dead link (49
 * kernel files are so), another with a moved one.
 */
static const char foo_c[] =
	"/*\n"
	" * The foo driver.  Manual: http://www.foo-vendor.org/docs/old.html\n"
	" * FAQ: http://www.bar-chips.org/faq.html\n"
	" */\n";
static const char foo_h[] =
	"/* Registers: http://www.foo-vendor.org/docs/old.html */\n";

static void add_edit(struct series *c, const char *path, const char *buf,
		     const char *url, unsigned line, enum kind kind,
		     const char *to)
{
	struct planned *e;
	const char *at = strstr(buf, url);

	ALLOC_GROW(c->plan.v, c->plan.nr + 1, c->plan.alloc);
	e = &c->plan.v[c->plan.nr++];
	memset(e, 0, sizeof(*e));
	e->path = xstrdup(path);
	e->start = (size_t)(at - buf);
	e->end = e->start + strlen(url);
	e->line = line;
	e->text = xstrdup(url);
	e->url = xstrdup(url);
	e->replacement = xstrdup(to);
	e->evidence = xstrdup("test");
	e->kind = kind;
	e->ctx = CTX_C_COMMENT;
}

static void put_blob(struct series *c, const char *path, const char *text)
{
	struct strbuf *sb = xcalloc(1, sizeof(*sb));

	strbuf_init(sb, 0);
	strbuf_addstr(sb, text);
	*strmap_put(&c->blobs, path) = sb;
}

/* The groups path is in. */
static size_t groups_of(const struct series *c, const char *path)
{
	size_t k, i, n = 0;

	for (k = 0; k < c->ng; k++)
		for (i = 0; i < c->g[k].nr; i++)
			if (!strcmp(c->plan.v[c->g[k].edits[i]].path, path)) {
				n++;
				break;
			}
	return n;
}

static void test_one_group_per_file(void)
{
	struct series_opts o;
	struct series c;
	struct strmap_entry *me;
	size_t k;

	memset(&o, 0, sizeof(o));
	memset(&c, 0, sizeof(c));
	o.base_rev = "HEAD";
	c.o = &o;
	add_edit(&c, "drivers/foo/foo.c", foo_c,
		 "http://www.foo-vendor.org/docs/old.html", 2, K_MOVED,
		 "https://www.foo-vendor.org/docs/new.html");
	add_edit(&c, "drivers/foo/foo.c", foo_c,
		 "http://www.bar-chips.org/faq.html", 3, K_ARCHIVED,
		 "https://web.archive.org/web/20050101000000/"
		 "http://www.bar-chips.org/faq.html");
	add_edit(&c, "drivers/foo/foo.h", foo_h,
		 "http://www.foo-vendor.org/docs/old.html", 1, K_MOVED,
		 "https://www.foo-vendor.org/docs/new.html");
	put_blob(&c, "drivers/foo/foo.c", foo_c);
	put_blob(&c, "drivers/foo/foo.h", foo_h);
	series_group_edits(&c);
	CHECK(c.plan.nr == 3 && c.ng >= 1,
	      "series_group_edits: the three edits are grouped (the setup)");
	CHECK(groups_of(&c, "drivers/foo/foo.c") == 1,
	      "a file whose links moved and died is in one group");
	CHECK(groups_of(&c, "drivers/foo/foo.h") == 1,
	      "a file of one kind is in one group");
	CHECK(c.ng == 2, "two groups: foo.c's two kinds, foo.h's one");
	for (k = 0; k < c.ng; k++) {
		const char *p = c.plan.v[c.g[k].edits[0]].path;

		if (!strcmp(p, "drivers/foo/foo.c"))
			CHECK(c.g[k].nr == 2 && !strcmp(series_kinds_name(
			      c.g[k].kinds), "moved+archived"),
			      "foo.c's group: both its edits, moved+archived");
		else
			CHECK(c.g[k].nr == 1 && !strcmp(series_kinds_name(
			      c.g[k].kinds), "moved"),
			      "foo.h's group: its moved edit alone");
	}
	for (k = 0; k < c.ng; k++) {
		free(c.g[k].area);
		free(c.g[k].edits);
	}
	free(c.g);
	strmap_for_each(&c.blobs, me) {
		strbuf_release(me->value);
		free(me->value);
	}
	strmap_clear(&c.blobs, NULL);
	plan_release(&c.plan);
}

int main(void)
{
	test_many_arguments();
	test_one_group_per_file();
	return unit_done();
}
