/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Colour in output meant for people: only on a terminal, never when
 * NO_COLOR is set to anything (https://no-color.org), and as --color=
 * always|never|auto says.  Machine formats (TSV, JSON) are never coloured.
 */
#ifndef LIB_COLOR_H
#define LIB_COLOR_H

#define COLOR_RED "\033[31m"
#define COLOR_YELLOW "\033[33m"
#define COLOR_BOLD "\033[1m"
#define COLOR_RESET "\033[m"

/* -1 auto, 0 never, 1 always; -2 for a value that is none of those. */
int color_parse(const char *arg);
/* Whether to colour what goes to fd, given color_parse()'s answer. */
int color_wanted(int setting, int fd);

#endif
