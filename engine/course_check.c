/* course_check.c: find, load, run, verify and apply the rules to a course. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "course_check.h"
#include "report.h"

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

/*
 * The rule folders in the order they apply: each lesson folder's rules/
 * (once), then the --rules folders not already named.
 */
static void rule_folders(const struct course_paths *paths, const struct course_check_opts *opts, char ***dirs,
			 size_t *ndirs)
{
	char **v = NULL;
	size_t n = 0;

	for (size_t i = 0; i < opts->nrule_dirs; i++) {
		v = xreallocarray(v, n + 1, sizeof *v);
		v[n++] = xstrdup(opts->rule_dirs[i]);
	}
	for (size_t i = 0; i < paths->n; i++) {
		const char *slash = strrchr(paths->v[i], '/');
		char *dir = slash ? xasprintf("%.*s/rules", (int)(slash - paths->v[i]), paths->v[i]) : xstrdup("rules");
		int seen = 0;
		for (size_t k = 0; k < n; k++)
			seen |= strcmp(v[k], dir) == 0;
		if (seen) {
			free(dir);
			continue;
		}
		v = xreallocarray(v, n + 1, sizeof *v);
		memmove(v + 1, v, n * sizeof *v);
		v[0] = dir;
		n++;
	}
	*dirs = v;
	*ndirs = n;
}

int course_check_run(struct course_check *cc, char *const *paths, size_t npaths,
		     const struct course_check_opts *opts, char **err)
{
	memset(cc, 0, sizeof *cc);
	diags_init(&cc->rules.errors);
	*err = NULL;

	if (course_find(&cc->paths, paths, npaths, err) < 0)
		return -1;
	if (!opts->no_rules) {
		char **dirs;
		size_t ndirs;
		rule_folders(&cc->paths, opts, &dirs, &ndirs);
		int rc = ruleset_load(&cc->rules, dirs, ndirs, err);
		free_words(dirs, ndirs);
		if (rc < 0)
			return -1;
	}

	cc->results = xcalloc(cc->paths.n ? cc->paths.n : 1, sizeof *cc->results);
	cc->n = cc->paths.n;
	int needs_cc = 0;
	struct progress prog = { 0, 0, opts->progress && isatty(2) };
	for (size_t i = 0; i < cc->n; i++) {
		cc->results[i].lesson = lesson_load(cc->paths.v[i]);
		if (!cc->results[i].lesson) {
			*err = xasprintf("cannot read '%s': %s", cc->paths.v[i], strerror(errno));
			return -1;
		}
		needs_cc |= lesson_needs_compiler(cc->results[i].lesson);
		prog.total += cc->results[i].lesson->nblocks;
	}
	if (needs_cc) {
		if (runner_init(&cc->runner, err) < 0)
			return -1;
		cc->have_runner = 1;
	}

	int color = opts->color;
	if (opts->print_diags)
		for (size_t k = 0; k < cc->rules.errors.n; k++)
			diag_print(stderr, &cc->rules.errors.v[k], color);
	cc->sum.errors += diags_count(&cc->rules.errors, SEV_ERROR);
	for (size_t i = 0; i < cc->n; i++) {
		check_lesson(&cc->results[i], cc->have_runner ? &cc->runner : NULL, show_progress, &prog);
		if (!opts->no_rules)
			rules_apply(&cc->rules, &cc->results[i]);
		clear_progress(&prog);
		const struct diags *d = &cc->results[i].lesson->diags;
		if (opts->print_diags)
			for (size_t k = 0; k < d->n; k++)
				diag_print(stderr, &d->v[k], color);
		check_summarize(&cc->results[i], &cc->sum);
	}
	return 0;
}

void course_check_release(struct course_check *cc)
{
	for (size_t i = 0; i < cc->n; i++)
		lesson_result_release(&cc->results[i]);
	free(cc->results);
	cc->results = NULL;
	cc->n = 0;
	course_paths_release(&cc->paths);
	if (cc->have_runner)
		runner_release(&cc->runner);
	cc->have_runner = 0;
	ruleset_release(&cc->rules);
}

int course_check_gate(const struct course_check *cc)
{
	return check_gate(cc->results, cc->n) || diags_count(&cc->rules.errors, SEV_ERROR) > 0;
}

void course_check_print_summary(FILE *fp, const struct course_check *cc)
{
	const struct summary *sum = &cc->sum;

	fprintf(fp,
		"litlab: %zu lesson%s, %zu block%s: %zu passed, %zu failed, %zu measured, %zu compiled, "
		"%zu compile-failed as expected, %zu derived; %zu error%s, %zu warning%s\n",
		sum->lessons, sum->lessons == 1 ? "" : "s", sum->blocks, sum->blocks == 1 ? "" : "s",
		sum->passed, sum->failed, sum->measured, sum->compiled, sum->compile_failed, sum->derived,
		sum->errors, sum->errors == 1 ? "" : "s", sum->warnings, sum->warnings == 1 ? "" : "s");
}

json_t *course_check_json(const struct course_check *cc)
{
	struct report_ctx ctx = { cc->have_runner ? &cc->runner : NULL };
	json_t *doc = report_document(&ctx, cc->results, cc->n, &cc->sum);
	json_t *rerr = json_array();

	for (size_t k = 0; k < cc->rules.errors.n; k++)
		json_array_append_new(rerr, report_diag(&cc->rules.errors.v[k]));
	json_object_set_new(doc, "rule_errors", rerr);
	return doc;
}
