/* Connects to 127.0.0.1:argv[1], a listener the test opened itself; tries other sockets too. */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	if (fd < 0) {
		printf("socket(AF_INET): %s\n", strerror(errno));
	} else {
		struct sockaddr_in a;
		memset(&a, 0, sizeof a);
		a.sin_family = AF_INET;
		a.sin_port = htons((unsigned short)atoi(argv[1]));
		a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		int rc = connect(fd, (struct sockaddr *)&a, sizeof a);
		printf("connect(127.0.0.1): %s\n", rc < 0 ? strerror(errno) : "CONNECTED");
		if (rc == 0 && write(fd, "hello\n", 6) < 0)
			perror("write");
		close(fd);
	}
	static const int domains[] = { AF_INET6, AF_NETLINK, AF_PACKET };
	for (size_t i = 0; i < sizeof domains / sizeof *domains; i++) {
		int s = socket(domains[i], SOCK_DGRAM, 0);
		printf("socket(%d): %s\n", domains[i], s < 0 ? strerror(errno) : "OPENED");
		if (s >= 0)
			close(s);
	}
	return 0;
}
