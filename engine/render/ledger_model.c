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
	memset(out, 0, sizeof *out);
	out->loadavg1 = -1;
	if (!e)
		return;
	out->compiler = e->compiler;
	out->compiler_version = e->compiler_version;
	out->cpu_model = e->cpu_model;
	out->os = e->os;
	out->kernel = e->kernel;
	out->machine = e->machine;
	out->date_utc = e->date_utc;
	out->logical_cores = e->logical_cores;
	out->loadavg1 = e->loadavg1;
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

	out->args = b->args ? b->args : "";
	out->has_stdin = b->has_stdin;
	out->stdin_bytes = (struct ledger_bytes){ b->stdin_text, b->stdin_len };
	out->nuse = b->ndeps;
	out->warmup = m->warmup;
	out->samples = m->samples;
	out->wall = m->wall;
	out->user = m->user;
	out->sys = m->sys;
	out->rss_kb = m->rss_kb;
	out->wall_values = m->wall_values;
	out->nregions = m->nregions;
	out->regions = xcalloc(m->nregions + 1, sizeof *out->regions);
	for (size_t i = 0; i < m->nregions; i++) {
		out->regions[i].name = m->regions[i].name;
		out->regions[i].st = m->regions[i].st;
		out->regions[i].values = m->regions[i].values;
		out->regions[i].n = m->regions[i].n;
	}
	/* Where and when it was measured: the record's own, when it came from the cache. */
	env_of(&out->env, br->ev.env ? br->ev.env : run->env);
}

static void block_of(struct ledger_block *out, const struct evidence_context *run, const struct lesson *l,
		     const struct block *b, const struct block_result *br)
{
	int prev;

	out->id = b->id;
	out->lang = b->lang;
	out->line = b->line;
	out->last_line = b->end_line;
	out->mode = b->mode;
	out->status = br->status;
	out->reason = b->mode == MODE_DERIVED ? b->reason : NULL;
	out->use = b->use;
	out->nuse = b->nuse;
	out->noutputs = b->noutputs;
	out->outputs = xcalloc(b->noutputs + 1, sizeof *out->outputs);
	for (size_t i = 0; i < b->noutputs; i++) {
		out->outputs[i].line = b->outputs[i].line;
		out->outputs[i].match = b->outputs[i].match;
		out->outputs[i].stream = b->outputs[i].stream;
		if (b->outputs[i].end_line > out->last_line)
			out->last_line = b->outputs[i].end_line;
	}
	out->file = b->file;
	if (b->file)
		out->version = lessonfiles_version(l, b, &prev);
	out->sources = b->sources;
	out->nsources = b->nsources;
	out->nfiles = b->nsees;
	out->files = xcalloc(b->nsees + 1, sizeof *out->files);
	for (size_t i = 0; i < b->nsees; i++) {
		out->files[i].path = l->blocks[b->sees[i]].file;
		out->files[i].line = l->blocks[b->sees[i]].line;
	}
	out->elsewhere = br->elsewhere;
	out->has_evidence = br->ev.compiled || br->ev.executed;
	evidence_of(&out->ev, run, b, &br->ev);
	out->measured = br->measured;
	if (br->measured)
		measurement_of(&out->m, run, b, br);
	describe_block(&out->description, run->cc ? run->cc : "cc", l, b, br);
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
	for (size_t k = 0; k < l->nblocks; k++)
		block_of(&out->blocks[k], run, l, &l->blocks[k], &lr->blocks[k]);
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
