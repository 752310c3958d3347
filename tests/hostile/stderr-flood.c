/* Floods stderr. */
#include <stdio.h>

int main(void)
{
	for (;;)
		fputs("flood flood flood flood flood flood flood flood flood flood flood flood\n", stderr);
}
