// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lib/addr.c against IANA's special-purpose registries: each range's
 * edges inside and the first address past it, and the IPv6 forms that
 * carry an IPv4 address.
 */
#include "../../src/lib/addr.h"
#include "unit.h"

static const struct {
	const char *literal;
	const char *kind;	/* NULL: an open-Internet address */
} cases[] = {
	{ "127.0.0.1", "loopback" },
	{ "10.255.255.255", "private" },
	{ "11.0.0.7", NULL },
	{ "100.64.0.1", "shared (carrier-grade NAT)" },
	{ "100.127.255.255", "shared (carrier-grade NAT)" },
	{ "100.128.0.0", NULL },
	{ "169.254.169.254", "link-local (cloud metadata)" },
	{ "169.254.1.1", "link-local" },
	{ "172.31.255.255", "private" },
	{ "172.32.0.0", NULL },
	{ "192.0.0.8", "IETF protocol assignment (192.0.0.0/24)" },
	{ "192.0.2.1", "documentation (192.0.2.0/24)" },
	{ "192.0.3.1", NULL },
	{ "192.88.99.1", "6to4 relay anycast (192.88.99.0/24)" },
	{ "198.17.255.255", NULL },
	{ "198.18.0.1", "benchmarking (198.18.0.0/15)" },
	{ "198.19.255.255", "benchmarking (198.18.0.0/15)" },
	{ "198.20.0.0", NULL },
	{ "198.51.100.7", "documentation (198.51.100.0/24)" },
	{ "203.0.113.9", "documentation (203.0.113.0/24)" },
	{ "223.255.255.255", NULL },
	{ "224.0.0.1", "multicast" },
	{ "240.0.0.1", "reserved (240.0.0.0/4)" },
	{ "255.255.255.255", "broadcast" },
	{ "0.1.2.3", "\"this network\"" },
	{ "8.8.8.8", NULL },
	{ "::", "unspecified" },
	{ "::1", "loopback" },
	{ "[::1]", "loopback" },
	{ "::ffff:198.18.0.1", "benchmarking (198.18.0.0/15)" },
	{ "::ffff:8.8.8.8", NULL },
	{ "::127.0.0.1", "loopback" },
	{ "64:ff9b::a9fe:a9fe", "link-local (cloud metadata)" },
	{ "64:ff9b::808:808", NULL },
	{ "64:ff9b:1::1", "local-use translation (64:ff9b:1::/48)" },
	{ "2002:0a00:0001::1", "private" },
	{ "2002:0808:0808::1", NULL },
	{ "100::1", "discard-only (100::/64)" },
	{ "2001::1", "Teredo (2001::/32)" },
	{ "2001:2::1", "benchmarking (2001:2::/48)" },
	{ "2001:db8::1", "documentation (2001:db8::/32)" },
	{ "2001:10::1", "ORCHID (2001:10::/28)" },
	{ "2001:20::1", NULL },
	{ "3fff::1", "documentation (3fff::/20)" },
	{ "3fff:1000::1", NULL },
	{ "fd00::1", "private (fc00::/7)" },
	{ "fe80::1", "link-local" },
	{ "fec0::1", "site-local" },
	{ "ff02::1", "multicast" },
	{ "2606:4700::1111", NULL },
	{ "kernel.org", NULL },
};

int main(void)
{
	size_t i;
	char name[128];

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *got = addr_literal_kind(cases[i].literal);

		snprintf(name, sizeof(name), "%s is %s", cases[i].literal,
			 cases[i].kind ? cases[i].kind : "open Internet");
		if (cases[i].kind)
			CHECK_STR(got, cases[i].kind, name);
		else
			CHECK(!got, name);
	}
	return unit_done();
}
