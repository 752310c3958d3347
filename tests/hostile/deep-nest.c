/* Nests 3,000 folders (deeper than PATH_MAX), a file every few, and closes some of them on the way back. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(void)
{
	int n;

	for (n = 0; n < 3000; n++) {
		if (mkdir("d", 0755) < 0 || chdir("d") < 0) {
			printf("stopped at %d: %s\n", n, strerror(errno));
			return 0;
		}
		if (n % 50 == 0)
			close(open("f", O_WRONLY | O_CREAT, 0644));
	}
	for (int i = 0; i < n; i += 7) {
		if (chdir("..") < 0)
			break;
		chmod("d", i % 2 ? 0 : 0555);
	}
	printf("nested %d\n", n);
	return 0;
}
