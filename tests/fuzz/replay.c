// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A libFuzzer harness without libFuzzer: every file named on the command
 * line is given to LLVMFuzzerTestOneInput once, so that tests/run replays
 * the committed corpus (tests/fuzz/corpus) as regressions in the normal
 * and the sanitizer builds.  Prints how many inputs it replayed.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* Only some harnesses have one. */
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

static int replay(const char *path)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	size_t len = 0, cap = 0, n;

	if (!f) {
		perror(path);
		return -1;
	}
	do {
		if (len == cap) {
			unsigned char *p = realloc(buf, cap = cap ? 2 * cap : 65536);

			if (!p) {
				free(buf);
				fclose(f);
				return -1;
			}
			buf = p;
		}
		n = fread(buf + len, 1, cap - len, f);
		len += n;
	} while (n);
	fclose(f);
	LLVMFuzzerTestOneInput(buf, len);
	free(buf);
	return 0;
}

int main(int argc, char **argv)
{
	int i, done = 0;

	if (LLVMFuzzerInitialize)
		LLVMFuzzerInitialize(&argc, &argv);
	for (i = 1; i < argc; i++) {
		if (replay(argv[i]))
			return 1;
		done++;
	}
	printf("replayed %d inputs\n", done);
	return 0;
}
