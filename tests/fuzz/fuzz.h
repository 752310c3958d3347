/*
 * fuzz.h: what every libFuzzer target shares.
 *
 * FUZZ_CHECK() turns a broken promise of a header (an offset past the end,
 * a position before line 1) into a crash libFuzzer saves, as a sanitizer
 * report would be.
 */
#ifndef LITLAB_FUZZ_H
#define LITLAB_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_CHECK(cond)                                                                  \
	do {                                                                              \
		if (!(cond)) {                                                            \
			fprintf(stderr, "%s:%d: fuzz check failed: %s\n", __FILE__, __LINE__, \
				#cond);                                                   \
			abort();                                                          \
		}                                                                         \
	} while (0)

#endif
