#include <stdio.h>

#include "counter.h"

int main(int argc, char **argv)
{
	struct counter c;
	char word[WORD_MAX];

	if (argc != 2) {
		fprintf(stderr, "usage: words FILE\n");
		return 2;
	}
	FILE *f = fopen(argv[1], "r");
	if (!f) {
		fprintf(stderr, "words: cannot open %s\n", argv[1]);
		return 1;
	}
	counter_init(&c);
	while (fscanf(f, "%31s", word) == 1)
		counter_add(&c, word);
	fclose(f);
	counter_print(&c);
	return 0;
}
