/*
 * replay.c: a main() for a fuzz target without libFuzzer. It runs
 * LLVMFuzzerTestOneInput() once on each file named, so that make test
 * replays the seed corpus, crash reproducers included, under gcc's
 * sanitizers, with no clang and no randomness.
 */
#include <errno.h>
#include <string.h>

#include "base/fs.h"
#include "fuzz.h"
#include "base/util.h"

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		char *data;
		size_t len;
		if (fs_read_path(argv[i], 1u << 30, &data, &len) < 0) {
			fprintf(stderr, "replay: cannot read '%s': %s\n", argv[i], strerror(errno));
			return 2;
		}
		/* the input in a buffer of its own size, as libFuzzer gives it: fs_read_path() ends its copy
		   with a NUL, which would hide a read one byte past the end ("1 s/", twentieth round) */
		char *exact = malloc(len ? len : 1);
		if (!exact) {
			fprintf(stderr, "replay: out of memory for '%s'\n", argv[i]);
			free(data);
			return 2;
		}
		memcpy(exact, data, len);
		free(data);
		LLVMFuzzerTestOneInput((const uint8_t *)exact, len);
		free(exact);
	}
	return 0;
}
