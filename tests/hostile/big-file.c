/* Writes a file in its work folder without end. */
#include <stdio.h>

int main(void)
{
	static char block[1 << 20];
	FILE *f = fopen("big", "w");

	if (!f)
		return 2;
	for (;;)
		fwrite(block, 1, sizeof block, f);
}
