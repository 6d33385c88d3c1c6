// SPDX-License-Identifier: GPL-2.0-or-later
#include <arpa/inet.h>
#include <string.h>
#include <sys/socket.h>

#include "addr.h"

struct range {
	unsigned char net[16];
	int bits;
	const char *kind;
};

/* IANA IPv4 Special-Purpose Address Registry, "Globally Reachable: False". */
static const struct range v4[] = {
	{ { 0 }, 8, "\"this network\"" },
	{ { 10 }, 8, "private" },
	{ { 100, 64 }, 10, "shared (carrier-grade NAT)" },
	{ { 127 }, 8, "loopback" },
	{ { 169, 254, 169, 254 }, 32, "link-local (cloud metadata)" },
	{ { 169, 254 }, 16, "link-local" },
	{ { 172, 16 }, 12, "private" },
	{ { 192, 0, 0 }, 24, "IETF protocol assignment (192.0.0.0/24)" },
	{ { 192, 0, 2 }, 24, "documentation (192.0.2.0/24)" },
	{ { 192, 88, 99 }, 24, "6to4 relay anycast (192.88.99.0/24)" },
	{ { 192, 168 }, 16, "private" },
	{ { 198, 18 }, 15, "benchmarking (198.18.0.0/15)" },
	{ { 198, 51, 100 }, 24, "documentation (198.51.100.0/24)" },
	{ { 203, 0, 113 }, 24, "documentation (203.0.113.0/24)" },
	{ { 224 }, 4, "multicast" },
	{ { 255, 255, 255, 255 }, 32, "broadcast" },
	{ { 240 }, 4, "reserved (240.0.0.0/4)" },
};

/* IANA IPv6 Special-Purpose Address Registry, the same rule. */
static const struct range v6[] = {
	{ { 0 }, 128, "unspecified" },
	{ { [15] = 1 }, 128, "loopback" },
	{ { 0, 0x64, 0xff, 0x9b, 0, 1 }, 48,
	  "local-use translation (64:ff9b:1::/48)" },
	{ { 1 }, 64, "discard-only (100::/64)" },
	{ { 0x20, 0x01, 0, 0 }, 32, "Teredo (2001::/32)" },
	{ { 0x20, 0x01, 0, 2, 0, 0 }, 48, "benchmarking (2001:2::/48)" },
	{ { 0x20, 0x01, 0x0d, 0xb8 }, 32, "documentation (2001:db8::/32)" },
	{ { 0x20, 0x01, 0, 0x10 }, 28, "ORCHID (2001:10::/28)" },
	{ { 0x3f, 0xff }, 20, "documentation (3fff::/20)" },
	{ { 0x5f }, 16, "segment routing (5f00::/16)" },
	{ { 0xfc }, 7, "private (fc00::/7)" },
	{ { 0xfe, 0x80 }, 10, "link-local" },
	{ { 0xfe, 0xc0 }, 10, "site-local" },
	{ { 0xff }, 8, "multicast" },
};

static int in_range(const unsigned char *a, const struct range *r)
{
	int full = r->bits / 8, rest = r->bits % 8;

	if (memcmp(a, r->net, full))
		return 0;
	return !rest || !((a[full] ^ r->net[full]) & (0xff00 >> rest));
}

static const char *lookup(const unsigned char *a, const struct range *t,
			  size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (in_range(a, &t[i]))
			return t[i].kind;
	return NULL;
}

const char *addr_kind(int family, const unsigned char *a)
{
	static const unsigned char mapped[12] = { [10] = 0xff, [11] = 0xff };
	static const unsigned char nat64[12] = { 0, 0x64, 0xff, 0x9b };
	static const unsigned char zero[12];
	const char *kind;

	if (family == AF_INET)
		return lookup(a, v4, sizeof(v4) / sizeof(v4[0]));
	if (family != AF_INET6)
		return "non-IP";
	if ((kind = lookup(a, v6, sizeof(v6) / sizeof(v6[0]))))
		return kind;
	/* Forms that reach an IPv4 address: mapped, compatible, NAT64. */
	if (!memcmp(a, mapped, 12) || !memcmp(a, zero, 12) ||
	    !memcmp(a, nat64, 12))
		return addr_kind(AF_INET, a + 12);
	if (a[0] == 0x20 && a[1] == 0x02)		/* 6to4 */
		return addr_kind(AF_INET, a + 2);
	return NULL;
}

const char *addr_literal_kind(const char *host)
{
	unsigned char a[16];
	char buf[INET6_ADDRSTRLEN + 2];
	size_t n = strlen(host);

	if (inet_pton(AF_INET, host, a) == 1)
		return addr_kind(AF_INET, a);
	if (n >= 2 && n < sizeof(buf) && host[0] == '[' &&
	    host[n - 1] == ']') {
		memcpy(buf, host + 1, n - 2);
		buf[n - 2] = '\0';
		host = buf;
	}
	if (inet_pton(AF_INET6, host, a) == 1)
		return addr_kind(AF_INET6, a);
	return NULL;
}
