/*
 * lessonfiles.h: the files a lesson declares (file=) and the programs built
 * from several of them (sources=).
 *
 * Any fenced block may carry file=PATH: its contents are then a version of
 * the lesson file PATH, from that block on, until a later block declares
 * PATH again. Every block that runs (it compiles, or it is a session) sees
 * the lesson files declared before it, each at its version there: the
 * runner writes them into the block's build folder and into the folder of
 * each of its runs. A c block with file= is not built alone (its mode is
 * fragment); a run, measure, compile-only or compile-fail block names the
 * lesson .c files it is built from with sources=, each compiled as a
 * translation unit of its own, then linked with the block's own code.
 *
 * A PATH is relative, made of components of letters, digits and ". _ + -",
 * none empty, "." or "..", none starting with '.' (litlab keeps its own
 * files there), not ending in ".o" (objects are built beside their
 * sources), not "litlab.h" or "prog" (the build's own files), at most
 * LESSONFILES_PATH_MAX bytes. Within one version of the lesson's files no
 * path is a folder of another (list and list/a.c), no two differ only in
 * case (they would be one file on some systems), and none is a file tangle
 * writes for a block (ID.c, ID.stdin, ID.expected, ID.expected-stderr,
 * ID.mk) or README.md. Each problem is an attribute error at the file= or
 * sources= attribute; the block is then not run.
 */
#ifndef LITLAB_LESSONFILES_H
#define LITLAB_LESSONFILES_H

#include "base/buf.h"
#include "lesson/diag.h"
#include "lesson/lesson.h"

#define LESSONFILES_PATH_MAX 200
/* The most distinct lesson files a lesson may declare. */
#define LESSONFILES_MAX 256

/* One lesson file as a block sees it: borrowed from the lesson. */
struct lesson_file {
	const char *path;
	const char *data;
	size_t len;
	const struct block *from; /* the block that declares this version */
};

/*
 * Called by the loader once a c block's attributes are read (mode_seen: a
 * mode flag was given): a block with file= becomes a fragment (another mode
 * is an error); sources= needs a block that is built.
 */
void lessonfiles_c_mode(struct lesson *l, struct block *b, int mode_seen);

/*
 * Called by the loader after every block is read: checks every file=,
 * gives each block that runs its sees list, resolves every sources=.
 */
void lessonfiles_resolve(struct lesson *l);

/* Why path cannot be a lesson file (malloc'd), or NULL. */
char *lessonfiles_path_error(const char *path);

/* The files b sees (malloc'd array of *n, NULL when none), in path order. */
struct lesson_file *lessonfiles_seen(const struct lesson *l, const struct block *b, size_t *n);

/* 1 if the build writes path under a #line directive (a .c or .h file). */
int lessonfiles_is_code(const char *path);

/* Appends what b's evidence depends on among the lesson files: the paths and bytes it sees, its sources. */
void lessonfiles_key(const struct lesson *l, const struct block *b, struct buf *out);

/*
 * Which version of its file block b declares (1 for the first) and, for a
 * later one, the line of the version before it (*prev_line). 0 when b
 * declares no file.
 */
int lessonfiles_version(const struct lesson *l, const struct block *b, int *prev_line);

/* 1 if b declares the last version of its lesson file (what labs/ holds). */
int lessonfiles_is_last(const struct lesson *l, const struct block *b);

/*
 * Appends ID.mk, the makefile of block b's program built from its sources=
 * (b->nsources > 0), as tangle writes it: `make -f ID.mk` builds ./ID from
 * the lab folder's files with the lesson's flags, `make -f ID.mk run` runs it.
 */
void lessonfiles_makefile(const struct lesson *l, const struct block *b, const char *lesson_name, struct buf *out);

/*
 * The linker's messages in a failed build's log (an undefined reference, a
 * multiple definition) as compile errors at the lesson line that names the
 * symbol, in the block or lesson file whose object the linker names.
 * Returns how many it added.
 */
int lessonfiles_link_diags(struct diags *d, const struct lesson *l, const struct block *b, const char *log,
			   size_t len);

/* 1 if b has code of its own (or uses some): tangle writes it as ID.c, make -f ID.mk builds ID.o. */
int lessonfiles_own_code(const struct block *b);

#endif
