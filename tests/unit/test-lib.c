// SPDX-License-Identifier: GPL-2.0-or-later
/* The leaf libraries: strbuf, path, strmap, run (its pool too). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/lib/parse-options.h"
#include "../../src/lib/path.h"
#include "../../src/lib/run.h"
#include "../../src/lib/strbuf.h"
#include "../../src/lib/strmap.h"
#include "../../src/lib/vocab.h"
#include "../../src/lib/xalloc.h"
#include "unit.h"

static void test_strbuf(void)
{
	struct strbuf sb = STRBUF_INIT;
	int i;

	CHECK(sb.len == 0 && sb.buf[0] == '\0', "empty strbuf is an empty string");
	for (i = 0; i < 1000; i++)
		strbuf_addf(&sb, "%d,", i);
	CHECK(sb.len == strlen(sb.buf), "addf keeps len and NUL in step");
	CHECK(!strncmp(sb.buf + sb.len - 4, "999,", 4), "addf appends");
	strbuf_reset(&sb);
	strbuf_add_escaped(&sb, "a\tb\nc\\d\x1b[0m", 11);
	CHECK_STR(sb.buf, "a\\tb\\nc\\\\d\\x1b[0m",
		  "escaping: tab, newline, backslash, terminal escape");
	strbuf_reset(&sb);
	/* A lone C1 byte (CSI 0x9b), U+009B in UTF-8, then text kept. */
	strbuf_add_escaped(&sb, "x\x9b" "2J\xc2\x9b" "caf\xc3\xa9 \xe2\x80\x93", 15);
	CHECK_STR(sb.buf, "x\\x9b2J\\xc2\\x9bcaf\xc3\xa9 \xe2\x80\x93",
		  "escaping: C1 controls, lone or in UTF-8; UTF-8 text kept");
	strbuf_reset(&sb);
	strbuf_add_escaped(&sb, "\xff\xe2\x80", 3);
	CHECK_STR(sb.buf, "\\xff\\xe2\\x80", "escaping: bytes that are no UTF-8");
	strbuf_reset(&sb);
	strbuf_add_printable(&sb, "C:\\dir\x1b", 7);
	CHECK_STR(sb.buf, "C:\\dir\\x1b", "printable: a backslash stays, ESC does not");
	strbuf_release(&sb);
}

static void test_path(void)
{
	char p1[] = "./drivers//usb/", p2[] = "../etc", p3[] = ".", p4[] = "/abs",
	     p5[] = "a/./b/.", p6[] = "a/../b";

	CHECK(!path_normalize(p1) && !strcmp(p1, "drivers/usb"),
	      "normalise ./ and // and trailing /");
	CHECK(path_normalize(p2) == -1, ".. is refused");
	CHECK(!path_normalize(p3) && !strcmp(p3, ""), ". is the root");
	CHECK(path_normalize(p4) == -1, "absolute is refused");
	CHECK(!path_normalize(p5) && !strcmp(p5, "a/b"), "inner . dropped");
	CHECK(path_normalize(p6) == -1, "inner .. is refused");
	CHECK(path_under("drivers/usb/core.c", "drivers/usb"), "under a directory");
	CHECK(!path_under("drivers/usbfoo.c", "drivers/usb"),
	      "a sibling with the same prefix is not under");
	CHECK(path_under("drivers/usb", "drivers/usb"), "a path is under itself");
	CHECK(path_under("x", ""), "everything is under the root");
}

static void test_strmap(void)
{
	struct strmap m = STRMAP_INIT;
	struct strmap_entry *e;
	char key[32];
	size_t i, n = 0, sum = 0;
	int ok = 1;

	for (i = 0; i < 10000; i++) {
		snprintf(key, sizeof(key), "k%zu", i);
		*strmap_put(&m, key) = (void *)(i + 1);
	}
	for (i = 0; i < 10000; i++) {
		snprintf(key, sizeof(key), "k%zu", i);
		if ((size_t)strmap_get(&m, key) != i + 1)
			ok = 0;
	}
	CHECK(ok && m.nr == 10000, "10000 keys stored and found");
	CHECK(!strmap_get(&m, "absent"), "an absent key is NULL");
	strmap_for_each(&m, e) {
		n++;
		sum += (size_t)e->value;
	}
	CHECK(n == 10000 && sum == 10000 * 10001 / 2, "iteration sees each once");
	strmap_clear(&m, NULL);
	CHECK(!strmap_get(&m, "k1"), "a cleared map is empty");
}

/* Every name of the vocabulary reads back as what it names. */
static void test_vocab(void)
{
	char buf[96];
	int i, ok = 1;

	for (i = 0; i < CTX__COUNT; i++)
		ok &= (int)context_from_name(context_name((enum context)i)) == i;
	CHECK(ok, "every context name reads back");
	for (i = 0, ok = 1; i < V__COUNT; i++)
		ok &= (int)verdict_from_name(verdict_name((enum verdict)i)) == i;
	CHECK(ok, "every verdict name reads back");
	for (i = 0, ok = 1; i < K__COUNT; i++)
		ok &= (int)kind_from_name(kind_name((enum kind)i)) == i;
	CHECK(ok, "every kind name reads back");
	CHECK(kind_from_name("nonsense") == K__COUNT &&
	      verdict_from_name("nonsense") == V__COUNT &&
	      context_from_name("nonsense") == CTX__COUNT,
	      "an unknown name is no kind, verdict or context");
	flags_format(OCC_WRAPPED | OCC_HTTPS, buf, sizeof(buf));
	CHECK_STR(buf, "wrapped,https", "flags by name, in bit order");
	CHECK(flags_parse(buf) == (OCC_WRAPPED | OCC_HTTPS),
	      "and read back as bits");
	flags_format(0, buf, sizeof(buf));
	CHECK_STR(buf, "-", "no flags is '-'");
}

static int seen_cb;

static int count_cb(const struct option *opt, const char *arg)
{
	(void)opt;
	seen_cb += arg && !strcmp(arg, "x");
	return 0;
}

static void test_parse_options(void)
{
	const char *db = NULL;
	int jobs = 0, quiet = 0, n;
	long timeout = 0;
	long long days = 0;
	char *argv[] = { "cmd", "a", "--db=s.db", "-qj", "7", "--time", "0.5",
			 "b", "--spacing", "2", "--cb", "x", "--", "--not", NULL };
	long long size = 0;
	char *argv2[] = { "cmd", "--size", "3M", NULL };
	struct usage_text u = { "cmd", NULL, NULL };
	struct option opts[] = {
		OPT_STRING(0, "db", &db, "PATH", "the store"),
		OPT_INT('j', "jobs", &jobs, 1, 64, "N", "jobs"),
		OPT_BOOL('q', "quiet", &quiet, "quiet"),
		OPT_LONG(0, "timeout", &timeout, 0.1, 3600, OPT_SECONDS_TO_MS,
			 "S", "timeout"),
		OPT_LLONG(0, "spacing", &days, 0, 3650, OPT_DAYS_TO_S, "DAYS",
			  "spacing"),
		OPT_CALLBACK(0, "cb", NULL, count_cb, "X", "a callback"),
		OPT_BOOL(0, "unused", &quiet, "unused"),
		OPT_BYTES(0, "size", &size, "SIZE", "a size"),
		OPT_END(),
	};

	n = parse_options(14, argv, opts, &u);
	CHECK(n == 3, "parse_options keeps the three non-options");
	CHECK_STR(argv[0], "a", "in order: the first");
	CHECK_STR(argv[1], "b", "in order: the second");
	CHECK_STR(argv[2], "--not", "and what follows -- as it is");
	CHECK_STR(db, "s.db", "--name=value");
	CHECK(jobs == 7 && quiet == 1, "-qj 7: a bundle, then a value");
	CHECK(timeout == 500, "an abbreviated --time, seconds scaled to ms");
	CHECK(days == 2 * 86400, "days scaled to seconds");
	CHECK(seen_cb == 1, "a callback sees its value");
	CHECK(parse_options_seen(opts, "jobs"), "jobs is seen");
	CHECK(!parse_options_seen(opts, "unused"), "unused is not");
	CHECK(parse_options(3, argv2, opts, &u) == 0 && size == 3LL << 20,
	      "a size with M is in MiB");
}

/* The help's defaults are read from where the options point. */
static void test_parse_options_help(void)
{
	const char *db = "x.db";
	int jobs = 64, quiet = 0;
	long timeout = 30000;
	long long size = 50LL << 20, none = 0;
	struct usage_text u = { "cmd [options]", "About.\n", "After.\n" };
	struct option opts[] = {
		OPT_STRING(0, "db", &db, "PATH", "the store"),
		OPT_INT('j', "jobs", &jobs, 1, 64, "N", "requests at once"),
		OPT_BOOL('q', "quiet", &quiet, "quiet"),
		OPT_LONG(0, "timeout", &timeout, 0.1, 3600, OPT_SECONDS_TO_MS,
			 "S", "per request"),
		OPT_BYTES(0, "max-size", &size, "SIZE", "of a body"),
		OPT_BYTES(0, "zero", &none, "SIZE", "no default"),
		OPT_END(),
	};
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	parse_options_help(f, opts, &u);
	fclose(f);
	CHECK(strstr(buf, "usage: cmd [options]\n\nAbout.\n") == buf,
	      "help: the synopsis, then the text before the options");
	CHECK(strstr(buf, "--db PATH") && strstr(buf, "(default x.db)"),
	      "help: a string's default");
	CHECK(strstr(buf, "-j, --jobs N") &&
	      strstr(buf, "requests at once (default 64)"),
	      "help: a number's default");
	CHECK(strstr(buf, "per request (default 30)") != NULL,
	      "help: a scaled number in the user's unit");
	CHECK(strstr(buf, "of a body (default 50M)") != NULL,
	      "help: a size in its largest whole unit");
	CHECK(strstr(buf, "no default\n") != NULL,
	      "help: a zero has no default shown");
	CHECK(len > 7 && !strcmp(buf + len - 7, "After.\n"),
	      "help: the text after the options ends it");
	free(buf);
}

/*
 * 8 MiB in, 8 MiB out through cat: a blocking write of the whole input
 * once hung here, cat waiting for its output to be read (git cat-file
 * --batch on a kernel's files did).  alarm() turns a hang into a failure.
 */
static void test_run_big(void)
{
	const char *argv[] = { "cat", NULL };
	size_t n = 8 << 20, i;
	char *in = xmalloc(n);
	struct strbuf out = STRBUF_INIT;
	int rc;

	for (i = 0; i < n; i++)
		in[i] = (char)('a' + i % 26);
	alarm(60);
	rc = run_command(argv, NULL, in, n, &out, NULL);
	alarm(0);
	CHECK(rc == 0 && out.len == n && !memcmp(out.buf, in, n),
	      "run_command: 8 MiB through cat, fed and drained together");
	strbuf_release(&out);
	free(in);
}

/* sh -c SCRIPT in the pool, with the pool's directory as $1. */
static void pool_sh(struct run_pool *p, const char *dir, const char *script)
{
	struct child_process cp = CHILD_PROCESS_INIT;

	strvec_pushl(&cp.args, "sh", "-c", script, "sh", dir, NULL);
	run_pool_add(p, &cp);
}

/*
 * The pool runs jobs at a time while its caller goes on, counts what
 * failed, and drops what was not begun only when told.
 */
static void test_run_pool(void)
{
	char dir[] = "/tmp/lm-pool.XXXXXX";
	struct run_pool p = RUN_POOL_INIT(2);
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf log = STRBUF_INIT;
	char *path;
	size_t i, failed;
	int now = 0, most = 0;

	if (!mkdtemp(dir)) {
		CHECKS_NOT_RUN(6, "no temporary directory");
		return;
	}
	alarm(60);
	for (i = 0; i < 6; i++)
		pool_sh(&p, dir, "echo + >> \"$1/log\"; sleep 0.2; "
			"echo - >> \"$1/log\"");
	path = xstrfmt("%s/log", dir);
	CHECK(access(path, F_OK) || strbuf_read_file(&log, path) ||
	      !strchr(log.buf, '-'),
	      "run_pool_add: returns before its commands end");
	failed = run_pool_finish(&p, 0);
	strbuf_reset(&log);
	CHECK(!strbuf_read_file(&log, path), "run_pool: the commands ran");
	for (i = 0; i < log.len; i++) {
		now += log.buf[i] == '+' ? 1 : log.buf[i] == '-' ? -1 : 0;
		most = now > most ? now : most;
	}
	CHECK(failed == 0 && log.len == 24 && most == 2,
	      "run_pool: six commands, two at a time, none failed");
	free(path);

	p.jobs = 3;
	pool_sh(&p, dir, "exit 3");
	pool_sh(&p, dir, "kill -9 $$");
	strvec_push(&cp.args, "/nonexistent/linkmend-test");
	run_pool_add(&p, &cp);
	pool_sh(&p, dir, "exit 0");
	CHECK(run_pool_finish(&p, 0) == 3,
	      "run_pool: an exit status, a signal and no program are failures");

	p.jobs = 1;
	pool_sh(&p, dir, "sleep 0.2; touch \"$1/first\"");
	pool_sh(&p, dir, "touch \"$1/second\"");
	failed = run_pool_finish(&p, 1);
	path = xstrfmt("%s/first", dir);
	CHECK(!failed && !access(path, F_OK),
	      "run_pool_finish(drop): waits for the command begun");
	free(path);
	path = xstrfmt("%s/second", dir);
	CHECK(access(path, F_OK), "run_pool_finish(drop): the queued one "
	      "is never begun");
	free(path);
	alarm(0);
	strbuf_release(&log);
	remove_tree(dir);
}

int main(void)
{
	test_run_big();
	test_run_pool();
	test_parse_options();
	test_parse_options_help();
	test_vocab();
	test_strbuf();
	test_path();
	test_strmap();
	return unit_done();
}
