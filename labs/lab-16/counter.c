#include <stdio.h>
#include <string.h>

#include "counter.h"

void counter_init(struct counter *c)
{
	c->n = 0;
}

/* Counts word once more; returns its count, or -1 when the table is full. */
int counter_add(struct counter *c, const char *word)
{
	for (size_t i = 0; i < c->n; i++)
		if (strcmp(c->words[i], word) == 0)
			return ++c->counts[i];
	if (c->n == COUNTER_MAX || strlen(word) >= WORD_MAX)
		return -1;
	strcpy(c->words[c->n], word);
	c->counts[c->n] = 1;
	return c->counts[c->n++];
}

void counter_print(const struct counter *c)
{
	for (size_t i = 0; i < c->n; i++)
		printf("%s %d\n", c->words[i], c->counts[i]);
}
