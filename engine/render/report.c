/* report.c: lessons, blocks, evidence and diagnostics as JSON. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "lesson/lessonfiles.h"
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
	json_t *j = json_object();

	json_object_set_new(j, "path", str(d->path));
	json_object_set_new(j, "line", json_integer(d->line));
	json_object_set_new(j, "column", json_integer(d->col));
	json_object_set_new(j, "severity", json_string(severity_name(d->severity)));
	json_object_set_new(j, "rule", str(d->rule));
	json_object_set_new(j, "message", str(d->message));
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

static json_t *evidence(const struct report_ctx *ctx, const struct block *b, const struct evidence *ev)
{
	json_t *j = json_object();
	const struct launch_result *run = &ev->run;

	json_object_set_new(j, "compiler", str(ctx->run.cc));
	json_object_set_new(j, "cflags", str(ev->cflags ? ev->cflags : ""));
	json_object_set_new(j, "compiled", json_boolean(ev->compile_ok));
	if (!ev->compile_ok || b->mode == MODE_COMPILE_FAIL)
		json_object_set_new(j, "compiler_output",
				    report_string(ev->compile_log.p, ev->compile_log.len));
	json_object_set_new(j, "executed", json_boolean(ev->executed));
	if (ev->executed) {
		json_object_set_new(j, "end", json_string(launch_end_name(run->end)));
		json_object_set_new(j, "exit", run->end == END_EXITED ? json_integer(run->exit_code)
								   : json_null());
		json_object_set_new(j, "signal", run->signo ? signal_json(run->signo) : json_null());
		json_object_set_new(j, "stdout", report_string(run->out.p, run->out.len));
		json_object_set_new(j, "stderr", report_string(run->err.p, run->err.len));
		json_object_set_new(j, "stdout_truncated", json_boolean(run->out_truncated));
		json_object_set_new(j, "stderr_truncated", json_boolean(run->err_truncated));
		json_object_set_new(j, "wall_ms", ms(run->wall_ns));
		json_object_set_new(j, "user_ms", ms(run->user_ns));
		json_object_set_new(j, "sys_ms", ms(run->sys_ns));
		json_object_set_new(j, "max_rss_kb", json_integer(run->max_rss_kb));
	} else {
		json_object_set_new(j, "exit", json_null());
		json_object_set_new(j, "signal", json_null());
	}
	if (ev->sanitized)
		json_object_set_new(j, "sanitized", json_true());
	if (ev->repeats > 1)
		json_object_set_new(j, "runs", json_integer(ev->repeats));
	json_object_set_new(j, "cached", json_boolean(ev->cached));
	if (ev->cached)
		json_object_set_new(j, "made", str(ev->made));
	json_object_set_new(j, "isolation", str(evidence_isolation(ev, &ctx->run)));
	return j;
}

static json_t *stats_json(const struct stats *st, const int64_t *values, size_t n, int bytes)
{
	json_t *j = json_object();

	json_object_set_new(j, "samples", json_integer((json_int_t)st->samples));
	json_object_set_new(j, "min", json_integer(st->min));
	json_object_set_new(j, "median", json_integer(st->median));
	json_object_set_new(j, "max", json_integer(st->max));
	json_object_set_new(j, "mean", json_integer(st->mean));
	json_object_set_new(j, "q1", json_integer(st->q1));
	json_object_set_new(j, "q3", json_integer(st->q3));
	json_object_set_new(j, "iqr", json_integer(st->iqr));
	json_object_set_new(j, "mad", json_integer(st->mad));
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

static json_t *environment(const struct report_ctx *ctx, const struct evidence *ev)
{
	json_t *j = json_object();
	/* Where and when it was measured: the record's own, when it came from the cache. */
	const struct envinfo *e = ev->env ? ev->env : ctx->run.env;

	json_object_set_new(j, "compiler", str(ctx->run.cc));
	json_object_set_new(j, "compiler_path", str(e ? e->compiler : NULL));
	json_object_set_new(j, "compiler_version", str(e ? e->compiler_version : NULL));
	json_object_set_new(j, "cflags", str(ev->cflags ? ev->cflags : ""));
	json_object_set_new(j, "cpu_model", str(e ? e->cpu_model : NULL));
	json_object_set_new(j, "logical_cores", json_integer(e ? e->logical_cores : 0));
	json_object_set_new(j, "os", str(e ? e->os : NULL));
	json_object_set_new(j, "kernel", str(e ? e->kernel : NULL));
	json_object_set_new(j, "machine", str(e ? e->machine : NULL));
	json_object_set_new(j, "date_utc", str(e ? e->date_utc : NULL));
	json_object_set_new(j, "loadavg_1min", e && e->loadavg1 >= 0 ? json_real(e->loadavg1) : json_null());
	json_object_set_new(j, "isolation", str(evidence_isolation(ev, &ctx->run)));
	json_object_set_new(j, "litlab", json_string(LITLAB_VERSION));
	return j;
}

static json_t *measurement(const struct report_ctx *ctx, const struct block *b, const struct block_result *br)
{
	const struct measurement *m = &br->m;
	json_t *j = json_object();
	json_t *work = json_object();

	json_object_set_new(j, "block", str(b->id));
	json_object_set_new(work, "args", str(b->args ? b->args : ""));
	json_object_set_new(work, "stdin", b->has_stdin ? report_string(b->stdin_text, b->stdin_len) : json_null());
	json_object_set_new(work, "use", json_integer((json_int_t)b->ndeps));
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
	json_object_set_new(j, "environment", environment(ctx, &br->ev));
	return j;
}

/* "file" and "version" (a lesson file's block), "sources", "files" (what its folder holds). */
static void report_lesson_files(json_t *j, const struct lesson *l, const struct block *b)
{
	int prev;

	if (b->file) {
		json_object_set_new(j, "file", str(b->file));
		json_object_set_new(j, "version", json_integer(lessonfiles_version(l, b, &prev)));
	}
	if (b->nsources) {
		json_t *a = json_array();
		for (size_t i = 0; i < b->nsources; i++)
			json_array_append_new(a, str(b->sources[i]));
		json_object_set_new(j, "sources", a);
	}
	if (b->nsees) {
		json_t *a = json_array();
		for (size_t i = 0; i < b->nsees; i++) {
			const struct block *f = &l->blocks[b->sees[i]];
			json_array_append_new(a, json_pack("{s:s, s:i}", "path", f->file, "line", f->line));
		}
		json_object_set_new(j, "files", a);
	}
}

json_t *report_block(const struct report_ctx *ctx, const struct lesson *l, const struct block *b,
		     const struct block_result *br)
{
	json_t *j = json_object();

	json_object_set_new(j, "id", str(b->id));
	json_object_set_new(j, "line", json_integer(b->line));
	json_object_set_new(j, "lang", str(b->lang));
	json_object_set_new(j, "mode", json_string(block_mode_name(b->mode)));
	json_object_set_new(j, "status", json_string(block_status_name(br->status)));
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
		const struct output_block *o = &b->outputs[i];
		json_t *jo = json_object();
		json_object_set_new(jo, "line", json_integer(o->line));
		json_object_set_new(jo, "match", json_string(match_mode_name(o->match)));
		json_object_set_new(jo, "stream", json_string(o->stream == STREAM_STDOUT ? "stdout" : "stderr"));
		json_object_set_new(jo, "derived", json_boolean(b->mode == MODE_DERIVED));
		json_array_append_new(outs, jo);
	}
	json_object_set_new(j, "outputs", outs);
	report_lesson_files(j, l, b);
	if (br->ev.compiled || br->ev.executed)
		json_object_set_new(j, "evidence", evidence(ctx, b, &br->ev));
	if (br->measured)
		json_object_set_new(j, "measurement", measurement(ctx, b, br));
	return j;
}

json_t *report_lesson(const struct report_ctx *ctx, const struct lesson_result *lr)
{
	const struct lesson *l = lr->lesson;
	json_t *j = json_object();

	json_object_set_new(j, "path", str(l->path));
	json_object_set_new(j, "lesson", l->number >= 0 ? json_integer(l->number) : json_null());
	json_object_set_new(j, "title", str(l->title));
	json_t *blocks = json_array();
	for (size_t i = 0; i < l->nblocks; i++)
		json_array_append_new(blocks, report_block(ctx, l, &l->blocks[i], &lr->blocks[i]));
	json_object_set_new(j, "blocks", blocks);
	json_t *diags = json_array();
	for (size_t i = 0; i < l->diags.n; i++)
		json_array_append_new(diags, report_diag(&l->diags.v[i]));
	json_object_set_new(j, "diagnostics", diags);
	json_t *supp = json_array();
	for (size_t i = 0; i < lr->nsupp; i++) {
		const struct suppression *s = &lr->supp[i];
		json_t *js = json_object();
		json_object_set_new(js, "line", json_integer(s->line));
		json_object_set_new(js, "rule", str(s->rule));
		json_object_set_new(js, "reason", str(s->reason));
		json_object_set_new(js, "valid", json_boolean(s->valid));
		json_object_set_new(js, "used", json_boolean(s->used));
		json_array_append_new(supp, js);
	}
	json_object_set_new(j, "suppressions", supp);
	json_t *refs = json_array();
	for (size_t i = 0; i < lr->nrefs; i++) {
		const struct measure_ref *r = &lr->refs[i];
		json_t *jr = json_object();
		json_object_set_new(jr, "line", json_integer(r->line));
		json_object_set_new(jr, "column", json_integer(r->col));
		json_object_set_new(jr, "reference", str(r->text));
		json_object_set_new(jr, "resolved", json_boolean(r->resolved));
		if (r->resolved) {
			json_object_set_new(jr, "value", json_integer(r->value));
			json_object_set_new(jr, "unit", json_string(r->is_count ? "count" : "ns"));
			if (!r->is_count) {
				struct buf b = BUF_INIT;
				stats_format_ns(&b, r->value);
				json_object_set_new(jr, "display", json_string(b.p));
				buf_release(&b);
			}
		}
		json_array_append_new(refs, jr);
	}
	json_object_set_new(j, "measure_references", refs);
	json_t *cites = json_array();
	for (size_t i = 0; i < lr->ledger.ncites; i++) {
		const struct cited_value *c = &lr->ledger.cites[i];
		json_t *jc = json_object();
		json_object_set_new(jc, "line", json_integer(c->line));
		json_object_set_new(jc, "column", json_integer(c->col));
		json_object_set_new(jc, "reference", str(c->ref));
		json_object_set_new(jc, "key", str(c->key));
		json_object_set_new(jc, "value", str(c->text));
		json_object_set_new(jc, "url", str(c->url));
		json_object_set_new(jc, "title", str(c->title));
		json_object_set_new(jc, "measured", json_false());
		json_array_append_new(cites, jc);
	}
	json_object_set_new(j, "cited_values", cites);
	json_t *passed = json_array();
	for (size_t i = 0; i < lr->ledger.n; i++) {
		const struct ledger_entry *e = &lr->ledger.v[i];
		json_t *je = json_object();
		json_object_set_new(je, "line", json_integer(e->line));
		json_object_set_new(je, "column", json_integer(e->col));
		json_object_set_new(je, "rule", str(e->rule));
		json_object_set_new(je, "text", str(e->text));
		json_object_set_new(je, "decision", str(e->decision));
		json_object_set_new(je, "why", str(e->why));
		json_array_append_new(passed, je);
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

json_t *report_document(const struct report_ctx *ctx, const struct lesson_result *lessons, size_t n,
			const struct summary *sum)
{
	json_t *doc = json_object();
	json_t *arr = json_array();

	json_object_set_new(doc, "litlab", json_string(LITLAB_VERSION));
	for (size_t i = 0; i < n; i++)
		json_array_append_new(arr, report_lesson(ctx, &lessons[i]));
	json_object_set_new(doc, "lessons", arr);
	json_object_set_new(doc, "summary", report_summary(sum));
	return doc;
}

int report_write(FILE *fp, json_t *doc)
{
	if (json_dumpf(doc, fp, JSON_INDENT(2) | JSON_PRESERVE_ORDER) < 0)
		return -1;
	return fputc('\n', fp) == EOF ? -1 : 0;
}
