// SPDX-License-Identifier: GPL-2.0-or-later
/* The confirmation rule and the verdict names. */
#include "../../src/check/check.h"
#include "unit.h"

#define DAY 86400LL

static void test_failures(void)
{
	struct check_history h[8];

	h[0] = (struct check_history){ 0, V_GONE };
	CHECK(check_failures(h, 1, 3 * DAY) == 1, "one failure counts one");
	h[1] = (struct check_history){ 1 * DAY, V_GONE };
	CHECK(check_failures(h, 2, 3 * DAY) == 1,
	      "a failure a day later does not count: spacing 3 days");
	h[2] = (struct check_history){ 3 * DAY, V_DNS };
	CHECK(check_failures(h, 3, 3 * DAY) == 2,
	      "three days after the first counted, it counts");
	h[3] = (struct check_history){ 6 * DAY, V_TIMEOUT };
	CHECK(check_failures(h, 4, 3 * DAY) == 3, "any failing verdict counts");
	h[4] = (struct check_history){ 7 * DAY, V_ALIVE };
	CHECK(check_failures(h, 5, 3 * DAY) == 0, "a success starts over");
	h[5] = (struct check_history){ 8 * DAY, V_BLOCKED };
	CHECK(check_failures(h, 6, 3 * DAY) == 0,
	      "blocked is no failure (the server refused us, not the page)");
	h[6] = (struct check_history){ 9 * DAY, V_SOFT404 };
	CHECK(check_failures(h, 7, 3 * DAY) == 1, "soft-404 is a failure");
	CHECK(check_failures(h, 0, 3 * DAY) == 0, "no history, no failure");
}

static void test_names(void)
{
	int v;
	int ok = 1;

	for (v = 0; v < V__COUNT; v++)
		if ((int)verdict_from_name(verdict_name((enum verdict)v)) != v)
			ok = 0;
	CHECK(ok, "every verdict name maps back to its verdict");
	CHECK(verdict_from_name("nonsense") == V__COUNT, "unknown name");
	CHECK(!verdict_is_failure(V_MOVED) && !verdict_is_failure(V_REDIRECTED),
	      "moved and redirected are not failures");
	CHECK(verdict_is_failure(V_PARKED) && verdict_is_failure(V_TLS),
	      "parked and tls are failures");
}

int main(void)
{
	test_failures();
	test_names();
	return unit_done();
}
