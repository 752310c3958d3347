/* Makes empty files in its work folder until something stops it (up to a million). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(void)
{
	long n;

	for (n = 0; n < 1000000; n++) {
		char path[64];
		snprintf(path, sizeof path, "i%ld", n);
		int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
		if (fd < 0) {
			printf("stopped after %ld files: %s\n", n, strerror(errno));
			return 0;
		}
		close(fd);
	}
	printf("WRITTEN %ld files\n", n);
	return 0;
}
