/* Writes to the lesson's folder (argv[1]): appends to its canary, and makes a file there. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void attempt(const char *dir, const char *name, int flags)
{
	char path[4096];

	snprintf(path, sizeof path, "%s/%s", dir, name);
	int fd = open(path, flags, 0644);
	if (fd < 0) {
		printf("%s: refused (%s)\n", name, strerror(errno));
		return;
	}
	printf("%s: %s\n", name, write(fd, "pwned\n", 6) == 6 ? "written" : "opened");
	close(fd);
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	attempt(argv[1], "canary.txt", O_WRONLY | O_APPEND);
	attempt(argv[1], "litlab-hostile-new.txt", O_WRONLY | O_CREAT | O_TRUNC);
	return 0;
}
