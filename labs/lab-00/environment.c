/*
 * environment.c: tangled by 'litlab tangle' from block 'environment' of
 * lessons/00-writing-lessons.md (lines 104-116).
 * Edit it freely: 'make lab-00' builds and runs it, and says when it differs
 * from the lesson.
 */

#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    const char *lang = getenv("LANG");
    const char *tz = getenv("TZ");

    printf("LANG=%s\nTZ=%s\n", lang ? lang : "(unset)", tz ? tz : "(unset)");
    return 0;
}
