/*
 * console.c: shell sessions, from a console block to a verdict.
 *
 * The shell runs a script litlab writes: each command through `command
 * eval` (so that a syntax error is reported and the session goes on, as at
 * a terminal, instead of ending the shell), then a boundary line. Reading
 * the stream back, each command's output is what lies between two
 * boundaries, which is exact: the boundary starts with a newline of its
 * own, so an output without a final newline is told from one with it.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "run/console.h"
#include "lesson/lessonfiles.h"
#include "lesson/match.h"
#include "base/util.h"

int console_attr(struct lesson *l, struct block *b, const struct attr *a)
{
	if (strcmp(a->key, "timeout") != 0)
		return 0;
	char *end = NULL;
	double t = a->value ? strtod(a->value, &end) : 0;
	if (!a->value || !*a->value || *end || !(t > 0) || t > BLOCK_TIMEOUT_MAX) {
		diags_add(&l->diags, l->path, a->line, a->col, SEV_ERROR, "attribute",
			  "timeout=%s is not a time limit: write seconds, more than 0 and at most %.0f",
			  a->value ? a->value : "", BLOCK_TIMEOUT_MAX);
		b->bad_attrs = 1;
	} else {
		b->timeout = t;
	}
	return 1;
}

void console_session_release(struct console_session *s)
{
	for (size_t i = 0; i < s->n; i++) {
		free(s->v[i].text);
		free(s->v[i].out);
	}
	free(s->v);
	s->v = NULL;
	s->n = 0;
}

/* 1 if the line s[0..n) is "[N]", N from 1 to 255, with *status. */
static int status_line(const char *s, size_t n, int *status)
{
	if (n < 3 || n > 5 || s[0] != '[' || s[n - 1] != ']')
		return 0;
	int v = 0;
	for (size_t i = 1; i + 1 < n; i++) {
		if (!isdigit((unsigned char)s[i]))
			return 0;
		v = v * 10 + (s[i] - '0');
	}
	if (v < 1 || v > 255 || (s[1] == '0'))
		return 0;
	*status = v;
	return 1;
}

/* Takes a last "[N]" line off c's output. */
static void take_status(struct console_cmd *c, int first_line)
{
	size_t end = c->out_len, start;

	if (!c->out)
		c->out = xstrdup("");

	if (end == 0)
		return;
	start = end - 1;
	while (start > 0 && c->out[start - 1] != '\n')
		start--;
	if (status_line(c->out + start, end - start - 1, &c->status)) {
		int lines = 0;
		for (size_t i = 0; i < start; i++)
			lines += c->out[i] == '\n';
		c->status_line = first_line + lines;
		c->out_len = start;
		c->out[start] = '\0';
	}
}

int console_parse(const char *text, size_t len, int first_line, struct console_session *s, char **err,
		  int *err_line)
{
	struct buf out = BUF_INIT;
	struct console_cmd *cur = NULL;
	int line = first_line, in_cmd = 0;

	memset(s, 0, sizeof *s);
	for (const char *p = text, *end = text + len; p < end; line++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		int is_cmd = n >= 1 && p[0] == '$' && (n == 1 || p[1] == ' ');
		if (is_cmd) {
			if (cur) {
				cur->out = buf_detach(&out, &cur->out_len);
				take_status(cur, cur->out_line);
			}
			const char *cmd = p + (n > 1 ? 2 : 1);
			size_t cn = n - (size_t)(cmd - p);
			while (cn > 0 && (*cmd == ' ' || *cmd == '\t'))
				cmd++, cn--;
			if (cn == 0) {
				*err = xstrdup("an empty command: a line '$ ' needs a command after it");
				*err_line = line;
				goto fail;
			}
			if (s->n >= CONSOLE_COMMANDS_MAX) {
				*err = xasprintf("a session holds at most %d commands: split it", CONSOLE_COMMANDS_MAX);
				*err_line = line;
				goto fail;
			}
			s->v = xappendarray(s->v, s->n, sizeof *s->v);
			cur = &s->v[s->n++];
			memset(cur, 0, sizeof *cur);
			cur->line = line;
			cur->nlines = 1;
			cur->text = xstrndup(cmd, cn);
			cur->out_line = line + 1;
			in_cmd = 1;
		} else if (in_cmd && n >= 1 && p[0] == '>' && (n == 1 || p[1] == ' ')) {
			size_t old = strlen(cur->text);
			size_t cn = n > 1 ? n - 2 : 0;
			cur->text = xrealloc(cur->text, old + cn + 2);
			cur->text[old] = '\n';
			memcpy(cur->text + old + 1, p + (n > 1 ? 2 : 1), cn);
			cur->text[old + 1 + cn] = '\0';
			cur->nlines++;
			cur->out_line = line + 1;
		} else if (!cur) {
			size_t k = 0;
			while (k < n && (p[k] == ' ' || p[k] == '\t'))
				k++;
			if (k < n) {
				*err = xstrdup("a session starts with a command: a line '$ COMMAND' (what a command prints "
					       "follows it)");
				*err_line = line;
				goto fail;
			}
		} else {
			in_cmd = 0;
			buf_add(&out, p, n);
			buf_addc(&out, '\n');
		}
		p = nl ? nl + 1 : end;
	}
	if (cur) {
		cur->out = buf_detach(&out, &cur->out_len);
		take_status(cur, cur->out_line);
	}
	buf_release(&out);
	if (s->n == 0) {
		*err = xstrdup("a session with no command: write '$ COMMAND' lines");
		*err_line = first_line;
		return -1;
	}
	return 0;
fail:
	buf_release(&out);
	console_session_release(s);
	return -1;
}

static int code_line(const struct block *b)
{
	return b->line + (b->fenced ? 1 : 0);
}

void console_check(struct lesson *l, struct block *b)
{
	struct console_session s;
	char *err;
	int line;

	if (b->mode != MODE_SESSION)
		return;
	if (console_parse(b->code, b->code_len, code_line(b), &s, &err, &line) < 0) {
		diags_add(&l->diags, l->path, line ? line : b->line, 1, SEV_ERROR, "session", "%s", err);
		free(err);
		b->bad_attrs = 1;
		return;
	}
	size_t total = 0;
	for (size_t i = 0; i < s.n; i++)
		total += strlen(s.v[i].text) + 64;
	if (total > CONSOLE_SCRIPT_MAX) {
		diags_add(&l->diags, l->path, b->line, b->col, SEV_ERROR, "session",
			  "the commands of this session are longer than %u KiB: split it", CONSOLE_SCRIPT_MAX >> 10);
		b->bad_attrs = 1;
	}
	console_session_release(&s);
}

void console_key(const struct block *b, struct buf *out)
{
	struct console_session s;
	char *err;
	int line;

	if (console_parse(b->code, b->code_len, 1, &s, &err, &line) < 0) {
		free(err);
		return;
	}
	for (size_t i = 0; i < s.n; i++)
		buf_addf(out, "command %zu %s\n", strlen(s.v[i].text), s.v[i].text);
	console_session_release(&s);
}

/* --- running --- */

#define MARKER_LEN 41 /* "litlab-" and 32 hex digits, then a NUL: 40 bytes */

static int make_marker(char marker[MARKER_LEN])
{
	unsigned char rnd[16];

	if (getrandom(rnd, sizeof rnd, 0) != (ssize_t)sizeof rnd)
		return -1;
	memcpy(marker, "litlab-", 7);
	for (size_t i = 0; i < sizeof rnd; i++)
		snprintf(marker + 7 + 2 * i, 3, "%02x", rnd[i]);
	return 0;
}

/* The script: every command, each followed by its boundary. */
static void write_script(struct buf *sc, const struct console_session *s, const char *marker)
{
	/*
	 * The boundary after each command is printed by the shell the lesson's
	 * commands have just run in: a function or an alias they defined named
	 * command or printf would print it for them. The status is saved first,
	 * then their functions of those names go (unset is a special builtin,
	 * which no function can be), and the names are quoted (no alias applies).
	 */
	buf_adds(sc, "exec 2>&1\n");
	for (size_t i = 0; i < s->n; i++) {
		buf_adds(sc, "command eval ");
		buf_add_sh_quoted(sc, s->v[i].text);
		buf_addf(sc, "\nlitlab_status=$?\n\\unset -f command printf\n"
			     "\\command \\printf '\\n%s %zu %%d\\n' \"$litlab_status\"\n",
			 marker, i + 1);
	}
	buf_adds(sc, "exit 0\n");
}

/* Appends the lines of c (its command) as the transcript shows them. */
static void add_command(struct buf *t, const char *text)
{
	buf_adds(t, "$ ");
	for (const char *p = text; *p; p++) {
		buf_addc(t, *p);
		if (*p == '\n')
			buf_adds(t, "> ");
	}
	buf_addc(t, '\n');
}

/* Appends output p[0..n) (a newline made sure of) and "[N]" when status is not 0; the output's length. */
static size_t add_output(struct buf *t, const char *p, size_t n, int status)
{
	size_t start = t->len;

	buf_add(t, p, n);
	if (n && p[n - 1] != '\n')
		buf_addc(t, '\n');
	size_t len = t->len - start;
	if (status)
		buf_addf(t, "[%d]\n", status);
	return len;
}

/* Records where command i's output (len bytes, from start) stands, with its status. */
static void record(struct evidence *ev, size_t i, size_t start, size_t len, int status)
{
	ev->session = xreallocarray(ev->session, i + 1, sizeof *ev->session);
	ev->session[i].out = start;
	ev->session[i].out_len = len;
	ev->session[i].status = status;
	ev->nsession = i + 1;
}

/*
 * Turns the raw stream into the transcript (ev->run.out). Returns a problem
 * (malloc'd) when a boundary is out of place, else NULL.
 */
static char *read_stream(const struct console_session *s, const char *marker, const struct launch_result *res,
			 struct buf *t, struct evidence *ev)
{
	const char *raw = res->out.p, *end = raw + res->out.len;
	size_t mlen = strlen(marker), found = 0;
	const char *p = raw;

	for (const char *q = raw; (q = memmem(q, (size_t)(end - q), marker, mlen)); q += mlen)
		found++;
	for (size_t i = 0; i < s->n; i++) {
		add_command(t, s->v[i].text);
		const char *b = p;
		for (;;) {
			b = memmem(b, (size_t)(end - b), marker, mlen);
			if (!b || (b > raw && b[-1] == '\n'))
				break;
			b += mlen;
		}
		if (!b) { /* the shell ended (or was stopped) in this command */
			int st = res->end == END_EXITED && res->exit_code ? res->exit_code : 0;
			size_t at = t->len;
			record(ev, i, at, add_output(t, p, (size_t)(end - p), st), st);
			return found != i ? xstrdup("the session printed litlab's boundary marker where no "
						    "boundary was: a command read it from the shell")
					  : NULL;
		}
		const char *num = b + mlen;
		char *e;
		long k = *num == ' ' ? strtol(num + 1, &e, 10) : -1;
		long st = k > 0 && *e == ' ' ? strtol(e + 1, &e, 10) : -1;
		if (k != (long)(i + 1) || st < 0 || st > 255 || *e != '\n')
			return xasprintf("the session printed a boundary marker out of place after command %zu: a "
					 "command read it from the shell",
					 i + 1);
		size_t at = t->len;
		record(ev, i, at, add_output(t, p, (size_t)(b - 1 - p), (int)st), (int)st);
		p = e + 1;
	}
	if (found != s->n)
		return xstrdup("the session printed litlab's boundary marker: a command read it from the shell");
	return NULL;
}

void console_run(struct runner *r, struct lesson *l, struct block *b, struct evidence *ev)
{
	size_t nfiles;
	struct lesson_file *lf = lessonfiles_seen(l, b, &nfiles);
	struct runner_file *files = nfiles ? xcalloc(nfiles, sizeof *files) : NULL;

	(void)r;
	for (size_t i = 0; i < nfiles; i++) {
		files[i].path = lf[i].path;
		files[i].data = lf[i].data;
		files[i].len = lf[i].len;
	}
	console_run_files(b, files, nfiles, ev);
	free(files);
	free(lf);
}

void console_run_files(const struct block *b, const struct runner_file *files, size_t nfiles, struct evidence *ev)
{
	struct console_session s;
	struct runner_build bd;
	struct folder_limits lim;
	char marker[MARKER_LEN];
	char *err = NULL;
	int line;

	if (console_parse(b->code, b->code_len, 1, &s, &err, &line) < 0) {
		ev->setup_error = err;
		return;
	}
	if (make_marker(marker) < 0) {
		ev->setup_error = xasprintf("cannot make the session's marker: %s", strerror(errno));
		ev->setup_sandbox = 1;
		console_session_release(&s);
		return;
	}
	/* Nothing is built: the build holds only the limits of the one folder runner_build_run() makes. */
	runner_folder_limits(&lim, b);
	memset(&bd, 0, sizeof bd);
	bd.dir.fd = -1;
	bd.lim = lim;
	ev->isolation = xstrdup(sandbox_isolation());
	struct buf script = BUF_INIT;
	write_script(&script, &s, marker);
	char *argv[] = { "/bin/sh", "-c", script.p, NULL };
	struct run_spec rs;
	memset(&rs, 0, sizeof rs);
	rs.argv = argv;
	rs.files = files;
	rs.nfiles = nfiles;
	runner_program_limits(&rs.lim, b, 0);
	struct launch_result res;
	launch_result_init(&res);
	runner_build_run(&bd, &rs, &res);
	ev->executed = 1;
	launch_result_release(&ev->run);
	ev->run = res;
	struct buf t = BUF_INIT;
	free(ev->session);
	ev->session = NULL;
	ev->nsession = 0;
	char *problem = res.end == END_LAUNCH_FAILED ? NULL : read_stream(&s, marker, &res, &t, ev);
	buf_reset(&ev->run.out);
	buf_add(&ev->run.out, t.p, t.len);
	if (problem) {
		buf_addf(&ev->run.err, "litlab: %s\n", problem);
		free(problem);
	}
	buf_release(&t);
	buf_release(&script);
	runner_build_release(&bd);
	console_session_release(&s);
}

/* --- verifying --- */

/* One command of the real transcript: its output (status line off) and status. */
struct real_cmd {
	const char *out;
	size_t out_len;
	int status;
};

/* 1 if t[pos..) starts with the lines of command text, with *after. */
static int at_command(const struct buf *t, size_t pos, const char *text, size_t *after)
{
	struct buf h = BUF_INIT;

	add_command(&h, text);
	int yes = t->len - pos >= h.len && memcmp(t->p + pos, h.p, h.len) == 0;
	*after = pos + h.len;
	buf_release(&h);
	return yes;
}

/*
 * Splits the real transcript along the block's commands (which it repeats,
 * in order): how many of them ran, each one's output and status.
 */
static size_t split_real(const struct console_session *s, const struct evidence *ev, struct real_cmd *real)
{
	const struct buf *t = &ev->run.out;
	size_t pos = 0, ran = 0;

	/* The split the shell's boundaries made, which no line a program prints can move. */
	if (ev->nsession) {
		for (size_t i = 0; i < s->n && i < ev->nsession; i++) {
			if (ev->session[i].out > t->len || ev->session[i].out_len > t->len - ev->session[i].out)
				return i;
			real[i].out = t->p + ev->session[i].out;
			real[i].out_len = ev->session[i].out_len;
			real[i].status = ev->session[i].status;
			ran++;
		}
		return ran;
	}

	for (size_t i = 0; i < s->n; i++) {
		size_t start;
		if (!at_command(t, pos, s->v[i].text, &start))
			break;
		size_t end = t->len, next;
		if (i + 1 < s->n)
			for (size_t q = start; q < t->len; q++)
				if ((q == start || t->p[q - 1] == '\n') && at_command(t, q, s->v[i + 1].text, &next)) {
					end = q;
					break;
				}
		real[i].out = t->p + start;
		real[i].out_len = end - start;
		real[i].status = 0;
		size_t ls = real[i].out_len ? real[i].out_len - 1 : 0;
		while (ls > 0 && real[i].out[ls - 1] != '\n')
			ls--;
		if (real[i].out_len && status_line(real[i].out + ls, real[i].out_len - ls - 1, &real[i].status))
			real[i].out_len = ls;
		pos = end;
		ran++;
	}
	return ran;
}

/* The first line of command c's output that differs from real (for the diagnostic's position). */
static int first_difference(const struct console_cmd *c, const struct real_cmd *rc)
{
	const char *e = c->out, *eend = c->out + c->out_len;
	const char *a = rc->out, *aend = rc->out + rc->out_len;
	int line = c->out_line;

	while (e < eend) {
		const char *enl = memchr(e, '\n', (size_t)(eend - e));
		size_t en = enl ? (size_t)(enl - e) : (size_t)(eend - e);
		if (en == 3 && memcmp(e, "...", 3) == 0)
			return c->line; /* what "..." took is not one line */
		if (a >= aend)
			return line;
		const char *anl = memchr(a, '\n', (size_t)(aend - a));
		size_t an = anl ? (size_t)(anl - a) : (size_t)(aend - a);
		if (an != en || memcmp(a, e, en) != 0)
			return line;
		e = enl ? enl + 1 : eend;
		a = anl ? anl + 1 : aend;
		line++;
	}
	return a < aend ? (c->status_line ? c->status_line : line) : c->status_line ? c->status_line : c->line;
}

static char *short_command(const char *text)
{
	size_t n = strcspn(text, "\n");

	if (n > 60)
		return xasprintf("%.57s...", text);
	return xasprintf("%.*s%s", (int)n, text, text[n] ? " ..." : "");
}

int console_verify(struct diags *d, const struct lesson *l, const struct block *b, const struct evidence *ev)
{
	struct console_session s;
	char *err;
	int line;
	const struct launch_result *run = &ev->run;

	if (console_parse(b->code, b->code_len, code_line(b), &s, &err, &line) < 0) {
		free(err); /* reported by the loader */
		return -1;
	}
	if (run->end == END_LAUNCH_FAILED) {
		diags_add(d, l->path, b->line, b->col, SEV_ERROR, "exit-status", "session '%s' could not be started: %s",
			  b->id, run->error ? run->error : "unknown");
		console_session_release(&s);
		return -1;
	}
	struct real_cmd *real = xcalloc(s.n, sizeof *real);
	size_t ran = split_real(&s, ev, real);
	int bad = 0, stopped = run->end != END_EXITED || run->limit || ran < s.n || run->err.len;
	/* The command that was running when the session stopped. */
	const struct console_cmd *last = &s.v[ran ? ran - 1 : 0];
	char *cmd = short_command(last->text);
	if (run->err.len && memmem(run->err.p, run->err.len, "litlab: ", 8) == run->err.p) {
		diags_add(d, l->path, b->line, b->col, SEV_ERROR, "output-mismatch", "session '%s': %.*s", b->id,
			  (int)strcspn(run->err.p + 8, "\n"), run->err.p + 8);
		bad = 1;
	} else if (run->end == END_TIMEOUT) {
		diags_add(d, l->path, last->line, 1, SEV_ERROR, "timeout",
			  "session '%s' ran past its %g s time limit at '$ %s' and was killed (raise timeout= if it "
			  "needs longer)",
			  b->id, b->timeout, cmd);
		bad = 1;
	} else if (run->end == END_OUTPUT_LIMIT) {
		diags_add(d, l->path, last->line, 1, SEV_ERROR, "resource-limit",
			  "session '%s' passed the output limit (%u bytes) at '$ %s' and was killed", b->id, OUTPUT_CAP,
			  cmd);
		bad = 1;
	} else if (run->limit) {
		char *what = runner_limit_text(run->limit, b);
		diags_add(d, l->path, last->line, 1, SEV_ERROR, "resource-limit", "session '%s' %s (at '$ %s')", b->id,
			  what, cmd);
		free(what);
		bad = 1;
	} else if (run->end == END_SIGNALED) {
		diags_add(d, l->path, last->line, 1, SEV_ERROR, "exit-status",
			  "session '%s': the shell was killed by signal %d at '$ %s'", b->id, run->signo, cmd);
		bad = 1;
	} else if (ran < s.n) {
		diags_add(d, l->path, last->line, 1, SEV_ERROR, "exit-status",
			  "session '%s': the shell exited at '$ %s': the %zu command%s after it did not run", b->id,
			  cmd, s.n - ran, s.n - ran == 1 ? "" : "s");
		bad = 1;
	}
	free(cmd);
	for (size_t i = 0; i < (stopped && ran ? ran - 1 : ran); i++) {
		const struct console_cmd *c = &s.v[i];
		int same = real[i].status == c->status &&
			   match_output(MATCH_ELLIPSIS, c->out, c->out_len, real[i].out, real[i].out_len);
		if (same)
			continue;
		char *shown = short_command(c->text);
		int at = real[i].status != c->status && match_output(MATCH_ELLIPSIS, c->out, c->out_len, real[i].out,
									real[i].out_len)
				 ? (c->status_line ? c->status_line : c->line)
				 : first_difference(c, &real[i]);
		struct diag *dg;
		if (real[i].status != c->status)
			dg = diags_add(d, l->path, at, 1, SEV_ERROR, "output-mismatch",
				       "session '%s': '$ %s' exited with status %d, the block says %d%s", b->id, shown,
				       real[i].status, c->status, c->status ? "" : " (write [N] after its output)");
		else
			dg = diags_add(d, l->path, at, 1, SEV_ERROR, "output-mismatch",
				       "session '%s': what '$ %s' printed differs from the block", b->id, shown);
		struct buf diff = BUF_INIT;
		match_diff_at(&diff, MATCH_EXACT, b->code, b->code_len, run->out.p, run->out.len, 60, b->line + 1,
			      NULL); /* its hunks in the file's lines */
		dg->detail = buf_detach(&diff, NULL);
		free(shown);
		bad = 1;
		break;
	}
	free(real);
	console_session_release(&s);
	return bad ? -1 : 0;
}

char *console_promoted(const struct block *b, const struct evidence *ev, size_t *len)
{
	struct console_session s;
	char *err;
	int line;

	if (!ev->executed || ev->run.end != END_EXITED || ev->run.limit || ev->run.err.len ||
	    console_parse(b->code, b->code_len, 1, &s, &err, &line) < 0)
		return NULL;
	struct real_cmd *real = xcalloc(s.n, sizeof *real);
	struct buf t = BUF_INIT;
	size_t ran = split_real(&s, ev, real);
	char *ret = NULL;
	if (ran == s.n) {
		/* What stands before the first command (blank lines) stays. */
		const char *first = b->code;
		while (*first && *first != '$')
			first++;
		buf_add(&t, b->code, (size_t)(first - b->code));
		int *kept = xcalloc(s.n, sizeof *kept);
		for (size_t i = 0; i < s.n; i++) {
			const struct console_cmd *c = &s.v[i];
			add_command(&t, c->text);
			kept[i] = real[i].status == c->status &&
				  match_output(MATCH_ELLIPSIS, c->out, c->out_len, real[i].out, real[i].out_len);
			if (kept[i])
				add_output(&t, c->out, c->out_len, c->status);
			else
				add_output(&t, real[i].out, real[i].out_len, real[i].status);
		}
		/*
		 * Read back, it must be the same session, each replaced output and
		 * status as they were: a printed "$ ", "> ", "[N]" or "..." line
		 * would make it say something else (a command, a status, a wildcard).
		 */
		struct console_session back;
		char *berr = NULL;
		int bline, same = console_parse(t.p, t.len, 1, &back, &berr, &bline) == 0 && back.n == s.n;
		for (size_t i = 0; same && i < s.n; i++) {
			same = strcmp(back.v[i].text, s.v[i].text) == 0;
			if (same && !kept[i]) {
				struct buf want = BUF_INIT;
				add_output(&want, real[i].out, real[i].out_len, 0);
				same = back.v[i].status == real[i].status && back.v[i].out_len == want.len &&
				       memcmp(back.v[i].out, want.p, want.len) == 0 &&
				       !memmem(want.p, want.len, "...", 3);
				buf_release(&want);
			}
		}
		if (berr)
			free(berr);
		else
			console_session_release(&back);
		free(kept);
		if (same)
			ret = buf_detach(&t, len);
		else
			*len = (size_t)-1; /* ran to its end, but its output cannot stand in a session */
	}
	buf_release(&t);
	free(real);
	console_session_release(&s);
	return ret;
}
