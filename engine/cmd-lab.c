/*
 * cmd-lab.c: `litlab lab N`: the students' runner for lesson N's lab folder.
 *
 * What to build and how to judge it (flags, args=, exit=, match=, timeout,
 * samples) comes from the lesson; what is built, fed and compared with comes
 * from the lab folder, so that a student's edits are what runs. Programs run
 * as check runs them: through sandbox_launch(), in a fresh temporary folder,
 * with the same limits and the same small fixed environment.
 */
#define _XOPEN_SOURCE_EXTENDED 1
#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd.h"
#include "course.h"
#include "envinfo.h"
#include "match.h"
#include "measure.h"
#include "runner.h"
#include "stats.h"
#include "tangle.h"

static const char lab_help[] =
	"usage: litlab lab [--lessons DIR] [--labs DIR] N\n"
	"\n"
	"Builds and runs the programs of lesson N from its lab folder, labs/lab-NN/, in\n"
	"the lesson's order: each is compiled with $CC (default cc), the lesson's flags and\n"
	"the block's, and -I labs/include, then run as 'litlab check' runs it (in a\n"
	"temporary folder, with its stdin file, its args and its limits). Its output is\n"
	"shown, then 'ok' or a unified diff against the lesson's expected output. Measure\n"
	"programs are run warmup + samples times and their distribution is shown with the\n"
	"compiler and the machine. A file that differs from what the lesson would give is\n"
	"built as it is, and said to be edited. 'make lab-NN' runs this.\n"
	"\n"
	"  --lessons DIR   where the lessons are (default: lessons)\n"
	"  --labs DIR      where the labs are (default: labs)\n"
	"  -h, --help      this help\n"
	"\n"
	"Exit status: 0 every program matches the lesson, 1 one does not, 2 a usage\n"
	"error, no such lab, or a broken environment (no compiler).\n";

struct lab {
	struct runner runner;
	const struct lesson *l;
	char *dir;	   /* labs/lab-NN */
	char *include_dir; /* labs/include */
	int color;
	int have_env;
	struct envinfo env;
	size_t ok, failed, skipped;
};

#define GREEN "\033[32m"
#define RED "\033[31m"
#define CYAN "\033[36m"
#define BOLD "\033[1m"
#define RESET "\033[0m"

static void say(const struct lab *lab, const char *color, const char *fmt, ...) PRINTFLIKE(3, 4);

static void say(const struct lab *lab, const char *color, const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;
	int nl;

	va_start(ap, fmt);
	buf_vaddf(&b, fmt, ap);
	va_end(ap);
	/* The colour ends before the line does, so that nothing after it is coloured. */
	nl = b.len && b.p[b.len - 1] == '\n';
	if (lab->color && color)
		printf("%s%.*s%s%s", color, (int)(b.len - (size_t)nl), b.p, RESET, nl ? "\n" : "");
	else
		fwrite(b.p, 1, b.len, stdout);
	buf_release(&b);
}

/* Prints a program's output as it is, ending with a newline. */
static void show_output(const struct buf *b)
{
	fwrite(b->p, 1, b->len, stdout);
	if (b->len && b->p[b->len - 1] != '\n')
		putchar('\n');
}

static void show_diff(const struct lab *lab, const char *expected, size_t elen, const struct buf *actual)
{
	struct buf d = BUF_INIT;

	match_diff(&d, expected, elen, actual->p, actual->len, 200);
	for (const char *p = d.p; *p;) {
		const char *nl = strchr(p, '\n');
		int n = (int)(nl ? nl - p : (long)strlen(p));
		const char *c = *p == '-' ? RED : *p == '+' ? GREEN : *p == '@' ? CYAN : NULL;
		say(lab, c, "%.*s", n, p);
		putchar('\n');
		p = nl ? nl + 1 : p + n;
	}
	buf_release(&d);
}

/* Appends a word for a shell: quoted when it holds anything but plain characters. */
static void add_shell_word(struct buf *out, const char *w)
{
	if (out->len)
		buf_addc(out, ' ');
	if (*w && strspn(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=+./:,@%") ==
			  strlen(w)) {
		buf_adds(out, w);
		return;
	}
	buf_addc(out, '\'');
	for (; *w; w++) {
		if (*w == '\'')
			buf_adds(out, "'\\''");
		else
			buf_addc(out, *w);
	}
	buf_addc(out, '\'');
}

static void push(char ***argv, size_t *argc, char *word)
{
	*argv = xreallocarray(*argv, *argc + 2, sizeof **argv);
	(*argv)[(*argc)++] = word;
	(*argv)[*argc] = NULL;
}

/* Compares a lab file with what the lesson would give: 1 same, 0 edited, -1 unreadable. */
static int compare_file(const char *path, const char *want, size_t want_len)
{
	char *have;
	size_t len;
	int same;

	if (read_file(path, &have, &len) < 0)
		return -1;
	same = len == want_len && memcmp(have, want, want_len) == 0;
	free(have);
	return same;
}

static const struct output_block *output_of(const struct block *b, enum stream s)
{
	for (size_t i = 0; i < b->noutputs; i++)
		if (b->outputs[i].stream == s)
			return &b->outputs[i];
	return NULL;
}

static char *signal_text(int signo)
{
	const char *abbrev = sigabbrev_np(signo);

	if (abbrev)
		return xasprintf("SIG%s (%s)", abbrev, strsignal(signo));
	return xasprintf("signal %d", signo);
}

/* Says how a run ended if not as the lesson expects; 0 when it did. */
static int judge_end(const struct lab *lab, const struct block *b, const struct launch_result *r)
{
	char *sig;

	switch (r->end) {
	case END_LAUNCH_FAILED:
		say(lab, RED, "FAILED: could not be started: %s\n", r->error ? r->error : "unknown");
		return -1;
	case END_TIMEOUT:
		say(lab, RED, "FAILED: ran past its %g s time limit and was killed\n", b->timeout);
		return -1;
	case END_OUTPUT_LIMIT:
		say(lab, RED, "FAILED: printed more than %u bytes and was killed\n", OUTPUT_CAP);
		return -1;
	case END_SIGNALED:
		sig = signal_text(r->signo);
		say(lab, RED, "FAILED: killed by %s\n", sig);
		free(sig);
		return -1;
	case END_EXITED:
		if (r->exit_code != b->exit_expected) {
			say(lab, RED, "FAILED: exited with status %d, the lesson expects %d\n", r->exit_code,
			    b->exit_expected);
			return -1;
		}
		break;
	}
	return 0;
}

/* Puts from into the build as name, under a #line naming from: messages point at the file itself. */
static int stage_file(const struct lab *lab, const char *from, struct runner_build *bd, const char *name)
{
	struct buf text = BUF_INIT;
	char *body, *err = NULL;
	size_t len;
	int rc = 0;

	if (read_file(from, &body, &len) < 0) {
		say(lab, RED, "FAILED: cannot read '%s': %s\n", from, strerror(errno));
		return -1;
	}
	buf_adds(&text, "#line 1 \"");
	for (const char *p = from; *p; p++) {
		if (*p == '"' || *p == '\\')
			buf_addc(&text, '\\');
		buf_addc(&text, *p);
	}
	buf_adds(&text, "\"\n");
	buf_add(&text, body, len);
	free(body);
	if (runner_build_put(bd, name, text.p, text.len, &err) < 0) {
		say(lab, RED, "FAILED: %s\n", err);
		free(err);
		rc = -1;
	}
	buf_release(&text);
	return rc;
}

/* Stages the headers (NAME.h) of dir into the build; 0 or -1. */
static int stage_headers(const struct lab *lab, const char *dir, struct runner_build *bd)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int rc = 0;

	while (rc == 0 && d && (de = readdir(d))) {
		size_t n = strlen(de->d_name);
		char *from = xasprintf("%s/%s", dir, de->d_name);
		struct stat st;
		if (de->d_name[0] != '.' && n > 2 && strcmp(de->d_name + n - 2, ".h") == 0 && stat(from, &st) == 0 &&
		    S_ISREG(st.st_mode))
			rc = stage_file(lab, from, bd, de->d_name);
		free(from);
	}
	if (d)
		closedir(d);
	return rc;
}

/*
 * Puts what the compiler reads into the build's folder: the headers of
 * labs/include, then those of the lab folder (which "..." finds first),
 * then the lab's source, each under a #line naming its file, so that
 * messages point at the files the student edits. litlab reads them; the
 * compiler sees nothing of the course's folder.
 */
static int stage_sources(const struct lab *lab, const char *src, struct runner_build *bd, const char *name)
{
	if (stage_headers(lab, lab->include_dir, bd) < 0 || stage_headers(lab, lab->dir, bd) < 0)
		return -1;
	return stage_file(lab, src, bd, name);
}

/*
 * Compiles the lab in its build folder, as check compiles a block (the
 * runner's build: the same compiler, environment and limits). What is
 * shown is the command a student would type from the course's folder.
 * Returns 0 if it compiled; *stopped (malloc'd) says which of litlab's
 * limits stopped the compiler, if one did.
 */
static int compile(struct lab *lab, const struct block *b, const char *src, struct runner_build *bd, struct buf *log,
		   char **stopped)
{
	const struct lesson *l = lab->l;
	char **flags = NULL, **shown = NULL, **libs = NULL;
	size_t nflags = 0, nshown = 0, nlibs = 0;
	struct buf line = BUF_INIT;
	int link = block_executes(b), rc = -1;
	char *source = xasprintf("%s.c", b->id);
	struct evidence ev;

	evidence_init(&ev);
	*stopped = NULL;
	if ((l->cflags && split_words(l->cflags, &flags, &nflags) < 0) ||
	    (b->cflags && split_words(b->cflags, &flags, &nflags) < 0)) {
		say(lab, RED, "FAILED: the lesson's cflags or the block's have an unclosed quote\n");
		goto done;
	}
	if (link && b->ldlibs && split_words(b->ldlibs, &libs, &nlibs) < 0) {
		say(lab, RED, "FAILED: ldlibs= has an unclosed quote\n");
		goto done;
	}
	push(&shown, &nshown, xstrdup(lab->runner.cc));
	for (size_t i = 0; i < nflags; i++)
		push(&shown, &nshown, xstrdup(flags[i]));
	push(&shown, &nshown, xstrdup("-I"));
	push(&shown, &nshown, xstrdup(lab->include_dir));
	if (!link)
		push(&shown, &nshown, xstrdup("-c"));
	push(&shown, &nshown, xstrdup("-o"));
	push(&shown, &nshown, xasprintf("%s%s", b->id, link ? "" : ".o"));
	push(&shown, &nshown, xstrdup(src));
	for (size_t i = 0; i < nlibs; i++)
		push(&shown, &nshown, xstrdup(libs[i]));
	for (size_t i = 0; i < nshown; i++)
		add_shell_word(&line, shown[i]);
	say(lab, NULL, "$ %s\n", line.p);
	if (stage_sources(lab, src, bd, source) < 0)
		goto done;

	rc = runner_build_compile(&lab->runner, bd, flags, nflags, source, link, libs, nlibs, &ev);
	buf_add(log, ev.compile_log.p, ev.compile_log.len);
	/* As check judges it: a compile-fail block may fail for any reason but these. */
	if (rc < 0 && (b->mode != MODE_COMPILE_FAIL || ev.compile_end == END_TIMEOUT ||
		       ev.compile_end == END_OUTPUT_LIMIT))
		runner_compile_limit(ev.compile_end, ev.compile_signo, ev.compile_limit, log->p, log->len, stopped);
done:
	evidence_release(&ev);
	buf_release(&line);
	free_words(flags, nflags);
	free_words(shown, nshown);
	free_words(libs, nlibs);
	free(source);
	return rc;
}

/* One run of the lab's program, as check runs a block: a folder of its own, the block's limits. */
static int execute(const struct block *b, struct runner_build *bd, const struct buf *in, struct launch_result *res)
{
	struct run_spec rs;
	char **args = NULL;
	size_t nargs = 0;

	if (b->args && split_words(b->args, &args, &nargs) < 0) {
		free_words(args, nargs);
		res->end = END_LAUNCH_FAILED;
		res->error = xasprintf("args= has an unclosed quote: '%s'", b->args);
		return -1;
	}
	memset(&rs, 0, sizeof rs);
	rs.name = b->id;
	rs.args = args;
	rs.nargs = nargs;
	rs.stdin_data = in ? in->p : NULL;
	rs.stdin_len = in ? in->len : 0;
	rs.side_channel = b->mode == MODE_MEASURE;
	runner_program_limits(&rs.lim, b, 0);
	int rc = runner_build_run(bd, &rs, res);
	free_words(args, nargs);
	return rc;
}

static void show_stat_line(const struct lab *lab, const char *what, const struct stats *st)
{
	struct buf b = BUF_INIT;

	buf_adds(&b, "min ");
	stats_format_ns(&b, st->min);
	buf_adds(&b, ", median ");
	stats_format_ns(&b, st->median);
	buf_adds(&b, ", max ");
	stats_format_ns(&b, st->max);
	say(lab, NULL, "  %s: %s\n", what, b.p);
	buf_release(&b);
}

/* Runs the rest of a measure block's executions and shows the distribution; 0 if all went well. */
static int measure(struct lab *lab, const struct block *b, struct runner_build *bd, const struct buf *in,
		   const struct launch_result *first)
{
	struct evidence ev;
	struct measurement m;
	int total = b->warmup + b->samples, rc = 0;

	evidence_init(&ev);
	ev.warmup = b->warmup;
	ev.samples = xcalloc((size_t)b->samples + 1, sizeof *ev.samples);
	for (int i = 0; i < total && rc == 0; i++) {
		struct launch_result res;
		const struct launch_result *r = first;
		launch_result_init(&res);
		if (i > 0) { /* the run already shown is the first warmup run, or the first sample */
			execute(b, bd, in, &res);
			r = &res;
			if (judge_end(lab, b, r) < 0) {
				say(lab, RED, "  (in run %d of %d)\n", i + 1, total);
				rc = -1;
			}
		}
		if (rc == 0 && i >= b->warmup) {
			struct sample *s = &ev.samples[ev.nsamples++];
			s->wall_ns = r->wall_ns;
			s->user_ns = r->user_ns;
			s->sys_ns = r->sys_ns;
			s->max_rss_kb = r->max_rss_kb;
			regions_parse_run(&s->regions, r->side.p, r->side.len, r->pid, r->start_ns, r->end_ns,
					  r->side_truncated);
		}
		launch_result_release(&res);
	}
	if (rc == 0) {
		measure_summarize(&m, &ev);
		say(lab, NULL, "measured: %zu sample%s after %d warmup run%s\n", m.samples,
		    m.samples == 1 ? "" : "s", b->warmup, b->warmup == 1 ? "" : "s");
		show_stat_line(lab, "whole process (exec to exit)", &m.wall);
		for (size_t i = 0; i < m.nregions; i++) {
			char *what = xasprintf("region %s", m.regions[i].name);
			show_stat_line(lab, what, &m.regions[i].st);
			free(what);
		}
		if (m.region_error)
			say(lab, RED, "  regions: %s\n", m.region_error);
		say(lab, NULL, "  peak resident memory: median %lld KiB\n", (long long)m.rss_kb.median);
		if (!lab->have_env) {
			envinfo_capture(&lab->env, lab->runner.cc);
			lab->have_env = 1;
		}
		const char *lf = lab->l->cflags ? lab->l->cflags : "";
		const char *bf = b->cflags ? b->cflags : "";
		say(lab, NULL, "  compiler: %s (%s), flags: %s%s%s\n", lab->env.compiler, lab->env.compiler_version,
		    lf, *lf && *bf ? " " : "", bf);
		say(lab, NULL, "  machine: %s, %d logical core%s, %s, %s\n", lab->env.cpu_model,
		    lab->env.logical_cores, lab->env.logical_cores == 1 ? "" : "s", lab->env.os, lab->env.kernel);
		say(lab, NULL, "  isolation: %s; clock: CLOCK_MONOTONIC\n", runner_isolation(&lab->runner));
		if (m.region_error)
			rc = -1;
		measurement_release(&m);
	}
	evidence_release(&ev);
	return rc;
}

/* Compares one stream with its expected file; 0 if it matches. */
static int judge_stream(const struct lab *lab, const struct output_block *o, const char *file, const char *name,
			const struct buf *actual)
{
	char *exp;
	size_t elen;

	if (!o)
		return 0;
	if (read_file(file, &exp, &elen) < 0) {
		say(lab, RED, "FAILED: cannot read '%s': %s (run 'make labs')\n", file, strerror(errno));
		return -1;
	}
	int ok = match_output(o->match, exp, elen, actual->p, actual->len);
	if (!ok) {
		say(lab, RED, "FAILED: %s differs from %s (match=%s):\n", name, file, match_mode_name(o->match));
		show_diff(lab, exp, elen, actual);
	}
	free(exp);
	return ok ? 0 : -1;
}

/* Builds, runs and judges one lab; 0 if it matches the lesson. */
static int run_lab(struct lab *lab, const struct block *b)
{
	const struct lesson *l = lab->l;
	char *src = xasprintf("%s/%s.c", lab->dir, b->id);
	char *in = b->has_stdin ? xasprintf("%s/%s.stdin", lab->dir, b->id) : NULL;
	char *exp = xasprintf("%s/%s.expected", lab->dir, b->id);
	char *exp_err = xasprintf("%s/%s.expected-stderr", lab->dir, b->id);
	struct buf want = BUF_INIT, log = BUF_INIT, edited = BUF_INIT, input = BUF_INIT;
	char *stopped = NULL, *err = NULL;
	int rc = -1, same, built, have_build = 0;
	struct launch_result res;
	struct runner_build bd;
	struct folder_limits lim;

	launch_result_init(&res);

	say(lab, BOLD, "== %s", b->id);
	say(lab, NULL, " (%s)\n", block_mode_name(b->mode));
	tangle_block_source(l, b, &want);
	same = compare_file(src, want.p, want.len);
	if (same < 0) {
		say(lab, RED, "FAILED: '%s' is missing: run 'make labs' to write it again\n", src);
		goto out;
	}
	if (!same)
		buf_addf(&edited, "%s.c", b->id);
	if (in) {
		int s = compare_file(in, b->stdin_text, b->stdin_len);
		char *text;
		size_t len;
		if (s < 0 || read_file(in, &text, &len) < 0) {
			say(lab, RED, "FAILED: '%s' is missing: run 'make labs' to write it again\n", in);
			goto out;
		}
		buf_add(&input, text, len);
		free(text);
		if (!s)
			buf_addf(&edited, "%s%s.stdin", edited.len ? ", " : "", b->id);
	}
	for (int k = 0; k < 2 && b->mode != MODE_COMPILE_FAIL; k++) {
		const struct output_block *o = output_of(b, k ? STREAM_STDERR : STREAM_STDOUT);
		if (o && compare_file(k ? exp_err : exp, o->text, o->len) == 0)
			buf_addf(&edited, "%s%s.%s", edited.len ? ", " : "", b->id, k ? "expected-stderr" : "expected");
	}
	if (edited.len)
		say(lab, NULL, "(edited: %s differ%s from the lesson)\n", edited.p, strchr(edited.p, ',') ? "" : "s");

	runner_folder_limits(&lim, b);
	if (runner_build_open(&bd, &lim, &err) < 0) {
		say(lab, RED, "FAILED: %s\n", err);
		free(err);
		goto out;
	}
	have_build = 1;
	built = compile(lab, b, src, &bd, &log, &stopped) == 0;
	if (log.len)
		show_output(&log);
	if (stopped) {
		say(lab, RED, "FAILED: the compiler %s\n", stopped);
		goto out;
	}
	if (b->mode == MODE_COMPILE_FAIL) {
		if (built)
			say(lab, RED, "FAILED: it compiled, but the lesson says it must not\n");
		else
			say(lab, GREEN, "ok: it does not compile, as the lesson says\n");
		rc = built ? -1 : 0;
		goto out;
	}
	if (!built) {
		say(lab, RED, "FAILED: it does not compile\n");
		goto out;
	}
	if (b->mode == MODE_COMPILE_ONLY) {
		say(lab, GREEN, "ok: compiled (the lesson does not run it)\n");
		rc = 0;
		goto out;
	}

	struct buf shown = BUF_INIT;
	char *run = xasprintf("./%s", b->id);
	char **args = NULL;
	size_t nargs = 0;
	add_shell_word(&shown, run);
	if (b->args && split_words(b->args, &args, &nargs) == 0)
		for (size_t i = 0; i < nargs; i++)
			add_shell_word(&shown, args[i]);
	free_words(args, nargs);
	if (in)
		buf_addf(&shown, " < %s", in);
	say(lab, NULL, "$ %s\n", shown.p);
	buf_release(&shown);
	free(run);

	execute(b, &bd, in ? &input : NULL, &res);
	show_output(&res.out);
	if (res.err.len) {
		say(lab, NULL, "(stderr)\n");
		show_output(&res.err);
	}
	rc = judge_end(lab, b, &res);
	if (judge_stream(lab, output_of(b, STREAM_STDOUT), exp, "stdout", &res.out) < 0)
		rc = -1;
	if (judge_stream(lab, output_of(b, STREAM_STDERR), exp_err, "stderr", &res.err) < 0)
		rc = -1;
	if (rc == 0 && b->mode == MODE_MEASURE)
		rc = measure(lab, b, &bd, in ? &input : NULL, &res);
	if (rc == 0)
		say(lab, GREEN, "ok\n");
out:
	launch_result_release(&res);
	if (have_build)
		runner_build_release(&bd);
	buf_release(&want);
	buf_release(&log);
	buf_release(&edited);
	buf_release(&input);
	free(stopped);
	free(src);
	free(in);
	free(exp);
	free(exp_err);
	return rc;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/* "litlab: no lab 42; labs: 00, 15": the lab folders that have a lesson. */
static void no_such_lab(const char *labs, struct lesson **ls, size_t n, long want)
{
	DIR *d = opendir(labs);
	struct dirent *de;
	int *nums = NULL;
	size_t k = 0;
	struct buf list = BUF_INIT;

	while (d && (de = readdir(d))) {
		char *end;
		long num;
		if (strncmp(de->d_name, "lab-", 4) != 0 || de->d_name[4] < '0' || de->d_name[4] > '9')
			continue;
		num = strtol(de->d_name + 4, &end, 10);
		if (*end || num > INT_MAX)
			continue;
		for (size_t i = 0; i < n; i++) {
			if (ls[i] && ls[i]->number == num) {
				nums = xreallocarray(nums, k + 1, sizeof *nums);
				nums[k++] = (int)num;
				break;
			}
		}
	}
	if (d)
		closedir(d);
	if (k)
		qsort(nums, k, sizeof *nums, cmp_int);
	for (size_t i = 0; i < k; i++)
		buf_addf(&list, "%s%02d", i ? ", " : "", nums[i]);
	fprintf(stderr, "litlab: no lab %ld; labs: %s\n", want, k ? list.p : "none (run 'make labs')");
	buf_release(&list);
	free(nums);
}

/* "labs/" would name files "labs//lab-15/...". */
static void strip_slashes(char *dir)
{
	for (size_t n = strlen(dir); n > 1 && dir[n - 1] == '/'; n--)
		dir[n - 1] = '\0';
}

int cmd_lab(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "lessons", required_argument, NULL, 'l' },
		{ "labs", required_argument, NULL, 'L' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *lessons_dir = "lessons", *labs = "labs";
	int c, status = 0;
	long want;
	char *end, *err = NULL;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:h", opts, NULL)) != -1) {
		switch (c) {
		case 'l':
			lessons_dir = optarg;
			break;
		case 'L':
			labs = optarg;
			strip_slashes(optarg);
			break;
		case 'h':
			fputs(lab_help, stdout);
			return 0;
		default:
			return cmd_option_error("lab", c, argv[optind - 1]);
		}
	}
	if (argc - optind != 1)
		return cmd_usage_error("lab", "name one lesson number, e.g. 'litlab lab 15'");
	const char *arg = argv[optind];
	if (strncmp(arg, "lab-", 4) == 0)
		arg += 4;
	want = strtol(arg, &end, 10);
	if (!*arg || *end || want < 0 || want > 99999)
		return cmd_usage_error("lab", "'%s' is not a lesson number", argv[optind]);

	struct course_paths paths;
	char *dirs[] = { (char *)lessons_dir };
	if (course_find(&paths, dirs, 1, &err) < 0) {
		fprintf(stderr, "litlab: %s\n", err);
		free(err);
		course_paths_release(&paths);
		return 2;
	}
	struct lesson **ls = xcalloc(paths.n, sizeof *ls);
	struct lesson *l = NULL;
	for (size_t i = 0; i < paths.n; i++) {
		ls[i] = lesson_load(paths.v[i]);
		if (!ls[i]) {
			fprintf(stderr, "litlab: cannot read '%s': %s\n", paths.v[i], strerror(errno));
			status = 2;
		} else if (ls[i]->number == want && !l) {
			l = ls[i];
		}
	}

	struct lab lab;
	memset(&lab, 0, sizeof lab);
	lab.l = l;
	lab.color = cmd_color(stdout);
	if (status == 0 && !l) {
		no_such_lab(labs, ls, paths.n, want);
		status = 2;
	}
	if (status == 0) {
		char *name = tangle_lab_name(l->number);
		struct stat st;
		lab.dir = xasprintf("%s/%s", labs, name);
		lab.include_dir = xasprintf("%s/include", labs);
		free(name);
		if (stat(lab.dir, &st) < 0 || !S_ISDIR(st.st_mode)) {
			fprintf(stderr, "litlab: no folder '%s' for lesson %d: run 'make labs' to write it\n", lab.dir,
				l->number);
			status = 2;
		} else if (runner_init(&lab.runner, &err) < 0) {
			fprintf(stderr, "litlab: %s\n", err);
			free(err);
			runner_release(&lab.runner);
			status = 2;
		}
	}
	if (status == 0) {
		int color = cmd_color(stderr);
		say(&lab, BOLD, "lab %02d: %s", l->number, l->title ? l->title : "(untitled)");
		say(&lab, NULL, " (from %s; files in %s/)\n", l->path, lab.dir);
		for (size_t i = 0; i < l->diags.n; i++)
			if (l->diags.v[i].severity == SEV_ERROR)
				diag_print(stderr, &l->diags.v[i], color);
		for (size_t i = 0; i < l->nblocks; i++) {
			const struct block *b = &l->blocks[i];
			fflush(stdout);
			if (b->mode == MODE_DERIVED) {
				putchar('\n');
				say(&lab, BOLD, "== %s", b->id);
				say(&lab, NULL, " (derived%s%s): not executed: %s\n", *b->lang ? " " : "", b->lang,
				    b->reason && *b->reason ? b->reason : "no reason given");
				lab.skipped++;
			} else if (block_compiles(b) && b->bad_attrs) {
				putchar('\n');
				say(&lab, BOLD, "== %s\n", b->id);
				say(&lab, RED, "FAILED: the lesson has an error in this block (see 'litlab check %s')\n",
				    l->path);
				lab.failed++;
			} else if (tangle_block_has_lab(b)) {
				putchar('\n');
				if (run_lab(&lab, b) == 0)
					lab.ok++;
				else
					lab.failed++;
			}
		}
		putchar('\n');
		say(&lab, lab.failed ? RED : GREEN, "lab %02d: %zu ok, %zu failed", l->number, lab.ok, lab.failed);
		say(&lab, NULL, ", %zu not executed (derived)\n", lab.skipped);
		status = lab.failed || diags_count(&l->diags, SEV_ERROR) ? 1 : 0;
		runner_release(&lab.runner);
	}
	if (lab.have_env)
		envinfo_release(&lab.env);
	free(lab.dir);
	free(lab.include_dir);
	for (size_t i = 0; i < paths.n; i++)
		lesson_free(ls[i]);
	free(ls);
	course_paths_release(&paths);
	return status;
}
