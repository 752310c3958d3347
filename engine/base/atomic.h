/*
 * atomic.h: replacing a file so that a reader sees the old bytes or the new
 * ones, never a mix, and a failure leaves the old file whole.
 *
 * atomic_write() writes the data to a temporary file in the folder of path
 * (".NAME.XXXXXX", so that rename() never crosses a file system), fsyncs
 * it, gives it the permission bits of the file it replaces (or opts->mode
 * for a new file; never a set-id bit), renames it over path and fsyncs the
 * folder. If any step fails, the temporary file is removed and path is as
 * it was. The folder of path is taken as named (fs_open_root()); path's
 * last component is handled below it with no link followed: a link there is
 * replaced, never written through (a caller that means a link's target
 * passes the target), and with opts->expect a link there counts as changed.
 *
 * With opts->expect set, path is read again just before the rename and
 * compared with expect[0..expect_len): if it changed (or is gone) since the
 * caller read it, nothing is written. This narrows, but cannot close, the
 * window in which another writer's change would be lost: there is no lock.
 */
#ifndef LITLAB_ATOMIC_H
#define LITLAB_ATOMIC_H

#include <stddef.h>

enum atomic_result {
	ATOMIC_OK = 0,
	ATOMIC_ERROR = -1,   /* *err says what failed; path is untouched */
	ATOMIC_CHANGED = -2, /* path no longer holds opts->expect; path is untouched */
};

struct atomic_opts {
	const char *expect; /* NULL: replace whatever path holds */
	size_t expect_len;
	unsigned mode; /* permission bits of a new file; 0 means 0644 */
	/* Called after the temporary file is complete, before path is read again
	   (tests use it to change path at the worst moment). */
	void (*before_check)(void *ctx, const char *path);
	void *ctx;
};

/*
 * Replaces path with data[0..len). opts may be NULL. Returns ATOMIC_OK, or
 * ATOMIC_ERROR with *err (malloc'd, "cannot ...: REASON") or ATOMIC_CHANGED.
 */
int atomic_write(const char *path, const void *data, size_t len, const struct atomic_opts *opts,
		 char **err);

#endif
