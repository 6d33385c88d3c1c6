/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The project's own infrastructure: kernel.org and its subdomains, and
 * what the tree's .linkmend.conf names with [keep] host = NAME (it and
 * its subdomains).  Links to them are never rewritten.  Some of them are
 * the core a working network must reach (kernel.org, www, git, lore,
 * patchwork, bugzilla, docs; and every [keep] host itself): when a check
 * cannot reach one, the checker's network is at fault, not the tree.
 * Whose a link's host is, for a path, is project/whose.h's question (it
 * asks infra_host() first); infra_core_host() stays the network's.
 */
#ifndef PROJECT_INFRA_H
#define PROJECT_INFRA_H

struct config;

/* 1 when host is one of the project's own. */
int infra_host(const char *host, const struct config *cfg);

/* 1 when host is one the checker's network must reach. */
int infra_core_host(const char *host, const struct config *cfg);

#endif
