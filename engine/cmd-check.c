/* cmd-check.c: `litlab check`: run, verify and report on lessons. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "check.h"
#include "cmd.h"
#include "course.h"
#include "report.h"

static const char check_help[] =
	"usage: litlab check [--fresh] [-j N] [--format text|json] [PATH...]\n"
	"\n"
	"Compiles and runs every C block of the lessons, verifies outputs and exit\n"
	"statuses, and reports each problem as PATH:LINE:COL: SEVERITY: MESSAGE [RULE].\n"
	"PATH is a lesson file or a folder of NN-slug.md lessons (default: lessons/).\n"
	"\n"
	"  --fresh            ignore cached evidence and run everything again\n"
	"  -j, --jobs N       run N blocks at a time (default: the online CPUs)\n"
	"  --format FORMAT    text (default: diagnostics on stderr) or json (the document\n"
	"                     on stdout, diagnostics still on stderr)\n"
	"  -h, --help         this help\n"
	"\n"
	"Exit status: 0 no error, 1 an error in a lesson, 2 a usage error or a broken\n"
	"environment (no compiler, an unreadable file).\n";

struct progress {
	size_t done, total;
	int tty;
};

static const char *short_name(const char *path)
{
	const char *base = strrchr(path, '/');

	return base ? base + 1 : path;
}

static void show_progress(void *ctx, const struct lesson *l, const struct block *b, enum block_status st)
{
	struct progress *p = ctx;
	const char *name = short_name(l->path);
	size_t n = strlen(name);

	p->done++;
	if (!p->tty)
		return;
	if (n > 3 && strcmp(name + n - 3, ".md") == 0)
		n -= 3;
	fprintf(stderr, "\r\033[K[%zu/%zu] %.*s: %s %s", p->done, p->total, (int)n, name, b->id,
		st == STATUS_PASSED ? "ok" : block_status_name(st));
	fflush(stderr);
}

static void clear_progress(struct progress *p)
{
	if (p->tty && p->done) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
	}
}

int cmd_check(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "fresh", no_argument, NULL, 'F' },   { "jobs", required_argument, NULL, 'j' },
		{ "format", required_argument, NULL, 'f' }, { "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int json = 0, c;
	long jobs = 0;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+j:h", opts, NULL)) != -1) {
		switch (c) {
		case 'F':
			break; /* there is no cache yet: every check is fresh */
		case 'j': {
			char *end;
			jobs = strtol(optarg, &end, 10);
			if (*end || jobs < 1 || jobs > 1024)
				return cmd_usage_error("check", "-j needs a number of jobs from 1 to 1024, not '%s'",
						       optarg);
			break;
		}
		case 'f':
			if (strcmp(optarg, "json") == 0)
				json = 1;
			else if (strcmp(optarg, "text") != 0)
				return cmd_usage_error("check", "unknown format '%s' (text or json)", optarg);
			break;
		case 'h':
			fputs(check_help, stdout);
			return 0;
		default:
			return cmd_usage_error("check", "unknown option '%s'", argv[optind - 1]);
		}
	}
	(void)jobs;

	struct course_paths paths;
	char *err = NULL;
	if (course_find(&paths, argv + optind, (size_t)(argc - optind), &err) < 0) {
		fprintf(stderr, "litlab: %s\n", err);
		free(err);
		course_paths_release(&paths);
		return 2;
	}

	struct lesson_result *results = xcalloc(paths.n, sizeof *results);
	int needs_cc = 0, status = 0;
	struct progress prog = { 0, 0, isatty(2) };
	for (size_t i = 0; i < paths.n; i++) {
		results[i].lesson = lesson_load(paths.v[i]);
		if (!results[i].lesson) {
			fprintf(stderr, "litlab: cannot read '%s': %s\n", paths.v[i], strerror(errno));
			status = 2;
			break;
		}
		needs_cc |= lesson_needs_compiler(results[i].lesson);
		prog.total += results[i].lesson->nblocks;
	}

	struct runner runner;
	int have_runner = 0;
	if (status == 0 && needs_cc) {
		if (runner_init(&runner, &err) < 0) {
			fprintf(stderr, "litlab: %s\n", err);
			free(err);
			status = 2;
		} else {
			have_runner = 1;
		}
	}

	struct summary sum;
	memset(&sum, 0, sizeof sum);
	if (status == 0) {
		int color = cmd_color(stderr);
		for (size_t i = 0; i < paths.n; i++) {
			check_lesson(&results[i], have_runner ? &runner : NULL, show_progress, &prog);
			clear_progress(&prog);
			const struct diags *d = &results[i].lesson->diags;
			for (size_t k = 0; k < d->n; k++)
				diag_print(stderr, &d->v[k], color);
			check_summarize(&results[i], &sum);
		}
		if (json) {
			struct report_ctx ctx = { have_runner ? &runner : NULL };
			json_t *doc = report_document(&ctx, results, paths.n, &sum);
			if (report_write(stdout, doc) < 0)
				status = 2;
			json_decref(doc);
		}
		fprintf(stderr,
			"litlab: %zu lesson%s, %zu blocks: %zu passed, %zu failed, %zu measured, %zu compiled, "
			"%zu derived; %zu error%s, %zu warning%s\n",
			sum.lessons, sum.lessons == 1 ? "" : "s", sum.blocks, sum.passed, sum.failed,
			sum.measured, sum.compiled, sum.derived, sum.errors, sum.errors == 1 ? "" : "s",
			sum.warnings, sum.warnings == 1 ? "" : "s");
		if (status == 0 && check_gate(results, paths.n))
			status = 1;
	}

	for (size_t i = 0; i < paths.n; i++)
		lesson_result_release(&results[i]);
	free(results);
	course_paths_release(&paths);
	if (have_runner)
		runner_release(&runner);
	return status;
}
