/*
 * testutil.h: what several unit tests share. Include it after <cmocka.h>
 * and the engine's headers.
 */
#ifndef LITLAB_TESTUTIL_H
#define LITLAB_TESTUTIL_H

#include <string.h>

#include "lesson/lesson.h"

/* Parses text as the lesson at path; the test fails if nothing comes back. */
static inline struct lesson *test_lesson(const char *path, const char *text)
{
	struct lesson *l = lesson_parse(path, text, strlen(text));

	assert_non_null(l);
	return l;
}

/* The same, and the test fails (each one printed) if the lesson has a diagnostic. */
static inline struct lesson *test_lesson_clean(const char *path, const char *text)
{
	struct lesson *l = test_lesson(path, text);

	for (size_t i = 0; i < l->diags.n; i++)
		print_error("unexpected: %d:%d: %s [%s]\n", l->diags.v[i].line, l->diags.v[i].col,
			    l->diags.v[i].message, l->diags.v[i].rule);
	assert_int_equal(l->diags.n, 0);
	return l;
}

#endif
