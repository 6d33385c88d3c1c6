// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer: the scanner on any bytes, under each lexer (the first byte
 * picks the file name), and the URL normaliser on every URL it finds.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/scan/scan.h"

static const char *const names[] = {
	"drivers/a.c", "include/a.h", "arch/x86/a.S", "Kconfig", "Makefile",
	"Documentation/a.rst", "scripts/a.py", "scripts/a.pl", "a.sh",
	"arch/arm/boot/dts/a.dts", "README", "a.txt", "a.json", "a.html",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct occ_list occ = { NULL, 0, 0 };
	struct scan_opts o = { 0 };
	char *buf;

	if (!size)
		return 0;
	o.all_schemes = data[0] & 0x80;
	buf = malloc(size);
	if (!buf)
		return 0;
	memcpy(buf, data + 1, size - 1);
	buf[size - 1] = '\0';
	scan_buffer(names[data[0] % (sizeof(names) / sizeof(names[0]))], buf,
		    size - 1, &o, &occ);
	for (size_t i = 0; i < occ.nr; i++)
		if (occ.v[i].start > occ.v[i].end || occ.v[i].end > size - 1)
			abort();	/* a span outside the file */
	occ_list_release(&occ);
	free(buf);
	return 0;
}
