/* ledger_model.c: the reviewer's ledger, built once from the checked lessons (ledger_model.h). */
#include <stdlib.h>
#include <string.h>

#include "lesson/lessonfiles.h"
#include "render/ledger_model.h"

static struct ledger_bytes bytes(const struct buf *b)
{
	return (struct ledger_bytes){ b->p, b->len };
}

static void env_of(struct ledger_env *out, const struct envinfo *e)
{
	if (!e) {
		*out = (struct ledger_env){ .loadavg1 = -1 };
		return;
	}
	*out = (struct ledger_env){ e->compiler, e->compiler_version, e->cpu_model, e->os, e->kernel, e->machine,
				    e->date_utc, e->logical_cores, e->loadavg1 };
}

static void evidence_of(struct ledger_evidence *out, const struct evidence_context *run, const struct block *b,
			const struct evidence *ev)
{
	const struct launch_result *r = &ev->run;

	out->compiler = run->cc;
	out->cflags = ev->cflags ? ev->cflags : "";
	out->isolation = evidence_isolation(ev, run);
	out->compile_ok = ev->compile_ok;
	out->show_compiler_output = !ev->compile_ok || b->mode == MODE_COMPILE_FAIL;
	out->compiler_output = bytes(&ev->compile_log);
	out->executed = ev->executed;
	out->end = r->end;
	out->exited = ev->executed && r->end == END_EXITED;
	out->exit_code = r->exit_code;
	out->exit_expected = b->exit_expected;
	out->signo = ev->executed ? r->signo : 0;
	out->out = bytes(&r->out);
	out->err = bytes(&r->err);
	out->out_truncated = r->out_truncated;
	out->err_truncated = r->err_truncated;
	out->wall_ns = r->wall_ns;
	out->user_ns = r->user_ns;
	out->sys_ns = r->sys_ns;
	out->max_rss_kb = r->max_rss_kb;
	out->sanitized = ev->sanitized;
	out->runs = ev->repeats > 1 ? ev->repeats : 1;
	out->cached = ev->cached;
	out->made = ev->made;
}

static void measurement_of(struct ledger_measurement *out, const struct evidence_context *run,
			   const struct block *b, const struct block_result *br)
{
	const struct measurement *m = &br->m;

	*out = (struct ledger_measurement){ .args = b->args ? b->args : "",
					    .stdin_bytes = { b->stdin_text, b->stdin_len },
					    .has_stdin = b->has_stdin,
					    .nuse = b->ndeps,
					    .warmup = m->warmup,
					    .samples = m->samples,
					    .wall = m->wall,
					    .user = m->user,
					    .sys = m->sys,
					    .rss_kb = m->rss_kb,
					    .wall_values = m->wall_values,
					    .nregions = m->nregions };
	out->regions = xcalloc(m->nregions + 1, sizeof *out->regions);
	for (size_t i = 0; i < m->nregions; i++) {
		const struct region_stats *r = &m->regions[i];
		out->regions[i] = (struct ledger_region){ r->name, r->st, r->values, r->n };
	}
	/* Where and when it was measured: the record's own, when it came from the cache. */
	env_of(&out->env, br->ev.env ? br->ev.env : run->env);
}

static void block_of(struct ledger_block *out, const struct evidence_context *run, const struct lesson *l,
		     const struct block *b, const struct block_result *br)
{
	int prev;

	*out = (struct ledger_block){ .id = b->id, .lang = b->lang, .line = b->line, .last_line = b->end_line,
				      .mode = b->mode, .status = br->status,
				      .reason = b->mode == MODE_DERIVED ? b->reason : NULL,
				      .use = b->use, .nuse = b->nuse, .noutputs = b->noutputs,
				      .file = b->file, .sources = b->sources, .nsources = b->nsources, .nfiles = b->nsees,
				      .elsewhere = br->elsewhere, .has_evidence = br->ev.compiled || br->ev.executed,
				      .measured = br->measured };
	out->outputs = xcalloc(b->noutputs + 1, sizeof *out->outputs);
	for (size_t i = 0; i < b->noutputs; i++) {
		const struct output_block *o = &b->outputs[i];
		out->outputs[i] = (struct ledger_output){ o->line, o->match, o->stream };
		out->last_line = o->end_line > out->last_line ? o->end_line : out->last_line;
	}
	if (b->file)
		out->version = lessonfiles_version(l, b, &prev);
	out->files = xcalloc(b->nsees + 1, sizeof *out->files);
	for (size_t i = 0; i < b->nsees; i++)
		out->files[i] = (struct ledger_file){ l->blocks[b->sees[i]].file, l->blocks[b->sees[i]].line };
	evidence_of(&out->ev, run, b, &br->ev);
	if (br->measured)
		measurement_of(&out->m, run, b, br);
	describe_block(&out->description, run->cc ? run->cc : "cc", l, b, br);
	out->skipped = describe_skipped(br->status, out->reason);
}

static void ref_of(struct ledger_ref *out, const struct lesson_result *lr, const struct measure_ref *r)
{
	struct buf v = BUF_INIT;

	out->line = r->line;
	out->col = r->col;
	out->text = r->text;
	out->resolved = r->resolved;
	if (!r->resolved)
		return;
	out->value = r->value;
	out->is_count = r->is_count;
	if (r->is_count)
		buf_addf(&v, "%lld", (long long)r->value);
	else
		stats_format_ns(&v, r->value);
	out->display = buf_detach(&v, NULL);
	out->block_id = lr->lesson->blocks[r->block].id;
	describe_reference(&out->source, r->stat, r->region, out->block_id, lr->blocks[r->block].m.samples,
			   lr->blocks[r->block].m.warmup);
}

static void lesson_of(struct ledger_lesson *out, const struct evidence_context *run, const struct lesson_result *lr)
{
	const struct lesson *l = lr->lesson;

	out->path = l->path;
	out->number = l->number;
	out->title = l->title;
	out->lesson = l;
	out->nblocks = l->nblocks;
	out->blocks = xcalloc(l->nblocks + 1, sizeof *out->blocks);
	for (size_t k = 0; k < l->nblocks; k++) {
		struct ledger_block *b = &out->blocks[k];
		block_of(b, run, l, &l->blocks[k], &lr->blocks[k]);
		for (size_t d = 0; d < l->diags.n; d++)
			if (ledger_block_holds(b, &l->diags.v[d])) {
				b->errors += l->diags.v[d].severity == SEV_ERROR;
				b->warnings += l->diags.v[d].severity == SEV_WARNING;
			}
	}
	out->nrefs = lr->nrefs;
	out->refs = xcalloc(lr->nrefs + 1, sizeof *out->refs);
	for (size_t k = 0; k < lr->nrefs; k++)
		ref_of(&out->refs[k], lr, &lr->refs[k]);
	out->passes = &lr->ledger;
	out->supp = lr->supp;
	out->nsupp = lr->nsupp;
	out->diags = &l->diags;
	render_count(lr, &out->counts);
}

void ledger_model_build(struct ledger_model *m, const struct evidence_context *run, const struct lesson_result *v,
			size_t n, const struct diags *rule_errors, const struct summary *sum)
{
	static const struct diags none;
	static const struct evidence_context no_run;

	memset(m, 0, sizeof *m);
	if (!run)
		run = &no_run;
	m->rule_errors = rule_errors ? rule_errors : &none;
	m->ndiags = m->rule_errors->n;
	m->n = n;
	m->lessons = xcalloc(n + 1, sizeof *m->lessons);
	for (size_t i = 0; i < n; i++) {
		lesson_of(&m->lessons[i], run, &v[i]);
		if (!sum)
			check_summarize(&v[i], &m->sum);
		m->nrefs += v[i].nrefs;
		m->ncites += v[i].ledger.ncites;
		m->npassed += v[i].ledger.n;
		m->nsupp += v[i].nsupp;
		m->ndiags += v[i].lesson->diags.n;
	}
	if (sum)
		m->sum = *sum;
}

void ledger_model_release(struct ledger_model *m)
{
	for (size_t i = 0; i < m->n; i++) {
		struct ledger_lesson *ml = &m->lessons[i];
		for (size_t k = 0; k < ml->nblocks; k++) {
			struct ledger_block *b = &ml->blocks[k];
			free(b->outputs);
			free(b->files);
			free(b->m.regions);
			description_release(&b->description);
			free(b->skipped);
		}
		free(ml->blocks);
		for (size_t k = 0; k < ml->nrefs; k++) {
			free(ml->refs[k].display);
			description_release(&ml->refs[k].source);
		}
		free(ml->refs);
	}
	free(m->lessons);
	memset(m, 0, sizeof *m);
}

int ledger_block_holds(const struct ledger_block *b, const struct diag *d)
{
	return d->line >= b->line && d->line <= b->last_line;
}
