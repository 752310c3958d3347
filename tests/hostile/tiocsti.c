/* TIOCSTI: pushes a command into the input of its terminals (0, 1, 2 and /dev/tty). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

int main(void)
{
	int tty = open("/dev/tty", O_RDWR);
	int fds[] = { 0, 1, 2, tty };

	printf("/dev/tty: %s\n", tty < 0 ? strerror(errno) : "opened");
	for (int i = 0; i < 4; i++) {
		if (fds[i] < 0)
			continue;
		int rc = 0;
		for (const char *c = "id\n"; *c && rc == 0; c++)
			rc = ioctl(fds[i], TIOCSTI, c);
		printf("fd %d: %s\n", fds[i], rc < 0 ? strerror(errno) : "INJECTED");
	}
	return 0;
}
