/*
 * storage-estimate.c: tangled by 'litlab tangle' from block 'storage-estimate' of
 * lessons/15-profiling-and-resource-evidence.md (lines 318-343).
 * Edit it freely: 'make lab-15' builds and runs it, and says when it differs
 * from the lesson.
 */

#include <stdio.h>

enum { FEATURES = 32, OUTPUTS = 4, BATCH = 12, BYTES_PER_VALUE = 8 };

/* Weights and biases, their gradients, and two optimizer arrays of the same size. */
static long fixed_bytes(void)
{
    long parameters = (long)FEATURES * OUTPUTS + OUTPUTS;
    return parameters * BYTES_PER_VALUE * 4;
}

/* The fixed arrays plus one input row and one output row per example. */
static long payload_bytes(long examples)
{
    return fixed_bytes() + examples * (FEATURES + OUTPUTS) * BYTES_PER_VALUE;
}

int main(void)
{
    printf("parameter count %ld\n", (long)FEATURES * OUTPUTS + OUTPUTS);
    printf("assumed payload bytes %ld\n", payload_bytes(BATCH));
    printf("double-batch payload bytes %ld\n", payload_bytes(2 * BATCH));
    return 0;
}
