/* ledger_html.c: the ledger as the site's audit.html (ledger_model.h). */
#include <stdlib.h>
#include <string.h>

#include "render/highlight.h"
#include "render/ledger_model.h"

static void esc(struct buf *out, const char *s)
{
	if (s)
		html_escape_text(out, s, strlen(s));
}

static void cell_code(struct buf *out, const char *s)
{
	buf_adds(out, "<code>");
	esc(out, s);
	buf_adds(out, "</code>");
}

/* A table of the ledger: its region's label (lesson: "... of" that lesson), its column heads. */
static void table_open(struct buf *out, const char *label, const struct ledger_lesson *ml, const char *const *cols)
{
	buf_adds(out, "<div class=\"table-scroll\" tabindex=\"0\" role=\"region\" aria-label=\"");
	buf_adds(out, label);
	if (ml)
		render_lesson_label(out, ml->lesson);
	buf_adds(out, "\">\n<table class=\"ledger\">\n<thead><tr>");
	for (; *cols; cols++)
		buf_addf(out, "<th scope=\"col\">%s</th>", *cols);
	buf_adds(out, "</tr></thead>\n<tbody>\n");
}

static void table_close(struct buf *out)
{
	buf_adds(out, "</tbody>\n</table>\n</div>\n");
}

/*
 * A section of the page: its heading; then, when it lists nothing (n 0), the
 * sentence none and 0; else its introduction (or NULL) and its table opened, and 1.
 */
static int section(struct buf *out, const char *id, const char *title, size_t n, const char *none,
		   const char *intro, const char *label, const char *const *cols)
{
	buf_addf(out, "<h2 id=\"%s\">%s</h2>\n", id, title);
	if (!n) {
		buf_addf(out, "<p>%s</p>\n", none);
		return 0;
	}
	if (intro)
		buf_addf(out, "<p>%s</p>\n", intro);
	table_open(out, label, NULL, cols);
	return 1;
}

/* A row's first cells: the lesson, and the place (col 0: the line alone). */
static void row_open(struct buf *out, const struct ledger_lesson *ml, int line, int col)
{
	buf_adds(out, "<tr><td>");
	render_lesson_label(out, ml->lesson);
	if (col)
		buf_addf(out, "</td><td>%d:%d</td><td>", line, col);
	else
		buf_addf(out, "</td><td>%d</td><td>", line);
}

/* A description (describe.h): names as code, the compiler as sample output, a block linked to its figure. */
static void description(struct buf *out, const struct ledger_lesson *ml, const struct description *d)
{
	for (size_t i = 0; i < d->n; i++) {
		if (d->v[i].kind == DESCRIBE_NAME) {
			cell_code(out, d->v[i].text);
		} else if (d->v[i].kind == DESCRIBE_COMMAND) {
			buf_adds(out, "<samp>");
			esc(out, d->v[i].text);
			buf_adds(out, "</samp>");
		} else if (d->v[i].kind == DESCRIBE_BLOCK) {
			render_lesson_anchor(out, ml->lesson, d->v[i].text);
			cell_code(out, d->v[i].text);
			buf_adds(out, "</a>");
		} else {
			esc(out, d->v[i].text);
		}
	}
}

static void blocks(struct buf *out, const struct ledger_lesson *ml)
{
	static const char *const cols[] = { "Block", "Line", "Mode", "Status", "Evidence", NULL };
	char *page = render_page_name(ml->path);

	buf_adds(out, "<h3 id=\"");
	render_slug(out, page, strlen(page) - 5 /* without ".html" */);
	buf_adds(out, "\">");
	render_lesson_anchor(out, ml->lesson, NULL);
	render_lesson_label(out, ml->lesson);
	buf_adds(out, ": ");
	esc(out, ml->title && *ml->title ? ml->title : ml->path);
	buf_adds(out, "</a></h3>\n<p><code>");
	esc(out, ml->path);
	buf_adds(out, "</code></p>\n");
	free(page);
	render_counts_list(out, &ml->counts);
	if (!ml->nblocks) {
		buf_adds(out, "<p>No code blocks.</p>\n");
		return;
	}
	table_open(out, "Blocks of ", ml, cols);
	for (size_t k = 0; k < ml->nblocks; k++) {
		const struct ledger_block *b = &ml->blocks[k];
		const char *status = block_status_name(b->status);
		buf_adds(out, "<tr><td>");
		render_lesson_anchor(out, ml->lesson, b->id);
		cell_code(out, b->id);
		buf_addf(out, "</a></td><td>%d</td><td class=\"mode\">%s", b->line, block_mode_name(b->mode));
		if (b->mode == MODE_DISPLAY && *b->lang) {
			buf_adds(out, " (");
			esc(out, b->lang);
			buf_adds(out, ")");
		}
		buf_addf(out, "</td><td class=\"status-%s\">%s</td><td>", status, status);
		description(out, ml, &b->description);
		buf_adds(out, "</td></tr>\n");
	}
	table_close(out);
}

static void references(struct buf *out, const struct ledger_model *m)
{
	static const char *const cols[] = { "Lesson", "Line", "Reference", "Value", "Measurement", NULL };

	if (!section(out, "references", "Measure references", m->nrefs, "No lesson cites a measurement.", NULL,
		     "Measure references", cols))
		return;
	for (size_t i = 0; i < m->n; i++) {
		const struct ledger_lesson *ml = &m->lessons[i];
		for (size_t k = 0; k < ml->nrefs; k++) {
			const struct ledger_ref *r = &ml->refs[k];
			row_open(out, ml, r->line, r->col);
			buf_adds(out, "<code>{{");
			esc(out, r->text);
			buf_adds(out, "}}</code></td>");
			if (r->resolved) {
				buf_adds(out, "<td>");
				esc(out, r->display);
				buf_adds(out, "</td><td>");
				description(out, ml, &r->source);
				buf_adds(out, "</td>");
			} else {
				buf_adds(out, "<td class=\"status-failed\">unresolved</td><td>no measurement</td>");
			}
			buf_adds(out, "</tr>\n");
		}
	}
	table_close(out);
}

static void cite_row(struct buf *out, const struct ledger_lesson *ml, const struct cited_value *c)
{
	row_open(out, ml, c->line, c->col);
	esc(out, c->text);
	buf_adds(out, "</td><td><a href=\"");
	render_href(out, c->url);
	buf_adds(out, "\">");
	esc(out, c->title && *c->title ? c->title : c->url);
	buf_adds(out, "</a> (<code>");
	esc(out, c->key);
	buf_adds(out, "</code>)</td></tr>\n");
}

static void pass_row(struct buf *out, const struct ledger_lesson *ml, const struct ledger_entry *e)
{
	const char *cells[] = { e->text, e->decision, e->why };

	row_open(out, ml, e->line, e->col);
	for (size_t c = 0; c < 3; c++) {
		esc(out, cells[c]);
		buf_adds(out, "</td><td>");
	}
	cell_code(out, e->rule);
	buf_adds(out, "</td></tr>\n");
}

/* The cited values, then what the rules let pass (check/ledger.h), of every lesson. */
static void passes(struct buf *out, const struct ledger_model *m)
{
	static const char *const cite_cols[] = { "Lesson", "Line", "Value", "Source", NULL };
	static const char *const pass_cols[] = { "Lesson", "Line", "Value", "Decision", "Why", "Rule", NULL };

	if (section(out, "cited", "Cited values", m->ncites, "No lesson cites a published figure.",
		    "Figures taken from a published source: cited, not measured here.", "Cited values", cite_cols)) {
		for (size_t i = 0; i < m->n; i++)
			for (size_t k = 0; k < m->lessons[i].passes->ncites; k++)
				cite_row(out, &m->lessons[i], &m->lessons[i].passes->cites[k]);
		table_close(out);
	}
	if (section(out, "passed", "Let pass by the rules", m->npassed, "No rule let a time-like value pass.",
		    "Every value a rule looked at and did not report, with the words that decided: check the "
		    "rule's judgement here.",
		    "Let pass", pass_cols)) {
		for (size_t i = 0; i < m->n; i++)
			for (size_t k = 0; k < m->lessons[i].passes->n; k++)
				pass_row(out, &m->lessons[i], &m->lessons[i].passes->v[k]);
		table_close(out);
	}
}

static void suppressions(struct buf *out, const struct ledger_model *m)
{
	static const char *const cols[] = { "Lesson", "Line", "Rule", "Reason", "Covers", "Used", NULL };

	if (!section(out, "suppressions", "Suppressions", m->nsupp, "No rule is suppressed anywhere.", NULL,
		     "Suppressions", cols))
		return;
	for (size_t i = 0; i < m->n; i++) {
		for (size_t k = 0; k < m->lessons[i].nsupp; k++) {
			const struct suppression *s = &m->lessons[i].supp[k];
			row_open(out, &m->lessons[i], s->line, 0);
			if (s->rule)
				cell_code(out, s->rule);
			else
				buf_adds(out, "<span class=\"status-failed\">none named</span>");
			buf_adds(out, "</td><td>");
			if (s->reason)
				esc(out, s->reason);
			else
				buf_adds(out, "<span class=\"status-failed\">none given</span>");
			buf_adds(out, "</td><td>");
			if (s->first_line)
				buf_addf(out, "lines %d–%d", s->first_line, s->last_line);
			else
				buf_adds(out, "nothing follows");
			buf_addf(out, "</td><td>%s</td></tr>\n", s->used ? "yes" : "no");
		}
	}
	table_close(out);
}

static void diag_rows(struct buf *out, const struct diags *d)
{
	for (size_t k = 0; k < d->n; k++) {
		const struct diag *g = &d->v[k];
		buf_adds(out, "<tr><td><code>");
		esc(out, g->path);
		buf_addf(out, ":%d:%d</code></td><td class=\"%s\">%s</td><td><code>", g->line, g->col,
			 g->severity == SEV_ERROR ? "status-failed" : "", severity_name(g->severity));
		esc(out, g->rule);
		buf_adds(out, "</code></td><td>");
		esc(out, g->message);
		buf_adds(out, "</td></tr>\n");
	}
}

static void diagnostics(struct buf *out, const struct ledger_model *m)
{
	static const char *const cols[] = { "Where", "Severity", "Rule", "Message", NULL };

	if (!section(out, "diagnostics", "Diagnostics", m->ndiags, "No diagnostics: every lesson checks clean.",
		     NULL, "Diagnostics", cols))
		return;
	diag_rows(out, m->rule_errors);
	for (size_t i = 0; i < m->n; i++)
		diag_rows(out, m->lessons[i].diags);
	table_close(out);
}

void ledger_html(struct buf *out, const struct render_ctx *ctx, const struct ledger_model *m)
{
	const struct summary *sum = &m->sum;

	render_head(out, ctx, "Audit ledger", NULL, 0);
	buf_addf(out, "<h1>Audit ledger</h1>\n<p>Every block of the course with its status and evidence, every "
		      "measure reference with the measurement it comes from, every cited value with its source, "
		      "every time-like value the rules let pass with the words that decided, every suppressed "
		      "rule with its reason, and every diagnostic. %zu lesson%s, %zu blocks: %zu passed, %zu failed, %zu "
		      "measured, %zu compiled, %zu compile-failed as expected, %zu derived.</p>\n",
		 sum->lessons, sum->lessons == 1 ? "" : "s", sum->blocks, sum->passed, sum->failed, sum->measured,
		 sum->compiled, sum->compile_failed, sum->derived);
	buf_adds(out, "<h2 id=\"blocks\">Blocks</h2>\n");
	for (size_t i = 0; i < m->n; i++)
		blocks(out, &m->lessons[i]);
	references(out, m);
	passes(out, m);
	suppressions(out, m);
	diagnostics(out, m);
	render_foot(out, NULL);
}
