/* test_sitedir.c: the manifest of a site folder, and what in the folder it does not list. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "render/sitedir.h"
#include "base/util.h"

static void test_manifest(void **state)
{
	(void)state;
	char *names[] = { "index.html", "img/a.png", "back\\slash.html", "line\nbreak.html", "index.html" };
	char *text = sitedir_manifest_text(names, 5);
	assert_string_equal(text, "# litlab build: this folder is replaced whole by each build, and only while it\n"
				  "# holds nothing but these files, which the build that made it wrote:\n"
				  "back\\\\slash.html\nimg/a.png\nindex.html\nline\\nbreak.html\n");
	char **v;
	size_t n;
	assert_int_equal(sitedir_manifest_parse(text, strlen(text), &v, &n), 1);
	assert_int_equal(n, 4);
	assert_string_equal(v[0], "back\\slash.html");
	assert_string_equal(v[3], "line\nbreak.html");
	free_words(v, n);
	free(text);
	/* The mark of a build from before manifests lists nothing. */
	const char *old = "This folder is written by 'litlab build' and replaced whole by each build.\n";
	assert_int_equal(sitedir_manifest_parse(old, strlen(old), &v, &n), 0);
	assert_int_equal(n, 0);
}

static void put(const char *dir, const char *name, const char *text)
{
	char *p = xasprintf("%s/%s", dir, name);
	assert_int_equal(write_file(p, text, strlen(text)), 0);
	free(p);
}

static void unknown_is(const char *dir, int want_marked, const char *want)
{
	int dfd = open(dir, O_RDONLY | O_DIRECTORY), marked;
	char **v;
	size_t n;
	char all[512] = "";

	assert_true(dfd >= 0);
	assert_int_equal(sitedir_unknown(dfd, &marked, &v, &n), 0);
	close(dfd);
	for (size_t i = 0; i < n; i++) {
		strcat(all, v[i]);
		strcat(all, " ");
	}
	assert_int_equal(marked, want_marked);
	assert_string_equal(all, want);
	free_words(v, n);
}

static void test_unknown(void **state)
{
	(void)state;
	char dir[] = "/tmp/test-sitedir-XXXXXX";
	char *names[] = { ".litlab-site", "index.html", "img/a.png" };
	char *text = sitedir_manifest_text(names, 3);

	assert_non_null(mkdtemp(dir));
	put(dir, "index.html", "x");
	unknown_is(dir, 0, "index.html "); /* no mark: nothing is the build's */
	put(dir, ".litlab-site", text);
	char *img = xasprintf("%s/img", dir), *empty = xasprintf("%s/empty", dir), *lnk = xasprintf("%s/lnk", dir);
	assert_int_equal(mkdir(img, 0755), 0);
	put(dir, "img/a.png", "png");
	unknown_is(dir, 1, "");
	put(dir, "CNAME", "example.org");
	put(dir, "img/b.png", "mine");
	assert_int_equal(mkdir(empty, 0755), 0);
	assert_int_equal(symlink("/etc", lnk), 0);
	unknown_is(dir, 1, "CNAME empty/ img/b.png lnk ");
	/* A mark from before manifests: its files, and pages that name litlab as their generator. */
	put(dir, ".litlab-site", "This folder is written by 'litlab build' and replaced whole by each build.\n");
	put(dir, "old.html", "<head>\n<meta name=\"generator\" content=\"litlab 0.1.0\">\n");
	put(dir, "mine.html", "<head>\n");
	unknown_is(dir, 1, "CNAME empty/ img/a.png img/b.png lnk mine.html ");
	free(text);
	free(img);
	free(empty);
	free(lnk);
	char *rm = xasprintf("rm -rf '%s'", dir);
	assert_int_equal(system(rm), 0);
	free(rm);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_manifest),
		cmocka_unit_test(test_unknown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
