/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The JSON arrays the commands print (scan, check, resolve --format=json):
 * one compact, ASCII-only object per line, "[" before the first and "]"
 * after the last, so that a reader can take them whole or line by line.
 */
#ifndef LIB_JSON_H
#define LIB_JSON_H

#include <jansson.h>

/*
 * A string from a tree or a server, which may not be UTF-8 (JSON needs
 * it): itself when it is, else with each byte >= 0x80 written \xNN, so
 * that no field is dropped; null for NULL.
 */
json_t *json_text(const char *s);

/* An occurrence's flags as an array of their names. */
json_t *json_flags(unsigned flags);

/* Print j as the array's next element (first: no comma) and drop it. */
int json_print_item(json_t *j, int first);

#endif
