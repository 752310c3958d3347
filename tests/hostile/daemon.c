/* A setsid() double-fork daemon that keeps stdout open, sleeping; the program exits 0. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(void)
{
	puts("daemonizing");
	fflush(stdout);
	if (fork() != 0)
		return 0;
	setsid();
	if (fork() != 0)
		_exit(0);
	for (;;) {
		puts("still here");
		fflush(stdout);
		sleep(1);
	}
}
