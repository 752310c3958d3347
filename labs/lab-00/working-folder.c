/*
 * working-folder.c: tangled by 'litlab tangle' from block 'working-folder' of
 * lessons/00-writing-lessons.md (lines 174-191).
 * Edit it freely: 'make lab-00' builds and runs it, and says when it differs
 * from the lesson.
 */

#include <stdio.h>
#include <unistd.h>

int main(void)
{
    char cwd[4096];
    FILE *f = fopen("notes.txt", "w");

    if (!f || !getcwd(cwd, sizeof cwd))
        return 1;
    fputs("twelve bytes", f);
    fclose(f);
    printf("wrote notes.txt in %s\n", cwd);
    printf("its size: %d bytes\n", 12);
    return 0;
}
