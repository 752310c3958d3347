/*
 * ledger_model.h: the reviewer's ledger, built once from the checked
 * lessons, and the renderers that show it: one walk over the check results
 * to build, one renderer per output format (as cmark builds one tree and
 * has html.c, xml.c, man.c...).
 *
 *   ledger_model_build()  the lessons' results -> struct ledger_model
 *   ledger_text()         litlab audit (one line per item)   ledger_text.c
 *   ledger_junit()        litlab audit --format junit        ledger_junit.c
 *   ledger_html()         audit.html                         ledger_html.c
 *   report_document()     check/audit --format json          report.c
 *
 * The model is a plain tree: course -> lessons -> blocks, each block with
 * its status, the facts of its evidence (how it was built, how its run
 * ended, what it printed, its measurement, whether it came from the cache)
 * and its evidence in words (struct description, describe.h: the one
 * sentence every format that speaks shows); then each lesson's measure
 * references, cited values, what the rules let pass, suppressions,
 * diagnostics and counts. A renderer reads the model and nothing else of
 * the run: it never sees a struct evidence, a launch_result or a
 * block_result. A new output format is a new ledger_FORMAT.c that walks it.
 *
 * Strings and byte spans are borrowed from the lessons and their results,
 * which must outlive the model; the arrays are the model's own
 * (ledger_model_release()). Building cannot fail.
 */
#ifndef LITLAB_LEDGER_MODEL_H
#define LITLAB_LEDGER_MODEL_H

#include "base/buf.h"
#include "check/check.h"
#include "render/describe.h"
#include "render/render.h"
#include "run/stats.h"

/* Bytes a program or the compiler printed: not text, maybe not UTF-8, maybe with NULs. */
struct ledger_bytes {
	const char *p; /* NULL: none kept (the JSON's null) */
	size_t len;
};

/* Where and when a measurement was made (a record's own, else this run's machine). */
struct ledger_env {
	const char *compiler, *compiler_version, *cpu_model, *os, *kernel, *machine, *date_utc;
	int logical_cores;
	double loadavg1; /* -1: unknown */
};

/* What the evidence of a built or run block says (has_evidence). */
struct ledger_evidence {
	const char *compiler;  /* $CC as the run used it; NULL when nothing was compiled */
	const char *cflags;    /* every flag, "" for none */
	const char *isolation; /* the sandbox it ran in; NULL unknown */
	int compile_ok;
	int show_compiler_output; /* it did not compile, or was to fail (compile-fail) */
	struct ledger_bytes compiler_output;
	int executed;
	enum launch_end end;
	int exited;		  /* end is END_EXITED: exit_code is its status */
	int exit_code, exit_expected; /* exit_expected: the lesson's exit= (0 by default) */
	int signo;		  /* the signal that ended it, 0 none */
	struct ledger_bytes out, err;
	int out_truncated, err_truncated;
	long long wall_ns, user_ns, sys_ns;
	long max_rss_kb;
	int sanitized; /* built with the sanitizers (check --sanitize) */
	int runs;      /* --repeat: the runs made; 1 otherwise */
	int cached;    /* taken from the evidence cache */
	const char *made; /* cached: when the record was made; NULL unknown */
};

struct ledger_region {
	const char *name;
	struct stats st;
	const int64_t *values; /* one per sample */
	size_t n;
};

/* A measure block's samples (measured). Times in nanoseconds. */
struct ledger_measurement {
	const char *args; /* the workload: args= ("" for none) */
	struct ledger_bytes stdin_bytes;
	int has_stdin;
	size_t nuse; /* the blocks it uses */
	int warmup;
	size_t samples;
	struct stats wall, user, sys, rss_kb;
	const int64_t *wall_values; /* one per sample */
	struct ledger_region *regions;
	size_t nregions;
	struct ledger_env env;
};

struct ledger_output {
	int line;
	enum match_mode match;
	enum stream stream;
};

/* A lesson file another block's folder held (sees). */
struct ledger_file {
	const char *path;
	int line;
};

struct ledger_block {
	const char *id, *lang;
	int line;
	int last_line; /* its fence's end, or its last output block's: its diagnostics are those between */
	enum block_mode mode;
	enum block_status status;
	const char *reason; /* derived: its reason= as written, or NULL */
	char *const *use;   /* use= as written */
	size_t nuse;
	struct ledger_output *outputs;
	size_t noutputs;
	const char *file; /* file=: the lesson file it declares a version of, or NULL */
	int version;
	char *const *sources; /* sources= as written */
	size_t nsources;
	struct ledger_file *files;
	size_t nfiles;
	int elsewhere; /* check --shard: another shard's block */
	size_t errors, warnings; /* the lesson's diagnostics on its lines (ledger_block_holds()) */
	int has_evidence; /* it was built or run: ev holds what happened */
	struct ledger_evidence ev;
	int measured;
	struct ledger_measurement m;
	/* The evidence in words: what text, JUnit and HTML show. */
	struct description description;
	char *skipped; /* why it is not run, in a few words (describe_skipped()); NULL when it runs */
};

/* A {{measure:ID[/REGION]:STAT}} reference in prose. */
struct ledger_ref {
	int line, col;
	const char *text; /* as written, without the braces */
	int resolved;
	int64_t value; /* nanoseconds, or a count when is_count */
	int is_count;
	char *display; /* the value in words: "1.23 ms", "40" */
	/* Where the value comes from, in words ("median of region loop, block spin, 5 samples
	   after 1 warmup"); DESCRIBE_BLOCK names the block. Empty when unresolved. */
	struct description source;
	const char *block_id; /* resolved: the measure block */
};

struct ledger_lesson {
	const char *path;
	int number; /* -1: none */
	const char *title; /* NULL: none */
	const struct lesson *lesson; /* for its page's name and label (render.h) */
	struct ledger_block *blocks;
	size_t nblocks;
	struct ledger_ref *refs;
	size_t nrefs;
	const struct ledger *passes; /* cited values and what the rules let pass (check/ledger.h) */
	const struct suppression *supp;
	size_t nsupp;
	const struct diags *diags;
	struct render_counts counts; /* the blocks by status, errors and warnings */
};

struct ledger_model {
	struct ledger_lesson *lessons;
	size_t n;
	struct summary sum;	       /* the run's counts, or every lesson's (check_summarize()) */
	const struct diags *rule_errors; /* the rule files that failed to load; never NULL */
	unsigned shard, nshards;	 /* check --shard I/N; nshards 0: not a shard */
	/* Totals over the lessons, for the pages' "none" lines. */
	size_t nrefs, ncites, npassed, nsupp, ndiags;
};

/*
 * Builds the ledger of the n lessons' results v, whose blocks were built
 * with run (the compiler, the machine; NULLs when nothing compiled).
 * rule_errors may be NULL (none); sum is the run's summary as the run
 * counted it (course_check.h), or NULL: then each lesson's is added up here.
 */
void ledger_model_build(struct ledger_model *m, const struct evidence_context *run, const struct lesson_result *v,
			size_t n, const struct diags *rule_errors, const struct summary *sum);
void ledger_model_release(struct ledger_model *m);

/* 1 if diagnostic d stands on block b's lines: its fence to its last output block. */
int ledger_block_holds(const struct ledger_block *b, const struct diag *d);

/* litlab audit: one line per block, reference, cited value, let pass, suppression and diagnostic. */
void ledger_text(struct buf *out, const struct ledger_model *m);
/* The cited values and what the rules let pass of one lesson, one line each (text and JUnit). */
void ledger_text_passes(struct buf *out, const struct ledger_lesson *ml);
/* A description as one line of text: names in quotes, control bytes made spaces. */
void ledger_text_description(struct buf *out, const struct description *d);

/* litlab audit --format junit: one test suite per lesson, one test case per block. */
void ledger_junit(struct buf *out, const struct ledger_model *m);

/* audit.html, the site's page of the ledger. */
void ledger_html(struct buf *out, const struct render_ctx *ctx, const struct ledger_model *m);

#endif
