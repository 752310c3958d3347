/* report.c: the ledger as the JSON document of check and audit --format json (ledger_model.h, docs/json.md). */
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "render/report.h"
#include "run/stats.h"

json_t *report_string(const char *s, size_t len)
{
	struct buf b = BUF_INIT;

	if (!s)
		return json_null();
	while (len > 0) {
		size_t ok = utf8_first_invalid(s, len);
		buf_add(&b, s, ok);
		if (ok == len)
			break;
		buf_adds(&b, "\xEF\xBF\xBD");
		s += ok + 1;
		len -= ok + 1;
	}
	json_t *j = json_stringn(b.p, b.len);
	buf_release(&b);
	return j ? j : json_string("");
}

static json_t *str(const char *s)
{
	return s ? report_string(s, strlen(s)) : json_null();
}

json_t *report_diag(const struct diag *d)
{
	json_t *j = json_pack("{s:o, s:i, s:i, s:s, s:o, s:o}", "path", str(d->path), "line", d->line, "column", d->col,
			      "severity", severity_name(d->severity), "rule", str(d->rule), "message", str(d->message));

	if (d->detail)
		json_object_set_new(j, "detail", str(d->detail));
	return j;
}

static json_t *ms(long long ns)
{
	return json_real((double)ns / 1e6);
}

/* "SIGSEGV", or the number of a signal without a name. */
static json_t *signal_json(int signo)
{
	if (!sigabbrev_np(signo))
		return json_integer(signo);
	char *name = signal_name(signo);
	json_t *j = json_string(name);
	free(name);
	return j;
}

static json_t *bytes(const struct ledger_bytes *b)
{
	return report_string(b->p, b->len);
}

static json_t *evidence(const struct ledger_block *b)
{
	json_t *j = json_object();
	const struct ledger_evidence *ev = &b->ev;

	json_object_set_new(j, "compiler", str(ev->compiler));
	json_object_set_new(j, "cflags", str(ev->cflags));
	json_object_set_new(j, "compiled", json_boolean(ev->compile_ok));
	if (ev->show_compiler_output)
		json_object_set_new(j, "compiler_output", bytes(&ev->compiler_output));
	json_object_set_new(j, "executed", json_boolean(ev->executed));
	if (ev->executed) {
		json_object_set_new(j, "end", json_string(launch_end_name(ev->end)));
		json_object_set_new(j, "exit", ev->exited ? json_integer(ev->exit_code) : json_null());
		json_object_set_new(j, "signal", ev->signo ? signal_json(ev->signo) : json_null());
		json_object_set_new(j, "stdout", bytes(&ev->out));
		json_object_set_new(j, "stderr", bytes(&ev->err));
		json_object_set_new(j, "stdout_truncated", json_boolean(ev->out_truncated));
		json_object_set_new(j, "stderr_truncated", json_boolean(ev->err_truncated));
		json_object_set_new(j, "wall_ms", ms(ev->wall_ns));
		json_object_set_new(j, "user_ms", ms(ev->user_ns));
		json_object_set_new(j, "sys_ms", ms(ev->sys_ns));
		json_object_set_new(j, "max_rss_kb", json_integer(ev->max_rss_kb));
	} else {
		json_object_set_new(j, "exit", json_null());
		json_object_set_new(j, "signal", json_null());
	}
	if (ev->sanitized)
		json_object_set_new(j, "sanitized", json_true());
	if (ev->runs > 1)
		json_object_set_new(j, "runs", json_integer(ev->runs));
	json_object_set_new(j, "cached", json_boolean(ev->cached));
	if (ev->cached)
		json_object_set_new(j, "made", str(ev->made));
	json_object_set_new(j, "isolation", str(ev->isolation));
	return j;
}

static json_t *stats_json(const struct stats *st, const int64_t *values, size_t n, int bytes)
{
	json_t *j = json_pack("{s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I}", "samples", (json_int_t)st->samples, "min",
			      (json_int_t)st->min, "median", (json_int_t)st->median, "max", (json_int_t)st->max,
			      "mean", (json_int_t)st->mean, "q1", (json_int_t)st->q1, "q3", (json_int_t)st->q3, "iqr",
			      (json_int_t)st->iqr, "mad", (json_int_t)st->mad);
	if (!bytes) {
		json_t *disp = json_object();
		const char *names[] = { "min", "median", "max" };
		int64_t vals[] = { st->min, st->median, st->max };
		for (size_t i = 0; i < 3; i++) {
			struct buf b = BUF_INIT;
			stats_format_ns(&b, vals[i]);
			json_object_set_new(disp, names[i], json_string(b.p));
			buf_release(&b);
		}
		json_object_set_new(j, "display", disp);
	}
	if (values) {
		json_t *arr = json_array();
		for (size_t i = 0; i < n; i++)
			json_array_append_new(arr, json_integer(values[i]));
		json_object_set_new(j, "values", arr);
	}
	return j;
}

static json_t *environment(const struct ledger_block *b)
{
	const struct ledger_env *e = &b->m.env;

	return json_pack("{s:o, s:o, s:o, s:o, s:o, s:i, s:o, s:o, s:o, s:o, s:o, s:o, s:s}", "compiler",
			 str(b->ev.compiler), "compiler_path", str(e->compiler), "compiler_version",
			 str(e->compiler_version), "cflags", str(b->ev.cflags), "cpu_model", str(e->cpu_model),
			 "logical_cores", e->logical_cores, "os", str(e->os), "kernel", str(e->kernel), "machine",
			 str(e->machine), "date_utc", str(e->date_utc), "loadavg_1min",
			 e->loadavg1 >= 0 ? json_real(e->loadavg1) : json_null(), "isolation", str(b->ev.isolation),
			 "litlab", LITLAB_VERSION);
}

static json_t *measurement(const struct ledger_block *b)
{
	const struct ledger_measurement *m = &b->m;
	json_t *j = json_object();
	json_t *work = json_object();

	json_object_set_new(j, "block", str(b->id));
	json_object_set_new(work, "args", str(m->args));
	json_object_set_new(work, "stdin", m->has_stdin ? bytes(&m->stdin_bytes) : json_null());
	json_object_set_new(work, "use", json_integer((json_int_t)m->nuse));
	json_object_set_new(j, "workload", work);
	json_object_set_new(j, "boundary", json_string("exec to exit"));
	json_object_set_new(j, "clock", json_string("CLOCK_MONOTONIC"));
	json_object_set_new(j, "unit", json_string("ns"));
	json_object_set_new(j, "warmup", json_integer(m->warmup));
	json_object_set_new(j, "samples", json_integer((json_int_t)m->samples));
	json_object_set_new(j, "wall_ns", stats_json(&m->wall, m->wall_values, m->samples, 0));
	json_object_set_new(j, "user_ns", stats_json(&m->user, NULL, 0, 0));
	json_object_set_new(j, "sys_ns", stats_json(&m->sys, NULL, 0, 0));
	json_object_set_new(j, "peak_rss_kb", stats_json(&m->rss_kb, NULL, 0, 1));
	json_t *regions = json_array();
	for (size_t i = 0; i < m->nregions; i++) {
		json_t *r = json_object();
		json_object_set_new(r, "name", str(m->regions[i].name));
		json_object_set_new(r, "boundary", json_string("region begin to end, summed per sample"));
		json_object_set_new(r, "ns", stats_json(&m->regions[i].st, m->regions[i].values, m->regions[i].n, 0));
		json_array_append_new(regions, r);
	}
	json_object_set_new(j, "regions", regions);
	json_object_set_new(j, "environment", environment(b));
	return j;
}

/* "file" and "version" (a lesson file's block), "sources", "files" (what its folder holds). */
static void lesson_files(json_t *j, const struct ledger_block *b)
{
	if (b->file) {
		json_object_set_new(j, "file", str(b->file));
		json_object_set_new(j, "version", json_integer(b->version));
	}
	if (b->nsources) {
		json_t *a = json_array();
		for (size_t i = 0; i < b->nsources; i++)
			json_array_append_new(a, str(b->sources[i]));
		json_object_set_new(j, "sources", a);
	}
	if (b->nfiles) {
		json_t *a = json_array();
		for (size_t i = 0; i < b->nfiles; i++)
			json_array_append_new(a, json_pack("{s:s, s:i}", "path", b->files[i].path, "line",
							   b->files[i].line));
		json_object_set_new(j, "files", a);
	}
}

json_t *report_block(const struct ledger_block *b)
{
	json_t *j = json_pack("{s:o, s:i, s:o, s:s, s:s}", "id", str(b->id), "line", b->line, "lang", str(b->lang), "mode",
			      block_mode_name(b->mode), "status", block_status_name(b->status));

	if (b->mode == MODE_DERIVED)
		json_object_set_new(j, "reason", str(b->reason));
	if (b->nuse) {
		json_t *use = json_array();
		for (size_t i = 0; i < b->nuse; i++)
			json_array_append_new(use, str(b->use[i]));
		json_object_set_new(j, "use", use);
	}
	json_t *outs = json_array();
	for (size_t i = 0; i < b->noutputs; i++) {
		const struct ledger_output *o = &b->outputs[i];
		json_array_append_new(outs, json_pack("{s:i, s:s, s:s, s:b}", "line", o->line, "match",
						      match_mode_name(o->match), "stream",
						      o->stream == STREAM_STDOUT ? "stdout" : "stderr", "derived",
						      b->mode == MODE_DERIVED));
	}
	json_object_set_new(j, "outputs", outs);
	lesson_files(j, b);
	if (b->has_evidence)
		json_object_set_new(j, "evidence", evidence(b));
	if (b->measured)
		json_object_set_new(j, "measurement", measurement(b));
	return j;
}

json_t *report_lesson(const struct ledger_lesson *ml)
{
	json_t *j = json_object();

	json_object_set_new(j, "path", str(ml->path));
	json_object_set_new(j, "lesson", ml->number >= 0 ? json_integer(ml->number) : json_null());
	json_object_set_new(j, "title", str(ml->title));
	json_t *blocks = json_array();
	for (size_t i = 0; i < ml->nblocks; i++)
		if (!ml->blocks[i].elsewhere) /* a shard lists its own blocks only */
			json_array_append_new(blocks, report_block(&ml->blocks[i]));
	json_object_set_new(j, "blocks", blocks);
	json_t *diags = json_array();
	for (size_t i = 0; i < ml->diags->n; i++)
		json_array_append_new(diags, report_diag(&ml->diags->v[i]));
	json_object_set_new(j, "diagnostics", diags);
	json_t *supp = json_array();
	for (size_t i = 0; i < ml->nsupp; i++) {
		const struct suppression *s = &ml->supp[i];
		json_array_append_new(supp, json_pack("{s:i, s:o, s:o, s:b, s:b}", "line", s->line, "rule", str(s->rule),
						      "reason", str(s->reason), "valid", s->valid, "used", s->used));
	}
	json_object_set_new(j, "suppressions", supp);
	json_t *refs = json_array();
	for (size_t i = 0; i < ml->nrefs; i++) {
		const struct ledger_ref *r = &ml->refs[i];
		json_t *jr = json_pack("{s:i, s:i, s:o, s:b}", "line", r->line, "column", r->col, "reference",
				       str(r->text), "resolved", r->resolved);
		if (r->resolved) {
			json_object_set_new(jr, "value", json_integer(r->value));
			json_object_set_new(jr, "unit", json_string(r->is_count ? "count" : "ns"));
			if (!r->is_count)
				json_object_set_new(jr, "display", str(r->display));
		}
		json_array_append_new(refs, jr);
	}
	json_object_set_new(j, "measure_references", refs);
	json_t *cites = json_array();
	for (size_t i = 0; i < ml->passes->ncites; i++) {
		const struct cited_value *c = &ml->passes->cites[i];
		json_array_append_new(cites, json_pack("{s:i, s:i, s:o, s:o, s:o, s:o, s:o, s:b}", "line", c->line,
						       "column", c->col, "reference", str(c->ref), "key", str(c->key),
						       "value", str(c->text), "url", str(c->url), "title",
						       str(c->title), "measured", 0));
	}
	json_object_set_new(j, "cited_values", cites);
	json_t *passed = json_array();
	for (size_t i = 0; i < ml->passes->n; i++) {
		const struct ledger_entry *e = &ml->passes->v[i];
		json_array_append_new(passed, json_pack("{s:i, s:i, s:o, s:o, s:o, s:o}", "line", e->line, "column",
							e->col, "rule", str(e->rule), "text", str(e->text),
							"decision", str(e->decision), "why", str(e->why)));
	}
	json_object_set_new(j, "let_pass", passed);
	return j;
}

json_t *report_summary(const struct summary *sum)
{
	json_t *j = json_object();

	json_object_set_new(j, "lessons", json_integer((json_int_t)sum->lessons));
	json_object_set_new(j, "blocks", json_integer((json_int_t)sum->blocks));
	json_object_set_new(j, "executed", json_integer((json_int_t)sum->executed));
	json_object_set_new(j, "passed", json_integer((json_int_t)sum->passed));
	json_object_set_new(j, "failed", json_integer((json_int_t)sum->failed));
	json_object_set_new(j, "measured", json_integer((json_int_t)sum->measured));
	json_object_set_new(j, "derived", json_integer((json_int_t)sum->derived));
	json_object_set_new(j, "compiled", json_integer((json_int_t)sum->compiled));
	json_object_set_new(j, "compile_failed", json_integer((json_int_t)sum->compile_failed));
	json_object_set_new(j, "errors", json_integer((json_int_t)sum->errors));
	json_object_set_new(j, "warnings", json_integer((json_int_t)sum->warnings));
	return j;
}

json_t *report_document(const struct ledger_model *m)
{
	json_t *doc = json_object();
	json_t *arr = json_array();
	json_t *rerr = json_array();

	json_object_set_new(doc, "litlab", json_string(LITLAB_VERSION));
	for (size_t i = 0; i < m->n; i++)
		json_array_append_new(arr, report_lesson(&m->lessons[i]));
	json_object_set_new(doc, "lessons", arr);
	json_object_set_new(doc, "summary", report_summary(&m->sum));
	for (size_t k = 0; k < m->rule_errors->n; k++)
		json_array_append_new(rerr, report_diag(&m->rule_errors->v[k]));
	json_object_set_new(doc, "rule_errors", rerr);
	if (m->nshards) /* a shard says which it is */
		json_object_set_new(doc, "shard", json_pack("{s:i, s:i}", "index", (int)m->shard, "count",
							     (int)m->nshards));
	return doc;
}

int report_write(FILE *fp, json_t *doc)
{
	if (json_dumpf(doc, fp, JSON_INDENT(2) | JSON_PRESERVE_ORDER) < 0)
		return -1;
	return fputc('\n', fp) == EOF ? -1 : 0;
}
