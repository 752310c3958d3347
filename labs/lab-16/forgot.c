/*
 * forgot.c: tangled by 'litlab tangle' from block 'forgot' of
 * lessons/16-several-files.md (lines 161-173).
 * Edit it freely: 'make lab-16' builds and runs it, and says when it differs
 * from the lesson.
 */

#include "counter.h"

int counter_total(const struct counter *c);

int main(void)
{
	struct counter c;

	counter_init(&c);
	return counter_total(&c);
}
