/* ledger_text.c: the ledger as text, one line per item: `litlab audit` (ledger_model.h). */
#include <string.h>

#include "render/ledger_model.h"

/* One line of plain text: control bytes and line breaks must not break the ledger's lines. */
static void plain(struct buf *out, const char *s)
{
	for (; s && *s; s++)
		buf_addc(out, (unsigned char)*s < 0x20 || *s == 0x7f ? ' ' : *s);
}

void ledger_text_description(struct buf *out, const struct description *d)
{
	for (size_t i = 0; i < d->n; i++) {
		if (d->v[i].kind != DESCRIBE_TEXT)
			buf_addc(out, '\'');
		plain(out, d->v[i].text);
		if (d->v[i].kind != DESCRIBE_TEXT)
			buf_addc(out, '\'');
	}
}

/* Words and values in turn: parts[0] words, parts[1] a value (made one line), parts[2] words... */
static void words_and_values(struct buf *out, const char *const *parts, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (i % 2)
			plain(out, parts[i]);
		else
			buf_adds(out, parts[i]);
}

void ledger_text_passes(struct buf *out, const struct ledger_lesson *ml)
{
	const struct ledger *lg = ml->passes;

	for (size_t k = 0; k < lg->ncites; k++) {
		const struct cited_value *c = &lg->cites[k];
		const char *parts[] = { "' (not measured) from [", c->key, "] ", c->url, c->title ? " \"" : "",
					c->title, c->title ? "\"\n" : "\n" };
		buf_addf(out, "%s:%d:%d: cited '", ml->path, c->line, c->col);
		plain(out, c->text);
		words_and_values(out, parts, sizeof parts / sizeof *parts);
	}
	for (size_t k = 0; k < lg->n; k++) {
		const struct ledger_entry *e = &lg->v[k];
		const char *parts[] = { "' as ", e->decision, " (", e->why, ") [", e->rule, "]\n" };
		buf_addf(out, "%s:%d:%d: let pass '", ml->path, e->line, e->col);
		plain(out, e->text);
		words_and_values(out, parts, sizeof parts / sizeof *parts);
	}
}

static void diag_lines(struct buf *out, const struct diags *ds)
{
	for (size_t k = 0; k < ds->n; k++) {
		const struct diag *d = &ds->v[k];
		buf_addf(out, "%s:%d:%d: %s: ", d->path, d->line, d->col, severity_name(d->severity));
		plain(out, d->message);
		buf_addf(out, " [%s]\n", d->rule);
	}
}

static void lesson_lines(struct buf *out, const struct ledger_lesson *ml)
{
	for (size_t k = 0; k < ml->nblocks; k++) {
		const struct ledger_block *b = &ml->blocks[k];
		buf_addf(out, "%s:%d: %s %s %s: ", ml->path, b->line, b->id, block_mode_name(b->mode),
			 block_status_name(b->status));
		ledger_text_description(out, &b->description);
		buf_addc(out, '\n');
	}
	for (size_t k = 0; k < ml->nrefs; k++) {
		const struct ledger_ref *r = &ml->refs[k];
		buf_addf(out, "%s:%d:%d: reference {{", ml->path, r->line, r->col);
		plain(out, r->text);
		buf_adds(out, "}} ");
		if (r->resolved) {
			buf_addf(out, "= %s (", r->display);
			ledger_text_description(out, &r->source);
			buf_adds(out, ")\n");
		} else {
			buf_adds(out, "unresolved\n");
		}
	}
	ledger_text_passes(out, ml);
	for (size_t k = 0; k < ml->nsupp; k++) {
		const struct suppression *s = &ml->supp[k];
		buf_addf(out, "%s:%d: suppression %s: ", ml->path, s->line, s->rule ? s->rule : "(no rule)");
		plain(out, s->reason ? s->reason : "(no reason)");
		if (s->first_line)
			buf_addf(out, " (covers lines %d-%d%s)\n", s->first_line, s->last_line,
				 s->used ? "" : ", suppressed nothing");
		else
			buf_adds(out, " (nothing follows it)\n");
	}
	diag_lines(out, ml->diags);
}

void ledger_text(struct buf *out, const struct ledger_model *m)
{
	struct buf text = BUF_INIT;

	for (size_t i = 0; i < m->n; i++)
		lesson_lines(&text, &m->lessons[i]);
	diag_lines(&text, m->rule_errors);
	/* Values are made one line each (plain()); a path may still hold escapes. */
	buf_add_printable(out, text.p, text.len);
	buf_release(&text);
}
