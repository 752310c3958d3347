/* Takes memory 64 MiB at a time and touches it, until none is given. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	size_t total = 0;

	for (;;) {
		char *p = malloc(64u << 20);
		if (!p) {
			printf("out of memory after %zu MiB\n", total >> 20);
			return 3;
		}
		memset(p, 1, 64u << 20);
		total += 64u << 20;
	}
}
