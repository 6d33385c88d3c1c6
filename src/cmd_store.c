// SPDX-License-Identifier: GPL-2.0-or-later
/* The store as the commands after scan open it. */
#include <stdlib.h>

#include "builtin.h"
#include "lib/usage.h"
#include "store/store.h"

struct store *cmd_open_store(const char *db, char **found, const char *hint)
{
	struct store *st;

	*found = NULL;
	if (!db)
		db = *found = store_find();
	if (!db)
		die("no store here: %s", hint);
	st = store_open(db);
	if (!st)
		die("cannot use the store '%s'", db);
	return st;
}

char *cmd_store_root(struct store *st, const char *db)
{
	char *root = store_get_meta(st, "root");

	if (!root)
		die("the store '%s' does not know its tree: run linkmend scan", db);
	return root;
}
