/*
 * test_check.c: verifying evidence against a lesson, without running
 * anything: the evidence is made by hand, as a run would leave it. The
 * findings of a block wait in its own list until check_end(): blocks are
 * verified on worker threads, and the lesson's list is shared.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <signal.h>
#include <string.h>

#include <stdlib.h>
#include <string.h>

#include "check/check.h"
#include "run/cache.h"
#include "run/runner.h"
#include "base/util.h"
#include "testutil.h"

static struct lesson *parse(const char *text)
{
	return test_lesson_clean("lessons/20-check.md", text);
}

/* The evidence of a block that compiled and ran; the caller sets how the run ended. */
static void ran(struct evidence *ev)
{
	ev->compiled = 1;
	ev->compile_ok = 1;
	ev->compile_end = END_EXITED;
	ev->executed = 1;
	ev->run.end = END_EXITED;
}

/*
 * A run the sandbox stopped at a limit (memory: killed; a full work folder
 * or /tmp: it went on and exited) is resource-limit, named with the block's
 * own bound, in the block's list; the lesson's is left alone until
 * check_end().
 */
static void test_limits_in_the_block_list(void **state)
{
	(void)state;
	struct lesson_result lr;
	memset(&lr, 0, sizeof lr);
	lr.lesson = parse("```c id=hog\nint main(void) { return 0; }\n```\n\n"
			  "```c id=filler disk=8M files=200\nint main(void) { return 0; }\n```\n\n"
			  "```c id=files\nint main(void) { return 0; }\n```\n");
	check_begin(&lr);

	ran(&lr.blocks[0].ev);
	lr.blocks[0].ev.run.end = END_SIGNALED;
	lr.blocks[0].ev.run.signo = SIGKILL;
	lr.blocks[0].ev.run.limit = "memory";
	ran(&lr.blocks[1].ev);
	lr.blocks[1].ev.run.exit_code = 1;
	lr.blocks[1].ev.run.limit = "disk";
	ran(&lr.blocks[2].ev);
	lr.blocks[2].ev.run.limit = "files";
	for (size_t i = 0; i < 3; i++) {
		check_block_verify(&lr, i);
		assert_int_equal(lr.lesson->diags.n, 0);
		assert_int_equal(lr.blocks[i].status, STATUS_FAILED);
		assert_int_equal(lr.blocks[i].diags.n, 1);
		assert_string_equal(lr.blocks[i].diags.v[0].rule, "resource-limit");
	}
	assert_string_equal(lr.blocks[0].diags.v[0].message,
			    "block 'hog' passed its memory limit (2 GiB) and was killed");
	assert_string_equal(lr.blocks[1].diags.v[0].message,
			    "block 'filler' filled its work folder or /tmp (8 MiB; raise disk= if it needs more)");
	assert_string_equal(lr.blocks[2].diags.v[0].message,
			    "block 'files' made as many files as its work folder or /tmp holds (16384; raise files= "
			    "if it needs more)");
	check_end(&lr);
	assert_int_equal(lr.lesson->diags.n, 3);
	lesson_result_release(&lr);
}

/* disk= and files= are checked where they are written, and only where something is built. */
static void test_folder_attributes(void **state)
{
	(void)state;
	static const char *const bad[] = { "disk=1K", "disk=5G", "disk=lots", "files=10", "files=2000000" };
	for (size_t i = 0; i < ARRAY_LEN(bad); i++) {
		char *text = xasprintf("```c id=x %s\nint main(void) { return 0; }\n```\n", bad[i]);
		struct lesson *l = lesson_parse("lessons/20-check.md", text, strlen(text));
		assert_int_equal(l->diags.n, 1);
		assert_string_equal(l->diags.v[0].rule, "attribute");
		assert_int_equal(l->diags.v[0].col, 11);
		lesson_free(l);
		free(text);
	}
	struct lesson *l = parse("```c id=x disk=1.5G files=100000\nint main(void) { return 0; }\n```\n");
	assert_int_equal(l->blocks[0].disk, 3LL << 29);
	assert_int_equal(l->blocks[0].files, 100000);
	lesson_free(l);
	const char *frag = "```c id=x fragment disk=8M\nint f;\n```\n";
	l = lesson_parse("x.md", frag, strlen(frag));
	assert_int_equal(l->diags.n, 1);
	assert_non_null(strstr(l->diags.v[0].message, "not built"));
	lesson_free(l);
}

/* Flags that make the compiler run or load another program are refused, by name, with their line. */
static void test_refused_flags(void **state)
{
	(void)state;
	static const char *const flags[] = {
		"-wrapper /bin/sh,-c,env", "-B/tmp/x", "-B /tmp/x",	   "--specs=/tmp/s",    "-specs=x",
		"-fplugin=./p.so",	   "@args",	"--sysroot=/tmp",  "-isysroot /opt",	"-fuse-ld=/tmp/ld",
		"-Wl,-plugin,/tmp/p.so",   "-Xclang -load", "--ld-path=/tmp/ld", "-Xlinker -plugin",
		"--for-linker=-plugin --for-linker=./p.so", "--for-linker -plugin", "-Wl,@./resp", "-Xlinker @resp",
		"-Wa,@resp", "--config ./c.cfg", "--config=./c.cfg", "--driver-mode=cl",
		/* the build's own lists of what it read, which the cache's key is made of */
		"-MMD", "-MD", "-MM", "-M", "-MF x.d", "-MP", "-MT x", "-Wp,-MMD,x.d", "-Xpreprocessor -MMD",
		"-Wa,--MD,x", "-Xassembler --MD", "-Wl,--dependency-file=x", "-Xlinker --dependency-file=x",
		"--write-user-dependencies", "--write-user", "--user-dep", "--dep", "-Wl,--depe=.x",
		"-Xlinker --dependency=.x", "-Wl,-dependency-file=.x",
	};
	for (size_t i = 0; i < ARRAY_LEN(flags); i++) {
		char *why = lesson_refused_flag(flags[i]);
		if (!why)
			fail_msg("'%s' was not refused", flags[i]);
		free(why);
		char *text = xasprintf("---\ncflags: -O2 %s\n---\n```c id=x\nint main(void) { return 0; }\n```\n", flags[i]);
		struct lesson *l = lesson_parse("lessons/20-check.md", text, strlen(text));
		assert_true(l->diags.n >= 1);
		assert_string_equal(l->diags.v[0].rule, "attribute");
		assert_int_equal(l->diags.v[0].line, 2);
		assert_true(l->blocks[0].bad_attrs); /* nothing of the lesson is built */
		lesson_free(l);
		free(text);
	}
	static const char *const fine[] = { "-O2 -Wall -std=c11", "-I. -DX=1 -lm", "--sysroot=/usr", "-fuse-ld=gold",
					    "-Wl,--as-needed", "-fsanitize=address", "-Wl,-Map=x.map",
					    "-march=native" };
	for (size_t i = 0; i < ARRAY_LEN(fine); i++) {
		char *why = lesson_refused_flag(fine[i]);
		if (why)
			fail_msg("'%s' was refused: %s", fine[i], why);
	}
	const char *text = "```c id=x ldlibs=\"-Wl,--plugin=/tmp/p.so\"\nint main(void) { return 0; }\n```\n";
	struct lesson *l = lesson_parse("x.md", text, strlen(text));
	assert_int_equal(l->diags.n, 1);
	assert_non_null(strstr(l->diags.v[0].message, "ldlibs=: '-Wl,--plugin=/tmp/p.so' loads a plugin"));
	lesson_free(l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_limits_in_the_block_list),
		cmocka_unit_test(test_folder_attributes),
		cmocka_unit_test(test_refused_flags),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
