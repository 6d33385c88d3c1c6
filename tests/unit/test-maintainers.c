// SPDX-License-Identifier: GPL-2.0-or-later
/* MAINTAINERS patterns as get_maintainer.pl reads them, and hostile ones. */
#include <stdlib.h>
#include <string.h>

#include "../../src/lib/xalloc.h"
#include "../../src/project/maintainers.h"
#include "unit.h"

static long section_for(const char *text, const char *path)
{
	struct maintainers m;
	char *t = xstrdup(text);
	long k;

	maintainers_parse(t, NULL, &m);
	k = maintainers_section(&m, path);
	maintainers_release(&m);
	free(t);
	return k;
}

int main(void)
{
	char stars[512];
	char *text;

	CHECK(section_for("Maintainers List\n\nNET\nF:\tdri*/net/\n", "drivers/net/a.c") == 0,
	      "a star crosses into a directory prefix");
	CHECK(section_for("Maintainers List\n\nNET\nF:\tdrivers/n?t/\n", "drivers/net/a.c") == 0,
	      "? is one character");
	CHECK(section_for("Maintainers List\n\nNET\nF:\tdrivers/*.c\n", "drivers/net/a.c") == -1,
	      "a file pattern matches at its own depth only");
	CHECK(section_for("Maintainers List\n\nNET\nF:\tdrivers/*.c\n", "drivers/a.c") == 0,
	      "and there it matches");
	CHECK(section_for("Maintainers List\n\nNET\nF:\t\n", "a") == -1,
	      "an empty F: matches nothing (and reads nothing before it)");
	/* A bracket class is a regex's to get_maintainer.pl (MAC80211). */
	CHECK(maintainers_file_match("drivers/net/wireless/mac80211_hwsim.c",
				     "drivers/net/wireless/mac80211_hwsim.[ch]"),
	      "[ch] holds c");
	CHECK(!maintainers_file_match("drivers/net/wireless/mac80211_hwsim.o",
				      "drivers/net/wireless/mac80211_hwsim.[ch]"),
	      "and not o");
	CHECK(maintainers_file_match("arch/x86/boot/a7.c", "arch/x86/boot/a[0-9].c") &&
	      !maintainers_file_match("arch/x86/boot/ab.c", "arch/x86/boot/a[^b].c"),
	      "a range, and a class that excludes");
	CHECK(maintainers_file_match("a/[x/b.c", "a/[x/"),
	      "a '[' no ']' closes is a character of its own");
	/* No "Maintainers List" heading: every X: line counts (issue 29). */
	CHECK(section_for("BOARD X\nM:\tA <a@x.org>\nS:\tMaintained\nF:\tboard/x/\n",
			  "board/x/a.c") == 0,
	      "a MAINTAINERS without the kernel's heading (a u-boot board's)");
	CHECK(section_for("The project's maintainers.\n\nTags:\n\tM: Mail patches to\n"
			  "\tF: Files\n\nNET\nM:\tB <b@x.org>\nF:\tnet/\n",
			  "net/a.c") == 0,
	      "a preamble of prose and indented tags makes no section");
	/* Found by fuzz-maintainers: stars that made matching exponential. */
	memset(stars, '*', 300);
	strcpy(stars + 300, "rivers/net/wireless/");
	text = xstrfmt("Maintainers List\n\nW\nF:\t%s\n", stars);
	CHECK(section_for(text, "drivers/net/ethernet/intel/e1000/e1000_main.c") == -1,
	      "300 stars and a path that almost matches: answered, no match");
	CHECK(section_for(text, "xdrivers/net/wireless/ath/a.c") == 0,
	      "and one that matches");
	free(text);
	text = xstrdup("Maintainers List\n\nNET\nF:\tnet/\n\nREST\nF:\t*\nF:\t*/\n");
	{
		struct maintainers m;

		maintainers_parse(text, NULL, &m);
		CHECK_STR(maintainers_owner(&m, "net/core/dev.c"), "NET",
			  "a path's owner: its best section's name");
		CHECK_STR(maintainers_owner(&m, "README"), "REST",
			  "a top-level file's: the whole tree's section");
		maintainers_release(&m);
		free(text);
		text = xstrdup("Maintainers List\n\nNET\nF:\tnet/\n");
		maintainers_parse(text, NULL, &m);
		CHECK(!maintainers_owner(&m, "README"),
		      "a path no section covers has no owner");
		maintainers_release(&m);
	}
	free(text);
	return unit_done();
}
