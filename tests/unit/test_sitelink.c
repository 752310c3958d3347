/* test_sitelink.c: which links of a lesson name files of its folder, and as what path. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "render/sitelink.h"

static void is_file(const char *url, const char *path, const char *suffix)
{
	char *p;
	const char *s;

	assert_int_equal(sitelink_parse(url, &p, &s), SITELINK_FILE);
	assert_string_equal(p, path);
	assert_string_equal(s, suffix);
	free(p);
}

static void is_kind(const char *url, enum sitelink_kind kind)
{
	char *p;
	const char *s;

	assert_int_equal(sitelink_parse(url, &p, &s), kind);
	assert_null(p);
}

static void test_parse(void **state)
{
	(void)state;
	is_file("img/diagram.png", "img/diagram.png", "");
	is_file("02-two.md#loops", "02-two.md", "#loops");
	is_file("./img/../data//input.csv?x=1", "data/input.csv", "?x=1");
	is_file("my%20diagram.png", "my diagram.png", "");
	is_file("a/b:c.png", "a/b:c.png", ""); /* a colon after a slash is no scheme */
	is_kind("https://example.org/x.png", SITELINK_NONE);
	is_kind("mailto:someone@example.org", SITELINK_NONE);
	is_kind("/img/x.png", SITELINK_NONE);
	is_kind("//example.org/x.png", SITELINK_NONE);
	is_kind("#section", SITELINK_NONE);
	is_kind("?q", SITELINK_NONE);
	is_kind("", SITELINK_NONE);
	is_kind(".", SITELINK_NONE);
	is_kind("../secret.txt", SITELINK_OUTSIDE);
	is_kind("img/../../secret.txt", SITELINK_OUTSIDE);
	is_kind("%2e%2e/secret.txt", SITELINK_OUTSIDE);
	is_kind("a%00b.png", SITELINK_BAD);
	is_kind("a%0ab.png", SITELINK_BAD);
	is_kind("a%ffb.png", SITELINK_BAD); /* not UTF-8 */
}

static void test_normalize(void **state)
{
	(void)state;
	const char *cases[][2] = {
		{ "./lessons//02-two.md", "lessons/02-two.md" }, { "lessons/./x/../02.md", "lessons/02.md" },
		{ "../course/lessons/01.md", "../course/lessons/01.md" }, { "/abs/./x.md", "/abs/x.md" },
		{ ".", "." },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *n = sitelink_normalize(cases[i][0]);
		assert_string_equal(n, cases[i][1]);
		free(n);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_normalize),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
