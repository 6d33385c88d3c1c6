// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer: what archives and servers send back and what files hold:
 * CDX JSON, Memento TimeMaps, CDXJ indexes, .linkmend.conf and git's
 * diff (the first byte picks the parser).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/archive/warc.h"
#include "../../src/lib/config.h"
#include "../../src/lib/usage.h"
#include "../../src/resolve/archive.h"
#include "../../src/scan/changes.h"

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
	switch (data[0] % 5) {
	case 0:
		if (!cdx_parse(s, &caps))
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
	}
	free(s);
	return 0;
}
