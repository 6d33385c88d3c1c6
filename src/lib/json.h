/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The JSON arrays the commands print (scan, check, resolve --format=json):
 * one compact, ASCII-only object per line, "[" before the first and "]"
 * after the last, so that a reader can take them whole or line by line.
 */
#ifndef LIB_JSON_H
#define LIB_JSON_H

#include <jansson.h>

/* Print j as the array's next element (first: no comma) and drop it. */
int json_print_item(json_t *j, int first);

#endif
