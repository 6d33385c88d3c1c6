/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What check checks: URLs given as arguments, files listing them one per
 * line ('-' for standard input; blank lines and '#' comments skipped) or
 * every checkable URL the store holds.  Each is recorded in the store
 * (when there is one) so its result has a row to belong to.  Each returns
 * 0, or -1 after error() naming the argument (check_add_store(): -1 when
 * the store cannot be read, for the caller to name).
 */
#ifndef CHECK_INPUT_H
#define CHECK_INPUT_H

struct config;
struct link_set;
struct store;

int check_add_url(struct link_set *links, struct store *st, const char *arg);
int check_add_file(struct link_set *links, struct store *st, const char *path);
/* The store's URLs but those [check] ignore names; with their history. */
int check_add_store(struct link_set *links, struct store *st,
		    const struct config *cfg);

#endif
