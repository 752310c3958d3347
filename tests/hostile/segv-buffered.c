/* A segfault after a printf that is still in stdio's buffer (stdout is a pipe). */
#include <stdio.h>

int main(void)
{
	printf("this line is lost\n");
	*(volatile int *)0 = 1;
	return 0;
}
