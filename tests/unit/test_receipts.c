/* test_receipts.c: the timing rule of verify with fixed numbers; what a block's code hash covers. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cmd/receipts.h"

/* Recorded q1 90, median 100, q3 110 (IQR 20): the window is [90 - 30, 110 + 30] = [60, 140]. */
static void test_timing_iqr(void **state)
{
	struct receipts_timing t;

	(void)state;
	receipts_compare_timing(90, 100, 110, 100, &t);
	assert_true(t.consistent);
	assert_int_equal(t.lo, 60);
	assert_int_equal(t.hi, 140);
	receipts_compare_timing(90, 100, 110, 140, &t);
	assert_true(t.consistent);
	receipts_compare_timing(90, 100, 110, 141, &t);
	assert_false(t.consistent);
	assert_true(t.shift > 0.40 && t.shift < 0.42);
	receipts_compare_timing(90, 100, 110, 59, &t);
	assert_false(t.consistent);
	assert_true(t.shift < -0.40 && t.shift > -0.42);
}

/* A tight distribution (IQR 2 around 1000) still gets 10% of the median on each side. */
static void test_timing_floor(void **state)
{
	struct receipts_timing t;

	(void)state;
	receipts_compare_timing(999, 1000, 1001, 1000, &t);
	assert_int_equal(t.lo, 900);
	assert_int_equal(t.hi, 1100);
	receipts_compare_timing(999, 1000, 1001, 1099, &t);
	assert_true(t.consistent);
	receipts_compare_timing(999, 1000, 1001, 1250, &t);
	assert_false(t.consistent);
	assert_true(t.shift > 0.249 && t.shift < 0.251);
	/* the window never goes below zero */
	receipts_compare_timing(0, 10, 100, 0, &t);
	assert_int_equal(t.lo, 0);
	assert_true(t.consistent);
}

static const char lesson_a[] = "# L\n"
			       "\n"
			       "```text file=data.txt\n"
			       "1 2\n"
			       "```\n"
			       "\n"
			       "```c id=helper fragment\n"
			       "static int two(void) { return 2; }\n"
			       "```\n"
			       "\n"
			       "```c id=main use=helper\n"
			       "int main(void) { return two() - 2; }\n"
			       "```\n";

static void hashes(const char *text, char out[][KEY_HEX + 1])
{
	struct lesson *l = lesson_parse("lessons/01-l.md", text, strlen(text));

	assert_non_null(l);
	assert_int_equal(l->nblocks, 3);
	for (size_t i = 0; i < 3; i++)
		receipts_code_hash(l, &l->blocks[i], out[i]);
	lesson_free(l);
}

static void replace(char *s, const char *from, const char *to)
{
	char *at = strstr(s, from);

	assert_non_null(at);
	assert_int_equal(strlen(from), strlen(to));
	memcpy(at, to, strlen(to));
}

/* A block's code hash covers what it uses (use=) and the lesson files its folder holds. */
static void test_code_hash(void **state)
{
	char a[3][KEY_HEX + 1], b[3][KEY_HEX + 1];
	char *text = xstrdup(lesson_a);

	(void)state;
	hashes(text, a);
	hashes(text, b);
	for (size_t i = 0; i < 3; i++)
		assert_string_equal(a[i], b[i]);
	replace(text, "1 2\n", "1 3\n"); /* the data file */
	hashes(text, b);
	assert_string_not_equal(a[0], b[0]);
	assert_string_not_equal(a[2], b[2]); /* main's folder holds it */
	free(text);
	text = xstrdup(lesson_a);
	replace(text, "return 2;", "return 3;"); /* the fragment main uses */
	hashes(text, b);
	assert_string_equal(a[0], b[0]);
	assert_string_not_equal(a[1], b[1]);
	assert_string_not_equal(a[2], b[2]);
	free(text);
}

/*
 * receipts_text(): exactly json_dumps() of the whole document, whether each
 * lesson's part was written with its page (receipts_page()) or not, and
 * when a page's hash changed after (then the part is written again).
 */
static char *plain_dump(json_t *doc)
{
	char *t = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER), *out = xasprintf("%s\n", t);

	free(t);
	return out;
}

static void test_text(void **state)
{
	static const char *const texts[] = { "# Zero\n\nA name that is not UTF-8.\n", lesson_a,
					     "# Two \"quoted\" \\ \u00e9\n\nProse.\n",
					     "# Three\n\n```c\nint main(void) { return 0; }\n```\n" };
	const size_t n = sizeof texts / sizeof *texts;
	struct lesson_result v[4];
	/* The first is left out of the document (a path jansson cannot hold): the others' parts still fit. */
	static const char *const paths[] = { "lessons/00-\xff.md", "lessons/01-l.md", "lessons/02-two.md",
					     "lessons/03-three.md" };

	(void)state;
	memset(v, 0, sizeof v);
	for (size_t i = 0; i < n; i++) {
		v[i].lesson = lesson_parse(paths[i], texts[i], strlen(texts[i]));
		v[i].blocks = xcalloc(v[i].lesson->nblocks + 1, sizeof *v[i].blocks);
	}
	for (int mode = 0; mode < 4; mode++) {
		struct receipts r;
		char hex[KEY_HEX + 1];
		receipts_begin(&r, n);
		for (size_t i = 0; i < n; i++) {
			key_sha256("page", 4, hex); /* the same hash for every page: only the lesson tells the parts apart */
			if (mode == 1 || (mode == 2 && i != 2) || mode == 3)
				receipts_page(&r, v, i, hex);
		}
		receipts_end(&r, v, NULL);
		for (size_t i = 0; i < n; i++) {
			char *page = render_page_name(paths[i]);
			key_sha256("page", 4, hex);
			if (mode == 3 && i == 3)
				hex[0] = hex[0] == 'a' ? 'b' : 'a'; /* the page changed after its part was written */
			receipts_add_hash(&r, page, hex);
			free(page);
		}
		receipts_add_hash(&r, "index.html", hex);
		char *want = plain_dump(r.doc), *got = receipts_text(&r);
		assert_string_equal(got, want);
		free(want);
		free(got);
		got = receipts_text(&r); /* the document is left as it was */
		want = plain_dump(r.doc);
		assert_string_equal(got, want);
		free(want);
		free(got);
		receipts_release(&r);
	}
	for (size_t i = 0; i < n; i++) {
		free(v[i].blocks);
		lesson_free(v[i].lesson);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_timing_iqr),
		cmocka_unit_test(test_timing_floor),
		cmocka_unit_test(test_code_hash),
		cmocka_unit_test(test_text),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
