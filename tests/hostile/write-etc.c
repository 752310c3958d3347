/* Writes to /etc: a new file, and an existing one. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void attempt(const char *path, int flags)
{
	int fd = open(path, flags, 0644);

	if (fd < 0) {
		printf("%s: refused (%s)\n", path, strerror(errno));
		return;
	}
	printf("%s: %s\n", path, write(fd, "pwned\n", 6) == 6 ? "WRITTEN" : "opened, not written");
	close(fd);
}

int main(void)
{
	attempt("/etc/litlab-hostile-canary", O_WRONLY | O_CREAT | O_EXCL);
	attempt("/etc/hostname", O_WRONLY | O_APPEND);
	return 0;
}
