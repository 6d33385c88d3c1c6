// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>

#include "../lib/strbuf.h"
#include "../lib/usage.h"
#include "../rewrite/rewrite.h"
#include "address.h"

int recipients_write(const char *file, const struct recipients *r)
{
	struct strbuf sb = STRBUF_INIT, out = STRBUF_INIT;
	char *hdr_end;
	size_t i;
	int ret;

	if (strbuf_read_file(&sb, file))
		return -1;
	hdr_end = strstr(sb.buf, "\n\n");
	if (!hdr_end) {
		strbuf_release(&sb);
		return error("'%s' has no mail header", file);
	}
	/* The header as format-patch wrote it: To and Cc of before dropped. */
	{
		const char *line = sb.buf, *next;

		for (; line <= hdr_end; line = next) {
			next = strchr(line, '\n') + 1;
			if (strncmp(line, "To: ", 4) && strncmp(line, "Cc: ", 4))
				strbuf_add(&out, line, (size_t)(next - line));
		}
	}
	for (i = 0; i < r->nto; i++)
		strbuf_addf(&out, "To: %s\n", r->to[i]);
	for (i = 0; i < r->ncc; i++)
		strbuf_addf(&out, "Cc: %s\n", r->cc[i]);
	strbuf_addstr(&out, hdr_end + 1);
	ret = rewrite_file(file, out.buf, out.len);
	strbuf_release(&sb);
	strbuf_release(&out);
	return ret;
}
