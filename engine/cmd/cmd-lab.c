/*
 * cmd-lab.c: `litlab lab N`: the students' runner for lesson N's lab folder.
 *
 * What to build and how to judge it (flags, args=, exit=, match=, timeout,
 * samples) comes from the lesson; what is built, fed and compared with comes
 * from the lab folder, so that a student's edits are what runs (a file that
 * only the lesson changed since 'make labs' wrote it, as its manifest tells,
 * gives way to the lesson's stdin and expected output). Lab files are read
 * below folder descriptors, no link followed, regular files only, bounded
 * (LAB_FILE_MAX). Programs are built and run as check builds and runs a
 * block: through the runner's build (runner_build_*()), each run in a
 * folder of its own, with the same limits and the same fixed environment.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "run/console.h"
#include "cmd/course.h"
#include "run/envinfo.h"
#include "base/fs.h"
#include "lesson/lessonfiles.h"
#include "lesson/match.h"
#include "run/measure.h"
#include "run/runner.h"
#include "run/stats.h"
#include "base/strvec.h"
#include "render/tangle.h"


static const char lab_help[] =
	"Builds and runs the programs of lesson N from its lab folder, labs/lab-NN/, in\n"
	"the lesson's order: each is compiled with $CC (default cc), the lesson's flags and\n"
	"the block's, and -I labs/include, then run as 'litlab check' runs it (in a\n"
	"temporary folder, with its stdin file, its args and its limits). Its output is\n"
	"shown, then 'ok' or a unified diff against the lesson's expected output. Measure\n"
	"programs are run warmup + samples times and their distribution is shown with the\n"
	"compiler and the machine. A file edited since 'make labs' wrote it is used as it\n"
	"is, and said to be edited; one that only the lesson changed since is said to be\n"
	"older than the lesson, and the lesson's stdin and expected output count. Lab\n"
	"files are read without following links. The lesson files of the lab folder\n"
	"(headers, sources, data) are in the folder of every build and run; programs\n"
	"built from several files are compiled file by file, then linked. Shell sessions\n"
	"run in a fresh folder holding the lab's lesson files and are compared command by\n"
	"command. With ID, only that program or session runs. 'make lab-NN' runs this.\n"
	"\n"
	"  --lessons DIR   where the lessons are (default: lessons)\n"
	"  --labs DIR      where the labs are (default: labs beside the lessons folder,\n"
	"                  as tangle writes them; it must not be a link)\n"
	"  -h, --help      this help\n"
	"\n"
	"Exit status: 0 every program matches the lesson, 1 one does not, 2 a usage\n"
	"error, no such lab, or a broken environment (no compiler).\n";

/* Bytes read of a lab file: a student's source, input or expected output is never near it. */
#define LAB_FILE_MAX (16u << 20)

struct lab {
	struct runner runner;
	const struct lesson *l;
	char *dir;	   /* labs/lab-NN */
	char *include_dir; /* labs/include */
	int dirfd;	   /* labs/lab-NN, open */
	int include_fd;	   /* labs/include, or -1 */
	struct tangle_manifest manifest; /* what tangle wrote in labs/lab-NN */
	int color;
	int have_env;
	struct envinfo env;
	size_t ok, failed, skipped;
	/* The lesson files of the block being run: as read, and as the runner gets them. */
	struct lab_file *lfiles;
	struct runner_file *rfiles;
	size_t nlfiles;
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
	/* What a lesson, a file name or a program brings has its control characters escaped. */
	struct buf e = BUF_INIT;
	buf_add_printable(&e, b.p, b.len);
	/* The colour ends before the line does, so that nothing after it is coloured. */
	nl = e.len && e.p[e.len - 1] == '\n';
	if (lab->color && color)
		printf("%s%.*s%s%s", color, (int)(e.len - (size_t)nl), e.p, RESET, nl ? "\n" : "");
	else
		fwrite(e.p, 1, e.len, stdout);
	buf_release(&e);
	buf_release(&b);
}

/* Prints a program's or the compiler's output, control characters escaped, ending with a newline. */
static void show_output(const struct buf *b)
{
	struct buf e = BUF_INIT;

	buf_add_printable(&e, b->p, b->len);
	fwrite(e.p, 1, e.len, stdout);
	if (e.len && e.p[e.len - 1] != '\n')
		putchar('\n');
	buf_release(&e);
}

static void show_diff(const struct lab *lab, enum match_mode mode, const char *expected, size_t elen,
		      const struct buf *actual)
{
	struct buf d = BUF_INIT;

	match_diff_mode(&d, mode, expected, elen, actual->p, actual->len, 200);
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
	buf_add_sh_quoted(out, w);
}

/* How a lab file stands with the lesson. */
enum lab_state {
	LAB_SAME,    /* the lesson's bytes */
	LAB_EDITED,  /* edited since 'make labs' wrote it: used as it is */
	LAB_OLDER,   /* as 'make labs' wrote it, and the lesson changed since */
	LAB_DIFFERS, /* other bytes, and no record of what 'make labs' wrote */
};

/* A lab file as read, and as it stands with what the lesson would give. */
struct lab_file {
	char *name; /* e.g. "double.stdin" */
	char *path; /* as shown: labs/lab-07/double.stdin */
	char *data;
	size_t len;
	int missing;
	enum lab_state state;
};

static void lab_file_release(struct lab_file *f)
{
	free(f->name);
	free(f->path);
	free(f->data);
	memset(f, 0, sizeof *f);
}

/*
 * Reads the lab file name (below the lab folder, no link followed, a
 * regular file, at most LAB_FILE_MAX) and compares it with want. 0, or -1
 * when it is missing (f->missing) or cannot be read (said).
 */
static int read_lab_file(const struct lab *lab, const char *name, const char *want, size_t want_len,
			 struct lab_file *f)
{
	memset(f, 0, sizeof *f);
	f->name = xstrdup(name);
	f->path = xasprintf("%s/%s", lab->dir, name);
	if (fs_read(lab->dirfd, name, LAB_FILE_MAX, &f->data, &f->len) < 0) {
		f->missing = errno == ENOENT;
		if (!f->missing)
			say(lab, RED, "FAILED: cannot read '%s': %s\n", f->path, fs_strerror(errno));
		return -1;
	}
	if (f->len == want_len && memcmp(f->data, want, want_len) == 0)
		f->state = LAB_SAME;
	else
		switch (tangle_origin_of(&lab->manifest, name, f->data, f->len)) {
		case TANGLE_UNTOUCHED:
			f->state = LAB_OLDER;
			break;
		case TANGLE_EDITED:
			f->state = LAB_EDITED;
			break;
		default:
			f->state = LAB_DIFFERS;
			break;
		}
	return 0;
}

/* The bytes a run uses: the lab file's, unless only the lesson changed it (then the lesson's). */
static void used_bytes(const struct lab_file *f, const char *lesson, size_t lesson_len, const char **p, size_t *n)
{
	if (f->state == LAB_OLDER) {
		*p = lesson;
		*n = lesson_len;
	} else {
		*p = f->data;
		*n = f->len;
	}
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

/* Puts body into the build as name, under a #line naming from: messages point at the file itself. */
static int stage_file(const struct lab *lab, const char *from, const char *body, size_t len, struct runner_build *bd,
		      const char *name)
{
	struct buf text = BUF_INIT;
	char *err = NULL;
	int rc = 0;

	runner_line_directive(&text, 1, from);
	buf_add(&text, body, len);
	if (runner_build_put(bd, name, text.p, text.len, &err) < 0) {
		say(lab, RED, "FAILED: %s\n", err);
		free(err);
		rc = -1;
	}
	runner_build_quote(bd, from, body, len); /* the compiler quotes the student's lines */
	buf_release(&text);
	return rc;
}

/*
 * Stages the headers (NAME.h) of the folder open as dirfd, shown as dir,
 * into the build; 0 or -1. Only regular files: a header that is a link (to a file
 * the student could not read) is not staged, and said so.
 */
static int stage_headers(const struct lab *lab, int dirfd, const char *dir, struct runner_build *bd)
{
	struct fs_entry *v;
	size_t n;
	int rc = 0;

	if (dirfd < 0 || fs_list(dirfd, "", &v, &n) < 0)
		return 0;
	for (size_t i = 0; i < n && rc == 0; i++) {
		size_t k = strlen(v[i].name);
		if (v[i].name[0] == '.' || k <= 2 || strcmp(v[i].name + k - 2, ".h") != 0)
			continue;
		/* A lesson file the block sees is staged at the version it saw (stage_lesson_files()). */
		int seen = 0;
		for (size_t f = 0; dirfd == lab->dirfd && f < lab->nlfiles && !seen; f++)
			seen = strcmp(lab->rfiles[f].path, v[i].name) == 0;
		if (seen)
			continue;
		char *from = xasprintf("%s/%s", dir, v[i].name), *body;
		size_t len;
		if (fs_read(dirfd, v[i].name, LAB_FILE_MAX, &body, &len) < 0) {
			say(lab, NULL, "(not staged: '%s': %s)\n", from, fs_strerror(errno));
		} else {
			rc = stage_file(lab, from, body, len, bd, v[i].name);
			free(body);
		}
		free(from);
	}
	fs_entries_free(v, n);
	return rc;
}

/*
 * Puts what the compiler reads into the build's folder: the headers of
 * labs/include, then those of the lab folder (which "..." finds first),
 * then the lab's source, each under a #line naming its file, so that
 * messages point at the files the student edits. litlab reads them; the
 * compiler sees nothing of the course's folder.
 */
static int stage_sources(const struct lab *lab, const struct lab_file *src, struct runner_build *bd, const char *name)
{
	if (stage_headers(lab, lab->include_fd, lab->include_dir, bd) < 0 ||
	    stage_headers(lab, lab->dirfd, lab->dir, bd) < 0)
		return -1;
	return stage_file(lab, src->path, src->data, src->len, bd, name);
}

static void show_states(const struct lab *lab, const struct lab_file *files, size_t n);

static void lab_files_release(struct lab *lab)
{
	for (size_t i = 0; i < lab->nlfiles; i++)
		lab_file_release(&lab->lfiles[i]);
	free(lab->lfiles);
	free(lab->rfiles);
	lab->lfiles = NULL;
	lab->rfiles = NULL;
	lab->nlfiles = 0;
}

/*
 * Reads the lesson files block b sees from the lab folder (each at the
 * path the lesson gives it): one the lab holds at the version b saw is used
 * as the lab has it (edited or not); one b saw at an earlier version than
 * the lab's is the lesson's (said so). 0, or -1 when one is missing.
 */
static int read_lesson_files(struct lab *lab, const struct block *b)
{
	const struct lesson *l = lab->l;
	int rc = 0;

	lab->lfiles = b->nsees ? xcalloc(b->nsees, sizeof *lab->lfiles) : NULL;
	lab->rfiles = b->nsees ? xcalloc(b->nsees, sizeof *lab->rfiles) : NULL;
	lab->nlfiles = b->nsees;
	for (size_t i = 0; i < b->nsees; i++) {
		const struct block *f = &l->blocks[b->sees[i]];
		struct lab_file *lf = &lab->lfiles[i];
		lab->rfiles[i].path = f->file;
		if (!lessonfiles_is_last(l, f)) {
			int prev;
			say(lab, NULL, "(%s: the lesson's version %d, lines %d-%d: the lab folder holds a later one)\n",
			    f->file, lessonfiles_version(l, f, &prev), f->line, f->end_line);
			lf->name = xstrdup(f->file);
			lf->path = xstrdup(f->file);
			lab->rfiles[i].data = f->code;
			lab->rfiles[i].len = f->code_len;
			continue;
		}
		if (read_lab_file(lab, f->file, f->code, f->code_len, lf) < 0) {
			if (lf->missing)
				say(lab, RED, "FAILED: '%s' is missing: run 'make labs' to write it again\n", lf->path);
			rc = -1;
			continue;
		}
		used_bytes(lf, f->code, f->code_len, &lab->rfiles[i].data, &lab->rfiles[i].len);
	}
	show_states(lab, lab->lfiles, lab->nlfiles);
	return rc;
}

/* Puts the lesson files into the build: .c and .h files under a #line naming the lab file. */
static int stage_lesson_files(const struct lab *lab, struct runner_build *bd)
{
	int rc = 0;

	for (size_t i = 0; i < lab->nlfiles && rc == 0; i++) {
		const struct runner_file *f = &lab->rfiles[i];
		struct buf text = BUF_INIT;
		char *err = NULL;
		if (lessonfiles_is_code(f->path)) {
			runner_line_directive(&text, 1, lab->lfiles[i].path);
		}
		buf_add(&text, f->data, f->len);
		if (runner_build_put_path(bd, f->path, text.p, text.len, &err) < 0) {
			say(lab, RED, "FAILED: %s\n", err);
			free(err);
			rc = -1;
		}
		runner_build_quote(bd, lab->lfiles[i].path, f->data, f->len);
		buf_release(&text);
	}
	return rc;
}

/*
 * Compiles the lab in its build folder, as check compiles a block (the
 * runner's build: the same compiler, environment and limits). What is
 * shown is the command a student would type from the course's folder.
 * Returns 0 if it compiled; *stopped (malloc'd) says which of litlab's
 * limits stopped the compiler, if one did.
 */
static int compile(struct lab *lab, const struct block *b, const struct lab_file *src, struct runner_build *bd,
		   struct buf *log, char **stopped)
{
	struct block_words w;
	struct strvec shown = STRVEC_INIT;
	struct buf line = BUF_INIT;
	int link = block_executes(b), rc = -1;
	char *source = xasprintf("%s.c", b->id);
	struct evidence ev;

	evidence_init(&ev);
	*stopped = NULL;
	runner_block_words(&lab->runner, lab->l, b, &w);
	if (w.build_error) {
		say(lab, RED, "FAILED: %s\n", w.build_error);
		goto done;
	}
	if (b->nsources) {
		/* As check builds it: each file alone, then linked; shown as make would. */
		link = block_executes(b) || b->mode == MODE_COMPILE_FAIL;
		/* As a student would type it from here: make runs in the lab's folder. */
		struct buf cmd = BUF_INIT;
		buf_adds(&cmd, "cd");
		add_shell_word(&cmd, lab->dir);
		buf_addf(&cmd, " && make -f %s.mk", b->id);
		say(lab, NULL, "$ (%s)%s\n", cmd.p, link ? "" : " (compile only)");
		buf_release(&cmd);
	} else {
		strvec_push(&shown, lab->runner.cc);
		strvec_pushv(&shown, w.flags.v, w.flags.n);
		strvec_push(&shown, "-I");
		strvec_push(&shown, lab->include_dir);
		if (!link)
			strvec_push(&shown, "-c");
		strvec_push(&shown, "-o");
		strvec_pushf(&shown, "%s%s", b->id, link ? "" : ".o");
		strvec_push(&shown, src->path);
		strvec_pushv(&shown, w.libs.v, w.libs.n);
		for (size_t i = 0; i < shown.n; i++)
			add_shell_word(&line, shown.v[i]);
		say(lab, NULL, "$ %s\n", line.p);
	}
	if (stage_lesson_files(lab, bd) < 0 ||
	    (src->data ? stage_sources(lab, src, bd, source)
		       : stage_headers(lab, lab->include_fd, lab->include_dir, bd)) < 0)
		goto done;

	if (b->nsources) {
		struct strvec units = STRVEC_INIT;
		if (src->data)
			strvec_push(&units, source);
		strvec_pushv(&units, b->sources, b->nsources);
		rc = runner_build_compile_units(&lab->runner, bd, &w.flags, &units, link, &w.libs, &ev);
		strvec_clear(&units);
	} else {
		rc = runner_build_compile(&lab->runner, bd, &w.flags, source, link, &w.libs, &ev);
	}
	buf_add(log, ev.compile_log.p, ev.compile_log.len);
	/* As check judges it: a compile-fail block may fail for any reason but these. */
	if (rc < 0 && (b->mode != MODE_COMPILE_FAIL || ev.compile_end == END_TIMEOUT ||
		       ev.compile_end == END_OUTPUT_LIMIT))
		runner_compile_limit(ev.compile_end, ev.compile_signo, ev.compile_limit, log->p, log->len, stopped);
done:
	evidence_release(&ev);
	buf_release(&line);
	runner_block_words_release(&w);
	strvec_clear(&shown);
	free(source);
	return rc;
}

/* One run of the lab's program, as check runs a block: a folder of its own, the block's limits. */
static int execute(const struct lab *lab, const struct block *b, struct runner_build *bd, const char *in,
		   size_t in_len, struct launch_result *res)
{
	struct block_words w;
	struct run_spec rs;

	if (runner_run_words(&lab->runner, lab->l, b, &w, res) < 0)
		return -1;
	memset(&rs, 0, sizeof rs);
	rs.files = lab->rfiles;
	rs.nfiles = lab->nlfiles;
	rs.name = b->id;
	rs.args = &w.args;
	rs.stdin_data = in;
	rs.stdin_len = in_len;
	rs.sanitized = w.sanitized;
	rs.side_channel = b->mode == MODE_MEASURE;
	runner_program_limits(&rs.lim, b, rs.sanitized);
	int rc = runner_build_run(bd, &rs, res);
	runner_block_words_release(&w);
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
static int measure(struct lab *lab, const struct block *b, struct runner_build *bd, const char *in, size_t in_len,
		   const struct launch_result *first)
{
	struct evidence ev;
	struct measurement m;
	int total = b->warmup + b->samples, rc = 0;
	size_t kept = 0;

	evidence_init(&ev);
	ev.warmup = b->warmup;
	ev.samples = xcalloc((size_t)b->samples + 1, sizeof *ev.samples);
	for (int i = 0; i < total && rc == 0; i++) {
		struct launch_result res;
		const struct launch_result *r = first;
		launch_result_init(&res);
		if (i > 0) { /* the run already shown is the first warmup run, or the first sample */
			execute(lab, b, bd, in, in_len, &res);
			r = &res;
			if (judge_end(lab, b, r) < 0) {
				say(lab, RED, "  (in run %d of %d)\n", i + 1, total);
				rc = -1;
			}
		}
		if (rc == 0 && i >= b->warmup)
			runner_add_sample(&ev, r, &kept);
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

/*
 * Compares one stream with its expected file (read in f), or with the
 * lesson's output block when only the lesson changed the file; 0 if it
 * matches.
 */
static int judge_stream(const struct lab *lab, const struct output_block *o, const struct lab_file *f,
			const char *name, const struct buf *actual)
{
	const char *exp;
	size_t elen;

	if (!o)
		return 0;
	if (f->missing) {
		say(lab, RED, "FAILED: '%s' is missing: run 'make labs' to write it again\n", f->path);
		return -1;
	}
	used_bytes(f, o->text, o->len, &exp, &elen);
	int ok = match_output(o->match, exp, elen, actual->p, actual->len);
	if (!ok) {
		if (f->state == LAB_OLDER)
			say(lab, RED, "FAILED: %s differs from the lesson's output (match=%s):\n", name,
			    match_mode_name(o->match));
		else
			say(lab, RED, "FAILED: %s differs from %s (match=%s):\n", name, f->path, match_mode_name(o->match));
		show_diff(lab, o->match, exp, elen, actual);
	}
	return ok ? 0 : -1;
}

/* Appends ", NAME" (or "NAME") to list when f is in state st. */
static void list_state(struct buf *list, const struct lab_file *f, enum lab_state st)
{
	if (f->name && !f->missing && f->state == st)
		buf_addf(list, "%s%s", list->len ? ", " : "", f->name);
}

/* Says which of a block's lab files differ from the lesson, and why. */
static void show_states(const struct lab *lab, const struct lab_file *files, size_t n)
{
	struct buf edited = BUF_INIT, older = BUF_INIT, differs = BUF_INIT;

	for (size_t i = 0; i < n; i++) {
		list_state(&edited, &files[i], LAB_EDITED);
		list_state(&older, &files[i], LAB_OLDER);
		list_state(&differs, &files[i], LAB_DIFFERS);
	}
	if (edited.len)
		say(lab, NULL, "(edited: %s differ%s from the lesson)\n", edited.p, strchr(edited.p, ',') ? "" : "s");
	if (older.len)
		say(lab, NULL,
		    "(older than the lesson, not edited: %s; the lesson changed since 'make labs' wrote %s, so the "
		    "lesson's input and expected output count: run 'make labs' to update %s)\n",
		    older.p, strchr(older.p, ',') ? "them" : "it", strchr(older.p, ',') ? "them" : "it");
	if (differs.len)
		say(lab, NULL, "(differ%s from the lesson: %s; no record says whether %s edited or the lesson changed)\n",
		    strchr(differs.p, ',') ? "" : "s", differs.p, strchr(differs.p, ',') ? "they were" : "it was");
	buf_release(&edited);
	buf_release(&older);
	buf_release(&differs);
}

/* Builds, runs and judges one lab; 0 if it matches the lesson. */
static int run_lab(struct lab *lab, const struct block *b)
{
	const struct lesson *l = lab->l;
	struct buf want = BUF_INIT, log = BUF_INIT;
	char *stopped = NULL, *name, *err = NULL;
	const char *in_data = NULL;
	size_t in_len = 0;
	int rc = -1, built, have_build = 0;
	struct launch_result res;
	struct runner_build bd;
	struct folder_limits lim;
	struct lab_file files[4]; /* ID.c, ID.stdin, ID.expected, ID.expected-stderr */
	struct lab_file *src = &files[0], *in = &files[1], *exp = &files[2], *exp_err = &files[3];

	launch_result_init(&res);
	memset(files, 0, sizeof files);

	say(lab, BOLD, "== %s", b->id);
	say(lab, NULL, " (%s)\n", block_mode_name(b->mode));
	tangle_block_source(l, b, &want);
	name = xasprintf("%s.c", b->id);
	int blank = b->nsources && !lessonfiles_own_code(b); /* built from its sources alone: no ID.c */
	int got = blank ? 0 : read_lab_file(lab, name, want.p, want.len, src);
	free(name);
	if (got < 0) {
		if (src->missing)
			say(lab, RED, "FAILED: '%s' is missing: run 'make labs' to write it again\n", src->path);
		goto out;
	}
	if (b->has_stdin) {
		name = xasprintf("%s.stdin", b->id);
		got = read_lab_file(lab, name, b->stdin_text, b->stdin_len, in);
		free(name);
		if (got < 0) {
			if (in->missing)
				say(lab, RED, "FAILED: '%s' is missing: run 'make labs' to write it again\n", in->path);
			goto out;
		}
	}
	for (int k = 0; k < 2 && b->mode != MODE_COMPILE_FAIL; k++) {
		const struct output_block *o = block_output(b, k ? STREAM_STDERR : STREAM_STDOUT);
		struct lab_file *f = k ? exp_err : exp;
		if (!o)
			continue;
		name = xasprintf("%s.%s", b->id, k ? "expected-stderr" : "expected");
		got = read_lab_file(lab, name, o->text, o->len, f);
		free(name);
		if (got < 0 && !f->missing)
			goto out;
	}
	show_states(lab, files, 4);
	if (read_lesson_files(lab, b) < 0)
		goto out;

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
	if (b->has_stdin)
		used_bytes(in, b->stdin_text, b->stdin_len, &in_data, &in_len);

	struct buf shown = BUF_INIT;
	char *run = xasprintf("./%s", b->id);
	struct block_words w;
	add_shell_word(&shown, run);
	runner_block_words(&lab->runner, l, b, &w);
	for (size_t i = 0; i < w.args.n; i++)
		add_shell_word(&shown, w.args.v[i]);
	runner_block_words_release(&w);
	if (b->has_stdin)
		buf_addf(&shown, " < %s", in->path);
	say(lab, NULL, "$ %s\n", shown.p);
	buf_release(&shown);
	free(run);

	execute(lab, b, &bd, in_data, in_len, &res);
	show_output(&res.out);
	if (res.err.len) {
		say(lab, NULL, "(stderr)\n");
		show_output(&res.err);
	}
	rc = judge_end(lab, b, &res);
	if (judge_stream(lab, block_output(b, STREAM_STDOUT), exp, "stdout", &res.out) < 0)
		rc = -1;
	if (judge_stream(lab, block_output(b, STREAM_STDERR), exp_err, "stderr", &res.err) < 0)
		rc = -1;
	if (rc == 0 && b->mode == MODE_MEASURE)
		rc = measure(lab, b, &bd, in_data, in_len, &res);
	if (rc == 0)
		say(lab, GREEN, "ok\n");
out:
	launch_result_release(&res);
	if (have_build)
		runner_build_release(&bd);
	buf_release(&want);
	buf_release(&log);
	free(stopped);
	for (size_t i = 0; i < 4; i++)
		lab_file_release(&files[i]);
	lab_files_release(lab);
	return rc;
}

/* Runs one session of the lesson in a folder holding the lab's lesson files; 0 if it matches. */
static int run_session(struct lab *lab, const struct block *b)
{
	struct evidence ev;
	struct diags d;
	int rc = -1;

	say(lab, BOLD, "== %s", b->id);
	say(lab, NULL, " (session, lesson lines %d-%d)\n", b->line, b->end_line);
	evidence_init(&ev);
	diags_init(&d);
	if (read_lesson_files(lab, b) == 0) {
		console_run_files(b, lab->rfiles, lab->nlfiles, &ev);
		show_output(&ev.run.out);
		if (ev.setup_error) {
			say(lab, RED, "FAILED: %s\n", ev.setup_error);
		} else if (console_verify(&d, lab->l, b, &ev) < 0) {
			for (size_t i = 0; i < d.n; i++) {
				say(lab, RED, "FAILED: %s\n", d.v[i].message);
				if (d.v[i].detail)
					show_output(&(struct buf){ d.v[i].detail, strlen(d.v[i].detail), 0 });
			}
		} else {
			say(lab, GREEN, "ok\n");
			rc = 0;
		}
	}
	diags_release(&d);
	evidence_release(&ev);
	lab_files_release(lab);
	return rc;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/* "litlab: no lab 42; labs: 00, 15": the lab folders that have a lesson. */
static void no_such_lab(int labsfd, struct lesson **ls, size_t n, long want)
{
	struct fs_entry *v = NULL;
	size_t nv = 0, k = 0;
	int *nums = NULL;
	struct buf list = BUF_INIT;

	if (labsfd >= 0 && fs_list(labsfd, "", &v, &nv) < 0)
		nv = 0;
	for (size_t e = 0; e < nv; e++) {
		const char *dname = v[e].name;
		char *end;
		long num;
		if (v[e].type != S_IFDIR || strncmp(dname, "lab-", 4) != 0 || dname[4] < '0' || dname[4] > '9')
			continue;
		num = strtol(dname + 4, &end, 10);
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
	fs_entries_free(v, nv);
	if (k)
		qsort(nums, k, sizeof *nums, cmp_int);
	for (size_t i = 0; i < k; i++)
		buf_addf(&list, "%s%02d", i ? ", " : "", nums[i]);
	complain("no lab %ld; labs: %s", want, k ? list.p : "none (run 'make labs')");
	buf_release(&list);
	free(nums);
}

/* "labs/" would name files "labs//lab-15/...". */
static int cmd_lab(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "lessons", required_argument, NULL, 'l' },
		{ "labs", required_argument, NULL, 'L' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *lessons_dir = "lessons", *labs = "labs";
	char *top = NULL, *shown = NULL;
	int c, status = 0, named = 0, lessons_named = 0;
	long want;
	char *end, *err = NULL;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:h", opts, NULL)) != -1) {
		switch (c) {
		case 'l':
			lessons_dir = optarg;
			lessons_named = 1;
			break;
		case 'L':
			labs = optarg;
			named = 1;
			cmd_strip_slashes(optarg);
			break;
		case 'h':
			return cmd_help(&cmd_lab_entry);
		default:
			return cmd_option_error(&cmd_lab_entry, c, argv[optind - 1]);
		}
	}
	if (argc - optind != 1 && argc - optind != 2)
		return cmd_usage_error(&cmd_lab_entry, "name one lesson number, e.g. 'litlab lab 15', and perhaps one program");
	const char *arg = argv[optind], *only = argc - optind == 2 ? argv[optind + 1] : NULL;
	if (strncmp(arg, "lab-", 4) == 0)
		arg += 4;
	want = strtol(arg, &end, 10);
	if (!*arg || *end || want < 0 || want > 99999)
		return cmd_usage_error(&cmd_lab_entry, "'%s' is not a lesson number", argv[optind]);

	struct course_paths paths;
	char *dirs[] = { (char *)lessons_dir };
	if (course_find(&paths, dirs, 1, &err) < 0) {
		complain("%s", err);
		if (!lessons_named)
			complain("run 'litlab lab' in the course's folder (the one that holds lessons/ and "
					"labs/), or name them: --lessons DIR (the labs are then beside it) and --labs DIR");
		free(err);
		course_paths_release(&paths);
		return 2;
	}
	/* Without --labs, the labs are beside the lessons folder, as tangle writes them. */
	if (!named && lessons_named) {
		top = fs_parent_path(lessons_dir);
		if (strcmp(top, ".") == 0) {
			free(top);
			top = NULL;
		} else {
			labs = shown = xasprintf("%s%s" TANGLE_LABS, top, top[strlen(top) - 1] == '/' ? "" : "/");
		}
	}
	struct lesson **ls = xcalloc(paths.n, sizeof *ls);
	struct lesson *l = NULL;
	for (size_t i = 0; i < paths.n; i++) {
		ls[i] = lesson_load(paths.v[i]);
		if (!ls[i]) {
			complain("cannot read '%s': %s", paths.v[i], fs_strerror(errno));
			status = 2;
		} else if (ls[i]->number == want && !l) {
			l = ls[i];
		}
	}

	struct lab lab;
	memset(&lab, 0, sizeof lab);
	lab.l = l;
	lab.color = cmd_color(stdout);
	lab.dirfd = lab.include_fd = -1;
	/* The labs folder: the default with no link followed, --labs DIR as named; all below it, no link. */
	int labsfd = named || !top ? fs_open_top(labs, named, 0, 0) : fs_open_below(top, TANGLE_LABS, 0, 0);
	if (labsfd < 0 && errno == ELOOP) {
		fprintf(stderr,
			"litlab: '%s' is a symbolic link: litlab does not follow a link for the labs folder it picks "
			"itself (name the folder with --labs to use it)\n",
			labs);
		status = 2;
	}
	if (status == 0 && !l) {
		no_such_lab(labsfd, ls, paths.n, want);
		status = 2;
	}
	if (status == 0) {
		char *name = tangle_lab_name(l->number);
		lab.dir = xasprintf("%s/%s", labs, name);
		lab.include_dir = xasprintf("%s/include", labs);
		lab.dirfd = labsfd >= 0 ? fs_open_dir(labsfd, name) : -1;
		int e = labsfd >= 0 ? errno : ENOENT;
		lab.include_fd = labsfd >= 0 ? fs_open_dir(labsfd, "include") : -1;
		free(name);
		if (lab.dirfd < 0 && e == ENOENT) {
			complain("no folder '%s' for lesson %d: run 'make labs' to write it", lab.dir,
				l->number);
			status = 2;
		} else if (lab.dirfd < 0) {
			complain("cannot open the lab folder '%s': %s", lab.dir, fs_strerror(e));
			status = 2;
		} else if (runner_init(&lab.runner, &err) < 0) {
			complain("%s", err);
			free(err);
			runner_release(&lab.runner);
			status = 2;
		} else {
			tangle_manifest_read(lab.dirfd, &lab.manifest);
		}
	}
	if (status == 0 && only) {
		const struct block *b = lesson_block((struct lesson *)l, only);
		if (!b || !(tangle_block_has_lab(b) || b->mode == MODE_SESSION || b->mode == MODE_DERIVED)) {
			struct buf ids = BUF_INIT;
			for (size_t i = 0; i < l->nblocks; i++)
				if (tangle_block_has_lab(&l->blocks[i]) || l->blocks[i].mode == MODE_SESSION)
					buf_addf(&ids, "%s%s", ids.len ? ", " : "", l->blocks[i].id);
			complain("lab %02d has no program or session '%s' (it has: %s)", l->number, only,
				ids.len ? ids.p : "none");
			buf_release(&ids);
			status = 2;
			runner_release(&lab.runner);
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
			if (only && strcmp(b->id, only) != 0)
				continue;
			if (b->mode == MODE_SESSION && !b->bad_attrs) {
				putchar('\n');
				if (run_session(&lab, b) == 0)
					lab.ok++;
				else
					lab.failed++;
			} else if (b->mode == MODE_DERIVED) {
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
	tangle_manifest_release(&lab.manifest);
	if (lab.dirfd >= 0)
		close(lab.dirfd);
	if (lab.include_fd >= 0)
		close(lab.include_fd);
	if (labsfd >= 0)
		close(labsfd);
	free(lab.dir);
	free(lab.include_dir);
	for (size_t i = 0; i < paths.n; i++)
		lesson_free(ls[i]);
	free(ls);
	free(top);
	free(shown);
	course_paths_release(&paths);
	return status;
}

const struct cmd_entry cmd_lab_entry = {
	.name = "lab",
	.usage = "[--lessons DIR] [--labs DIR] N [ID]",
	.summary = "build and run lesson N's labs, compare with the lesson",
	.help = lab_help,
	.exec = cmd_lab,
};
