#ifndef COUNTER_H
#define COUNTER_H

#include <stddef.h>

#define COUNTER_MAX 64
#define WORD_MAX 32

struct counter {
	char words[COUNTER_MAX][WORD_MAX];
	int counts[COUNTER_MAX];
	size_t n;
};

void counter_init(struct counter *c);
int counter_add(struct counter *c, const char *word);
void counter_print(const struct counter *c);

#endif
