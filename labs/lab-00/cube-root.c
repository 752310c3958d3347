/*
 * cube-root.c: tangled by 'litlab tangle' from block 'cube-root' of
 * lessons/00-writing-lessons.md (lines 493-504).
 * Edit it freely: 'make lab-00' builds and runs it, and says when it differs
 * from the lesson.
 */

#include <math.h>
#include <stdio.h>

int main(void)
{
    volatile double volume = 27.0; /* volatile: computed at run time, not folded */

    printf("the side of a cube of volume %.0f is %.1f\n", volume, cbrt(volume));
    return 0;
}
