/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * UTF-8 as the scanner and the escaping read it: one character at a time,
 * strictly (no overlong forms, no surrogates, nothing past U+10FFFF).
 */
#ifndef LIB_UTF8_H
#define LIB_UTF8_H

#include <stddef.h>

/*
 * The length of the character at s[0..len) (1 for ASCII), its code point
 * in *cp; 0 when the bytes there are no UTF-8 character.
 */
size_t utf8_char(const unsigned char *s, size_t len, unsigned *cp);

#endif
