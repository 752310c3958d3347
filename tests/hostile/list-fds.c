/* Lists its open descriptors (but the one reading the list). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int mine = dirfd(d);

	while ((e = readdir(d)))
		if (e->d_name[0] != '.' && atoi(e->d_name) != mine)
			printf("%s\n", e->d_name);
	closedir(d);
	return 0;
}
