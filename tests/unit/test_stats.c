/* test_stats.c: order statistics and the display of nanosecond values. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "base/buf.h"
#include "run/stats.h"
#include "base/util.h"

static void test_empty(void **state)
{
	struct stats st;

	(void)state;
	memset(&st, 0x55, sizeof(st));
	stats_compute(&st, NULL, 0);
	assert_int_equal(st.samples, 0);
	assert_int_equal(st.min, 0);
	assert_int_equal(st.max, 0);
	assert_int_equal(st.median, 0);
	assert_int_equal(st.mean, 0);
	assert_int_equal(st.q1, 0);
	assert_int_equal(st.q3, 0);
	assert_int_equal(st.iqr, 0);
	assert_int_equal(st.mad, 0);
}

static void test_one_sample(void **state)
{
	const int64_t v[] = { 1234 };
	struct stats st;

	(void)state;
	stats_compute(&st, v, 1);
	assert_int_equal(st.samples, 1);
	assert_int_equal(st.min, 1234);
	assert_int_equal(st.max, 1234);
	assert_int_equal(st.median, 1234);
	assert_int_equal(st.mean, 1234);
	assert_int_equal(st.q1, 1234);
	assert_int_equal(st.q3, 1234);
	assert_int_equal(st.iqr, 0);
	assert_int_equal(st.mad, 0);
}

static void test_odd_count(void **state)
{
	const int64_t v[] = { 5, 1, 3 };
	struct stats st;

	(void)state;
	stats_compute(&st, v, 3);
	/* the input is not reordered */
	assert_int_equal(v[0], 5);
	assert_int_equal(v[1], 1);
	assert_int_equal(st.samples, 3);
	assert_int_equal(st.min, 1);
	assert_int_equal(st.max, 5);
	assert_int_equal(st.median, 3);
	assert_int_equal(st.mean, 3);
	/* R: quantile(c(1,3,5), c(.25,.75)) = 2 4 */
	assert_int_equal(st.q1, 2);
	assert_int_equal(st.q3, 4);
	assert_int_equal(st.iqr, 2);
	/* |x - 3| = 2 0 2 */
	assert_int_equal(st.mad, 2);
}

static void test_even_count(void **state)
{
	const int64_t v[] = { 4, 2, 3, 1 };
	struct stats st;

	(void)state;
	stats_compute(&st, v, 4);
	assert_int_equal(st.min, 1);
	assert_int_equal(st.max, 4);
	/* R: quantile(1:4) = 1.75 2.5 3.25, rounded toward zero */
	assert_int_equal(st.median, 2);
	assert_int_equal(st.q1, 1);
	assert_int_equal(st.q3, 3);
	assert_int_equal(st.mean, 2);
	/* |x - 2| = 2 0 1 1: median 1 */
	assert_int_equal(st.mad, 1);
}

static void test_ten_samples(void **state)
{
	int64_t v[10];
	struct stats st;

	(void)state;
	for (int i = 0; i < 10; i++)
		v[i] = (10 - i) * 1000;
	stats_compute(&st, v, 10);
	/* R: quantile(seq(1000, 10000, 1000)) = 3250 5500 7750 */
	assert_int_equal(st.q1, 3250);
	assert_int_equal(st.median, 5500);
	assert_int_equal(st.q3, 7750);
	assert_int_equal(st.iqr, 4500);
	assert_int_equal(st.mean, 5500);
	/* |x - 5500| = 500 500 1500 1500 ... 4500 4500: median 2500 */
	assert_int_equal(st.mad, 2500);

	const int64_t w[] = { 100, 101, 102, 103, 104, 105, 106, 107, 108 };
	stats_compute(&st, w, 9);
	/* h = 2 and 6 exactly: no interpolation */
	assert_int_equal(st.q1, 102);
	assert_int_equal(st.median, 104);
	assert_int_equal(st.q3, 106);

	const int64_t u[] = { 0, 10, 20, 30, 40, 50 };
	stats_compute(&st, u, 6);
	/* R: quantile(c(0,10,20,30,40,50)) = 12.5 25 37.5 */
	assert_int_equal(st.q1, 12);
	assert_int_equal(st.median, 25);
	assert_int_equal(st.q3, 37);
	assert_int_equal(st.mean, 25);
}

static void test_ties(void **state)
{
	const int64_t v[] = { 7, 7, 3, 7, 7 };
	const int64_t w[] = { 9, 9 };
	struct stats st;

	(void)state;
	stats_compute(&st, v, 5);
	assert_int_equal(st.min, 3);
	assert_int_equal(st.max, 7);
	assert_int_equal(st.median, 7);
	assert_int_equal(st.q1, 7);
	assert_int_equal(st.q3, 7);
	assert_int_equal(st.iqr, 0);
	assert_int_equal(st.mad, 0);
	/* 31 / 5 = 6.2 */
	assert_int_equal(st.mean, 6);

	stats_compute(&st, w, 2);
	assert_int_equal(st.median, 9);
	assert_int_equal(st.mean, 9);
	assert_int_equal(st.mad, 0);
}

static void test_rounding_toward_zero(void **state)
{
	const int64_t v[] = { -3, -2 };
	const int64_t w[] = { -1, 2 };
	struct stats st;

	(void)state;
	stats_compute(&st, v, 2);
	assert_int_equal(st.median, -2);	/* -2.5 */
	assert_int_equal(st.mean, -2);
	assert_int_equal(st.q1, -2);		/* -2.75 */
	assert_int_equal(st.q3, -2);		/* -2.25 */
	stats_compute(&st, w, 2);
	assert_int_equal(st.median, 0);		/* 0.5 */
	assert_int_equal(st.mean, 0);
	assert_int_equal(st.q1, 0);		/* -0.25 */
	assert_int_equal(st.q3, 1);		/* 1.25 */
}

static void test_extremes(void **state)
{
	const int64_t v[] = { INT64_MAX, INT64_MIN };
	const int64_t w[] = { INT64_MAX, INT64_MAX, INT64_MAX - 1 };
	struct stats st;

	(void)state;
	stats_compute(&st, v, 2);
	assert_true(st.min == INT64_MIN);
	assert_true(st.max == INT64_MAX);
	assert_true(st.median == 0);
	assert_true(st.mean == 0);
	assert_true(st.q1 == -(INT64_C(1) << 62));
	assert_true(st.q3 == (INT64_C(1) << 62) - 1);
	assert_true(st.iqr == INT64_MAX);
	assert_true(st.mad == INT64_MAX);

	stats_compute(&st, w, 3);
	assert_true(st.median == INT64_MAX);
	assert_true(st.mean == INT64_MAX - 1);	/* MAX - 1/3 */
	assert_true(st.mad == 0);
}

static void check_format(int64_t ns, const char *want)
{
	struct buf b = BUF_INIT;

	stats_format_ns(&b, ns);
	if (strcmp(b.p, want) != 0)
		print_error("stats_format_ns(%lld): got '%s', want '%s'\n", (long long)ns, b.p, want);
	assert_string_equal(b.p, want);
	buf_release(&b);
}

static void test_format(void **state)
{
	(void)state;
	check_format(0, "0 ns");
	check_format(7, "7 ns");
	check_format(999, "999 ns");
	check_format(1000, "1.00 \xc2\xb5s");
	check_format(1004, "1.00 \xc2\xb5s");
	check_format(1005, "1.01 \xc2\xb5s");
	check_format(9994, "9.99 \xc2\xb5s");
	check_format(9995, "10.0 \xc2\xb5s");
	check_format(12345, "12.3 \xc2\xb5s");
	check_format(99949, "99.9 \xc2\xb5s");
	check_format(99950, "100 \xc2\xb5s");
	check_format(999499, "999 \xc2\xb5s");
	check_format(999500, "1.00 ms");
	check_format(999999, "1.00 ms");
	check_format(1000000, "1.00 ms");
	check_format(12345678, "12.3 ms");
	check_format(100000000, "100 ms");
	check_format(999499999, "999 ms");
	check_format(999500000, "1.00 s");
	check_format(1000000000, "1.00 s");
	check_format(61000000000LL, "61.0 s");
	check_format(999000000000LL, "999 s");
	check_format(999500000000LL, "1000 s");
	check_format(4321000000000LL, "4321 s");
	check_format(INT64_MAX, "9223372037 s");
	check_format(-1500, "-1.50 \xc2\xb5s");
	check_format(-999, "-999 ns");
	check_format(INT64_MIN, "-9223372037 s");
}

static void check_unit(int64_t ns, const char *want, double want_div)
{
	double div = -1;

	assert_string_equal(stats_unit_for(ns, &div), want);
	assert_true(div == want_div);
	assert_string_equal(stats_unit_for(ns, NULL), want);
}

static void test_unit_for(void **state)
{
	(void)state;
	check_unit(0, "ns", 1);
	check_unit(999, "ns", 1);
	check_unit(1000, "\xc2\xb5s", 1e3);
	check_unit(999499, "\xc2\xb5s", 1e3);
	check_unit(999999, "ms", 1e6);
	check_unit(999500000, "s", 1e9);
	check_unit(-2000000, "ms", 1e6);
	check_unit(INT64_MAX, "s", 1e9);
}

static void test_format_appends(void **state)
{
	struct buf b = BUF_INIT;

	(void)state;
	buf_adds(&b, "median ");
	stats_format_ns(&b, 2500000);
	assert_string_equal(b.p, "median 2.50 ms");
	buf_release(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_one_sample),
		cmocka_unit_test(test_odd_count),
		cmocka_unit_test(test_even_count),
		cmocka_unit_test(test_ten_samples),
		cmocka_unit_test(test_ties),
		cmocka_unit_test(test_rounding_toward_zero),
		cmocka_unit_test(test_extremes),
		cmocka_unit_test(test_format),
		cmocka_unit_test(test_unit_for),
		cmocka_unit_test(test_format_appends),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
