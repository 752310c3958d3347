/* Connects to a host Unix socket (its path in argv[1]), as to a database's or the system bus's. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct sockaddr_un u;

	if (argc < 2)
		return 2;
	int s = socket(AF_UNIX, SOCK_STREAM, 0);
	if (s < 0) {
		printf("socket: refused (%s)\n", strerror(errno));
		return 0;
	}
	memset(&u, 0, sizeof u);
	u.sun_family = AF_UNIX;
	snprintf(u.sun_path, sizeof u.sun_path, "%s", argv[1]);
	if (connect(s, (struct sockaddr *)&u, sizeof u) == 0)
		printf("CONNECTED to %s\n", argv[1]);
	else
		printf("connect: refused (%s)\n", strerror(errno));
	return 0;
}
