/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * SHA-256 (OpenSSL's) of a buffer as 64 lower-case hex digits and a NUL:
 * a name for content that is too long, or too private, to be a key.
 */
#ifndef LIB_DIGEST_H
#define LIB_DIGEST_H

#include <stddef.h>

void sha256_hex(const void *buf, size_t len, char out[65]);

#endif
