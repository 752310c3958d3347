/*
 * test_lesson.c: loading lessons from memory (lesson_parse): front matter,
 * positions as written (front matter, CRLF, BOM, tabs, lists, quotes), the
 * output and stdin blocks a code block owns, use= order, ids, modes and
 * attribute diagnostics, and hostile bytes that must never crash the loader.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "lesson/lesson.h"
#include "base/util.h"
#include "testutil.h"

#define PATH "lessons/15-pointers.md"

static struct lesson *parse(const char *text)
{
	return test_lesson(PATH, text);
}

static void dump_diags(const struct lesson *l)
{
	for (size_t i = 0; i < l->diags.n; i++) {
		const struct diag *d = &l->diags.v[i];
		print_error("  %s:%d:%d: %s: %s [%s]\n", d->path, d->line, d->col, severity_name(d->severity),
			    d->message, d->rule);
	}
}

/* The first diagnostic with this rule on this line (col 0: any column), or NULL. */
static const struct diag *find_diag(const struct lesson *l, int line, int col, const char *rule)
{
	for (size_t i = 0; i < l->diags.n; i++) {
		const struct diag *d = &l->diags.v[i];
		if (d->line == line && (col == 0 || d->col == col) && strcmp(d->rule, rule) == 0)
			return d;
	}
	return NULL;
}

static const struct diag *expect_diag_(const struct lesson *l, int line, int col, enum severity sev,
				       const char *rule, const char *needle, int at)
{
	const struct diag *d = find_diag(l, line, col, rule);

	if (!d || d->severity != sev || (needle && !strstr(d->message, needle))) {
		print_error("test line %d: no %s [%s] at %d:%d%s%s; the lesson has:\n", at, severity_name(sev), rule,
			    line, col, needle ? " saying " : "", needle ? needle : "");
		dump_diags(l);
		fail();
	}
	assert_string_equal(d->path, PATH);
	return d;
}
#define expect_diag(l, line, col, sev, rule, needle) expect_diag_(l, line, col, sev, rule, needle, __LINE__)

static size_t count_rule(const struct lesson *l, const char *rule)
{
	size_t n = 0;

	for (size_t i = 0; i < l->diags.n; i++)
		n += strcmp(l->diags.v[i].rule, rule) == 0;
	return n;
}

static void expect_no_diags_(const struct lesson *l, int at)
{
	if (l->diags.n) {
		print_error("test line %d: expected no diagnostics; the lesson has:\n", at);
		dump_diags(l);
		fail();
	}
}
#define expect_no_diags(l) expect_no_diags_(l, __LINE__)

/* The orphan (an output or stdin block that belongs to nothing) at line, or a failure. */
static const struct orphan *expect_orphan_(const struct lesson *l, int line, int col, int is_stdin,
					   const char *needle, int at)
{
	for (size_t i = 0; i < l->norphans; i++) {
		const struct orphan *o = &l->orphans[i];
		if (o->line != line)
			continue;
		if ((col && o->col != col) || o->is_stdin != is_stdin || (needle && !strstr(o->why, needle))) {
			print_error("test line %d: orphan at %d:%d (stdin %d) says '%s'\n", at, o->line, o->col,
				    o->is_stdin, o->why);
			fail();
		}
		assert_non_null(o->text);
		return o;
	}
	print_error("test line %d: no orphan at line %d; the lesson has:\n", at, line);
	for (size_t i = 0; i < l->norphans; i++)
		print_error("  orphan %d:%d %s\n", l->orphans[i].line, l->orphans[i].col, l->orphans[i].why);
	fail();
	return NULL;
}
#define expect_orphan(l, line, col, is_stdin, needle) expect_orphan_(l, line, col, is_stdin, needle, __LINE__)

static int has_orphan(const struct lesson *l, int line)
{
	for (size_t i = 0; i < l->norphans; i++)
		if (l->orphans[i].line == line)
			return 1;
	return 0;
}

/* ---- front matter ---- */

static void test_front_matter(void **state)
{
	(void)state;
	struct lesson *l = parse("---\n"
				 "title: \"Pointers, at last\"\n"
				 "lesson: 7\n"
				 "unit: 'memory'\n"
				 "course:   C for physicists  \n"
				 "summary: a: b\n"
				 "reviewed: 2024-02-29\n"
				 "cflags: -O2 -Wall\n"
				 "# a comment\n"
				 "\n"
				 "---\n"
				 "# Not the title\n");
	/* the front matter wins over the file name, which is said */
	expect_diag(l, 3, 1, SEV_WARNING, "lesson-number", "'lesson: 7' is not the number the file name gives ('15-pointers.md' is lesson 15)");
	assert_int_equal(l->diags.n, 1);
	assert_string_equal(l->title, "Pointers, at last");
	assert_int_equal(l->number, 7);
	assert_string_equal(l->unit, "memory");
	assert_string_equal(l->course, "C for physicists");
	assert_string_equal(l->summary, "a: b");
	assert_string_equal(l->reviewed, "2024-02-29");
	assert_string_equal(l->cflags, "-O2 -Wall");
	assert_string_equal(lesson_fm(l, "unit"), "memory");
	assert_null(lesson_fm(l, "colour"));
	assert_int_equal(l->nfm, 7);
	assert_int_equal(l->fm[1].line, 3);
	lesson_free(l);
}

static void test_front_matter_problems(void **state)
{
	(void)state;
	struct lesson *l = parse("---\n"
				 "colour: blue\n"
				 "this line has no colon\n"
				 "two words: x\n"
				 ": no key\n"
				 "title: One\n"
				 "title: Two\n"
				 "---\n"
				 "text\n");
	expect_diag(l, 2, 1, SEV_WARNING, "front-matter", "unknown front matter key 'colour'");
	expect_diag(l, 3, 1, SEV_ERROR, "front-matter", "malformed front matter line");
	expect_diag(l, 4, 1, SEV_ERROR, "front-matter", "malformed");
	expect_diag(l, 5, 1, SEV_ERROR, "front-matter", "malformed");
	expect_diag(l, 7, 1, SEV_WARNING, "front-matter", "repeats line 6");
	assert_string_equal(lesson_fm(l, "colour"), "blue");
	assert_string_equal(l->title, "Two");
	assert_int_equal(l->number, 15); /* from the file name */
	/* The front matter is not prose: no paragraph, no heading came from it. */
	assert_int_equal(l->nblocks, 0);
	lesson_free(l);

	/* A key given three times: each repeat warns once, naming the one before it. */
	l = parse("---\nunit: a\nunit: b\nunit: c\n---\n");
	expect_diag(l, 3, 1, SEV_WARNING, "front-matter", "repeats line 2");
	expect_diag(l, 4, 1, SEV_WARNING, "front-matter", "repeats line 3");
	assert_int_equal(count_rule(l, "front-matter"), 2);
	assert_string_equal(l->unit, "c");
	lesson_free(l);

	l = parse("---\ntitle: x\n# Heading\n");
	expect_diag(l, 1, 1, SEV_ERROR, "front-matter", "not closed");
	assert_int_equal(count_rule(l, "front-matter"), 1);
	lesson_free(l);

	/* "---" on line 1 then only blank lines: still unclosed. */
	l = parse("---\n\n\n");
	expect_diag(l, 1, 1, SEV_ERROR, "front-matter", "not closed");
	lesson_free(l);

	/* Closing fence with trailing blanks, CRLF. */
	l = parse("---  \r\ntitle: T\r\n--- \r\n\r\n```c\r\nint x;\r\n```\r\n");
	expect_no_diags(l);
	assert_string_equal(l->title, "T");
	assert_int_equal(l->nblocks, 1);
	assert_int_equal(l->blocks[0].line, 5);
	lesson_free(l);

	/* Not front matter at all: "----" or "--- x" on line 1. */
	l = parse("----\n# T\n");
	assert_int_equal(l->nfm, 0);
	expect_no_diags(l);
	assert_string_equal(l->title, "T");
	lesson_free(l);
}

static void test_front_matter_values(void **state)
{
	static const char *const bad_lessons[] = { "fifteen", "-3", "15x", "", "1e3", "100000" };
	static const char *const bad_dates[] = { "yesterday", "2024-13-01", "2024-00-10", "2024-01-32",
						 "2024-1-011", "2024/01/01", "2024-02-30", "2023-02-29",
						 "2024-04-31", "2024-01- 1", "+024-01-01", "2024-01-01x" };
	static const char *const good_dates[] = { "2024-01-01", "2024-12-31", "2000-02-29", "2023-04-30" };
	struct buf b = BUF_INIT;

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(bad_lessons); i++) {
		buf_reset(&b);
		buf_addf(&b, "---\ntitle: x\nlesson: %s\n---\n", bad_lessons[i]);
		struct lesson *l = parse(b.p);
		if (!find_diag(l, 3, 1, "front-matter"))
			print_error("lesson: %s was accepted\n", bad_lessons[i]);
		expect_diag(l, 3, 1, SEV_ERROR, "front-matter", "is not a lesson number");
		assert_int_equal(l->number, 15);
		lesson_free(l);
	}
	for (size_t i = 0; i < ARRAY_LEN(bad_dates); i++) {
		buf_reset(&b);
		buf_addf(&b, "---\nreviewed: %s\n---\n", bad_dates[i]);
		struct lesson *l = parse(b.p);
		if (!find_diag(l, 2, 1, "front-matter"))
			print_error("reviewed: %s was accepted\n", bad_dates[i]);
		expect_diag(l, 2, 1, SEV_ERROR, "front-matter", "is not a date");
		lesson_free(l);
	}
	for (size_t i = 0; i < ARRAY_LEN(good_dates); i++) {
		buf_reset(&b);
		buf_addf(&b, "---\nreviewed: \"%s\"\nlesson: 015\n---\n", good_dates[i]);
		struct lesson *l = parse(b.p);
		expect_no_diags(l);
		assert_string_equal(l->reviewed, good_dates[i]);
		assert_int_equal(l->number, 15);
		lesson_free(l);
	}
	buf_release(&b);

	/* Without front matter: the first level-1 heading, the number from the name. */
	static const char no_fm[] = "## Sub\n\n# The *real* `title`\n\n# Second\n";
	struct lesson *l = lesson_parse("x/042-intro.md", no_fm, sizeof no_fm - 1);
	assert_string_equal(l->title, "The real title");
	assert_int_equal(l->number, 42);
	lesson_free(l);
	l = lesson_parse("notes.md", "text\n", 5);
	assert_int_equal(l->number, -1);
	assert_null(l->title);
	lesson_free(l);
}

/* ---- positions ---- */

static const char positions_md[] = "---\n"
				   "title: T\n"
				   "---\n"
				   "\n"
				   "Some prose.\n"
				   "\n"
				   "```c id=first exit=3\n"
				   "int main(void)\n"
				   "{ return 3; }\n"
				   "```\n"
				   "\n"
				   "  ~~~~ python derived reason=\"no numpy here\"\n"
				   "  print(1)\n"
				   "  ~~~~\n";

static void check_positions(const struct lesson *l, int bom)
{
	expect_no_diags(l);
	assert_int_equal(l->nblocks, 2);
	const struct block *b = &l->blocks[0];
	assert_int_equal(b->line, 7);
	assert_int_equal(b->col, 1);
	assert_int_equal(b->end_line, 10);
	assert_true(b->fenced);
	assert_string_equal(b->fence, "```");
	assert_string_equal(b->lang, "c");
	assert_string_equal(b->info, "c id=first exit=3");
	assert_string_equal(b->code, "int main(void)\n{ return 3; }\n");
	assert_int_equal(b->code_len, strlen(b->code));
	assert_int_equal(b->attrs.n, 2);
	assert_int_equal(b->attrs.v[0].line, 7);
	assert_int_equal(b->attrs.v[0].col, 6);
	assert_int_equal(b->attrs.v[1].col, 15);
	assert_int_equal(b->exit_expected, 3);
	b = &l->blocks[1];
	assert_int_equal(b->line, 12);
	assert_int_equal(b->col, 3);
	assert_string_equal(b->fence, "~~~~");
	assert_string_equal(b->lang, "python");
	assert_int_equal(b->mode, MODE_DERIVED);
	assert_string_equal(b->reason, "no numpy here");
	assert_int_equal(attr_find(&b->attrs, "derived")->col, 15);
	assert_int_equal(attr_find(&b->attrs, "reason")->col, 23);
	assert_string_equal(b->code, "print(1)\n");
	assert_int_equal(l->has_bom, bom);
}

static char *to_crlf(const char *s)
{
	struct buf b = BUF_INIT;

	for (; *s; s++) {
		if (*s == '\n')
			buf_addc(&b, '\r');
		buf_addc(&b, *s);
	}
	return buf_detach(&b, NULL);
}

static void test_positions(void **state)
{
	(void)state;
	struct lesson *l = parse(positions_md);
	check_positions(l, 0);
	assert_false(l->crlf);
	lesson_free(l);

	char *crlf = to_crlf(positions_md);
	l = parse(crlf);
	check_positions(l, 0);
	assert_true(l->crlf);
	assert_null(memchr(l->blocks[0].code, '\r', l->blocks[0].code_len));
	lesson_free(l);
	free(crlf);

	/* A BOM: the front matter still counts, and only line 1's columns move. */
	struct buf b = BUF_INIT;
	buf_adds(&b, "\xEF\xBB\xBF");
	buf_adds(&b, positions_md);
	l = parse(b.p);
	check_positions(l, 1);
	lesson_free(l);
	buf_release(&b);

	/* Old Mac line ends (a lone CR) are line ends too, for cmark and for us. */
	l = parse("Prose\r\r```c id=x\rint y;\r```\r");
	assert_int_equal(l->nblocks, 1);
	assert_int_equal(l->blocks[0].line, 3);
	assert_string_equal(l->blocks[0].code, "int y;\n");
	assert_int_equal(attr_find(&l->blocks[0].attrs, "id")->col, 6);
	lesson_free(l);
}

static void test_bom_line_one(void **state)
{
	(void)state;
	struct lesson *l = parse("\xEF\xBB\xBF```c id=a bogus\nint x;\n```\n\n```c id=b bogus\n```\n");
	assert_int_equal(l->blocks[0].line, 1);
	assert_int_equal(l->blocks[0].col, 4);
	assert_int_equal(l->blocks[0].attrs.v[0].col, 9);
	expect_diag(l, 1, 14, SEV_ERROR, "attribute", "unknown attribute 'bogus'");
	assert_int_equal(l->blocks[1].col, 1);
	expect_diag(l, 5, 11, SEV_ERROR, "attribute", "unknown attribute 'bogus'");
	assert_int_equal(lesson_col(l, 1, 0), 4);
	assert_int_equal(lesson_col(l, 2, 0), 1);
	lesson_free(l);

	/* A malformed attribute on line 1 after a BOM. */
	l = parse("\xEF\xBB\xBF```c args=\"x\n```\n");
	expect_diag(l, 1, 14, SEV_ERROR, "attribute", "unclosed quote");
	lesson_free(l);
}

static void test_tabs(void **state)
{
	(void)state;
	/* Blanks in the info string may be tabs; a column counts bytes. */
	struct lesson *l = parse("```c\tid=a\t\texit=2\tbogus\n```\n");
	const struct block *b = &l->blocks[0];
	assert_string_equal(b->lang, "c");
	assert_string_equal(b->id, "a");
	assert_int_equal(b->exit_expected, 2);
	assert_int_equal(b->attrs.v[0].col, 6);
	assert_int_equal(b->attrs.v[1].col, 12);
	expect_diag(l, 1, 19, SEV_ERROR, "attribute", "bogus");
	lesson_free(l);

	/* Tabs inside the code are kept. */
	l = parse("```c\nint\tx;\n```\n");
	assert_string_equal(l->blocks[0].code, "int\tx;\n");
	lesson_free(l);
}

static void test_lists_and_quotes(void **state)
{
	(void)state;
	struct lesson *l = parse("# T\n"                    /* 1 */
				 "\n"                       /* 2 */
				 "- an item\n"              /* 3 */
				 "\n"                       /* 4 */
				 "  ```c id=inlist bogus\n" /* 5 */
				 "  int x;\n"               /* 6 */
				 "  ```\n"                  /* 7 */
				 "\n"                       /* 8 */
				 "> ```c id=inquote bogus\n" /* 9 */
				 "> int y;\n"               /* 10 */
				 "> ```\n"                  /* 11 */
				 "\n"                       /* 12 */
				 "1. one\n"                 /* 13 */
				 "2. ```c id=numbered\n"    /* 14 */
				 "   int z;\n"              /* 15 */
				 "   ```\n"                 /* 16 */
				 "\n"                       /* 17 */
				 "> - ~~~ c id=deep\n"      /* 18 */
				 ">   int w;\n"             /* 19 */
				 ">   ~~~\n");              /* 20 */
	assert_int_equal(l->nblocks, 4);
	assert_int_equal(l->blocks[0].line, 5);
	assert_int_equal(l->blocks[0].col, 3);
	assert_string_equal(l->blocks[0].code, "int x;\n");
	expect_diag(l, 5, 18, SEV_ERROR, "attribute", "bogus");
	assert_int_equal(l->blocks[1].line, 9);
	assert_int_equal(l->blocks[1].col, 3);
	expect_diag(l, 9, 19, SEV_ERROR, "attribute", "bogus");
	assert_string_equal(l->blocks[1].code, "int y;\n");
	assert_int_equal(l->blocks[2].line, 14);
	assert_int_equal(l->blocks[2].col, 4);
	assert_string_equal(l->blocks[2].id, "numbered");
	assert_int_equal(attr_find(&l->blocks[2].attrs, "id")->col, 9);
	assert_int_equal(l->blocks[3].line, 18);
	assert_int_equal(l->blocks[3].col, 5);
	assert_string_equal(l->blocks[3].id, "deep");
	assert_int_equal(attr_find(&l->blocks[3].attrs, "id")->col, 11);
	assert_string_equal(l->blocks[3].code, "int w;\n");
	lesson_free(l);
}

static void test_indented_code_is_display(void **state)
{
	(void)state;
	struct lesson *l = parse("Prose.\n"
				 "\n"
				 "    int main(void) { return 1; }\n"
				 "\n"
				 "Then a block whose first line looks like a fence:\n"
				 "\n"
				 "    ```c id=sneaky\n"
				 "    int main(void) { return 2; }\n"
				 "\n"
				 "```output\n"
				 "x\n"
				 "```\n");
	assert_int_equal(l->nblocks, 2);
	for (size_t i = 0; i < 2; i++) {
		const struct block *b = &l->blocks[i];
		assert_false(b->fenced);
		assert_int_equal(b->mode, MODE_DISPLAY);
		assert_string_equal(b->lang, "");
		assert_int_equal(b->attrs.n, 0);
		assert_int_equal(b->col, 5);
		assert_false(block_compiles(b));
	}
	assert_int_equal(l->blocks[0].line, 3);
	assert_int_equal(l->blocks[1].line, 7);
	assert_string_equal(l->blocks[1].code, "```c id=sneaky\nint main(void) { return 2; }\n");
	assert_string_equal(l->blocks[0].id, "block-1");
	assert_string_equal(l->blocks[1].id, "block-2");
	/* An output after an indented (display-only) block is not accepted. */
	expect_orphan(l, 10, 1, 0, "display-only");
	assert_int_equal(l->blocks[1].noutputs, 0);
	lesson_free(l);
}

static void test_unclosed_fence(void **state)
{
	(void)state;
	struct lesson *l = parse("# T\n\n```c id=open\nint main(void) { return 0; }\n\n## Later heading\n\n"
				 "```c id=swallowed\n");
	assert_int_equal(l->nblocks, 1);
	const struct diag *d = expect_diag(l, 3, 1, SEV_ERROR, "unclosed-fence", "never closed");
	assert_non_null(strstr(d->message, "line 8 ('```c id=swallowed') opens a block"));
	assert_non_null(strstr(d->message, "missing before line 8: add a line '```' there"));
	assert_non_null(strstr(l->blocks[0].code, "## Later heading"));
	assert_true(l->blocks[0].bad_attrs); /* reported, not run */
	lesson_free(l);

	/* Closed by a longer fence, with blanks after it, at the end without a newline, CRLF: fine. */
	static const char *const closed[] = { "````c\nx\n`````  \n", "~~~\nx\n~~~", "```c\r\nx\r\n```\r\n",
					      "> ```c\n> x\n> ```\n", "- ```c\n  x\n  ```\n- b\n", "```c\n```\n",
					      /* a lesson shown in a lesson: shorter fences, or the other character */
					      "````markdown\n```c id=a\nx\n```\n\n```output\ny\n```\n````\n",
					      "~~~markdown\n```c id=a\nx\n```\n~~~\n",
					      /* output that prints fences, in a longer fence */
					      "````output\n```\nx ```` y\n~~~\n````\n" };
	for (size_t i = 0; i < ARRAY_LEN(closed); i++) {
		l = parse(closed[i]);
		expect_no_diags(l);
		lesson_free(l);
	}
	/* Ended by its container, by a shorter fence, or by one of the other kind: not closed, an error. */
	static const char *const open[] = { "> ```c\n> x\n\npara\n", "````c\nx\n```\n", "~~~c\nx\n```\n",
					    "```c", "```output\nx\n" };
	for (size_t i = 0; i < ARRAY_LEN(open); i++) {
		l = parse(open[i]);
		if (!find_diag(l, 1, 0, "unclosed-fence"))
			print_error("no error for: %s\n", open[i]);
		expect_diag(l, 1, 0, SEV_ERROR, "unclosed-fence", NULL);
		lesson_free(l);
	}
}

/*
 * An output block whose closing fence is missing in the middle of a lesson
 * swallows a heading, a paragraph and a whole C block, up to that block's
 * closing fence: a well-formed block to cmark, an error to litlab, naming
 * the line where the close is missing.
 */
static void test_fence_swallows_blocks(void **state)
{
	(void)state;
	struct lesson *l = parse("```c id=first\n"			      /* 1 */
				 "int main(void) { return 0; }\n"
				 "```\n"
				 "\n"
				 "```output\n"				      /* 5 */
				 "old\n"
				 "\n"
				 "## Second part\n"			      /* 8 */
				 "\n"
				 "Prose that matters.\n"		      /* 10 */
				 "\n"
				 "```c id=second\n"			      /* 12 */
				 "int main(void) { return 0; }\n"
				 "```\n"				      /* 14 */
				 "\n"
				 "```output\n"				      /* 16 */
				 "two\n"
				 "```\n");
	const struct diag *d = expect_diag(l, 5, 1, SEV_ERROR, "unclosed-fence", "not closed before line 12");
	assert_non_null(strstr(d->message, "lines 6-13 are read as its content"));
	assert_non_null(strstr(d->message, "its closing fence is missing before line 8: add a line '```' there"));
	assert_true(l->blocks[0].bad_attrs); /* the block it belongs to is not run */
	lesson_free(l);

	/* In C code, "# define" is no heading: the close is missing before the block it swallowed. */
	l = parse("```c id=a\nint x;\n\n# define Y 1\n\n```c id=b\nint main(void) { return 0; }\n```\n");
	expect_diag(l, 1, 1, SEV_ERROR, "unclosed-fence", "missing before line 6");
	lesson_free(l);

	/* The closing fence shortened, or of the other character: that line is named. */
	l = parse("````output\nx\n```\n\n## More\n\ntext\n");
	d = expect_diag(l, 1, 1, SEV_ERROR, "unclosed-fence", "line 3 ('```') cannot close it, being shorter");
	assert_non_null(strstr(d->message, "missing on line 3 ('```', shorter than the opening fence): make it '````'"));
	lesson_free(l);
	l = parse("```output\nx\n~~~\n\ntext\n");
	expect_diag(l, 1, 1, SEV_ERROR, "unclosed-fence", "a fence of another character");
	lesson_free(l);

	/* Never closed, nothing inside looks like a block: the end of the file, or the heading. */
	l = parse("```output\nx\n\n## Next\n\ntext\n\n");
	d = expect_diag(l, 1, 1, SEV_ERROR, "unclosed-fence", "(the end of the file)");
	assert_non_null(strstr(d->message, "missing before line 4"));
	lesson_free(l);

	/* An opening fence removed: its closing one opens a bare block, which may have been the close. */
	l = parse("# T\n\nint x;\n```\n\n```output\nx\n```\n");
	expect_diag(l, 4, 1, SEV_ERROR, "unclosed-fence", "if line 4 was meant to close a block");
	lesson_free(l);

	/*
	 * Both fences of a block of the other character: the output block
	 * opened with "~~~" is closed by a "~~~" far below, and the blocks in
	 * between, read alone, are shifted by one fence.
	 */
	l = parse("```c id=a\nint main(void) { return 0; }\n```\n"
		  "~~~output\n"	    /* 4 */
		  "x\n"
		  "```\n"	    /* 6: its closing fence, of the other character */
		  "\n"
		  "```c id=b\n"	    /* 8 */
		  "int main(void) { return 0; }\n"
		  "```\n"
		  "\n"
		  "```output\n"	    /* 12 */
		  "y\n"
		  "~~~\n");	    /* 14 */
	d = expect_diag(l, 4, 1, SEV_ERROR, "unclosed-fence", "ends on line 14, but line 8 inside it");
	assert_non_null(strstr(d->message, "missing on line 6 ('```', a fence of another character): make it '~~~'"));
	lesson_free(l);
}

/* ---- output and stdin blocks ---- */

static void test_output_blank_lines(void **state)
{
	(void)state;
	struct lesson *l = parse("```c\n"	      /* 1 */
				 "int main(void) { return 0; }\n"
				 "```\n"
				 "\n"
				 "\n"
				 "```output\n" /* 6 */
				 "hi\n"
				 "```\n");
	expect_no_diags(l);
	assert_int_equal(l->nblocks, 1);
	const struct block *b = &l->blocks[0];
	assert_int_equal(b->noutputs, 1);
	assert_int_equal(b->outputs[0].line, 6);
	assert_int_equal(b->outputs[0].col, 1);
	assert_int_equal(b->outputs[0].end_line, 8);
	assert_string_equal(b->outputs[0].text, "hi\n");
	assert_int_equal(b->outputs[0].len, 3);
	assert_int_equal(b->outputs[0].match, MATCH_EXACT);
	assert_int_equal(b->outputs[0].stream, STREAM_STDOUT);
	assert_string_equal(b->outputs[0].fence, "```");
	assert_false(b->has_stdin);
	lesson_free(l);
}

static void test_output_after_paragraph(void **state)
{
	(void)state;
	struct lesson *l = parse("```c\n"
				 "int main(void) { return 0; }\n"
				 "```\n"
				 "\n"
				 "It prints:\n"
				 "\n"
				 "```output\n" /* 7 */
				 "hi\n"
				 "```\n");
	expect_orphan(l, 7, 1, 0, "must follow the code block");
	assert_string_equal(l->orphans[0].text, "hi\n");
	assert_int_equal(l->blocks[0].noutputs, 0);
	assert_int_equal(l->norphans, 1);
	expect_no_diags(l);
	lesson_free(l);

	/* A heading, a list, a thematic break: any block between is not fine. */
	l = parse("```c\nint main(void){return 0;}\n```\n# H\n```output\nx\n```\n"
		  "```c\nint main(void){return 0;}\n```\n***\n```output\nx\n```\n");
	expect_orphan(l, 5, 1, 0, NULL);
	expect_orphan(l, 12, 1, 0, NULL);
	lesson_free(l);
}

static void test_output_after_nothing_or_display(void **state)
{
	(void)state;
	struct lesson *l = parse("```output\n"	 /* 1 */
				 "first\n"
				 "```\n"
				 "\n"
				 "```python\n" /* 5 */
				 "print(1)\n"
				 "```\n"
				 "```output\n" /* 8 */
				 "1\n"
				 "```\n"
				 "```output stream=stderr\n" /* 11: after a rejected output */
				 "```\n"
				 "\n"
				 "```python derived reason=\"no python in the sandbox\"\n" /* 14 */
				 "print(2)\n"
				 "```\n"
				 "```output\n" /* 17 */
				 "2\n"
				 "```\n");
	expect_orphan(l, 1, 1, 0, "follows nothing");
	expect_orphan(l, 8, 1, 0, "display-only python block");
	expect_orphan(l, 11, 1, 0, NULL);
	assert_false(has_orphan(l, 17));
	assert_int_equal(l->nblocks, 2);
	assert_int_equal(l->blocks[0].noutputs, 0);
	assert_int_equal(l->blocks[1].mode, MODE_DERIVED);
	assert_int_equal(l->blocks[1].noutputs, 1);
	assert_string_equal(l->blocks[1].outputs[0].text, "2\n");
	lesson_free(l);

	/* Output after a fragment or a compile-only block: nothing executes them. */
	l = parse("```c fragment\nint f(void);\n```\n```output\nx\n```\n"
		  "```c compile-only\nint g(void){return 0;}\n```\n```output\nx\n```\n"
		  "```c compile-fail\nint h(void){return}\n```\n```output match=contains\nerror\n```\n");
	expect_orphan(l, 4, 1, 0, "fragment");
	expect_orphan(l, 10, 1, 0, "compile-only");
	assert_false(has_orphan(l, 16));
	assert_int_equal(l->blocks[2].noutputs, 1);
	assert_int_equal(l->blocks[2].outputs[0].match, MATCH_CONTAINS);
	lesson_free(l);
}

static void test_stdin(void **state)
{
	(void)state;
	struct lesson *l = parse("```c id=echo\n"
				 "int main(void) { return 0; }\n"
				 "```\n"
				 "\n"
				 "```stdin\n" /* 5 */
				 "3 4\n"
				 "```\n"
				 "\n"
				 "```output\n" /* 9 */
				 "7\n"
				 "```\n"
				 "```output stream=stderr match=ellipsis\n" /* 12 */
				 "...\n"
				 "```\n");
	expect_no_diags(l);
	const struct block *b = &l->blocks[0];
	assert_true(b->has_stdin);
	assert_string_equal(b->stdin_text, "3 4\n");
	assert_int_equal(b->stdin_len, 4);
	assert_int_equal(b->stdin_line, 5);
	assert_int_equal(b->noutputs, 2);
	assert_int_equal(b->outputs[0].stream, STREAM_STDOUT);
	assert_int_equal(b->outputs[1].stream, STREAM_STDERR);
	assert_int_equal(b->outputs[1].match, MATCH_ELLIPSIS);
	assert_int_equal(b->outputs[1].line, 12);
	assert_int_equal(l->nblocks, 1);
	lesson_free(l);

	/* A stdin block after the output, a second stdin, stdin after a compile-only block. */
	l = parse("```c\nint main(void){return 0;}\n```\n"
		  "```output\nx\n```\n"
		  "```stdin\nlate\n```\n" /* 7 */
		  "```c\nint main(void){return 0;}\n```\n"
		  "```stdin\none\n```\n"
		  "```stdin\ntwo\n```\n" /* 16 */
		  "```c compile-only\nint x;\n```\n"
		  "```stdin\nin\n```\n" /* 22 */
		  "```stdin extra\n```\n" /* 25 */);
	expect_orphan(l, 7, 1, 1, "stdin block goes between");
	assert_false(l->blocks[0].has_stdin);
	expect_orphan(l, 16, 1, 1, "a second stdin block for the block on line 10");
	assert_string_equal(l->blocks[1].stdin_text, "one\n");
	expect_orphan(l, 22, 1, 1, "never executed");
	assert_false(l->blocks[2].has_stdin);
	expect_diag(l, 25, 10, SEV_ERROR, "attribute", "stdin block: it takes none");
	lesson_free(l);
}

static void test_two_outputs(void **state)
{
	(void)state;
	struct lesson *l = parse("```c\n"
				 "int main(void) { return 0; }\n"
				 "```\n"
				 "```output\n"
				 "a\n"
				 "```\n"
				 "```output stream=stdout\n" /* 7 */
				 "b\n"
				 "```\n");
	expect_diag(l, 7, 1, SEV_ERROR, "output-provenance", "a second stdout output block for the block on line 1 (the first is on line 4)");
	assert_int_equal(l->blocks[0].noutputs, 1);
	assert_string_equal(l->blocks[0].outputs[0].text, "a\n");
	lesson_free(l);
}

static void test_output_attributes(void **state)
{
	(void)state;
	struct lesson *l = parse("```c\nint main(void){return 0;}\n```\n"
				 "```output match=fuzzy stream=stdlog colour=red\n" /* 4 */
				 "x\n"
				 "```\n"
				 "```c compile-fail\nint main(void){return}\n```\n"
				 "```output stream=stdout\n" /* 10 */
				 "x\n"
				 "```\n"
				 "```c\nint main(void){return 0;}\n```\n"
				 "```output match=\"unclosed\n" /* 16 */
				 "```\n"
				 "```c compile-fail\nint main(void){return}\n```\n"
				 "```output match=contains stream=stderr\n" /* 21 */
				 "error\n"
				 "```\n");
	expect_diag(l, 4, 11, SEV_ERROR, "attribute", "match=fuzzy is not a match mode");
	expect_diag(l, 4, 23, SEV_ERROR, "attribute", "stream=stdlog is not a stream");
	expect_diag(l, 4, 37, SEV_ERROR, "attribute", "unknown attribute 'colour=...'");
	expect_diag(l, 10, 11, SEV_ERROR, "attribute", "compile-fail block's output block is matched against the compiler's messages");
	expect_diag(l, 16, 17, SEV_ERROR, "attribute", "unclosed quote");
	/* stream=stderr was once accepted and never compared with anything */
	expect_diag(l, 21, 26, SEV_ERROR, "attribute", "remove stream=stderr");
	assert_int_equal(l->blocks[3].noutputs, 1);
	assert_int_equal(l->blocks[3].outputs[0].stream, STREAM_STDOUT);
	lesson_free(l);
}

/* ---- use= ---- */

static size_t dep_index(const struct block *b, size_t k)
{
	assert_true(k < b->ndeps);
	return b->deps[k];
}

static void test_use_order(void **state)
{
	(void)state;
	struct lesson *l = parse("```c id=a fragment\nint a(void);\n```\n"
				 "```c id=b fragment use=a\nint b(void);\n```\n"
				 "```c id=c fragment use=a\nint c(void);\n```\n"
				 "```c id=main use=\"b, c,a\" \nint main(void){return 0;}\n```\n"
				 "```c id=again use=c,c\nint main(void){return 0;}\n```\n");
	expect_no_diags(l);
	struct block *m = lesson_block(l, "main");
	assert_non_null(m);
	assert_int_equal(m->nuse, 3);
	assert_string_equal(m->use[0], "b");
	assert_string_equal(m->use[1], "c");
	assert_string_equal(m->use[2], "a");
	assert_int_equal(m->use_line, 10);
	assert_int_equal(m->use_col, 14);
	/* b's own use (a) comes before b; each block once. */
	assert_int_equal(m->ndeps, 3);
	assert_int_equal(dep_index(m, 0), 0);
	assert_int_equal(dep_index(m, 1), 1);
	assert_int_equal(dep_index(m, 2), 2);
	struct block *again = lesson_block(l, "again");
	assert_int_equal(again->ndeps, 2);
	assert_int_equal(dep_index(again, 0), 0);
	assert_int_equal(dep_index(again, 1), 2);
	assert_int_equal(lesson_block(l, "a")->ndeps, 0);
	assert_null(lesson_block(l, "nope"));
	lesson_free(l);

	/* A block may use a block that comes after it. */
	l = parse("```c id=main use=later\nint main(void){return later();}\n```\n"
		  "```c id=later fragment\nint later(void){return 0;}\n```\n");
	expect_no_diags(l);
	assert_int_equal(l->blocks[0].ndeps, 1);
	assert_int_equal(l->blocks[0].deps[0], 1);
	lesson_free(l);
}

static void test_use_errors(void **state)
{
	(void)state;
	struct lesson *l = parse("```c id=x use=nowhere\nint x;\n```\n"	  /* 1 */
				 "```c id=p fragment use=q\nint p;\n```\n"	  /* 4 */
				 "```c id=q fragment use=p\nint q;\n```\n"	  /* 7 */
				 "```c id=me use=me\nint me;\n```\n"		  /* 10 */
				 "```python id=py\nx\n```\n"			  /* 13 */
				 "```c id=usespy use=py\nint y;\n```\n"	  /* 16 */
				 "```c id=top use=p\nint top;\n```\n"		  /* 19 */
				 "```c id=fib-fast fragment\nint f;\n```\n"	  /* 22 */
				 "```c id=fib fragment\nint g;\n```\n"		  /* 25 */
				 "```c id=u use=\nint u;\n```\n"		  /* 28 */
				 "```c id=v use=,\nint v;\n```\n");		  /* 31 */
	const struct diag *d = expect_diag(l, 1, 11, SEV_ERROR, "attribute", "no block with id 'nowhere'");
	/* The list of c blocks names every other c block once, even one whose id is part of another's. */
	assert_non_null(strstr(d->message, "fib-fast, fib"));
	assert_null(strstr(d->message, " py,"));
	assert_null(strstr(d->message, " py)"));
	assert_true(lesson_block(l, "x")->bad_attrs);
	expect_diag(l, 4, 20, SEV_ERROR, "attribute", "cycle");
	expect_diag(l, 7, 20, SEV_ERROR, "attribute", "cycle");
	expect_diag(l, 10, 12, SEV_ERROR, "attribute", "uses itself");
	expect_diag(l, 16, 16, SEV_ERROR, "attribute", "names a python block");
	expect_diag(l, 19, 13, SEV_ERROR, "attribute", "cycle");
	assert_true(lesson_block(l, "top")->bad_attrs);
	expect_diag(l, 28, 11, SEV_ERROR, "attribute", "'use=' has no value");
	assert_int_equal(lesson_block(l, "v")->nuse, 0);
	lesson_free(l);
}

struct parse_job {
	const char *text;
	struct lesson *l;
};

static void *parse_thread(void *arg)
{
	struct parse_job *j = arg;

	j->l = lesson_parse(PATH, j->text, strlen(j->text));
	return NULL;
}

/*
 * A block brings in at most USE_MAX blocks: a chain longer than that is an
 * error at the block that passes it (not a deep recursion), and many blocks
 * using one keep a list of one each (not one the size of the lesson).
 */
static void test_use_limits(void **state)
{
	struct buf text = BUF_INIT;

	(void)state;
	buf_adds(&text, "```c id=b0 fragment\nint f0;\n```\n");
	for (int i = 1; i <= USE_MAX + 5; i++)
		buf_addf(&text, "```c id=b%d fragment use=b%d\nint f%d;\n```\n", i, i - 1, i);
	struct lesson *l = parse(text.p);
	char id[32];
	snprintf(id, sizeof id, "b%d", USE_MAX);
	assert_false(lesson_block(l, id)->bad_attrs); /* USE_MAX blocks: allowed */
	assert_int_equal(lesson_block(l, id)->ndeps, USE_MAX);
	snprintf(id, sizeof id, "b%d", USE_MAX + 1);
	assert_true(lesson_block(l, id)->bad_attrs);
	struct block *b = lesson_block(l, id);
	expect_diag(l, b->use_line, b->use_col, SEV_ERROR, "attribute", "brings in more than 256 blocks");
	assert_int_equal(count_rule(l, "attribute"), 5);
	lesson_free(l);

	buf_reset(&text);
	buf_adds(&text, "```c id=base fragment\nint g;\n```\n");
	for (int i = 0; i < 3000; i++)
		buf_addf(&text, "```c id=u%d fragment use=base\nint h%d;\n```\n", i, i);
	l = parse(text.p);
	assert_int_equal(l->diags.n, 0);
	assert_int_equal(lesson_block(l, "u2999")->ndeps, 1);
	lesson_free(l);

	/* A chain far deeper than USE_MAX, first block first: followed no deeper than USE_MAX
	   (the recursion went as deep as the chain and overflowed the stack): loaded on a thread
	   with a 1 MiB stack, which 60,000 frames would pass. */
	enum { DEEP = 60000 };
	buf_reset(&text);
	for (int i = 0; i + 1 < DEEP; i++)
		buf_addf(&text, "```c id=d%d fragment use=d%d\n```\n", i, i + 1);
	buf_addf(&text, "```c id=d%d fragment\n```\n", DEEP - 1);
	pthread_attr_t attr;
	pthread_t t;
	struct parse_job job = { text.p, NULL };
	assert_int_equal(pthread_attr_init(&attr), 0);
	assert_int_equal(pthread_attr_setstacksize(&attr, 1 << 20), 0);
	assert_int_equal(pthread_create(&t, &attr, parse_thread, &job), 0);
	pthread_join(t, NULL);
	pthread_attr_destroy(&attr);
	l = job.l;
	assert_true(l->blocks[0].bad_attrs);
	assert_false(l->blocks[DEEP - USE_MAX - 1].bad_attrs || l->blocks[DEEP - USE_MAX - 1].ndeps != USE_MAX);
	lesson_free(l);
	buf_release(&text);
}

/* ---- ids ---- */

static void test_default_ids(void **state)
{
	(void)state;
	const char *a = "```c\nint a;\n```\n"
			"```python\nx\n```\n"
			"```c id=named\nint n;\n```\n"
			"```c\nint b;\n```\n"
			"```\nplain\n```\n"
			"```C++\nint c;\n```\n";
	const char *b = "# Now with prose\n\nA paragraph.\n\n```c\nint a;\n```\n\nMore words.\n\n"
			"```python\nx\n```\n"
			"```c id=named\nint n;\n```\n\n- a list\n\n"
			"```c\nint b;\n```\n"
			"```\nplain\n```\n"
			"```C++\nint c;\n```\n";
	static const char *const want[] = { "c-1", "python-1", "named", "c-3", "block-1", "c---1" };
	struct lesson *la = parse(a), *lb = parse(b);

	assert_int_equal(la->nblocks, 6);
	assert_int_equal(lb->nblocks, 6);
	for (size_t i = 0; i < 6; i++) {
		assert_string_equal(la->blocks[i].id, want[i]);
		assert_string_equal(lb->blocks[i].id, want[i]);
		assert_int_equal(la->blocks[i].index, i);
	}
	assert_true(la->blocks[2].id_explicit);
	assert_false(la->blocks[0].id_explicit);
	assert_ptr_equal(lesson_block(la, "c-3"), &la->blocks[3]);
	lesson_free(la);
	lesson_free(lb);

	/* A default id never takes an id written in the lesson. */
	struct lesson *l = parse("```c\nint a;\n```\n```c id=c-1\nint b;\n```\n```c\nint c;\n```\n"
				 "```c id=c-3-2 \nint d;\n```\n");
	expect_no_diags(l);
	assert_string_equal(l->blocks[0].id, "c-1-2");
	assert_string_equal(l->blocks[1].id, "c-1");
	assert_string_equal(l->blocks[2].id, "c-3");
	assert_string_equal(l->blocks[3].id, "c-3-2");
	for (size_t i = 0; i < l->nblocks; i++)
		for (size_t j = 0; j < i; j++)
			assert_string_not_equal(l->blocks[i].id, l->blocks[j].id);
	lesson_free(l);
}

static void test_duplicate_ids(void **state)
{
	(void)state;
	struct lesson *l = parse("```c id=one\nint a;\n```\n"
				 "\n"
				 "```python   id=one\nx\n```\n" /* 5 */
				 "```c run id=one\nint c;\n```\n"); /* 8 */
	expect_diag(l, 5, 13, SEV_ERROR, "attribute", "duplicate id 'one' (first used on line 1)");
	expect_diag(l, 8, 10, SEV_ERROR, "attribute", "duplicate id 'one' (first used on line 1)");
	assert_false(l->blocks[0].bad_attrs);
	assert_true(l->blocks[2].bad_attrs);
	assert_ptr_equal(lesson_block(l, "one"), &l->blocks[0]);
	lesson_free(l);

	l = parse("```c id=bad!id\nint a;\n```\n```c id=\"a b\"\nint a;\n```\n```c id=-lead\nint a;\n```\n");
	expect_diag(l, 1, 6, SEV_ERROR, "attribute", "id=bad!id is not a valid id");
	expect_diag(l, 4, 6, SEV_ERROR, "attribute", "not a valid id");
	assert_string_equal(l->blocks[0].id, "c-1");
	assert_string_equal(l->blocks[1].id, "c-2");
	assert_string_equal(l->blocks[2].id, "-lead");
	lesson_free(l);

	/* an anchor of the page's own: a second element of that id */
	l = parse("```c id=content\nint a;\n```\n```c id=x-dist\nint a;\n```\n```c id=diag-12\nint a;\n```\n"
		  "```c id=diag-x\nint a;\n```\n");
	expect_diag(l, 1, 6, SEV_ERROR, "attribute", "id=content names an anchor the page has of its own");
	expect_diag(l, 4, 6, SEV_ERROR, "attribute", "id=x-dist names an anchor");
	expect_diag(l, 7, 6, SEV_ERROR, "attribute", "id=diag-12 names an anchor");
	assert_true(l->blocks[0].bad_attrs && l->blocks[1].bad_attrs && l->blocks[2].bad_attrs);
	assert_false(l->blocks[3].bad_attrs);
	assert_string_equal(l->blocks[3].id, "diag-x");
	lesson_free(l);
}

/* ---- modes and attributes ---- */

static void test_modes(void **state)
{
	static const struct {
		const char *info;
		enum block_mode mode;
	} cases[] = {
		{ "c", MODE_RUN },
		{ "c run", MODE_RUN },
		{ "c measure samples=5 warmup=0", MODE_MEASURE },
		{ "c compile-only", MODE_COMPILE_ONLY },
		{ "c compile-fail", MODE_COMPILE_FAIL },
		{ "c fragment", MODE_FRAGMENT },
		{ "c derived reason=\"needs a GPU\"", MODE_DERIVED },
		{ "python", MODE_DISPLAY },
		{ "", MODE_DISPLAY },
		{ "sh derived reason=x", MODE_DERIVED },
		{ "C", MODE_DISPLAY },
	};
	struct buf b = BUF_INIT;

	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
		buf_reset(&b);
		buf_addf(&b, "```%s\nint main(void) { return 0; }\n```\n", cases[i].info);
		struct lesson *l = parse(b.p);
		expect_no_diags(l);
		assert_int_equal(l->nblocks, 1);
		if (l->blocks[0].mode != cases[i].mode)
			print_error("'%s': mode %s\n", cases[i].info, block_mode_name(l->blocks[0].mode));
		assert_int_equal(l->blocks[0].mode, cases[i].mode);
		assert_false(l->blocks[0].bad_attrs);
		lesson_free(l);
	}
	buf_release(&b);
	assert_string_equal(block_mode_name(MODE_COMPILE_FAIL), "compile-fail");
	assert_string_equal(block_mode_name(MODE_DISPLAY), "display");

	struct lesson *l = parse("```c measure id=m samples=7 warmup=2 timeout=2.5 exit=4 args=\"a 'b c'\" "
				 "cflags=\"-O2 -DX=1\" ldlibs=-lm\nint main(void){return 4;}\n```\n");
	expect_no_diags(l);
	const struct block *m = &l->blocks[0];
	assert_int_equal(m->samples, 7);
	assert_int_equal(m->warmup, 2);
	assert_true(m->timeout > 2.49 && m->timeout < 2.51);
	assert_int_equal(m->exit_expected, 4);
	assert_string_equal(m->args, "a 'b c'");
	assert_string_equal(m->cflags, "-O2 -DX=1");
	assert_string_equal(m->ldlibs, "-lm");
	assert_true(block_executes(m));
	assert_true(block_compiles(m));
	lesson_free(l);

	l = parse("```c\nint main(void){return 0;}\n```\n");
	m = &l->blocks[0];
	assert_int_equal(m->samples, MEASURE_SAMPLES_DEFAULT);
	assert_int_equal(m->warmup, MEASURE_WARMUP_DEFAULT);
	assert_true(m->timeout == BLOCK_TIMEOUT_DEFAULT);
	assert_int_equal(m->exit_expected, 0);
	assert_null(m->args);
	assert_null(m->reason);
	lesson_free(l);
}

static void test_attribute_diagnostics(void **state)
{
	(void)state;
	struct lesson *l = parse("```c id=a run measure\nx\n```\n"		       /* 1: 2nd mode at 15 */
				 "```c id=b measure=3\nx\n```\n"		       /* 4: at 11 */
				 "```c id=c samples=3\nx\n```\n"		       /* 7: at 11 */
				 "```c id=d exit=300 timeout=-1\nx\n```\n"	       /* 10: 11, 20 */
				 "```c id=e timeout=abc warmup=-1 measure\nx\n```\n" /* 13: 11, 23 */
				 "```c id=f measure samples=0\nx\n```\n"	       /* 16: 19 */
				 "```c id=g flavour=sweet\nx\n```\n"		       /* 19: 11 */
				 "```c id=h reason=\"why\"\nx\n```\n"		       /* 22: 11 */
				 "```c id=i compile-only args=x exit=1\nx\n```\n"    /* 25: 24, 31 */
				 "```python run\nx\n```\n"			       /* 28: 11 */
				 "```python derived=yes\nx\n```\n"		       /* 31: 11 */
				 "```python reason=x\nx\n```\n"		       /* 34: 11 */
				 "```c id=j cflags\nx\n```\n"			       /* 37: 11 */
				 "```c id=k exit=1.5 timeout=4000\nx\n```\n"	       /* 40: 11, 20 */
				 "```c id=l fragment timeout=3\nx\n```\n");	       /* 43: 20 */
	expect_diag(l, 1, 15, SEV_ERROR, "attribute", "a second mode 'measure'");
	expect_diag(l, 4, 11, SEV_ERROR, "attribute", "'measure' is a mode and takes no value");
	expect_diag(l, 7, 11, SEV_ERROR, "attribute", "'samples' is for measure blocks");
	expect_diag(l, 10, 11, SEV_ERROR, "attribute", "exit=300 is not an exit status");
	expect_diag(l, 10, 20, SEV_ERROR, "attribute", "timeout=-1 is not a time limit");
	expect_diag(l, 13, 11, SEV_ERROR, "attribute", "timeout=abc");
	expect_diag(l, 13, 23, SEV_ERROR, "attribute", "warmup=-1 is not a count");
	expect_diag(l, 16, 19, SEV_ERROR, "attribute", "samples=0 is not a count");
	const struct diag *d = expect_diag(l, 19, 11, SEV_ERROR, "attribute", "unknown attribute 'flavour'");
	assert_non_null(strstr(d->message, "compile-fail"));
	expect_diag(l, 22, 11, SEV_ERROR, "attribute", "'reason' is for derived blocks");
	expect_diag(l, 25, 24, SEV_ERROR, "attribute", "'args' has no effect on a compile-only block");
	expect_diag(l, 25, 31, SEV_ERROR, "attribute", "'exit' has no effect");
	expect_diag(l, 28, 11, SEV_ERROR, "attribute", "mode 'run' needs a c block");
	expect_diag(l, 31, 11, SEV_ERROR, "attribute", "derived");
	expect_diag(l, 34, 11, SEV_ERROR, "attribute", "'reason' is for derived blocks");
	expect_diag(l, 37, 11, SEV_ERROR, "attribute", "'cflags' needs a value");
	expect_diag(l, 40, 11, SEV_ERROR, "attribute", "exit=1.5");
	expect_diag(l, 40, 20, SEV_ERROR, "attribute", "timeout=4000");
	expect_diag(l, 43, 20, SEV_ERROR, "attribute", "'timeout' has no effect on a fragment block");
	for (size_t i = 0; i < l->nblocks; i++) {
		if (!l->blocks[i].bad_attrs)
			print_error("block %zu (line %d) is not marked bad\n", i, l->blocks[i].line);
		assert_true(l->blocks[i].bad_attrs);
	}
	for (size_t i = 0; i < l->diags.n; i++)
		assert_int_equal(l->diags.v[i].severity, SEV_ERROR);
	/* Diagnostics come out sorted by line, then column. */
	for (size_t i = 1; i < l->diags.n; i++)
		assert_true(l->diags.v[i - 1].line < l->diags.v[i].line ||
			    (l->diags.v[i - 1].line == l->diags.v[i].line &&
			     l->diags.v[i - 1].col <= l->diags.v[i].col));
	lesson_free(l);

	/* A malformed info string: the attributes before the problem still count. */
	l = parse("```c id=keep exit=2 {1,3}\nint main(void){return 2;}\n```\n");
	expect_diag(l, 1, 21, SEV_ERROR, "attribute", "unexpected '{'");
	assert_string_equal(l->blocks[0].id, "keep");
	assert_true(l->blocks[0].bad_attrs);
	lesson_free(l);
}

/* cflags= and ldlibs= where they cannot apply: once accepted and ignored. */
static void test_flags_that_cannot_apply(void **state)
{
	(void)state;
	struct lesson *l = parse("```c id=a fragment cflags=-O2\nint f(void);\n```\n"	    /* 1: 20 */
				 "```c id=b fragment ldlibs=-lm\nint g(void);\n```\n"	    /* 4: 20 */
				 "```c id=c derived reason=\"x\" cflags=-O2 ldlibs=-lm\nx\n```\n" /* 7: 30, 41 */
				 "```c id=d compile-only ldlibs=-lm\nint h(void);\n```\n"	    /* 10: 24 */
				 "```c id=e compile-fail ldlibs=-lm\nint i(void){return}\n```\n" /* 13: 24 */
				 "```c id=f compile-only cflags=-O2\nint j(void);\n```\n"	    /* 16: fine */
				 "```c id=g cflags=-O2 ldlibs=-lm\nint main(void){return 0;}\n```\n"); /* 19: fine */
	const struct diag *d = expect_diag(l, 1, 20, SEV_ERROR, "attribute", "'cflags' has no effect on a fragment block");
	assert_non_null(strstr(d->message, "(accepted on it: id, use, file)"));
	assert_non_null(strstr(d->message, "put it on the blocks that use it"));
	expect_diag(l, 4, 20, SEV_ERROR, "attribute", "'ldlibs' has no effect on a fragment block");
	d = expect_diag(l, 7, 30, SEV_ERROR, "attribute", "'cflags' has no effect on a derived block, which is not built");
	assert_non_null(strstr(d->message, "(accepted on it: id, use, reason): remove it"));
	expect_diag(l, 7, 41, SEV_ERROR, "attribute", "'ldlibs' has no effect on a derived block");
	d = expect_diag(l, 10, 24, SEV_ERROR, "attribute", "'ldlibs' has no effect on a compile-only block, which is compiled with -c");
	assert_non_null(strstr(d->message, "(accepted on it: id, use, sources, cflags, disk, files)"));
	expect_diag(l, 13, 24, SEV_ERROR, "attribute", "'ldlibs' has no effect on a compile-fail block");
	assert_int_equal(count_rule(l, "attribute"), 6);
	for (size_t i = 0; i < 5; i++)
		assert_true(l->blocks[i].bad_attrs);
	assert_false(l->blocks[5].bad_attrs);
	assert_false(l->blocks[6].bad_attrs);
	lesson_free(l);
}

/* ---- size, hostile bytes, encoding ---- */

static void test_many_blocks(void **state)
{
	struct buf b = BUF_INIT;
	enum { N = 2000 };

	(void)state;
	buf_adds(&b, "---\ntitle: Many\n---\n");
	for (int i = 0; i < N; i++) {
		if (i % 2)
			buf_addf(&b, "Block %d.\n\n```c id=b%d use=b%d\nint f%d(void) { return %d; }\n```\n\n"
				 "```output\n%d\n```\n\n", i, i, i - 1, i, i, i);
		else
			buf_addf(&b, "```c id=b%d fragment\nint f%d(void);\n```\n\n", i, i);
	}
	long long t0 = now_ns();
	struct lesson *l = lesson_parse(PATH, b.p, b.len);
	double s = (double)(now_ns() - t0) / 1e9;
	if (s > 2.0)
		print_error("loading %d blocks took %.2f s\n", N, s);
	assert_true(s < 2.0);
	expect_no_diags(l);
	assert_int_equal(l->nblocks, N);
	assert_int_equal(l->blocks[0].line, 4);
	assert_int_equal(l->blocks[1].line, 10);
	assert_string_equal(l->blocks[N - 1].id, "b1999");
	assert_int_equal(l->blocks[N - 1].noutputs, 1);
	assert_int_equal(l->blocks[N - 1].ndeps, 1);
	lesson_free(l);
	buf_release(&b);
}

/* Parses b and fails if that took 2 s or more. */
static struct lesson *parse_timed(const struct buf *b, const char *what)
{
	long long t0 = now_ns();
	struct lesson *l = lesson_parse(PATH, b->p, b->len);
	double s = (double)(now_ns() - t0) / 1e9;

	if (s >= 2.0)
		print_error("loading %s took %.2f s\n", what, s);
	assert_true(s < 2.0);
	return l;
}

/*
 * Lessons of the fuzz target's size (64 KiB) that took seconds to load: ids,
 * use= and repeated front matter keys were each looked up with a linear
 * search per block or line (a cubic one for unknown use= ids among many
 * blocks, which listed the c blocks over again for every one), and a key
 * given N times warned N^2 / 2 times.
 */
static void test_degenerate_lessons(void **state)
{
	struct buf b = BUF_INIT;
	struct lesson *l;
	enum { N = 3000 };

	(void)state;
	for (int i = 0; i < N; i++)
		buf_adds(&b, i % 3 ? "```py\n```\n" : "```c id=a use=nowhere\n```\n");
	l = parse_timed(&b, "unknown use= ids");
	assert_int_equal(l->nblocks, N);
	expect_diag(l, 1, 0, SEV_ERROR, "attribute", "no block with id 'nowhere' in this lesson (c blocks: a)");
	lesson_free(l);

	buf_reset(&b);
	for (int i = 0; i < N / 2; i++)
		buf_addf(&b, "```c id=b%d fragment use=b%d\n```\n", i, i ? i - 1 : N);
	l = parse_timed(&b, "a chain of use=");
	assert_int_equal(l->blocks[USE_MAX].ndeps, USE_MAX);
	assert_true(l->blocks[N / 2 - 1].bad_attrs); /* a chain past USE_MAX blocks */
	lesson_free(l);

	buf_reset(&b);
	for (int i = 0; i < 3 * N; i++)
		buf_adds(&b, i == 1 ? "```c id=c-3\n```\n" : "```c\n```\n");
	l = parse_timed(&b, "default ids");
	assert_string_equal(l->blocks[2].id, "c-3-2");
	assert_string_equal(l->blocks[3 * N - 1].id, "c-9000");
	expect_no_diags(l);
	lesson_free(l);

	buf_reset(&b);
	buf_adds(&b, "---\n");
	for (int i = 0; i < 2 * N; i++)
		buf_adds(&b, "title: again\n");
	buf_adds(&b, "---\n");
	l = parse_timed(&b, "a repeated front matter key");
	assert_int_equal(count_rule(l, "front-matter"), 2 * N - 1);
	lesson_free(l);
	buf_release(&b);
}

static unsigned long long rng_state = 0x2545F4914F6CDD1DULL;

static unsigned next_rand(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (unsigned)(rng_state >> 32);
}

static void test_hostile_bytes(void **state)
{
	static const char *const pieces[] = {
		"```", "~~~", "````", "c", "c ", " ", "\t", "\n", "\r\n", "\r", "id=", "use=", "a", "b",
		"\"", "\\", "=", "output", "stdin", "---", "title: x", "> ", "- ", "1. ", "    ",
		"measure", "derived", "reason=\"", "{", "}", ",", "\xEF\xBB\xBF", "\xff", "\xc3", "\xa9",
		"\0", "<!-- x -->", "# ", "**", "`", "\xe2\x82\xac", "\xf4\x90\x80\x80", "\xed\xa0\x80",
	};
	struct buf b = BUF_INIT;

	(void)state;
	for (int iter = 0; iter < 1500; iter++) {
		buf_reset(&b);
		int n = (int)(next_rand() % 120);
		for (int k = 0; k < n; k++) {
			if (iter % 5 == 0) {
				buf_addc(&b, (char)(next_rand() & 0xff));
			} else {
				size_t p = next_rand() % ARRAY_LEN(pieces);
				if (pieces[p][0] == '\0')
					buf_addc(&b, '\0');
				else
					buf_adds(&b, pieces[p]);
			}
		}
		struct lesson *l = lesson_parse(PATH, b.p, b.len);
		assert_non_null(l);
		for (size_t i = 0; i < l->diags.n; i++) {
			assert_true(l->diags.v[i].line >= 1);
			assert_true((size_t)l->diags.v[i].line <= l->nlines + 1);
			assert_true(l->diags.v[i].col >= 1);
			assert_non_null(l->diags.v[i].message);
		}
		for (size_t i = 0; i < l->nblocks; i++) {
			assert_non_null(l->blocks[i].id);
			assert_true(l->blocks[i].line >= 1);
			assert_true((size_t)l->blocks[i].line <= l->nlines);
			assert_true(l->blocks[i].deps || l->blocks[i].ndeps == 0);
		}
		lesson_free(l);
	}
	buf_release(&b);
	/* Empty and tiny inputs. */
	struct lesson *l = lesson_parse(PATH, "", 0);
	assert_int_equal(l->nblocks, 0);
	lesson_free(l);
	l = lesson_parse(PATH, "\xEF\xBB\xBF", 3);
	assert_true(l->has_bom);
	expect_no_diags(l);
	lesson_free(l);
	l = lesson_parse(PATH, "```", 3);
	assert_int_equal(l->nblocks, 1);
	lesson_free(l);
}

static void test_encoding(void **state)
{
	(void)state;
	/* A NUL byte on line 3, inside a code block. */
	static const char nul[] = "# T\n\n```c\nint x;\0\n```\n";
	struct lesson *l = lesson_parse(PATH, nul, sizeof nul - 1);
	expect_diag(l, 4, 7, SEV_WARNING, "encoding", "NUL");
	assert_int_equal(count_rule(l, "encoding"), 1);
	assert_int_equal(l->nblocks, 1);
	lesson_free(l);

	/* Invalid UTF-8 on line 3, column 3. */
	l = parse("ok \xc3\xa9\n\nab\xff\xfe\n\xff\n");
	expect_diag(l, 3, 3, SEV_WARNING, "encoding", "invalid UTF-8 (byte 0xff)");
	assert_int_equal(count_rule(l, "encoding"), 1);
	lesson_free(l);

	/* A truncated sequence at the very end of the file. */
	l = parse("text\n\xe2\x82");
	expect_diag(l, 2, 1, SEV_WARNING, "encoding", "0xe2");
	lesson_free(l);

	/* Overlong, surrogate, beyond U+10FFFF. */
	static const char *const bad[] = { "\xc0\xaf", "\xe0\x80\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80",
					   "\xf8\x88\x80\x80\x80" };
	for (size_t i = 0; i < ARRAY_LEN(bad); i++) {
		struct buf b = BUF_INIT;
		buf_addf(&b, "a\nxy%s\n", bad[i]);
		l = parse(b.p);
		expect_diag(l, 2, 3, SEV_WARNING, "encoding", NULL);
		lesson_free(l);
		buf_release(&b);
	}

	/* CRLF lines and a BOM: the line as written; line 1 shifts by the BOM. */
	l = parse("a\r\nb\r\n\xc3(\r\n");
	expect_diag(l, 3, 1, SEV_WARNING, "encoding", NULL);
	lesson_free(l);
	l = parse("\xEF\xBB\xBF" "ab\xff\n");
	expect_diag(l, 1, 6, SEV_WARNING, "encoding", NULL);
	lesson_free(l);
	l = parse("\xEF\xBB\xBF\n\nab\xff\n");
	expect_diag(l, 3, 3, SEV_WARNING, "encoding", NULL);
	lesson_free(l);

	/*
	 * An invalid byte in a fence's info string (Latin-1 text): still a
	 * fence, its info string as written (cmark took the line for no fence:
	 * its close opened a block that swallowed the next one, an
	 * unclosed-fence error). Code keeps its bytes.
	 */
	l = parse("# T\n\n```c x\xe9\nint x; /* \xe9 */\n```\n\n```c\nint y;\n```\n");
	expect_diag(l, 3, 7, SEV_WARNING, "encoding", "0xe9");
	assert_int_equal(count_rule(l, "unclosed-fence"), 0);
	assert_int_equal(l->nblocks, 2);
	assert_int_equal(l->blocks[0].line, 3);
	assert_string_equal(l->blocks[0].info, "c x\xe9");
	assert_string_equal(l->blocks[0].code, "int x; /* \xe9 */\n");
	assert_int_equal(l->blocks[1].line, 7);
	lesson_free(l);

	/* Valid UTF-8 everywhere: no warning. */
	l = parse("# Caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\n");
	expect_no_diags(l);
	assert_string_equal(l->title, "Caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
	lesson_free(l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_front_matter),
		cmocka_unit_test(test_front_matter_problems),
		cmocka_unit_test(test_front_matter_values),
		cmocka_unit_test(test_positions),
		cmocka_unit_test(test_bom_line_one),
		cmocka_unit_test(test_tabs),
		cmocka_unit_test(test_lists_and_quotes),
		cmocka_unit_test(test_indented_code_is_display),
		cmocka_unit_test(test_unclosed_fence),
		cmocka_unit_test(test_fence_swallows_blocks),
		cmocka_unit_test(test_output_blank_lines),
		cmocka_unit_test(test_output_after_paragraph),
		cmocka_unit_test(test_output_after_nothing_or_display),
		cmocka_unit_test(test_stdin),
		cmocka_unit_test(test_two_outputs),
		cmocka_unit_test(test_output_attributes),
		cmocka_unit_test(test_use_order),
		cmocka_unit_test(test_use_errors), cmocka_unit_test(test_use_limits),
		cmocka_unit_test(test_default_ids),
		cmocka_unit_test(test_duplicate_ids),
		cmocka_unit_test(test_modes),
		cmocka_unit_test(test_attribute_diagnostics),
		cmocka_unit_test(test_flags_that_cannot_apply),
		cmocka_unit_test(test_many_blocks),
		cmocka_unit_test(test_degenerate_lessons),
		cmocka_unit_test(test_hostile_bytes),
		cmocka_unit_test(test_encoding),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
