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
 * derived blocks listed as not executed, with their reasons, and, when the
 * README's by-hand commands build something (ID for a run or measure block,
 * ID.o for a compile-only one), a .gitignore naming those files. tangle
 * ignores them too: a file of such a name that tangle did not write is a
 * program the student built, never reported or removed (not even by
 * --force, --check does not count it). How a lab is
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

#include "base/buf.h"
#include "lesson/lesson.h"

/* The labs folder's name beside the lessons folder, when no --labs names it. */
#define TANGLE_LABS "labs"

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
	char **built; /* what the README's by-hand commands build, e.g. "lab-15/hello", "lab-15/sizes.o" */
	size_t nbuilt;
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

/*
 * What tangle wrote. Each folder tangle writes files in (the labs folder
 * itself, include/, lab-NN/) holds .litlab-manifest: one line per file
 * tangle wrote there, "SHA-256  NAME", as sha256sum prints it (so that
 * `sha256sum -c .litlab-manifest` in that folder says which files changed).
 * A file whose bytes are not those of its line was edited since: tangle
 * keeps it, `lab` builds it as it is. Manifests are committed with labs/,
 * so that a fresh clone knows what tangle wrote.
 */
#define TANGLE_MANIFEST ".litlab-manifest"
#define TANGLE_FILE_MAX (64u << 20) /* bytes read of a lab file; a longer one is not tangle's */

struct tangle_manifest {
	char **names;
	char (*sha)[65]; /* hex */
	size_t n;
};

/*
 * Reads the manifest of the folder open as dirfd (below which nothing is
 * followed). A missing one, or one that is not a regular file, is empty;
 * lines that are not "HEX  NAME" are skipped.
 */
void tangle_manifest_read(int dirfd, struct tangle_manifest *m);
void tangle_manifest_release(struct tangle_manifest *m);
/* The hex SHA-256 recorded for name, or NULL. */
const char *tangle_manifest_get(const struct tangle_manifest *m, const char *name);

/* How a file in a lab folder stands with what tangle wrote there last. */
enum tangle_origin {
	TANGLE_UNTOUCHED, /* the bytes tangle wrote there: no one edited it since */
	TANGLE_EDITED,	  /* other bytes than tangle wrote there */
	TANGLE_UNKNOWN,	  /* tangle has no record of writing it (no manifest, or not in it) */
	TANGLE_NOT_FILE,  /* not a regular file (a link, a FIFO, a folder): never read, never followed */
};

/* The origin of data, found as name in a folder whose manifest is m. */
enum tangle_origin tangle_origin_of(const struct tangle_manifest *m, const char *name, const char *data, size_t len);

enum tangle_change {
	TANGLE_DIFFERS, /* on disk, with other bytes (or not a file) */
	TANGLE_MISSING, /* not on disk */
	TANGLE_EXTRA,	/* on disk in a folder tangle owns, and not produced */
};

/* One difference between the labs folder and what the lessons give. */
struct tangle_report {
	const char *path; /* with the labs folder, e.g. "labs/lab-15/x.c" */
	enum tangle_change change;
	enum tangle_origin origin; /* of what is on disk (DIFFERS, EXTRA) */
	int folder;		   /* path is a lab folder itself (one that is not a folder: a link) */
	int manifest;		   /* path is a folder's TANGLE_MANIFEST */
	int done;		   /* written or removed; 0: kept, or only compared */
};

typedef void (*tangle_change_fn)(void *ctx, const struct tangle_report *r);

struct tangle_opts {
	const char *labs; /* the labs folder, as given or shown (top/labs) */
	int named;	  /* the user named it (--labs): taken as named; else a default, resolved with no link
			     followed (fs_open_top()) */
	int write;	  /* make the folder match; else only compare (--check) */
	int force;	  /* also replace or remove what tangle did not write, or what was edited since */
	tangle_change_fn fn;
	void *ctx;
	const char *top;  /* not named: the folder that holds the default labs folder, TANGLE_LABS in it,
			     taken as named (fs_open_below()); NULL: labs is below the current folder */
};

/*
 * Compares the labs folder with s and calls o->fn for each difference, in
 * sorted order: a file that differs, is missing or is extra, a manifest
 * that is not what tangle would write, a lab folder that is not a folder.
 * Everything below the labs folder is resolved with no link followed, and
 * only regular files are read (each at most TANGLE_FILE_MAX bytes).
 *
 * With o->write, it then makes the folder match, each file replaced by a
 * new one renamed over it, so that a link or a hard link there is replaced,
 * never written through. Only what tangle wrote and no one changed since
 * is replaced or removed (TANGLE_UNTOUCHED, or missing); a file edited
 * since, one tangle has no record of writing, or what is not a regular
 * file is kept (report.done 0), unless o->force: then it is replaced or
 * removed (a link or FIFO itself, never what it names). A folder is never
 * removed but when a stale lab folder is left empty; files whose names
 * start with "." are neither reported nor removed (editors keep theirs
 * there). Manifests are rewritten to record what was written, and keep
 * the lines of files kept. Returns the number of differences found, or -1
 * with *err (malloc'd) on the first failure to read or write.
 */
int tangle_sync(const struct tangle_set *s, const struct tangle_opts *o, char **err);

#endif
