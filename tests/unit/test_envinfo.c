/* test_envinfo.c: the environment metadata of a run. Needs `cc` in PATH. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "run/envinfo.h"
#include "base/util.h"

/* Never NULL, never empty, valid UTF-8, no control characters, no blanks at the ends. */
static void assert_field(const char *s)
{
	assert_non_null(s);
	size_t len = strlen(s);
	assert_true(len > 0);
	assert_true(utf8_valid(s, len));
	for (size_t i = 0; i < len; i++)
		assert_false((unsigned char)s[i] < 0x20 || s[i] == 0x7f);
	assert_true(s[0] != ' ' && s[len - 1] != ' ');
}

static void assert_iso_date(const char *s)
{
	/* YYYY-MM-DDTHH:MM:SSZ */
	static const char pattern[] = "dddd-dd-ddTdd:dd:ddZ";

	assert_int_equal(strlen(s), strlen(pattern));
	for (size_t i = 0; pattern[i]; i++) {
		if (pattern[i] == 'd')
			assert_true(isdigit((unsigned char)s[i]));
		else
			assert_int_equal(s[i], pattern[i]);
	}
	int mon = atoi(s + 5), day = atoi(s + 8), hour = atoi(s + 11);
	assert_true(mon >= 1 && mon <= 12);
	assert_true(day >= 1 && day <= 31);
	assert_true(hour >= 0 && hour <= 23);
	assert_true(atoi(s) >= 2024);
}

static void assert_common(const struct envinfo *env)
{
	assert_field(env->compiler);
	assert_field(env->compiler_version);
	assert_field(env->cpu_model);
	assert_field(env->os);
	assert_field(env->kernel);
	assert_field(env->machine);
	assert_field(env->date_utc);
	assert_iso_date(env->date_utc);
	assert_true(env->logical_cores >= 1);
	assert_true(env->loadavg1 >= 0);
	assert_string_not_equal(env->machine, "unknown");
	assert_string_not_equal(env->kernel, "unknown");
	assert_string_not_equal(env->cpu_model, "unknown");
	assert_string_not_equal(env->os, "unknown");
}

static void test_cc(void **state)
{
	struct envinfo env;

	(void)state;
	envinfo_capture(&env, "cc");
	print_message("compiler %s | %s\ncpu %s, %d cores\nos %s | %s | %s\n%s load %.2f\n",
		      env.compiler, env.compiler_version, env.cpu_model, env.logical_cores,
		      env.os, env.kernel, env.machine, env.date_utc, env.loadavg1);
	assert_common(&env);
	assert_true(env.compiler[0] == '/');
	assert_non_null(strstr(env.compiler, "/cc"));
	assert_string_not_equal(env.compiler_version, "unknown");
	/* the kernel line starts with the system name */
	assert_true(strchr(env.kernel, ' ') != NULL);
	envinfo_release(&env);
	assert_null(env.compiler);
	assert_null(env.date_utc);
}

static void test_default_and_words(void **state)
{
	struct envinfo a, b, c;

	(void)state;
	envinfo_capture(&a, NULL);
	envinfo_capture(&b, "  \t ");
	/* the first word is the program, the rest its arguments */
	envinfo_capture(&c, " cc  -O2\t");
	assert_string_equal(a.compiler, b.compiler);
	assert_string_equal(a.compiler, c.compiler);
	assert_string_equal(a.compiler_version, b.compiler_version);
	assert_string_equal(a.compiler_version, c.compiler_version);
	assert_string_not_equal(a.compiler_version, "unknown");
	envinfo_release(&b);
	envinfo_release(&c);

	/* quoted as a shell would, without expansions */
	envinfo_capture(&b, "'cc' \"-O2 -g\"");
	assert_string_equal(a.compiler, b.compiler);
	assert_string_equal(a.compiler_version, b.compiler_version);
	envinfo_release(&b);
	envinfo_capture(&b, "'cc -O2");
	assert_string_equal(b.compiler, "unknown");
	assert_string_equal(b.compiler_version, "unknown");
	envinfo_release(&b);
	envinfo_release(&a);
}

static void test_absolute_path(void **state)
{
	struct envinfo a, b;

	(void)state;
	envinfo_capture(&a, "cc");
	envinfo_capture(&b, a.compiler);
	assert_string_equal(a.compiler, b.compiler);
	assert_string_equal(a.compiler_version, b.compiler_version);
	envinfo_release(&a);
	envinfo_release(&b);
}

static void test_missing_compiler(void **state)
{
	struct envinfo env;
	long long t0 = now_ns();

	(void)state;
	envinfo_capture(&env, "litlab-no-such-compiler-x9 --foo");
	assert_string_equal(env.compiler, "unknown");
	assert_string_equal(env.compiler_version, "unknown");
	assert_common(&env);
	envinfo_release(&env);

	envinfo_capture(&env, "/nonexistent/dir/cc");
	assert_string_equal(env.compiler, "unknown");
	assert_string_equal(env.compiler_version, "unknown");
	envinfo_release(&env);

	/* a directory is not a compiler */
	envinfo_capture(&env, "/tmp");
	assert_string_equal(env.compiler, "unknown");
	envinfo_release(&env);
	assert_true(now_ns() - t0 < 5000000000LL);
}

/* A program that exists but fails --version, or answers on stderr only. */
static void test_odd_compilers(void **state)
{
	struct envinfo env;
	long long t0 = now_ns();

	(void)state;
	envinfo_capture(&env, "false");
	assert_non_null(strstr(env.compiler, "false"));
	assert_string_equal(env.compiler_version, "unknown");
	envinfo_release(&env);

	/* output on stderr counts; blank lines are skipped */
	char dir[] = "/tmp/litlab-test-envinfo-XXXXXX";
	assert_non_null(mkdtemp(dir));
	char *script = xasprintf("%s/fakecc", dir);
	FILE *f = fopen(script, "w");
	assert_non_null(f);
	fputs("#!/bin/sh\necho >&2\necho '  fake  cc\t1.0 ' >&2\necho second\n", f);
	assert_int_equal(fclose(f), 0);
	assert_int_equal(chmod(script, 0755), 0);
	envinfo_capture(&env, script);
	assert_string_equal(env.compiler, script);
	assert_string_equal(env.compiler_version, "fake cc 1.0");
	envinfo_release(&env);
	unlink(script);
	rmdir(dir);
	free(script);
	assert_true(now_ns() - t0 < 5000000000LL);
}

/*
 * A compiler that never answers is killed at the timeout, with what it
 * started; skipped unless LITLAB_SLOW_TESTS=1 (it takes ENVINFO_TIMEOUT_MS).
 */
static void test_hanging_compiler(void **state)
{
	const char *slow = getenv("LITLAB_SLOW_TESTS");

	(void)state;
	if (!slow || strcmp(slow, "1") != 0)
		skip();

	char dir[] = "/tmp/litlab-test-envinfo-XXXXXX";
	assert_non_null(mkdtemp(dir));
	char *script = xasprintf("%s/hangcc", dir);
	FILE *f = fopen(script, "w");
	assert_non_null(f);
	/* a grandchild holds the pipe open too */
	fputs("#!/bin/sh\necho started\nsleep 1000 &\nexec sleep 1000\n", f);
	assert_int_equal(fclose(f), 0);
	assert_int_equal(chmod(script, 0755), 0);

	struct envinfo env;
	long long t0 = now_ns();
	envinfo_capture(&env, script);
	long long took = now_ns() - t0;
	assert_string_equal(env.compiler_version, "unknown");
	assert_true(took >= (long long)ENVINFO_TIMEOUT_MS * 1000000 - 100000000);
	assert_true(took < (long long)ENVINFO_TIMEOUT_MS * 1000000 + 2000000000LL);
	envinfo_release(&env);
	unlink(script);
	rmdir(dir);
	free(script);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cc),
		cmocka_unit_test(test_default_and_words),
		cmocka_unit_test(test_absolute_path),
		cmocka_unit_test(test_missing_compiler),
		cmocka_unit_test(test_odd_compilers),
		cmocka_unit_test(test_hanging_compiler),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
