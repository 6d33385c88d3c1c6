/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A minimal unit-test harness: each CHECK prints "ok - name" or
 * "not ok - name" with what differed; unit_done() prints the counts as
 * "# N passed, N failed" for tests/run and returns the exit status.
 */
#ifndef TESTS_UNIT_H
#define TESTS_UNIT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/lib/run.h"
#include "../../src/lib/strbuf.h"
#include "../../src/lib/xalloc.h"

static int unit_passed, unit_failed;

#define CHECK(cond, name) do { \
	if (cond) { \
		unit_passed++; \
		printf("ok - %s\n", (name)); \
	} else { \
		unit_failed++; \
		printf("not ok - %s (%s:%d: %s)\n", (name), __FILE__, \
		       __LINE__, #cond); \
	} \
} while (0)

#define CHECK_STR(got, want, name) do { \
	const char *g_ = (got), *w_ = (want); \
	if (g_ && w_ && !strcmp(g_, w_)) { \
		unit_passed++; \
		printf("ok - %s\n", (name)); \
	} else { \
		unit_failed++; \
		printf("not ok - %s (%s:%d: got '%s', want '%s')\n", (name), \
		       __FILE__, __LINE__, g_ ? g_ : "(null)", \
		       w_ ? w_ : "(null)"); \
	} \
} while (0)

/*
 * n checks that cannot run because one they depend on failed: each is
 * reported as failed, so that the count of checks never shrinks.
 */
#define CHECKS_NOT_RUN(n, why) do { \
	int k_; \
	for (k_ = 0; k_ < (n); k_++) { \
		unit_failed++; \
		printf("not ok - not run (%s:%d): %s\n", __FILE__, \
		       __LINE__, (why)); \
	} \
} while (0)

/*
 * A scratch git repository: dir (a mkdtemp() template, made the
 * directory) after git init and the shell commands setup run there, as
 * user t; -1 when any of it failed (dir is then removed, or was never
 * made).
 */
static inline int unit_git_repo(char *dir, const char *setup)
{
	const char *sh[] = { "sh", "-c", NULL, NULL };
	struct strbuf out = STRBUF_INIT;
	char *script;
	int ret;

	if (!mkdtemp(dir))
		return -1;
	script = xstrfmt("set -e; cd '%s'; git init -q .; git config "
			 "user.name t; git config user.email t@t; %s", dir,
			 setup);
	sh[2] = script;
	ret = run_command_quiet(sh, NULL, &out) ? -1 : 0;
	free(script);
	strbuf_release(&out);
	if (ret) {
		const char *rm[] = { "rm", "-rf", dir, NULL };

		run_command_quiet(rm, NULL, NULL);
	}
	return ret;
}

static inline void unit_remove(const char *dir)
{
	const char *rm[] = { "rm", "-rf", dir, NULL };

	run_command_quiet(rm, NULL, NULL);
}

static inline int unit_done(void)
{
	printf("# %d passed, %d failed\n", unit_passed, unit_failed);
	return unit_failed ? 1 : 0;
}

#endif
