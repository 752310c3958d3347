/* Fifty children that exit at once and are never reaped; then an exit. */
#include <stdio.h>
#include <unistd.h>

int main(void)
{
	for (int i = 0; i < 50; i++)
		if (fork() == 0)
			_exit(0);
	sleep(1);
	puts("left 50 zombies");
	return 0;
}
