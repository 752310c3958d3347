/*
 * usage-error.c: tangled by 'litlab tangle' from block 'usage-error' of
 * lessons/00-writing-lessons.md (lines 542-554).
 * Edit it freely: 'make lab-00' builds and runs it, and says when it differs
 * from the lesson.
 */

#include <stdio.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s NAME\n", "greet");
        return 2;
    }
    printf("hello, %s\n", argv[1]);
    return 0;
}
