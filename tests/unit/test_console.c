/*
 * test_console.c: console blocks and lesson files without running
 * anything: parsing a session, checking a transcript made by hand against
 * it (as console_run() leaves it in the evidence), promote's text, lesson
 * file paths, versions and the linker's messages.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "run/console.h"
#include "lesson/lessonfiles.h"
#include "base/util.h"

static void test_parse(void **state)
{
	(void)state;
	const char *text = "\n$ ls\na.txt\n$ for i in 1 2; do\n>   echo $i\n> done\n1\n...\n$ false\n[1]\n$ echo [3]\n[3]\n"
			   "x\n";
	struct console_session s;
	char *err = NULL;
	int line = 0;

	assert_int_equal(console_parse(text, strlen(text), 10, &s, &err, &line), 0);
	assert_int_equal(s.n, 4);
	assert_int_equal(s.v[0].line, 11);
	assert_string_equal(s.v[0].text, "ls");
	assert_string_equal(s.v[0].out, "a.txt\n");
	assert_string_equal(s.v[1].text, "for i in 1 2; do\n  echo $i\ndone");
	assert_int_equal(s.v[1].nlines, 3);
	assert_int_equal(s.v[1].out_line, 16);
	assert_string_equal(s.v[1].out, "1\n...\n");
	assert_string_equal(s.v[2].out, "");
	assert_int_equal(s.v[2].status, 1);
	assert_int_equal(s.v[2].status_line, 19);
	/* "[3]" that is not the last line of a command's output is output. */
	assert_string_equal(s.v[3].out, "[3]\nx\n");
	assert_int_equal(s.v[3].status, 0);
	console_session_release(&s);

	static const char *const bad[] = { "ls\n$ ls\n", "$ \n", "", "\n\n" };
	for (size_t i = 0; i < ARRAY_LEN(bad); i++) {
		err = NULL;
		assert_int_equal(console_parse(bad[i], strlen(bad[i]), 1, &s, &err, &line), -1);
		assert_non_null(err);
		free(err);
	}
}

static struct lesson *parse(const char *text)
{
	return lesson_parse("lessons/16-x.md", text, strlen(text));
}

/* A transcript made by hand, as console_run() leaves it. */
static void ran(struct evidence *ev, const char *transcript)
{
	evidence_init(ev);
	ev->executed = 1;
	ev->run.end = END_EXITED;
	buf_adds(&ev->run.out, transcript);
}

static void test_verify(void **state)
{
	(void)state;
	struct lesson *l = parse("# s\n\n```console\n$ echo a\na\n$ seq 3\n1\n...\n$ false\n[1]\n```\n");
	struct block *b = &l->blocks[0];
	struct evidence ev;
	struct diags d;

	assert_int_equal(l->diags.n, 0);
	assert_int_equal(b->mode, MODE_SESSION);
	diags_init(&d);
	ran(&ev, "$ echo a\na\n$ seq 3\n1\n2\n3\n$ false\n[1]\n");
	assert_int_equal(console_verify(&d, l, b, &ev), 0);
	assert_int_equal(d.n, 0);
	evidence_release(&ev);

	/* Another output: at the first line that differs, with a diff. */
	ran(&ev, "$ echo a\nb\n$ seq 3\n1\n$ false\n[1]\n");
	assert_int_equal(console_verify(&d, l, b, &ev), -1);
	assert_int_equal(d.n, 1);
	assert_int_equal(d.v[0].line, 5);
	assert_string_equal(d.v[0].rule, "output-mismatch");
	assert_non_null(strstr(d.v[0].detail, "+b"));
	diags_release(&d);
	diags_init(&d);
	evidence_release(&ev);

	/* A status the block does not show. */
	ran(&ev, "$ echo a\na\n$ seq 3\n1\n[2]\n$ false\n[1]\n");
	assert_int_equal(console_verify(&d, l, b, &ev), -1);
	assert_int_equal(d.n, 1);
	assert_non_null(strstr(d.v[0].message, "exited with status 2"));
	diags_release(&d);
	diags_init(&d);
	evidence_release(&ev);

	/* A missing final newline is not significant; an empty output is. */
	ran(&ev, "$ echo a\na\n$ seq 3\n1\n$ false\n\n[1]\n");
	assert_int_equal(console_verify(&d, l, b, &ev), -1);
	assert_int_equal(d.n, 1);
	assert_int_equal(d.v[0].line, 10);
	diags_release(&d);
	diags_init(&d);
	evidence_release(&ev);

	/* A boundary out of place (a command printed the marker). */
	ran(&ev, "$ echo a\na\n");
	buf_adds(&ev.run.err, "litlab: the session printed a boundary marker out of place after command 1\n");
	assert_int_equal(console_verify(&d, l, b, &ev), -1);
	assert_int_equal(d.n, 1);
	diags_release(&d);
	evidence_release(&ev);
	lesson_free(l);
}

static void test_promoted(void **state)
{
	(void)state;
	struct lesson *l = parse("```console\n$ echo a\nb\n$ seq 3\n1\n...\n$ true\n```\n");
	struct evidence ev;
	size_t len;

	ran(&ev, "$ echo a\na\n$ seq 3\n1\n2\n3\n$ true\n[1]\n");
	char *text = console_promoted(&l->blocks[0], &ev, &len);
	/* The command whose output matched keeps its "...". */
	assert_string_equal(text, "$ echo a\na\n$ seq 3\n1\n...\n$ true\n[1]\n");
	assert_int_equal(len, strlen(text));
	free(text);
	evidence_release(&ev);
	/* A session that stopped early is not promoted. */
	ran(&ev, "$ echo a\na\n");
	assert_null(console_promoted(&l->blocks[0], &ev, &len));
	evidence_release(&ev);
	lesson_free(l);
}

static void test_paths(void **state)
{
	(void)state;
	static const char *const good[] = { "a.c", "src/list.c", "data-1.txt", "Makefile", "x+y_z.h" };
	static const char *const bad[] = { "",	     "/etc/passwd", "../x", "a/../b", "a//b", "./a",
					   ".git/x", "a/",	    "a b",  "a\\b", "x.o",	  "litlab.h",
					   "prog" };

	for (size_t i = 0; i < ARRAY_LEN(good); i++) {
		char *why = lessonfiles_path_error(good[i]);
		if (why)
			fail_msg("'%s' was refused: %s", good[i], why);
	}
	for (size_t i = 0; i < ARRAY_LEN(bad); i++) {
		char *why = lessonfiles_path_error(bad[i]);
		if (!why)
			fail_msg("'%s' was accepted", bad[i]);
		free(why);
	}
}

static void test_versions(void **state)
{
	(void)state;
	struct lesson *l = parse("```c file=m.h\n#define M 1\n```\n\n```c id=a\n#include \"m.h\"\nint main(void) { return M - 1; }\n```\n\n"
				 "```c file=m.h\n#define M 2\n```\n\n```console\n$ cat m.h\n#define M 2\n```\n");
	int prev;

	assert_int_equal(l->diags.n, 0);
	assert_int_equal(l->blocks[0].mode, MODE_FRAGMENT);
	assert_int_equal(lessonfiles_version(l, &l->blocks[0], &prev), 1);
	assert_int_equal(lessonfiles_version(l, &l->blocks[2], &prev), 2);
	assert_int_equal(prev, 1);
	/* Each block sees the version declared before it. */
	size_t n;
	struct lesson_file *f = lessonfiles_seen(l, &l->blocks[1], &n);
	assert_int_equal(n, 1);
	assert_string_equal(f[0].data, "#define M 1\n");
	free(f);
	f = lessonfiles_seen(l, &l->blocks[3], &n);
	assert_int_equal(n, 1);
	assert_string_equal(f[0].data, "#define M 2\n");
	free(f);
	/* The key covers what a block sees: the two versions key apart. */
	struct buf k1 = BUF_INIT, k2 = BUF_INIT;
	lessonfiles_key(l, &l->blocks[1], &k1);
	lessonfiles_key(l, &l->blocks[3], &k2);
	assert_true(k1.len != k2.len || memcmp(k1.p, k2.p, k1.len) != 0);
	buf_release(&k1);
	buf_release(&k2);
	lesson_free(l);
}

static void test_link_diags(void **state)
{
	(void)state;
	struct lesson *l = parse("```c file=list.c\nint list_sum(int n)\n{\n\treturn list_max(n);\n}\n```\n\n"
				 "```c id=main sources=list.c\nint list_sum(int);\nint main(void) { return list_sum(1); }\n```\n");
	const char *log = "/usr/bin/ld: list.o: in function `list_sum':\n"
			  "list.c:(.text+0x9): undefined reference to `list_max'\n"
			  "collect2: error: ld returned 1 exit status\n";
	struct diags d;

	assert_int_equal(l->diags.n, 0);
	diags_init(&d);
	assert_int_equal(lessonfiles_link_diags(&d, l, &l->blocks[1], log, strlen(log)), 1);
	/* At the line of list.c that names the symbol. */
	assert_int_equal(d.v[0].line, 4);
	assert_int_equal(d.v[0].col, 9);
	assert_non_null(strstr(d.v[0].message, "'list_max' (in function 'list_sum' of list.c)"));
	diags_release(&d);
	lesson_free(l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),	      cmocka_unit_test(test_verify),
		cmocka_unit_test(test_promoted),      cmocka_unit_test(test_paths),
		cmocka_unit_test(test_versions),      cmocka_unit_test(test_link_diags),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
