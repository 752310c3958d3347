/*
 * check.h: running a lesson's blocks and verifying the evidence.
 *
 * check_lesson() runs every block of a loaded lesson through the runner,
 * compares what happened with what the lesson says (output blocks, exit=,
 * the mode), gives each block a status and adds a diagnostic for each
 * difference to the lesson's list. check_gate() is the single "any error?"
 * decision that everything rendering from lessons must ask first.
 */
#ifndef LITLAB_CHECK_H
#define LITLAB_CHECK_H

#include "base/keyhash.h"
#include "check/ledger.h"
#include "lesson/lesson.h"
#include "run/evidence.h"
#include "run/measure.h"

struct runner; /* run/runner.h */
struct cache;  /* run/cache.h */

enum block_status {
	STATUS_PASSED,
	STATUS_FAILED,
	STATUS_MEASURED,
	STATUS_COMPILED,
	STATUS_COMPILE_FAILED,
	STATUS_DERIVED,
	STATUS_DISPLAY,
	STATUS_FRAGMENT, /* never built alone: only inside the blocks that use it */
};

struct block_result {
	enum block_status status;
	struct evidence ev;
	int measured;		/* m holds a measurement record */
	struct measurement m;
	struct diags diags;	/* the block's own findings, until check_end() */
	char key[KEY_HEX + 1]; /* its evidence cache key, when there is a cache */
	size_t budget;		/* bytes of output it holds of the run's budget (check.c), until released */
	int elsewhere;		/* check --shard: another shard's block, not run, not verified, not counted */
};

/* A {{measure:ID[/REGION]:STAT}} reference in prose, resolved against the evidence. */
struct measure_ref {
	int line, col;
	char *text;	/* as written, without the braces */
	char *id, *region, *stat;
	int resolved;
	int64_t value;	/* nanoseconds, or a count when is_count */
	int is_count;
	size_t block;	/* index of the measure block when resolved */
};

/* A <!-- litlab-disable RULE: reason --> comment. */
struct suppression {
	int line, col;
	char *rule;   /* NULL when the comment names none */
	char *reason; /* NULL when it gives none */
	int first_line, last_line; /* the element it covers; 0 when none follows */
	int valid;    /* it names a known rule and gives a reason */
	int used;     /* it suppressed at least one diagnostic */
};

struct lesson_result {
	struct lesson *lesson;
	struct block_result *blocks; /* one per lesson->blocks */
	struct suppression *supp;
	size_t nsupp;
	struct measure_ref *refs;
	size_t nrefs;
	struct ledger ledger; /* what the rules let pass, and the cited values */
	int partial; /* check --shard: some blocks are elsewhere; check_end() resolves no reference */
};

struct summary {
	size_t lessons, blocks, executed, passed, failed, measured, derived, compiled, compile_failed, errors,
		warnings;
};

/* Called after each block, e.g. to show progress. */
typedef void (*check_progress_fn)(void *ctx, const struct lesson *l, const struct block *b,
				  const struct block_result *br);

const char *block_status_name(enum block_status status);

/*
 * Runs (unless r is NULL: then nothing compiles) and verifies every block
 * of lr->lesson, one after the other, taking evidence from the cache c
 * where it has it (c may be NULL: no cache).
 */
void check_lesson(struct lesson_result *lr, struct runner *r, struct cache *c, check_progress_fn progress,
		  void *ctx);

/*
 * check_lesson() in steps, for running blocks in parallel: check_begin()
 * makes lr->blocks; then for each block i, in any order and from any
 * thread (one thread per block at a time): check_block_cached() fills its
 * evidence from the cache and returns 1, or returns 1 when the block needs
 * no run, or 0: then check_block_run() builds and runs it (and stores the
 * evidence in c); check_block_verify() gives it its status and its
 * diagnostics, which wait in lr->blocks[i].diags. Once every block is
 * done, check_end() adds those diagnostics to the lesson's in block order
 * (so the output does not depend on the order the blocks ran in), reports
 * the output and stdin blocks that belong to no block that runs them
 * (output-provenance, the loader's orphans) and resolves the
 * {{measure:...}} references (not when lr->partial: a shard has only some
 * blocks' evidence). check_summarize() counts no block that is elsewhere.
 */
void check_begin(struct lesson_result *lr);
int check_block_cached(struct lesson_result *lr, size_t i, struct runner *r, struct cache *c);
void check_block_run(struct lesson_result *lr, size_t i, struct runner *r, struct cache *c);
void check_block_verify(struct lesson_result *lr, size_t i);
void check_end(struct lesson_result *lr);
/* 1 if block b must run with nothing else running beside it: a measure block, for its timings. */
int check_block_alone(const struct block *b);
void lesson_result_release(struct lesson_result *lr);

/* Adds lr's counts to sum. */
void check_summarize(const struct lesson_result *lr, struct summary *sum);

/* The gate: 1 if any lesson has an error, so that nothing may be rendered from them. */
int check_gate(const struct lesson_result *lessons, size_t n);

/* 1 if any block of the lesson needs the compiler. */
int lesson_needs_compiler(const struct lesson *l);

#endif
