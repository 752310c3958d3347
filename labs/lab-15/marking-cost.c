/*
 * marking-cost.c: tangled by 'litlab tangle' from block 'marking-cost' of
 * lessons/15-profiling-and-resource-evidence.md (lines 445-481).
 * Edit it freely: 'make lab-15' builds and runs it, and says when it differs
 * from the lesson.
 */

#include <stdio.h>
#include "litlab.h"

#define STEPS 2000

static volatile unsigned long sink; /* results leave the region before it ends */

static unsigned long step(unsigned long x)
{
    return x * 6364136223846793005UL + 1442695040888963407UL;
}

int main(int argc, char **argv)
{
    (void)argv;
    unsigned long a = (unsigned long)argc, b = (unsigned long)argc;

    LITLAB_REGION_BEGIN("plain-loop");
    for (int i = 0; i < STEPS; i++)
        a = step(a);
    sink = a;
    LITLAB_REGION_END("plain-loop");

    LITLAB_REGION_BEGIN("marked-loop");
    for (int i = 0; i < STEPS; i++) {
        LITLAB_REGION_BEGIN("step");
        b = step(b);
        sink = b;
        LITLAB_REGION_END("step");
    }
    LITLAB_REGION_END("marked-loop");

    printf("steps %d in each loop\nsame result: %s\n", STEPS, a == b ? "yes" : "no");
    return 0;
}
