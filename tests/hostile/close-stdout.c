/* Closes stdout and stderr, then sleeps forever. */
#include <stdio.h>
#include <unistd.h>

int main(void)
{
	puts("closing");
	fflush(stdout);
	close(1);
	close(2);
	for (;;)
		pause();
}
