/* Fills its work folder with 32 MiB files until something stops it; says where it stopped. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
	static char block[1 << 20];
	long mib = 0;

	signal(SIGXFSZ, SIG_IGN);
	for (int f = 0; f < 4096; f++) {
		char path[64];
		snprintf(path, sizeof path, "fill-%d", f);
		FILE *fp = fopen(path, "w");
		for (int i = 0; fp && i < 32; i++, mib++)
			if (fwrite(block, 1, sizeof block, fp) != sizeof block || fflush(fp) != 0) {
				printf("stopped after %ld MiB: %s\n", mib, strerror(errno));
				return 0;
			}
		if (!fp || fclose(fp) != 0) {
			printf("stopped after %ld MiB: %s\n", mib, strerror(errno));
			return 0;
		}
	}
	printf("WRITTEN %ld MiB\n", mib);
	return 0;
}
