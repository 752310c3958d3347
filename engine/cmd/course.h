/*
 * course.h: finding the lesson files that paths on the command line name.
 *
 * A file is taken as it is; a folder contributes its NN-slug.md files (a
 * name that starts with a digit and ends in .md), sorted by name, not
 * recursing. The order of the arguments is kept and duplicates dropped.
 * What a folder holds that looks like a lesson and is not read is noted.
 */
#ifndef LITLAB_COURSE_H
#define LITLAB_COURSE_H

#include <stddef.h>

struct course_paths {
	char **v;
	size_t n;
	/*
	 * One line for each file of a folder that looks like a lesson but is not
	 * read as one (arrays.md, 5-x.markdown, 06-upper.MD; a README is
	 * expected and not named) and each subfolder holding Markdown files
	 * (folders are not searched): what it is and how to name a lesson.
	 */
	char **notes;
	size_t nnotes;
};

/*
 * Collects the lesson files of paths[0..n) (n == 0: "lessons/"). Returns 0,
 * or -1 with *err (malloc'd) naming the path that is missing, unreadable or
 * holds no lesson (out->notes may say why). out is released in every case.
 */
int course_find(struct course_paths *out, char *const *paths, size_t n, char **err);
void course_paths_release(struct course_paths *p);
/* 1 if name looks like a lesson file: NN-slug.md. */
int course_is_lesson_name(const char *name);

#endif
