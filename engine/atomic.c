/* atomic.c: temporary file, fsync, compare, rename. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic.h"
#include "util.h"

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

static void sync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd >= 0) {
		fsync(fd); /* best effort: some file systems refuse it on folders */
		close(fd);
	}
}

int atomic_write(const char *path, const void *data, size_t len, const struct atomic_opts *opts,
		 char **err)
{
	static const struct atomic_opts none = { NULL, 0, 0, NULL, NULL };
	char *dir, *tmp;
	const char *base;
	struct stat st;
	mode_t mode;
	int fd, rc = ATOMIC_ERROR;

	if (!opts)
		opts = &none;
	mode = opts->mode ? (mode_t)opts->mode : 0644;
	if (stat(path, &st) == 0)
		mode = st.st_mode & 07777;
	split_path(path, &dir, &base);
	tmp = xasprintf("%s/.%s.XXXXXX", dir, base);
	fd = mkstemp(tmp);
	if (fd < 0) {
		*err = xasprintf("cannot create a temporary file in '%s': %s", dir, strerror(errno));
		goto out;
	}
	if (write_all(fd, data, len) < 0 || fchmod(fd, mode) < 0 || fsync(fd) < 0) {
		*err = xasprintf("cannot write '%s': %s", tmp, strerror(errno));
		close(fd);
		unlink(tmp);
		goto out;
	}
	if (close(fd) < 0) {
		*err = xasprintf("cannot write '%s': %s", tmp, strerror(errno));
		unlink(tmp);
		goto out;
	}
	if (opts->before_check)
		opts->before_check(opts->ctx, path);
	if (opts->expect) {
		char *now;
		size_t now_len;
		int same = read_file(path, &now, &now_len) == 0;
		if (same) {
			same = now_len == opts->expect_len && memcmp(now, opts->expect, now_len) == 0;
			free(now);
		}
		if (!same) {
			unlink(tmp);
			rc = ATOMIC_CHANGED;
			goto out;
		}
	}
	if (rename(tmp, path) < 0) {
		*err = xasprintf("cannot replace '%s': %s", path, strerror(errno));
		unlink(tmp);
		goto out;
	}
	sync_dir(dir);
	rc = ATOMIC_OK;
out:
	free(tmp);
	free(dir);
	return rc;
}
