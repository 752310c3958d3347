/*
 * addresses.c: tangled by 'litlab tangle' from block 'addresses' of
 * lessons/00-writing-lessons.md (lines 146-159).
 * Edit it freely: 'make lab-00' builds and runs it, and says when it differs
 * from the lesson.
 */

#include <stdio.h>

int main(void)
{
    int local = 1;
    static int global = 2;

    puts("addresses of one local and one static variable:");
    printf("%p\n%p\n", (void *)&local, (void *)&global);
    puts("they are different: yes");
    return 0;
}
