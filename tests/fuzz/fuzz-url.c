// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer: the URL helpers and SURT keys on any string. */
#include <curl/curl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/url/surt.h"
#include "../../src/url/url.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	curl_global_init(CURL_GLOBAL_ALL);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	struct url_info info;

	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	if (!url_parse(s, &info)) {
		url_has_placeholder(info.norm, strlen(info.norm));
		url_host_is_example(info.host);
		url_is_license(info.host, info.norm);
		url_info_release(&info);
	}
	free(surt_key(s));
	url_has_placeholder(s, strlen(s));
	free(s);
	return 0;
}
