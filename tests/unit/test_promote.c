/*
 * test_promote.c: which outputs promote accepts (from hand-made evidence, no
 * compiler), the rewrite that changes only their content lines (CRLF, BOM,
 * trailing blanks, containers, fences lengthened for backticks), and the
 * atomic replacement: a file changed before the rename, and a write that
 * fails half way, both leave the file as it was and no temporary file.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic.h"
#include "buf.h"
#include "promote.h"
#include "util.h"

#define PATH "lessons/05-promote.md"

static struct lesson *parse(const char *text)
{
	struct lesson *l = lesson_parse(PATH, text, strlen(text));

	assert_non_null(l);
	return l;
}

/* Rewrites text with output `output` of block `block` replaced by repl; returns the new bytes. */
static char *rewrite1(const char *text, size_t block, size_t output, const char *repl)
{
	struct lesson *l = parse(text);
	struct promote_plan plan;
	struct buf out = BUF_INIT;
	char *err = NULL;

	promote_plan_init(&plan);
	promote_plan_add(&plan, block, output, repl, strlen(repl));
	if (promote_rewrite(l, &plan, &out, &err) < 0) {
		print_error("promote_rewrite: %s\n", err);
		fail();
	}
	promote_plan_release(&plan);
	lesson_free(l);
	return buf_detach(&out, NULL);
}

static void test_lf(void **state)
{
	(void)state;
	const char *in = "# T\n\n```c id=a\nint main(void) { return 0; }\n```\n\n```output  \nold\nlines\n```\n\n"
			 "Tail with trailing blanks   \n";
	char *got = rewrite1(in, 0, 0, "new\n");
	assert_string_equal(got, "# T\n\n```c id=a\nint main(void) { return 0; }\n```\n\n```output  \nnew\n```\n\n"
				 "Tail with trailing blanks   \n");
	free(got);
	/* The real output without its final newline, and CRLF in it, are normalised. */
	got = rewrite1(in, 0, 0, "a\r\nb");
	assert_non_null(strstr(got, "```output  \na\nb\n```\n"));
	free(got);
	/* An empty output leaves no content line. */
	got = rewrite1(in, 0, 0, "");
	assert_non_null(strstr(got, "```output  \n```\n"));
	free(got);
}

static void test_crlf_and_bom(void **state)
{
	(void)state;
	const char *in = "\xEF\xBB\xBF# T\r\n\r\n```c id=a   \r\nint main(void) { return 0; }\r\n```\r\n\r\n"
			 "```output match=exact\r\nold\r\n```\r\nend\r\n";
	char *got = rewrite1(in, 0, 0, "one\ntwo\n");
	assert_string_equal(got, "\xEF\xBB\xBF# T\r\n\r\n```c id=a   \r\nint main(void) { return 0; }\r\n```\r\n\r\n"
				 "```output match=exact\r\none\r\ntwo\r\n```\r\nend\r\n");
	free(got);
}

static void test_backticks_lengthen_fences(void **state)
{
	(void)state;
	const char *in = "```c id=a\nint main(void) { return 0; }\n```\n\n```output\nold\n`````\n\nafter\n";
	char *got = rewrite1(in, 0, 0, "x ```` y\n```\n");
	/* The longest run of backticks is 4: both fences become 5, whatever the closing one was. */
	assert_string_equal(got, "```c id=a\nint main(void) { return 0; }\n```\n\n`````output\nx ```` y\n```\n`````\n\n"
				 "after\n");
	free(got);
	/* Backticks shorter than the fence change nothing but the content. */
	got = rewrite1(in, 0, 0, "``\n");
	assert_string_equal(got, "```c id=a\nint main(void) { return 0; }\n```\n\n```output\n``\n`````\n\nafter\n");
	free(got);
	/* A tilde fence grows for tildes, not for backticks. */
	got = rewrite1("```c id=a\nint main(void) { return 0; }\n```\n~~~output\nold\n~~~\n", 0, 0, "~~~~\n```\n");
	assert_string_equal(got, "```c id=a\nint main(void) { return 0; }\n```\n~~~~~output\n~~~~\n```\n~~~~~\n");
	free(got);
}

static void test_containers(void **state)
{
	(void)state;
	/* In a block quote every content line keeps the quote marker; a blank one has no trailing blank. */
	char *got = rewrite1("> ```c id=a\n> int main(void) { return 0; }\n> ```\n>\n> ```output\n> old\n> ```\n", 0,
			     0, "a\n\nb\n");
	assert_string_equal(got,
			    "> ```c id=a\n> int main(void) { return 0; }\n> ```\n>\n> ```output\n> a\n>\n> b\n> ```\n");
	free(got);
	/* In a list item the marker becomes indentation. */
	got = rewrite1("- ```c id=a\n  int main(void) { return 0; }\n  ```\n\n  ```output\n  old\n  ```\n", 0, 0,
		       "  x\n");
	assert_string_equal(got, "- ```c id=a\n  int main(void) { return 0; }\n  ```\n\n  ```output\n    x\n  ```\n");
	free(got);
}

static void test_two_streams_any_order(void **state)
{
	(void)state;
	const char *in = "```c id=a\nint main(void) { return 0; }\n```\n```output\n1\n```\n"
			 "```output stream=stderr\n2\n```\n\n```c id=b\nint main(void) { return 0; }\n```\n"
			 "```output\n3\n```\n";
	struct lesson *l = parse(in);
	struct promote_plan plan;
	struct buf out = BUF_INIT;
	char *err = NULL;

	promote_plan_init(&plan);
	promote_plan_add(&plan, 1, 0, "three\n", 6);
	promote_plan_add(&plan, 0, 1, "two\n", 4);
	promote_plan_add(&plan, 0, 0, "one\n", 4);
	assert_int_equal(promote_rewrite(l, &plan, &out, &err), 0);
	assert_string_equal(out.p, "```c id=a\nint main(void) { return 0; }\n```\n```output\none\n```\n"
				   "```output stream=stderr\ntwo\n```\n\n```c id=b\nint main(void) { return 0; }\n```\n"
				   "```output\nthree\n```\n");
	buf_release(&out);
	promote_plan_release(&plan);
	lesson_free(l);
}

static void test_unclosed_fence_refused(void **state)
{
	(void)state;
	struct lesson *l = parse("```c id=a\nint main(void) { return 0; }\n```\n\n```output\nold\n");
	struct promote_plan plan;
	struct buf out = BUF_INIT;
	char *err = NULL;

	promote_plan_init(&plan);
	promote_plan_add(&plan, 0, 0, "new\n", 4);
	assert_int_equal(promote_rewrite(l, &plan, &out, &err), -1);
	assert_non_null(strstr(err, "05-promote.md:5: the output block has no closing fence"));
	free(err);
	buf_release(&out);
	promote_plan_release(&plan);
	lesson_free(l);
}

/* ---- the plan, from hand-made evidence ---- */

static void fake_run(struct block_result *br, const char *out, const char *err, int code)
{
	br->ev.compiled = br->ev.compile_ok = br->ev.executed = 1;
	br->ev.run.end = END_EXITED;
	br->ev.run.exit_code = code;
	buf_adds(&br->ev.run.out, out);
	buf_adds(&br->ev.run.err, err);
}

static const struct diag *note_at(const struct diags *d, int line, const char *text)
{
	for (size_t i = 0; i < d->n; i++)
		if (d->v[i].line == line && d->v[i].severity == SEV_NOTE && strstr(d->v[i].message, text))
			return &d->v[i];
	return NULL;
}

static void test_plan(void **state)
{
	(void)state;
	const char *in = "```c id=same\nint main(void) { return 0; }\n```\n```output\nsame\n```\n"	  /* 1-6 */
			 "```c id=differs\nint main(void) { return 0; }\n```\n```output\nold\n```\n" /* 7-12 */
			 "```c id=pattern\nint main(void) { return 0; }\n```\n```output match=ellipsis\na\n...\nz\n```\n" /* 13-20 */
			 "```c id=timed measure\nint main(void) { return 0; }\n```\n```output\nold\n```\n" /* 21-26 */
			 "```c id=fails\nint main(void) { return 0; }\n```\n```output\nold\n```\n"	   /* 27-32 */
			 "```c id=bad compile-fail\nint main(void) { return 0 }\n```\n```output\nold\n```\n" /* 33-38 */
			 "```python derived reason=\"no python\"\nprint(1)\n```\n```output\n1\n```\n"	  /* 39-44 */
			 "```c id=binary\nint main(void) { return 0; }\n```\n```output\nold\n```\n"	   /* 45-50 */
			 "```c id=err\nint main(void) { return 0; }\n```\n```output stream=stderr\nold\n```\n"; /* 51-56 */
	struct lesson_result lr;
	struct promote_plan plan;
	struct diags notes;

	memset(&lr, 0, sizeof lr);
	lr.lesson = parse(in);
	assert_int_equal(lr.lesson->nblocks, 9);
	lr.blocks = xcalloc(lr.lesson->nblocks, sizeof *lr.blocks);
	for (size_t i = 0; i < lr.lesson->nblocks; i++)
		evidence_init(&lr.blocks[i].ev);
	fake_run(&lr.blocks[0], "same\n", "", 0);
	fake_run(&lr.blocks[1], "new\r\n", "", 0);
	fake_run(&lr.blocks[2], "a\nb\n", "", 0);
	fake_run(&lr.blocks[3], "new\n", "", 0);
	fake_run(&lr.blocks[4], "new\n", "", 1);
	lr.blocks[5].ev.compiled = 1;
	buf_adds(&lr.blocks[5].ev.compile_log, "error: expected ';'\n");
	fake_run(&lr.blocks[7], "a\rb\n", "", 0);
	fake_run(&lr.blocks[8], "", "new err\n", 0);

	promote_plan_init(&plan);
	diags_init(&notes);
	promote_plan_make(&plan, &lr, &notes);
	assert_int_equal(plan.n, 2);
	assert_int_equal(plan.v[0].block, 1);
	assert_string_equal(plan.v[0].text, "new\n");
	assert_int_equal(plan.v[1].block, 8);
	assert_string_equal(plan.v[1].text, "new err\n");
	assert_non_null(note_at(&notes, 16, "a pattern (match=ellipsis): not promoted"));
	assert_non_null(note_at(&notes, 24, "measure block 'timed'"));
	assert_non_null(note_at(&notes, 30, "exited with status 1, expected 0"));
	assert_non_null(note_at(&notes, 36, "compile-fail block 'bad'"));
	assert_non_null(note_at(&notes, 48, "cannot show"));
	assert_int_equal(notes.n, 5);
	for (size_t i = 0; i < notes.n; i++)
		assert_string_equal(notes.v[i].rule, "output-mismatch");

	diags_release(&notes);
	promote_plan_release(&plan);
	lesson_result_release(&lr);
}

/* ---- atomic replacement ---- */

static char *make_dir(void)
{
	const char *tmp = getenv("TMPDIR");
	char *dir = xasprintf("%s/litlab-test-promote-XXXXXX", tmp && *tmp ? tmp : "/tmp");

	assert_non_null(mkdtemp(dir));
	return dir;
}

static void write_text(const char *path, const char *text)
{
	FILE *fp = fopen(path, "w");

	assert_non_null(fp);
	fputs(text, fp);
	assert_int_equal(fclose(fp), 0);
}

static char *slurp(const char *path)
{
	char *data;
	size_t len;

	assert_int_equal(read_file(path, &data, &len), 0);
	return data;
}

static int count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	closedir(d);
	return n;
}

static void remove_dir(char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && (e = readdir(d))) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		char *p = xasprintf("%s/%s", dir, e->d_name);
		unlink(p);
		free(p);
	}
	if (d)
		closedir(d);
	rmdir(dir);
	free(dir);
}

static void test_atomic_replace(void **state)
{
	(void)state;
	char *dir = make_dir(), *path = xasprintf("%s/05-x.md", dir), *err = NULL, *got;
	struct stat st;

	assert_int_equal(atomic_write(path, "new file\n", 9, NULL, &err), ATOMIC_OK);
	got = slurp(path);
	assert_string_equal(got, "new file\n");
	free(got);
	assert_int_equal(chmod(path, 0640), 0);
	struct atomic_opts opts = { "new file\n", 9, 0, NULL, NULL };
	assert_int_equal(atomic_write(path, "second\n", 7, &opts, &err), ATOMIC_OK);
	got = slurp(path);
	assert_string_equal(got, "second\n");
	free(got);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0640);
	assert_int_equal(count_entries(dir), 1);
	free(path);
	remove_dir(dir);
}

static void change_it(void *ctx, const char *path)
{
	(void)ctx;
	write_text(path, "an editor saved this meanwhile\n");
}

static void test_changed_before_rename(void **state)
{
	(void)state;
	char *dir = make_dir(), *path = xasprintf("%s/05-x.md", dir), *err = NULL, *got;

	write_text(path, "as read\n");
	struct atomic_opts opts = { "as read\n", 8, 0, change_it, NULL };
	assert_int_equal(atomic_write(path, "promoted\n", 9, &opts, &err), ATOMIC_CHANGED);
	assert_null(err);
	got = slurp(path);
	assert_string_equal(got, "an editor saved this meanwhile\n");
	free(got);
	assert_int_equal(count_entries(dir), 1);
	/* A file removed meanwhile counts as changed too. */
	unlink(path);
	assert_int_equal(atomic_write(path, "promoted\n", 9, &opts, &err), ATOMIC_CHANGED);
	free(path);
	remove_dir(dir);
}

/* A write that fails half way (the file-size limit) leaves the old file whole and no temporary file. */
static void test_fails_mid_write(void **state)
{
	(void)state;
	char *dir = make_dir(), *path = xasprintf("%s/05-x.md", dir), *err = NULL, *got;
	struct rlimit old, small;
	size_t big = 64 * 1024;
	char *data = xmalloc(big);

	memset(data, 'x', big);
	write_text(path, "the old lesson\n");
	assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
	small = old;
	small.rlim_cur = 4096;
	void (*prev)(int) = signal(SIGXFSZ, SIG_IGN);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &small), 0);
	int rc = atomic_write(path, data, big, NULL, &err);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
	signal(SIGXFSZ, prev);
	assert_int_equal(rc, ATOMIC_ERROR);
	assert_non_null(strstr(err, "cannot write"));
	got = slurp(path);
	assert_string_equal(got, "the old lesson\n");
	free(got);
	assert_int_equal(count_entries(dir), 1);
	/* A folder that does not exist: nothing is created. */
	free(err);
	err = NULL;
	char *nowhere = xasprintf("%s/no/such.md", dir);
	assert_int_equal(atomic_write(nowhere, "x", 1, NULL, &err), ATOMIC_ERROR);
	assert_non_null(strstr(err, "cannot create a temporary file"));
	free(err);
	free(nowhere);
	free(data);
	free(path);
	remove_dir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lf),
		cmocka_unit_test(test_crlf_and_bom),
		cmocka_unit_test(test_backticks_lengthen_fences),
		cmocka_unit_test(test_containers),
		cmocka_unit_test(test_two_streams_any_order),
		cmocka_unit_test(test_unclosed_fence_refused),
		cmocka_unit_test(test_plan),
		cmocka_unit_test(test_atomic_replace),
		cmocka_unit_test(test_changed_before_rename),
		cmocka_unit_test(test_fails_mid_write),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
