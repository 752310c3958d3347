/*
 * evidence.h: what happened to one block: how it was built, how each run
 * ended, what it printed, its samples, where it was measured, what it read.
 * The runner (run/runner.h) and the cache (run/cache.h) make it; check,
 * the rules and every renderer read it, and need nothing else of the run.
 */
#ifndef LITLAB_EVIDENCE_H
#define LITLAB_EVIDENCE_H

#include "base/buf.h"
#include "base/keyhash.h"
#include "lesson/regions.h"
#include "run/envinfo.h"
#include "sandbox/sandbox.h"

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
	int setup_sandbox; /* ...because the sandbox could not be set up (no fault of the lesson) */

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

	/* The files the compiler and the linker read besides what is in the block's own
	   folder, from their dependency output (-MD, --dependency-file): the absolute paths
	   of files the sandbox shows from the host (sandbox_shows()); the cache hashes them. */
	char **deps;
	size_t ndeps;
	int deps_unknown; /* a list named a file in a way it cannot be read back (runner.c): not cached */
	/* When its first compilation began (CLOCK_REALTIME, of which files' change times
	   are the last tick or, Linux 6.13 on, the time itself), or 0: a file of deps or dirs changed since may have been read before the
	   change and hashed after it, so such evidence is not cached. */
	long long built_ns;
	/* The folders whose entries decide which files the compiler and the linker find (a
	   header put in one earlier on the search path, one that was missing appearing): the
	   system's include and library folders, those the flags name (-I, -isystem, -iquote,
	   -idirafter, -L) and those of every file in deps. The cache keys their state. */
	char **dirs;
	size_t ndirs;

	/* A session's commands as its shell's boundaries split them (the transcript in run.out
	   alone is ambiguous: a program may print a "$ " or "[N]" line): where each command's
	   output stands in run.out, and its exit status. */
	struct session_cmd {
		size_t out, out_len;
		int status;
	} *session;
	size_t nsession;

	int cached; /* read from the evidence cache (cache.h), not produced in this run */
	int held;   /* not run: a run that timed out earlier in this watch session (cache_held) */
	char *made; /* cached: when its record was written (UTC, "2026-11-30T03:04:05Z"); NULL
		       when not cached or for a record from before litlab kept it */
	char sha256[KEY_HEX + 1]; /* cached: the hash its record states for it (cache_evidence_sha256()); "" when
			    not cached or for a record from before litlab kept it */
	char *isolation; /* the sandbox it was compiled and run in (sandbox_isolation()); NULL
			    for a record from before litlab kept it */
};

/*
 * What a whole run's evidence shares, for those who show it: the compiler
 * ($CC), the machine a measurement without its own record was made on, the
 * isolation of a record that names none. Any may be NULL (nothing compiled).
 */
struct evidence_context {
	const char *cc;
	const struct envinfo *env;
	const char *isolation;
};

/* The isolation ev records, or, for a record without one, ctx's. */
const char *evidence_isolation(const struct evidence *ev, const struct evidence_context *ctx);

/* How a run ended, as the JSON and the receipts name it: "exited", "signaled", "timeout", ... */
const char *launch_end_name(enum launch_end end);

void evidence_init(struct evidence *ev);
void evidence_release(struct evidence *ev);

#endif
