/*
 * quick-check.c: tangled by 'litlab tangle' from block 'quick-check' of
 * lessons/00-writing-lessons.md (lines 567-579).
 * Edit it freely: 'make lab-00' builds and runs it, and says when it differs
 * from the lesson.
 */

#include <stdio.h>

int main(void)
{
    unsigned long steps = 0;

    for (unsigned long n = 27; n != 1; n = n % 2 ? 3 * n + 1 : n / 2)
        steps++;
    printf("27 reaches 1 after %lu Collatz steps\n", steps);
    return 0;
}
