/*
 * tangle.h: the labs folder of a course, written from its lessons.
 *
 * Lesson NN's lab is the folder lab-NN (two digits at least: lab-00,
 * lab-15, lab-123) under the labs folder. It holds, for each block that
 * compiles on its own (run, measure, compile-only, compile-fail):
 *
 *	ID.c			the code of the blocks it uses, in order, then its
 *				own, under a comment naming the lesson lines; no
 *				#line directive, so that compiler messages point into
 *				the file the student edits
 *	ID.stdin		its stdin block, if it has one
 *	ID.expected		its stdout output block (not for compile-fail, whose
 *	ID.expected-stderr	compiler messages name the lesson), and its stderr one
 *
 * and a README.md saying what each lab is and how to run it, with the
 * derived blocks listed as not executed, with their reasons. How a lab is
 * built and judged (flags, args=, exit=, match=, timeout, samples) is read
 * from the lesson itself by `litlab lab`, which is why the folder holds no
 * separate metadata file. The course-wide files are include/litlab.h (the
 * region header, embedded in litlab at build time) and, when the whole
 * course is tangled, README.md, the index of the labs.
 *
 * Everything is computed in memory first (struct tangle_set), then compared
 * with the folder or written into it (tangle_sync). The output depends only
 * on the lessons' bytes and file names: no dates, no absolute paths, files
 * in sorted order.
 */
#ifndef LITLAB_TANGLE_H
#define LITLAB_TANGLE_H

#include <stddef.h>

#include "buf.h"
#include "lesson.h"

struct tangle_file {
	char *path; /* relative to the labs folder, e.g. "lab-15/storage-estimate.c" */
	char *data;
	size_t len;
};

struct tangle_set {
	struct tangle_file *files; /* sorted by path after tangle_sort() */
	size_t nfiles;
	char **dirs; /* folders tangle owns, e.g. "include", "lab-15": other files in them are stale */
	size_t ndirs;
	int whole_course; /* lab-NN folders that no lesson produced are stale too */
};

void tangle_set_init(struct tangle_set *s);
void tangle_set_release(struct tangle_set *s);

/* 1 if block b gets an ID.c in its lesson's lab. */
int tangle_block_has_lab(const struct block *b);
/* "lab-15" for lesson 15 (malloc'd). */
char *tangle_lab_name(int number);
/* The lesson's path as labs name it: "lessons/" and the file's name (malloc'd). */
char *tangle_lesson_name(const struct lesson *l);

/* Appends the text of b's ID.c, exactly as tangle writes it. */
void tangle_block_source(const struct lesson *l, const struct block *b, struct buf *out);

/*
 * Adds every file of lesson l's lab to s. Returns 0, or -1 with *err
 * (malloc'd) when the lesson cannot have a lab: it has no number, or an
 * error in it (then nothing is added and its folder is left alone).
 */
int tangle_lesson(struct tangle_set *s, const struct lesson *l, char **err);

/*
 * Adds include/litlab.h and, if whole, README.md indexing the n lessons
 * (sets s->whole_course). Then sorts s.
 */
void tangle_course(struct tangle_set *s, struct lesson *const *lessons, size_t n, int whole);

enum tangle_change {
	TANGLE_DIFFERS, /* on disk, with other bytes */
	TANGLE_MISSING, /* not on disk */
	TANGLE_EXTRA,	/* on disk in a folder tangle owns, and not produced */
};

/* Called for each file that is not as tangle would write it; path includes the labs folder. */
typedef void (*tangle_change_fn)(void *ctx, const char *path, enum tangle_change change);

/*
 * Compares the folder labs with s, calling fn for each difference, in
 * sorted order. With write set, also makes the folder match: changed and
 * missing files are written atomically, extra files removed (regular files
 * only; a lab-NN folder left empty is removed). Returns the number of
 * differences, or -1 with *err (malloc'd) on the first failure to read or
 * write.
 */
int tangle_sync(const struct tangle_set *s, const char *labs, int write, tangle_change_fn fn, void *ctx,
		char **err);

#endif
