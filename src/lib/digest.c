// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdio.h>

#include <openssl/evp.h>

#include "digest.h"

void sha256_hex(const void *buf, size_t len, char out[65])
{
	unsigned char d[32];
	unsigned n = 0, i;

	EVP_Digest(buf, len, d, &n, EVP_sha256(), NULL);
	for (i = 0; i < 32; i++)
		snprintf(out + 2 * i, 3, "%02x", d[i]);
	out[64] = '\0';
}
