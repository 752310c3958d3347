/* report.c: lessons, blocks, evidence and diagnostics as JSON. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "report.h"

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

static json_t *signal_name(int signo)
{
	const char *abbrev = sigabbrev_np(signo);

	if (!abbrev)
		return json_integer(signo);
	char *name = xasprintf("SIG%s", abbrev);
	json_t *j = json_string(name);
	free(name);
	return j;
}

static const char *end_name(enum launch_end end)
{
	switch (end) {
	case END_EXITED:
		return "exited";
	case END_SIGNALED:
		return "signaled";
	case END_TIMEOUT:
		return "timeout";
	case END_OUTPUT_LIMIT:
		return "output-limit";
	case END_LAUNCH_FAILED:
		return "launch-failed";
	}
	return "exited";
}

static json_t *evidence(const struct report_ctx *ctx, const struct block *b, const struct evidence *ev)
{
	json_t *j = json_object();
	const struct launch_result *run = &ev->run;

	json_object_set_new(j, "compiler", str(ctx->runner ? ctx->runner->cc : NULL));
	json_object_set_new(j, "cflags", str(ev->cflags ? ev->cflags : ""));
	json_object_set_new(j, "compiled", json_boolean(ev->compile_ok));
	if (!ev->compile_ok || b->mode == MODE_COMPILE_FAIL)
		json_object_set_new(j, "compiler_output",
				    report_string(ev->compile_log.p, ev->compile_log.len));
	json_object_set_new(j, "executed", json_boolean(ev->executed));
	if (ev->executed) {
		json_object_set_new(j, "end", json_string(end_name(run->end)));
		json_object_set_new(j, "exit", run->end == END_EXITED ? json_integer(run->exit_code)
								   : json_null());
		json_object_set_new(j, "signal", run->signo ? signal_name(run->signo) : json_null());
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
	json_object_set_new(j, "cached", json_boolean(ev->cached));
	json_object_set_new(j, "isolation", str(ctx->runner ? ctx->runner->isolation : NULL));
	return j;
}

json_t *report_block(const struct report_ctx *ctx, const struct lesson *l, const struct block *b,
		     const struct block_result *br)
{
	json_t *j = json_object();

	(void)l;
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
	if (br->ev.compiled)
		json_object_set_new(j, "evidence", evidence(ctx, b, &br->ev));
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
