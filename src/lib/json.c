// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>
#include <stdlib.h>

#include "json.h"
#include "vocab.h"
#include "strbuf.h"
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

json_t *json_text(const char *s)
{
	json_t *j;
	struct strbuf sb = STRBUF_INIT;
	const unsigned char *p;

	if (!s)
		return json_null();
	j = json_string(s);
	if (j)
		return j;
	for (p = (const unsigned char *)s; *p; p++)
		if (*p < 0x80)
			strbuf_addch(&sb, (char)*p);
		else
			strbuf_addf(&sb, "\\x%02x", *p);
	j = json_string(sb.buf);
	strbuf_release(&sb);
	return j ? j : json_string("");
}

json_t *json_flags(unsigned flags)
{
	json_t *a = json_array();
	unsigned i;

	for (i = 0; i < OCC__COUNT; i++)
		if (flags & (1u << i))
			json_array_append_new(a, json_string(flag_name(i)));
	return a;
}
