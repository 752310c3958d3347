/*
 * test_buf.c: the string buffer's text made safe for a terminal: control
 * characters, C1 controls, bidi controls and invalid UTF-8 escaped; text,
 * newlines, tabs and valid UTF-8 kept as they are.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/util.h"

static char *printable(const char *s, size_t len)
{
	struct buf b = BUF_INIT;

	buf_add_printable(&b, s, len);
	return buf_detach(&b, NULL);
}

static void expect(const char *in, size_t len, const char *want)
{
	char *got = printable(in, len);

	assert_string_equal(got, want);
	free(got);
}
/* A literal with its length (NULs included). */
#define EXPECT(lit, want) expect(lit, sizeof(lit) - 1, want)

static void test_controls(void **state)
{
	(void)state;
	/* The security review's forged verdict: cursor up, erase line, carriage return, conceal. */
	EXPECT("\033[1A\033[2K\rlitlab: 0 errors\n\033[8m",
	       "\\x1b[1A\\x1b[2K\\x0dlitlab: 0 errors\n\\x1b[8m");
	EXPECT("a\tb\nc", "a\tb\nc");
	EXPECT("bell\a nul\0 del\x7f bs\b", "bell\\x07 nul\\x00 del\\x7f bs\\x08");
	EXPECT("", "");
	EXPECT("back\\slash", "back\\slash");
}

/* A name or a message that must stay on its line: newline and tab escaped too. */
static void test_one_line(void **state)
{
	struct buf b = BUF_INIT;

	(void)state;
	buf_adds_printable_line(&b, "les\nsons/a\tb\033.md");
	assert_string_equal(b.p, "les\\x0asons/a\\x09b\\x1b.md");
	buf_release(&b);
}

static void test_unicode(void **state)
{
	(void)state;
	/* Valid UTF-8 stays; C1 controls (U+009B is CSI) and invalid bytes are escaped. */
	EXPECT("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
	EXPECT("\xc2\x9b" "2J", "\\xc2\\x9b2J");
	EXPECT("\xc2\xa0", "\xc2\xa0"); /* no-break space: printable */
	EXPECT("\x9b" "2J", "\\x9b2J");
	EXPECT("\xff\xfe", "\\xff\\xfe");
	EXPECT("\xe2\x82", "\\xe2\\x82"); /* cut short */
	EXPECT("\xed\xa0\x80", "\\xed\\xa0\\x80"); /* a surrogate */
	EXPECT("\xc0\xaf", "\\xc0\\xaf"); /* overlong */
	/* Bidi controls that reorder what a line shows. */
	EXPECT("a\xe2\x80\xae" "b\xe2\x81\xa6", "a\\u202eb\\u2066");
	EXPECT("\xe2\x80\xa9", "\xe2\x80\xa9");
}

/*
 * utf8_first_invalid() skips ASCII eight bytes at a time: whatever the
 * alignment of a bad byte or of a character after an ASCII run, the answer
 * is the byte-by-byte one. And buf_addf() formats into the room there is,
 * growing only when it was too small.
 */
static void test_utf8_runs(void **state)
{
	char s[64];

	(void)state;
	for (size_t run = 0; run < 40; run++) {
		memset(s, 'a', sizeof s);
		s[run] = (char)0xff; /* never UTF-8 */
		assert_int_equal(utf8_first_invalid(s, sizeof s), run);
		memset(s, 'a', sizeof s);
		memcpy(s + run, "\xc3\xa9", 2); /* é: valid */
		assert_int_equal(utf8_first_invalid(s, sizeof s), sizeof s);
		assert_int_equal(utf8_first_invalid(s, run + 1), run); /* cut inside it */
	}

	struct buf b = BUF_INIT;
	for (int i = 0; i < 200; i++)
		buf_addf(&b, "%d:%s;", i, i % 7 ? "x" : "a longer piece of text than the room left over");
	struct buf want = BUF_INIT;
	for (int i = 0; i < 200; i++) {
		char one[80];
		snprintf(one, sizeof one, "%d:%s;", i, i % 7 ? "x" : "a longer piece of text than the room left over");
		buf_adds(&want, one);
	}
	assert_int_equal(b.len, want.len);
	assert_string_equal(b.p, want.p);
	buf_release(&b);
	buf_release(&want);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_controls),
		cmocka_unit_test(test_one_line),
		cmocka_unit_test(test_unicode),
		cmocka_unit_test(test_utf8_runs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
