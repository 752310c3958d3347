/*
 * first-touch.c: tangled by 'litlab tangle' from block 'first-touch' of
 * lessons/15-profiling-and-resource-evidence.md (lines 383-418).
 * Edit it freely: 'make lab-15' builds and runs it, and says when it differs
 * from the lesson.
 */

#include <stdio.h>
#include <stdlib.h>
#include "litlab.h"

#define BUFFER_BYTES ((size_t)8 * 1024 * 1024)

static unsigned char *volatile keep; /* the buffer escapes: its writes must happen */

int main(void)
{
    unsigned char *buf = malloc(BUFFER_BYTES);
    if (!buf) {
        fputs("allocation failed\n", stderr);
        return 1;
    }
    keep = buf;

    LITLAB_REGION_BEGIN("first-pass"); /* pages are new: the kernel maps each one */
    for (size_t i = 0; i < BUFFER_BYTES; i++)
        buf[i] = (unsigned char)i;
    LITLAB_REGION_END("first-pass");

    LITLAB_REGION_BEGIN("second-pass"); /* the same pages, already mapped */
    for (size_t i = 0; i < BUFFER_BYTES; i++)
        buf[i] = (unsigned char)(buf[i] + 1);
    LITLAB_REGION_END("second-pass");

    unsigned long sum = 0;
    for (size_t i = 0; i < BUFFER_BYTES; i++)
        sum += buf[i];
    printf("buffer bytes %zu\nchecksum %lu\n", BUFFER_BYTES, sum);
    free(buf);
    return 0;
}
