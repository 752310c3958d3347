/* kill(-1, SIGKILL): every process it may signal; then says it is still there. */
#include <signal.h>
#include <stdio.h>

int main(void)
{
	printf("kill(-1) %d\n", kill(-1, SIGKILL));
	puts("still here");
	return 0;
}
