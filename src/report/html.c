// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The HTML report: src/report/report.html, built into the program, with
 * the model in place of its data marker.  The model goes in as JSON with
 * '<', '>' and '&' written as \u escapes, which JSON.parse reads back
 * unchanged and which no HTML parser can take for the end of the script
 * element or for markup.
 */
#include <stdlib.h>
#include <string.h>

#include "../lib/strbuf.h"
#include "../lib/usage.h"
#include "report.h"

__asm__(".pushsection .rodata\n"
	".type report_template, @object\n"
	"report_template:\n"
	".incbin \"src/report/report.html\"\n"
	".byte 0\n"
	".popsection\n");
extern const char report_template[];

static const char marker[] = "/*LINKMEND-DATA*/";

static void add_script_safe(struct strbuf *sb, const char *json)
{
	const char *p;

	for (p = json; *p; p++)
		switch (*p) {
		case '<':
			strbuf_addstr(sb, "\\u003c");
			break;
		case '>':
			strbuf_addstr(sb, "\\u003e");
			break;
		case '&':
			strbuf_addstr(sb, "\\u0026");
			break;
		default:
			strbuf_addch(sb, *p);
		}
}

int report_write_html(json_t *model, FILE *out)
{
	const char *at = strstr(report_template, marker);
	struct strbuf sb = STRBUF_INIT;
	char *json;

	if (!at)
		return error("the built-in report page has no data marker");
	json = json_dumps(model, JSON_COMPACT | JSON_PRESERVE_ORDER);
	if (!json)
		return error("cannot write the report");
	strbuf_add(&sb, report_template, (size_t)(at - report_template));
	add_script_safe(&sb, json);
	strbuf_addstr(&sb, at + strlen(marker));
	free(json);
	fwrite(sb.buf, 1, sb.len, out);
	strbuf_release(&sb);
	if (fflush(out) || ferror(out))
		return error_errno("cannot write the report");
	return 0;
}
