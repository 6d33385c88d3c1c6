// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer: the MAINTAINERS parser, a section chosen for paths, and the
 * recipients of the input read as a patch, with the input as .mailmap.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/project/maintainers.h"
#include "../../src/project/people.h"
#include "../../src/project/route.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const paths[] = {
		"drivers/net/a.c", "Documentation/x.rst", "MAINTAINERS", "a",
		"arch/arm/boot/dts/x.dts", "include/linux/x.h",
	};
	struct maintainers m;
	struct mailmap mm;
	struct recipients r;
	long out[8];
	char *s = malloc(size + 1), *patch = malloc(size + 1);
	char *map = malloc(size + 1);

	if (!s || !patch || !map) {
		free(s);
		free(patch);
		free(map);
		return 0;
	}
	memcpy(s, data, size);
	s[size] = '\0';
	memcpy(patch, s, size + 1);
	memcpy(map, s, size + 1);
	maintainers_parse(s, NULL, &m);
	mailmap_parse(map, &mm);
	memset(&r, 0, sizeof(r));
	people_route("/nonexistent", &m, &mm, patch, &r);
	recipients_release(&r);
	mailmap_release(&mm);
	free(patch);
	free(map);
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
