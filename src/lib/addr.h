/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Addresses no request may reach: the special-purpose ranges of IANA's
 * IPv4 and IPv6 registries that are not globally reachable (loopback,
 * private, link-local, shared, documentation, benchmarking, reserved,
 * discard, translation for local use), multicast and broadcast.  IPv6
 * forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4) are
 * judged by that address.  One table for the scanner (a URL to such a
 * host is no link to check) and the engine (no connection to one).
 */
#ifndef LIB_ADDR_H
#define LIB_ADDR_H

/*
 * What addr (4 bytes for AF_INET, 16 for AF_INET6, network order) is,
 * "loopback", "private", "benchmarking (198.18.0.0/15)", ..., or NULL
 * for an address of the open Internet.
 */
const char *addr_kind(int family, const unsigned char *addr);

/* The same for a literal ("192.0.2.1", "::1", "[::1]"); NULL if none. */
const char *addr_literal_kind(const char *host);

#endif
