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

/*
 * The one table of what a verdict says, against the lists each stage
 * kept before it: diff's states, sanity's unreachable, check's accept.
 */
static void test_table(void)
{
	static const enum link_state want[V__COUNT] = {
		[V_ALIVE] = LS_ALIVE, [V_MOVED] = LS_MOVED,
		[V_REDIRECTED] = LS_ALIVE, [V_GONE] = LS_DEAD,
		[V_SOFT404] = LS_DEAD, [V_DNS] = LS_DEAD,
		[V_DNS_ERROR] = LS_FAILING, [V_REFUSED] = LS_DEAD,
		[V_TIMEOUT] = LS_FAILING, [V_TLS] = LS_DEAD,
		[V_BLOCKED] = LS_ALIVE, [V_SERVER_ERROR] = LS_FAILING,
		[V_PARKED] = LS_DEAD, [V_UNSAFE] = LS_UNCHECKED,
		[V_FRAGMENT_MISSING] = LS_ALIVE,
	};
	struct check_history h[3];
	int v, states = 1, unreachable = 1, accepts = 1;

	for (v = 0; v < V__COUNT; v++) {
		enum verdict e = (enum verdict)v;
		int down = e == V_DNS || e == V_DNS_ERROR || e == V_REFUSED ||
			   e == V_TIMEOUT || e == V_TLS;

		states &= verdict_state(e) == want[v];
		unreachable &= verdict_is_unreachable(e) == down;
		accepts &= verdict_accepts(e) == verdict_is_failure(e);
	}
	CHECK(states, "each verdict makes the state diff and report say");
	CHECK(unreachable, "dns, dns-error, refused, timeout and tls are "
	      "the host unreached");
	CHECK(accepts, "[host] accept turns only a failure alive");
	CHECK(verdict_state(V__COUNT) == LS_UNCHECKED, "no verdict: unchecked");
	h[0] = (struct check_history){ 0, V_TIMEOUT };
	h[1] = (struct check_history){ 3 * DAY, V_GONE };
	h[2] = (struct check_history){ 6 * DAY, V_BLOCKED };
	CHECK(check_is_dead(h, 2, 2, 3 * DAY, &v) && v == 2,
	      "two failures three days apart: dead with confirm 2");
	CHECK(!check_is_dead(h, 2, 3, 3 * DAY, NULL), "not with confirm 3");
	CHECK(!check_is_dead(h, 3, 2, 3 * DAY, &v) && v == 2,
	      "the newest check blocked: counted, but not dead");
	CHECK(!check_is_dead(h, 0, 0, 3 * DAY, NULL),
	      "never checked: not dead");
}

int main(void)
{
	test_failures();
	test_names();
	test_table();
	return unit_done();
}
