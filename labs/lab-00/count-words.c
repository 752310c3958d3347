/*
 * count-words.c: tangled by 'litlab tangle' from block 'count-words' of
 * lessons/00-writing-lessons.md (lines 233-255).
 * Edit it freely: 'make lab-00' builds and runs it, and says when it differs
 * from the lesson.
 */

#include <ctype.h>
#include <stdio.h>

int main(void)
{
    int c, in_word = 0;
    long words = 0, lines = 0;

    while ((c = getchar()) != EOF) {
        if (c == '\n')
            lines++;
        if (isspace(c)) {
            in_word = 0;
        } else if (!in_word) {
            in_word = 1;
            words++;
        }
    }
    printf("%ld lines, %ld words\n", lines, words);
    return 0;
}
