/*
 * clamp-compiles.c: tangled by 'litlab tangle' from block 'clamp-compiles' of
 * lessons/00-writing-lessons.md (lines 291-301).
 * Edit it freely: 'make lab-00' builds and runs it, and says when it differs
 * from the lesson.
 */

static int clamp(int x, int lo, int hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

int clamp_percent(int x)
{
    return clamp(x, 0, 100);
}
