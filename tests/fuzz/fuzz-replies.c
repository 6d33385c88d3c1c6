// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer: what archives and servers send back and what files hold:
 * CDX JSON, Memento TimeMaps, CDXJ indexes, .linkmend.conf, git's diff,
 * a server's response header lines, and file names (escaped for TSV and
 * terminals, as JSON, normalised, matched, and git-quoted in a diff).
 * The first byte picks the parser.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/archive/warc.h"
#include "../../src/lib/config.h"
#include "../../src/lib/json.h"
#include "../../src/lib/path.h"
#include "../../src/lib/strbuf.h"
#include "../../src/lib/usage.h"
#include "../../src/net/net.h"
#include "../../src/resolve/archive.h"
#include "../../src/scan/changes.h"

/* Each line (LF-ended) as libcurl hands it over, into one request. */
static void headers(const uint8_t *d, size_t n)
{
	struct net_request r;
	size_t i = 0;

	memset(&r, 0, sizeof(r));
	r.page_only = 1;
	r.cap = 1 << 20;
	r.header_caps[0] = 64 << 10;
	r.header_caps[1] = 200;
	while (i < n) {
		const uint8_t *nl = memchr(d + i, '\n', n - i);
		size_t len = nl ? (size_t)(nl - d - i) + 1 : n - i;

		if (net_take_header(&r, (const char *)d + i, len))
			break;
		i += len;
	}
	net_request_reset(&r);
}

/* A name as a tree may hold it: every byte but NUL and '/'-free. */
static void file_name(const uint8_t *d, size_t n, const char *s)
{
	struct strbuf sb = STRBUF_INIT, diff = STRBUF_INIT;
	struct changes ch;
	char *copy = strdup(s);
	json_t *j;
	size_t i;

	strbuf_add_escaped(&sb, (const char *)d, n);
	strbuf_add_printable(&sb, (const char *)d, n);
	if (copy && !path_normalize(copy))
		path_under(copy, "drivers/");
	free(copy);
	glob_match("drivers/*.c", s, 1);
	glob_match(s, "drivers/net/e1000.c", 1);
	j = json_text(s);
	free(json_dumps(j, JSON_ENCODE_ANY));
	json_decref(j);
	/* git's quoting of it, as a diff names it. */
	strbuf_addstr(&diff, "diff --git \"a/");
	for (i = 0; s[i]; i++)
		strbuf_addf(&diff, "\\%03o", (unsigned char)s[i]);
	strbuf_addstr(&diff, "\" \"b/x\"\n--- /dev/null\n+++ \"b/");
	for (i = 0; s[i]; i++)
		strbuf_addf(&diff, "\\%03o", (unsigned char)s[i]);
	strbuf_addstr(&diff, "\"\n@@ -0,0 +1 @@\n+http://x.org/\n");
	if (!changes_parse(diff.buf, &ch))
		changes_release(&ch);
	strbuf_release(&diff);
	strbuf_release(&sb);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct captures caps = { NULL, 0, 0 };
	struct config cfg;
	struct changes ch;
	struct cdxj x;
	char *s;

	if (!size)
		return 0;
	s = malloc(size);
	if (!s)
		return 0;
	memcpy(s, data + 1, size - 1);
	s[size - 1] = '\0';
	switch (data[0] % 7) {
	case 0:
		if (!cdx_parse("fuzz", s, &caps))
			capture_choose(&caps, "20100101000000");
		captures_release(&caps);
		break;
	case 1:
		timemap_parse(s, &caps);
		capture_choose(&caps, "20100101000000");
		captures_release(&caps);
		break;
	case 2:
		if (!cdxj_parse(&x, s, "fuzz"))
			cdxj_release(&x);
		break;
	case 3:
		if (!config_parse(&cfg, "fuzz", s))
			config_release(&cfg);
		break;
	case 4:
		if (!changes_parse(s, &ch))
			changes_release(&ch);
		break;
	case 5:
		headers(data + 1, size - 1);
		break;
	case 6:
		file_name(data + 1, size - 1, s);
		break;
	}
	free(s);
	return 0;
}
