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
#include "rules.h"

static const char check_help[] =
	"usage: litlab check [--fresh] [-j N] [--format text|json] [--rules DIR] [PATH...]\n"
	"\n"
	"Compiles and runs every C block of the lessons, verifies outputs and exit\n"
	"statuses, and reports each problem as PATH:LINE:COL: SEVERITY: MESSAGE [RULE].\n"
	"PATH is a lesson file or a folder of NN-slug.md lessons (default: lessons/).\n"
	"\n"
	"  --fresh            ignore cached evidence and run everything again\n"
	"  -j, --jobs N       run N blocks at a time (default: the online CPUs)\n"
	"  --format FORMAT    text (default: diagnostics on stderr) or json (the document\n"
	"                     on stdout, diagnostics still on stderr)\n"
	"  --rules DIR        also apply the rules in DIR/*.lua (repeatable); the rules in\n"
	"                     each lesson folder's rules/ apply always\n"
	"  --no-rules         apply no Lua rule at all (for measuring the rule pass)\n"
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
		{ "rules", required_argument, NULL, 'r' },  { "no-rules", no_argument, NULL, 'R' },
		{ NULL, 0, NULL, 0 },
	};
	int json = 0, c, no_rules = 0;
	long jobs = 0;
	char **rule_dirs = NULL;
	size_t nrule_dirs = 0;

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
				free_words(rule_dirs, nrule_dirs);
			return cmd_usage_error("check", "-j needs a number of jobs from 1 to 1024, not '%s'",
						       optarg);
			break;
		}
		case 'f':
			if (strcmp(optarg, "json") == 0)
				json = 1;
			else if (strcmp(optarg, "text") != 0) {
				free_words(rule_dirs, nrule_dirs);
				return cmd_usage_error("check", "unknown format '%s' (text or json)", optarg);
			}
			break;
		case 'r':
			rule_dirs = xreallocarray(rule_dirs, nrule_dirs + 1, sizeof *rule_dirs);
			rule_dirs[nrule_dirs++] = xstrdup(optarg);
			break;
		case 'R':
			no_rules = 1;
			break;
		case 'h':
			free_words(rule_dirs, nrule_dirs);
			fputs(check_help, stdout);
			return 0;
		default:
			free_words(rule_dirs, nrule_dirs);
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
		free_words(rule_dirs, nrule_dirs);
		return 2;
	}
	/* Each lesson folder's rules/ applies, after the built-in rules and before --rules. */
	for (size_t i = 0; i < paths.n; i++) {
		const char *slash = strrchr(paths.v[i], '/');
		char *dir = slash ? xasprintf("%.*s/rules", (int)(slash - paths.v[i]), paths.v[i]) : xstrdup("rules");
		int seen = 0;
		for (size_t k = 0; k < nrule_dirs; k++)
			seen |= strcmp(rule_dirs[k], dir) == 0;
		if (seen) {
			free(dir);
			continue;
		}
		rule_dirs = xreallocarray(rule_dirs, nrule_dirs + 1, sizeof *rule_dirs);
		memmove(rule_dirs + 1, rule_dirs, nrule_dirs * sizeof *rule_dirs);
		rule_dirs[0] = dir;
		nrule_dirs++;
	}
	struct ruleset rules;
	memset(&rules, 0, sizeof rules);
	diags_init(&rules.errors);
	if (!no_rules && ruleset_load(&rules, rule_dirs, nrule_dirs, &err) < 0) {
		fprintf(stderr, "litlab: %s\n", err);
		free(err);
		ruleset_release(&rules);
		course_paths_release(&paths);
		free_words(rule_dirs, nrule_dirs);
		return 2;
	}
	free_words(rule_dirs, nrule_dirs);

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
		for (size_t k = 0; k < rules.errors.n; k++)
			diag_print(stderr, &rules.errors.v[k], color);
		sum.errors += diags_count(&rules.errors, SEV_ERROR);
		for (size_t i = 0; i < paths.n; i++) {
			check_lesson(&results[i], have_runner ? &runner : NULL, show_progress, &prog);
			if (!no_rules)
				rules_apply(&rules, &results[i]);
			clear_progress(&prog);
			const struct diags *d = &results[i].lesson->diags;
			for (size_t k = 0; k < d->n; k++)
				diag_print(stderr, &d->v[k], color);
			check_summarize(&results[i], &sum);
		}
		if (json) {
			struct report_ctx ctx = { have_runner ? &runner : NULL };
			json_t *doc = report_document(&ctx, results, paths.n, &sum);
			json_t *rerr = json_array();
			for (size_t k = 0; k < rules.errors.n; k++)
				json_array_append_new(rerr, report_diag(&rules.errors.v[k]));
			json_object_set_new(doc, "rule_errors", rerr);
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
		if (status == 0 && (check_gate(results, paths.n) || diags_count(&rules.errors, SEV_ERROR)))
			status = 1;
	}

	for (size_t i = 0; i < paths.n; i++)
		lesson_result_release(&results[i]);
	free(results);
	course_paths_release(&paths);
	if (have_runner)
		runner_release(&runner);
	ruleset_release(&rules);
	return status;
}
