/*
 * test_fs.c: file operations in folders someone else can write, tried the
 * way a hostile program or repository would plant things: a symbolic link
 * (to a file, to a folder, on the way), a FIFO, a device, a hard link, a
 * file that never ends, a tree deeper than PATH_MAX with closed folders.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "base/fs.h"
#include "base/leftover.h"
#include "base/util.h"

static char *scratch(void)
{
	const char *tmp = getenv("TMPDIR");
	char *dir = xasprintf("%s/test-fs-XXXXXX", tmp && *tmp ? tmp : "/tmp");

	assert_non_null(mkdtemp(dir));
	return dir;
}

static void put(const char *dir, const char *name, const char *text)
{
	char *p = xasprintf("%s/%s", dir, name);

	assert_int_equal(write_file(p, text, strlen(text)), 0);
	free(p);
}

static char *get(const char *dir, const char *name)
{
	char *p = xasprintf("%s/%s", dir, name), *text = NULL;
	size_t len;

	if (fs_read_path(p, 1u << 30, &text, &len) < 0)
		text = NULL;
	free(p);
	return text;
}

static void rm_rf(const char *dir)
{
	int fd = fs_open_root("/");
	char *rel = xstrdup(dir + 1);

	fs_remove_tree(fd, rel);
	free(rel);
	close(fd);
}

/* A trusted path: links followed, yet only a regular file, within the bound (a FIFO is never opened). */
static void test_read_path(void **state)
{
	char *dir = scratch(), *text = NULL;
	size_t len = 0;

	(void)state;
	put(dir, "small", "0123456789");
	char *small = xasprintf("%s/small", dir), *fifo = xasprintf("%s/fifo", dir), *link = xasprintf("%s/link", dir);
	assert_int_equal(fs_read_path(small, 10, &text, &len), 0);
	assert_int_equal(len, 10);
	free(text);
	assert_int_equal(fs_read_path(small, 9, &text, &len), -1);
	assert_int_equal(errno, EFBIG);
	assert_int_equal(symlink(small, link), 0);
	assert_int_equal(fs_read_path(link, 10, &text, &len), 0);
	free(text);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	assert_int_equal(fs_read_path(fifo, 10, &text, &len), -1); /* would block forever if opened */
	assert_int_equal(errno, FS_ENOTREG);
	assert_int_equal(fs_read_path("/dev/zero", 1u << 30, &text, &len), -1);
	assert_int_equal(errno, FS_ENOTREG);
	/* A file of /proc says it is empty and is read whole all the same. */
	assert_int_equal(fs_read_path("/proc/self/status", FS_SYSTEM_FILE_MAX, &text, &len), 0);
	assert_non_null(strstr(text, "Name:"));
	free(text);
	rm_rf(dir);
	free(small);
	free(fifo);
	free(link);
	free(dir);
}

/* Reading: only a regular file, reached without a link, within the bound. */
static void test_read_refuses(void **state)
{
	(void)state;
	char *d = scratch(), *text, *p;
	size_t len;
	int fd = fs_open_root(d);

	assert_true(fd >= 0);
	put(d, "victim", "secret\n");
	put(d, "plain", "hello\n");
	assert_int_equal(fs_read(fd, "plain", 100, &text, &len), 0);
	assert_string_equal(text, "hello\n");
	assert_int_equal(len, 6);
	free(text);

	/* A link to a file, to a device, a link on the way. */
	p = xasprintf("%s/link", d);
	assert_int_equal(symlink("victim", p), 0);
	free(p);
	assert_int_equal(fs_read(fd, "link", 100, &text, &len), -1);
	assert_int_equal(errno, ELOOP);
	p = xasprintf("%s/zero", d);
	assert_int_equal(symlink("/dev/zero", p), 0);
	free(p);
	assert_int_equal(fs_read(fd, "zero", 1 << 20, &text, &len), -1);
	assert_int_equal(errno, ELOOP);
	p = xasprintf("%s/sub", d);
	assert_int_equal(mkdir(p, 0755), 0);
	free(p);
	put(d, "sub/inner", "x");
	p = xasprintf("%s/via", d);
	assert_int_equal(symlink("sub", p), 0);
	free(p);
	assert_int_equal(fs_read(fd, "via/inner", 100, &text, &len), -1);
	assert_int_equal(errno, ELOOP);
	assert_int_equal(fs_read(fd, "sub/inner", 100, &text, &len), 0);
	free(text);

	/* A FIFO: refused at once, no writer waited for. */
	p = xasprintf("%s/fifo", d);
	assert_int_equal(mkfifo(p, 0644), 0);
	free(p);
	assert_int_equal(fs_read(fd, "fifo", 100, &text, &len), -1);
	assert_int_equal(errno, FS_ENOTREG);
	assert_int_equal(fs_open_file(fd, "fifo"), -1);

	/* A device node (root can make one: /dev/zero's numbers). */
	p = xasprintf("%s/dev", d);
	if (mknod(p, S_IFCHR | 0644, makedev(1, 5)) == 0) {
		assert_int_equal(fs_read(fd, "dev", 100, &text, &len), -1);
		assert_int_equal(errno, FS_ENOTREG);
	}
	free(p);

	/* A folder, outside paths, and a file past the bound. */
	assert_int_equal(fs_read(fd, "sub", 100, &text, &len), -1);
	assert_int_equal(errno, FS_ENOTREG);
	assert_int_equal(fs_read(fd, "../x", 100, &text, &len), -1);
	assert_int_equal(fs_read(fd, "/etc/hostname", 100, &text, &len), -1);
	assert_int_equal(errno, EXDEV);
	assert_int_equal(fs_read(fd, "plain", 5, &text, &len), -1);
	assert_int_equal(errno, EFBIG);
	assert_int_equal(fs_read(fd, "plain", 6, &text, &len), 0);
	free(text);
	assert_non_null(strstr(fs_strerror(ELOOP), "symbolic link"));
	close(fd);
	rm_rf(d);
	free(d);
}

/* Replacing: a link, a FIFO or a hard link at the name is replaced, never written through. */
static void test_replace(void **state)
{
	(void)state;
	char *d = scratch(), *p, *q, *text;
	int fd = fs_open_root(d);
	struct stat st;

	put(d, "victim", "ORIGINAL\n");
	p = xasprintf("%s/out", d);
	q = xasprintf("%s/victim", d);
	assert_int_equal(symlink(q, p), 0);
	assert_int_equal(fs_replace(fd, "out", "new\n", 4, 0, 0), 0);
	text = get(d, "victim");
	assert_string_equal(text, "ORIGINAL\n");
	free(text);
	text = get(d, "out");
	assert_string_equal(text, "new\n");
	free(text);
	assert_int_equal(lstat(p, &st), 0);
	assert_true(S_ISREG(st.st_mode));

	/* A hard link to the victim. */
	assert_int_equal(unlink(p), 0);
	assert_int_equal(link(q, p), 0);
	assert_int_equal(fs_replace(fd, "out", "again\n", 6, 0, 0), 0);
	text = get(d, "victim");
	assert_string_equal(text, "ORIGINAL\n");
	free(text);

	/* A FIFO, and a folder (an error). */
	assert_int_equal(unlink(p), 0);
	assert_int_equal(mkfifo(p, 0644), 0);
	assert_int_equal(fs_replace(fd, "out", "x", 1, 0, 1), 0);
	assert_int_equal(lstat(p, &st), 0);
	assert_true(S_ISREG(st.st_mode));
	assert_int_equal(unlink(p), 0);
	assert_int_equal(mkdir(p, 0755), 0);
	assert_int_equal(fs_replace(fd, "out", "x", 1, 0, 0), -1);
	assert_int_equal(errno, EISDIR);
	assert_int_equal(rmdir(p), 0);

	/* The bits of the file replaced, never a set-id bit. */
	put(d, "out", "old");
	assert_int_equal(chmod(p, 04755), 0);
	assert_int_equal(fs_replace(fd, "out", "new", 3, 0, 0), 0);
	assert_int_equal(stat(p, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0755);

	/* A link on the way to the folder. */
	free(p);
	p = xasprintf("%s/away", d);
	assert_int_equal(mkdir(p, 0755), 0);
	free(p);
	p = xasprintf("%s/hop", d);
	assert_int_equal(symlink("away", p), 0);
	assert_int_equal(fs_replace(fd, "hop/f", "x", 1, 0, 0), -1);
	assert_int_equal(errno, ELOOP);
	text = get(d, "away/f");
	assert_null(text);
	free(p);
	free(q);
	close(fd);
	rm_rf(d);
	free(d);
}

/* mkdir -p and unlink never cross a link. */
static void test_mkdirs_unlink(void **state)
{
	(void)state;
	char *d = scratch(), *p, *text;
	int fd = fs_open_root(d), sub;
	struct stat st;

	sub = fs_mkdirs(fd, "a/b/c", 0755);
	assert_true(sub >= 0);
	close(sub);
	p = xasprintf("%s/a/b/c", d);
	assert_int_equal(stat(p, &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	free(p);
	p = xasprintf("%s/elsewhere", d);
	assert_int_equal(mkdir(p, 0755), 0);
	free(p);
	p = xasprintf("%s/a/l", d);
	assert_int_equal(symlink("../elsewhere", p), 0);
	free(p);
	assert_int_equal(fs_mkdirs(fd, "a/l/new", 0755), -1);
	assert_int_equal(errno, ELOOP);
	p = xasprintf("%s/elsewhere/new", d);
	assert_int_equal(stat(p, &st), -1);
	free(p);

	put(d, "elsewhere/keep", "kept");
	p = xasprintf("%s/a/k", d);
	assert_int_equal(symlink("../elsewhere/keep", p), 0);
	free(p);
	assert_int_equal(fs_unlink(fd, "a/k"), 0);
	text = get(d, "elsewhere/keep");
	assert_string_equal(text, "kept");
	free(text);
	assert_int_equal(fs_unlink(fd, "a/missing"), 0);
	assert_int_equal(fs_unlink(fd, "a/b"), -1);
	assert_int_equal(errno, EISDIR);
	assert_int_equal(fs_unlink(fd, "a/l/keep"), -1); /* through the link: refused */
	text = get(d, "elsewhere/keep");
	assert_string_equal(text, "kept");
	free(text);
	close(fd);
	rm_rf(d);
	free(d);
}

/*
 * Removing a tree: deeper than PATH_MAX, folders closed (000) and
 * read-only on the way, links to outside and a hard link to an outside
 * file, all with fewer descriptors than levels.
 */
static void test_remove_tree(void **state)
{
	(void)state;
	char *d = scratch(), *text;
	int fd = fs_open_root(d);
	const int levels = 3000;
	struct rlimit old, few = { 24, 24 };

	assert_true(fd >= 0);
	put(d, "outside", "OUTSIDE\n");
	int cur = fs_mkdirs(fd, "tree", 0755);
	assert_true(cur >= 0);
	for (int i = 0; i < levels; i++) {
		assert_int_equal(mkdirat(cur, "dd", 0755), 0);
		int f = openat(cur, "file", O_WRONLY | O_CREAT, 0644);
		assert_true(f >= 0);
		close(f);
		if (i == 10) {
			char *target = xasprintf("%s/outside", d);
			assert_int_equal(symlinkat(target, cur, "link"), 0);
			assert_int_equal(linkat(AT_FDCWD, target, cur, "hard", 0), 0);
			free(target);
		}
		int next = openat(cur, "dd", O_RDONLY | O_DIRECTORY);
		assert_true(next >= 0);
		if (i % 500 == 7)
			fchmod(cur, 0555); /* read-only on the way */
		if (i % 700 == 3)
			fchmod(cur, 0); /* closed on the way */
		close(cur);
		cur = next;
	}
	close(cur);
	getrlimit(RLIMIT_NOFILE, &old);
	assert_int_equal(setrlimit(RLIMIT_NOFILE, &few), 0);
	int rc = fs_remove_tree(fd, "tree");
	setrlimit(RLIMIT_NOFILE, &old);
	assert_int_equal(rc, 0);
	struct stat st;
	char *tree = xasprintf("%s/tree", d);
	assert_int_equal(lstat(tree, &st), -1);
	free(tree);
	text = get(d, "outside");
	assert_string_equal(text, "OUTSIDE\n");
	free(text);

	/* A link given as the tree goes itself; a missing tree is no error. */
	char *l = xasprintf("%s/ltree", d), *target = xasprintf("%s", d);
	assert_int_equal(symlink(target, l), 0);
	assert_int_equal(fs_remove_tree(fd, "ltree"), 0);
	assert_int_equal(lstat(l, &st), -1);
	text = get(d, "outside");
	assert_string_equal(text, "OUTSIDE\n");
	free(text);
	assert_int_equal(fs_remove_tree(fd, "nothing"), 0);
	free(l);
	free(target);

	/* fs_empty_dir keeps the folder itself. */
	int e = fs_mkdirs(fd, "keep/x/y", 0755);
	assert_true(e >= 0);
	close(e);
	put(d, "keep/x/f", "f");
	e = fs_open_dir(fd, "keep");
	assert_int_equal(fs_empty_dir(e), 0);
	close(e);
	char *keep = xasprintf("%s/keep", d);
	assert_int_equal(stat(keep, &st), 0);
	assert_int_equal(st.st_nlink, 2);
	free(keep);
	close(fd);
	rm_rf(d);
	free(d);
}


/*
 * The folders litlab keeps its files in: a default (labs, .litlab, site) is
 * resolved with no link followed, even a link planted between two runs; a
 * folder the user names is taken as named. Listing says what each entry is,
 * never what a link names; a tree removed by a named path keeps what its
 * links name.
 */
static void test_tops_and_lists(void **state)
{
	(void)state;
	char *d = scratch(), *old = getcwd(NULL, 0), *p, *text, *name;
	struct fs_entry *v;
	size_t n;
	struct stat st;

	assert_int_equal(chdir(d), 0);
	assert_int_equal(mkdir("victim", 0755), 0);
	put(d, "victim/thesis.tex", "important\n");

	/* A default: made when asked, refused when it is a link (to a folder, dangling). */
	int fd = fs_open_top("labs", 0, 0, 0755);
	assert_int_equal(fd, -1);
	assert_int_equal(errno, ENOENT);
	fd = fs_open_top("labs/deeper", 0, 1, 0755);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(symlink("victim", "linked"), 0);
	assert_int_equal(fs_open_top("linked", 0, 1, 0755), -1);
	assert_int_equal(errno, ELOOP);
	assert_int_equal(fs_open_top("linked/sub", 0, 1, 0755), -1);
	assert_int_equal(lstat("victim/sub", &st), -1);
	assert_int_equal(symlink("nowhere", "dangling"), 0);
	assert_int_equal(fs_open_top("dangling", 0, 1, 0755), -1);
	assert_int_equal(errno, ELOOP);
	assert_int_equal(lstat("nowhere", &st), -1);
	/* Named: the link is followed, as a shell would; a missing one is made, folders above too. */
	fd = fs_open_top("linked", 1, 0, 0755);
	assert_true(fd >= 0);
	close(fd);
	p = xasprintf("%s/named/a/b", d);
	fd = fs_open_top(p, 1, 1, 0755);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(stat(p, &st), 0);
	free(p);

	/* Listing: sorted, each entry's own type. */
	put(d, "labs/b.c", "b");
	put(d, "labs/a.c", "a");
	assert_int_equal(symlink("../victim/thesis.tex", "labs/link.h"), 0);
	assert_int_equal(mkfifo("labs/fifo", 0644), 0);
	assert_int_equal(fs_list(AT_FDCWD, "labs", &v, &n), 0);
	assert_int_equal(n, 5);
	assert_string_equal(v[0].name, "a.c");
	assert_int_equal(v[0].type, S_IFREG);
	assert_string_equal(v[2].name, "deeper");
	assert_int_equal(v[2].type, S_IFDIR);
	assert_string_equal(v[3].name, "fifo");
	assert_int_equal(v[3].type, S_IFIFO);
	assert_string_equal(v[4].name, "link.h");
	assert_int_equal(v[4].type, S_IFLNK);
	fs_entries_free(v, n);
	assert_int_equal(fs_list(AT_FDCWD, "linked", &v, &n), -1);
	assert_int_equal(errno, ELOOP);

	/* Temporary files and folders: new names, never through a link. */
	fd = fs_open_top("labs", 0, 0, 0);
	int t = fs_temp(fd, "a.c", &name);
	assert_true(t >= 0);
	assert_non_null(strstr(name, ".a.c."));
	close(t);
	assert_int_equal(unlinkat(fd, name, 0), 0);
	leftover_drop(fd, name);
	free(name);
	t = fs_mkdtemp(fd, "site.tmp", &name);
	assert_true(t >= 0);
	assert_int_equal(fstat(t, &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	assert_int_equal(st.st_mode & 0777, 0700);
	close(t);

	/* Removing by a named path: the tree; a link as the last component goes itself. */
	p = xasprintf("%s/labs/%s", d, name);
	put(p, "page.html", "x");
	assert_int_equal(fs_remove_named(p), 0);
	assert_int_equal(lstat(p, &st), -1);
	free(p);
	free(name);
	p = xasprintf("%s/linked", d);
	assert_int_equal(fs_remove_named(p), 0);
	assert_int_equal(lstat(p, &st), -1);
	free(p);
	text = get(d, "victim/thesis.tex");
	assert_string_equal(text, "important\n");
	free(text);
	assert_int_equal(fs_remove_named("labs/nothing-here"), 0);
	close(fd);

	assert_int_equal(chdir(old), 0);
	free(old);
	rm_rf(d);
	free(d);
}

/* The same, resolving component by component, as on a kernel without openat2(). */
static int portable(void **state)
{
	(void)state;
	fs_use_openat2(0);
	return 0;
}

static int native(void **state)
{
	(void)state;
	fs_use_openat2(1);
	return 0;
}

static void parent_is(const char *path, const char *want)
{
	char *p = fs_parent_path(path);
	assert_string_equal(p, want);
	free(p);
}

/* The folder that holds a path, from its text: where tangle puts labs/ beside lessons/. */
static void test_parent_path(void **state)
{
	(void)state;
	parent_is("lessons", ".");
	parent_is("lessons/", ".");
	parent_is("lessons/01-a.md", "lessons");
	parent_is("../course/lessons", "../course");
	parent_is("a//b", "a");
	parent_is(".", "..");
	parent_is("./", "..");
	parent_is("..", "../..");
	parent_is("x/..", "x/../..");
	parent_is("/lessons", "/");
	parent_is("/", "/");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parent_path),
		cmocka_unit_test(test_read_refuses),
		cmocka_unit_test(test_read_path),
		cmocka_unit_test(test_replace),
		cmocka_unit_test(test_mkdirs_unlink),
		cmocka_unit_test(test_remove_tree),
		cmocka_unit_test(test_tops_and_lists),
		cmocka_unit_test_setup_teardown(test_tops_and_lists, portable, native),
		cmocka_unit_test_setup_teardown(test_read_refuses, portable, native),
		cmocka_unit_test_setup_teardown(test_replace, portable, native),
		cmocka_unit_test_setup_teardown(test_mkdirs_unlink, portable, native),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
