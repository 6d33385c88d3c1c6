// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <stdlib.h>

#include "json.h"
#include "usage.h"

int json_print_item(json_t *j, int first)
{
	char *text = json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER |
				JSON_ENSURE_ASCII);
	int ret = 0;

	if (text)
		printf("%s\n%s", first ? "" : ",", text);
	else
		ret = error("cannot encode a record as JSON");
	free(text);
	json_decref(j);
	return ret;
}
