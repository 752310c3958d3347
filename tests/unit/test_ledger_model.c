/*
 * test_ledger_model.c: the reviewer's ledger as one model (render/ledger_model.h):
 * built from a checked lesson, it holds each block's status and the facts of
 * its evidence (exit status and the one expected, timings, cache, reason),
 * the references with their values and sources, the counts; and the
 * renderers agree: the same facts, in the same words, in the text ledger,
 * JUnit, audit.html and the JSON.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "check/check.h"
#include "render/ledger_model.h"
#include "render/report.h"
#include "run/stats.h"
#include "testutil.h"

#define assert_contains(hay, needle)                                                                         \
	do {                                                                                                 \
		if (!strstr((hay), (needle)))                                                                \
			fail_msg("'%s' not in:\n%s", (needle), (hay));                                      \
	} while (0)

static const char lesson_text[] = "# Model\n"
				  "\n"
				  "```c id=prints\n"
				  "int main(void) { return 3; }\n"
				  "```\n"
				  "\n"
				  "```c id=timed measure samples=3 warmup=1\n"
				  "int main(void) { return 0; }\n"
				  "```\n"
				  "\n"
				  "```c id=later derived reason=\"shown, not run\"\n"
				  "int main(void) { return 0; }\n"
				  "```\n"
				  "\n"
				  "It takes {{measure:timed:median}}.\n";

static const int64_t walls[] = { 1000, 2000, 5000 };

/*
 * The lesson above, checked with no compiler, then given evidence: 'prints'
 * exited 3 where 0 was expected (failed, with its error), 'timed' was
 * measured (from the cache), and the reference resolved.
 */
static void checked(struct lesson_result *lr)
{
	memset(lr, 0, sizeof *lr);
	lr->lesson = test_lesson("lessons/05-model.md", lesson_text);
	assert_int_equal(lr->lesson->nblocks, 3);
	check_lesson(lr, NULL, NULL, NULL, NULL);

	struct block_result *p = &lr->blocks[0];
	p->ev.compiled = p->ev.compile_ok = p->ev.executed = 1;
	p->ev.run.end = END_EXITED;
	p->ev.run.exit_code = 3;
	p->status = STATUS_FAILED;
	diags_add(&lr->lesson->diags, lr->lesson->path, 3, 1, SEV_ERROR, "exit-status", "block 'prints' exited 3");

	struct block_result *m = &lr->blocks[1];
	m->ev.compiled = m->ev.compile_ok = m->ev.executed = 1;
	m->ev.run.end = END_EXITED;
	m->ev.cached = 1;
	m->ev.made = xstrdup("2026-11-29T01:02:03Z");
	m->status = STATUS_MEASURED;
	m->measured = 1;
	m->m.samples = 3;
	m->m.warmup = 1;
	m->m.wall_values = xmalloc(sizeof walls);
	memcpy(m->m.wall_values, walls, sizeof walls);
	stats_compute(&m->m.wall, walls, 3);

	for (size_t i = 0; i < lr->nrefs; i++) { /* unresolved without evidence: resolve it as check_end() would */
		free(lr->refs[i].stat);
		lr->refs[i].stat = xstrdup("median");
		lr->refs[i].resolved = 1;
		lr->refs[i].value = m->m.wall.median;
		lr->refs[i].block = 1;
	}
}

static const struct evidence_context run = { .cc = "gcc" };

static void test_model_fields(void **state)
{
	struct lesson_result lr;
	struct ledger_model m;

	(void)state;
	checked(&lr);
	ledger_model_build(&m, &run, &lr, 1, NULL, NULL);
	assert_int_equal(m.n, 1);
	const struct ledger_lesson *ml = &m.lessons[0];
	assert_string_equal(ml->path, "lessons/05-model.md");
	assert_string_equal(ml->title, "Model");
	assert_int_equal(ml->nblocks, 3);

	const struct ledger_block *p = &ml->blocks[0];
	assert_string_equal(p->id, "prints");
	assert_int_equal(p->status, STATUS_FAILED);
	assert_true(p->has_evidence);
	assert_string_equal(p->ev.compiler, "gcc");
	assert_true(p->ev.exited);
	assert_int_equal(p->ev.exit_code, 3);
	assert_int_equal(p->ev.exit_expected, 0);
	assert_int_equal(p->ev.signo, 0);
	assert_false(p->ev.cached);
	assert_int_equal(p->errors, 1); /* its diagnostic stands on its lines */
	assert_false(p->measured);

	const struct ledger_block *t = &ml->blocks[1];
	assert_int_equal(t->status, STATUS_MEASURED);
	assert_true(t->measured);
	assert_int_equal(t->m.samples, 3);
	assert_int_equal(t->m.warmup, 1);
	assert_int_equal(t->m.wall.min, 1000);
	assert_int_equal(t->m.wall.median, 2000);
	assert_int_equal(t->m.wall.max, 5000);
	assert_true(t->ev.cached);
	assert_string_equal(t->ev.made, "2026-11-29T01:02:03Z");
	assert_int_equal(t->errors, 0);

	const struct ledger_block *d = &ml->blocks[2];
	assert_int_equal(d->status, STATUS_DERIVED);
	assert_string_equal(d->reason, "shown, not run");
	assert_string_equal(d->skipped, "derived, not executed: shown, not run");
	assert_null(p->skipped);
	assert_false(d->has_evidence);

	assert_int_equal(ml->nrefs, 1);
	assert_true(ml->refs[0].resolved);
	assert_int_equal(ml->refs[0].value, 2000);
	assert_string_equal(ml->refs[0].display, "2.00 µs");
	assert_string_equal(ml->refs[0].block_id, "timed");

	assert_int_equal(ml->counts.failed, 1);
	assert_int_equal(ml->counts.measured, 1);
	assert_int_equal(ml->counts.derived, 1);
	assert_int_equal(ml->counts.errors, 2); /* and check's, on the reference it could not resolve */
	assert_int_equal(m.sum.blocks, 3);
	assert_int_equal(m.sum.failed, 1);
	assert_int_equal(m.nrefs, 1);
	assert_int_equal(m.rule_errors->n, 0);
	ledger_model_release(&m);
	lesson_result_release(&lr);
}

/* The same facts of one model in every format: the exit status with the one expected, the median, the reference. */
static void test_renderers_agree(void **state)
{
	struct lesson_result lr;
	struct ledger_model m;
	struct buf text = BUF_INIT, junit = BUF_INIT, html = BUF_INIT;
	struct render_ctx ctx = { .course = "C" };

	(void)state;
	checked(&lr);
	ledger_model_build(&m, &run, &lr, 1, NULL, NULL);
	ledger_text(&text, &m);
	ledger_junit(&junit, &m);
	ledger_html(&html, &ctx, &m);
	buf_addc(&text, 0);
	buf_addc(&junit, 0);
	buf_addc(&html, 0);

	const char *facts[] = {
		"exit status 3, expected 0",		     /* prints: the status, and the one expected */
		"wall min 1.00 µs median 2.00 µs max 5.00 µs", /* timed: min, median and max */
		"3 samples after 1 warmup",
		"cached, evidence made 2026-11-29T01:02:03Z",
		"not executed; reason: shown, not run",
	};
	for (size_t i = 0; i < sizeof facts / sizeof *facts; i++) {
		assert_contains(text.p, facts[i]);
		assert_contains(junit.p, facts[i]);
		assert_contains(html.p, facts[i]);
	}
	/* The reference's value and where it comes from: text and the page say it alike. */
	assert_contains(text.p, "reference {{measure:timed:median}} = 2.00 µs (median of the whole process (exec to "
				"exit), block 'timed', 3 samples after 1 warmup)");
	assert_contains(html.p, "<td>2.00 µs</td><td>median of the whole process (exec to exit), block <a "
				"href=\"05-model.html#timed\"><code>timed</code></a>, 3 samples after 1 warmup</td>");
	assert_contains(junit.p, "<skipped message=\"derived, not executed: shown, not run\"/>");
	assert_contains(junit.p, "<failure message=\"block 'prints' failed\" type=\"run\">lessons/05-model.md:3:1: "
				 "block &#39;prints&#39; exited 3 [exit-status]");

	/* The JSON: the same exit status and median, as numbers. */
	json_t *doc = report_document(&m);
	json_t *blocks = json_object_get(json_array_get(json_object_get(doc, "lessons"), 0), "blocks");
	json_t *ev = json_object_get(json_array_get(blocks, 0), "evidence");
	assert_int_equal(json_integer_value(json_object_get(ev, "exit")), 3);
	json_t *wall = json_object_get(json_object_get(json_array_get(blocks, 1), "measurement"), "wall_ns");
	assert_int_equal(json_integer_value(json_object_get(wall, "median")), 2000);
	assert_string_equal(json_string_value(json_object_get(json_object_get(wall, "display"), "median")),
			    "2.00 µs");
	json_decref(doc);

	buf_release(&text);
	buf_release(&junit);
	buf_release(&html);
	ledger_model_release(&m);
	lesson_result_release(&lr);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_model_fields),
		cmocka_unit_test(test_renderers_agree),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
