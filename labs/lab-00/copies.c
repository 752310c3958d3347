/*
 * copies.c: tangled by 'litlab tangle' from block 'copies' of
 * lessons/00-writing-lessons.md (lines 470-479).
 * Edit it freely: 'make lab-00' builds and runs it, and says when it differs
 * from the lesson.
 */

#include <stdio.h>

int main(void)
{
    for (int i = 0; i < COPIES; i++)
        printf("copy %d of %d\n", i + 1, COPIES);
    return 0;
}
