/*
 * test_strindex.c: base/strindex: every key added is found where it was
 * said to stand, through the table's growth; a key not added is not found,
 * nor a prefix or an extension of one; an empty index finds nothing; the
 * keys are compared by their text, not their address.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/strindex.h"

#define N 20000

static void test_found_where_added(void **state)
{
	(void)state;
	static char keys[N][16];
	struct strindex x = STRINDEX_INIT;

	assert_int_equal(strindex_find(&x, "a"), -1);
	for (size_t i = 0; i < N; i++) {
		snprintf(keys[i], sizeof keys[i], "a-%zu", i);
		strindex_add(&x, keys[i], N - i);
		assert_true(x.nslot > 2 * x.n);
	}
	for (size_t i = 0; i < N; i++) {
		char copy[16];
		memcpy(copy, keys[i], sizeof copy);
		assert_int_equal(strindex_find(&x, copy), (long)(N - i));
	}
	assert_int_equal(strindex_find(&x, "a"), -1);
	assert_int_equal(strindex_find(&x, "a-"), -1);
	assert_int_equal(strindex_find(&x, "a-10000x"), -1);
	assert_int_equal(strindex_find(&x, ""), -1);
	strindex_release(&x);
	assert_int_equal(strindex_find(&x, "a-1"), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_found_where_added),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
