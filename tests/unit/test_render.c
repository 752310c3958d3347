/* test_render.c: anchors, page names, and lesson pages made from hand-built evidence. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "check/check.h"
#include "render/describe.h"
#include "render/ledger_model.h"
#include "render/render.h"
#include "base/util.h"

static char *slug(const char *s)
{
	struct buf out = BUF_INIT;

	render_slug(&out, s, strlen(s));
	return buf_detach(&out, NULL);
}

static void test_slug(void **state)
{
	static const char *const cases[][2] = {
		{ "Hello, World!", "hello-world" },
		{ "  A -- b  ", "a-b" },
		{ "", "section" },
		{ "?!", "section" },
		{ "Über größe", "Über-größe" }, /* UTF-8 is kept as it is */
		{ "C11 & C23", "c11-c23" },
		{ "bad \xff byte", "section" },
	};
	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
		char *got = slug(cases[i][0]);
		assert_string_equal(got, cases[i][1]);
		free(got);
	}
}

static void test_page_name(void **state)
{
	char *a = render_page_name("lessons/15-profiling.md");
	char *b = render_page_name("07-x.md");
	char *c = render_page_name("dir.md/notes");

	(void)state;
	assert_string_equal(a, "15-profiling.html");
	assert_string_equal(b, "07-x.html");
	assert_string_equal(c, "notes.html");
	free(a);
	free(b);
	free(c);
}

static const char lesson_text[] =
	"---\n"
	"title: T & <t>\n"
	"course: My course\n"
	"unit: Unit one\n"
	"reviewed: 2026-01-02\n"
	"---\n"
	"# T & title\n"
	"\n"
	"Intro with `code` and <kbd>raw</kbd>.\n"
	"\n"
	"## Same\n"
	"\n"
	"## Same\n"
	"\n"
	"```c id=run\n"
	"int main(void) { return 0; }\n"
	"```\n"
	"\n"
	"```output\n"
	"<b>expected</b>\n"
	"```\n"
	"\n"
	"```python derived reason=\"no <python> here\"\n"
	"print(1)\n"
	"```\n"
	"\n"
	"```output\n"
	"1 < 2\n"
	"```\n"
	"\n"
	"<details><summary>S</summary>\n"
	"\n"
	"Hidden.\n"
	"\n"
	"</details>\n";

/* Renders the lesson above with the run block "executed", printing out[0..len). */
static char *page_with_output(const char *out, size_t len)
{
	struct lesson_result lr;
	struct render_ctx ctx = { .course = "My course" };
	struct buf page = BUF_INIT;

	memset(&lr, 0, sizeof lr);
	lr.lesson = lesson_parse("lessons/07-t.md", lesson_text, sizeof lesson_text - 1);
	assert_non_null(lr.lesson);
	assert_int_equal(lr.lesson->nblocks, 2);
	lr.blocks = xcalloc(2, sizeof *lr.blocks);
	for (size_t i = 0; i < 2; i++)
		evidence_init(&lr.blocks[i].ev);
	lr.blocks[0].status = STATUS_PASSED;
	lr.blocks[0].ev.compiled = lr.blocks[0].ev.compile_ok = lr.blocks[0].ev.executed = 1;
	lr.blocks[0].ev.cflags = xstrdup("-O2 -D'X=<y>'");
	lr.blocks[0].ev.run.end = END_EXITED;
	buf_add(&lr.blocks[0].ev.run.out, out, len);
	lr.blocks[1].status = STATUS_DERIVED;
	render_lesson(&page, &ctx, &lr, 1, 0);
	lesson_result_release(&lr);
	return buf_detach(&page, NULL);
}

static void assert_contains(const char *hay, const char *needle)
{
	if (!strstr(hay, needle))
		fail_msg("page lacks: %s", needle);
}

static void test_lesson_page(void **state)
{
	char *p = page_with_output("<b>expected</b>\n", 16);

	(void)state;
	assert_contains(p, "<html lang=\"en\">");
	assert_contains(p, "<title>T &amp; &lt;t&gt; · My course</title>");
	assert_contains(p, "<a class=\"skip-link\" href=\"#content\">");
	assert_contains(p, "<main id=\"content\">");
	assert_contains(p, "<li>Unit one</li>");
	assert_contains(p, "<h1>T &amp; title</h1>");
	assert_contains(p, "Content reviewed <time datetime=\"2026-01-02\">2026-01-02</time>");
	assert_contains(p, "<h2 id=\"same\">Same</h2>");
	assert_contains(p, "<h2 id=\"same-2\">Same</h2>");
	assert_contains(p, "<li><a href=\"#same-2\">Same</a></li>");
	assert_contains(p, "<p>Intro with <code>code</code> and <kbd>raw</kbd>.</p>");
	assert_contains(p, "<figure class=\"block caption-executed\" id=\"run\">");
	/* the real output, escaped; the output block's text is not shown for an executed block */
	assert_contains(p, "<span class=\"stream-label\">stdout</span>&lt;b&gt;expected&lt;/b&gt;\n</pre>");
	assert_contains(p, "<code>cc -O2 -D&#39;X=&lt;y&gt;&#39;</code>");
	assert_contains(p, "stdout verified (exact match)");
	assert_contains(p, "<figure class=\"block caption-derived\" id=\"python-1\">");
	assert_contains(p, "<pre class=\"output output-derived\">");
	assert_contains(p, "derived: not observed</span>1 &lt; 2\n</pre>");
	assert_contains(p, "Reason: no &lt;python&gt; here");
	assert_contains(p, "<details><summary>S</summary>\n");
	assert_null(strstr(p, "<b>expected"));
	assert_null(strstr(p, "```"));
	free(p);
}

static void test_hostile_output(void **state)
{
	static const char evil[] = "<script>alert(1)</script>\n\0nul\x1b[31m\xff\n";
	char *p = page_with_output(evil, sizeof evil - 1);

	(void)state;
	assert_contains(p, "&lt;script&gt;alert(1)&lt;/script&gt;\n\xEF\xBF\xBDnul\xEF\xBF\xBD[31m\xEF\xBF\xBD\n");
	assert_null(strstr(p, "<script"));
	assert_null(strchr(p, '\x1b'));
	assert_true(utf8_valid(p, strlen(p)));
	free(p);
}

/*
 * The lesson above as a preview (or not) with diagnostics added (an error when error is set): its page, or the index;
 * course: the course's errors outside the lesson, or NULL.
 */
static char *page_with_course_diags(int preview, int error, int index, const struct diags *course)
{
	struct lesson_result lr;
	struct render_ctx ctx = { .course = "My course", .preview = preview, .course_errors = course };
	struct buf page = BUF_INIT;

	memset(&lr, 0, sizeof lr);
	lr.lesson = lesson_parse("lessons/07-t.md", lesson_text, sizeof lesson_text - 1);
	assert_non_null(lr.lesson);
	lr.blocks = xcalloc(2, sizeof *lr.blocks);
	for (size_t i = 0; i < 2; i++)
		evidence_init(&lr.blocks[i].ev);
	lr.blocks[0].status = error ? STATUS_FAILED : STATUS_PASSED;
	lr.blocks[1].status = STATUS_DERIVED;
	struct diags *d = &lr.lesson->diags;
	diags_add(d, "lessons/07-t.md", 2, 1, SEV_NOTE, "x-note", "a note on the front matter");
	diags_add(d, "lessons/07-t.md", 9, 1, SEV_WARNING, "x-warn", "a warning on the intro");
	if (error)
		diags_add(d, "lessons/07-t.md", 16, 5, SEV_ERROR, "compile", "expected <bad> & co")->detail =
			xstrdup("    16 | <script>x</script>");
	render_lesson(&page, &ctx, &lr, 1, 0);
	if (index) {
		buf_reset(&page);
		render_index(&page, &ctx, &lr, 1);
	}
	lesson_result_release(&lr);
	return buf_detach(&page, NULL);
}

static char *page_with_diags(int preview, int error, int index)
{
	return page_with_course_diags(preview, error, index, NULL);
}

/* The preview's diagnostics are diag-N: a heading "Diag 1" takes another anchor, never a second diag-1. */
static void test_heading_not_a_diag_anchor(void **state)
{
	static const char text[] = "# T\n\n## Diag 1\n\nSome text.\n";
	struct lesson_result lr;
	struct render_ctx ctx = { .course = "C", .preview = 1 };
	struct buf page = BUF_INIT;

	(void)state;
	memset(&lr, 0, sizeof lr);
	lr.lesson = lesson_parse("lessons/01-d.md", text, sizeof text - 1);
	diags_add(&lr.lesson->diags, "lessons/01-d.md", 5, 1, SEV_WARNING, "x-warn", "a warning");
	render_lesson(&page, &ctx, &lr, 1, 0);
	const char *first = strstr(page.p, "id=\"diag-1\"");
	assert_non_null(first);
	assert_null(strstr(first + 1, "id=\"diag-1\""));
	assert_contains(page.p, "<h2 id=\"diag-1-2\">");
	lesson_result_release(&lr);
	buf_release(&page);
}

/* In p, a comes before b (both there). */
static void assert_before(const char *p, const char *a, const char *b)
{
	const char *x = strstr(p, a), *y = strstr(p, b);

	if (!x || !y || x >= y)
		fail_msg("page lacks '%s' before '%s'", a, b);
}

static void test_draft(void **state)
{
	char *p = page_with_diags(1, 1, 0);

	(void)state;
	assert_contains(p, "<title>DRAFT (not published): T &amp; &lt;t&gt; · My course</title>");
	assert_contains(p, "<body class=\"draft\">");
	assert_contains(p, "<div class=\"draft-banner\" role=\"alert\">DRAFT, NOT PUBLISHED: this lesson has 1 error,");
	assert_contains(p, "href=\"#diag-3\">the first</a>");
	/* each diagnostic at its place: the error under its block, the warning under its paragraph */
	assert_before(p, "<figure class=\"block caption-failed\" id=\"run\">", "<div class=\"diag diag-error\" id=\"diag-3\" data-line=\"16\"");
	assert_before(p, "<div class=\"diag diag-error\"", "id=\"python-1\"");
	assert_before(p, "<p>Intro with", "<div class=\"diag diag-warning\" id=\"diag-2\" data-line=\"9\"");
	assert_before(p, "<div class=\"diag diag-warning\"", "<h2 id=\"same\">");
	assert_before(p, "<div class=\"diag diag-note\" id=\"diag-1\"", "<h1>");
	assert_contains(p, "lessons/07-t.md:16:5</span> <strong class=\"diag-sev\">error:</strong> "
			   "<span class=\"diag-msg\">expected &lt;bad&gt; &amp; co</span> <span class=\"diag-rule\">[compile]</span>");
	assert_contains(p, "<pre class=\"diag-detail\">    16 | &lt;script&gt;x&lt;/script&gt;</pre>");
	assert_null(strstr(p, "<bad>"));
	assert_null(strstr(p, "<script"));
	free(p);

	/* Warnings alone: shown in place, but no draft. */
	p = page_with_diags(1, 0, 0);
	assert_contains(p, "<div class=\"diag diag-warning\"");
	assert_null(strstr(p, "<title>DRAFT"));
	assert_null(strstr(p, "<body class=\"draft\">"));
	assert_null(strstr(p, "<div class=\"draft-banner\""));
	free(p);

	/* Not a preview (build): no diagnostic, no draft, whatever the lesson holds. */
	p = page_with_diags(0, 1, 0);
	assert_null(strstr(p, "DRAFT"));
	assert_null(strstr(p, "diag"));
	assert_contains(p, "<body>\n");
	free(p);

	/* The index of a course with a draft: a draft, the lesson marked. */
	p = page_with_diags(1, 1, 1);
	assert_contains(p, "<title>DRAFT (not published): Lessons");
	assert_contains(p, "DRAFT, NOT PUBLISHED: 1 lesson below has errors");
	assert_before(p, "07-t.html", "<strong class=\"diag diag-error\">DRAFT: 1 error</strong>");
	free(p);
	p = page_with_diags(0, 1, 1);
	assert_null(strstr(p, "DRAFT"));
	free(p);
}

static const char measured_text[] =
	"# M\n"
	"\n"
	"```c id=spin measure samples=3 warmup=0\n"
	"int main(void) { return 0; }\n"
	"```\n"
	"\n"
	"```c id=sketch compile-only\n"
	"int main(void) { return 0; }\n"
	"```\n"
	"\n"
	"```c id=refused compile-fail\n"
	"#error no\n"
	"```\n";

static char *described(const struct lesson *l, const struct block_result *br, size_t i)
{
	struct description d;
	struct buf b = BUF_INIT;

	describe_block(&d, "cc", l, &l->blocks[i], &br[i]);
	for (size_t k = 0; k < d.n; k++)
		buf_adds(&b, d.v[k].text);
	description_release(&d);
	return buf_detach(&b, NULL);
}

/*
 * Issue 17: a measurement shows its date and the load average at that time
 * (page and ledger); cached evidence says when it was made; a compile-fail
 * block is counted as compile-failed, never as compiled (index, ledger).
 */
static void test_measured_cached_counted(void **state)
{
	static const int64_t walls[] = { 1000, 2000, 3000 };
	struct lesson_result lr;
	struct render_ctx ctx = { .course = "C" };
	struct buf page = BUF_INIT, index = BUF_INIT, audit = BUF_INIT;

	(void)state;
	memset(&lr, 0, sizeof lr);
	lr.lesson = lesson_parse("lessons/08-m.md", measured_text, sizeof measured_text - 1);
	assert_non_null(lr.lesson);
	assert_int_equal(lr.lesson->nblocks, 3);
	lr.blocks = xcalloc(3, sizeof *lr.blocks);
	for (size_t i = 0; i < 3; i++) {
		evidence_init(&lr.blocks[i].ev);
		lr.blocks[i].ev.compiled = 1;
	}
	struct block_result *m = &lr.blocks[0];
	m->status = STATUS_MEASURED;
	m->ev.compile_ok = m->ev.executed = 1;
	m->ev.run.end = END_EXITED;
	m->ev.env = xcalloc(1, sizeof *m->ev.env);
	m->ev.env->date_utc = xstrdup("2026-11-30T03:04:05Z");
	m->ev.env->loadavg1 = 1.25;
	m->measured = 1;
	m->m.samples = 3;
	m->m.wall_values = xmalloc(sizeof walls);
	memcpy(m->m.wall_values, walls, sizeof walls);
	stats_compute(&m->m.wall, walls, 3);
	lr.blocks[1].status = STATUS_COMPILED;
	lr.blocks[1].ev.compile_ok = 1;
	lr.blocks[2].status = STATUS_COMPILE_FAILED;
	lr.blocks[2].ev.cached = 1;
	lr.blocks[2].ev.made = xstrdup("2026-11-29T01:02:03Z");

	render_lesson(&page, &ctx, &lr, 1, 0);
	assert_contains(page.p, "<dt>Date (UTC)</dt><dd><time datetime=\"2026-11-30T03:04:05Z\">");
	assert_contains(page.p, "<dt>Load average</dt><dd>1.25 (1 min, as the measurement began)</dd>");
	assert_contains(page.p, "(compile-fail); its diagnostics are shown. Evidence reused from the cache, made "
				"<time datetime=\"2026-11-29T01:02:03Z\">2026-11-29T01:02:03Z</time>.");

	char *d = described(lr.lesson, lr.blocks, 0);
	assert_contains(d, "; measured 2026-11-30T03:04:05Z, load average 1.25 (1 min)");
	free(d);
	d = described(lr.lesson, lr.blocks, 2);
	assert_contains(d, "did not compile, as expected; cached, evidence made 2026-11-29T01:02:03Z");
	free(d);

	struct render_counts c;
	render_count(&lr, &c);
	assert_int_equal(c.compiled, 1);
	assert_int_equal(c.compile_failed, 1);
	render_index(&index, &ctx, &lr, 1);
	assert_contains(index.p, "<li>1 compiled</li>\n<li>1 compile-failed as expected</li>");
	struct ledger_model lm;
	ledger_model_build(&lm, &ctx.run, &lr, 1, NULL, NULL);
	ledger_html(&audit, &ctx, &lm);
	ledger_model_release(&lm);
	assert_contains(audit.p, "1 compiled, 1 compile-failed as expected");
	assert_contains(audit.p, "load average 1.25 (1 min)");
	buf_release(&page);
	buf_release(&index);
	buf_release(&audit);
	lesson_result_release(&lr);
}

/*
 * A rule file that failed to load: build publishes nothing, so the preview's
 * pages are drafts, though no lesson has an error, and the index shows it.
 */
static void test_draft_course_errors(void **state)
{
	struct diags d;

	(void)state;
	diags_init(&d);
	diags_add(&d, "lessons/rules/x.lua", 1, 1, SEV_ERROR, "rule-error", "rule file failed to load: <b>boom</b>");
	char *p = page_with_course_diags(1, 0, 1, &d);
	assert_contains(p, "<title>DRAFT (not published): Lessons");
	assert_contains(p, "<body class=\"draft\">");
	assert_contains(p, "DRAFT, NOT PUBLISHED: the course has 1 error outside its lessons");
	assert_contains(p, "<span class=\"diag-where\">lessons/rules/x.lua:1:1</span> <strong class=\"diag-sev\">error:"
			   "</strong> <span class=\"diag-msg\">rule file failed to load: &lt;b&gt;boom&lt;/b&gt;</span>");
	assert_null(strstr(p, "<b>boom"));
	free(p);
	p = page_with_course_diags(1, 0, 0, &d);
	assert_contains(p, "<title>DRAFT (not published): T &amp; &lt;t&gt;");
	assert_contains(p, "<body class=\"draft\">");
	assert_contains(p, "DRAFT, NOT PUBLISHED: the course has 1 error outside its lessons");
	free(p);
	/* Not a preview: nothing of it. */
	p = page_with_course_diags(0, 0, 1, &d);
	assert_null(strstr(p, "DRAFT"));
	assert_null(strstr(p, "boom"));
	free(p);
	diags_release(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_slug),
		cmocka_unit_test(test_page_name),
		cmocka_unit_test(test_lesson_page),
		cmocka_unit_test(test_hostile_output),
		cmocka_unit_test(test_draft),
		cmocka_unit_test(test_heading_not_a_diag_anchor),
		cmocka_unit_test(test_measured_cached_counted),
		cmocka_unit_test(test_draft_course_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
