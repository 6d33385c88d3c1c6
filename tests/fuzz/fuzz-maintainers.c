// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer: the MAINTAINERS parser, and a section chosen for paths. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/series/maintainers.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const paths[] = {
		"drivers/net/a.c", "Documentation/x.rst", "MAINTAINERS", "a",
		"arch/arm/boot/dts/x.dts", "include/linux/x.h",
	};
	struct maintainers m;
	long out[8];
	char *s = malloc(size + 1);

	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	maintainers_parse(s, NULL, &m);
	for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		long k = maintainers_section(&m, paths[i]);

		if (k >= (long)m.nr)
			abort();
		maintainers_ties(&m, paths[i], out, 8);
	}
	maintainers_release(&m);
	free(s);
	return 0;
}
