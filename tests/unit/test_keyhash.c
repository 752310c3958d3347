/* test_keyhash.c: the fields of a key: a number is the text "%.17g" writes, whatever the number. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/keyhash.h"

static void expect_printf(double v)
{
	char want[64], got[64];
	int n = snprintf(want, sizeof want, "%.17g", v);

	assert_int_equal(key_num_text(v, got), n);
	assert_string_equal(got, want);
}

static void test_num_text(void **state)
{
	static const double some[] = { 0.0, -0.0, 1, -1, 2, 9, 10, 99, 100, 12345, -12345, 1e15, 1e16 - 1, 1e16,
				       99999999999999984.0, 1e17, -1e17, 1e18, 1.5, -0.25, 1e-300, 3.141592653589793,
				       9007199254740993.0, 4294967296.0, -4294967297.0, INFINITY, -INFINITY, NAN };

	(void)state;
	for (size_t i = 0; i < sizeof some / sizeof *some; i++)
		expect_printf(some[i]);
	for (double v = -100000; v <= 100000; v += 1)
		expect_printf(v);
	for (double v = 1; v < 1e300; v *= 3.7)
		expect_printf(v), expect_printf(-v), expect_printf(floor(v)), expect_printf(-floor(v));
}

/* The key of a number field is that of the string field of its text. */
static void test_num_field(void **state)
{
	static const double some[] = { 0, 7, -3, 600, 1e16, 2.5 };
	char a[KEY_HEX + 1], b[KEY_HEX + 1], s[64];

	(void)state;
	for (size_t i = 0; i < sizeof some / sizeof *some; i++) {
		struct sha256_ctx x, y;
		sha256_init(&x);
		sha256_init(&y);
		key_num(&x, "timeout", some[i]);
		snprintf(s, sizeof s, "%.17g", some[i]);
		key_str(&y, "timeout", s);
		key_finish(&x, a);
		key_finish(&y, b);
		assert_string_equal(a, b);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_num_text),
		cmocka_unit_test(test_num_field),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
