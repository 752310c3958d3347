/* test_suggest.c: "did you mean": edit distances and which word is offered. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "base/suggest.h"

static void test_distance(void **state)
{
	(void)state;
	assert_int_equal(suggest_distance("", ""), 0);
	assert_int_equal(suggest_distance("args", "args"), 0);
	assert_int_equal(suggest_distance("arg", "args"), 1);
	assert_int_equal(suggest_distance("medain", "median"), 1); /* a swap is one edit */
	assert_int_equal(suggest_distance("contain", "contains"), 1);
	assert_int_equal(suggest_distance("STDOUT", "stdout"), 0);
	assert_int_equal(suggest_distance("kitten", "sitting"), 3);
	assert_int_equal(suggest_distance("", "abc"), 3);
}

static void test_nearest(void **state)
{
	static const char *const stats[] = { "min", "median", "max", "mean", "iqr", "mad", "samples" };

	(void)state;
	assert_string_equal(suggest_nearest("medain", stats, 7), "median");
	assert_string_equal(suggest_nearest("sample", stats, 7), "samples");
	/* Equally near: the first. */
	assert_string_equal(suggest_nearest("mix", stats, 7), "min");
	/* Too far to be a slip. */
	assert_null(suggest_nearest("average", stats, 7));
	assert_null(suggest_nearest("x", stats, 7));
	assert_null(suggest_nearest("medain", stats, 0));
}

static void test_in_list(void **state)
{
	char *s;

	(void)state;
	s = suggest_in_list("str-helper", "str-helpers, warn, mis");
	assert_string_equal(s, "str-helpers");
	free(s);
	s = suggest_in_list("contain", "exact|ellipsis|contains");
	assert_string_equal(s, "contains");
	free(s);
	/* The prose of an "accepted:" list is no candidate. */
	assert_null(suggest_in_list("once", "id, use, and one mode: run"));
	assert_null(suggest_in_list("zzz", ""));
	s = suggest_phrase("stdrr", "stdout, stderr");
	assert_string_equal(s, ": did you mean 'stderr'?");
	free(s);
	s = suggest_phrase("nothing-near", "stdout, stderr");
	assert_string_equal(s, "");
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_distance),
		cmocka_unit_test(test_nearest),
		cmocka_unit_test(test_in_list),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
