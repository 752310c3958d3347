/* atomic.c: temporary file, fsync, compare, rename. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/atomic.h"
#include "base/fs.h"
#include "base/leftover.h"
#include "base/util.h"

/* The folder of path ("." when it has none) and its last component. */
static void split_path(const char *path, char **dir, const char **base)
{
	const char *slash = strrchr(path, '/');

	if (!slash) {
		*dir = xstrdup(".");
		*base = path;
	} else if (slash == path) {
		*dir = xstrdup("/");
		*base = slash + 1;
	} else {
		*dir = xstrndup(path, (size_t)(slash - path));
		*base = slash + 1;
	}
}

int atomic_write(const char *path, const void *data, size_t len, const struct atomic_opts *opts,
		 char **err)
{
	static const struct atomic_opts none = { NULL, 0, 0, NULL, NULL };
	char *dir, *tmp = NULL;
	const char *base;
	struct stat st;
	mode_t mode;
	int fd, dfd, rc = ATOMIC_ERROR;

	if (!opts)
		opts = &none;
	split_path(path, &dir, &base);
	/* The folder as named; the file itself, by its name in it, never followed. */
	dfd = fs_open_root(dir);
	if (dfd < 0) {
		*err = xasprintf("cannot create a temporary file in '%s': %s", dir, strerror(errno));
		free(dir);
		return ATOMIC_ERROR;
	}
	mode = opts->mode ? (mode_t)opts->mode : 0644;
	if (fstatat(dfd, base, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode))
		mode = st.st_mode & 0777; /* never a set-id bit carried over */
	fd = fs_temp(dfd, base, &tmp);
	if (fd < 0) {
		*err = xasprintf("cannot create a temporary file in '%s': %s", dir, strerror(errno));
		goto out;
	}
	if (write_all(fd, data, len) < 0 || fchmod(fd, mode) < 0 || fsync(fd) < 0) {
		*err = xasprintf("cannot write '%s/%s': %s", dir, tmp, strerror(errno));
		close(fd);
		goto out;
	}
	if (close(fd) < 0) {
		*err = xasprintf("cannot write '%s/%s': %s", dir, tmp, strerror(errno));
		goto out;
	}
	if (opts->before_check)
		opts->before_check(opts->ctx, path);
	if (opts->expect) {
		/* What is there now: a regular file with those bytes (a link, or more bytes, is a change). */
		char *now;
		size_t now_len;
		int same = fs_read(dfd, base, opts->expect_len, &now, &now_len) == 0;
		if (same) {
			same = now_len == opts->expect_len && memcmp(now, opts->expect, now_len) == 0;
			free(now);
		}
		if (!same) {
			rc = ATOMIC_CHANGED;
			goto out;
		}
	}
	if (renameat(dfd, tmp, dfd, base) < 0) {
		*err = xasprintf("cannot replace '%s': %s", path, strerror(errno));
		goto out;
	}
	leftover_drop(dfd, tmp);
	free(tmp);
	tmp = NULL;
	fsync(dfd); /* best effort: some file systems refuse it on folders */
	rc = ATOMIC_OK;
out:
	if (tmp) {
		unlinkat(dfd, tmp, 0);
		leftover_drop(dfd, tmp);
		free(tmp);
	}
	close(dfd);
	free(dir);
	return rc;
}
