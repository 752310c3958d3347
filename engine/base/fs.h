/*
 * fs.h: file operations in folders that someone else can write.
 *
 * litlab works, as whoever runs it (often root), in folders that lesson
 * code, a course repository or a student can write: work folders, labs/,
 * .litlab/, the site. Any of them may hold a symbolic link, a FIFO, a
 * device or a hard link where litlab expects a file of its own. Every
 * operation on such a folder goes through this module, which
 *
 *   - resolves paths below a folder descriptor, component by component,
 *     and never follows a symbolic link in any of them (nor "..": a path
 *     stays beneath its folder);
 *   - checks what it opened: a regular file where a file is expected, a
 *     folder where a folder is;
 *   - bounds what it reads;
 *   - replaces files by writing a new one beside them and renaming it over
 *     the old name, so that a link planted there is replaced, not followed;
 *   - removes trees through folder descriptors, to any depth.
 *
 * The folder a user names (a -o DIR, --labs DIR, LITLAB_CACHE_DIR) is
 * taken as named (fs_open_root()); the names litlab picks inside it are
 * resolved here.
 *
 * Functions return -1 and set errno on failure. Besides the usual values:
 * ELOOP means a component is a symbolic link, FS_ENOTREG that a file is not
 * a regular file, FS_ENOTDIR that a folder is not one, EFBIG that a file is
 * longer than the caller's bound. fs_strerror() words them for messages.
 */
#ifndef LITLAB_FS_H
#define LITLAB_FS_H

#include <errno.h>
#include <stddef.h>
#include <sys/types.h>

/* Not a regular file (a FIFO, a device, a socket, a folder). */
#define FS_ENOTREG EMEDIUMTYPE
/* Not a folder where a folder is expected. */
#define FS_ENOTDIR ENOTDIR

/* strerror(), with the errors above said as this module means them. */
const char *fs_strerror(int err);

/*
 * Opens the folder path as the user named it (links followed, as a shell
 * would): O_RDONLY | O_DIRECTORY | O_CLOEXEC. For the roots litlab is given.
 */
int fs_open_root(const char *path);

/*
 * Opens the folder litlab keeps its own files in (labs/, .litlab/, the site's
 * parent): path as the user named it (named: as fs_open_root(), links on the
 * way followed, as a shell would) or a default litlab picked inside the course
 * (resolved below the current folder with no link followed, as
 * fs_open_dir(AT_FDCWD, path)). With create, a missing folder is made first,
 * with the folders above it (mode; a default's without following a link).
 */
int fs_open_top(const char *path, int named, int create, unsigned mode);

/*
 * Opens the folder path (relative) below the folder top: top taken as named
 * (fs_open_root(): the user named it, or named the folder beside it), path
 * below it with no link followed (fs_open_dir()). For a default litlab picks
 * beside a folder the user named (labs/ beside a lessons folder). top NULL:
 * the current folder (fs_open_top(path, 0, ...)). With create, a missing
 * path is made first (fs_mkdirs(), mode).
 */
int fs_open_below(const char *top, const char *path, int create, unsigned mode);

/*
 * The folder that holds path, as a path made from its text (nothing is
 * resolved): "lessons" for "lessons/01-x.md", "." for "lessons", ".." for
 * ".", "x/../.." for "x/..", "/" for "/x". Trailing slashes are ignored.
 * The caller frees it.
 */
char *fs_parent_path(const char *path);

/*
 * Opens the folder at path below dirfd (AT_FDCWD: the current folder),
 * following no link. path is relative; "" or "." is dirfd itself (a new
 * descriptor). Returns the descriptor, O_RDONLY | O_DIRECTORY | O_CLOEXEC.
 */
int fs_open_dir(int dirfd, const char *path);

/*
 * Opens the regular file at path below dirfd, following no link, for
 * reading. A FIFO or a device is never opened (no open() of it runs, so
 * no driver or writer is waited for): -1 with FS_ENOTREG.
 */
int fs_open_file(int dirfd, const char *path);

/*
 * Opens a file by a path litlab trusts (a system header, the compiler; an
 * absolute path, links followed) for reading, only if it is a regular file
 * in the end: a device or a FIFO is never opened (FS_ENOTREG).
 */
int fs_open_regular(const char *path);

/*
 * Reads the regular file at path below dirfd whole, at most max bytes:
 * *out is malloc'd and NUL-terminated, its length in *len. Longer: -1 with
 * EFBIG (nothing is returned).
 */
int fs_read(int dirfd, const char *path, size_t max, char **out, size_t *len);

/* The same from an open descriptor (which must be a regular file); the offset moves. */
int fs_read_fd(int fd, size_t max, char **out, size_t *len);

/*
 * The same for a path litlab trusts (fs_open_regular(): a system file, a
 * file of /proc, one a test wrote): links followed, never a FIFO or a
 * device, never more than max bytes. Every file litlab reads has a bound.
 */
int fs_read_path(const char *path, size_t max, char **out, size_t *len);

/* What litlab reads of a system file (/proc/cpuinfo, /proc/self/mountinfo, os-release). */
#define FS_SYSTEM_FILE_MAX (16u << 20)

/*
 * Replaces the file at path below dirfd with data[0..len): written to a new
 * temporary file in the same folder, given mode (or the permission bits of
 * the regular file it replaces), then renamed over path. What path was (a
 * link, a FIFO) is replaced, never followed or opened; a folder there is an
 * error. durable: fsync the file and the folder. The folders on the way
 * must exist.
 */
int fs_replace(int dirfd, const char *path, const void *data, size_t len, unsigned mode, int durable);

/*
 * Creates the file at path below dirfd, which must not exist (O_EXCL, a
 * link there is an error too), with mode, and returns it open for writing.
 */
int fs_create(int dirfd, const char *path, unsigned mode);

/*
 * mkdir -p of path below dirfd, following no link (an existing link on
 * the way is ELOOP); returns the deepest folder open, as fs_open_dir().
 */
int fs_mkdirs(int dirfd, const char *path, unsigned mode);

/*
 * Makes a new file named ".BASE.XXXXXX" (a name no one has) in the folder
 * open as dirfd, mode 0600, never through a link, and returns it open for
 * writing; its name (malloc'd) in *name. The file is listed as a leftover
 * (leftover.h), removed if a signal ends litlab: the caller drops it with
 * leftover_drop(dirfd, *name) once it is renamed into place or removed,
 * before it closes dirfd.
 */
int fs_temp(int dirfd, const char *base, char **name);

/*
 * Makes a new folder named "PREFIX.XXXXXX" in the folder open as dirfd,
 * mode 0700, and returns it open (as fs_open_dir()); its name (malloc'd)
 * in *name.
 */
int fs_mkdtemp(int dirfd, const char *prefix, char **name);

/* An entry of a folder, as fs_list() gives it. */
struct fs_entry {
	char *name;
	unsigned type; /* its file type as lstat() says, never a link's target: S_IFREG, S_IFDIR, S_IFLNK... */
};

/*
 * The entries of the folder at path below dirfd (no link followed on the way
 * or at its end), but "." and "..", sorted by name: *v (malloc'd, free with
 * fs_entries_free()), *n of them.
 */
int fs_list(int dirfd, const char *path, struct fs_entry **v, size_t *n);
void fs_entries_free(struct fs_entry *v, size_t n);

/*
 * Removes the entry at path below dirfd that is not a folder (a link goes
 * itself, never what it names). A folder there: -1 with EISDIR. Missing:
 * 0.
 */
int fs_unlink(int dirfd, const char *path);

/*
 * Removes everything in the folder open as fd (fd stays open and is not
 * removed), to any depth, without following links and without a
 * descriptor per level: folders a program made unreadable or unwritable
 * are opened up first. Files that cannot be removed are counted; returns
 * 0 when the folder is empty afterwards, else -1 (errno of the last
 * failure).
 */
int fs_empty_dir(int fd);

/* fs_empty_dir() of the folder at path below dirfd, then the folder itself. Missing: 0. */
int fs_remove_tree(int dirfd, const char *path);

/*
 * fs_remove_tree() of the last component of path (absolute or relative), the
 * folders above it taken as named: for a folder litlab made in a place the
 * user chose (a temporary folder under $TMPDIR, a site beside -o DIR).
 */
int fs_remove_named(const char *path);

/* Tests: 1 resolves paths component by component, as where the kernel has no openat2(). */
void fs_use_openat2(int on);

#endif
