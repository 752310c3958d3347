/* describe.c: one block's evidence in words (describe.h). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "render/describe.h"
#include "lesson/lessonfiles.h"
#include "lesson/match.h"
#include "run/stats.h"

static void part(struct description *d, enum describe_kind kind, char *text)
{
	d->v = xappendarray(d->v, d->n, sizeof *d->v);
	d->v[d->n].kind = kind;
	d->v[d->n++].text = text;
}

static void PRINTFLIKE(2, 3) words(struct description *d, const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	buf_vaddf(&b, fmt, ap);
	va_end(ap);
	part(d, DESCRIBE_TEXT, buf_detach(&b, NULL));
}

static void name(struct description *d, const char *s)
{
	part(d, DESCRIBE_NAME, xstrdup(s ? s : ""));
}

static void duration(struct description *d, const char *before, int64_t ns)
{
	struct buf b = BUF_INIT;

	buf_adds(&b, before);
	stats_format_ns(&b, ns);
	part(d, DESCRIBE_TEXT, buf_detach(&b, NULL));
}

void describe_end_of_run(struct buf *out, const struct block *b, const struct launch_result *run)
{
	switch (run->end) {
	case END_EXITED:
		if (run->exit_code == b->exit_expected)
			buf_addf(out, "exit status %d, as expected", run->exit_code);
		else
			buf_addf(out, "exit status %d, expected %d", run->exit_code, b->exit_expected);
		break;
	case END_SIGNALED: {
		char *sig = signal_name(run->signo);
		buf_addf(out, "killed by %s", sig);
		free(sig);
		break;
	}
	case END_TIMEOUT:
		buf_adds(out, "stopped at its time limit");
		break;
	case END_OUTPUT_LIMIT:
		buf_adds(out, "stopped at the output limit");
		break;
	case END_LAUNCH_FAILED:
		buf_adds(out, "could not be started");
		break;
	}
}

/* The blocks that use fragment b (use=), or compile it (sources=). */
static void fragment_users(struct description *d, const struct lesson *l, const struct block *b)
{
	size_t k = 0;

	for (size_t i = 0; i < l->nblocks; i++)
		for (size_t u = 0; u < l->blocks[i].ndeps; u++)
			if (l->blocks[i].deps[u] == b->index) {
				words(d, k++ ? ", " : "built as part of ");
				name(d, l->blocks[i].id);
			}
	for (size_t i = 0; i < l->nblocks; i++)
		for (size_t u = 0; u < l->blocks[i].nsources; u++)
			if (l->blocks[i].source_blocks && l->blocks[i].source_blocks[u] == b->index) {
				words(d, k++ ? ", " : "compiled into ");
				name(d, l->blocks[i].id);
			}
	if (!k)
		words(d, !b->file ? "used by no block"
			  : b->file[strlen(b->file) - 1] == 'h' ? "a header: read where a block includes it"
								: "compiled into no block");
}

void describe_block(struct description *d, const char *cc, const struct lesson *l, const struct block *b,
		    const struct block_result *br)
{
	const struct evidence *ev = &br->ev;
	const char *verdict = br->status == STATUS_FAILED ? "compared" : "verified";

	memset(d, 0, sizeof *d);
#define SEP() (d->n ? words(d, "; ") : (void)0)
	if (ev->compiled) {
		struct buf cmd = BUF_INIT;
		buf_adds(&cmd, cc ? cc : "cc");
		if (ev->cflags && *ev->cflags)
			buf_addf(&cmd, " %s", ev->cflags);
		part(d, DESCRIBE_COMMAND, buf_detach(&cmd, NULL));
		words(d, ": %s", ev->compile_ok		    ? "compiled"
				 : b->mode == MODE_COMPILE_FAIL ? "did not compile, as expected"
								: "did not compile");
		if (b->mode == MODE_COMPILE_FAIL)
			for (size_t i = 0; i < b->noutputs; i++)
				words(d, "; the compiler's messages %s (%s match)", verdict,
				      match_mode_name(b->outputs[i].match));
	}
	if (ev->executed) {
		SEP();
		struct buf end = BUF_INIT;
		describe_end_of_run(&end, b, &ev->run);
		part(d, DESCRIBE_TEXT, buf_detach(&end, NULL));
		for (size_t i = 0; i < b->noutputs; i++)
			words(d, "; %s %s (%s match)", stream_name(b->outputs[i].stream), verdict,
			      match_mode_name(b->outputs[i].match));
	}
	if (br->measured) {
		SEP();
		words(d, "%zu samples after %d warmup", br->m.samples, br->m.warmup);
		duration(d, ", wall min ", br->m.wall.min);
		duration(d, " median ", br->m.wall.median);
		duration(d, " max ", br->m.wall.max);
		for (size_t i = 0; i < br->m.nregions; i++) {
			words(d, "; region ");
			name(d, br->m.regions[i].name);
			duration(d, " median ", br->m.regions[i].st.median);
		}
		if (ev->env) {
			const char *date = ev->env->date_utc;
			words(d, "; measured %s", date && *date ? date : "unknown");
			if (ev->env->loadavg1 >= 0)
				words(d, ", load average %.2f (1 min)", ev->env->loadavg1);
			else
				words(d, ", load average unknown");
		}
	}
	if (ev->cached) {
		SEP();
		if (ev->made)
			words(d, "cached, evidence made %s", ev->made);
		else
			words(d, "cached, evidence made at an unknown date");
	}
	if (b->mode == MODE_DERIVED) {
		SEP();
		words(d, "not executed; reason: %s", b->reason && *b->reason ? b->reason : "(none given)");
	} else if (b->mode == MODE_DISPLAY) {
		SEP();
		words(d, "display only, never run");
	} else if (b->mode == MODE_FRAGMENT) {
		SEP();
		fragment_users(d, l, b);
	}
	if (b->file) {
		int prev, v = lessonfiles_version(l, b, &prev);
		SEP();
		words(d, "lesson file ");
		name(d, b->file);
		words(d, ", version %d", v);
		if (prev)
			words(d, " (the one before at line %d)", prev);
	}
	if (b->nsees) {
		SEP();
		words(d, "its folder held ");
		for (size_t i = 0; i < b->nsees; i++) {
			if (i)
				words(d, ", ");
			name(d, l->blocks[b->sees[i]].file);
		}
	}
#undef SEP
}

char *describe_skipped(enum block_status st, const char *reason)
{
	switch (st) {
	case STATUS_DERIVED:
		return xasprintf("derived, not executed: %s", reason && *reason ? reason : "no reason given");
	case STATUS_DISPLAY:
		return xstrdup("display only, never run");
	case STATUS_FRAGMENT:
		return xstrdup("fragment, built only as part of the blocks that use it");
	default:
		return NULL;
	}
}

void describe_reference(struct description *d, const char *stat, const char *region, const char *block_id,
			size_t samples, int warmup)
{
	memset(d, 0, sizeof *d);
	words(d, "%s", stat);
	if (region) {
		words(d, " of region ");
		name(d, region);
	} else {
		words(d, " of the whole process (exec to exit)");
	}
	words(d, ", block ");
	part(d, DESCRIBE_BLOCK, xstrdup(block_id ? block_id : ""));
	words(d, ", %zu samples after %d warmup", samples, warmup);
}

void description_release(struct description *d)
{
	for (size_t i = 0; i < d->n; i++)
		free(d->v[i].text);
	free(d->v);
	memset(d, 0, sizeof *d);
}
