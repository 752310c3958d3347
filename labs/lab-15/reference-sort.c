/*
 * reference-sort.c: tangled by 'litlab tangle' from block 'reference-sort' of
 * lessons/15-profiling-and-resource-evidence.md (lines 85-116).
 * The code of the blocks it uses comes first: 'counted-sort' (lines 54-77).
 * Edit it freely: 'make lab-15' builds and runs it, and says when it differs
 * from the lesson.
 */

/* ---- counted-sort (lesson lines 54-77) ---- */
#include <stddef.h>

static unsigned long comparisons; /* every call of less_than adds one */

static int less_than(int a, int b)
{
    comparisons++;
    return a < b;
}

static void insertion_sort(int *v, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        int key = v[i];
        size_t j = i;
        while (j > 0 && less_than(key, v[j - 1])) {
            v[j] = v[j - 1];
            j--;
        }
        v[j] = key;
    }
}

/* ---- reference-sort (lesson lines 85-116) ---- */
#include <stdio.h>

#define MAX_ITEMS 64

int main(void)
{
    int v[MAX_ITEMS];
    size_t n = 0;
    int x;

    while (scanf("%d", &x) == 1) {
        if (n == MAX_ITEMS) {
            puts("rejected: more than 64 items");
            return 1;
        }
        v[n++] = x;
    }
    if (!feof(stdin)) {
        puts("rejected: input is not a list of integers");
        return 1;
    }

    insertion_sort(v, n);

    printf("items %zu\nsorted", n);
    for (size_t i = 0; i < n; i++)
        printf(" %d", v[i]);
    printf("\ncomparisons %lu\n", comparisons);
    return 0;
}
