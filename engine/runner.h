/*
 * runner.h: turning a block into evidence.
 *
 * runner_block() writes the block's translation unit (the code of the blocks
 * it uses first, then its own, each under a #line directive naming the
 * lesson, so that compiler messages point into the lesson), compiles it with
 * $CC and the lesson's and the block's flags in a private temporary folder,
 * and, for run and measure blocks, executes it through sandbox_launch(). It
 * records what happened in a struct evidence and judges nothing: verifying
 * the evidence against the lesson is check.c's work.
 */
#ifndef LITLAB_RUNNER_H
#define LITLAB_RUNNER_H

#include "envinfo.h"
#include "lesson.h"
#include "regions.h"
#include "sandbox.h"

/* Limits of the compiler and of programs (programs take their wall limit from timeout=). */
#define COMPILE_TIMEOUT_S 60.0
#define COMPILE_MEM_BYTES (4LL << 30)
#define COMPILE_FSIZE_BYTES (256LL << 20)
#define COMPILE_NOFILE 1024
#define OUTPUT_CAP (1u << 20)
#define PROGRAM_MEM_BYTES (2LL << 30)
#define PROGRAM_FSIZE_BYTES (64LL << 20)
#define PROGRAM_NOFILE 256

struct runner {
	char *cc;     /* $CC as given, default "cc" */
	char **cc_argv; /* cc split into words */
	size_t cc_argc;
	char *tmp_root; /* $TMPDIR or /tmp */
	const char *isolation; /* what evidence records as its isolation: runner_isolation() */
	char *isolation_own;	/* the runner's copy that isolation points to */
	int have_env;
	struct envinfo env; /* captured at the first measure block */
	int sanitize; /* check --sanitize: run blocks built with ASan and UBSan */
	int repeat;   /* check --repeat N: run blocks run N times (0 or 1: once) */
};

/* The environment of measurements, captured once per runner. */
const struct envinfo *runner_env(struct runner *r);
/* The same, the first time asking memo (see envinfo_capture_memo()). */
const struct envinfo *runner_env_memo(struct runner *r, const struct envinfo_memo *memo);

/*
 * The isolation evidence is recorded with: r->isolation once set (the cache
 * sets it, from its memo when it has one), else the sandbox's own, which
 * probes.
 */
const char *runner_isolation(const struct runner *r);
/* Sets r->isolation to a copy of iso (the cache does, from its memo or the probe). */
void runner_set_isolation(struct runner *r, const char *iso);

/* One timed execution of a measure block. */
struct sample {
	long long wall_ns;
	long long user_ns;
	long long sys_ns;
	long max_rss_kb;
	struct region_sample regions;
};

struct evidence {
	int compiled;	 /* the compiler ran */
	int compile_ok;	 /* ... and exited 0 */
	enum launch_end compile_end;
	int compile_signo;	    /* compile_end END_SIGNALED: the signal (not cached: nor is such evidence) */
	const char *compile_limit; /* the sandbox limit it ran into (launch_result.limit), or NULL */
	struct buf compile_log; /* what the compiler printed (stdout, then stderr) */
	char *cflags;	 /* every flag given to the compiler, as one string */
	char *setup_error; /* the block could not be built at all (bad flags, no temp folder) */

	int executed;
	struct launch_result run; /* the (first) execution */

	/* measure blocks: every execution after warmup */
	struct sample *samples;
	size_t nsamples;
	int warmup;
	int samples_differ; /* 1-based index of the first sample whose stdout differs, or 0 */
	struct buf differ_out; /* that sample's stdout (or that repeated run's) */
	struct envinfo *env; /* measure blocks: where and when they were measured (owned) */

	int sanitized;	   /* built with -fsanitize=address,undefined (check --sanitize) */
	int repeats;	   /* run blocks under --repeat: how many runs were made */
	int repeat_differ; /* 1-based index of the first run whose stdout differs from run 1's, or 0 */

	/* The files the compiler read besides the translation unit, from its dependency
	   output (-MD): absolute paths, outside the block's own folder. */
	char **deps;
	size_t ndeps;

	int cached; /* read from the evidence cache (cache.h), not produced in this run */
	char *isolation; /* the sandbox it was compiled and run in (sandbox_isolation()); NULL
			    for a record from before litlab kept it */
};

/* The isolation ev records, or, for a record without one, the runner's. */
const char *evidence_isolation(const struct evidence *ev, const struct runner *r);

/*
 * Finds the compiler. Returns 0, or -1 with *err (malloc'd) saying what is
 * missing; r then holds nothing (runner_release() on it is harmless).
 */
int runner_init(struct runner *r, char **err);
void runner_release(struct runner *r);

void evidence_init(struct evidence *ev);
void evidence_release(struct evidence *ev);

/*
 * Builds (and runs, for run and measure blocks) one block. Blocks may be run
 * from several threads at once: everything a run touches is its own (its
 * folder, ev), once runner_env() has been called (measure blocks need it).
 */
void runner_block(struct runner *r, struct lesson *l, struct block *b, struct evidence *ev);

/*
 * The fixed environment every program runs with (PATH, HOME and TMPDIR in
 * dir, LANG, TZ; sanitizer options when sanitized), NULL-terminated; free it
 * with runner_free_env(). lab uses it too, so a student's run matches check's.
 */
char **runner_program_env(const char *dir, int sanitized);
void runner_free_env(char **env);

/* The compiler's limits, and a program's (its wall clock from timeout=), the same for check and lab. */
void runner_compile_limits(struct limits *lim);
void runner_program_limits(struct limits *lim, const struct block *b, int sanitized);

/*
 * Whether a failed build stopped at one of litlab's limits on the compiler
 * rather than on the code: a compiler out of memory under RLIMIT_AS says so
 * and exits 1 (or its driver reports cc1 killed), which must not read as an
 * ordinary compile error. Looks at how the launch ended and at what the
 * compiler printed (log). Returns NULL when no limit was hit; else the rule
 * id, "timeout" or "resource-limit", with *what (malloc'd) saying which
 * limit, to follow "the compiler ", and the compiler's own line where it
 * printed one: "passed its memory limit (4 GiB): cc1: out of memory ...".
 */
const char *runner_compile_limit(enum launch_end end, int signo, const char *limit, const char *log, size_t len,
				 char **what);

/* Appends the translation unit of b to tu. */
void runner_translation_unit(struct lesson *l, struct block *b, struct buf *tu);

/* 1 if r builds b with the sanitizers: run blocks under --sanitize. */
int runner_sanitizes(const struct runner *r, const struct block *b);

#endif
