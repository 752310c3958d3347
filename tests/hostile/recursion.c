/* Infinite recursion. */
#include <stdio.h>

static int deeper(volatile int n)
{
	volatile char frame[256];

	frame[0] = (char)n;
	return deeper(n + 1) + frame[0];
}

int main(void)
{
	printf("%d\n", deeper(0));
	return 0;
}
