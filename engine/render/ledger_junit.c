/* ledger_junit.c: the ledger as JUnit XML: `litlab audit --format junit` (ledger_model.h). */
#include <stdlib.h>
#include <string.h>

#include "render/highlight.h"
#include "render/ledger_model.h"

static void xml(struct buf *out, const char *s)
{
	if (s)
		html_escape_text(out, s, strlen(s));
}

static void xml_buf(struct buf *out, const struct buf *b)
{
	html_escape_text(out, b->p ? b->p : "", b->len);
}

/* "01-intro" of "lessons/01-intro.md": the test cases' class name. */
static void class_name(struct buf *out, const char *path)
{
	const char *base = strrchr(path, '/');

	base = base ? base + 1 : path;
	size_t blen = strlen(base) > 3 ? strlen(base) - 3 : strlen(base);
	html_escape_text(out, base, blen);
}

static void test_case_open(struct buf *out, const struct ledger_lesson *ml, const char *name, int line)
{
	buf_adds(out, "    <testcase classname=\"");
	class_name(out, ml->path);
	buf_adds(out, "\" name=\"");
	xml(out, name);
	buf_adds(out, "\" file=\"");
	xml(out, ml->path);
	if (line)
		buf_addf(out, "\" line=\"%d", line);
	buf_adds(out, "\">\n");
}

static void diag_line(struct buf *out, const struct diag *g)
{
	buf_addf(out, "%s:%d:%d: %s [%s]\n", g->path, g->line, g->col, g->message, g->rule);
}

/* One test case: its failure (claimed: the error diagnostics already given to a block), or why it is skipped. */
static void block_case(struct buf *out, const struct ledger_lesson *ml, const struct ledger_block *b, char *claimed,
		       size_t *failed, size_t *skipped)
{
	struct buf ev = BUF_INIT, fail = BUF_INIT;
	size_t nfail = 0;

	for (size_t d = 0; d < ml->diags->n; d++) {
		const struct diag *g = &ml->diags->v[d];
		if (g->severity != SEV_ERROR || claimed[d] || !ledger_block_holds(b, g))
			continue;
		claimed[d] = 1;
		nfail++;
		diag_line(&fail, g);
		if (g->detail)
			buf_adds(&fail, g->detail);
	}
	ledger_text_description(&ev, &b->description);
	test_case_open(out, ml, b->id, b->line);
	if (b->status == STATUS_FAILED || nfail) {
		++*failed;
		buf_addf(out, "      <failure message=\"block '");
		xml(out, b->id);
		buf_addf(out, "' %s\" type=\"%s\">", b->status == STATUS_FAILED ? "failed" : "has errors",
			 block_mode_name(b->mode));
		xml_buf(out, &fail);
		buf_adds(out, "</failure>\n");
	} else if (b->skipped) {
		++*skipped;
		buf_adds(out, "      <skipped message=\"");
		xml(out, b->skipped);
		buf_adds(out, "\"/>\n");
	}
	buf_adds(out, "      <system-out>");
	xml_buf(out, &ev);
	buf_adds(out, "</system-out>\n    </testcase>\n");
	buf_release(&ev);
	buf_release(&fail);
}

/* The last test case: errors outside every block (prose, references, suppressions, front matter). */
static void prose_case(struct buf *out, const struct ledger_lesson *ml, const char *claimed, size_t *failed)
{
	struct buf rest = BUF_INIT, passed = BUF_INIT;

	for (size_t d = 0; d < ml->diags->n; d++) {
		const struct diag *g = &ml->diags->v[d];
		if (g->severity == SEV_ERROR && !claimed[d])
			diag_line(&rest, g);
	}
	test_case_open(out, ml, "prose and rules", 0);
	ledger_text_passes(&passed, ml);
	if (rest.len) {
		++*failed;
		buf_adds(out, "      <failure message=\"errors outside the code blocks\" type=\"rules\">");
		xml_buf(out, &rest);
		buf_adds(out, "</failure>\n");
	}
	if (passed.len) {
		buf_adds(out, "      <system-out>");
		xml_buf(out, &passed);
		buf_adds(out, "</system-out>\n");
	}
	buf_adds(out, "    </testcase>\n");
	buf_release(&passed);
	buf_release(&rest);
}

static void suite(struct buf *out, const struct ledger_lesson *ml, size_t *tests, size_t *failures,
		  size_t *skipped)
{
	size_t f = 0, s = 0;
	struct buf cases = BUF_INIT;
	char *claimed = xcalloc(ml->diags->n + 1, 1);

	for (size_t k = 0; k < ml->nblocks; k++)
		block_case(&cases, ml, &ml->blocks[k], claimed, &f, &s);
	prose_case(&cases, ml, claimed, &f);
	free(claimed);

	const struct render_counts *rc = &ml->counts;
	buf_adds(out, "  <testsuite name=\"");
	xml(out, ml->path);
	buf_addf(out, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"%zu\">\n", ml->nblocks + 1, f, s);
	/* The blocks by status, as the index and the ledger count them: a compile-fail block
	   that failed as expected passes, and is counted as compile-failed, not compiled. */
	buf_addf(out,
		 "    <properties>\n      <property name=\"executed\" value=\"%zu\"/>\n"
		 "      <property name=\"measured\" value=\"%zu\"/>\n"
		 "      <property name=\"compiled\" value=\"%zu\"/>\n"
		 "      <property name=\"compile-failed\" value=\"%zu\"/>\n"
		 "      <property name=\"derived\" value=\"%zu\"/>\n"
		 "      <property name=\"failed\" value=\"%zu\"/>\n    </properties>\n",
		 rc->executed, rc->measured, rc->compiled, rc->compile_failed, rc->derived, rc->failed);
	buf_add(out, cases.p, cases.len);
	buf_adds(out, "  </testsuite>\n");
	buf_release(&cases);
	*tests += ml->nblocks + 1;
	*failures += f;
	*skipped += s;
}

void ledger_junit(struct buf *out, const struct ledger_model *m)
{
	size_t tests = 0, failures = 0, skipped = 0;
	struct buf suites = BUF_INIT;

	for (size_t i = 0; i < m->n; i++)
		suite(&suites, &m->lessons[i], &tests, &failures, &skipped);
	buf_adds(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	buf_addf(out, "<testsuites name=\"litlab\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\">\n",
		 tests, failures, m->rule_errors->n, skipped);
	buf_add(out, suites.p, suites.len);
	buf_adds(out, "</testsuites>\n");
	buf_release(&suites);
}
