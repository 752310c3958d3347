/*
 * test_attr.c: the info-string attribute grammar (engine/lesson/attr.h): flags,
 * key=value, quoted values, escapes, the column of every attribute, and the
 * column of every malformed case.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lesson/attr.h"
#include "base/util.h"
#include "testutil.h"

/* Parses s as if it started at column col0 of line 7; expects success. */
static void parse_ok(const char *s, int col0, struct attr_list *out)
{
	char *err = NULL;
	int err_col = -1;

	int rc = attr_parse(s, strlen(s), 7, col0, out, &err, &err_col);
	if (rc != 0)
		print_error("unexpected error for '%s': %s\n", s, err ? err : "(null)");
	assert_int_equal(rc, 0);
	assert_null(err);
}

/* Parses s; expects an error at err_col whose message contains needle. */
static void parse_bad(const char *s, int col0, int want_col, const char *needle, size_t want_before)
{
	struct attr_list l;
	char *err = NULL;
	int err_col = -1;

	int rc = attr_parse(s, strlen(s), 3, col0, &l, &err, &err_col);
	if (rc == 0)
		print_error("'%s' parsed without an error\n", s);
	assert_int_equal(rc, -1);
	assert_non_null(err);
	if (err_col != want_col)
		print_error("'%s': error at column %d, want %d (%s)\n", s, err_col, want_col, err);
	assert_int_equal(err_col, want_col);
	if (!strstr(err, needle))
		print_error("'%s': message '%s' does not say '%s'\n", s, err, needle);
	assert_non_null(strstr(err, needle));
	/* Messages are lowercase and say what to do. */
	assert_false(err[0] >= 'A' && err[0] <= 'Z');
	assert_int_equal(l.n, want_before);
	free(err);
	attr_list_release(&l);
}

static void test_empty(void **state)
{
	struct attr_list l;

	(void)state;
	parse_ok("", 5, &l);
	assert_int_equal(l.n, 0);
	attr_list_release(&l);
	parse_ok("   \t  ", 5, &l);
	assert_int_equal(l.n, 0);
	attr_list_release(&l);
	assert_null(attr_find(&l, "x"));
}

static void test_flags_and_values(void **state)
{
	struct attr_list l;

	(void)state;
	/* As after "```c" at column 1: the rest starts at column 5. */
	parse_ok(" run id=hello-1 cflags=-O2 measure_2", 5, &l);
	assert_int_equal(l.n, 4);
	assert_string_equal(l.v[0].key, "run");
	assert_null(l.v[0].value);
	assert_int_equal(l.v[0].col, 6);
	assert_int_equal(l.v[0].line, 7);
	assert_string_equal(l.v[1].key, "id");
	assert_string_equal(l.v[1].value, "hello-1");
	assert_int_equal(l.v[1].col, 10);
	assert_string_equal(l.v[2].key, "cflags");
	assert_string_equal(l.v[2].value, "-O2");
	assert_int_equal(l.v[2].col, 21);
	assert_string_equal(l.v[3].key, "measure_2");
	assert_null(l.v[3].value);
	assert_int_equal(l.v[3].col, 32);
	assert_ptr_equal(attr_find(&l, "id"), &l.v[1]);
	assert_null(attr_find(&l, "hello-1"));
	attr_list_release(&l);
	assert_int_equal(l.n, 0);
	assert_null(l.v);
}

static void test_tabs_and_runs_of_blanks(void **state)
{
	struct attr_list l;

	(void)state;
	/* Columns count bytes: a tab is one column. */
	parse_ok("\tid=a \t  exit=3\t", 10, &l);
	assert_int_equal(l.n, 2);
	assert_int_equal(l.v[0].col, 11);
	assert_string_equal(l.v[1].key, "exit");
	assert_string_equal(l.v[1].value, "3");
	assert_int_equal(l.v[1].col, 19);
	attr_list_release(&l);
}

static void test_quoted(void **state)
{
	struct attr_list l;

	(void)state;
	parse_ok(" args=\"a b  c\" reason=\"\" cflags=\"-Wall -O2\"", 5, &l);
	assert_int_equal(l.n, 3);
	assert_string_equal(l.v[0].value, "a b  c");
	assert_int_equal(l.v[0].col, 6);
	assert_string_equal(l.v[1].key, "reason");
	assert_non_null(l.v[1].value);
	assert_string_equal(l.v[1].value, "");
	assert_int_equal(l.v[1].col, 20);
	assert_string_equal(l.v[2].value, "-Wall -O2");
	assert_int_equal(l.v[2].col, 30);
	attr_list_release(&l);
}

static void test_escapes(void **state)
{
	struct attr_list l;

	(void)state;
	/* reason="say \"hi\" to C:\\dir" then a flag. */
	parse_ok("reason=\"say \\\"hi\\\" to C:\\\\dir\" derived", 1, &l);
	assert_int_equal(l.n, 2);
	assert_string_equal(l.v[0].value, "say \"hi\" to C:\\dir");
	assert_string_equal(l.v[1].key, "derived");
	assert_int_equal(l.v[1].col, 32);
	attr_list_release(&l);

	/* A backslash before any other byte keeps that byte. */
	parse_ok("a=\"\\n\\x\"", 1, &l);
	assert_string_equal(l.v[0].value, "nx");
	attr_list_release(&l);

	/* An unquoted value takes backslashes as they are. */
	parse_ok("a=b\\c", 1, &l);
	assert_string_equal(l.v[0].value, "b\\c");
	attr_list_release(&l);

	/* Quoted bytes may be anything but '"' and '\': '=' and UTF-8 too. */
	parse_ok("a=\"x=y \xc3\xa9\" b=x=y", 1, &l);
	assert_string_equal(l.v[0].value, "x=y \xc3\xa9");
	assert_string_equal(l.v[1].value, "x=y");
	attr_list_release(&l);
}

static void test_not_nul_terminated(void **state)
{
	struct attr_list l;
	char *err;
	int err_col;
	const char text[] = "id=abc extra";

	(void)state;
	/* Only len bytes are read: "id=ab". */
	assert_int_equal(attr_parse(text, 5, 1, 1, &l, &err, &err_col), 0);
	assert_int_equal(l.n, 1);
	assert_string_equal(l.v[0].value, "ab");
	attr_list_release(&l);
	/* A quoted value cut by len is unclosed. */
	assert_int_equal(attr_parse("a=\"xy\"", 5, 1, 1, &l, &err, &err_col), -1);
	assert_int_equal(err_col, 3);
	free(err);
	attr_list_release(&l);
}

static void test_malformed(void **state)
{
	(void)state;
	/* Unclosed quote: at the opening quote. */
	parse_bad(" id=x args=\"unclosed", 5, 16, "unclosed quote in the value of 'args'", 1);
	/* A trailing backslash escapes nothing and leaves the quote open. */
	parse_bad("a=\"x\\", 1, 3, "unclosed quote", 0);
	/* An escaped closing quote is not a closing quote. */
	parse_bad("a=\"x\\\"", 1, 3, "unclosed quote", 0);
	/* key= with nothing after it: at the key. */
	parse_bad(" run exit=", 5, 10, "'exit=' has no value", 1);
	parse_bad(" exit= run", 5, 6, "'exit=' has no value", 0);
	/* =x: no key. */
	parse_bad(" =x", 5, 6, "unexpected '='", 0);
	parse_bad("run =x", 1, 5, "unexpected '='", 1);
	/* Junk right after a closing quote: at the junk. */
	parse_bad(" args=\"a b\"c", 5, 16, "after the closing quote of 'args'", 0);
	parse_bad("a=\"\"\"\"", 1, 5, "after the closing quote", 0);
	/* A quote inside an unquoted value: at the quote. */
	parse_bad(" args=a\"b\"", 5, 12, "a quote inside the value of 'args'", 0);
	parse_bad(" a=1 b=x\"", 5, 13, "a quote inside the value of 'b'", 1);
	/* Pandoc-style {.c} or {1,3}: at the brace. */
	parse_bad(" {1,3}", 5, 6, "unexpected '{'", 0);
	parse_bad(" run {.numberLines}", 5, 10, "unexpected '{'", 1);
	/* A key followed by something that is neither '=' nor a blank. */
	parse_bad(" id:x", 5, 8, "unexpected ':' after attribute name 'id'", 0);
	parse_bad(" a,b", 5, 7, "unexpected ','", 0);
	/* A lone quote, a quote right after the key. */
	parse_bad(" \"x y\"", 5, 6, "unexpected '\"'", 0);
	parse_bad(" key\"x\"", 5, 9, "unexpected '\"' after attribute name 'key'", 0);
	/* Bytes that are not printable are shown as '?'. */
	parse_bad(" \x01", 5, 6, "unexpected '?'", 0);
	parse_bad(" \xc3\xa9=1", 5, 6, "unexpected '?'", 0);
	parse_bad(" a\xc3\xa9", 5, 7, "unexpected '?'", 0);
}

static void test_many(void **state)
{
	char s[20000];
	size_t n = 0;
	struct attr_list l;

	(void)state;
	for (int i = 0; i < 1000; i++)
		n += (size_t)snprintf(s + n, sizeof s - n, " k%d=v", i % 10);
	parse_ok(s, 1, &l);
	assert_int_equal(l.n, 1000);
	assert_int_equal(l.v[999].col, 1 + 999 * 5 + 1);
	/* attr_find gives the first of repeated keys. */
	assert_ptr_equal(attr_find(&l, "k3"), &l.v[3]);
	attr_list_release(&l);
}

/*
 * An info string of 64 KiB of flags: the list grew by one element at a
 * time, which AddressSanitizer's realloc() copies every time (seconds).
 */
static void test_very_many(void **state)
{
	enum { N = 30000 };
	char *s = malloc(2 * N + 1);
	struct attr_list l;

	(void)state;
	assert_non_null(s);
	for (int i = 0; i < N; i++)
		memcpy(s + 2 * i, " a", 2);
	s[2 * N] = '\0';
	long long t0 = test_cpu_ns();
	parse_ok(s, 1, &l);
	double secs = (double)(test_cpu_ns() - t0) / 1e9;
	if (secs >= 2.0)
		print_error("parsing %d flags took %.2f s\n", N, secs);
	assert_true(secs < 2.0);
	assert_int_equal(l.n, N);
	assert_int_equal(l.v[N - 1].col, 2 * N);
	attr_list_release(&l);
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_flags_and_values),
		cmocka_unit_test(test_tabs_and_runs_of_blanks),
		cmocka_unit_test(test_quoted),
		cmocka_unit_test(test_escapes),
		cmocka_unit_test(test_not_nul_terminated),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_many),
		cmocka_unit_test(test_very_many),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
