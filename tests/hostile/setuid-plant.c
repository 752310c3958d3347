/* Copies itself, makes the copy set-user-id and set-group-id, and opens its folder to all. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(void)
{
	char buf[65536];
	ssize_t n;
	int in = open("/proc/self/exe", O_RDONLY), out = open("s", O_WRONLY | O_CREAT | O_TRUNC, 0755);

	if (in < 0 || out < 0) {
		printf("cannot copy: %s\n", strerror(errno));
		return 0;
	}
	while ((n = read(in, buf, sizeof buf)) > 0)
		if (write(out, buf, (size_t)n) != n)
			break;
	close(in);
	close(out);
	printf("chmod s 6755: %s\n", chmod("s", 06755) == 0 ? "done" : strerror(errno));
	printf("chmod . 0777: %s\n", chmod(".", 0777) == 0 ? "done" : strerror(errno));
	return 0;
}
