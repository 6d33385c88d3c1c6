// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * series/subject.c: the kernel's subject conventions by path where a tree
 * has no history, and the summaries (singular, plural, capitalised).
 */
#include <stdlib.h>

#include "../../src/series/subject.h"
#include "unit.h"

static void convention(const char *path, const char *prefix, int capital)
{
	struct subject_style s;
	char name[256];

	subject_convention(path, &s);
	snprintf(name, sizeof(name), "%s: '%s'", path, prefix);
	CHECK_STR(s.prefix, prefix, name);
	snprintf(name, sizeof(name), "%s: %s", path,
		 capital ? "capitalised" : "lower case");
	CHECK(s.capital == capital, name);
	subject_style_release(&s);
}

static void summary(enum plan_group kind, size_t n, const char *what, int cap,
		    const char *want)
{
	char *s = subject_summary(kind, n, NULL, what, cap, 75);

	CHECK_STR(s, want, want);
	free(s);
}

/* The wording within room columns, or NULL (none fits with what). */
static void tight(enum plan_group kind, size_t n, const char *what,
		  size_t room, const char *want, const char *why)
{
	char *s = subject_summary(kind, n, NULL, what, 0, room);

	if (want)
		CHECK_STR(s, want, why);
	else
		CHECK(s == NULL, why);
	CHECK(!s || strlen(s) <= room || !what, "and it fits");
	free(s);
}

int main(void)
{
	convention("Documentation/devicetree/bindings/display/tilcdc/tilcdc.txt",
		   "dt-bindings: display: tilcdc: ", 1);
	convention("Documentation/devicetree/bindings/iio/adc/adi,axi-adc.yaml",
		   "dt-bindings: iio: adc: ", 1);
	convention("Documentation/devicetree/bindings/net/foo.yaml",
		   "dt-bindings: net: foo: ", 1);
	convention("drivers/net/wireless/broadcom/b43/main.c", "wifi: b43: ", 0);
	convention("drivers/gpu/drm/omapdrm/omap_drv.c", "drm/omap: ", 1);
	convention("drivers/gpu/drm/i915/i915_drv.c", "drm/i915: ", 1);
	convention("arch/x86/entry/vdso/vma.c", "x86/vdso: ", 1);
	convention("arch/x86/Kconfig", "x86: ", 1);
	convention("arch/mips/kernel/setup.c", "MIPS: ", 1);
	convention("arch/arm/mach-omap2/board.c", "ARM: ", 1);
	convention("arch/powerpc/kernel/head.S", "powerpc: ", 0);
	convention("drivers/pci/quirks.c", "PCI: ", 1);
	convention("drivers/platform/x86/thinkpad_acpi.c",
		   "platform/x86: thinkpad_acpi: ", 1);
	convention("drivers/hwmon/tmp513.c", "hwmon: (tmp513) ", 1);
	convention("Documentation/networking/e100.rst", "docs: ", 0);
	convention("drivers/net/ethernet/8390/Kconfig", "net: ethernet: ", 0);
	convention("fs/ext4/inode.c", "fs: ", 0);
	convention("MAINTAINERS", "MAINTAINERS: ", 0);

	summary(PG_MOVED, 1, "tmp513.c", 1, "Update moved web link in tmp513.c");
	{
		char *s = subject_summary(PG_MOVED, 1, "datasheet", NULL, 1,
					  75);

		CHECK_STR(s, "Update moved datasheet link",
			  "a datasheet's link is named so");
		free(s);
	}
	summary(PG_MOVED, 2, NULL, 0, "update moved web links");
	summary(PG_ARCHIVED, 1, "foo.c", 0,
		"replace dead web link with archived copy in foo.c");
	summary(PG_ARCHIVED, 3, "drivers/foo", 1,
		"Replace dead web links with archived copies in drivers/foo");
	summary(PG_UPGRADE, 2, "e100.rst", 0, "use https for web links in e100.rst");
	summary(PG_STRINGS, 2, "foo.c", 0, "update web links in strings of foo.c");
	tight(PG_ARCHIVED, 2, "bfq-iosched.c", 54,
	      "use archived copies of dead web links in bfq-iosched.c",
	      "a shorter wording where the longest does not fit");
	tight(PG_ARCHIVED, 1, "bfq-iosched.c", 47,
	      "use archived copy of dead link in bfq-iosched.c",
	      "then without 'web'");
	tight(PG_MOVED, 1, "a-very-long-file-name-indeed.c", 20, NULL,
	      "none fits with the place: NULL, never a cut");
	tight(PG_MOVED, 1, NULL, 5, "update moved link",
	      "without a place, the shortest whatever the room");
	CHECK(subject_repeats("net: ", "net"), "'net: ... in net' repeats");
	CHECK(subject_repeats("hwmon: (tmp513) ", "tmp513.c"),
	      "'hwmon: (tmp513) ... in tmp513.c' repeats");
	CHECK(!subject_repeats("net: ", "net/core"), "a path does not");
	CHECK(!subject_repeats("net: e1000: ", "e1000e.c"),
	      "another driver's name does not");
	return unit_done();
}
