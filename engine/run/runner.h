/*
 * runner.h: turning a block into evidence; building and running programs.
 *
 * runner_block() writes the block's translation unit (the code of the blocks
 * it uses first, then its own, each under a #line directive naming the
 * lesson, so that compiler messages point into the lesson) into a build
 * folder of the sandbox, compiles it there with $CC and the lesson's and the
 * block's flags, and, for run and measure blocks, runs what it built, each
 * run in a new folder of its own (a copy of the program and nothing else,
 * so that no run sees what another left). It records what happened in a
 * struct evidence and judges nothing: verifying the evidence against the
 * lesson is check.c's work.
 *
 * The build is open to other callers (litlab lab builds students' files the
 * same way): runner_build_open(), runner_build_put() for each file,
 * runner_build_compile(), then runner_build_run() as often as needed.
 *
 * The compiler and the programs run with environments of their own, fixed
 * (runner_compiler_env(), runner_program_env()): litlab's never reaches
 * them.
 */
#ifndef LITLAB_RUNNER_H
#define LITLAB_RUNNER_H

#include "run/envinfo.h"
#include "run/evidence.h"
#include "lesson/lesson.h"
#include "lesson/regions.h"
#include "sandbox/sandbox.h"
#include "base/strvec.h"

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
	struct strvec cc_argv; /* cc split into words */
	char *cc_path;	       /* where cc_argv.v[0] was found */
	int no_linker_deps; /* the linker has no --dependency-file: its inputs are not listed */
	int no_asm_deps;    /* the assembler has no --MD: what .incbin reads is not listed */
	int dep_options_known; /* the two above come from asking the toolchain (the cache does, once):
				  a build's own error text then decides nothing */
	/* The compiler's own search lists (envinfo_search_dirs()), when the cache asked for them:
	   where a header or library put later would be found before the one a block read. */
	struct strvec sys_inc, sys_lib;
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

/* What the renderers show of r with the evidence (evidence.h); r may be NULL. */
struct evidence_context runner_context(const struct runner *r);

/*
 * Appends `#line LINE "PATH"` and a newline: the lesson's path as a C
 * string (quotes and backslashes escaped, control characters as octal
 * escapes, which the compiler turns back into the path it prints).
 */
void runner_line_directive(struct buf *out, int line, const char *path);

/*
 * Finds the compiler. Returns 0, or -1 with *err (malloc'd) saying what is
 * missing; r then holds nothing (runner_release() on it is harmless).
 */
int runner_init(struct runner *r, char **err);
void runner_release(struct runner *r);


/*
 * Builds (and runs, for run and measure blocks) one block. Blocks may be run
 * from several threads at once: everything a run touches is its own (its
 * folder, ev), once runner_env() has been called (measure blocks need it).
 */
void runner_block(struct runner *r, struct lesson *l, struct block *b, struct evidence *ev);

/*
 * The fixed environment every program runs with (PATH, HOME the work
 * folder, TMPDIR its temporary folder, LANG, TZ; sanitizer options when
 * sanitized), NULL-terminated; free it with runner_free_env().
 */
char **runner_program_env(const struct sandbox_folder *f, int sanitized);
/*
 * The compiler's: PATH, HOME and TMPDIR as a program's, and the locale
 * fixed to C, so that its messages (which compile-fail blocks match) read
 * the same for every author.
 */
char **runner_compiler_env(const struct sandbox_folder *f);
void runner_free_env(char **env);

/* A build folder, and the name of what was built in it. */
struct runner_build {
	struct sandbox_folder dir;
	struct folder_limits lim; /* of it, and of each run's folder */
	int built;		  /* runner_build_compile() made a program */
};

/* A file litlab writes into a folder: a lesson file (lessonfiles.h), borrowed. */
struct runner_file {
	const char *path; /* relative, checked by lessonfiles_path_error() */
	const char *data;
	size_t len;
};

/* Makes the build folder: 0, or -1 with *err (malloc'd). lim may be NULL for the defaults. */
int runner_build_open(struct runner_build *bd, const struct folder_limits *lim, char **err);
/* Writes the file name (no '/') into the build folder: 0, or -1 with *err. */
int runner_build_put(struct runner_build *bd, const char *name, const void *data, size_t len, char **err);
/*
 * Puts a copy of data at path (relative, no "..") in the build folder, for
 * the compiler to quote the lines a #line directive names there: the
 * lesson, a lab file. Nothing is done for another path; never an error.
 */
void runner_build_quote(struct runner_build *bd, const char *path, const void *data, size_t len);
void runner_build_release(struct runner_build *bd);
/*
 * Writes data at path (relative, lessonfiles_path_error()'s rules) into the
 * build folder, making the folders on its way, never through a link: 0, or
 * -1 with *err.
 */
int runner_build_put_path(struct runner_build *bd, const char *path, const void *data, size_t len, char **err);

/*
 * Compiles in bd: $CC, then flags (runner_block_words()'s; NULL: none),
 * -I., the dependency options, -o prog (or -c -o prog.o when not link),
 * ./source, then libs (NULL: none). Fills ev's compile fields (compiled,
 * compile_ok, compile_end, compile_signo, compile_limit, compile_log), its
 * cflags (the flags joined) and deps. Returns 0 when it compiled.
 */
int runner_build_compile(struct runner *r, struct runner_build *bd, const struct strvec *flags, const char *source,
			 int link, const struct strvec *libs, struct evidence *ev);

/*
 * Separate compilation in bd, in one launch of /bin/sh: each of units (file
 * names in bd, "x.c" or "dir/x.c") compiled alone with -c into the object
 * beside it ("x.o"), every one even when one fails, each with its own
 * dependency list; then, if all compiled and link is set, the objects
 * linked into prog with libs. ev's compile fields are filled as
 * runner_build_compile() fills them. Returns 0 when it all compiled (and
 * linked). A toolchain that refuses the dependency options makes it return
 * -2 (r now knows not to ask): build again in a new folder.
 */
int runner_build_compile_units(struct runner *r, struct runner_build *bd, const struct strvec *flags,
			       const struct strvec *units, int link, const struct strvec *libs, struct evidence *ev);

/*
 * The words block b of lesson l is built and run with, as check builds it:
 * the compiler's flags (the lesson's cflags, the block's, the sanitizers'
 * when r sanitizes b), the libraries it links with (when it links), its
 * arguments. lab and check both take them from here.
 */
struct block_words {
	struct strvec flags, libs, args;
	int sanitized;
	char *build_error; /* an unclosed quote in the flags or libraries: it cannot be built */
	char *run_error;   /* an unclosed quote in args=: it cannot be run */
};

/* Fills in w; 0, or -1 if it has an error (the words before the quote are kept). */
int runner_block_words(const struct runner *r, const struct lesson *l, const struct block *b, struct block_words *w);
void runner_block_words_release(struct block_words *w);
/*
 * The words of a block that is about to run: 0 with w filled, or -1 when
 * its args= cannot be split: then res says so (END_LAUNCH_FAILED, the
 * error) and w is released.
 */
int runner_run_words(const struct runner *r, const struct lesson *l, const struct block *b, struct block_words *w,
		     struct launch_result *res);

/* One run of what bd built. */
struct run_spec {
	const char *name;	/* the program's name in its folder, run as ./name */
	char *const *argv;	/* when set, what runs instead (no program is copied): a session's shell */
	const struct runner_file *files; /* written into the run's folder first: the lesson files */
	size_t nfiles;
	const struct strvec *args; /* its arguments; NULL: none */
	const char *stdin_data; /* NULL: /dev/null */
	size_t stdin_len;
	struct limits lim;
	int side_channel;
	int sanitized;
};

/*
 * Runs bd's program once, in a new folder that holds only a copy of it and
 * rs->files: one launch, res filled in. Returns sandbox_launch()'s value.
 */
int runner_build_run(struct runner_build *bd, const struct run_spec *rs, struct launch_result *res);

/*
 * Adds res as the next sample of ev (whose samples array has room): its
 * times, and its regions checked against its run; its stdout is compared
 * with ev->run's. *kept counts the region times kept so far (start at 0):
 * past a bound, a sample's regions are an error rather than memory.
 */
void runner_add_sample(struct evidence *ev, const struct launch_result *res, size_t *kept);

/* The folder limits of a block (disk=, files=). */
void runner_folder_limits(struct folder_limits *lim, const struct block *b);

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

/*
 * What a program did when it met a sandbox limit (launch_result.limit), as
 * it follows "block 'x' ": "passed its memory limit (2 GiB) and was
 * killed", "filled its work folder or /tmp (256 MiB; raise disk= if it
 * needs more)". malloc'd.
 */
char *runner_limit_text(const char *limit, const struct block *b);

/* Appends the translation unit of b to tu (nothing for a session). */
void runner_translation_unit(struct lesson *l, struct block *b, struct buf *tu);

/* 1 if r builds b with the sanitizers: run blocks under --sanitize. */
int runner_sanitizes(const struct runner *r, const struct block *b);

#endif
