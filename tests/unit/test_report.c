/*
 * test_report.c: the JSON document (docs/json.md) as a module: a block's
 * status and evidence under the names the docs give; what a program
 * printed, whatever its bytes, comes out as valid JSON (invalid UTF-8 as
 * U+FFFD, NUL kept); diagnostics with their place; the summary's counts;
 * the document written and read back is the same document.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check/check.h"
#include "render/report.h"
#include "testutil.h"

static const char lesson_text[] = "# Report\n"
				  "\n"
				  "```c id=prints\n"
				  "int main(void) { return 3; }\n"
				  "```\n"
				  "\n"
				  "```c derived reason=\"shown, not run\"\n"
				  "int main(void) { return 0; }\n"
				  "```\n";

/* The lesson above, checked with no compiler, then given the evidence of a run. */
static struct lesson_result *with_evidence(const char *out, size_t len)
{
	struct lesson_result *lr = calloc(1, sizeof *lr);

	assert_non_null(lr);
	lr->lesson = test_lesson("lessons/04-report.md", lesson_text);
	assert_int_equal(lr->lesson->nblocks, 2);
	check_lesson(lr, NULL, NULL, NULL, NULL);
	struct evidence *ev = &lr->blocks[0].ev;
	ev->compiled = ev->compile_ok = 1;
	ev->executed = 1;
	ev->run.end = END_EXITED;
	ev->run.exit_code = 3;
	buf_add(&ev->run.out, out, len);
	lr->blocks[0].status = STATUS_FAILED;
	diags_add(&lr->lesson->diags, lr->lesson->path, 3, 1, SEV_ERROR, "exit-status", "block 'prints' exited %d", 3);
	return lr;
}

static void release(struct lesson_result *lr)
{
	lesson_result_release(lr);
	free(lr);
}

static const char *get_str(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);
	assert_non_null(v);
	assert_true(json_is_string(v));
	return json_string_value(v);
}

static json_int_t get_int(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);
	assert_non_null(v);
	assert_true(json_is_integer(v));
	return json_integer_value(v);
}

static void test_block_and_diagnostics(void **state)
{
	static const char out[] = "ok\n\xff\xfe" "bad\x00nul\n";
	struct lesson_result *lr = with_evidence(out, sizeof out - 1);
	struct ledger_model m;

	(void)state;
	ledger_model_build(&m, NULL, lr, 1, NULL, NULL);
	json_t *l = report_lesson(&m.lessons[0]);
	assert_non_null(l);
	assert_string_equal(get_str(l, "path"), "lessons/04-report.md");
	json_t *blocks = json_object_get(l, "blocks");
	assert_true(json_is_array(blocks));
	assert_int_equal(json_array_size(blocks), 2);

	json_t *b = json_array_get(blocks, 0);
	assert_string_equal(get_str(b, "id"), "prints");
	assert_string_equal(get_str(b, "status"), "failed");
	json_t *ev = json_object_get(b, "evidence");
	assert_non_null(ev);
	assert_int_equal(get_int(ev, "exit"), 3);
	size_t n = 0;
	const char *text = json_string_value(json_object_get(ev, "stdout"));
	assert_non_null(text);
	n = json_string_length(json_object_get(ev, "stdout"));
	/* Invalid bytes became U+FFFD (3 bytes each), the NUL is kept. */
	static const char want[] = "ok\n\xef\xbf\xbd\xef\xbf\xbd" "bad\x00nul\n";
	assert_int_equal(n, sizeof want - 1);
	assert_memory_equal(text, want, sizeof want - 1);

	json_t *derived = json_array_get(blocks, 1);
	assert_string_equal(get_str(derived, "status"), "derived");

	json_t *diags = json_object_get(l, "diagnostics");
	assert_true(json_is_array(diags));
	assert_int_equal(json_array_size(diags), 1);
	json_t *d = json_array_get(diags, 0);
	assert_int_equal(get_int(d, "line"), 3);
	assert_int_equal(get_int(d, "column"), 1);
	assert_string_equal(get_str(d, "severity"), "error");
	assert_string_equal(get_str(d, "rule"), "exit-status");
	json_decref(l);
	ledger_model_release(&m);
	release(lr);
}

/* The whole document, written and read back: the same document, and the summary's counts. */
static void test_document_round_trip(void **state)
{
	struct lesson_result *lr = with_evidence("\x1b[2Jfake\n", 9);
	struct ledger_model m;

	(void)state;
	ledger_model_build(&m, NULL, lr, 1, NULL, NULL); /* the summary counted from the lesson */
	json_t *doc = report_document(&m);
	ledger_model_release(&m);
	assert_non_null(doc);
	json_t *s = json_object_get(doc, "summary");
	assert_non_null(s);
	assert_int_equal(get_int(s, "lessons"), 1);
	assert_int_equal(get_int(s, "failed"), 1);
	assert_int_equal(get_int(s, "derived"), 1);
	assert_int_equal(get_int(s, "errors"), 1);

	char *text = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&text, &len);
	assert_non_null(fp);
	assert_int_equal(report_write(fp, doc), 0);
	fclose(fp);
	assert_true(len > 0 && text[len - 1] == '\n');
	assert_null(memchr(text, '\x1b', len)); /* escaped as \u001b: nothing reaches a terminal raw */
	json_error_t jerr;
	json_t *back = json_loadb(text, len, JSON_ALLOW_NUL, &jerr);
	assert_non_null(back);
	assert_true(json_equal(doc, back));
	json_decref(back);
	json_decref(doc);
	free(text);
	release(lr);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_block_and_diagnostics),
		cmocka_unit_test(test_document_round_trip),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
