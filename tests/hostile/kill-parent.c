/* kill() its parent (and PID 1) with SIGKILL and SIGTERM, then says it is still there. */
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

int main(void)
{
	pid_t parent = getppid();

	printf("parent %d: SIGTERM %d, SIGKILL %d\n", (int)parent, kill(parent, SIGTERM), kill(parent, SIGKILL));
	printf("pid 1: SIGKILL %d\n", kill(1, SIGKILL));
	puts("still here");
	return 0;
}
