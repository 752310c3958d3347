/*
 * missing-semicolon.c: tangled by 'litlab tangle' from block 'missing-semicolon' of
 * lessons/00-writing-lessons.md (lines 314-319).
 * Edit it freely: 'make lab-00' builds and runs it, and says when it differs
 * from the lesson.
 */

int main(void)
{
    return 0
}
