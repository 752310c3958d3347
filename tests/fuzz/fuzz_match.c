/*
 * fuzz_match.c: the output matcher and the diff. The input is split into
 * expected and actual at its first NUL, or else in half; both are run
 * through every match mode, match_diff() and match_diff_mode(), and the
 * results must agree.
 */
#include <string.h>

#include "fuzz.h"
#include "lesson/match.h"

/* The diff promises printable text: no control byte but LF and tab, no DEL. */
static void check_printable(const struct buf *b)
{
	for (size_t i = 0; i < b->len; i++) {
		unsigned char c = (unsigned char)b->p[i];
		FUZZ_CHECK(c == '\n' || c == '\t' || (c >= 0x20 && c != 0x7f));
	}
	FUZZ_CHECK(utf8_valid(b->p, b->len));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	const char *nul = memchr(s, '\0', size);
	size_t elen = nul ? (size_t)(nul - s) : size / 2;
	const char *actual = s + elen + (nul != NULL);
	size_t alen = size - elen - (nul != NULL);

	int exact = match_output(MATCH_EXACT, s, elen, actual, alen);
	int ellipsis = match_output(MATCH_ELLIPSIS, s, elen, actual, alen);
	int contains = match_output(MATCH_CONTAINS, s, elen, actual, alen);
	FUZZ_CHECK(exact == 0 || exact == 1);
	/* A text equal to the expected one satisfies every mode. */
	if (exact)
		FUZZ_CHECK(ellipsis && contains);
	FUZZ_CHECK(match_output(MATCH_EXACT, s, elen, s, elen));
	FUZZ_CHECK(match_output(MATCH_ELLIPSIS, s, elen, s, elen));
	FUZZ_CHECK(match_output(MATCH_CONTAINS, s, elen, s, elen));

	/* A small limit, as in a diagnostic, and none: both say whether the texts differ. */
	size_t max_lines = size ? 3 + data[0] % 16 : 5;
	struct buf out = BUF_INIT;
	match_diff(&out, s, elen, actual, alen, max_lines);
	FUZZ_CHECK((out.len == 0) == (exact == 1));
	check_printable(&out);
	size_t lines = 0;
	for (size_t i = 0; i < out.len; i++)
		lines += out.p[i] == '\n';
	FUZZ_CHECK(lines <= max_lines + 1);
	buf_reset(&out);
	match_diff(&out, s, elen, actual, alen, 0);
	FUZZ_CHECK((out.len == 0) == (exact == 1));
	check_printable(&out);
	/* The pattern's diff is empty exactly when the pattern matches: its "..." lines stand for
	   actual lines, so an empty diff would mean the actual text is an instance of the pattern. */
	buf_reset(&out);
	match_diff_mode(&out, MATCH_ELLIPSIS, s, elen, actual, alen, 0);
	FUZZ_CHECK((out.len == 0) == (ellipsis == 1));
	check_printable(&out);
	buf_release(&out);
	return 0;
}
