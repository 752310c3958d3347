/*
 * test_import.c: pandoc, Quarto and GitHub info strings into litlab's
 * (each syntax, C to c, the mode of a block without main(), a plain fence
 * after a program), and that import never loses text: every line but a
 * rewritten fence's info string keeps its bytes, with CRLF, a lone CR, no
 * final newline, a BOM, containers, longer and tilde fences, and over
 * random documents; a fence that is not closed is refused.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/util.h"
#include "lesson/import.h"
#include "testutil.h"

#define PATH "lessons/01-imported.md"

/* Imports text; the test fails if it is refused. The caller frees the result; res is filled. */
static char *import_ok(const char *text, struct import_result *res)
{
	struct buf out = BUF_INIT;
	char *err = NULL;

	import_result_init(res);
	if (import_rewrite(PATH, text, strlen(text), &out, res, &err) < 0) {
		print_error("import_rewrite: %s\n", err);
		fail();
	}
	return buf_detach(&out, NULL);
}

/* The info string a one-block lesson's fence gets, for a block with code. */
static char *new_info(const char *info, const char *code)
{
	char *text = xasprintf("# T\n\n```%s\n%s```\n", info, code);
	struct import_result res;
	char *out = import_ok(text, &res);
	char *line = strstr(out, "```");
	char *nl = strchr(line, '\n');
	char *got = xstrndup(line + 3, (size_t)(nl - line - 3));

	import_result_release(&res);
	free(out);
	free(text);
	return got;
}

#define PROGRAM "#include <stdio.h>\nint main(void)\n{\n    puts(\"hi\");\n}\n"
#define SNIPPET "int x = 3;\nprintf(\"%d\\n\", x);\n"
#define UNIT "#include <stddef.h>\n\nsize_t my_len(const char *s)\n{\n    size_t n = 0;\n    while (s[n])\n        n++;\n    return n;\n}\n"

static void expect_info(const char *info, const char *code, const char *want)
{
	char *got = new_info(info, code);

	if (strcmp(got, want) != 0) {
		print_error("'%s' became '%s', expected '%s'\n", info, got, want);
		fail();
	}
	free(got);
}

static void test_syntax(void **state)
{
	(void)state;
	/* pandoc */
	expect_info(" {.c .numberLines}", PROGRAM, " c");
	expect_info("{.c}", PROGRAM, "c");
	expect_info(" {.c .numberLines startFrom=\"7\"}", PROGRAM, " c");
	expect_info("{#hello .c}", PROGRAM, "c id=hello");
	expect_info("c {#hello_world .class key=val}", PROGRAM, "c id=hello-world");
	expect_info(" {.default}", "some text\n", "");
	expect_info("{.zsh}", "$ ls\n", "zsh");
	expect_info("{#x .python}", "print(1)\n", "python id=x");
	/* Quarto and knitr */
	expect_info("{c}", PROGRAM, "c");
	expect_info("{c, echo=FALSE}", PROGRAM, "c");
	expect_info("{c hello, echo=FALSE}", PROGRAM, "c id=hello");
	expect_info("{c, eval=FALSE}", PROGRAM, "c fragment");
	/* litlab's own attributes written in braces are kept */
	expect_info("{.c .measure samples=5}", PROGRAM, "c measure samples=5");
	expect_info("{.c args=\"a b\"}", PROGRAM, "c args=\"a b\"");
	/* GitHub */
	expect_info("C", PROGRAM, "c");
	expect_info("c", PROGRAM, "c");
	/* left alone: litlab's own, raw blocks, Quarto's shown-as-is cells, other languages */
	expect_info("c id=a exit=3", "int main(void) { return 3; }\n", "c id=a exit=3");
	expect_info("{=html}", "<b>x</b>\n", "{=html}");
	expect_info("{{c}}", SNIPPET, "{{c}}");
	expect_info("cpp", SNIPPET, "cpp");
	expect_info("text", "hello\n", "text");
}

static void test_modes(void **state)
{
	(void)state;
	expect_info("c", SNIPPET, "c fragment");
	expect_info("c", UNIT, "c compile-only");
	expect_info("{.c}", UNIT, "c compile-only");
	/* No #include: it may need a declaration it does not show. */
	expect_info("c", "int add(int a, int b)\n{\n    return a + b;\n}\n", "c fragment");
	/* A header of the course's own is not there. */
	expect_info("c", "#include <stdio.h>\n#include \"myheader.h\"\n", "c fragment");
	expect_info("c", "#include <stdio.h>\n#include <stdlib.h>\n", "c compile-only");
	/* A lesson file declared before the block is there. */
	{
		struct import_result res;
		const char *text = "```c file=hello.h\nvoid hello(void);\n```\n\n```c\n#include <stdio.h>\n#include \"hello.h\"\n"
				   "int main(void)\n{\n}\n```\n\n```c\n#include \"other.h\"\nint main(void)\n{\n}\n```\n";
		char *out = import_ok(text, &res);
		assert_int_equal(res.n, 1);
		assert_int_equal(res.v[0].line, 13);
		assert_string_equal(res.v[0].new_info, "c fragment");
		import_result_release(&res);
		free(out);
	}
	/* A "..." line stands for elided code. */
	expect_info("c", "#include <stdio.h>\nvoid f(void)\n{\n    ...\n}\n", "c fragment");
	expect_info("c", "int f(int p[static 4]) {...}\n\nint main(void)\n{\n}\n", "c fragment");
	/* A variadic function's "..." is code. */
	expect_info("c", "#include <stdarg.h>\nint sum(int n, ...)\n{\n    return n;\n}\n", "c compile-only");
	expect_info("c", "#include <stdarg.h>\nint sum(int n, ...);\nint main(void)\n{\n    return 0;\n}\n", "c");
	/* Statements at file scope. */
	expect_info("c", "#include <stdio.h>\nif (x)\n    puts(\"x\");\n", "c fragment");
	expect_info("c", "#include <stdio.h>\nx = 3;\n", "c fragment");
	expect_info("c", "#include <stdio.h>\nfor (;;) {\n}\n", "c fragment");
	/* Declarations, structs, initializers, prototypes. */
	expect_info("c",
		    "#include <stdio.h>\nstruct point { int x, y; } origin;\ntypedef struct { int a; } t;\n"
		    "static int v[] = { 1, 2 };\nint f(void);\n",
		    "c compile-only");
	/* main in a comment or a string is no main; main( in code is. */
	expect_info("c", "// int main(void)\nint y = 1;\n", "c fragment");
	expect_info("c", "int main ( void ) { }\n", "c");
	expect_info("c", "s.main(1);\n", "c fragment");
	/* A declaration of main is no program. */
	expect_info("c", "int main(int argc, char *argv[])\n", "c fragment");
	expect_info("c", "int main(int argc, char *argv[]);\n", "c fragment");
	expect_info("c", "int main(int argc,\n         char **argv)\n{\n}\n", "c");
	/* A block with a mode, use= or sources= keeps what it has. */
	expect_info("c fragment", SNIPPET, "c fragment");
	expect_info("c use=base", SNIPPET, "c use=base");
	expect_info("c derived reason=\"x\"", SNIPPET, "c derived reason=\"x\"");
}

static void test_output(void **state)
{
	(void)state;
	struct import_result res;
	const char *text = "# T\n\n```c\n" PROGRAM "```\n\n```\nhi\n```\n\nAnd:\n\n```\nnot output\n```\n\n"
			   "```{.c}\n" SNIPPET "```\n```text\nx\n```\n";
	char *out = import_ok(text, &res);

	assert_string_equal(out, "# T\n\n```c\n" PROGRAM "```\n\n```output\nhi\n```\n\nAnd:\n\n```\nnot output\n```\n\n"
				 "```c fragment\n" SNIPPET "```\n```text\nx\n```\n");
	assert_int_equal(res.n, 2);
	assert_int_equal(res.v[0].line, 11);
	assert_int_equal(res.v[0].kinds, IMPORT_OUTPUT);
	assert_int_equal(res.v[1].kinds, IMPORT_SYNTAX | IMPORT_FRAGMENT);
	import_result_release(&res);
	free(out);

	/* A program that has an output block keeps it; a second plain block is not a second output. */
	text = "```c\n" PROGRAM "```\n```output\nhi\n```\n```\nx\n```\n";
	out = import_ok(text, &res);
	assert_string_equal(out, text);
	assert_int_equal(res.n, 0);
	import_result_release(&res);
	free(out);

	/* text after a program, and pandoc's {.default}. */
	text = "```{.c}\n" PROGRAM "```\n``` {.default}\nhi\n```\n";
	out = import_ok(text, &res);
	assert_string_equal(out, "```c\n" PROGRAM "```\n``` output\nhi\n```\n");
	import_result_release(&res);
	free(out);
	text = "```{.c}\n" PROGRAM "```\n\nprose\n\n``` {.default}   \nhi\n```\n";
	out = import_ok(text, &res);
	assert_string_equal(out, "```c\n" PROGRAM "```\n\nprose\n\n```\nhi\n```\n");
	/* The plain block after the paragraph is not made an output block: a note says why. */
	assert_int_equal(res.n, 2);
	assert_int_equal(res.v[1].kinds, IMPORT_SYNTAX);
	assert_int_equal(res.nnotes, 1);
	assert_int_equal(res.notes[0].line, 11);
	assert_non_null(strstr(res.notes[0].text, "program on line 1, with a paragraph between (line 9)"));
	import_result_release(&res);
	free(out);
}

/* "Continuing the program above": a program that calls what an earlier block defines uses it. */
static void test_use(void **state)
{
	(void)state;
	struct import_result res;
	const char *text = "```{.c}\n#include <stdio.h>\n\nint twice(int n)\n{\n    return 2 * n;\n}\n```\n\n"
			   "Then main:\n\n```{.c}\nint main(void)\n{\n    printf(\"%d\\n\", twice(4));\n}\n```\n";
	char *out = import_ok(text, &res);

	assert_string_equal(out, "```c compile-only id=twice\n#include <stdio.h>\n\nint twice(int n)\n{\n    return 2 * n;\n}\n"
				 "```\n\nThen main:\n\n```c use=twice\nint main(void)\n{\n    printf(\"%d\\n\", twice(4));\n}\n```\n");
	assert_int_equal(res.n, 2);
	assert_true(res.v[0].kinds & IMPORT_USE);
	assert_true(res.v[1].kinds & IMPORT_USE);
	assert_non_null(strstr(res.v[1].why, "twice (line 1: twice)"));
	import_result_release(&res);
	free(out);

	/* The lesson loads without an error: the id and use= are litlab's. */
	struct lesson *l = test_lesson(PATH, out = import_ok(text, &res));
	for (size_t i = 0; i < l->diags.n; i++)
		assert_int_not_equal(l->diags.v[i].severity, SEV_ERROR);
	assert_int_equal(l->blocks[1].ndeps, 1);
	lesson_free(l);
	import_result_release(&res);
	free(out);

	/* A variable alone is no reason; a block that defines the same name again is not used; the search stops at a
	   program; an id the block has is kept. */
	text = "```c\nint a[3] = { 1, 2, 3 };\n```\n\n```c\n#include <stdio.h>\nint main(void)\n{\n    int a = 1;\n"
	       "    printf(\"%d\\n\", a);\n}\n```\n\n"
	       "```c {#helper}\nstatic int f(void)\n{\n    return 1;\n}\n```\n\n"
	       "```c\nstatic int f(void)\n{\n    return 2;\n}\nint main(void)\n{\n    return f();\n}\n```\n\n"
	       "```c\nint main(void)\n{\n    return f();\n}\n```\n";
	out = import_ok(text, &res);
	assert_null(strstr(out, "use="));
	assert_non_null(strstr(out, "```c id=helper fragment\n"));
	import_result_release(&res);
	free(out);
	text = "```c {#helper}\nstatic int f(void)\n{\n    return 1;\n}\n```\n\n"
	       "```c\nint main(void)\n{\n    return f();\n}\n```\n";
	out = import_ok(text, &res);
	assert_non_null(strstr(out, "```c use=helper\n"));
	import_result_release(&res);
	free(out);
}

/* The lines of s as the loader splits them (LF, CR LF, lone CR), each with its line end. */
static size_t split(const char *s, size_t len, struct span **lines)
{
	size_t n = 0, start = 0;

	*lines = NULL;
	for (size_t i = 0; i < len; i++) {
		if (s[i] != '\n' && s[i] != '\r')
			continue;
		if (s[i] == '\r' && i + 1 < len && s[i + 1] == '\n')
			i++;
		*lines = xappendarray(*lines, n, sizeof **lines);
		(*lines)[n].p = s + start;
		(*lines)[n++].len = i + 1 - start;
		start = i + 1;
	}
	if (start < len) {
		*lines = xappendarray(*lines, n, sizeof **lines);
		(*lines)[n].p = s + start;
		(*lines)[n++].len = len - start;
	}
	return n;
}

/*
 * Fails unless out is in, line for line, except that a line of in listed
 * in res may differ after its fence (the bytes before the info string and
 * after it, with the line end, are the same).
 */
static void assert_only_info_changed(const char *in, size_t in_len, const char *out, size_t out_len,
				     const struct import_result *res)
{
	struct span *a, *b;
	size_t na = split(in, in_len, &a), nb = split(out, out_len, &b);

	assert_int_equal(na, nb);
	for (size_t i = 0; i < na; i++) {
		int changed = 0;
		for (size_t k = 0; k < res->n; k++)
			changed |= res->v[k].line == (int)i + 1;
		if (!changed) {
			if (a[i].len != b[i].len || memcmp(a[i].p, b[i].p, a[i].len) != 0) {
				print_error("line %zu changed: '%.*s' -> '%.*s'\n", i + 1, (int)a[i].len, a[i].p,
					    (int)b[i].len, b[i].p);
				fail();
			}
			continue;
		}
		/* The same bytes up to the end of the fence, and the same blanks and line end after the info. */
		size_t p = 0;
		while (p < a[i].len && a[i].p[p] != '`' && a[i].p[p] != '~')
			p++;
		assert_true(p < a[i].len);
		while (p < a[i].len && a[i].p[p] == a[i].p[p - (p > 0 && a[i].p[p - 1] == a[i].p[p] ? 1 : 0)] &&
		       (a[i].p[p] == '`' || a[i].p[p] == '~'))
			p++;
		assert_true(b[i].len >= p);
		assert_memory_equal(a[i].p, b[i].p, p);
		size_t ta = a[i].len, tb = b[i].len;
		while (ta > p && strchr("\r\n", a[i].p[ta - 1]))
			ta--;
		while (tb > p && strchr("\r\n", b[i].p[tb - 1]))
			tb--;
		assert_int_equal(a[i].len - ta, b[i].len - tb);
		assert_memory_equal(a[i].p + ta, b[i].p + tb, a[i].len - ta);
		assert_null(memchr(b[i].p + p, '\n', tb - p));
		assert_null(memchr(b[i].p + p, '\r', tb - p));
	}
	free(a);
	free(b);
}

static void check_keeps_text(const char *text, size_t expect_changes)
{
	struct import_result res;
	char *out = import_ok(text, &res);

	assert_only_info_changed(text, strlen(text), out, strlen(out), &res);
	if (res.n != expect_changes) {
		print_error("%zu changes, expected %zu in:\n%s\n", res.n, expect_changes, text);
		fail();
	}
	import_result_release(&res);
	free(out);
}

static void test_line_ends(void **state)
{
	(void)state;
	/* CRLF throughout, the file ending without a newline right after the closing fence. */
	check_keeps_text("# T\r\n\r\n``` {.c .numberLines}\r\n" "int x;\r\nx++;\r\n```\r\n\r\ntrailing  \r\n"
			 "```C\r\nint y;\r\n```",
			 2);
	/* A lone CR, a BOM, blanks after the info string. */
	check_keeps_text("\xEF\xBB\xBF```{.c}   \rint x;\r```\r\rtext\r", 1);
	/* The fence on the very first line of a file with a BOM, CRLF, and no final newline in the code. */
	check_keeps_text("\xEF\xBB\xBF```{c}\r\nint main(void) { return 0; }\r\n```\r\n```\r\n\r\n```", 2);
	/* No final newline, the file ending inside prose. */
	check_keeps_text("```C\nint z;\n```\nlast line, no newline", 1);
}

static void test_containers_and_fences(void **state)
{
	(void)state;
	/* In a list and a quote. */
	check_keeps_text("- item\n\n  ``` {.c}\n  int x;\n  ```\n\n> ```{.c}\n> int y;\n> ```\n", 2);
	/* A longer fence showing a fenced block: the inner fence is content, never rewritten. */
	const char *nested = "````markdown\n```{.c}\nint x;\n```\n````\n\n~~~ {.c}\nint y; // ```\n~~~\n";
	struct import_result res;
	char *out = import_ok(nested, &res);
	assert_string_equal(out, "````markdown\n```{.c}\nint x;\n```\n````\n\n~~~ c fragment\nint y; // ```\n~~~\n");
	assert_int_equal(res.n, 1);
	assert_int_equal(res.v[0].line, 7);
	import_result_release(&res);
	free(out);
	/* A tilde fence whose info string holds backticks. */
	check_keeps_text("~~~~ {.c title=\"`x`\"}\nint x;\n~~~~\n", 1);
}

static void test_unclosed(void **state)
{
	(void)state;
	const char *texts[] = {
		"# T\n\n```{.c}\nint x;\n\n## Next\n\nprose\n",
		"```{.c}\nint x;\n\nprose\n\n```{.c}\nint y;\n```\n",
		"```` {.c}\nint x;\n```\n\nprose, never closed\n",
	};
	for (size_t i = 0; i < ARRAY_LEN(texts); i++) {
		struct buf out = BUF_INIT;
		struct import_result res;
		char *err = NULL;
		import_result_init(&res);
		assert_int_equal(import_rewrite(PATH, texts[i], strlen(texts[i]), &out, &res, &err), -1);
		assert_non_null(strstr(err, PATH ":1:") ? strstr(err, PATH ":1:") : strstr(err, PATH ":3:"));
		assert_non_null(strstr(err, "not closed"));
		free(err);
		import_result_release(&res);
		buf_release(&out);
	}
}

/* The result of an import imports to itself: nothing left to change. */
static void test_idempotent(void **state)
{
	(void)state;
	const char *text = "``` {.c .numberLines}\n" PROGRAM "```\n\n```\nhi\n```\n\n```{c}\n" SNIPPET "```\n\n"
			   "```c {#u .x}\n" UNIT "```\n";
	struct import_result res, res2;
	char *once = import_ok(text, &res);
	char *twice = import_ok(once, &res2);

	assert_int_equal(res.n, 4);
	assert_string_equal(once, twice);
	assert_int_equal(res2.n, 0);
	import_result_release(&res);
	import_result_release(&res2);
	free(once);
	free(twice);
}

/*
 * Random documents made of fences (every kind import rewrites, longer and
 * tilde ones, bare ones), code, prose and blank lines, with LF, CRLF or CR
 * line ends and sometimes no final newline: import either refuses one or
 * keeps every line but the info strings it lists.
 */
static void test_random(void **state)
{
	(void)state;
	static const char *const opens[] = {
		"```", "```{.c}", "``` {.c .numberLines}", "```{c}", "````", "```` {.c}", "~~~", "~~~ {.c}", "```C",
		"``` {.default}", "```c {#a_b .k v=1}", "```{c, eval=FALSE}", "```text", "```c", "~~~~ {#x .c}",
	};
	static const char *const prefixes[] = { "", "", "", "> ", "- ", "  ", "1. " };
	static const char *const lines[] = {
		"int x;", "int main(void) { return 0; }", "x++;", "prose", "", "## Heading", "...", "#include <stdio.h>",
		"```", "```{.c}", "~~~", "  prose", "void f(void) {", "}",
	};
	static const char *const ends[] = { "\n", "\r\n", "\r" };
	unsigned seed = 12345;
	size_t refused = 0, changed = 0;

#define NEXT() (seed = seed * 1103515245u + 12345u, (seed >> 16) & 0x7fff)
	for (int round = 0; round < 3000; round++) {
		struct buf doc = BUF_INIT;
		const char *eol = ends[NEXT() % 3];
		int items = 1 + (int)(NEXT() % 8);
		for (int i = 0; i < items; i++) {
			if (NEXT() % 3 == 0) {
				buf_adds(&doc, lines[NEXT() % ARRAY_LEN(lines)]);
				buf_adds(&doc, eol);
				continue;
			}
			const char *pre = prefixes[NEXT() % ARRAY_LEN(prefixes)];
			const char *open = opens[NEXT() % ARRAY_LEN(opens)];
			buf_addf(&doc, "%s%s%s", pre, open, eol);
			for (unsigned k = NEXT() % 4; k > 0; k--)
				buf_addf(&doc, "%s%s%s", *pre == '>' ? "> " : *pre ? "   " : "", lines[NEXT() % ARRAY_LEN(lines)],
					 eol);
			if (NEXT() % 8) {
				/* Its closing fence: the fence of the opening line. */
				size_t fl = strspn(open, open[0] == '`' ? "`" : "~");
				buf_addf(&doc, "%s%.*s", *pre == '>' ? "> " : *pre ? "   " : "", (int)fl, open);
			}
			if (i + 1 < items || NEXT() % 2)
				buf_adds(&doc, eol);
		}
		struct buf out = BUF_INIT;
		struct import_result res;
		char *err = NULL;
		import_result_init(&res);
		if (import_rewrite(PATH, doc.p, doc.len, &out, &res, &err) < 0) {
			assert_non_null(strstr(err, "not closed"));
			free(err);
			refused++;
		} else {
			if (round == -1)
				print_message("%s\n", doc.p);
			assert_only_info_changed(doc.p, doc.len, out.p, out.len, &res);
			changed += res.n > 0;
		}
		import_result_release(&res);
		buf_release(&out);
		buf_release(&doc);
	}
	print_message("random: %zu refused, %zu changed\n", refused, changed);
	/* Both happen, so the property was tried on both sides. */
	assert_true(refused > 100);
	assert_true(changed > 100);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_syntax),	  cmocka_unit_test(test_modes),
		cmocka_unit_test(test_output),	  cmocka_unit_test(test_use),	      cmocka_unit_test(test_line_ends),
		cmocka_unit_test(test_containers_and_fences), cmocka_unit_test(test_unclosed),
		cmocka_unit_test(test_idempotent), cmocka_unit_test(test_random),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
