/*
 * fill-and-sum.c: tangled by 'litlab tangle' from block 'fill-and-sum' of
 * lessons/00-writing-lessons.md (lines 595-620).
 * Edit it freely: 'make lab-00' builds and runs it, and says when it differs
 * from the lesson.
 */

#include <stdio.h>
#include "litlab.h"

#define ITEMS 200000

static unsigned values[ITEMS];

int main(void)
{
    unsigned long sum = 0;

    LITLAB_REGION_BEGIN("fill");
    for (unsigned i = 0; i < ITEMS; i++)
        values[i] = i % 7;
    LITLAB_REGION_END("fill");

    LITLAB_REGION_BEGIN("sum");
    for (unsigned i = 0; i < ITEMS; i++)
        sum += values[i];
    LITLAB_REGION_END("sum");

    printf("items %d\nsum %lu\n", ITEMS, sum);
    return 0;
}
