/*
 * promote.c: choosing the outputs to accept, and splicing them into the
 * file's bytes as written.
 *
 * The lesson's parsed text has CRLF made LF and a BOM dropped; promote must
 * not, so it indexes the lines of l->src itself, with the same line breaks
 * the loader counts (CR LF, LF, and a lone CR), and copies every byte that
 * is not a content line of a promoted block.
 */
#include <stdlib.h>
#include <string.h>

#include "lesson/match.h"
#include "run/console.h"
#include "render/promote.h"
#include "lesson/quantity.h"

void promote_plan_init(struct promote_plan *p)
{
	p->v = NULL;
	p->n = 0;
}

void promote_plan_release(struct promote_plan *p)
{
	for (size_t i = 0; i < p->n; i++)
		free(p->v[i].text);
	free(p->v);
	promote_plan_init(p);
}

void promote_plan_add(struct promote_plan *plan, size_t block, size_t output, const char *text, size_t len)
{
	struct buf t = BUF_INIT;
	struct promotion *p;

	for (size_t i = 0; i < len; i++) {
		if (text[i] == '\r' && i + 1 < len && text[i + 1] == '\n')
			continue;
		buf_addc(&t, text[i]);
	}
	if (t.len && t.p[t.len - 1] != '\n')
		buf_addc(&t, '\n');
	plan->v = xreallocarray(plan->v, plan->n + 1, sizeof *plan->v);
	p = &plan->v[plan->n++];
	p->block = block;
	p->output = output;
	p->text = buf_detach(&t, &p->len);
}

/* ---- choosing ---- */

/* Why a run that ended this way proves nothing, or NULL if it ended as the lesson expects. */
static char *run_failure(const struct block *b, const struct evidence *ev)
{
	const struct launch_result *r = &ev->run;

	if (!ev->executed)
		return xasprintf("block '%s' did not %s", b->id, ev->compile_ok ? "run" : "compile");
	switch (r->end) {
	case END_LAUNCH_FAILED:
		return xasprintf("block '%s' could not be started", b->id);
	case END_TIMEOUT:
		return xasprintf("block '%s' ran past its time limit", b->id);
	case END_OUTPUT_LIMIT:
		return xasprintf("block '%s' passed the output limit", b->id);
	case END_SIGNALED:
		return xasprintf("block '%s' was killed by signal %d", b->id, r->signo);
	case END_EXITED:
		if (r->exit_code != b->exit_expected)
			return xasprintf("block '%s' exited with status %d, expected %d", b->id, r->exit_code,
					 b->exit_expected);
		break;
	}
	if (r->out_truncated || r->err_truncated)
		return xasprintf("block '%s' printed more than litlab keeps", b->id);
	return NULL;
}

/* 1 if the bytes can stand in a fenced block and be read back the same. */
static int showable(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (s[i] == '\0' || (s[i] == '\r' && !(i + 1 < len && s[i + 1] == '\n')))
			return 0;
	return utf8_valid(s, len);
}

/*
 * The first value of s[0..len) that the timing-needs-metadata rule reports
 * in an output block (a performance claim, or a time-like value nothing
 * near decides), in *q: 1, or 0 when there is none.
 */
static int timing_value(const char *s, size_t len, struct quantity *q)
{
	size_t n = quantity_scan(s, len, NULL, 0);
	struct quantity *v = xcalloc(n ? n : 1, sizeof *v);
	int found = 0;

	n = quantity_scan(s, len, v, n);
	for (size_t i = 0; i < n && !found; i++) {
		if (v[i].cls == QUANTITY_CLAIM || v[i].cls == QUANTITY_UNSURE) {
			*q = v[i];
			found = 1;
		}
	}
	free(v);
	return found;
}

static const char *timing_words(enum quantity_kind kind)
{
	switch (kind) {
	case QUANTITY_TIME:
		return "a time value";
	case QUANTITY_RATE:
		return "a rate";
	case QUANTITY_SPEEDUP:
		return "a speed-up claim";
	case QUANTITY_CYCLES:
		return "a cycle count";
	case QUANTITY_SHARE:
		return "a share of the run time";
	}
	return "a timing value";
}

static void note(struct diags *notes, const struct lesson *l, const struct output_block *o, char *msg)
{
	diags_add(notes, l->path, o->line, o->col, SEV_NOTE, "output-mismatch", "%s", msg);
	free(msg);
}

/*
 * Why the promoted text of session b would not say what ran, or NULL: read
 * back as a session, it must have the same commands, and each the output
 * and status it now shows; a line a command printed that a session reads as
 * its own ("$ ", "> ", "[N]", "...") would make it another session. And no
 * output may hold a timing value (*value: it, with its quote open).
 */
static const char *session_unsafe(const struct block *b, const char *text, size_t len, char **value)
{
	struct console_session was, now;
	char *err = NULL;
	int line;
	const char *why = NULL;

	*value = NULL;
	if (console_parse(b->code, b->code_len, 1, &was, &err, &line) < 0) {
		free(err);
		return "its commands cannot be read";
	}
	if (console_parse(text, len, 1, &now, &err, &line) < 0) {
		free(err);
		console_session_release(&was);
		return "a command printed a line a session reads as its own ('$ ', '> ', '[N]'): show that "
		       "output in an output block of its own";
	}
	if (now.n != was.n)
		why = "a command printed a line a session reads as a command ('$ ' or '> '): show that output "
		      "in an output block of its own";
	for (size_t k = 0; k < now.n && !why; k++) {
		struct quantity q;
		if (strcmp(now.v[k].text, was.v[k].text) != 0)
			why = "a command printed a line a session reads as a command ('$ ' or '> '): show that "
			      "output in an output block of its own";
		else if (timing_value(now.v[k].out, now.v[k].out_len, &q)) {
			why = "a command printed a timing value, which a session may not show (it varies from run "
			      "to run, and is an error [timing-needs-metadata]); write '...' where it stands: '";
			*value = xstrndup(now.v[k].out + q.start, q.len);
			for (char *c = *value; *c; c++)
				if (*c == '\n' || *c == '\r' || *c == '\t')
					*c = ' ';
		}
	}
	console_session_release(&was);
	console_session_release(&now);
	return why;
}

/* A session's commands whose output differs get the real one (console_promoted()). */
static void promote_session(struct promote_plan *plan, const struct lesson *l, size_t i, const struct evidence *ev,
			    struct diags *notes)
{
	const struct block *b = &l->blocks[i];
	size_t len;
	char *text = NULL;

	len = 0;
	if (!b->bad_attrs)
		text = console_promoted(b, ev, &len);
	if (!text && len == (size_t)-1) {
		diags_add(notes, l->path, b->line, b->col, SEV_NOTE, "output-mismatch",
			  "session '%s' not promoted: a command printed a line a session reads as its own ('$ ', "
			  "'> ', '[N]' or '...'): show that output in an output block of its own",
			  b->id);
		return;
	}
	if (!text) {
		if (!b->bad_attrs && ev->executed)
			diags_add(notes, l->path, b->line, b->col, SEV_NOTE, "output-mismatch",
				  "session '%s' did not run to its end: not promoted; fix it first", b->id);
		return;
	}
	const char *bad = NULL;
	char *value = NULL;
	if ((len != b->code_len || memcmp(text, b->code, len) != 0) && showable(text, len))
		bad = session_unsafe(b, text, len, &value);
	if (bad) {
		diags_add(notes, l->path, b->line, b->col, SEV_NOTE, "output-mismatch",
			  "session '%s' not promoted: %s%s%s", b->id, bad, value ? value : "", value ? "'" : "");
		free(value);
	} else if ((len != b->code_len || memcmp(text, b->code, len) != 0) && showable(text, len))
		promote_plan_add(plan, i, PROMOTE_BLOCK, text, len);
	else if (len != b->code_len || memcmp(text, b->code, len) != 0)
		diags_add(notes, l->path, b->line, b->col, SEV_NOTE, "output-mismatch",
			  "session '%s' printed bytes a lesson cannot show (NUL, a lone CR, or invalid UTF-8): not "
			  "promoted",
			  b->id);
	free(text);
}

void promote_plan_make(struct promote_plan *plan, const struct lesson_result *lr, struct diags *notes)
{
	const struct lesson *l = lr->lesson;

	for (size_t i = 0; i < l->nblocks; i++) {
		const struct block *b = &l->blocks[i];
		const struct evidence *ev = &lr->blocks[i].ev;
		char *failed = NULL;
		if (b->mode == MODE_SESSION) {
			promote_session(plan, l, i, ev, notes);
			continue;
		}
		if (!b->noutputs || b->bad_attrs || b->mode == MODE_DERIVED || b->mode == MODE_DISPLAY)
			continue;
		if (b->mode == MODE_RUN || b->mode == MODE_MEASURE)
			failed = run_failure(b, ev);
		else if (b->mode == MODE_COMPILE_FAIL && !ev->compiled)
			failed = xasprintf("block '%s' was not compiled", b->id);
		if (failed) {
			note(notes, l, &b->outputs[0],
			     xasprintf("%s: its output is not promoted; fix the block first", failed));
			free(failed);
			continue;
		}
		for (size_t k = 0; k < b->noutputs; k++) {
			const struct output_block *o = &b->outputs[k];
			struct quantity q;
			const struct buf *actual = b->mode == MODE_COMPILE_FAIL ? &ev->compile_log
						   : o->stream == STREAM_STDERR ? &ev->run.err
										: &ev->run.out;
			if (match_output(o->match, o->text, o->len, actual->p, actual->len))
				continue;
			if (b->mode == MODE_MEASURE) {
				note(notes, l, o,
				     xasprintf("the %s of measure block '%s' differs from this output block: not "
					       "promoted (a measure block's output is written by hand, with '...' "
					       "where values vary); edit it yourself",
					       stream_name(o->stream), b->id));
			} else if (b->mode == MODE_COMPILE_FAIL) {
				note(notes, l, o,
				     xasprintf("the compiler's output for compile-fail block '%s' differs from "
					       "this output block: not promoted (compiler messages vary between "
					       "compilers); edit it yourself",
					       b->id));
			} else if (o->match != MATCH_EXACT) {
				note(notes, l, o,
				     xasprintf("the %s of block '%s' differs from this output block, which is a "
					       "pattern (match=%s): not promoted; edit it yourself",
					       stream_name(o->stream), b->id, match_mode_name(o->match)));
			} else if (!showable(actual->p, actual->len)) {
				note(notes, l, o,
				     xasprintf("the %s of block '%s' holds bytes a lesson cannot show (NUL, a "
					       "lone CR, or invalid UTF-8): not promoted",
					       stream_name(o->stream), b->id));
			} else if (timing_value(actual->p, actual->len, &q)) {
				/* Promoting it would make the next check fail: timings never stand in a lesson. */
				size_t line = 1;
				for (size_t c = 0; c < q.start; c++)
					line += actual->p[c] == '\n';
				char *value = xstrndup(actual->p + q.start, q.len);
				for (char *c = value; *c; c++)
					if (*c == '\n' || *c == '\r' || *c == '\t')
						*c = ' ';
				note(notes, l, o,
				     xasprintf("the %s of block '%s' holds %s, '%s' (its line %zu, lesson line "
					       "%zu): not promoted, since a timing value typed into an output block "
					       "is an error [timing-needs-metadata] and varies from run to run; make "
					       "'%s' a measure block with '...' where the value stands in its output "
					       "block, or have it print no time",
					       stream_name(o->stream), b->id, timing_words(q.kind), value, line,
					       (size_t)o->line + line, b->id));
				free(value);
			} else {
				promote_plan_add(plan, i, k, actual->p, actual->len);
			}
		}
	}
}

/* ---- rewriting ---- */

struct src_line {
	size_t start, end, next; /* [start, end) the line, [end, next) its line break */
};

static struct src_line *index_src(const struct lesson *l, size_t *n)
{
	const char *s = l->src;
	size_t len = l->src_len, i = l->has_bom ? 3 : 0, k = 0;
	struct src_line *v = NULL;

	for (;;) {
		size_t start = i;
		while (i < len && s[i] != '\n' && s[i] != '\r')
			i++;
		v = xreallocarray(v, k + 1, sizeof *v);
		v[k].start = start;
		v[k].end = i;
		if (i < len && s[i] == '\r' && i + 1 < len && s[i + 1] == '\n')
			i += 2;
		else if (i < len)
			i++;
		v[k].next = i;
		k++;
		if (i >= len)
			break;
	}
	*n = k;
	return v;
}

/* The fence that opens or closes a block on line s: its offset and length, after a container prefix. */
static int find_run(const char *s, size_t len, char fc, size_t *off, size_t *rlen)
{
	for (size_t i = 0; i < len; i++) {
		if (s[i] == fc) {
			size_t k = i;
			while (k < len && s[k] == fc)
				k++;
			if (k - i < 3)
				return 0;
			*off = i;
			*rlen = k - i;
			return 1;
		}
		if (!strchr(" \t>-*+.)0123456789", s[i]))
			return 0;
	}
	return 0;
}

static int is_closing(const char *s, size_t len, char fc, size_t flen, size_t *off, size_t *rlen)
{
	if (!find_run(s, len, fc, off, rlen) || *rlen < flen)
		return 0;
	for (size_t i = *off + *rlen; i < len; i++)
		if (s[i] != ' ' && s[i] != '\t')
			return 0;
	return 1;
}

static size_t longest_run(const char *s, size_t len, char c)
{
	size_t best = 0, run = 0;

	for (size_t i = 0; i < len; i++) {
		run = s[i] == c ? run + 1 : 0;
		if (run > best)
			best = run;
	}
	return best;
}

static void add_fence(struct buf *out, char c, size_t n)
{
	while (n--)
		buf_addc(out, c);
}

/* Appends text's lines, each after prefix and followed by eol. */
static void add_lines(struct buf *out, const char *text, size_t len, const char *prefix, size_t plen,
		      const char *eol, size_t eol_len)
{
	size_t blank_plen = plen;

	while (blank_plen > 0 && (prefix[blank_plen - 1] == ' ' || prefix[blank_plen - 1] == '\t'))
		blank_plen--;
	for (size_t i = 0; i < len;) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - (text + i)) : len - i;
		buf_add(out, prefix, n ? plen : blank_plen);
		buf_add(out, text + i, n);
		buf_add(out, eol, eol_len);
		i += n + 1;
	}
}

/* What a promotion replaces: an output block, or a session's own text (PROMOTE_BLOCK). */
static const int *target_line(const struct lesson *l, const struct promotion *p)
{
	const struct block *b = &l->blocks[p->block];

	return p->output == PROMOTE_BLOCK ? &b->line : &b->outputs[p->output].line;
}

static int target_end(const struct lesson *l, const struct promotion *p)
{
	const struct block *b = &l->blocks[p->block];

	return p->output == PROMOTE_BLOCK ? b->end_line : b->outputs[p->output].end_line;
}

static const char *target_fence(const struct lesson *l, const struct promotion *p)
{
	const struct block *b = &l->blocks[p->block];

	return p->output == PROMOTE_BLOCK ? b->fence : b->outputs[p->output].fence;
}

static const struct promotion *promotion_for(const struct promote_plan *plan, size_t block, size_t output)
{
	for (size_t i = 0; i < plan->n; i++)
		if (plan->v[i].block == block && plan->v[i].output == output)
			return &plan->v[i];
	return NULL;
}

/* 0 if the new bytes parse into the same blocks, with the promoted texts; else the first bad line. */
static int verify(const struct lesson *l, const struct promote_plan *plan, const struct buf *out)
{
	struct lesson *nl = lesson_parse(l->path, out->p, out->len);
	int bad = 0;

	if (nl->nblocks != l->nblocks)
		bad = plan->n ? *target_line(l, &plan->v[0]) : 1;
	for (size_t i = 0; i < l->nblocks && !bad; i++) {
		const struct block *a = &l->blocks[i], *b = &nl->blocks[i];
		const struct promotion *own = promotion_for(plan, i, PROMOTE_BLOCK);
		const char *code = own ? own->text : a->code;
		size_t code_len = own ? own->len : a->code_len;
		if (a->mode != b->mode || code_len != b->code_len || memcmp(code, b->code, code_len) ||
		    a->noutputs != b->noutputs || a->has_stdin != b->has_stdin) {
			bad = a->line;
			break;
		}
		for (size_t k = 0; k < a->noutputs && !bad; k++) {
			const struct promotion *p = promotion_for(plan, i, k);
			const char *want = p ? p->text : a->outputs[k].text;
			size_t wlen = p ? p->len : a->outputs[k].len;
			if (b->outputs[k].len != wlen || memcmp(b->outputs[k].text, want, wlen) != 0)
				bad = a->outputs[k].line;
		}
	}
	lesson_free(nl);
	return bad;
}

static int cmp_line(const void *a, const void *b)
{
	int x = **(const int *const *)a, y = **(const int *const *)b;

	return (x > y) - (x < y);
}

static int rewrite(const struct lesson *l, const struct promote_plan *plan, struct buf *out, char **err);

/* The loader's rules: run diagnostics (compile, output-mismatch, ...) that check adds are no structure. */
static int structural(const char *rule)
{
	static const char *const rules[] = { "unclosed-fence", "front-matter", "attribute", "output-provenance" };

	for (size_t i = 0; i < ARRAY_LEN(rules); i++)
		if (strcmp(rule, rules[i]) == 0)
			return 1;
	return 0;
}

size_t promote_structure(const struct lesson *l, struct diags *problems)
{
	size_t n = 0;

	for (size_t i = 0; i < l->diags.n; i++) {
		const struct diag *d = &l->diags.v[i];
		if (d->severity != SEV_ERROR || !structural(d->rule))
			continue;
		n++;
		if (problems)
			diags_add(problems, d->path, d->line, d->col, SEV_ERROR, d->rule, "%s", d->message);
	}
	for (size_t i = 0; i < l->norphans; i++) {
		n++;
		if (problems)
			diags_add(problems, l->path, l->orphans[i].line, l->orphans[i].col, SEV_ERROR, "output-provenance",
				  "%s", l->orphans[i].why);
	}
	if (problems)
		diags_sort(problems);
	return n;
}

int promote_rewrite(const struct lesson *l, const struct promote_plan *plan, struct buf *out, char **err)
{
	struct diags problems;

	diags_init(&problems);
	if (promote_structure(l, &problems)) {
		const struct diag *d = &problems.v[0];
		*err = xasprintf("%s:%d: %s [%s]%s", d->path, d->line, d->message, d->rule,
				 problems.n > 1 ? " (and more errors in the lesson)" : "");
		diags_release(&problems);
		return -1;
	}
	diags_release(&problems);
	return rewrite(l, plan, out, err);
}

/* promote_rewrite() of a lesson whose structure is sound. */
static int rewrite(const struct lesson *l, const struct promote_plan *plan, struct buf *out, char **err)
{
	size_t nlines, at = 0;
	struct src_line *lines = index_src(l, &nlines);
	const char *s = l->src;
	/* The promotions in the order of the file: sort pointers to their output lines. */
	const int **order = xcalloc(plan->n ? plan->n : 1, sizeof *order);
	int rc = 0;

	for (size_t i = 0; i < plan->n; i++)
		order[i] = target_line(l, &plan->v[i]);
	qsort(order, plan->n, sizeof *order, cmp_line);
	for (size_t i = 0; i < plan->n && rc == 0; i++) {
		const struct promotion *p = NULL;
		for (size_t k = 0; k < plan->n && !p; k++)
			if (target_line(l, &plan->v[k]) == order[i])
				p = &plan->v[k];
		const char *fence = target_fence(l, p);
		int line = *order[i], end_line = target_end(l, p);
		if (!fence) {
			*err = xasprintf("%s:%d: the block has no fence: promote only fenced blocks", l->path, line);
			rc = -1;
			break;
		}
		char fc = fence[0];
		size_t flen = strlen(fence), ooff, olen, coff, clen;
		if (end_line <= line || (size_t)end_line > nlines ||
		    !is_closing(s + lines[end_line - 1].start, lines[end_line - 1].end - lines[end_line - 1].start, fc,
				flen, &coff, &clen)) {
			*err = xasprintf("%s:%d: the output block has no closing fence: close it, then promote",
					 l->path, line);
			rc = -1;
			break;
		}
		const struct src_line *open = &lines[line - 1], *close = &lines[end_line - 1];
		if (!find_run(s + open->start, open->end - open->start, fc, &ooff, &olen) || open->start < at) {
			*err = xasprintf("%s:%d: cannot find the output block's fence", l->path, line);
			rc = -1;
			break;
		}
		size_t run = longest_run(p->text, p->len, fc), newlen = run >= flen ? run + 1 : 0;
		struct buf prefix = BUF_INIT;
		for (size_t k = 0; k < ooff; k++) {
			char c = s[open->start + k];
			buf_addc(&prefix, c == '>' || c == '\t' ? c : ' ');
		}
		if (newlen) {
			buf_add(out, s + at, open->start + ooff - at);
			add_fence(out, fc, newlen);
			buf_add(out, s + open->start + ooff + olen, open->next - (open->start + ooff + olen));
		} else {
			buf_add(out, s + at, open->next - at);
		}
		add_lines(out, p->text, p->len, prefix.p, prefix.len, s + open->end, open->next - open->end);
		buf_release(&prefix);
		if (newlen) {
			buf_add(out, s + close->start, coff);
			add_fence(out, fc, newlen);
			at = close->start + coff + clen;
		} else {
			at = close->start;
		}
	}
	if (rc == 0) {
		buf_add(out, s + at, l->src_len - at);
		int bad = verify(l, plan, out);
		if (bad) {
			*err = xasprintf("%s:%d: cannot promote this output block safely (the lesson would read "
					 "differently afterwards): edit it yourself",
					 l->path, bad);
			rc = -1;
		}
	}
	free(order);
	free(lines);
	return rc;
}
