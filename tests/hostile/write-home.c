/* Writes to $HOME (the sandbox gives its work folder) and to the home of whoever runs litlab (argv[1]). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void attempt(const char *what, const char *dir, const char *name)
{
	char path[4096];

	snprintf(path, sizeof path, "%s/%s", dir ? dir : "", name);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) {
		printf("%s: refused (%s)\n", what, strerror(errno));
		return;
	}
	printf("%s: %s\n", what, write(fd, "pwned\n", 6) == 6 ? "written" : "opened");
	close(fd);
}

int main(int argc, char **argv)
{
	if (argc < 3)
		return 2;
	attempt("$HOME", getenv("HOME"), argv[2]);
	attempt("the real home", argv[1], argv[2]);
	return 0;
}
