/*
 * check.c: from evidence to statuses and diagnostics.
 *
 * Every engine diagnostic about a block points at a line of that block: the
 * line the compiler named (through #line), the opening fence (its exit=
 * attribute, for an exit status), or for an output problem the first line
 * of the output block that differs.
 */
#include <ctype.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/suggest.h"
#include "check/check.h"
#include "run/cache.h"
#include "run/console.h"
#include "run/runner.h"
#include "lesson/lessonfiles.h"
#include "lesson/match.h"
#include "lesson/prose.h"

static const char *const status_names[] = {
	[STATUS_PASSED] = "passed",	    [STATUS_FAILED] = "failed",
	[STATUS_MEASURED] = "measured",	    [STATUS_COMPILED] = "compiled",
	[STATUS_COMPILE_FAILED] = "compile-failed", [STATUS_DERIVED] = "derived",
	[STATUS_DISPLAY] = "display",	    [STATUS_FRAGMENT] = "fragment",
};

const char *block_status_name(enum block_status status)
{
	if ((size_t)status >= ARRAY_LEN(status_names) || !status_names[status])
		BUG("block status %d has no name", (int)status);
	return status_names[status];
}

int lesson_needs_compiler(const struct lesson *l)
{
	for (size_t i = 0; i < l->nblocks; i++)
		if (block_runs(&l->blocks[i]) && !l->blocks[i].bad_attrs)
			return 1;
	return 0;
}

/*
 * The first max lines of text, each after indent, for a diagnostic's detail;
 * with width, each line is cut after that many bytes. What is left out is
 * said with a last line "... (more MORE not shown)".
 */
static char *head_lines(const char *text, size_t len, int max, size_t width, const char *indent, const char *more)
{
	struct buf b = BUF_INIT;
	int lines = 0;
	size_t i = 0;

	while (i < len && lines < max) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - (text + i)) + 1 : len - i;
		size_t shown = nl ? n - 1 : n;
		buf_adds(&b, indent);
		if (width && shown > width)
			buf_addf(&b, "%.*s... (%zu more bytes)", (int)width, text + i, shown - width);
		else
			buf_add(&b, text + i, shown);
		buf_addc(&b, '\n');
		i += n;
		lines++;
	}
	if (i < len)
		buf_addf(&b, "%s... (more %s not shown)\n", indent, more);
	return buf_detach(&b, NULL);
}

#define STDERR_LINES 10
#define STDERR_WIDTH 240

/* What a program that failed printed on stderr, as a diagnostic's detail (NULL when nothing). */
static char *stderr_detail(const struct launch_result *run)
{
	if (!run->err.len)
		return NULL;
	char *head = head_lines(run->err.p, run->err.len, STDERR_LINES, STDERR_WIDTH, "      ", "of its stderr");
	char *detail = xasprintf("    stderr:\n%s", head);
	free(head);
	return detail;
}

static const char *next_line(const char *p, const char *end, size_t *len)
{
	const char *nl = memchr(p, '\n', (size_t)(end - p));

	*len = nl ? (size_t)(nl - p) : (size_t)(end - p);
	return nl ? nl + 1 : end;
}

/*
 * "PATH:LINE[:COL]: KIND: MSG" about this lesson, as gcc and clang write
 * them (line[0..len)): 1 with the position, the kind (the word before the
 * second colon run: "warning", "error", "fatal error", "note") and the
 * message; 0 for any other line.
 */
static int lesson_message(const struct lesson *l, const char *line, size_t len, int *ln, int *col,
			  struct span *kind, struct span *msg)
{
	size_t plen = strlen(l->path);

	if (len <= plen || strncmp(line, l->path, plen) != 0 || line[plen] != ':')
		return 0;
	const char *p = line + plen + 1, *end = line + len;
	long n = 0, c = 0;
	while (p < end && *p >= '0' && *p <= '9' && n < 100000000)
		n = n * 10 + (*p++ - '0');
	if (n <= 0 || p >= end || *p != ':')
		return 0;
	p++;
	if (p < end && *p >= '0' && *p <= '9') {
		while (p < end && *p >= '0' && *p <= '9' && c < 100000000)
			c = c * 10 + (*p++ - '0');
		if (p >= end || *p != ':')
			return 0;
		p++;
	}
	while (p < end && *p == ' ')
		p++;
	const char *colon = memchr(p, ':', (size_t)(end - p));
	if (!colon)
		return 0;
	kind->p = p;
	kind->len = (size_t)(colon - p);
	for (p = colon + 1; p < end && *p == ' ';)
		p++;
	msg->p = p;
	msg->len = (size_t)(end - p);
	*ln = (int)n;
	*col = c > 0 ? (int)c : 1;
	return 1;
}

static int span_is(struct span s, const char *word)
{
	return s.len == strlen(word) && memcmp(s.p, word, s.len) == 0;
}

/*
 * "FILE:LINE[:COL]: KIND: MSG" about a file that is not the lesson (a
 * system header, a generated one): 1 with its parts, else 0. Said in a
 * message as "KIND in 'FILE', line LINE: MSG", so that the message holds no
 * position an editor would read instead of the diagnostic's own.
 */
static int other_message(const char *line, size_t len, struct span *file, int *ln, struct span *kind,
			 struct span *msg)
{
	const char *end = line + len;

	for (const char *p = line; p < end; p++) {
		if (*p != ':' || p == line || p + 1 >= end || p[1] < '0' || p[1] > '9')
			continue;
		const char *q = p + 1;
		long n = 0;
		while (q < end && *q >= '0' && *q <= '9' && n < 100000000)
			n = n * 10 + (*q++ - '0');
		if (q >= end || *q != ':' || n <= 0)
			continue;
		q++;
		while (q < end && *q >= '0' && *q <= '9')
			q++;
		if (q < end && *q == ':')
			q++;
		while (q < end && *q == ' ')
			q++;
		const char *colon = memchr(q, ':', (size_t)(end - q));
		if (!colon || colon == q)
			return 0;
		file->p = line;
		file->len = (size_t)(p - line);
		kind->p = q;
		kind->len = (size_t)(colon - q);
		for (q = colon + 1; q < end && *q == ' ';)
			q++;
		msg->p = q;
		msg->len = (size_t)(end - q);
		*ln = (int)n;
		return 1;
	}
	return 0;
}

#define MESSAGES_MAX 10

/* Gives the message being read its detail lines, if it has any. */
static void end_message(struct diags *d, size_t *last, struct buf *detail)
{
	if (*last != (size_t)-1 && detail->len)
		d->v[*last].detail = buf_detach(detail, NULL);
	buf_reset(detail);
	*last = (size_t)-1;
}

/*
 * The compiler's messages about block b, each said once. Every
 * "PATH:LINE[:COL]: error: MSG" about this lesson (a failed build only) is
 * a compile error at that line, every "...: warning: MSG" a compile-warning
 * (an error with the front matter's 'warnings: error'),
 * each with the lines that follow it (the code the compiler quotes, its
 * notes) as detail: the message line itself is never repeated under it.
 * An error or a warning about no line of the lesson (a system header, a flag)
 * goes to the block's fence, its position said in words. At most
 * MESSAGES_MAX errors and as many warnings, then one line saying how many
 * more. A failed build none of whose errors is about a lesson line (the
 * linker's) is one error at the fence, or at the lines lessonfiles names,
 * with the compiler's output as detail. Returns the errors added.
 */
static int compiler_messages(struct diags *d, struct lesson *l, const struct block *b, const struct evidence *ev,
			     int failed)
{
	const char *end = ev->compile_log.p + ev->compile_log.len;
	size_t plen = strlen(l->path), last = (size_t)-1;
	struct buf detail = BUF_INIT, rest = BUF_INIT;
	int errors = 0, warnings = 0, more_errors = 0, more_warnings = 0, detail_lines = 0;
	const char *other = NULL;
	size_t other_len = 0;

	for (const char *line = ev->compile_log.p, *next; line < end; line = next) {
		size_t len;
		int ln = 0, col = 0;
		struct span kind = { NULL, 0 }, msg = { NULL, 0 }, file = { NULL, 0 };
		next = next_line(line, end, &len);
		int ours = lesson_message(l, line, len, &ln, &col, &kind, &msg);
		int theirs = !ours && other_message(line, len, &file, &ln, &kind, &msg);
		int is_error = (ours || theirs) && (span_is(kind, "error") || span_is(kind, "fatal error"));
		int is_warning = (ours || theirs) && span_is(kind, "warning");
		if (!ours && !theirs && memmem(line, len, "warning: ", 9)) {
			is_warning = 1;
			msg.p = line;
			msg.len = len;
		}
		if ((is_error && failed) || is_warning) {
			end_message(d, &last, &detail);
			detail_lines = 0;
			int *count = is_error ? &errors : &warnings;
			if (*count == MESSAGES_MAX) {
				if (is_error)
					more_errors++;
				else
					more_warnings++;
				continue;
			}
			(*count)++;
			last = d->n;
			enum severity sev = is_error || l->warnings_are_errors ? SEV_ERROR : SEV_WARNING;
			const char *rule = is_error ? "compile" : "compile-warning";
			if (ours) {
				diags_add(d, l->path, ln, col, sev, rule, "%.*s", (int)msg.len, msg.p);
			} else if (theirs) {
				diags_add(d, l->path, b->line, b->col, sev, rule, "%s '%s'%s: %.*s in '%.*s', line %d: %.*s",
					  is_error ? "block" : "compiling block", b->id, is_error ? " does not compile" : "",
					  (int)kind.len, kind.p, (int)file.len, file.p, ln, (int)msg.len, msg.p);
			} else {
				diags_add(d, l->path, b->line, b->col, sev, rule, "%s '%s'%s: %.*s",
					  is_error ? "block" : "compiling block", b->id, is_error ? " does not compile" : "",
					  (int)msg.len, msg.p);
			}
			continue;
		}
		buf_add(&rest, line, len);
		buf_addc(&rest, '\n');
		if (failed && !other && (memmem(line, len, "error:", 6) || memmem(line, len, "undefined reference", 19))) {
			other = line;
			other_len = len;
		}
		if ((ours && !span_is(kind, "note")) || (!ours && len > plen && !memcmp(line, l->path, plen))) {
			end_message(d, &last, &detail); /* "PATH: In function 'f':" */
		} else if (last != (size_t)-1 && detail_lines < 8) {
			buf_adds(&detail, "    ");
			buf_add(&detail, line, len);
			buf_addc(&detail, '\n');
			detail_lines++;
		}
	}
	end_message(d, &last, &detail);
	buf_release(&detail);
	if (more_errors)
		diags_add(d, l->path, b->line, b->col, SEV_ERROR, "compile",
			  "block '%s' does not compile: %d more compiler error%s not shown", b->id, more_errors,
			  more_errors == 1 ? "" : "s");
	if (more_warnings)
		diags_add(d, l->path, b->line, b->col, l->warnings_are_errors ? SEV_ERROR : SEV_WARNING,
			  "compile-warning", "compiling block '%s': %d more compiler warning%s not shown", b->id,
			  more_warnings, more_warnings == 1 ? "" : "s");
	if (failed && !errors) {
		size_t first = d->n;
		errors = lessonfiles_link_diags(d, l, b, ev->compile_log.p, ev->compile_log.len);
		if (!errors) {
			diags_add(d, l->path, b->line, b->col, SEV_ERROR, "compile", "block '%s' does not compile%s%.*s",
				  b->id, other ? ": " : "", (int)other_len, other ? other : "");
			errors = 1;
		}
		/* An index, not a pointer: diags_add may move the array. */
		d->v[first].detail = head_lines(rest.p, rest.len, 40, 0, "    ", "compiler output");
	}
	buf_release(&rest);
	return errors;
}

static const struct output_block *output_for(const struct block *b, enum stream s)
{
	for (size_t i = 0; i < b->noutputs; i++)
		if (b->outputs[i].stream == s)
			return &b->outputs[i];
	return NULL;
}

/* Compares one output block with what really came out; 0 if it matched. */
static int verify_output(struct diags *d, struct lesson *l, const struct block *b, const struct output_block *o,
			 const char *actual, size_t alen, const char *what)
{
	if (match_output(o->match, o->text, o->len, actual, alen))
		return 0;
	/* At the first line that differs, and the diff's lines counted as the file's. */
	struct buf diff = BUF_INIT;
	int at = 0;
	match_diff_at(&diff, o->match, o->text, o->len, actual, alen, 60, o->line + 1, &at);
	struct diag *dg = diags_add(d, l->path, at > o->line ? at : o->line, o->col, SEV_ERROR, "output-mismatch",
				    "%s of block '%s' differs from the output block (match=%s)", what, b->id,
				    match_mode_name(o->match));
	dg->detail = buf_detach(&diff, NULL);
	return -1;
}

static int verify_compile_fail(struct diags *d, struct lesson *l, struct block *b, struct evidence *ev)
{
	if (ev->compile_ok) {
		diags_add(d, l->path, b->line, b->col, SEV_ERROR, "compile",
			  "block '%s' compiled, but it is marked compile-fail: it must not compile", b->id);
		return -1;
	}
	const struct output_block *o = output_for(b, STREAM_STDOUT);
	if (o && verify_output(d, l, b, o, ev->compile_log.p, ev->compile_log.len, "the compiler's output") < 0)
		return -1;
	return 0;
}

/*
 * Appends s[0..len) without what changes from run to run: long hexadecimal
 * numbers (addresses) become "0x...", and a path in the block's temporary
 * folder (".../litlab-XXXXXX/NAME") becomes NAME.
 */
static void add_masked(struct buf *out, const char *s, size_t len)
{
	size_t token = out->len;

	for (size_t i = 0; i < len;) {
		if (s[i] == ' ' || s[i] == '(')
			token = out->len + 1;
		if (s[i] == '/' && len - i > 15 && memcmp(s + i + 1, "litlab-", 7) == 0 && s[i + 14] == '/') {
			buf_setlen(out, token);
			i += 15;
			continue;
		}
		if (s[i] == '0' && i + 1 < len && s[i + 1] == 'x') {
			size_t k = i + 2;
			while (k < len && isxdigit((unsigned char)s[k]))
				k++;
			if (k - i - 2 >= 6) {
				buf_adds(out, "0x...");
				i = k;
				continue;
			}
		}
		buf_addc(out, s[i++]);
	}
}

/*
 * Parses "FILE:LINE[:COL]" (s[0..n)); 1 with the position when FILE is the
 * lesson: its path as given, or that path after a folder (a sanitizer puts
 * the build folder in front of a relative #line name).
 */
static int lesson_location(const struct lesson *l, const char *s, size_t n, int *line, int *col)
{
	long nums[2] = { 0, 0 };
	int k = 0;
	size_t end = n, plen = strlen(l->path);

	while (k < 2) {
		size_t st = end;
		while (st > 0 && s[st - 1] >= '0' && s[st - 1] <= '9' && end - st < 9)
			st--;
		if (st == end || st == 0 || s[st - 1] != ':')
			break;
		nums[k++] = strtol(s + st, NULL, 10);
		end = st - 1;
	}
	if (k == 0 || nums[k - 1] <= 0)
		return 0;
	if (!(end == plen && memcmp(s, l->path, plen) == 0) &&
	    !(end > plen && s[end - plen - 1] == '/' && memcmp(s + end - plen, l->path, plen) == 0))
		return 0;
	*line = (int)nums[k - 1];
	*col = k == 2 && nums[0] > 0 ? (int)nums[0] : 1;
	return 1;
}

/*
 * The first report of UndefinedBehaviorSanitizer ("FILE:LINE:COL: runtime
 * error: MSG") or AddressSanitizer ("ERROR: AddressSanitizer: KIND ...",
 * then the access and the stack) in a sanitized program's stderr, as a
 * sanitizer error at the lesson line it names (for AddressSanitizer, the
 * first frame in the lesson), else at the block's fence. Returns 0 if there
 * is none, 1 for undefined behaviour alone (the program went on), 2 when
 * AddressSanitizer stopped the program (with status 1).
 */
static int verify_sanitizer(struct diags *d, struct lesson *l, struct block *b, const struct buf *err)
{
	const char *end = err->p + err->len;
	size_t len;
	int stopped = memmem(err->p, err->len, "ERROR: AddressSanitizer: ", 25) != NULL;

	for (const char *line = err->p, *next; line < end; line = next) {
		next = next_line(line, end, &len);
		const char *ub = memmem(line, len, ": runtime error: ", 17);
		const char *asan = memmem(line, len, "ERROR: AddressSanitizer: ", 25);
		int ln = b->line, col = b->col;
		struct buf msg = BUF_INIT, detail = BUF_INIT;
		if (ub) {
			lesson_location(l, line, (size_t)(ub - line), &ln, &col);
			const char *m = ub + 17;
			add_masked(&msg, m, len - (size_t)(m - line));
			diags_add(d, l->path, ln, col, SEV_ERROR, "sanitizer",
				  "block '%s' has undefined behaviour: %s (UndefinedBehaviorSanitizer)", b->id, msg.p);
			buf_release(&msg);
			return stopped ? 2 : 1;
		}
		if (!asan)
			continue;
		/* "stack-buffer-overflow on address 0x... at pc ...": the kind is what comes before " on " or " (". */
		const char *kind = asan + 25, *lend = line + len;
		size_t klen = (size_t)(lend - kind);
		const char *on = memmem(kind, klen, " on ", 4), *paren = memmem(kind, klen, " (", 2);
		if (on && (!paren || on < paren))
			klen = (size_t)(on - kind);
		else if (paren)
			klen = (size_t)(paren - kind);
		add_masked(&msg, kind, klen);
		int found = 0, lines = 0;
		const char *p = line;
		for (const char *q; p < end && lines < 24; p = q, lines++) {
			size_t n;
			q = next_line(p, end, &n);
			const char *t = p;
			while (t < p + n && (*t == ' ' || *t == '\t'))
				t++;
			if (p != line && n == 0)
				break; /* the first stack ends at a blank line */
			if (!strncmp(t, "READ of size", 12) || !strncmp(t, "WRITE of size", 13)) {
				const char *at = memmem(t, (size_t)(p + n - t), " at ", 4);
				buf_adds(&msg, ", ");
				add_masked(&msg, t, at ? (size_t)(at - t) : (size_t)(p + n - t));
			}
			if (*t == '#' && !found) {
				const char *loc = p + n;
				while (loc > t && loc[-1] != ' ')
					loc--;
				found = lesson_location(l, loc, (size_t)(p + n - loc), &ln, &col);
			}
			const char *s = p;
			if (s[0] == '=' && s[1] == '=') { /* "==1234==ERROR: ...": no process id */
				const char *e2 = memmem(s + 2, n > 2 ? n - 2 : 0, "==", 2);
				if (e2)
					s = e2 + 2;
			}
			buf_adds(&detail, "    ");
			add_masked(&detail, s, (size_t)(p + n - s));
			buf_addc(&detail, '\n');
		}
		struct diag *dg = diags_add(d, l->path, ln, col, SEV_ERROR, "sanitizer",
					    "block '%s' has a memory error: %s (AddressSanitizer)", b->id, msg.p);
		dg->detail = buf_detach(&detail, NULL);
		buf_release(&msg);
		return 2;
	}
	return 0;
}

/* check --repeat: a run whose stdout differs from the first one's. */
static int verify_repeats(struct diags *d, struct lesson *l, struct block *b, const struct evidence *ev)
{
	if (!ev->repeat_differ)
		return 0;
	struct diag *dg = diags_add(d, l->path, b->line, b->col, SEV_ERROR, "nondeterministic",
				    "block '%s' printed another stdout on run %d of %d than on run 1: its output is "
				    "not deterministic",
				    b->id, ev->repeat_differ, ev->repeats);
	struct buf diff = BUF_INIT;
	match_diff(&diff, ev->run.out.p, ev->run.out.len, ev->differ_out.p, ev->differ_out.len, 60);
	dg->detail = buf_detach(&diff, NULL);
	return -1;
}

static int verify_run(struct diags *d, struct lesson *l, struct block *b, struct evidence *ev)
{
	const struct launch_result *run = &ev->run;
	int bad = 0, san = ev->sanitized ? verify_sanitizer(d, l, b, &run->err) : 0;
	const struct attr *exit_at = attr_find(&b->attrs, "exit"); /* an exit status is about it */

	switch (run->end) {
	case END_LAUNCH_FAILED:
		diags_add(d, l->path, b->line, b->col, SEV_ERROR, "exit-status",
			  "block '%s' could not be started: %s", b->id, run->error ? run->error : "unknown");
		return -1;
	case END_TIMEOUT:
		diags_add(d, l->path, b->line, b->col, SEV_ERROR, "timeout",
			  "block '%s' ran past its %g s time limit and was killed (raise timeout= if it "
			  "needs longer)%s",
			  b->id, b->timeout,
			  ev->held ? "; not run again: it timed out earlier in this session with the same code and "
				     "limits (press Enter where litlab serve runs to run it again)"
				   : "");
		return -1;
	case END_OUTPUT_LIMIT:
		diags_add(d, l->path, b->line, b->col, SEV_ERROR, "resource-limit",
			  "block '%s' passed the output limit (%u bytes of %s) and was killed", b->id,
			  OUTPUT_CAP, run->out_truncated ? "stdout" : "stderr");
		return -1;
	case END_SIGNALED:
		if (run->limit) {
			char *what = runner_limit_text(run->limit, b);
			diags_add(d, l->path, b->line, b->col, SEV_ERROR, "resource-limit", "block '%s' %s", b->id, what);
			free(what);
		} else if (run->signo == SIGXCPU) {
			diags_add(d, l->path, b->line, b->col, SEV_ERROR, "timeout",
				  "block '%s' passed its CPU time limit (SIGXCPU)", b->id);
		} else if (run->signo == SIGXFSZ) {
			diags_add(d, l->path, b->line, b->col, SEV_ERROR, "resource-limit",
				  "block '%s' passed the file-size limit (%lld MiB per file; SIGXFSZ): no attribute "
				  "raises it (disk= bounds the work folder's total); write less, or several smaller files",
				  b->id, PROGRAM_FSIZE_BYTES >> 20);
		} else {
			char *sig = signal_text(run->signo);
			struct diag *dg = diags_add(d, l->path, exit_at ? exit_at->line : b->line,
						    exit_at ? exit_at->col : b->col, SEV_ERROR, "exit-status",
						    "block '%s' was killed by %s%s", b->id, sig,
						    exit_at ? ", where exit= says it exits" : "");
			dg->detail = stderr_detail(run);
			free(sig);
		}
		bad = 1;
		break;
	case END_EXITED:
		if (run->limit) { /* a fork that failed, a folder that ran full: whatever it did then */
			char *what = runner_limit_text(run->limit, b);
			diags_add(d, l->path, b->line, b->col, SEV_ERROR, "resource-limit", "block '%s' %s", b->id, what);
			free(what);
			bad = 1;
		} else if (san == 2) { /* AddressSanitizer's own exit, already reported */
			bad = 1;
		} else if (run->exit_code != b->exit_expected) {
			struct diag *dg = diags_add(d, l->path, exit_at ? exit_at->line : b->line,
						    exit_at ? exit_at->col : b->col, SEV_ERROR, "exit-status",
						    exit_at ? "block '%s' exited with status %d, not the %d that exit= says"
							    : "block '%s' exited with status %d, expected %d (write exit=N if "
							      "that is intended)",
						    b->id, run->exit_code, b->exit_expected);
			dg->detail = stderr_detail(run);
			bad = 1;
		}
		break;
	}
	const struct output_block *o = output_for(b, STREAM_STDOUT);
	if (o && verify_output(d, l, b, o, run->out.p, run->out.len, "stdout") < 0)
		bad = 1;
	o = output_for(b, STREAM_STDERR);
	if (o && verify_output(d, l, b, o, run->err.p, run->err.len, "stderr") < 0)
		bad = 1;
	if (san || verify_repeats(d, l, b, ev) < 0)
		bad = 1;
	return bad ? -1 : 0;
}

/*
 * Every sample's stdout must equal the first run's, unless the output block
 * marks what varies with '...' (then the differing sample must match it
 * too); every region must be begun and ended in every sample.
 */
static enum block_status verify_measure(struct diags *d, struct lesson *l, struct block *b, struct block_result *br)
{
	struct evidence *ev = &br->ev;
	const struct output_block *o = output_for(b, STREAM_STDOUT);

	if (ev->samples_differ) {
		if (!o || o->match != MATCH_ELLIPSIS) {
			diags_add(d, l->path, b->line, b->col, SEV_ERROR, "output-mismatch",
				  "measure block '%s': the stdout of sample %d differs from the first run; mark "
				  "the lines that vary with '...' in an output block with match=ellipsis",
				  b->id, ev->samples_differ);
			return STATUS_FAILED;
		}
		char *what = xasprintf("stdout of sample %d", ev->samples_differ);
		int bad = verify_output(d, l, b, o, ev->differ_out.p, ev->differ_out.len, what);
		free(what);
		if (bad < 0)
			return STATUS_FAILED;
	}
	measure_summarize(&br->m, ev);
	br->measured = 1;
	if (br->m.region_error) {
		if (br->m.region_error_sample)
			diags_add(d, l->path, b->line, b->col, SEV_ERROR, "measurement",
				  "measure block '%s', sample %d: %s", b->id, br->m.region_error_sample,
				  br->m.region_error);
		else
			diags_add(d, l->path, b->line, b->col, SEV_ERROR, "measurement",
				  "measure block '%s': %s", b->id, br->m.region_error);
		return STATUS_FAILED;
	}
	if (br->m.samples == 0) {
		diags_add(d, l->path, b->line, b->col, SEV_ERROR, "measurement",
			  "measure block '%s' produced no sample", b->id);
		return STATUS_FAILED;
	}
	return STATUS_MEASURED;
}

static enum block_status verify(struct lesson *l, struct block *b, struct block_result *br)
{
	struct evidence *ev = &br->ev;
	struct diags *d = &br->diags;

	switch (b->mode) {
	case MODE_DISPLAY:
		return STATUS_DISPLAY;
	case MODE_DERIVED:
		return STATUS_DERIVED; /* its reason is the rules' business */
	case MODE_FRAGMENT:
		return b->bad_attrs ? STATUS_FAILED : STATUS_FRAGMENT;
	default:
		break;
	}
	if (b->bad_attrs)
		return STATUS_FAILED;
	if (ev->setup_error && ev->setup_sandbox) {
		diags_add(d, l->path, b->line, b->col, SEV_ERROR, "exit-status", "block '%s' could not be built: %s",
			  b->id, ev->setup_error);
		return STATUS_FAILED;
	}
	if (ev->setup_error) {
		diags_add(d, l->path, b->line, b->col, SEV_ERROR, "attribute", "%s", ev->setup_error);
		return STATUS_FAILED;
	}
	if (b->mode == MODE_SESSION)
		return console_verify(d, l, b, ev) < 0 ? STATUS_FAILED : STATUS_PASSED;
	if (!ev->compiled)
		return STATUS_FAILED;
	/* A compiler stopped by our limits is no compile error, nor the failure a compile-fail
	   block expects: only its wall clock and output limits are sure enough to judge those. */
	if (!ev->compile_ok && (b->mode != MODE_COMPILE_FAIL || ev->compile_end == END_TIMEOUT ||
				ev->compile_end == END_OUTPUT_LIMIT)) {
		char *what;
		const char *rule = runner_compile_limit(ev->compile_end, ev->compile_signo, ev->compile_limit,
							ev->compile_log.p, ev->compile_log.len, &what);
		if (rule) {
			diags_add(d, l->path, b->line, b->col, SEV_ERROR, rule, "compiling block '%s': the compiler %s",
				  b->id, what);
			free(what);
			return STATUS_FAILED;
		}
	}
	if (b->mode == MODE_COMPILE_FAIL)
		return verify_compile_fail(d, l, b, ev) < 0 ? STATUS_FAILED : STATUS_COMPILE_FAILED;
	if (!ev->compile_ok && ev->compile_end == END_SIGNALED) {
		char *sig = signal_text(ev->compile_signo);
		diags_add(d, l->path, b->line, b->col, SEV_ERROR, "compile",
			  "block '%s' does not compile: the compiler was killed by %s", b->id, sig);
		free(sig);
		return STATUS_FAILED;
	}
	if (!ev->compile_ok) {
		compiler_messages(d, l, b, ev, 1);
		return STATUS_FAILED;
	}
	compiler_messages(d, l, b, ev, 0);
	if (b->mode == MODE_COMPILE_ONLY)
		return STATUS_COMPILED;
	if (verify_run(d, l, b, ev) < 0)
		return STATUS_FAILED;
	if (b->mode == MODE_MEASURE)
		return verify_measure(d, l, b, br);
	return STATUS_PASSED;
}

static void add_ref(struct lesson_result *lr, const struct lesson *l, const struct text_unit *u, size_t at,
		    const char *body, size_t len)
{
	struct measure_ref ref;
	int line, col;

	memset(&ref, 0, sizeof ref);
	prose_position(l, u, at, &line, &col);
	ref.line = line;
	ref.col = col;
	ref.text = xstrndup(body, len);
	/* measure:ID[/REGION]:STAT */
	const char *p = body + 8, *end = body + len;
	const char *colon = memchr(p, ':', (size_t)(end - p));
	if (colon) {
		const char *slash = memchr(p, '/', (size_t)(colon - p));
		ref.id = xstrndup(p, (size_t)((slash ? slash : colon) - p));
		if (slash)
			ref.region = xstrndup(slash + 1, (size_t)(colon - slash - 1));
		ref.stat = xstrndup(colon + 1, (size_t)(end - colon - 1));
	}
	lr->refs = xreallocarray(lr->refs, lr->nrefs + 1, sizeof *lr->refs);
	lr->refs[lr->nrefs++] = ref;
}

/* Finds and resolves every {{measure:...}} in the prose; an unresolved one is an error at its place. */
static void resolve_refs(struct lesson_result *lr)
{
	struct lesson *l = lr->lesson;
	/* no reference of any kind: the prose is not collected (its rules' answers are memos) */
	const struct prose *p = memmem(l->text, l->text_len, "{{", 2) ? lesson_prose_refs(l) : NULL;

	for (size_t i = 0; p && i < p->n; i++) {
		const struct text_unit *u = &p->v[i];
		for (const char *s = u->text; (s = strstr(s, "{{measure:"));) {
			const char *close = strstr(s, "}}");
			size_t at = (size_t)(s - u->text);
			if (!close) {
				int line, col;
				prose_position(l, u, at, &line, &col);
				diags_add(&l->diags, l->path, line, col, SEV_ERROR, "measure-reference",
					  "a {{measure:...}} reference is not closed with '}}'");
				break;
			}
			add_ref(lr, l, u, at, s + 2, (size_t)(close - s - 2));
			s = close + 2;
		}
	}
	for (size_t i = 0; i < lr->nrefs; i++) {
		struct measure_ref *ref = &lr->refs[i];
		const struct block *b = ref->id ? lesson_block(l, ref->id) : NULL;
		const struct block_result *br = b ? &lr->blocks[b->index] : NULL;
		const struct stats *st = NULL;
		if (!ref->stat || !*ref->id) {
			diags_add(&l->diags, l->path, ref->line, ref->col, SEV_ERROR, "measure-reference",
				  "malformed reference '{{%s}}': write {{measure:ID:STAT}} or "
				  "{{measure:ID/REGION:STAT}}",
				  ref->text);
			continue;
		}
		if (!b || b->mode != MODE_MEASURE) {
			struct buf ids = BUF_INIT;
			for (size_t k = 0; k < l->nblocks; k++)
				if (l->blocks[k].mode == MODE_MEASURE && l->blocks[k].id)
					buf_addf(&ids, "%s%s", ids.len ? ", " : "", l->blocks[k].id);
			char *hint = suggest_phrase(ref->id, ids.p);
			diags_add(&l->diags, l->path, ref->line, ref->col, SEV_ERROR, "measure-reference",
				  "'{{%s}}': no measure block with id '%s' in this lesson%s", ref->text, ref->id, hint);
			free(hint);
			buf_release(&ids);
			continue;
		}
		if (!br->measured || br->status != STATUS_MEASURED) {
			diags_add(&l->diags, l->path, ref->line, ref->col, SEV_ERROR, "measure-reference",
				  "'{{%s}}': measure block '%s' has no measurement (it did not run cleanly)",
				  ref->text, ref->id);
			continue;
		}
		if (ref->region) {
			const struct region_stats *rs = measure_region(&br->m, ref->region);
			if (!rs) {
				struct buf names = BUF_INIT;
				for (size_t k = 0; k < br->m.nregions; k++)
					buf_addf(&names, "%s%s", k ? ", " : "", br->m.regions[k].name);
				char *hint = suggest_phrase(ref->region, names.p);
				diags_add(&l->diags, l->path, ref->line, ref->col, SEV_ERROR, "measure-reference",
					  "'{{%s}}': block '%s' has no region '%s'%s (regions: %s)", ref->text, ref->id,
					  ref->region, hint, names.len ? names.p : "none");
				free(hint);
				buf_release(&names);
				continue;
			}
			st = &rs->st;
		} else {
			st = &br->m.wall;
		}
		if (measure_stat(st, ref->stat, &ref->value, &ref->is_count) < 0) {
			char *hint = suggest_phrase(ref->stat, measure_stat_names);
			diags_add(&l->diags, l->path, ref->line, ref->col, SEV_ERROR, "measure-reference",
				  "'{{%s}}': unknown statistic '%s'%s (accepted: %s)", ref->text, ref->stat, hint,
				  measure_stat_names);
			free(hint);
			continue;
		}
		ref->resolved = 1;
		ref->block = b->index;
	}
}

void check_begin(struct lesson_result *lr)
{
	struct lesson *l = lr->lesson;

	lr->blocks = xcalloc(l->nblocks ? l->nblocks : 1, sizeof *lr->blocks);
	for (size_t i = 0; i < l->nblocks; i++) {
		evidence_init(&lr->blocks[i].ev);
		diags_init(&lr->blocks[i].diags);
	}
}

int check_block_alone(const struct block *b)
{
	return b->mode == MODE_MEASURE;
}

int check_block_cached(struct lesson_result *lr, size_t i, struct runner *r, struct cache *c)
{
	struct block *b = &lr->lesson->blocks[i];
	struct block_result *br = &lr->blocks[i];

	if (!r || !block_runs(b) || b->bad_attrs)
		return 1;
	if (!c)
		return 0;
	cache_key(c, r, lr->lesson, b, br->key);
	return cache_load(c, br->key, &br->ev);
}

void check_block_run(struct lesson_result *lr, size_t i, struct runner *r, struct cache *c)
{
	struct block_result *br = &lr->blocks[i];

	runner_block(r, lr->lesson, &lr->lesson->blocks[i], &br->ev);
	if (c)
		cache_store(c, br->key, &br->ev);
	if (c && br->ev.deps_unknown) {
		/* said, or the author would wonder why this block alone runs at every check */
		const struct block *b = &lr->lesson->blocks[i];
		diags_add(&br->diags, lr->lesson->path, b->line, b->col, SEV_NOTE, "cache",
			  "this block's evidence is not cached: the compiler's list of the files it read names one "
			  "whose name cannot be read back (a backslash or a newline in it), so a change to that file "
			  "could not be seen; the block runs again at every check");
	}
}

/*
 * What litlab keeps of the outputs of a whole run, once verified: a course
 * whose every block prints all it may (1 MiB of stdout and of stderr each)
 * would hold gigabytes until the end of the run. Past the budget, a block's
 * streams are kept to their first OUTPUT_KEPT bytes (and said to be cut).
 */
#define OUTPUT_BUDGET (64u << 20)
#define OUTPUT_KEPT (64u << 10)

static size_t output_held;

static void keep(struct buf *b, int *truncated)
{
	if (b->len <= OUTPUT_KEPT)
		return;
	buf_setlen(b, OUTPUT_KEPT);
	buf_fit(b);
	if (truncated)
		*truncated = 1;
}

void check_block_verify(struct lesson_result *lr, size_t i)
{
	struct block_result *br = &lr->blocks[i];
	struct evidence *ev = &br->ev;

	br->status = verify(lr->lesson, &lr->lesson->blocks[i], br);
	size_t bytes = ev->run.out.len + ev->run.err.len + ev->compile_log.len + ev->differ_out.len;
	if (__atomic_add_fetch(&output_held, bytes, __ATOMIC_RELAXED) > OUTPUT_BUDGET) {
		keep(&ev->run.out, &ev->run.out_truncated);
		keep(&ev->run.err, &ev->run.err_truncated);
		keep(&ev->compile_log, NULL);
		keep(&ev->differ_out, NULL);
		size_t now = ev->run.out.len + ev->run.err.len + ev->compile_log.len + ev->differ_out.len;
		__atomic_sub_fetch(&output_held, bytes - now, __ATOMIC_RELAXED);
		bytes = now;
	}
	br->budget = bytes;
}

/* 1 if g is a compiler warning that the diagnostics ctx already hold. */
static int said_before(const struct diag *g, void *ctx)
{
	const struct diags *d = ctx;

	if (strcmp(g->rule, "compile-warning") != 0)
		return 0;
	for (size_t i = 0; i < d->n; i++)
		if (d->v[i].line == g->line && d->v[i].col == g->col && strcmp(d->v[i].rule, g->rule) == 0 &&
		    strcmp(d->v[i].message, g->message) == 0)
			return 1;
	return 0;
}

void check_end(struct lesson_result *lr)
{
	struct lesson *l = lr->lesson;

	for (size_t i = 0; i < l->nblocks; i++) {
		/* Code that two blocks use is compiled twice: its warnings are said once. */
		diags_drop(&lr->blocks[i].diags, said_before, &l->diags);
		diags_move(&l->diags, &lr->blocks[i].diags);
	}
	/* The lesson's structure, not a rule's opinion: reported with --no-rules too. */
	for (size_t i = 0; i < l->norphans; i++)
		diags_add(&l->diags, l->path, l->orphans[i].line, l->orphans[i].col, SEV_ERROR, "output-provenance",
			  "%s", l->orphans[i].why);
	if (!lr->partial)
		resolve_refs(lr);
	diags_sort(&l->diags);
}

void check_lesson(struct lesson_result *lr, struct runner *r, struct cache *c, check_progress_fn progress,
		  void *ctx)
{
	struct lesson *l = lr->lesson;

	check_begin(lr);
	for (size_t i = 0; i < l->nblocks; i++) {
		if (!check_block_cached(lr, i, r, c))
			check_block_run(lr, i, r, c);
		check_block_verify(lr, i);
		if (progress)
			progress(ctx, l, &l->blocks[i], &lr->blocks[i]);
	}
	check_end(lr);
}

void lesson_result_release(struct lesson_result *lr)
{
	if (lr->blocks && lr->lesson)
		for (size_t i = 0; i < lr->lesson->nblocks; i++) {
			/* given back: a process that checks again and again (serve) keeps its budget */
			__atomic_sub_fetch(&output_held, lr->blocks[i].budget, __ATOMIC_RELAXED);
			evidence_release(&lr->blocks[i].ev);
			measurement_release(&lr->blocks[i].m);
			diags_release(&lr->blocks[i].diags);
		}
	for (size_t i = 0; i < lr->nrefs; i++) {
		free(lr->refs[i].text);
		free(lr->refs[i].id);
		free(lr->refs[i].region);
		free(lr->refs[i].stat);
	}
	free(lr->refs);
	lr->refs = NULL;
	lr->nrefs = 0;
	ledger_release(&lr->ledger);
	free(lr->blocks);
	for (size_t i = 0; i < lr->nsupp; i++) {
		free(lr->supp[i].rule);
		free(lr->supp[i].reason);
	}
	free(lr->supp);
	lr->supp = NULL;
	lr->nsupp = 0;
	lesson_free(lr->lesson);
	lr->blocks = NULL;
	lr->lesson = NULL;
}

void check_summarize(const struct lesson_result *lr, struct summary *sum)
{
	const struct lesson *l = lr->lesson;

	sum->lessons++;
	for (size_t i = 0; i < l->nblocks; i++) {
		const struct block_result *br = &lr->blocks[i];
		if (br->elsewhere)
			continue;
		sum->blocks++;
		sum->executed += br->ev.executed;
		sum->passed += br->status == STATUS_PASSED;
		sum->failed += br->status == STATUS_FAILED;
		sum->measured += br->status == STATUS_MEASURED;
		sum->derived += br->status == STATUS_DERIVED;
		sum->compiled += br->status == STATUS_COMPILED;
		sum->compile_failed += br->status == STATUS_COMPILE_FAILED;
	}
	sum->errors += diags_count(&l->diags, SEV_ERROR);
	sum->warnings += diags_count(&l->diags, SEV_WARNING);
}

int check_gate(const struct lesson_result *lessons, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (diags_count(&lessons[i].lesson->diags, SEV_ERROR) > 0)
			return 1;
	return 0;
}
