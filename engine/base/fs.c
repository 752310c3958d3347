/*
 * fs.c: paths below folder descriptors, no link followed, reads bounded.
 *
 * openat2() with RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH does the resolution
 * where the kernel has it (5.6 on); elsewhere each component is opened in
 * turn with O_NOFOLLOW, which refuses the same things.
 */
#include <dirent.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/fs.h"
#include "base/leftover.h"

#ifndef SYS_openat2
#define SYS_openat2 437
#endif
#ifndef SYS_fchmodat2
#define SYS_fchmodat2 452
#endif

const char *fs_strerror(int err)
{
	switch (err) {
	case ELOOP:
		return "it is a symbolic link, which litlab does not follow there";
	case FS_ENOTREG:
		return "it is not a regular file";
	case EFBIG:
		return "it is larger than litlab reads";
	default:
		return strerror(err);
	}
}

int fs_open_root(const char *path)
{
	return open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
}

/* mkdir -p of path as named: each folder on the way made if missing, links followed. */
static int mkdirs_named(const char *path, unsigned mode)
{
	char *p = xstrdup(path);
	int rc = 0;

	for (char *s = strchr(p + 1, '/'); s && rc == 0; s = strchr(s + 1, '/')) {
		*s = '\0';
		if (mkdir(p, mode) < 0 && errno != EEXIST)
			rc = -1;
		*s = '/';
	}
	if (rc == 0 && mkdir(p, mode) < 0 && errno != EEXIST)
		rc = -1;
	free(p);
	return rc;
}

int fs_open_top(const char *path, int named, int create, unsigned mode)
{
	int fd;

	if (named) {
		fd = fs_open_root(path);
		if (fd < 0 && errno == ENOENT && create && mkdirs_named(path, mode) == 0)
			fd = fs_open_root(path);
		return fd;
	}
	fd = fs_open_dir(AT_FDCWD, path);
	if (fd < 0 && errno == ENOENT && create)
		fd = fs_mkdirs(AT_FDCWD, path, mode);
	return fd;
}

int fs_open_below(const char *top, const char *path, int create, unsigned mode)
{
	if (!top)
		return fs_open_top(path, 0, create, mode);
	int tfd = fs_open_root(top);
	if (tfd < 0)
		return -1;
	int fd = fs_open_dir(tfd, path);
	if (fd < 0 && errno == ENOENT && create)
		fd = fs_mkdirs(tfd, path, mode);
	int e = errno;
	close(tfd);
	errno = e;
	return fd;
}

char *fs_parent_path(const char *path)
{
	char *s = xstrdup(path), *r;
	size_t n = strlen(s);

	while (n > 1 && s[n - 1] == '/')
		s[--n] = '\0';
	char *slash = strrchr(s, '/');
	const char *base = slash ? slash + 1 : s;
	if (strcmp(base, ".") == 0 || strcmp(base, "..") == 0) {
		r = strcmp(s, ".") == 0 ? xstrdup("..") : xasprintf("%s/..", s);
	} else if (!slash) {
		r = xstrdup(".");
	} else {
		while (slash > s && slash[-1] == '/')
			slash--;
		r = slash == s ? xstrdup("/") : xstrndup(s, (size_t)(slash - s));
	}
	free(s);
	return r;
}

static int have_openat2 = 1;

void fs_use_openat2(int on)
{
	__atomic_store_n(&have_openat2, on, __ATOMIC_RELAXED);
}

/* The folder name in dfd, not a link: ELOOP for a link (where O_DIRECTORY would say ENOTDIR). */
static int open_subdir(int dfd, const char *name)
{
	int fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	struct stat st;

	if (fd < 0 && errno == ENOTDIR && fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode))
		errno = ELOOP;
	return fd;
}

/* Opens path below dirfd with flags, following no link and never leaving dirfd. */
static int open_beneath(int dirfd, const char *path, int flags, unsigned mode)
{
	if (path[0] == '/') {
		errno = EXDEV;
		return -1;
	}
	if (!*path)
		path = ".";
	if (__atomic_load_n(&have_openat2, __ATOMIC_RELAXED)) {
		struct open_how how;
		memset(&how, 0, sizeof how);
		how.flags = (uint64_t)(flags | O_CLOEXEC | O_NOFOLLOW);
		how.mode = (flags & O_CREAT) ? mode : 0;
		how.resolve = RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS | RESOLVE_BENEATH;
		long fd;
		while ((fd = syscall(SYS_openat2, dirfd, path, &how, sizeof how)) < 0 && errno == EAGAIN)
			;
		if (fd >= 0 || (errno != ENOSYS && errno != EPERM))
			return (int)fd;
		__atomic_store_n(&have_openat2, 0, __ATOMIC_RELAXED);
	}
	/* Component by component: every folder on the way with O_NOFOLLOW, ".." refused. */
	char *copy = xstrdup(path);
	int cur = dirfd, rc = -1;
	char *save = NULL;
	char *name = strtok_r(copy, "/", &save);
	if (!name)
		name = ".";
	for (;;) {
		char *next = strtok_r(NULL, "/", &save);
		if (strcmp(name, "..") == 0) {
			errno = EXDEV;
			break;
		}
		if (!next) {
			rc = openat(cur, name, flags | O_CLOEXEC | O_NOFOLLOW, mode);
			break;
		}
		int fd = open_subdir(cur, name);
		if (cur != dirfd)
			close(cur);
		cur = fd;
		if (cur < 0)
			break;
		name = next;
	}
	if (cur >= 0 && cur != dirfd) {
		int e = errno;
		close(cur);
		errno = e;
	}
	free(copy);
	return rc;
}

/* "a/b/c" into "a/b" (or "") and "c". */
static char *parent_of(const char *path, const char **base)
{
	const char *slash = strrchr(path, '/');

	if (!slash) {
		*base = path;
		return xstrdup("");
	}
	*base = slash + 1;
	return xstrndup(path, (size_t)(slash - path));
}

int fs_open_dir(int dirfd, const char *path)
{
	int fd = open_beneath(dirfd, path, O_RDONLY | O_DIRECTORY, 0);

	if (fd < 0 && errno == ENOTDIR) {
		/* O_DIRECTORY says ENOTDIR before O_NOFOLLOW says ELOOP: which was it? */
		struct stat st;
		int pfd = open_beneath(dirfd, path, O_PATH, 0);
		errno = pfd >= 0 && fstat(pfd, &st) == 0 && S_ISLNK(st.st_mode) ? ELOOP : FS_ENOTDIR;
		if (pfd >= 0)
			close(pfd);
	}
	return fd;
}

/* Opens for reading the regular file pfd (an O_PATH descriptor) is: -1 with FS_ENOTREG for any other. */
static int reopen_regular(int pfd)
{
	struct stat st;
	char proc[64];

	if (fstat(pfd, &st) < 0)
		return -1;
	if (!S_ISREG(st.st_mode)) {
		errno = S_ISLNK(st.st_mode) ? ELOOP : FS_ENOTREG;
		return -1;
	}
	snprintf(proc, sizeof proc, "/proc/self/fd/%d", pfd);
	return open(proc, O_RDONLY | O_CLOEXEC | O_NOCTTY);
}

int fs_open_file(int dirfd, const char *path)
{
	struct stat st;
	int pfd = open_beneath(dirfd, path, O_PATH, 0);

	if (pfd < 0)
		return -1;
	/* Reopened through the descriptor: the very file checked, whatever the name holds now. */
	int fd = reopen_regular(pfd);
	if (fd < 0 && errno != FS_ENOTREG && errno != ELOOP && fstat(pfd, &st) == 0) {
		/* no /proc: by name again, never blocking, and checked to be the same file */
		struct stat again;
		fd = open_beneath(dirfd, path, O_RDONLY | O_NONBLOCK | O_NOCTTY, 0);
		if (fd >= 0 && (fstat(fd, &again) < 0 || again.st_dev != st.st_dev || again.st_ino != st.st_ino ||
				!S_ISREG(again.st_mode))) {
			close(fd);
			fd = -1;
			errno = FS_ENOTREG;
		}
		if (fd >= 0)
			fcntl(fd, F_SETFL, 0);
	}
	int e = errno;
	close(pfd);
	errno = e;
	return fd;
}

int fs_open_regular(const char *path)
{
	int pfd = open(path, O_PATH | O_CLOEXEC);

	if (pfd < 0)
		return -1;
	int fd = reopen_regular(pfd);
	if (fd < 0 && errno != FS_ENOTREG && errno != ELOOP) { /* no /proc: by name, never blocking */
		struct stat a, b;
		fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
		if (fd >= 0 && (fstat(fd, &b) < 0 || fstat(pfd, &a) < 0 || !S_ISREG(b.st_mode) ||
				a.st_ino != b.st_ino || a.st_dev != b.st_dev)) {
			close(fd);
			fd = -1;
			errno = FS_ENOTREG;
		}
		if (fd >= 0)
			fcntl(fd, F_SETFL, 0);
	}
	int e = errno;
	close(pfd);
	errno = e;
	return fd;
}

int fs_read_fd(int fd, size_t max, char **out, size_t *len)
{
	struct buf b = BUF_INIT;
	struct stat st;

	if (fstat(fd, &st) < 0)
		return -1;
	if (!S_ISREG(st.st_mode)) {
		errno = FS_ENOTREG;
		return -1;
	}
	if ((unsigned long long)st.st_size > max) {
		errno = EFBIG;
		return -1;
	}
	for (;;) {
		/* A size read beforehand is a hint: the file may grow while it is read. */
		size_t want = b.len < max ? max - b.len + 1 : 1;
		buf_grow(&b, want < 65536 ? want : 65536);
		ssize_t n = read(fd, b.p + b.len, b.alloc - b.len - 1);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			int e = errno;
			buf_release(&b);
			errno = e;
			return -1;
		}
		if (n == 0)
			break;
		b.len += (size_t)n;
		b.p[b.len] = '\0';
		if (b.len > max) {
			buf_release(&b);
			errno = EFBIG;
			return -1;
		}
	}
	*out = buf_detach(&b, len);
	return 0;
}

/* fs_read_fd() of fd, just opened (-1: the open failed), then closed; errno kept. */
static int read_and_close(int fd, size_t max, char **out, size_t *len)
{
	if (fd < 0)
		return -1;
	int rc = fs_read_fd(fd, max, out, len);
	int e = errno;
	close(fd);
	errno = e;
	return rc;
}

int fs_read_path(const char *path, size_t max, char **out, size_t *len)
{
	return read_and_close(fs_open_regular(path), max, out, len);
}

int fs_read(int dirfd, const char *path, size_t max, char **out, size_t *len)
{
	return read_and_close(fs_open_file(dirfd, path), max, out, len);
}

int fs_create(int dirfd, const char *path, unsigned mode)
{
	return open_beneath(dirfd, path, O_WRONLY | O_CREAT | O_EXCL, mode);
}

/* A name no one has yet: PID, clock and a counter mixed. */
static unsigned long unique(void)
{
	static unsigned long counter;
	unsigned long seed = (unsigned long)getpid() * 2654435761UL ^ (unsigned long)now_ns();

	return seed + __atomic_add_fetch(&counter, 1, __ATOMIC_RELAXED) * 7919UL;
}

int fs_mkdtemp(int dirfd, const char *prefix, char **name)
{
	for (int tries = 0; tries < 100; tries++) {
		*name = xasprintf("%.200s.%06lx", prefix, unique() & 0xffffff);
		if (mkdirat(dirfd, *name, 0700) == 0) {
			int fd = open_subdir(dirfd, *name);
			if (fd >= 0)
				return fd;
		}
		int e = errno;
		free(*name);
		*name = NULL;
		errno = e;
		if (e != EEXIST)
			return -1;
	}
	errno = EEXIST;
	return -1;
}

int fs_temp(int dfd, const char *base, char **name)
{
	for (int tries = 0; tries < 100; tries++) {
		*name = xasprintf(".%.200s.%06lx", base, unique() & 0xffffff);
		int fd = openat(dfd, *name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (fd >= 0) {
			leftover_add(dfd, *name);
			return fd;
		}
		free(*name);
		*name = NULL;
		if (errno != EEXIST)
			return -1;
	}
	errno = EEXIST;
	return -1;
}

int fs_replace(int dirfd, const char *path, const void *data, size_t len, unsigned mode, int durable)
{
	const char *base;
	char *dir = parent_of(path, &base), *tmp = NULL;
	int dfd = fs_open_dir(dirfd, dir), fd = -1, rc = -1;
	struct stat st;

	free(dir);
	if (dfd < 0)
		return -1;
	if (!*base || strcmp(base, ".") == 0 || strcmp(base, "..") == 0) {
		errno = EINVAL;
		goto out;
	}
	if (fstatat(dfd, base, &st, AT_SYMLINK_NOFOLLOW) == 0) {
		if (S_ISDIR(st.st_mode)) {
			errno = EISDIR;
			goto out;
		}
		if (S_ISREG(st.st_mode) && !mode)
			mode = st.st_mode & 0777; /* never a set-id bit carried over */
	}
	if (!mode)
		mode = 0644;
	fd = fs_temp(dfd, base, &tmp);
	if (fd < 0)
		goto out;
	if (write_all(fd, data, len) < 0 || fchmod(fd, mode) < 0 || (durable && fsync(fd) < 0))
		goto out;
	int c = close(fd);
	fd = -1;
	if (c < 0 || renameat(dfd, tmp, dfd, base) < 0)
		goto out;
	leftover_drop(dfd, tmp);
	free(tmp);
	tmp = NULL;
	if (durable)
		fsync(dfd); /* best effort: some file systems refuse it on folders */
	rc = 0;
out:;
	int e = errno;
	if (fd >= 0)
		close(fd);
	if (tmp) {
		unlinkat(dfd, tmp, 0);
		leftover_drop(dfd, tmp);
		free(tmp);
	}
	close(dfd);
	errno = e;
	return rc;
}

int fs_mkdirs(int dirfd, const char *path, unsigned mode)
{
	char *copy = xstrdup(path), *save = NULL;
	int cur = dirfd == AT_FDCWD ? open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC) : fcntl(dirfd, F_DUPFD_CLOEXEC, 3);

	if (path[0] == '/') {
		if (cur >= 0)
			close(cur);
		free(copy);
		errno = EXDEV;
		return -1;
	}
	for (char *name = strtok_r(copy, "/", &save); name && cur >= 0; name = strtok_r(NULL, "/", &save)) {
		if (strcmp(name, ".") == 0)
			continue;
		if (strcmp(name, "..") == 0) {
			close(cur);
			cur = -1;
			errno = EXDEV;
			break;
		}
		if (mkdirat(cur, name, mode) < 0 && errno != EEXIST) {
			close(cur);
			cur = -1;
			break;
		}
		int next = open_subdir(cur, name);
		int e = errno;
		close(cur);
		cur = next;
		errno = e;
	}
	free(copy);
	return cur;
}

/* Gives the owner every right on the folder name in dfd, without following a link there. */
static void open_up(int dfd, const char *name)
{
	int pfd = openat(dfd, name, O_PATH | O_NOFOLLOW | O_DIRECTORY | O_CLOEXEC);

	if (pfd < 0)
		return;
	if (syscall(SYS_fchmodat2, pfd, "", 0700, AT_EMPTY_PATH) < 0) {
		char proc[64];
		snprintf(proc, sizeof proc, "/proc/self/fd/%d", pfd);
		if (chmod(proc, 0700) < 0)
			errno = 0; /* best effort: removing will say what fails */
	}
	close(pfd);
}

/* Opens the folder name in dfd to list and empty it, opening it up when it is closed. */
static int enter(int dfd, const char *name)
{
	int fd = open_subdir(dfd, name);

	if (fd < 0 && errno == EACCES) {
		open_up(dfd, name);
		fd = open_subdir(dfd, name);
	}
	if (fd >= 0)
		fchmod(fd, 0700); /* entries of a folder made read-only cannot be removed otherwise */
	return fd;
}

static int is_dir_entry(int dfd, const struct dirent *e)
{
	struct stat st;

	if (e->d_type != DT_UNKNOWN)
		return e->d_type == DT_DIR;
	return fstatat(dfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode);
}

/* One folder on the way down: its name in its parent, the parent's identity, its subfolders. */
struct level {
	char *name;
	dev_t parent_dev;
	ino_t parent_ino;
	char **subs; /* its subfolders, listed once, entered in turn */
	size_t nsubs, next;
};

static void level_release(struct level *lv)
{
	free(lv->name);
	free_words(lv->subs, lv->nsubs);
	memset(lv, 0, sizeof *lv);
}

/* Removes what in the folder fd is not a folder and lists its subfolders in lv. */
static int scan(int fd, struct level *lv)
{
	int lfd = openat(fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC), err = 0;
	DIR *d = lfd >= 0 ? fdopendir(lfd) : NULL;

	if (!d) {
		err = errno;
		if (lfd >= 0)
			close(lfd);
		return err;
	}
	for (struct dirent *e; (e = readdir(d));) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (is_dir_entry(fd, e)) {
			lv->subs = xappendarray(lv->subs, lv->nsubs, sizeof *lv->subs);
			lv->subs[lv->nsubs++] = xstrdup(e->d_name);
		} else if (unlinkat(fd, e->d_name, 0) < 0 && errno != ENOENT) {
			err = errno;
		}
	}
	closedir(d);
	return err;
}

/*
 * Depth first, one descriptor at a time: a folder is listed once (what is
 * not a folder goes at once), then its subfolders are entered in turn; an
 * emptied folder is left through ".." (checked to be the parent it came
 * from) and removed. The stack holds names, not descriptors, so no depth
 * runs out of them, and no folder is listed twice.
 */
int fs_empty_dir(int top)
{
	struct level *stack = xcalloc(1, sizeof *stack); /* stack[0]: the top, never removed */
	size_t depth = 0, cap = 1;
	int fd = fcntl(top, F_DUPFD_CLOEXEC, 3), err = 0, e;

	if (fd < 0) {
		free(stack);
		return -1;
	}
	fchmod(fd, 0700);
	if ((e = scan(fd, &stack[0])) != 0)
		err = e;
	for (;;) {
		struct level *lv = &stack[depth];
		struct stat st;
		if (lv->next < lv->nsubs) {
			const char *sub = lv->subs[lv->next++];
			int sfd = enter(fd, sub);
			if (sfd < 0 || fstat(fd, &st) < 0) {
				/* Cannot go in (a mount point, a folder that vanished): remove it as it is. */
				if (sfd >= 0)
					close(sfd);
				if (unlinkat(fd, sub, AT_REMOVEDIR) < 0 && errno != ENOENT)
					err = errno;
				continue;
			}
			if (depth + 1 == cap) {
				cap *= 2;
				stack = xreallocarray(stack, cap, sizeof *stack);
			}
			depth++;
			memset(&stack[depth], 0, sizeof stack[depth]);
			stack[depth].name = xstrdup(sub);
			stack[depth].parent_dev = st.st_dev;
			stack[depth].parent_ino = st.st_ino;
			close(fd);
			fd = sfd;
			if ((e = scan(fd, &stack[depth])) != 0)
				err = e;
			continue;
		}
		if (depth == 0)
			break;
		/* Done here: back up and remove this folder. */
		int pfd = openat(fd, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (pfd < 0 || fstat(pfd, &st) < 0 || st.st_dev != lv->parent_dev || st.st_ino != lv->parent_ino) {
			/* Moved from under us: stop rather than remove anything elsewhere. */
			err = pfd < 0 ? errno : EXDEV;
			if (pfd >= 0)
				close(pfd);
			break;
		}
		close(fd);
		fd = pfd;
		if (unlinkat(fd, lv->name, AT_REMOVEDIR) < 0 && errno != ENOENT)
			err = errno;
		level_release(lv);
		depth--;
	}
	close(fd);
	for (size_t i = 0; i <= depth; i++)
		level_release(&stack[i]);
	free(stack);
	if (err) {
		errno = err;
		return -1;
	}
	return 0;
}

/*
 * Removes the entry at path below dirfd, no link followed on the way: a
 * file (a folder is EISDIR), or with tree a folder and all it holds. An
 * entry (or a parent) that is not there is not an error.
 */
static int remove_entry(int dirfd, const char *path, int tree)
{
	const char *base;
	char *dir = parent_of(path, &base);
	int dfd = fs_open_dir(dirfd, dir);
	struct stat st;
	int rc = 0;

	free(dir);
	if (dfd < 0)
		return errno == ENOENT ? 0 : -1;
	if (fstatat(dfd, base, &st, AT_SYMLINK_NOFOLLOW) < 0) {
		rc = errno == ENOENT ? 0 : -1;
	} else if (!S_ISDIR(st.st_mode)) {
		if (unlinkat(dfd, base, 0) < 0 && (tree || errno != ENOENT))
			rc = -1;
	} else if (!tree) {
		errno = EISDIR;
		rc = -1;
	} else {
		int fd = enter(dfd, base);
		if (fd < 0 || fs_empty_dir(fd) < 0)
			rc = -1;
		int e = errno;
		if (fd >= 0)
			close(fd);
		if (unlinkat(dfd, base, AT_REMOVEDIR) < 0 && errno != ENOENT)
			rc = -1;
		else if (rc < 0)
			errno = e;
	}
	int e = errno;
	close(dfd);
	errno = e;
	return rc;
}

int fs_unlink(int dirfd, const char *path)
{
	return remove_entry(dirfd, path, 0);
}

int fs_remove_tree(int dirfd, const char *path)
{
	return remove_entry(dirfd, path, 1);
}

int fs_remove_named(const char *path)
{
	const char *base;
	char *dir = parent_of(path, &base);
	int dfd = fs_open_root(*dir ? dir : path[0] == '/' ? "/" : ".");

	free(dir);
	if (dfd < 0)
		return errno == ENOENT ? 0 : -1;
	int rc = fs_remove_tree(dfd, base);
	int e = errno;
	close(dfd);
	errno = e;
	return rc;
}

static int cmp_entry(const void *a, const void *b)
{
	return strcmp(((const struct fs_entry *)a)->name, ((const struct fs_entry *)b)->name);
}

int fs_list(int dirfd, const char *path, struct fs_entry **v, size_t *n)
{
	int fd = fs_open_dir(dirfd, path);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;

	*v = NULL;
	*n = 0;
	if (!d) {
		int e = errno;
		if (fd >= 0)
			close(fd);
		errno = e;
		return -1;
	}
	for (struct dirent *e; (e = readdir(d));) {
		struct stat st;
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		*v = xappendarray(*v, *n, sizeof **v);
		(*v)[*n].name = xstrdup(e->d_name);
		(*v)[*n].type = fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 ? (unsigned)(st.st_mode & S_IFMT) : 0;
		(*n)++;
	}
	closedir(d);
	if (*n)
		qsort(*v, *n, sizeof **v, cmp_entry);
	return 0;
}

void fs_entries_free(struct fs_entry *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i].name);
	free(v);
}
