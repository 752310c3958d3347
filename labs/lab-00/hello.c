/*
 * hello.c: tangled by 'litlab tangle' from block 'hello' of
 * lessons/00-writing-lessons.md (lines 30-38).
 * Edit it freely: 'make lab-00' builds and runs it, and says when it differs
 * from the lesson.
 */

#include <stdio.h>

int main(void)
{
    puts("hello, lesson");
    return 0;
}
