/* Asks for a pseudo-terminal of the host's. */
#define _XOPEN_SOURCE 600
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	int fd = posix_openpt(O_RDWR | O_NOCTTY);

	if (fd >= 0)
		printf("OPENED a pseudo-terminal: %s\n", ptsname(fd) ? ptsname(fd) : "?");
	else
		printf("posix_openpt: refused (%s)\n", strerror(errno));
	return 0;
}
