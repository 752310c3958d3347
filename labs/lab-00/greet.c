/*
 * greet.c: tangled by 'litlab tangle' from block 'greet' of
 * lessons/00-writing-lessons.md (lines 383-396).
 * Edit it freely: 'make lab-00' builds and runs it, and says when it differs
 * from the lesson.
 */

#include <stdio.h>
#include "greeting.h"

int main(void)
{
	char name[32] = "";
	FILE *f = fopen("name.txt", "r");

	if (f && fscanf(f, "%31s", name) == 1)
		printf("%s, %s\n", GREETING, name);
	return 0;
}
