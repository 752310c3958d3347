/* Lists the names in its environment, sorted. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern char **environ;

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(void)
{
	size_t n = 0;

	while (environ[n])
		n++;
	qsort(environ, n, sizeof *environ, by_name);
	for (size_t i = 0; i < n; i++)
		printf("%.*s\n", (int)strcspn(environ[i], "="), environ[i]);
	return 0;
}
