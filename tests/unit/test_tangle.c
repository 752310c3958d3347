/*
 * test_tangle.c: the lab files a lesson gives (which blocks, which files,
 * their text), that the same lessons always give the same bytes, and
 * tangle_sync() against a real folder: written, in sync, drifted, missing,
 * extra, and a stale lab folder of a lesson that is gone.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "tangle.h"
#include "util.h"

static const char lesson_text[] =
	"---\n"
	"title: Tangling\n"
	"cflags: -std=c11 -O2\n"
	"---\n"
	"# Tangling\n"
	"\n"
	"```c id=helper fragment\n"
	"static int twice(int x) { return 2 * x; }\n"
	"```\n"
	"\n"
	"The first lab doubles a number, e.g. a small one. It reads nothing else.\n"
	"\n"
	"```c id=double use=helper args=\"a 'b c'\" exit=0\n"
	"#include <stdio.h>\n"
	"int main(void) { int x; if (scanf(\"%d\", &x) != 1) return 1; printf(\"%d\\n\", twice(x)); return 0; }\n"
	"```\n"
	"\n"
	"```stdin\n"
	"21\n"
	"```\n"
	"\n"
	"```output\n"
	"42\n"
	"```\n"
	"\n"
	"```output stream=stderr\n"
	"```\n"
	"\n"
	"```c id=timed measure samples=3 warmup=1\n"
	"int main(void) { return 0; }\n"
	"```\n"
	"\n"
	"```c id=builds compile-only cflags=\"-DX=1\"\n"
	"int f(void) { return X; }\n"
	"```\n"
	"\n"
	"```c id=broken compile-fail\n"
	"int main(void) { return 0 }\n"
	"```\n"
	"\n"
	"```output\n"
	"error: expected ';'\n"
	"```\n"
	"\n"
	"```python derived reason=\"no python on the course machines\"\n"
	"print(42)\n"
	"```\n"
	"\n"
	"```sh\n"
	"echo display only\n"
	"```\n";

static struct lesson *parse(const char *path, const char *text)
{
	struct lesson *l = lesson_parse(path, text, strlen(text));

	assert_non_null(l);
	return l;
}

static const struct tangle_file *file(const struct tangle_set *s, const char *path)
{
	for (size_t i = 0; i < s->nfiles; i++)
		if (strcmp(s->files[i].path, path) == 0)
			return &s->files[i];
	return NULL;
}

static void make_set(struct tangle_set *s, struct lesson *l, int whole)
{
	char *err = NULL;

	tangle_set_init(s);
	if (tangle_lesson(s, l, &err) < 0) {
		print_error("tangle_lesson: %s\n", err);
		fail();
	}
	tangle_course(s, &l, 1, whole);
}

static void test_names(void **state)
{
	(void)state;
	char *n = tangle_lab_name(0);
	assert_string_equal(n, "lab-00");
	free(n);
	n = tangle_lab_name(15);
	assert_string_equal(n, "lab-15");
	free(n);
	n = tangle_lab_name(123);
	assert_string_equal(n, "lab-123");
	free(n);
	struct lesson *l = parse("/somewhere/else/07-tangling.md", lesson_text);
	n = tangle_lesson_name(l);
	assert_string_equal(n, "lessons/07-tangling.md");
	free(n);
	lesson_free(l);
}

static void test_files(void **state)
{
	(void)state;
	struct lesson *l = parse("lessons/07-tangling.md", lesson_text);
	struct tangle_set s;
	const char *want[] = {
		"README.md",	     "include/litlab.h",	"lab-07/README.md",	  "lab-07/broken.c",
		"lab-07/builds.c",   "lab-07/double.c",		"lab-07/double.expected", "lab-07/double.expected-stderr",
		"lab-07/double.stdin", "lab-07/timed.c",
	};

	assert_int_equal(diags_count(&l->diags, SEV_ERROR), 0);
	make_set(&s, l, 1);
	assert_int_equal(s.nfiles, ARRAY_LEN(want));
	for (size_t i = 0; i < ARRAY_LEN(want); i++)
		assert_string_equal(s.files[i].path, want[i]); /* sorted */
	assert_int_equal(s.ndirs, 2);

	assert_string_equal(file(&s, "lab-07/double.stdin")->data, "21\n");
	assert_string_equal(file(&s, "lab-07/double.expected")->data, "42\n");
	assert_string_equal(file(&s, "lab-07/double.expected-stderr")->data, "");

	/* The fragment comes first, each piece under a comment; no #line points at the lesson. */
	const char *c = file(&s, "lab-07/double.c")->data;
	assert_non_null(strstr(c, "block 'double' of\n * lessons/07-tangling.md (lines 13-16)"));
	assert_non_null(strstr(c, "'helper' (lines 7-9)"));
	assert_non_null(strstr(c, "'make lab-07'"));
	assert_null(strstr(c, "#line"));
	const char *frag = strstr(c, "static int twice"), *own = strstr(c, "int main(void)");
	assert_non_null(frag);
	assert_non_null(own);
	assert_true(frag < own);
	assert_true(c[strlen(c) - 1] == '\n');

	const char *r = file(&s, "lab-07/README.md")->data;
	assert_non_null(strstr(r, "# Lab 07: Tangling\n"));
	assert_non_null(strstr(r, "    make lab-07\n"));
	/* What a lab does: the first sentence before it, "e.g." does not end it. */
	assert_non_null(strstr(r, "\nThe first lab doubles a number, e.g. a small one.\n"));
	assert_non_null(strstr(r, "`cc -std=c11 -O2 -I ../include -o double double.c && ./double a 'b c' < "
				  "double.stdin`"));
	assert_non_null(strstr(r, "`cc -std=c11 -O2 -DX=1 -I ../include -c builds.c`"));
	assert_non_null(strstr(r, "(it must fail)"));
	assert_non_null(strstr(r, "- measured: 1 warmup run, then 3 timed samples\n"));
	assert_non_null(strstr(r, "- `python-1` (python, lines 45-47): no python on the course machines\n"));
	assert_null(strstr(r, "display only"));
	assert_non_null(strstr(file(&s, "README.md")->data, "- `lab-07/`: Tangling (`make lab-07`, 4 programs)\n"));

	tangle_set_release(&s);
	lesson_free(l);
}

static void test_deterministic(void **state)
{
	(void)state;
	struct lesson *a = parse("lessons/07-tangling.md", lesson_text);
	struct lesson *b = parse("elsewhere/07-tangling.md", lesson_text);
	struct tangle_set sa, sb;

	make_set(&sa, a, 1);
	make_set(&sb, b, 1);
	assert_int_equal(sa.nfiles, sb.nfiles);
	for (size_t i = 0; i < sa.nfiles; i++) {
		assert_string_equal(sa.files[i].path, sb.files[i].path);
		assert_int_equal(sa.files[i].len, sb.files[i].len);
		assert_memory_equal(sa.files[i].data, sb.files[i].data, sa.files[i].len);
	}
	tangle_set_release(&sa);
	tangle_set_release(&sb);
	lesson_free(a);
	lesson_free(b);
}

static void test_refused(void **state)
{
	(void)state;
	struct tangle_set s;
	char *err = NULL;
	struct lesson *l = parse("notes.md", "```c id=a\nint main(void) { return 0; }\n```\n");

	tangle_set_init(&s);
	assert_int_equal(tangle_lesson(&s, l, &err), -1);
	assert_non_null(strstr(err, "'notes.md' has no lesson number"));
	free(err);
	lesson_free(l);
	l = parse("lessons/08-bad.md", "```c id=a bogus=1\nint main(void) { return 0; }\n```\n");
	assert_int_equal(tangle_lesson(&s, l, &err), -1);
	assert_non_null(strstr(err, "has errors"));
	free(err);
	assert_int_equal(s.nfiles, 0);
	lesson_free(l);
	tangle_set_release(&s);
}

/* ---- against a folder ---- */

struct seen {
	char text[4096];
};

static void record(void *ctx, const char *path, enum tangle_change change)
{
	struct seen *s = ctx;
	const char *what = change == TANGLE_DIFFERS ? "differs" : change == TANGLE_MISSING ? "missing" : "extra";
	const char *rel = strstr(path, "/labs/") ? strstr(path, "/labs/") + 1 : path;
	size_t n = strlen(s->text);

	snprintf(s->text + n, sizeof s->text - n, "%s %s\n", what, rel);
}

static void write_text(const char *path, const char *text)
{
	FILE *fp = fopen(path, "w");

	assert_non_null(fp);
	fputs(text, fp);
	assert_int_equal(fclose(fp), 0);
}

static int sync_seen(const struct tangle_set *s, const char *labs, int write, struct seen *seen)
{
	char *err = NULL;
	int n;

	seen->text[0] = '\0';
	n = tangle_sync(s, labs, write, record, seen, &err);
	if (n < 0) {
		print_error("tangle_sync: %s\n", err);
		fail();
	}
	return n;
}

static void test_sync(void **state)
{
	(void)state;
	const char *tmp = getenv("TMPDIR");
	char *root = xasprintf("%s/litlab-test-tangle-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	struct lesson *l = parse("lessons/07-tangling.md", lesson_text);
	struct tangle_set s;
	struct seen seen;
	struct stat st;

	assert_non_null(mkdtemp(root));
	char *labs = xasprintf("%s/labs", root);
	make_set(&s, l, 1);

	/* A fresh folder: every file is missing, then written. */
	assert_int_equal(sync_seen(&s, labs, 0, &seen), (int)s.nfiles);
	assert_int_equal(stat(labs, &st), -1); /* checking writes nothing */
	assert_int_equal(sync_seen(&s, labs, 1, &seen), (int)s.nfiles);
	assert_int_equal(sync_seen(&s, labs, 0, &seen), 0);

	/* Drift: an edited file, a removed one, an extra one, a stale lab folder. */
	char *edited = xasprintf("%s/lab-07/double.c", labs);
	char *gone = xasprintf("%s/lab-07/double.stdin", labs);
	char *extra = xasprintf("%s/lab-07/old-lab.c", labs);
	char *stale_dir = xasprintf("%s/lab-03", labs);
	char *stale = xasprintf("%s/lab-03/x.c", labs);
	char *mine = xasprintf("%s/notes.txt", labs);
	write_text(edited, "int main(void) { return 1; }\n");
	assert_int_equal(unlink(gone), 0);
	write_text(extra, "x\n");
	assert_int_equal(mkdir(stale_dir, 0755), 0);
	write_text(stale, "x\n");
	write_text(mine, "a file of the student's, outside any lab folder\n");
	assert_int_equal(sync_seen(&s, labs, 0, &seen), 4);
	assert_string_equal(seen.text, "extra labs/lab-03/x.c\n"
				       "differs labs/lab-07/double.c\n"
				       "missing labs/lab-07/double.stdin\n"
				       "extra labs/lab-07/old-lab.c\n");
	assert_int_equal(sync_seen(&s, labs, 1, &seen), 4);
	assert_int_equal(sync_seen(&s, labs, 0, &seen), 0);
	assert_int_equal(stat(stale_dir, &st), -1);
	assert_int_equal(stat(extra, &st), -1);
	assert_int_equal(stat(mine, &st), 0);

	/* Tangling one lesson file, not the course, leaves other lab folders alone. */
	tangle_set_release(&s);
	make_set(&s, l, 0);
	assert_int_equal(mkdir(stale_dir, 0755), 0);
	write_text(stale, "x\n");
	assert_int_equal(sync_seen(&s, labs, 0, &seen), 0);

	unlink(stale);
	rmdir(stale_dir);
	unlink(mine);
	for (size_t i = 0; i < s.nfiles; i++) {
		char *p = xasprintf("%s/%s", labs, s.files[i].path);
		unlink(p);
		free(p);
	}
	char *p = xasprintf("%s/README.md", labs);
	unlink(p);
	free(p);
	p = xasprintf("%s/lab-07", labs);
	rmdir(p);
	free(p);
	p = xasprintf("%s/include", labs);
	rmdir(p);
	free(p);
	assert_int_equal(rmdir(labs), 0);
	assert_int_equal(rmdir(root), 0);
	free(edited);
	free(gone);
	free(extra);
	free(stale_dir);
	free(stale);
	free(mine);
	free(labs);
	free(root);
	tangle_set_release(&s);
	lesson_free(l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names),	    cmocka_unit_test(test_files), cmocka_unit_test(test_deterministic),
		cmocka_unit_test(test_refused),	    cmocka_unit_test(test_sync),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
