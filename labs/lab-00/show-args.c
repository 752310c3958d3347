/*
 * show-args.c: tangled by 'litlab tangle' from block 'show-args' of
 * lessons/00-writing-lessons.md (lines 517-527).
 * Edit it freely: 'make lab-00' builds and runs it, and says when it differs
 * from the lesson.
 */

#include <stdio.h>

int main(int argc, char **argv)
{
    printf("argc = %d\n", argc);
    for (int i = 1; i < argc; i++)
        printf("argv[%d] = [%s]\n", i, argv[i]);
    return 0;
}
