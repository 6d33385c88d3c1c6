/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A minimal unit-test harness: each CHECK prints "ok - name" or
 * "not ok - name" with what differed; unit_done() prints the counts as
 * "# N passed, N failed" for tests/run and returns the exit status.
 */
#ifndef TESTS_UNIT_H
#define TESTS_UNIT_H

#include <stdio.h>
#include <string.h>

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

static inline int unit_done(void)
{
	printf("# %d passed, %d failed\n", unit_passed, unit_failed);
	return unit_failed ? 1 : 0;
}

#endif
