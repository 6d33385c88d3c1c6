// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "color.h"

int color_parse(const char *arg)
{
	if (!arg || !strcmp(arg, "auto"))
		return -1;
	if (!strcmp(arg, "always"))
		return 1;
	if (!strcmp(arg, "never"))
		return 0;
	return -2;
}

int color_wanted(int setting, int fd)
{
	const char *no = getenv("NO_COLOR");
	const char *term = getenv("TERM");

	if (setting >= 0)
		return setting;
	if (no && *no)
		return 0;
	return isatty(fd) && !(term && !strcmp(term, "dumb"));
}
