/*
 * course_check.h: checking a whole course, the part that `check`, `build`
 * and `audit` share.
 *
 * course_check_run() finds the lesson files that paths name, loads the
 * rules (the built-in ones, each lesson folder's rules/, then --rules
 * folders), loads every lesson, runs and verifies its blocks and applies
 * the rules. Diagnostics are printed on stderr as each lesson is done when
 * opts->print_diags is set; progress is shown when opts->progress is set
 * and stderr is a terminal. Blocks run opts->jobs at a time (course_check.c
 * says how), with evidence from the cache (cache.h) unless opts->fresh.
 *
 * The struct owns everything it holds; course_check_release() frees it.
 * The results stay valid until then, for rendering and reporting.
 */
#ifndef LITLAB_COURSE_CHECK_H
#define LITLAB_COURSE_CHECK_H

#include <jansson.h>
#include <stdio.h>

#include "check/check.h"
#include "cmd/course.h"
#include "run/cache.h"
#include "run/runner.h"
#include "rules/rules.h"

struct course_check;

struct course_check_opts {
	char **rule_dirs; /* --rules folders, in order (course_check_opt() copies them) */
	size_t nrule_dirs;
	int no_rules;	  /* apply no Lua rule at all */
	int print_diags;  /* print each lesson's diagnostics on stderr */
	int progress;	  /* show [N/M] progress on a terminal */
	int color;	  /* diagnostics in colour (else progress comes as plain lines) */
	int fresh;	  /* run everything: read no cached evidence (it is still written) */
	long jobs;	  /* blocks run at once; 0: the online CPUs */
	int sanitize;	  /* build run blocks with ASan and UBSan (check --sanitize) */
	int repeat;	  /* run each run block this many times (check --repeat) */
	struct cache_held *held; /* a watch session's timed-out runs (serve; cache.h), or NULL */
	unsigned shard, nshards; /* check --shard I/N: only shard I (1..N) of N; nshards 0: every block */
	const struct course_check_ahead *ahead; /* or NULL */
};

/*
 * Work on a lesson that may begin as soon as its check is complete (its
 * blocks, references and rules), while other lessons are still being
 * ended: build renders the lesson's page there. prepare(arg, cc) is called
 * at most once, on the calling thread, before the first lesson(arg, cc, i);
 * each lesson(arg, cc, i) may run on either of two threads at once (for
 * different i), and only for lessons whose rules were remembered or are
 * not applied; the others are left for after course_check_run(). Lessons
 * reported while the pool still ran blocks (a cold check) are not offered.
 * Where the lessons are checked one by one (one CPU, -j 1, at most one
 * block that compiles) neither is called: nothing is offered.
 */
struct course_check_ahead {
	void (*prepare)(void *arg, struct course_check *cc);
	void (*lesson)(void *arg, struct course_check *cc, size_t i);
	void *arg;
};

struct course_check {
	struct course_paths paths;
	struct lesson_result *results; /* n of them, in course order */
	size_t n;
	struct runner runner;
	int have_runner; /* runner is initialized (some block needed the compiler) */
	struct cache cache;
	int have_cache; /* cache is open (with the runner) */
	struct ruleset rules;
	struct summary sum;
	unsigned shard, nshards; /* as in the options: check --shard I/N */
};

/*
 * Checks the lessons that paths[0..npaths) name (npaths == 0: "lessons/").
 * Returns 0 when every lesson was checked (errors in lessons are
 * diagnostics, see course_check_gate()), or -1 with *err (malloc'd) when
 * the environment is broken or the options wrong: a path is missing, a
 * file or rules folder cannot be read, a --rules folder is none, no
 * compiler. Notes on files a lesson folder holds but does not read are
 * printed on stderr with opts->print_diags. cc must be released in every
 * case.
 */
int course_check_run(struct course_check *cc, char *const *paths, size_t npaths,
		     const struct course_check_opts *opts, char **err);
void course_check_release(struct course_check *cc);
/*
 * course_check_release() for a command that exits next: the cache is
 * finished as there (its writes and its index), but the lessons and their
 * evidence, most of the memory, are left to the exit unless LEAKS_CHECKED.
 */
void course_check_release_at_exit(struct course_check *cc);

/* The getopt_long entries of the options check, build and audit share. */
#define COURSE_CHECK_RULE_OPTIONS                                                                       \
	{ "rules", required_argument, NULL, 'r' }, { "no-rules", no_argument, NULL, 'R' }

/*
 * Takes getopt's c into opts if it is one of COURSE_CHECK_RULE_OPTIONS
 * ('r': --rules arg, copied; 'R': --no-rules): 1, else 0.
 */
int course_check_opt(struct course_check_opts *opts, int c, const char *arg);
/*
 * 0 if every --rules folder of opts is a folder, else -1 with *err
 * (malloc'd) naming the first that is not: a usage error, where it was
 * once accepted silently and the course's rules were not applied.
 * course_check_run() asks it first.
 */
int course_check_opts_verify(const struct course_check_opts *opts, char **err);
/*
 * The rule folders check applies to the lessons of paths, in the order they
 * apply: each lesson folder's rules/ (once), then the --rules folders of
 * opts not already named. *dirs (malloc'd, each too) has *ndirs of them.
 * `litlab rules` lists the rules of the same folders.
 */
void course_check_rule_folders(const struct course_paths *paths, const struct course_check_opts *opts, char ***dirs,
			       size_t *ndirs);
/* Frees what course_check_opt() copied. */
void course_check_opts_release(struct course_check_opts *opts);

/*
 * course_check_run() for a command, with its PATH arguments: 0, or 2 with
 * "litlab: ERROR" printed on stderr. The caller releases cc either way.
 */
int course_check_cmd(struct course_check *cc, char *const *paths, size_t npaths,
		     const struct course_check_opts *opts);

/*
 * The shard (1..n) that block b of lesson l belongs to: a hash of the
 * lesson's file name (not its folder, so that every machine agrees however
 * it names the course) and the block's id, modulo n. A block is one unit:
 * the code it uses and the lesson files it sees come from the lesson's
 * text, which every shard reads, never from another block's evidence. A
 * block keeps its shard while its lesson's file name and its id stay, so
 * a change to one lesson moves no block of another; shards are balanced
 * by blocks as a hash is (within a few percent for thousands of blocks).
 * With opts->nshards, course_check_run() runs and verifies only the blocks
 * of shard opts->shard; the others are marked elsewhere. A shard applies
 * no Lua rule and resolves no {{measure:...}} reference: they need every
 * block's evidence, and the check or build that has it all (after
 * `evidence import`) applies them. The lessons' own structure (attributes,
 * orphan outputs) is reported by every shard.
 */
unsigned course_check_shard_of(const struct lesson *l, const struct block *b, unsigned n);
/* --shard I/N: 0 with *shard and *nshards; -1 when arg is not I/N with 1 <= I <= N <= 1000. */
int course_check_shard_parse(const char *arg, unsigned *shard, unsigned *nshards);
/* The usage error for a bad --shard arg (a static buffer). */
const char *course_check_shard_usage(const char *arg);

/* 1 if any lesson or rule file has an error: then nothing may be rendered. */
int course_check_gate(const struct course_check *cc);

/*
 * The end of a command that checks (check, audit), once it has printed what
 * it prints: when the check ran (ran: course_check_cmd() returned 0), the
 * summary on stderr and the gate (an error makes a status of 0 a 1); then cc
 * and opts released. Returns the command's exit status.
 */
int course_check_finish(struct course_check *cc, struct course_check_opts *opts, int ran, int status);

/* The summary line of `check`: "litlab: 1 lesson, 3 blocks: ..." (a shard says it is one). */
void course_check_print_summary(FILE *fp, const struct course_check *cc);

/* The ledger of the run (render/ledger_model.h); the caller releases it with ledger_model_release(). */
struct ledger_model;
void course_check_ledger(struct ledger_model *m, const struct course_check *cc);
/* The JSON document of `check --format json` (docs/json.md); the caller decrefs it. */
json_t *course_check_json(const struct course_check *cc);
/* The SARIF 2.1.0 log of `check --format sarif` (render/sarif.h); the caller decrefs it. */
json_t *course_check_sarif(const struct course_check *cc);

#endif
