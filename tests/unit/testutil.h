/*
 * testutil.h: what several unit tests share. Include it after <cmocka.h>
 * and the engine's headers.
 */
#ifndef LITLAB_TESTUTIL_H
#define LITLAB_TESTUTIL_H

#include <string.h>
#include <sys/resource.h>

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

/*
 * The CPU time this process has used, in nanoseconds: what a test that
 * guards against a quadratic pass bounds. Never the wall clock: a busy
 * machine (make -j, other jobs) stretches wall time by any factor, and a
 * test must not fail for it; CPU time grows only with the work done.
 */
static inline long long test_cpu_ns(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) < 0)
		return 0;
	return ((long long)ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000000LL +
	       ((long long)ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1000LL;
}

#endif
