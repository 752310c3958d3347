/*
 * observe-work.c: tangled by 'litlab tangle' from block 'observe-work' of
 * lessons/15-profiling-and-resource-evidence.md (lines 179-278).
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

/* ---- observe-work (lesson lines 179-278) ---- */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

/* A tiny counting profiler: a region notes the counter when it is entered
   and, when it is left, adds what was spent to itself and to its parent. */
struct region {
    const char *name;
    unsigned long inclusive; /* everything counted while it was open */
    unsigned long children;  /* the part counted inside nested regions */
};

static struct region *open_regions[8];
static unsigned long counter_at_entry[8];
static int depth;

static void enter(struct region *r)
{
    counter_at_entry[depth] = comparisons;
    open_regions[depth++] = r;
}

static void leave(void)
{
    struct region *r = open_regions[--depth];
    unsigned long spent = comparisons - counter_at_entry[depth];

    r->inclusive += spent;
    if (depth > 0)
        open_regions[depth - 1]->children += spent;
}

static int largest(const int *v, size_t n)
{
    int m = v[0];
    for (size_t i = 1; i < n; i++)
        if (less_than(m, v[i]))
            m = v[i];
    return m;
}

static int is_sorted(const int *v, size_t n)
{
    for (size_t i = 1; i < n; i++)
        if (less_than(v[i], v[i - 1]))
            return 0;
    return 1;
}

static unsigned char *volatile keep; /* the buffer escapes: its writes must happen */

int main(void)
{
    struct region pipeline = { "pipeline", 0, 0 };
    struct region sort = { "sort", 0, 0 };
    struct region verify = { "verify", 0, 0 };
    struct region *all[] = { &pipeline, &sort, &verify };
    int v[10];

    for (int i = 0; i < 10; i++)
        v[i] = 10 - i; /* reverse order: the worst case for this sort */

    enter(&pipeline);
    int top = largest(v, 10); /* the pipeline's own work */
    enter(&sort);
    insertion_sort(v, 10);
    leave();
    enter(&verify);
    int ok = is_sorted(v, 10);
    leave();
    leave();

    printf("largest %d, sorted %s\n", top, ok ? "yes" : "no");
    unsigned long naive = 0;
    for (int i = 0; i < 3; i++) {
        printf("%-8s inclusive %2lu  self %2lu\n", all[i]->name,
               all[i]->inclusive, all[i]->inclusive - all[i]->children);
        naive += all[i]->inclusive;
    }
    printf("sum of all inclusive counts %lu, comparisons made %lu\n", naive, comparisons);

    /* The kernel keeps counts too. Print facts about them, not the numbers. */
    struct rusage before, after;
    size_t bytes = 4u << 20;
    int got_before = getrusage(RUSAGE_SELF, &before) == 0;
    unsigned char *buf = malloc(bytes);
    if (!buf)
        return 1;
    keep = buf;
    memset(buf, 1, bytes);
    int got_after = getrusage(RUSAGE_SELF, &after) == 0;
    printf("getrusage succeeded: %s\n", got_before && got_after ? "yes" : "no");
    printf("minor faults rose while a new buffer was written: %s\n",
           after.ru_minflt > before.ru_minflt ? "yes" : "no");
    free(buf);
    return 0;
}
