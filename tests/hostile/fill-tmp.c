/* Fills /tmp with 1 MiB files, up to 1 GiB; says where it stopped. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
	static char block[1 << 20];
	int n;

	for (n = 0; n < 1024; n++) {
		char path[64];
		snprintf(path, sizeof path, "/tmp/litlab-hostile-fill-%d", n);
		FILE *f = fopen(path, "w");
		if (!f || fwrite(block, 1, sizeof block, f) != sizeof block || fclose(f) != 0) {
			printf("stopped after %d MiB: %s\n", n, strerror(errno));
			return 0;
		}
	}
	printf("wrote %d MiB\n", n);
	return 0;
}
