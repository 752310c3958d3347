/*
 * tar.h: the part of the POSIX ustar format that litlab's evidence archives
 * use (run/archive.h): regular files with short names, nothing else. Any
 * tar lists and extracts what tar_add() writes; tar_next() reads only what
 * tar_add() could have written, from a file anyone may have made: a link,
 * a folder, a device, a long-name or pax header, a name prefix, a size in
 * base-256, a size past the reader's bound or past the file's end, a bad
 * header checksum, and a file that ends before its end marker are errors.
 */
#ifndef LITLAB_TAR_H
#define LITLAB_TAR_H

#include <stddef.h>
#include <sys/types.h>

#include "base/buf.h"

#define TAR_BLOCK 512
#define TAR_NAME_MAX 99 /* bytes of a name, which ustar ends with a NUL */

/*
 * Appends to out a regular file named name (at most TAR_NAME_MAX bytes)
 * holding data[0..len), padded to a block: mode 0644, owner and group 0,
 * modification time 0, so that the same files make the same bytes.
 */
void tar_add(struct buf *out, const char *name, const void *data, size_t len);
/* Appends the end marker: two zero blocks. */
void tar_end(struct buf *out);

struct tar_reader {
	int fd;	    /* a regular file, read with pread() */
	off_t size; /* its size when opened */
	off_t next; /* where the next header is */
};

struct tar_entry {
	char name[TAR_NAME_MAX + 2];
	off_t data;  /* where its bytes are in the file */
	size_t size; /* how many */
};

/* Starts reading the archive open as fd (a regular file: fstat() says its size). */
int tar_open(struct tar_reader *t, int fd);
/*
 * The next entry: 1 with *e, 0 at the end marker, -1 with *why (malloc'd)
 * when what is there is not a regular file of at most max bytes that the
 * file holds whole. e->name is printable only if the archive made it so:
 * escape it to show it.
 */
int tar_next(struct tar_reader *t, size_t max, struct tar_entry *e, char **why);
/* Reads e's bytes: *out (malloc'd, NUL-terminated); -1 (errno) if the file is shorter now. */
int tar_read(const struct tar_reader *t, const struct tar_entry *e, char **out);

#endif
