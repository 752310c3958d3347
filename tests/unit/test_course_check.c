/*
 * test_course_check.c: checking a whole course as a module: lessons in
 * course order by their numbers; two lessons with one number, an error at
 * the second naming the first; an empty lesson, a warning; a missing path
 * or a --rules folder that is none, an error before anything runs; and the
 * same verdicts, diagnostics and order with -j 1 and -j 2.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/util.h"
#include "cmd/course_check.h"

static char root[] = "/tmp/litlab-test-course.XXXXXX";

static void put(const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", root, name);
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	free(path);
}

static int setup(void **state)
{
	(void)state;
	if (!mkdtemp(root))
		return -1;
	char *lessons = xasprintf("%s/lessons", root), *cache = xasprintf("%s/cache", root);
	int rc = mkdir(lessons, 0755);
	setenv("LITLAB_CACHE_DIR", cache, 1);
	free(lessons);
	free(cache);
	return rc;
}

static int teardown(void **state)
{
	char *cmd = xasprintf("rm -rf '%s'", root);
	int rc = system(cmd);

	(void)state;
	free(cmd);
	return rc == 0 ? 0 : -1;
}

/* The first diagnostic of l with this rule id and severity. */
static const struct diag *find(const struct lesson *l, const char *rule, enum severity sev)
{
	for (size_t i = 0; i < l->diags.n; i++)
		if (strcmp(l->diags.v[i].rule, rule) == 0 && l->diags.v[i].severity == sev)
			return &l->diags.v[i];
	return NULL;
}

static void test_order_numbers_empty(void **state)
{
	(void)state;
	put("lessons/02-second.md", "# Second\n\nText.\n");
	put("lessons/01-first.md", "# First\n\nText.\n");
	put("lessons/09-also-one.md", "---\nlesson: 1\n---\n# Also one\n\nText.\n");
	put("lessons/03-empty.md", "\n\n");
	char *dir = xasprintf("%s/lessons", root);
	struct course_check cc;
	struct course_check_opts opts;
	char *err = NULL;

	memset(&cc, 0, sizeof cc);
	memset(&opts, 0, sizeof opts);
	opts.jobs = 1;
	assert_int_equal(course_check_run(&cc, &dir, 1, &opts, &err), 0);
	assert_null(err);
	assert_int_equal(cc.n, 4);
	assert_false(cc.have_runner); /* nothing to compile: no compiler asked */
	/* Course order: by file name. */
	assert_non_null(strstr(cc.results[0].lesson->path, "01-first.md"));
	assert_non_null(strstr(cc.results[1].lesson->path, "02-second.md"));
	assert_non_null(strstr(cc.results[2].lesson->path, "03-empty.md"));
	assert_non_null(strstr(cc.results[3].lesson->path, "09-also-one.md"));
	/* 09-also-one.md says it is lesson 1 in its front matter: the second lesson 1. */
	const struct diag *d = find(cc.results[3].lesson, "lesson-number", SEV_ERROR);
	assert_non_null(d);
	assert_non_null(strstr(d->message, "01-first.md"));
	assert_null(find(cc.results[0].lesson, "lesson-number", SEV_ERROR));
	assert_non_null(find(cc.results[2].lesson, "empty-lesson", SEV_WARNING));
	assert_true(course_check_gate(&cc)); /* the lesson-number error closes the gate */
	course_check_release(&cc);
	free(dir);
	char *also = xasprintf("%s/lessons/09-also-one.md", root), *empty = xasprintf("%s/lessons/03-empty.md", root);
	unlink(also);
	unlink(empty);
	free(also);
	free(empty);
}

static void test_broken_environment(void **state)
{
	struct course_check cc;
	struct course_check_opts opts;
	char *err = NULL;
	char *missing = xasprintf("%s/no-such-lessons", root);

	(void)state;
	memset(&cc, 0, sizeof cc);
	memset(&opts, 0, sizeof opts);
	assert_int_equal(course_check_run(&cc, &missing, 1, &opts, &err), -1);
	assert_non_null(err);
	assert_non_null(strstr(err, "no-such-lessons"));
	free(err);
	course_check_release(&cc);

	/* A --rules folder that is a file. */
	char *file = xasprintf("%s/lessons/01-first.md", root), *dir = xasprintf("%s/lessons", root);
	memset(&cc, 0, sizeof cc);
	memset(&opts, 0, sizeof opts);
	assert_int_equal(course_check_opt(&opts, 'r', file), 1);
	err = NULL;
	assert_int_equal(course_check_run(&cc, &dir, 1, &opts, &err), -1);
	assert_non_null(err);
	assert_non_null(strstr(err, "01-first.md"));
	free(err);
	course_check_release(&cc);
	course_check_opts_release(&opts);
	free(missing);
	free(file);
	free(dir);
}

/* Every lesson's statuses and diagnostics, as one text. */
static char *verdicts(const struct course_check *cc)
{
	struct buf b = BUF_INIT;

	for (size_t i = 0; i < cc->n; i++) {
		const struct lesson_result *lr = &cc->results[i];
		buf_addf(&b, "%s\n", lr->lesson->path);
		for (size_t k = 0; k < lr->lesson->nblocks; k++)
			buf_addf(&b, "  block %zu: %s\n", k, block_status_name(lr->blocks[k].status));
		for (size_t k = 0; k < lr->lesson->diags.n; k++)
			buf_addf(&b, "  %d:%d %s %s\n", lr->lesson->diags.v[k].line, lr->lesson->diags.v[k].col,
				 lr->lesson->diags.v[k].rule, lr->lesson->diags.v[k].message);
	}
	return buf_detach(&b, NULL);
}

static char *check_with_jobs(long jobs)
{
	struct course_check cc;
	struct course_check_opts opts;
	char *err = NULL;
	char *dir = xasprintf("%s/lessons", root);

	memset(&cc, 0, sizeof cc);
	memset(&opts, 0, sizeof opts);
	opts.jobs = jobs;
	opts.fresh = 1;
	assert_int_equal(course_check_run(&cc, &dir, 1, &opts, &err), 0);
	assert_true(cc.have_runner);
	char *v = verdicts(&cc);
	course_check_release(&cc);
	free(dir);
	return v;
}

static void test_jobs_do_not_change_verdicts(void **state)
{
	(void)state;
	put("lessons/04-runs.md", "# Runs\n\n"
				  "```c id=hello\n#include <stdio.h>\nint main(void) { puts(\"hello\"); return 0; }\n```\n\n"
				  "```output\nhello\n```\n\n"
				  "```c id=wrong\n#include <stdio.h>\nint main(void) { puts(\"two\"); return 0; }\n```\n\n"
				  "```output\none\n```\n\n"
				  "```c id=broken\nint main(void) { return x; }\n```\n");
	put("lessons/05-more.md", "# More\n\n"
				  "```c id=exits\nint main(void) { return 4; }\n```\n\n"
				  "```c id=fine\nint main(void) { return 0; }\n```\n");
	char *one = check_with_jobs(1), *two = check_with_jobs(2);
	assert_string_equal(one, two);
	assert_non_null(strstr(one, "block 0: passed"));
	assert_non_null(strstr(one, "output-mismatch"));
	assert_non_null(strstr(one, "exit-status"));
	free(one);
	free(two);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_order_numbers_empty),
		cmocka_unit_test(test_broken_environment),
		cmocka_unit_test(test_jobs_do_not_change_verdicts),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
