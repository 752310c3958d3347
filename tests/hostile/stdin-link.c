/* Prints its stdin, then plants links where a runner might write the next run's stdin (argv[1]: a host canary). */
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int c;

	while ((c = getchar()) != EOF)
		putchar(c);
	if (argc > 1) {
		symlink(argv[1], ".stdin");
		symlink(argv[1], "stdin");
		symlink(argv[1], ".deps");
		symlink("/dev/zero", "prog.stdin");
	}
	return 0;
}
