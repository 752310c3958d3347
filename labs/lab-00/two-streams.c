/*
 * two-streams.c: tangled by 'litlab tangle' from block 'two-streams' of
 * lessons/00-writing-lessons.md (lines 206-215).
 * Edit it freely: 'make lab-00' builds and runs it, and says when it differs
 * from the lesson.
 */

#include <stdio.h>

int main(void)
{
    printf("copied 3 lines\n");
    fprintf(stderr, "warning: line 2 was empty\n");
    return 0;
}
