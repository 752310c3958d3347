/*
 * test_runner.c: translation units with #line, and runner_block() on small
 * lessons: compiling, running, arguments, stdin, compiler messages that
 * point into the lesson, compile-only, measure, limits, a compiler stopped by
 * its limits told from one that found errors, and the temporary folder that
 * must be gone afterwards.
 *
 * Runs from the repository root; needs `cc` in PATH. TMPDIR is pointed at a
 * fresh folder for the whole group, which must be empty at the end.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/buf.h"
#include "lesson/lesson.h"
#include "run/runner.h"
#include "base/util.h"
#include "testutil.h"

#define PATH "lessons/15-runner.md"

static char tmp_root[] = "/tmp/litlab-runner-test-XXXXXX";
static struct runner runner;

static size_t entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0;

	if (!d)
		return (size_t)-1;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			n++;
	closedir(d);
	return n;
}

static int group_setup(void **state)
{
	char *err = NULL;

	(void)state;
	if (!mkdtemp(tmp_root))
		return -1;
	setenv("TMPDIR", tmp_root, 1);
	setenv("CC", "cc", 1);
	if (runner_init(&runner, &err) < 0) {
		fprintf(stderr, "runner_init: %s\n", err);
		free(err);
		return -1;
	}
	return 0;
}

static int group_teardown(void **state)
{
	(void)state;
	runner_release(&runner);
	size_t n = entries(tmp_root);
	if (n != 0) {
		fprintf(stderr, "test_runner: %zu entries left in %s\n", n, tmp_root);
		return -1;
	}
	rmdir(tmp_root);
	return 0;
}

/* Every test leaves the temporary root empty. */
static int check_empty(void **state)
{
	(void)state;
	size_t n = entries(tmp_root);
	if (n != 0) {
		fprintf(stderr, "%zu entries left in %s\n", n, tmp_root);
		return -1;
	}
	return 0;
}

static struct lesson *parse(const char *text)
{
	return test_lesson_clean(PATH, text);
}

/* Runs block id of l into ev (initialised here). */
static void run_block(struct lesson *l, const char *id, struct evidence *ev)
{
	struct block *b = lesson_block(l, id);

	assert_non_null(b);
	evidence_init(ev);
	runner_block(&runner, l, b, ev);
	assert_int_equal(entries(tmp_root), 0);
}

static void show_log(const struct evidence *ev)
{
	if (ev->compile_log.len)
		print_error("compiler said:\n%s\n", ev->compile_log.p);
	if (ev->setup_error)
		print_error("setup error: %s\n", ev->setup_error);
}

static void test_translation_unit(void **state)
{
	(void)state;
	struct lesson *l = parse("# TU\n"					/* 1 */
				 "\n"						/* 2 */
				 "```c id=a fragment\n"			/* 3 */
				 "int a(void) { return 1; }\n"		/* 4 */
				 "```\n"					/* 5 */
				 "\n"						/* 6 */
				 "- ```c id=b fragment use=a\n"		/* 7 */
				 "  int b(void) { return a() + 1; }\n"	/* 8 */
				 "  ```\n"					/* 9 */
				 "\n"						/* 10 */
				 "```c id=main use=b,a\n"			/* 11 */
				 "int main(void)\n"				/* 12 */
				 "{ return b(); }\n"				/* 13 */
				 "```\n"					/* 14 */
				 "```c id=empty\n"				/* 15 */
				 "```\n");					/* 16 */
	struct buf tu = BUF_INIT;
	runner_translation_unit(l, lesson_block(l, "main"), &tu);
	assert_string_equal(tu.p, "#line 4 \"" PATH "\"\n"
				  "int a(void) { return 1; }\n"
				  "#line 8 \"" PATH "\"\n"
				  "int b(void) { return a() + 1; }\n"
				  "#line 12 \"" PATH "\"\n"
				  "int main(void)\n"
				  "{ return b(); }\n");
	buf_reset(&tu);
	runner_translation_unit(l, lesson_block(l, "a"), &tu);
	assert_string_equal(tu.p, "#line 4 \"" PATH "\"\nint a(void) { return 1; }\n");
	buf_reset(&tu);
	runner_translation_unit(l, lesson_block(l, "empty"), &tu);
	assert_string_equal(tu.p, "#line 16 \"" PATH "\"\n");
	buf_release(&tu);
	lesson_free(l);

	/* A path with a quote and a backslash is escaped as a C string. */
	static const char odd[] = "```c\nint x;\n```\n";
	l = lesson_parse("we\"ird\\15.md", odd, sizeof odd - 1);
	runner_translation_unit(l, &l->blocks[0], &tu);
	assert_string_equal(tu.p, "#line 2 \"we\\\"ird\\\\15.md\"\nint x;\n");
	buf_release(&tu);
	lesson_free(l);

	/* CRLF lessons give LF code. */
	l = parse("```c\r\nint y;\r\nint z;\r\n```\r\n");
	runner_translation_unit(l, &l->blocks[0], &tu);
	assert_string_equal(tu.p, "#line 2 \"" PATH "\"\nint y;\nint z;\n");
	buf_release(&tu);
	lesson_free(l);
}

static void test_run(void **state)
{
	struct evidence ev;

	(void)state;
	struct lesson *l = parse("---\ncflags: -O0 -DGREETING='\"hello\"'\n---\n"
				 "```c id=hello cflags=-DTIMES=2\n"
				 "#include <stdio.h>\n"
				 "#include <stdlib.h>\n"
				 "#include <string.h>\n"
				 "#include <unistd.h>\n"
				 "int main(void)\n"
				 "{\n"
				 "	char cwd[4096];\n"
				 "	for (int i = 0; i < TIMES; i++)\n"
				 "		puts(GREETING);\n"
				 "	fputs(\"to stderr\\n\", stderr);\n"
				 "	if (!getcwd(cwd, sizeof cwd) || strncmp(cwd, getenv(\"HOME\"), strlen(cwd)) != 0)\n"
				 "		return 9;\n"
				 "	printf(\"%s|%s\\n\", getenv(\"TZ\"), getenv(\"TMPDIR\") == NULL ? \"none\" : \"set\");\n"
				 "	return 0;\n"
				 "}\n"
				 "```\n");
	run_block(l, "hello", &ev);
	show_log(&ev);
	assert_true(ev.compiled);
	assert_true(ev.compile_ok);
	assert_int_equal(ev.compile_end, END_EXITED);
	assert_string_equal(ev.cflags, "-O0 -DGREETING=\"hello\" -DTIMES=2");
	assert_null(ev.setup_error);
	assert_true(ev.executed);
	assert_int_equal(ev.run.end, END_EXITED);
	assert_int_equal(ev.run.exit_code, 0);
	assert_string_equal(ev.run.out.p, "hello\nhello\nUTC|set\n");
	assert_string_equal(ev.run.err.p, "to stderr\n");
	assert_true(ev.run.wall_ns > 0);
	assert_int_equal(ev.nsamples, 0);
	evidence_release(&ev);
	lesson_free(l);
}

static void test_exit_args_stdin(void **state)
{
	struct evidence ev;

	(void)state;
	struct lesson *l = parse("```c id=args args=\"one 'two words' \\\"three\\\" fo\\\\ur\" exit=3\n"
				 "#include <stdio.h>\n"
				 "int main(int argc, char **argv)\n"
				 "{\n"
				 "	for (int i = 1; i < argc; i++)\n"
				 "		printf(\"[%s]\", argv[i]);\n"
				 "	puts(\"\");\n"
				 "	return argc;\n"
				 "}\n"
				 "```\n"
				 "```c id=sum\n"
				 "#include <stdio.h>\n"
				 "int main(void)\n"
				 "{\n"
				 "	int a, b;\n"
				 "	if (scanf(\"%d %d\", &a, &b) != 2)\n"
				 "		return 1;\n"
				 "	printf(\"%d\\n\", a + b);\n"
				 "	return 0;\n"
				 "}\n"
				 "```\n"
				 "```stdin\n"
				 "3 4\n"
				 "```\n"
				 "```output\n"
				 "7\n"
				 "```\n"
				 "```c id=nostdin\n"
				 "#include <stdio.h>\n"
				 "int main(void) { return getchar() == EOF ? 5 : 6; }\n"
				 "```\n");
	run_block(l, "args", &ev);
	show_log(&ev);
	assert_int_equal(ev.run.end, END_EXITED);
	assert_int_equal(ev.run.exit_code, 5);
	assert_string_equal(ev.run.out.p, "[one][two words][three][four]\n");
	evidence_release(&ev);

	run_block(l, "sum", &ev);
	assert_int_equal(ev.run.exit_code, 0);
	assert_string_equal(ev.run.out.p, "7\n");
	evidence_release(&ev);

	/* Without a stdin block, stdin is empty (not the terminal). */
	run_block(l, "nostdin", &ev);
	assert_int_equal(ev.run.exit_code, 5);
	evidence_release(&ev);
	lesson_free(l);
}

static void test_compile_failure(void **state)
{
	struct evidence ev;

	(void)state;
	struct lesson *l = parse("# Errors\n"				/* 1 */
				 "\n"					/* 2 */
				 "```c id=broken\n"			/* 3 */
				 "int main(void)\n"			/* 4 */
				 "{\n"					/* 5 */
				 "	return undeclared;\n"		/* 6 */
				 "}\n"					/* 7 */
				 "```\n"				/* 8 */
				 "\n"					/* 9 */
				 "```c id=frag fragment\n"		/* 10 */
				 "int helper(void) { return nope; }\n"	/* 11 */
				 "```\n"				/* 12 */
				 "\n"					/* 13 */
				 "```c id=user use=frag\n"		/* 14 */
				 "int main(void) { return helper(); }\n" /* 15 */
				 "```\n"				/* 16 */
				 "```c id=nolink\n"			/* 17 */
				 "int missing(void);\n"			/* 18 */
				 "int main(void) { return missing(); }\n" /* 19 */
				 "```\n"				/* 20 */
				 "```c id=cf compile-fail\n"		/* 21 */
				 "int main(void) { return 0 }\n"	/* 22 */
				 "```\n");				/* 23 */
	run_block(l, "broken", &ev);
	assert_true(ev.compiled);
	assert_false(ev.compile_ok);
	assert_false(ev.executed);
	assert_non_null(strstr(ev.compile_log.p, PATH ":6:"));
	assert_non_null(strstr(ev.compile_log.p, "undeclared"));
	evidence_release(&ev);

	run_block(l, "user", &ev);
	assert_false(ev.compile_ok);
	assert_false(ev.executed);
	assert_non_null(strstr(ev.compile_log.p, PATH ":11:"));
	evidence_release(&ev);

	run_block(l, "nolink", &ev);
	assert_false(ev.compile_ok);
	assert_false(ev.executed);
	assert_non_null(strstr(ev.compile_log.p, "missing"));
	evidence_release(&ev);

	run_block(l, "cf", &ev);
	assert_true(ev.compiled);
	assert_false(ev.compile_ok);
	assert_false(ev.executed);
	assert_non_null(strstr(ev.compile_log.p, PATH ":22:"));
	evidence_release(&ev);
	lesson_free(l);
}

static void test_modes_that_do_not_run(void **state)
{
	struct evidence ev;

	(void)state;
	struct lesson *l = parse("```c id=co compile-only\n"
				 "int f(void) { return 0; }\n"
				 "```\n"
				 "```c id=noexec compile-only\n"
				 "#include <stdlib.h>\n"
				 "int main(void) { abort(); }\n"
				 "```\n"
				 "```c id=frag fragment\n"
				 "int g(void);\n"
				 "```\n"
				 "```c id=der derived reason=\"needs a GPU\"\n"
				 "int main(void) { return 0; }\n"
				 "```\n"
				 "```python id=py\n"
				 "print(1)\n"
				 "```\n");
	/* compile-only: compiled without main, never executed. */
	run_block(l, "co", &ev);
	show_log(&ev);
	assert_true(ev.compiled);
	assert_true(ev.compile_ok);
	assert_false(ev.executed);
	assert_int_equal(ev.run.out.len, 0);
	evidence_release(&ev);
	run_block(l, "noexec", &ev);
	assert_true(ev.compile_ok);
	assert_false(ev.executed);
	evidence_release(&ev);
	/* Nothing at all happens to fragment, derived and display blocks. */
	static const char *const none[] = { "frag", "der", "py" };
	for (size_t i = 0; i < ARRAY_LEN(none); i++) {
		run_block(l, none[i], &ev);
		assert_false(ev.compiled);
		assert_false(ev.executed);
		assert_null(ev.setup_error);
		evidence_release(&ev);
	}
	lesson_free(l);

	/* A block with a bad attribute is reported, not run. */
	static const char bad[] = "```c id=bad flavour=x\nint main(void) { return 0; }\n```\n";
	l = lesson_parse(PATH, bad, sizeof bad - 1);
	run_block(l, "bad", &ev);
	assert_false(ev.compiled);
	evidence_release(&ev);
	lesson_free(l);
}

static void test_flags_and_libs(void **state)
{
	struct evidence ev;

	(void)state;
	struct lesson *l = parse("```c id=m ldlibs=-lm cflags=\"-std=c11 -Wall\"\n"
				 "#include <math.h>\n"
				 "#include <stdio.h>\n"
				 "#include <stdlib.h>\n"
				 "int main(int argc, char **argv)\n"
				 "{\n"
				 "	(void)argv;\n"
				 "	printf(\"%.0f\\n\", sqrt(40.0 + argc + 8));\n"
				 "	return 0;\n"
				 "}\n"
				 "```\n"
				 "```c id=q cflags=\"-DX='unclosed\"\n"
				 "int main(void) { return 0; }\n"
				 "```\n"
				 "```c id=a args=\"'unclosed\"\n"
				 "int main(void) { return 0; }\n"
				 "```\n"
				 "```c id=-o\n"
				 "int main(void) { return 0; }\n"
				 "```\n");
	run_block(l, "m", &ev);
	show_log(&ev);
	assert_true(ev.compile_ok);
	assert_string_equal(ev.cflags, "-std=c11 -Wall");
	assert_string_equal(ev.run.out.p, "7\n");
	/* What the linker read is in the key too: the maths library. */
	int libm = 0;
	for (size_t i = 0; i < ev.ndeps; i++)
		libm |= strstr(ev.deps[i], "/libm") != NULL;
	assert_true(libm);
	evidence_release(&ev);

	/* Flags that cannot be split: a setup error, nothing compiled. */
	run_block(l, "q", &ev);
	assert_non_null(ev.setup_error);
	assert_non_null(strstr(ev.setup_error, "cflags="));
	assert_false(ev.compile_ok);
	assert_false(ev.executed);
	evidence_release(&ev);

	run_block(l, "a", &ev);
	assert_true(ev.compile_ok);
	assert_true(ev.executed);
	assert_int_equal(ev.run.end, END_LAUNCH_FAILED);
	assert_non_null(ev.run.error);
	assert_non_null(strstr(ev.run.error, "args="));
	evidence_release(&ev);

	/* An id that looks like an option still names a file, not a flag. */
	run_block(l, "-o", &ev);
	show_log(&ev);
	assert_true(ev.compile_ok);
	assert_int_equal(ev.run.end, END_EXITED);
	assert_int_equal(ev.run.exit_code, 0);
	evidence_release(&ev);
	lesson_free(l);
}

static void test_limits(void **state)
{
	struct evidence ev;

	(void)state;
	struct lesson *l = parse("```c id=slow timeout=0.5\n"
				 "#include <unistd.h>\n"
				 "int main(void) { for (;;) pause(); }\n"
				 "```\n"
				 "```c id=crash\n"
				 "#include <signal.h>\n"
				 "int main(void) { raise(SIGSEGV); return 0; }\n"
				 "```\n"
				 "```c id=big\n"
				 "#include <stdio.h>\n"
				 "int main(void) { FILE *f = fopen(\"big\", \"w\"); for (long i = 0; i < (100L << 20); i++) "
				 "fputc(0, f); return 0; }\n"
				 "```\n");
	long long t0 = now_ns();
	run_block(l, "slow", &ev);
	assert_true((now_ns() - t0) / 1000000 < 5000);
	assert_true(ev.executed);
	assert_int_equal(ev.run.end, END_TIMEOUT);
	evidence_release(&ev);

	run_block(l, "crash", &ev);
	assert_int_equal(ev.run.end, END_SIGNALED);
	assert_int_equal(ev.run.signo, SIGSEGV);
	evidence_release(&ev);

	/* 100 MiB into a file: past the 64 MiB file-size limit; the file goes with the folder. */
	run_block(l, "big", &ev);
	assert_int_equal(ev.run.end, END_SIGNALED);
	assert_int_equal(ev.run.signo, SIGXFSZ);
	evidence_release(&ev);
	lesson_free(l);
}

/* runner_compile_limit() on a failed build: its rule, or NULL; the text must hold want. */
static void expect_limit(enum launch_end end, int signo, const char *limit, const char *log, const char *rule,
			 const char *want)
{
	char *what = NULL;
	const char *got = runner_compile_limit(end, signo, limit, log, strlen(log), &what);

	if (!rule) {
		if (got)
			print_error("'%s' read as %s: %s\n", log, got, what);
		assert_null(got);
		assert_null(what);
		return;
	}
	assert_non_null(got);
	assert_string_equal(got, rule);
	if (!strstr(what, want))
		print_error("'%s' not in '%s'\n", want, what);
	assert_non_null(strstr(what, want));
	free(what);
}

/*
 * A compiler stopped by our limits: its driver's signal, the sandbox's limit,
 * or, under RLIMIT_AS where it exits 1, its own words. Words about the code
 * (#error, quoted lines) are not the compiler's about itself.
 */
static void test_compile_limit(void **state)
{
	(void)state;
	/* gcc under RLIMIT_AS (tiers C and D): #include "/dev/zero", a macro blow-up */
	expect_limit(END_EXITED, 0, NULL,
		     "\ncc1: out of memory allocating 4294967312 bytes after a total of 561152 bytes\n",
		     "resource-limit", "memory limit (4 GiB): cc1: out of memory allocating 4294967312 bytes");
	expect_limit(END_EXITED, 0, NULL, "virtual memory exhausted: Cannot allocate memory\n", "resource-limit",
		     "memory limit (4 GiB): virtual memory exhausted");
	expect_limit(END_EXITED, 0, NULL, "LLVM ERROR: out of memory\nAllocation failed\n", "resource-limit",
		     "memory limit");
	/* a part killed under an rlimit, as the driver reports it */
	expect_limit(END_EXITED, 0, NULL,
		     "cc: fatal error: Killed signal terminated program cc1\ncompilation terminated.\n",
		     "resource-limit", "SIGKILL");
	expect_limit(END_EXITED, 0, NULL, "cc: fatal error: CPU time limit exceeded signal terminated program cc1\n",
		     "timeout", "CPU time limit (60 s)");
	expect_limit(END_EXITED, 0, NULL,
		     "collect2: fatal error: ld terminated with signal 25 [File size limit exceeded]\n",
		     "resource-limit", "file-size limit (256 MiB)");
	expect_limit(END_EXITED, 0, NULL, "clang: error: unable to execute command: Killed\n", "resource-limit",
		     "SIGKILL");
	expect_limit(END_EXITED, 0, NULL, "cc: fatal error: cannot execute 'cc1': posix_spawn: Cannot allocate memory\n",
		     "resource-limit", "memory limit");
	/* the driver itself stopped */
	expect_limit(END_SIGNALED, SIGKILL, "memory", "", "resource-limit", "memory limit (4 GiB; SIGKILL)");
	/* tier A's cgroup killed cc1 and the driver said so: the sandbox's word first */
	expect_limit(END_EXITED, 0, "memory", "cc: fatal error: Killed signal terminated program cc1\n", "resource-limit",
		     "memory limit (4 GiB): cc: fatal error: Killed signal");
	expect_limit(END_EXITED, 0, "processes", "cc: fatal error: cannot execute 'cc1': Resource temporarily unavailable\n",
		     "resource-limit", "process limit");
	expect_limit(END_SIGNALED, SIGXCPU, NULL, "", "timeout", "CPU time limit");
	expect_limit(END_SIGNALED, SIGXFSZ, NULL, "", "resource-limit", "file-size limit");
	expect_limit(END_TIMEOUT, SIGKILL, NULL, "", "timeout", "took longer than 60 s");
	expect_limit(END_OUTPUT_LIMIT, SIGKILL, NULL, "", "resource-limit", "output limit");
	/* no limit of ours: a crash, a launch that failed, errors in the code */
	expect_limit(END_SIGNALED, SIGSEGV, NULL, "", NULL, NULL);
	expect_limit(END_LAUNCH_FAILED, 0, NULL, "", NULL, NULL);
	expect_limit(END_EXITED, 0, NULL,
		     PATH ":3:2: error: #error out of memory\n    3 | #error out of memory\n      |  ^~~~~\n", NULL, NULL);
	expect_limit(END_EXITED, 0, NULL,
		     PATH ": In function 'main':\n" PATH ":4:5: error: 'Killed' undeclared (first use in this function)\n"
			  "    4 |     Killed signal terminated program;\n"
			  "  Killed signal terminated program cc1\n",
		     NULL, NULL);
	expect_limit(END_EXITED, 0, NULL, PATH ":5:1: error: expected ';' before '}' token\n", NULL, NULL);
	/* clang quotes the line as it is: a label is no program's name */
	expect_limit(END_EXITED, 0, NULL,
		     PATH ":6:5: error: use of undeclared identifier 'stdrr'\n"
			  "oom: fputs(\"out of memory\", stdrr);\n"
			  "oom: perror(\"cannot execute the fallback: Cannot allocate memory\");\n"
			  "     ^\n",
		     NULL, NULL);
	expect_limit(END_EXITED, 0, NULL, PATH ":3:2: error: #error ld terminated with signal 9 [Killed]\n", NULL,
		     NULL);
}

static void test_leftovers_removed(void **state)
{
	struct evidence ev;

	(void)state;
	/* The program leaves files, a read-only folder with a file in it, and an unreadable one. */
	struct lesson *l = parse("```c id=mess\n"
				 "#include <stdio.h>\n"
				 "#include <sys/stat.h>\n"
				 "int main(void)\n"
				 "{\n"
				 "	FILE *f = fopen(\"left.txt\", \"w\");\n"
				 "	fputs(\"x\", f);\n"
				 "	fclose(f);\n"
				 "	mkdir(\"ro\", 0700);\n"
				 "	mkdir(\"ro/deeper\", 0700);\n"
				 "	f = fopen(\"ro/deeper/file\", \"w\");\n"
				 "	fclose(f);\n"
				 "	chmod(\"ro/deeper\", 0500);\n"
				 "	chmod(\"ro\", 0500);\n"
				 "	mkdir(\"hidden\", 0700);\n"
				 "	f = fopen(\"hidden/file\", \"w\");\n"
				 "	fclose(f);\n"
				 "	chmod(\"hidden\", 0);\n"
				 "	puts(\"done\");\n"
				 "	return 0;\n"
				 "}\n"
				 "```\n");
	evidence_init(&ev);
	runner_block(&runner, l, &l->blocks[0], &ev);
	show_log(&ev);
	assert_string_equal(ev.run.out.p, "done\n");
	size_t n = entries(tmp_root);
	if (n != 0) {
		print_error("the block's temporary folder was not removed (%zu entries left)\n", n);
		/* Clean up so that the other tests can still run. */
		char *cmd = xasprintf("chmod -R u+rwx '%s'/* && rm -rf '%s'/*", tmp_root, tmp_root);
		if (system(cmd) != 0)
			print_error("cannot clean %s\n", tmp_root);
		free(cmd);
	}
	assert_int_equal(n, 0);
	evidence_release(&ev);
	lesson_free(l);
}

static void test_measure(void **state)
{
	struct evidence ev;

	(void)state;
	struct lesson *l = parse("```c id=steady measure samples=4 warmup=2\n"
				 "#define _GNU_SOURCE\n"
				 "#include <stdio.h>\n"
				 "#include <stdlib.h>\n"
				 "#include <time.h>\n"
				 "#include <unistd.h>\n"
				 "static long long now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t);\n"
				 "	return t.tv_sec * 1000000000LL + t.tv_nsec; }\n"
				 "int main(void)\n"
				 "{\n"
				 "	const char *fd = getenv(\"LITLAB_REGION_FD\");\n"
				 "	if (fd) {\n"
				 "		dprintf(atoi(fd), \"B %ld %lld work\\n\", (long)getpid(), now());\n"
				 "		dprintf(atoi(fd), \"E %ld %lld work\\n\", (long)getpid(), now());\n"
				 "	}\n"
				 "	puts(fd ? \"channel\" : \"none\");\n"
				 "	return 0;\n"
				 "}\n"
				 "```\n"
				 "```c id=forged measure samples=2 warmup=0\n"
				 "#include <stdio.h>\n"
				 "#include <stdlib.h>\n"
				 "#include <unistd.h>\n"
				 "int main(void)\n"
				 "{\n"
				 "	/* Records of its own making: a region of an hour, in a run of a millisecond. */\n"
				 "	int fd = atoi(getenv(\"LITLAB_REGION_FD\"));\n"
				 "	dprintf(fd, \"B %ld 100 sort\\nE %ld 3600000000100 sort\\n\", (long)getpid(), (long)getpid());\n"
				 "	return 0;\n"
				 "}\n"
				 "```\n"
				 "```c id=nowarm measure samples=2 warmup=0\n"
				 "int main(void) { return 0; }\n"
				 "```\n"
				 "```c id=varies measure samples=3 warmup=0\n"
				 "#include <stdio.h>\n"
				 "#include <unistd.h>\n"
				 "int main(void) { printf(\"%ld\\n\", (long)getpid()); return 0; }\n"
				 "```\n"
				 "```c id=fresh measure samples=3 warmup=1\n"
				 "#include <stdio.h>\n"
				 "#include <unistd.h>\n"
				 "int main(void)\n"
				 "{\n"
				 "	/* A run that found what an earlier one left would time a shortcut. */\n"
				 "	if (access(\"mark\", F_OK) == 0 || access(\"/tmp/litlab-test-fresh-mark\", F_OK) == 0) return 7;\n"
				 "	fclose(fopen(\"mark\", \"w\"));\n"
				 "	FILE *t = fopen(\"/tmp/litlab-test-fresh-mark\", \"w\");\n"
				 "	if (t) fclose(t);\n"
				 "	return 0;\n"
				 "}\n"
				 "```\n"
				 "```c id=plain\n"
				 "#include <stdio.h>\n"
				 "#include <stdlib.h>\n"
				 "int main(void) { puts(getenv(\"LITLAB_REGION_FD\") ? \"channel\" : \"none\"); return 0; }\n"
				 "```\n");
	run_block(l, "steady", &ev);
	show_log(&ev);
	assert_true(ev.executed);
	assert_int_equal(ev.run.end, END_EXITED);
	assert_string_equal(ev.run.out.p, "channel\n");
	assert_int_equal(ev.warmup, 2);
	assert_int_equal(ev.nsamples, 4);
	assert_int_equal(ev.samples_differ, 0);
	for (size_t i = 0; i < ev.nsamples; i++) {
		const struct sample *s = &ev.samples[i];
		assert_true(s->wall_ns > 0);
		assert_true(s->user_ns >= 0 && s->sys_ns >= 0);
		assert_true(s->max_rss_kb > 0);
		if (s->regions.error)
			print_error("sample %zu: %s\n", i, s->regions.error);
		assert_null(s->regions.error);
		assert_int_equal(s->regions.n, 1);
		assert_string_equal(s->regions.times[0].name, "work");
		assert_true(s->regions.times[0].ns >= 0 && s->regions.times[0].ns <= s->wall_ns);
	}
	evidence_release(&ev);

	/* Region records a program forged are refused: every mark lies within its run. */
	run_block(l, "forged", &ev);
	assert_int_equal(ev.nsamples, 2);
	for (size_t i = 0; i < ev.nsamples; i++) {
		assert_non_null(ev.samples[i].regions.error);
		assert_non_null(strstr(ev.samples[i].regions.error, "region 'sort' was marked outside the run"));
		assert_int_equal(ev.samples[i].regions.n, 0);
	}
	evidence_release(&ev);

	run_block(l, "nowarm", &ev);
	assert_int_equal(ev.warmup, 0);
	assert_int_equal(ev.nsamples, 2);
	evidence_release(&ev);

	run_block(l, "varies", &ev);
	assert_int_equal(ev.nsamples, 3);
	assert_int_equal(ev.samples_differ, 2);
	evidence_release(&ev);

	/* Each run starts from a folder and a /tmp of its own: nothing an earlier one left. */
	run_block(l, "fresh", &ev);
	assert_int_equal(ev.run.end, END_EXITED);
	assert_int_equal(ev.run.exit_code, 0);
	assert_int_equal(ev.nsamples, 3);
	evidence_release(&ev);

	/* Run blocks get no side channel. */
	run_block(l, "plain", &ev);
	assert_string_equal(ev.run.out.p, "none\n");
	evidence_release(&ev);
	lesson_free(l);
}

/*
 * The compiler runs with an environment of its own, never litlab's: a
 * secret in litlab's (a token a CI job holds) cannot reach lesson code
 * through a compiler that prints it, nor a JSON report.
 */
static void test_compiler_environment(void **state)
{
	struct evidence ev;
	struct runner r;
	char *err = NULL;
	char *cc = xasprintf("%s/env-cc", tmp_root);

	(void)state;
	assert_int_equal(write_file(cc, "#!/bin/sh\nenv | sort >&2\nexec cc \"$@\"\n", 38), 0);
	chmod(cc, 0755);
	setenv("CC", cc, 1);
	setenv("LITLAB_TEST_SECRET", "hunter2-not-for-lessons", 1);
	setenv("CCACHE_DIR", "/root/.ccache", 1);
	assert_int_equal(runner_init(&r, &err), 0);
	struct lesson *l = parse("```c id=e\nint main(void) { return 0; }\n```\n");
	evidence_init(&ev);
	runner_block(&r, l, &l->blocks[0], &ev);
	show_log(&ev);
	assert_true(ev.compile_ok);
	assert_null(strstr(ev.compile_log.p, "hunter2"));
	assert_null(strstr(ev.compile_log.p, "CCACHE_DIR"));
	assert_non_null(strstr(ev.compile_log.p, "LC_ALL=C\n"));
	assert_non_null(strstr(ev.compile_log.p, "PATH=/usr/local/bin:/usr/bin:/bin\n"));
	evidence_release(&ev);
	lesson_free(l);
	runner_release(&r);
	unsetenv("LITLAB_TEST_SECRET");
	unsetenv("CCACHE_DIR");
	setenv("CC", "cc", 1);
	unlink(cc);
	free(cc);
}

/*
 * #include "/dev/stdin" (or any path the compiler reads that is no file of
 * the host's it was shown) is never read by litlab for the cache key: once
 * it blocked on its own stdin.
 */
static void test_unshown_includes(void **state)
{
	struct evidence ev;

	(void)state;
	struct lesson *l = parse("```c id=s\n#include \"/dev/stdin\"\n#include \"/proc/self/status\"\n"
				 "int main(void) { return 0; }\n```\n");
	run_block(l, "s", &ev);
	for (size_t i = 0; i < ev.ndeps; i++) {
		assert_null(strstr(ev.deps[i], "/dev/"));
		assert_null(strstr(ev.deps[i], "/proc/"));
	}
	evidence_release(&ev);
	lesson_free(l);
}

/*
 * What litlab reads back from a build folder (the dependency lists) is read
 * without following a link and bounded: once a .deps planted as a link to
 * /dev/zero made litlab read until it ran out of memory.
 */
static void test_planted_dependency_list(void **state)
{
	struct runner_build bd;
	struct evidence ev;
	char *err = NULL;
	const char *src = "int main(void) { return 0; }\n";

	(void)state;
	assert_int_equal(runner_build_open(&bd, NULL, &err), 0);
	assert_int_equal(symlinkat("/dev/zero", bd.dir.fd, ".deps"), 0);
	assert_int_equal(symlinkat("/dev/zero", bd.dir.fd, ".ldeps"), 0);
	assert_int_equal(runner_build_put(&bd, "x.c", src, strlen(src), &err), 0);
	evidence_init(&ev);
	assert_int_equal(runner_build_compile(&runner, &bd, NULL, "x.c", 1, NULL, &ev), 0);
	assert_int_equal(ev.ndeps, 0);
	evidence_release(&ev);
	runner_build_release(&bd);
}

static void test_runner_init(void **state)
{
	struct runner r;
	char *err = NULL;
	char *saved = xstrdup(getenv("CC") ? getenv("CC") : "cc");

	(void)state;
	setenv("CC", "/nonexistent/cc", 1);
	assert_int_equal(runner_init(&r, &err), -1);
	assert_non_null(err);
	assert_non_null(strstr(err, "'/nonexistent/cc'"));
	free(err);
	err = NULL;
	runner_release(&r);

	setenv("CC", "litlab-no-such-compiler -O2", 1);
	assert_int_equal(runner_init(&r, &err), -1);
	assert_non_null(strstr(err, "'litlab-no-such-compiler'"));
	free(err);
	err = NULL;
	runner_release(&r);

	setenv("CC", "cc 'unclosed", 1);
	assert_int_equal(runner_init(&r, &err), -1);
	assert_non_null(strstr(err, "CC="));
	free(err);
	err = NULL;
	runner_release(&r);

	setenv("CC", "   ", 1);
	assert_int_equal(runner_init(&r, &err), -1);
	free(err);
	err = NULL;
	runner_release(&r);

	/* A compiler with words of its own; an empty CC is the default. */
	setenv("CC", "cc -std=c11", 1);
	assert_int_equal(runner_init(&r, &err), 0);
	assert_int_equal(r.cc_argv.n, 2);
	assert_string_equal(r.cc_argv.v[1], "-std=c11");
	assert_null(r.isolation); /* not probed yet: the cache may know it */
	assert_string_equal(runner_isolation(&r), sandbox_isolation());
	runner_env(&r);
	assert_string_equal(r.isolation, sandbox_isolation());
	runner_release(&r);
	setenv("CC", "", 1);
	assert_int_equal(runner_init(&r, &err), 0);
	assert_string_equal(r.cc, "cc");
	runner_release(&r);

	/* An empty PATH entry is not the current folder (a course's "cc" would run outside the sandbox). */
	char *path = xstrdup(getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin");
	char dir[] = "/tmp/litlab-cc-XXXXXX";
	char cwd[4096];
	assert_non_null(mkdtemp(dir));
	assert_non_null(getcwd(cwd, sizeof cwd));
	char *fake = xasprintf("%s/mycc", dir);
	FILE *f = fopen(fake, "w");
	fputs("#!/bin/sh\nexec cc \"$@\"\n", f);
	fclose(f);
	chmod(fake, 0755);
	assert_int_equal(chdir(dir), 0);
	setenv("PATH", "/usr/bin::.", 1);
	setenv("CC", "mycc", 1);
	int rc = runner_init(&r, &err);
	free(err);
	err = NULL;
	runner_release(&r);
	/* Named with a slash, it is the compiler. */
	setenv("CC", "./mycc", 1);
	int named = runner_init(&r, &err);
	if (named < 0)
		print_error("%s\n", err);
	free(err);
	runner_release(&r);
	assert_int_equal(chdir(cwd), 0);
	setenv("PATH", path, 1);
	unlink(fake);
	rmdir(dir);
	free(fake);
	free(path);
	setenv("CC", saved, 1);
	free(saved);
	assert_int_equal(rc, -1);
	assert_int_equal(named, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_translation_unit, check_empty),
		cmocka_unit_test_teardown(test_run, check_empty),
		cmocka_unit_test_teardown(test_exit_args_stdin, check_empty),
		cmocka_unit_test_teardown(test_compile_failure, check_empty),
		cmocka_unit_test_teardown(test_modes_that_do_not_run, check_empty),
		cmocka_unit_test_teardown(test_flags_and_libs, check_empty),
		cmocka_unit_test_teardown(test_limits, check_empty),
		cmocka_unit_test(test_compile_limit),
		cmocka_unit_test_teardown(test_leftovers_removed, check_empty),
		cmocka_unit_test_teardown(test_measure, check_empty),
		cmocka_unit_test_teardown(test_runner_init, check_empty),
		cmocka_unit_test_teardown(test_compiler_environment, check_empty),
		cmocka_unit_test_teardown(test_unshown_includes, check_empty),
		cmocka_unit_test_teardown(test_planted_dependency_list, check_empty),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
