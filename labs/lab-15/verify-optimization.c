/*
 * verify-optimization.c: tangled by 'litlab tangle' from block 'verify-optimization' of
 * lessons/15-profiling-and-resource-evidence.md (lines 506-599).
 * Edit it freely: 'make lab-15' builds and runs it, and says when it differs
 * from the lesson.
 */

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The reference: obviously right, one byte at a time. */
static uint32_t sum_reference(const unsigned char *p, size_t n)
{
    uint32_t s = 0;
    for (size_t i = 0; i < n; i++)
        s += p[i];
    return s;
}

/* A first draft: four independent sums, four bytes per step. */
static uint32_t sum_draft(const unsigned char *p, size_t n)
{
    uint32_t a = 0, b = 0, c = 0, d = 0;
    for (size_t i = 0; i + 4 <= n; i += 4) {
        a += p[i];
        b += p[i + 1];
        c += p[i + 2];
        d += p[i + 3];
    }
    return a + b + c + d;
}

/* The candidate: the same, plus the tail of 0 to 3 bytes the draft forgot. */
static uint32_t sum_candidate(const unsigned char *p, size_t n)
{
    uint32_t a = 0, b = 0, c = 0, d = 0;
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        a += p[i];
        b += p[i + 1];
        c += p[i + 2];
        d += p[i + 3];
    }
    for (; i < n; i++)
        a += p[i];
    return a + b + c + d;
}

/* Saturating addition: the reference widens, the candidate tests before adding. */
static int sat_add_reference(int x, int y)
{
    long long s = (long long)x + y;
    return s > INT_MAX ? INT_MAX : s < INT_MIN ? INT_MIN : (int)s;
}

static int sat_add_candidate(int x, int y)
{
    if (y > 0 && x > INT_MAX - y)
        return INT_MAX;
    if (y < 0 && x < INT_MIN - y)
        return INT_MIN;
    return x + y;
}

int main(void)
{
    static const size_t lengths[] = { 0, 1, 2, 3, 4, 5, 7, 8, 9, 63, 64 };
    static const int edges[] = { 0, 1, -1, INT_MAX, INT_MAX - 1, INT_MIN, INT_MIN + 1 };
    const size_t nlen = sizeof lengths / sizeof lengths[0];
    const size_t nedge = sizeof edges / sizeof edges[0];
    unsigned char data[64];
    int draft_bad = 0, candidate_bad = 0, add_bad = 0;

    for (size_t i = 0; i < sizeof data; i++)
        data[i] = (unsigned char)(i % 3 == 0 ? 0xFF : i * 37); /* 0x00 and 0xFF both occur */

    for (size_t k = 0; k < nlen; k++) {
        uint32_t want = sum_reference(data, lengths[k]);
        if (sum_draft(data, lengths[k]) != want) {
            if (draft_bad == 0)
                printf("draft differs first at length %zu\n", lengths[k]);
            draft_bad++;
        }
        candidate_bad += sum_candidate(data, lengths[k]) != want;
    }
    for (size_t i = 0; i < nedge; i++)
        for (size_t j = 0; j < nedge; j++)
            add_bad += sat_add_candidate(edges[i], edges[j]) !=
                       sat_add_reference(edges[i], edges[j]);

    printf("byte sum, draft:     %d of %zu lengths differ\n", draft_bad, nlen);
    printf("byte sum, candidate: %d of %zu lengths differ\n", candidate_bad, nlen);
    printf("saturating add:      %d of %zu pairs differ\n", add_bad, nedge * nedge);
    printf("candidate matches the references: %s\n",
           candidate_bad == 0 && add_bad == 0 ? "yes" : "no");
    return 0;
}
