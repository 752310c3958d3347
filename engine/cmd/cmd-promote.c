/* cmd-promote.c: `litlab promote`: accept the real output of run blocks into their lessons. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "base/fs.h"
#include "base/atomic.h"
#include "check/check.h"
#include "cmd/cmd.h"
#include "cmd/course.h"
#include "lesson/match.h"
#include "cmd/progress.h"
#include "render/promote.h"
#include "run/cache.h"
#include "run/runner.h"


static const char promote_help[] =
	"Runs every block of the lessons as check does, then replaces the stdout or\n"
	"stderr output block of each run block whose real output differs with what it\n"
	"printed. Only those blocks' content lines change: every other byte of the file\n"
	"stays as it was (CRLF, trailing blanks, the fences, unless the new output holds\n"
	"a run of backticks as long as the fence: then both fences grow). Never promoted,\n"
	"with a note saying so: derived blocks, measure blocks, compile-fail blocks,\n"
	"patterns (match=ellipsis or contains), blocks that did not exit as expected,\n"
	"and outputs that hold a timing value (the timing-needs-metadata rule would\n"
	"report it in the lesson: make such a block a measure block, with '...' where\n"
	"the value stands). On a terminal, [N/M] shows each block as it is done.\n"
	"The file is replaced atomically, and only if it did not change while promote\n"
	"ran. A lesson with an error in its structure (a fence not closed where it\n"
	"should be, an attribute, an output block that belongs to no block) is neither\n"
	"run nor changed. PATH is a lesson file or a folder of lessons.\n"
	"\n"
	"  -n, --dry-run   write nothing; print the change as a unified diff\n"
	"  --fresh         take no evidence from the cache: run every block again (the\n"
	"                  cache is rewritten), as 'litlab check --fresh' does\n"
	"  -h, --help      this help\n"
	"\n"
	"Exit status: 0 done (the lessons' blocks now pass), 1 a lesson with an error in\n"
	"its structure (left as it was, with or without --dry-run) or a block that still\n"
	"fails in a way promote does not fix, 2 a usage error, a broken environment, or a\n"
	"file that could not be written (it is then left as it was).\n";

/* The diff of the whole file, with the file's name in the headers. */
static void print_diff(const struct lesson *l, const struct buf *next)
{
	struct buf d = BUF_INIT;
	const char *body;

	match_diff(&d, l->src, l->src_len, next->p, next->len, 0);
	body = d.p;
	for (int k = 0; k < 2 && (body = strchr(body, '\n')); k++)
		body++;
	cmd_printf(stdout, "--- %s\n+++ %s (promoted)\n%s", l->path, l->path, body ? body : "");
	buf_release(&d);
}

/* Errors check found that promote leaves: every one but the mismatches it fixed. */
static size_t remaining_errors(const struct lesson *l, const struct promote_plan *plan)
{
	size_t n = 0;

	for (size_t i = 0; i < l->diags.n; i++) {
		const struct diag *d = &l->diags.v[i];
		int fixed = 0;
		if (d->severity != SEV_ERROR)
			continue;
		for (size_t k = 0; k < plan->n && !fixed; k++) {
			const struct promotion *p = &plan->v[k];
			const struct block *b = &l->blocks[p->block];
			/* (The mismatch points at the first line that differs, inside the output block.) */
			fixed = strcmp(d->rule, "output-mismatch") == 0 &&
				(p->output == PROMOTE_BLOCK ? d->line >= b->line && d->line <= b->end_line
							    : d->line >= b->outputs[p->output].line &&
								      d->line <= b->outputs[p->output].end_line);
		}
		n += !fixed;
	}
	return n;
}

/* Promotes the lesson l (loaded from path; freed here), showing each block done on prog. */
static int promote_one(struct runner *r, struct cache *cache, struct lesson *l, const char *path, int dry_run,
		       int color, struct progress *prog)
{
	struct lesson_result lr;
	struct promote_plan plan;
	struct diags notes;
	struct buf next = BUF_INIT;
	char *err = NULL;
	int status = 0;

	memset(&lr, 0, sizeof lr);
	lr.lesson = l;
	promote_plan_init(&plan);
	diags_init(&notes);
	/* A lesson whose blocks may not be where its author meant them is never rewritten, nor run. */
	size_t broken = promote_structure(lr.lesson, &notes);
	if (broken) {
		for (size_t i = 0; i < notes.n; i++)
			diag_print(stderr, &notes.v[i], color);
		fprintf(stderr,
			"litlab: '%s' has %zu error%s in its structure (above): promote changes nothing until %s "
			"fixed; '%s' was not changed\n",
			path, broken, broken == 1 ? "" : "s", broken == 1 ? "it is" : "they are", path);
		diags_release(&notes);
		promote_plan_release(&plan);
		lesson_result_release(&lr);
		return 1;
	}
	check_lesson(&lr, r, cache, progress_block, prog);
	progress_clear(prog);
	promote_plan_make(&plan, &lr, &notes);
	for (size_t i = 0; i < notes.n; i++)
		diag_print(stderr, &notes.v[i], color);
	size_t left = remaining_errors(lr.lesson, &plan);

	if (plan.n == 0) {
		printf("%s: nothing to promote\n", path);
	} else if (promote_rewrite(lr.lesson, &plan, &next, &err) < 0) {
		/* The rewrite refuses what it cannot do safely: a problem in the lesson, not the machine. */
		complain("%s; '%s' was not changed", err, path);
		free(err);
		status = 1;
	} else if (dry_run) {
		print_diff(lr.lesson, &next);
		printf("would promote %zu output block%s in %s\n", plan.n, plan.n == 1 ? "" : "s", path);
	} else {
		/* Through a symbolic link, the file it names is replaced, not the link. */
		char *target = realpath(path, NULL);
		struct atomic_opts opts = { lr.lesson->src, lr.lesson->src_len, 0, NULL, NULL };
		int rc = atomic_write(target ? target : path, next.p, next.len, &opts, &err);
		free(target);
		if (rc == ATOMIC_CHANGED) {
			complain("'%s' changed while promote ran; nothing written", path);
			status = 2;
		} else if (rc != ATOMIC_OK) {
			complain("%s; '%s' was not changed", err, path);
			free(err);
			status = 2;
		} else {
			printf("promoted %zu output block%s in %s\n", plan.n, plan.n == 1 ? "" : "s", path);
		}
	}
	if (status == 0 && left) {
		complain("'%s' still has %zu error%s promote does not fix: see 'litlab check %s'",
			path, left, left == 1 ? "" : "s", path);
		status = 1;
	}
	buf_release(&next);
	diags_release(&notes);
	promote_plan_release(&plan);
	lesson_result_release(&lr);
	return status;
}

static int cmd_promote(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "dry-run", no_argument, NULL, 'n' },
		{ "fresh", no_argument, NULL, 'F' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c, dry_run = 0, fresh = 0, status = 0;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:nh", opts, NULL)) != -1) {
		switch (c) {
		case 'n':
			dry_run = 1;
			break;
		case 'F':
			fresh = 1;
			break;
		case 'h':
			return cmd_help(&cmd_promote_entry);
		default:
			return cmd_option_error(&cmd_promote_entry, c, argv[optind - 1]);
		}
	}
	if (optind == argc)
		return cmd_usage_error(&cmd_promote_entry, "name the lessons to promote (a file or a folder)");

	struct course_paths paths;
	char *err = NULL;
	if (course_find(&paths, argv + optind, (size_t)(argc - optind), &err) < 0) {
		complain("%s", err);
		free(err);
		course_paths_release(&paths);
		return 2;
	}
	struct runner runner;
	if (runner_init(&runner, &err) < 0) {
		complain("%s", err);
		free(err);
		runner_release(&runner);
		course_paths_release(&paths);
		return 2;
	}
	int color = cmd_color(stderr);
	struct cache cache; /* evidence check left is promoted as it is, unless --fresh */
	cache_init(&cache, &runner, fresh);
	/* Every lesson first, for the progress line's total: the blocks of those promote will run. */
	struct lesson **ls = xcalloc(paths.n ? paths.n : 1, sizeof *ls);
	size_t total = 0;
	for (size_t i = 0; i < paths.n; i++) {
		ls[i] = lesson_load(paths.v[i]);
		if (!ls[i]) {
			complain("cannot read '%s': %s", paths.v[i], fs_strerror(errno));
			status = 2;
		} else if (promote_structure(ls[i], NULL) == 0) {
			total += ls[i]->nblocks;
		}
	}
	struct progress prog;
	progress_init(&prog, total, 1, color);
	for (size_t i = 0; i < paths.n; i++) {
		if (!ls[i])
			continue;
		int st = promote_one(&runner, &cache, ls[i], paths.v[i], dry_run, color, &prog);
		if (st > status)
			status = st;
	}
	progress_clear(&prog);
	free(ls);
	cache_release(&cache);
	runner_release(&runner);
	course_paths_release(&paths);
	return status;
}

const struct cmd_entry cmd_promote_entry = {
	.name = "promote",
	.usage = "[--dry-run] [--fresh] PATH...",
	.summary = "accept the real output of run blocks into their lessons",
	.help = promote_help,
	.exec = cmd_promote,
};
