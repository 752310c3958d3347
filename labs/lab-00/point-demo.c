/*
 * point-demo.c: tangled by 'litlab tangle' from block 'point-demo' of
 * lessons/00-writing-lessons.md (lines 449-458).
 * The code of the blocks it uses comes first: 'point-type' (lines 339-345), 'point-print' (lines 347-352).
 * Edit it freely: 'make lab-00' builds and runs it, and says when it differs
 * from the lesson.
 */

/* ---- point-type (lesson lines 339-345) ---- */
#include <stdio.h>

struct point {
    int x, y;
};

/* ---- point-print (lesson lines 347-352) ---- */
static void print_point(const char *name, struct point p)
{
    printf("%s = (%d, %d)\n", name, p.x, p.y);
}

/* ---- point-demo (lesson lines 449-458) ---- */
int main(void)
{
    struct point origin = { 0, 0 }, corner = { 3, 4 };

    print_point("origin", origin);
    print_point("corner", corner);
    return 0;
}
