/* A compiler bomb: the preprocessor reads /dev/zero without end. */
#include "/dev/zero"

int main(void)
{
	return 0;
}
