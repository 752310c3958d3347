/* test_match.c: match modes, normalisation and unified diffs. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "base/buf.h"
#include "lesson/match.h"

static int m(enum match_mode mode, const char *e, const char *a)
{
	return match_output(mode, e, strlen(e), a, strlen(a));
}

static int exact(const char *e, const char *a)
{
	return m(MATCH_EXACT, e, a);
}

static int ellipsis(const char *e, const char *a)
{
	return m(MATCH_ELLIPSIS, e, a);
}

static int contains(const char *e, const char *a)
{
	return m(MATCH_CONTAINS, e, a);
}

static void check_diff(const char *e, const char *a, size_t max, const char *want)
{
	struct buf b = BUF_INIT;

	match_diff(&b, e, strlen(e), a, strlen(a), max);
	assert_string_equal(b.p, want);
	assert_int_equal(b.len, strlen(want));
	buf_release(&b);
}

static size_t count_lines(const struct buf *b)
{
	size_t n = 0;

	for (size_t i = 0; i < b->len; i++)
		n += b->p[i] == '\n';
	return n;
}

static void test_mode_names(void **state)
{
	enum match_mode mode = MATCH_CONTAINS;

	(void)state;
	assert_int_equal(match_mode_parse("exact", &mode), 0);
	assert_int_equal(mode, MATCH_EXACT);
	assert_int_equal(match_mode_parse("ellipsis", &mode), 0);
	assert_int_equal(mode, MATCH_ELLIPSIS);
	assert_int_equal(match_mode_parse("contains", &mode), 0);
	assert_int_equal(mode, MATCH_CONTAINS);
	assert_int_equal(match_mode_parse("Exact", &mode), -1);
	assert_int_equal(match_mode_parse("", &mode), -1);
	assert_int_equal(match_mode_parse("exact ", &mode), -1);
	assert_int_equal(match_mode_parse("regex", &mode), -1);
	assert_int_equal(mode, MATCH_CONTAINS);

	assert_string_equal(match_mode_name(MATCH_EXACT), "exact");
	assert_string_equal(match_mode_name(MATCH_ELLIPSIS), "ellipsis");
	assert_string_equal(match_mode_name(MATCH_CONTAINS), "contains");
}

static void test_exact(void **state)
{
	(void)state;
	assert_true(exact("hello\n", "hello\n"));
	assert_true(exact("a\nb\nc\n", "a\nb\nc\n"));
	assert_false(exact("hello\n", "Hello\n"));
	assert_false(exact("hello\n", "hello \n"));
	assert_false(exact("a\nb\n", "a\nb\nc\n"));
	assert_false(exact("a\nb\nc\n", "a\nc\n"));
}

static void test_trailing_newline(void **state)
{
	(void)state;
	assert_true(exact("hello\n", "hello"));
	assert_true(exact("hello", "hello\n"));
	assert_true(exact("a\nb", "a\nb\n"));
	assert_false(exact("a\n\n", "a\n"));
	assert_false(exact("a\n", "a\n\n"));
	assert_false(exact("a", "a\n\n"));
	assert_true(exact("a\n\n", "a\n\n"));
	assert_true(ellipsis("a\n...\nz", "a\nb\nz\n"));
	assert_true(contains("b", "a\nb"));
}

static void test_empty(void **state)
{
	(void)state;
	assert_true(exact("", ""));
	assert_false(exact("", "x"));
	assert_false(exact("", "\n"));
	assert_false(exact("x\n", ""));
	assert_false(exact("\n", ""));
	assert_true(ellipsis("", ""));
	assert_false(ellipsis("", "x\n"));
	assert_true(ellipsis("...\n", ""));
	assert_true(ellipsis("...\n", "anything\nat all\n"));
	assert_true(contains("", ""));
	assert_true(contains("", "x\n"));
	assert_false(contains("x\n", ""));
}

static void test_crlf(void **state)
{
	(void)state;
	assert_true(exact("a\r\nb\r\n", "a\nb\n"));
	assert_true(exact("a\nb\n", "a\r\nb\r\n"));
	assert_true(exact("a\r\nb", "a\nb\n"));
	assert_true(exact("a\r\n\r\nb\r\n", "a\n\nb\n"));
	/* A lone CR is a byte like any other. */
	assert_false(exact("a\rb\n", "a\nb\n"));
	assert_false(exact("a\r", "a\n"));
	assert_true(exact("a\rb\n", "a\rb\r\n"));
	assert_true(ellipsis("start\r\n...\r\nend\r\n", "start\nx\nend"));
	assert_true(contains("foo\r\nbar\r\n", "foo\nbar\n"));
	assert_true(contains("foo\n", "xfoo\r\n"));
}

static void test_nul_bytes(void **state)
{
	static const char nul[] = "a\0b\n";

	(void)state;
	assert_false(match_output(MATCH_EXACT, "a\n", 2, nul, 4));
	assert_false(match_output(MATCH_EXACT, "a\0c\n", 4, nul, 4));
	assert_true(match_output(MATCH_EXACT, nul, 4, nul, 4));
	assert_false(match_output(MATCH_EXACT, "a", 1, "a\0", 2));
	assert_true(match_output(MATCH_ELLIPSIS, "...\nz\n", 6, "a\0b\n\xff\nz\n", 8));
	assert_false(match_output(MATCH_ELLIPSIS, "a\n", 2, nul, 4));
	assert_true(match_output(MATCH_CONTAINS, "b\n", 2, nul, 4));
	assert_true(match_output(MATCH_CONTAINS, "a\0b", 3, "xa\0by\n", 6));
	assert_false(match_output(MATCH_CONTAINS, "a\0c", 3, nul, 4));
}

static void test_ellipsis_middle(void **state)
{
	(void)state;
	assert_true(ellipsis("start\n...\nend\n", "start\n0x7ffc1234\nend\n"));
	assert_true(ellipsis("start\n...\nend\n", "start\nend\n"));
	assert_true(ellipsis("start\n...\nend\n", "start\nx\ny\nz\nend\n"));
	assert_false(ellipsis("start\n...\nend\n", "start\nx\n"));
	assert_false(ellipsis("start\n...\nend\n", "begin\nx\nend\n"));
	assert_false(ellipsis("start\n...\nend\n", "start\nx\nend\nmore\n"));
}

static void test_ellipsis_ends(void **state)
{
	(void)state;
	assert_true(ellipsis("...\nend\n", "a\nb\nend\n"));
	assert_true(ellipsis("...\nend\n", "end\n"));
	assert_false(ellipsis("...\nend\n", "a\nb\n"));
	assert_false(ellipsis("...\nend\n", "end\nx\n"));
	assert_true(ellipsis("start\n...\n", "start\nfoo\nbar\n"));
	assert_true(ellipsis("start\n...\n", "start\n"));
	assert_false(ellipsis("start\n...\n", "begin\nfoo\n"));
	assert_false(ellipsis("start\n...\n", ""));
}

static void test_ellipsis_several(void **state)
{
	const char *e = "a\n...\nb\n...\nc\n";

	(void)state;
	assert_true(ellipsis(e, "a\nb\nc\n"));
	assert_true(ellipsis(e, "a\n1\nb\n2\n3\nc\n"));
	assert_true(ellipsis(e, "a\nb\nb\nc\nc\n"));
	assert_false(ellipsis(e, "a\nc\nb\n"));
	assert_false(ellipsis(e, "a\nb\n"));
	assert_true(ellipsis("...\n...\n", "x\n"));
	assert_true(ellipsis("...\nx\n...\n", "a\nx\nb\n"));
	assert_false(ellipsis("...\nx\n...\n", "a\nb\n"));
	/* The first "a" must not be taken too early. */
	assert_true(ellipsis("...\na\nb\n", "a\na\nb\n"));
	assert_true(ellipsis("a\n...\na\n", "a\na\n"));
	assert_false(ellipsis("a\n...\na\n", "a\n"));
}

static void test_ellipsis_literal(void **state)
{
	(void)state;
	/* Only a line that is exactly "..." is special. */
	assert_false(ellipsis("a...\n", "abc\n"));
	assert_true(ellipsis("a...\n", "a...\n"));
	assert_false(ellipsis(" ...\n", "x\n"));
	assert_false(ellipsis("....\n", "x\n"));
	/* Without one, ellipsis is exact line by line. */
	assert_true(ellipsis("a\nb\n", "a\nb\n"));
	assert_false(ellipsis("a\nb\n", "a\nb\nc\n"));
	/* In the other modes "..." is text. */
	assert_false(exact("...\n", "x\n"));
	assert_false(contains("...\n", "x\n"));
	assert_true(contains("...\n", "wait...\n"));
}

static void test_ellipsis_no_blowup(void **state)
{
	struct buf e = BUF_INIT, a = BUF_INIT;

	(void)state;
	for (int i = 0; i < 50; i++)
		buf_adds(&e, "...\na\n");
	buf_adds(&e, "b\n");
	for (int i = 0; i < 20000; i++)
		buf_adds(&a, "a\n");
	assert_false(match_output(MATCH_ELLIPSIS, e.p, e.len, a.p, a.len));
	buf_adds(&a, "b\n");
	assert_true(match_output(MATCH_ELLIPSIS, e.p, e.len, a.p, a.len));
	buf_release(&e);
	buf_release(&a);
}

/*
 * A long run of lines after a "..." that fails only at its last line was
 * retried from every line of the actual text: expected lines times actual
 * lines in all, seconds for the 64 KiB inputs of the fuzz target.
 */
static void test_ellipsis_long_runs(void **state)
{
	struct buf e = BUF_INIT, a = BUF_INIT;
	enum { N = 20000 };

	(void)state;
	buf_adds(&e, "...\n");
	for (int i = 0; i < N; i++)
		buf_adds(&e, "x\n");
	buf_adds(&e, "y\n");
	for (int i = 0; i < 2 * N; i++)
		buf_adds(&a, "x\n");
	long long t0 = now_ns();
	assert_false(match_output(MATCH_ELLIPSIS, e.p, e.len, a.p, a.len));
	buf_adds(&a, "y\n");
	assert_true(match_output(MATCH_ELLIPSIS, e.p, e.len, a.p, a.len));
	/* The same run between two stars. */
	buf_adds(&e, "...\n");
	assert_true(match_output(MATCH_ELLIPSIS, e.p, e.len, a.p, a.len));
	buf_setlen(&a, a.len - 2);
	assert_false(match_output(MATCH_ELLIPSIS, e.p, e.len, a.p, a.len));
	double s = (double)(now_ns() - t0) / 1e9;
	if (s >= 2.0)
		print_error("matching took %.2f s\n", s);
	assert_true(s < 2.0);
	buf_release(&e);
	buf_release(&a);
}

static void test_contains(void **state)
{
	(void)state;
	assert_true(contains("world\n", "hello world\n"));
	assert_true(contains("hello\nworld\n", "hello\nworld\n"));
	assert_true(contains("sum\n", "x = 1\nsum = 3\n"));
	assert_false(contains("moon\n", "hello world\n"));
	/* A line is never found across a line break. */
	assert_false(contains("o w\n", "hello\nworld\n"));
	/* Blank expected lines are skipped. */
	assert_true(contains("\n  \nfoo\n\t\n", "foo\n"));
	assert_true(contains(" \n", ""));
}

static void test_contains_order(void **state)
{
	(void)state;
	assert_true(contains("first\nsecond\n", "1 first\n2 second\n"));
	assert_true(contains("first\nsecond\n", "0\nfirst\nx\nsecond\ny\n"));
	assert_false(contains("first\nsecond\n", "second\nfirst\n"));
	/* Each actual line serves one expected line. */
	assert_false(contains("ab\nab\n", "ab ab\n"));
	assert_true(contains("ab\nab\n", "ab\nxx\nab\n"));
	assert_false(contains("first\nsecond\n", "first second\n"));
}

static void test_diff_simple(void **state)
{
	(void)state;
	check_diff("a\nb\nc\n", "a\nB\nc\n", 0,
		   "--- expected\n"
		   "+++ actual\n"
		   "@@ -1,3 +1,3 @@\n"
		   " a\n"
		   "-b\n"
		   "+B\n"
		   " c\n");
	check_diff("a\nb\nc\nd\ne\nf\ng\n", "a\nb\nc\nd\ne\nf\ng\nh\n", 0,
		   "--- expected\n"
		   "+++ actual\n"
		   "@@ -5,3 +5,4 @@\n"
		   " e\n"
		   " f\n"
		   " g\n"
		   "+h\n");
	check_diff("x\ny\n", "x\ny\n\n", 0,
		   "--- expected\n"
		   "+++ actual\n"
		   "@@ -1,2 +1,3 @@\n"
		   " x\n"
		   " y\n"
		   "+\n");
}

static void test_diff_empty_side(void **state)
{
	(void)state;
	check_diff("", "x\ny\n", 0,
		   "--- expected\n"
		   "+++ actual\n"
		   "@@ -0,0 +1,2 @@\n"
		   "+x\n"
		   "+y\n");
	check_diff("a\n", "", 0,
		   "--- expected\n"
		   "+++ actual\n"
		   "@@ -1 +0,0 @@\n"
		   "-a\n");
}

static void test_diff_equal(void **state)
{
	struct buf b = BUF_INIT;

	(void)state;
	check_diff("", "", 0, "");
	check_diff("a\nb\n", "a\nb\n", 0, "");
	/* The same normalisation as match_output(). */
	check_diff("a\r\nb", "a\nb\n", 0, "");
	/* Appends, never replaces. */
	buf_adds(&b, "before\n");
	match_diff(&b, "a\n", 2, "b\n", 2, 0);
	assert_string_equal(b.p, "before\n--- expected\n+++ actual\n@@ -1 +1 @@\n-a\n+b\n");
	buf_release(&b);
}

static void test_diff_hunks(void **state)
{
	(void)state;
	/* Changes 11 lines apart: two hunks. */
	check_diff("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n",
		   "1\nTWO\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\nEIGHTEEN\n19\n20\n",
		   0,
		   "--- expected\n"
		   "+++ actual\n"
		   "@@ -1,5 +1,5 @@\n"
		   " 1\n"
		   "-2\n"
		   "+TWO\n"
		   " 3\n"
		   " 4\n"
		   " 5\n"
		   "@@ -15,6 +15,6 @@\n"
		   " 15\n"
		   " 16\n"
		   " 17\n"
		   "-18\n"
		   "+EIGHTEEN\n"
		   " 19\n"
		   " 20\n");
	/* Six unchanged lines between changes: one hunk, as diff -u. */
	check_diff("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n", "1\nX\n3\n4\n5\n6\n7\n8\nY\n10\n", 0,
		   "--- expected\n"
		   "+++ actual\n"
		   "@@ -1,10 +1,10 @@\n"
		   " 1\n"
		   "-2\n"
		   "+X\n"
		   " 3\n"
		   " 4\n"
		   " 5\n"
		   " 6\n"
		   " 7\n"
		   " 8\n"
		   "-9\n"
		   "+Y\n"
		   " 10\n");
	/* Seven: two. */
	check_diff("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n", "1\nX\n3\n4\n5\n6\n7\n8\n9\nY\n11\n", 0,
		   "--- expected\n"
		   "+++ actual\n"
		   "@@ -1,5 +1,5 @@\n"
		   " 1\n"
		   "-2\n"
		   "+X\n"
		   " 3\n"
		   " 4\n"
		   " 5\n"
		   "@@ -7,5 +7,5 @@\n"
		   " 7\n"
		   " 8\n"
		   " 9\n"
		   "-10\n"
		   "+Y\n"
		   " 11\n");
	/* A run of equal lines: the added one goes last, as diff -u puts it. */
	check_diff("x\nx\ny\n", "x\nx\nx\ny\n", 0,
		   "--- expected\n"
		   "+++ actual\n"
		   "@@ -1,3 +1,4 @@\n"
		   " x\n"
		   " x\n"
		   "+x\n"
		   " y\n");
}

static void test_diff_escapes(void **state)
{
	static const char e[] = "tab\there\nplain\n";
	static const char a[] = "tab\there\n"
				"bell\a\x1b[31mred\x7f\n"
				"caf\xc3\xa9 \xff\xc3(\n"
				"nul\0cr\rc1\xc2\x9b\n";
	struct buf b = BUF_INIT;

	(void)state;
	match_diff(&b, e, sizeof(e) - 1, a, sizeof(a) - 1, 0);
	assert_int_equal(b.len, strlen(b.p));
	assert_string_equal(b.p,
			    "--- expected\n"
			    "+++ actual\n"
			    "@@ -1,2 +1,4 @@\n"
			    " tab\there\n"
			    "-plain\n"
			    "+bell\\x07\\x1b[31mred\\x7f\n"
			    "+caf\xc3\xa9 \\xff\\xc3(\n"
			    "+nul\\x00cr\\x0dc1\\xc2\\x9b\n");
	buf_release(&b);
}

static void test_diff_cap(void **state)
{
	(void)state;
	check_diff("a\nb\nc\n", "a\nB\nc\n", 4,
		   "--- expected\n"
		   "+++ actual\n"
		   "@@ -1,3 +1,3 @@\n"
		   " a\n"
		   "... (3 more lines)\n");
	check_diff("a\nb\nc\n", "a\nB\nc\n", 7,
		   "--- expected\n"
		   "+++ actual\n"
		   "@@ -1,3 +1,3 @@\n"
		   " a\n"
		   "-b\n"
		   "+B\n"
		   " c\n");
	check_diff("a\nb\nc\n", "a\nB\nc\n", 6,
		   "--- expected\n"
		   "+++ actual\n"
		   "@@ -1,3 +1,3 @@\n"
		   " a\n"
		   "-b\n"
		   "+B\n"
		   "... (1 more lines)\n");
}

static void test_diff_large_different(void **state)
{
	struct buf e = BUF_INIT, a = BUF_INIT, d = BUF_INIT;
	static const char tail[] = "... (39953 more lines)\n";

	(void)state;
	for (int i = 0; i < 20000; i++) {
		buf_addf(&e, "line %d of the expected output\n", i);
		buf_addf(&a, "actual %d\n", i);
	}
	match_diff(&d, e.p, e.len, a.p, a.len, 50);
	/* 2 headers, 1 hunk header, 20000 "-" and 20000 "+" lines. */
	assert_int_equal(count_lines(&d), 51);
	assert_true(d.len > strlen(tail));
	assert_string_equal(d.p + d.len - strlen(tail), tail);
	assert_memory_equal(d.p, "--- expected\n+++ actual\n@@ -1,20000 +1,20000 @@\n-line 0 of",
			    strlen("--- expected\n+++ actual\n@@ -1,20000 +1,20000 @@\n-line 0 of"));
	buf_release(&e);
	buf_release(&a);
	buf_release(&d);
}

static void test_diff_large_scattered(void **state)
{
	struct buf e = BUF_INIT, a = BUF_INIT, d = BUF_INIT;
	static const char head[] = "--- expected\n+++ actual\n@@ -48,7 +48,7 @@\n"
				   " 47\n 48\n 49\n-50\n+changed 50\n 51\n 52\n 53\n"
				   "@@ -148,7 +148,7 @@\n";

	(void)state;
	for (int i = 0; i < 20000; i++) {
		buf_addf(&e, "%d\n", i);
		if (i % 100 == 50)
			buf_addf(&a, "changed %d\n", i);
		else
			buf_addf(&a, "%d\n", i);
	}
	/* 200 hunks of 9 lines each, after the 2 headers. */
	match_diff(&d, e.p, e.len, a.p, a.len, 0);
	assert_int_equal(count_lines(&d), 2 + 200 * 9);
	assert_memory_equal(d.p, head, strlen(head));

	buf_reset(&d);
	match_diff(&d, e.p, e.len, a.p, a.len, 1000);
	assert_int_equal(count_lines(&d), 1001);
	assert_memory_equal(d.p, head, strlen(head));
	assert_string_equal(d.p + d.len - strlen("... (802 more lines)\n"),
			    "... (802 more lines)\n");
	buf_release(&e);
	buf_release(&a);
	buf_release(&d);
}

static void check_pattern_diff(const char *e, const char *a, const char *want)
{
	struct buf b = BUF_INIT;

	assert_false(ellipsis(e, a));
	match_diff_mode(&b, MATCH_ELLIPSIS, e, strlen(e), a, strlen(a), 0);
	assert_string_equal(b.p, want);
	buf_release(&b);
}

/* A mismatch under match=ellipsis: the diff shows the lines that differ, never a "..." as removed. */
static void test_diff_ellipsis(void **state)
{
	(void)state;
	/* The user review's case: the last line differs, the "..." matched "middle". */
	check_pattern_diff("first\n...\nlast\n", "first\nmiddle\nlast!\n",
			   "--- expected (each '...' shown as the lines it stands for)\n+++ actual\n"
			   "@@ -1,3 +1,3 @@\n first\n middle\n-last\n+last!\n");
	/* A run between two "..." lines, where it lines up best. */
	check_pattern_diff("a\n...\nb\nc\n...\nz\n", "a\nx\nb\nC\ny\nz\n",
			   "--- expected (each '...' shown as the lines it stands for)\n+++ actual\n"
			   "@@ -1,6 +1,6 @@\n a\n x\n b\n-c\n+C\n y\n z\n");
	/* Output too short: the "..." stands for nothing, the lines missing are the ones shown. */
	check_pattern_diff("a\n...\nb\n", "a\n", "--- expected (each '...' shown as the lines it stands for)\n"
						 "+++ actual\n@@ -1,2 +1 @@\n a\n-b\n");
	/* The first line differs; a "..." standing for many lines stays out of the hunk. */
	check_pattern_diff("head\n...\nend\n", "HEAD\n1\n2\n3\n4\n5\n6\n7\nend\n",
			   "--- expected (each '...' shown as the lines it stands for)\n+++ actual\n"
			   "@@ -1,4 +1,4 @@\n-head\n+HEAD\n 1\n 2\n 3\n");
	/* A lone CR at the end of the output is a byte of it, in the diff as in the match (a fuzzing
	   find: the diff normalised the text twice, and the CR with the final LF read as a CRLF). */
	check_pattern_diff("a\nb", "a\nb\r", "--- expected (each '...' shown as the lines it stands for)\n"
					       "+++ actual\n@@ -1,2 +1,2 @@\n a\n-b\n+b\\x0d\n");
	/* Exact and contains diff as match_diff() does. */
	struct buf b = BUF_INIT;
	match_diff_mode(&b, MATCH_EXACT, "...\n", 4, "x\n", 2, 0);
	assert_string_equal(b.p, "--- expected\n+++ actual\n@@ -1 +1 @@\n-...\n+x\n");
	buf_release(&b);
}

static void check_diff_at(enum match_mode mode, const char *e, const char *a, int first_line, const char *want,
			  int want_line)
{
	struct buf b = BUF_INIT;
	int at = -1;

	match_diff_at(&b, mode, e, strlen(e), a, strlen(a), 0, first_line, &at);
	assert_string_equal(b.p, want);
	assert_int_equal(at, want_line);
	buf_release(&b);
}

/* A mismatch in file lines: the first differing line, and hunks counted as the lesson's lines. */
static void test_diff_at(void **state)
{
	(void)state;
	/* The expected text starts at line 10: its 4th line, 13, differs. */
	check_diff_at(MATCH_EXACT, "1\n2\n3\n4\n5\n", "1\n2\n3\nX\n5\n", 10,
		      "--- expected\n+++ actual\n@@ -10,5 +10,5 @@\n 1\n 2\n 3\n-4\n+X\n 5\n", 13);
	/* A line missing at the end: the line after the text (the closing fence). */
	check_diff_at(MATCH_EXACT, "a\nb\n", "a\nb\nc\n", 40, "--- expected\n+++ actual\n@@ -40,2 +40,3 @@\n a\n b\n+c\n",
		      42);
	/* match=ellipsis: the lines a "..." stands for count as the "..." line (21). */
	check_diff_at(MATCH_ELLIPSIS, "1\n...\n7\n8\n", "1\n2\n3\n4\n5\n6\n7\n80\n", 20,
		      "--- expected (each '...' shown as the lines it stands for)\n+++ actual\n"
		      "@@ -21,4 +24,4 @@\n 5\n 6\n 7\n-8\n+80\n",
		      23);
	/* The same text: no diff, no line. */
	check_diff_at(MATCH_EXACT, "a\n", "a\n", 5, "", 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mode_names),
		cmocka_unit_test(test_exact),
		cmocka_unit_test(test_trailing_newline),
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_crlf),
		cmocka_unit_test(test_nul_bytes),
		cmocka_unit_test(test_ellipsis_middle),
		cmocka_unit_test(test_ellipsis_ends),
		cmocka_unit_test(test_ellipsis_several),
		cmocka_unit_test(test_ellipsis_literal),
		cmocka_unit_test(test_ellipsis_no_blowup),
		cmocka_unit_test(test_ellipsis_long_runs),
		cmocka_unit_test(test_contains),
		cmocka_unit_test(test_contains_order),
		cmocka_unit_test(test_diff_simple),
		cmocka_unit_test(test_diff_empty_side),
		cmocka_unit_test(test_diff_equal),
		cmocka_unit_test(test_diff_hunks),
		cmocka_unit_test(test_diff_escapes),
		cmocka_unit_test(test_diff_cap),
		cmocka_unit_test(test_diff_large_different),
		cmocka_unit_test(test_diff_large_scattered),
		cmocka_unit_test(test_diff_ellipsis),
		cmocka_unit_test(test_diff_at),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
