/*
 * test_prose.c: prose units and their position maps (prose_collect): text
 * without markup, code spans as U+FFFC, positions as written, and every
 * position inside the lesson's text whatever the bytes.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "buf.h"
#include "lesson.h"
#include "prose.h"

#define PATH "lessons/15-pointers.md"

/* Every byte of every unit maps into lesson->text. */
static void expect_positions_inside(const struct lesson *l, const struct prose *p)
{
	for (size_t i = 0; i < p->n; i++)
		for (size_t off = 0; off < p->v[i].len; off++)
			assert_in_range(p->v[i].pos[off], 0, l->text_len - 1);
}

static void test_markup_and_positions(void **state)
{
	const char *src = "# Title\n\nSome **12**\nms and `x = 1` here.\n";
	struct lesson *l = lesson_parse(PATH, src, strlen(src));
	struct prose p;
	int line, col;

	(void)state;
	prose_collect(&p, l);
	assert_int_equal(p.n, 2);
	assert_int_equal(p.v[0].kind, UNIT_HEADING);
	assert_int_equal(p.v[0].level, 1);
	assert_string_equal(p.v[0].text, "Title");
	assert_int_equal(p.v[1].kind, UNIT_PARAGRAPH);
	assert_string_equal(p.v[1].text, "Some 12\nms and \xEF\xBF\xBC here.");
	assert_int_equal(p.v[1].nspans, 1);
	assert_string_equal(p.v[1].spans[0].text, "x = 1");
	/* "12" keeps its place inside the emphasis; "ms" is on the next line. */
	prose_position(l, &p.v[1], 5, &line, &col);
	assert_int_equal(line, 3);
	assert_int_equal(col, 8);
	prose_position(l, &p.v[1], 8, &line, &col);
	assert_int_equal(line, 4);
	assert_int_equal(col, 1);
	expect_positions_inside(l, &p);
	prose_release(&p);
	lesson_free(l);
}

/*
 * A line break at the very end of the text: its search for the end of the
 * line ran off the end, and the break was mapped one past the text (found
 * by fuzzing: cmark turned the NUL and the lone byte into U+FFFD, whose
 * first byte the mapper found on the next line).
 */
static void test_break_at_end_of_text(void **state)
{
	static const char src[] = { '\0', '\n', '\xef' };
	struct lesson *l = lesson_parse(PATH, src, sizeof src);
	struct prose p;

	(void)state;
	prose_collect(&p, l);
	assert_int_equal(p.n, 1);
	expect_positions_inside(l, &p);
	prose_release(&p);
	lesson_free(l);
}

/*
 * Many units, and a unit with many code spans: each array grew by one
 * element at a time, which AddressSanitizer's realloc() copies every time
 * (seconds for a 64 KiB lesson).
 */
static void test_many_units(void **state)
{
	struct buf b = BUF_INIT;
	struct prose p;
	enum { N = 20000 };

	(void)state;
	for (int i = 0; i < N; i++)
		buf_adds(&b, "a\n\n");
	for (int i = 0; i < N; i++)
		buf_adds(&b, "`c` ");
	long long t0 = now_ns();
	struct lesson *l = lesson_parse(PATH, b.p, b.len);
	prose_collect(&p, l);
	double s = (double)(now_ns() - t0) / 1e9;
	if (s >= 2.0)
		print_error("collecting %d units took %.2f s\n", N, s);
	assert_true(s < 2.0);
	assert_int_equal(p.n, N + 1);
	assert_int_equal(p.v[N].nspans, N);
	prose_release(&p);
	lesson_free(l);
	buf_release(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_markup_and_positions),
		cmocka_unit_test(test_break_at_end_of_text),
		cmocka_unit_test(test_many_units),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
