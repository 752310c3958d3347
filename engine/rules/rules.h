/*
 * rules.h: the Lua rule host.
 *
 * A rule file is Lua 5.4 source (never bytecode) that returns one rule, or
 * a list of rules: a table with an id, a severity, a summary and handlers
 * (see engine/rules/README.md). Each file runs in its own lua_State with a
 * restricted environment (no io, os, package, debug, load, require,
 * string.dump, getmetatable, collectgarbage), a counting allocator and an
 * instruction-count hook. The rule pass of a lesson runs in a child process
 * that the parent kills when one file runs past its wall-clock limit (a C
 * function such as a backtracking string.find never yields to the hook),
 * and then continues with the next file in a new child. A file that fails
 * gives one rule-error diagnostic with its own path and line; the others
 * still run.
 */
#ifndef LITLAB_RULES_H
#define LITLAB_RULES_H

#include <stdatomic.h>

#include "base/strindex.h"
#include "check/check.h"

#define RULE_MEMORY_LIMIT (64u << 20)
/* Bytes of a block's stdout and of its stderr that rules see (evidence.stdout_truncated says more was printed). */
#define RULE_OUTPUT_MAX (64u << 10)
#define RULE_INSTRUCTION_LIMIT 50000000L
/* CPU seconds each rule file gets (load, then its handlers), counted by the kernel: a busy
   machine stops no rule. */
#define RULE_CPU_LIMIT_S 2
/* Over a lesson, a rule file's handlers get these more per whole MiB of the lesson, beyond the
   limits above: a rule's work grows with the lesson it reads, and a large lesson must not stop
   the built-in rules, which take up to 0.7 s of CPU and 5 million instructions per MiB of prose
   dense with figures (a lesson of about 12 MiB or more meets the memory limit first). A rule that
   never ends is still stopped: on a 10 MiB lesson after 22 s of CPU. */
#define RULE_INSTRUCTIONS_PER_MIB 25000000L
#define RULE_CPU_PER_MIB_S 2
/* A backstop only: a rule cannot wait for anything, so only a litlab fault could reach it. Over a
   lesson it grows by three times the CPU seconds added per MiB (rule_wall_s() in rules.c). */
#define RULE_WALL_LIMIT_S 60.0
#define RULE_REPORT_LIMIT 500
/* Every string a rule gives litlab (a report's message, a ledger record's text, decision and why,
   a rule's summary, the first line of its error) is cut to this many bytes, at a character's
   start, with "…" after it; an id is at most RULE_ID_MAX characters; a file returns at most
   RULE_RULES_LIMIT rules, each with at most RULE_ALIASES_LIMIT aliases. So no record a rule child
   writes passes RULE_RECORD_LIMIT, and litlab stops a child that writes one that does: with the
   report limit, a rule file cannot make litlab hold more than a few MiB for a lesson, whatever it
   does with its own 64 MiB. */
#define RULE_TEXT_LIMIT 4096
/* A course's rule files, all folders together: each file's pass has its own CPU time (above). */
#define RULE_FILES_LIMIT 64
#define RULE_ID_MAX 64
#define RULE_RULES_LIMIT 256
#define RULE_ALIASES_LIMIT 32
#define RULE_RECORD_LIMIT_KIB 64
#define RULE_RECORD_LIMIT (RULE_RECORD_LIMIT_KIB * 1024)
/* The most bytes of report and ledger records litlab keeps for one lesson, from all its rule files
   together: a course's files cannot make litlab hold more however many there are (the built-in
   rules write a few hundred KiB over a lesson of a MiB dense with figures). */
#define RULE_LESSON_OUTPUT_LIMIT_MIB 4
#define RULE_LESSON_OUTPUT_LIMIT (RULE_LESSON_OUTPUT_LIMIT_MIB << 20)
/* The same for every lesson a run checks, together; and what litlab counts for each record beside
   its text (the diagnostic's or ledger entry's path, id and structure). */
#define RULE_COURSE_OUTPUT_LIMIT_MIB 64
#define RULE_COURSE_OUTPUT_LIMIT ((size_t)RULE_COURSE_OUTPUT_LIMIT_MIB << 20)
#define RULE_RECORD_OVERHEAD 96

struct rule_file {
	char *path; /* as shown in diagnostics: engine/rules/x.lua, lessons/rules/y.lua */
	char *text;
	size_t len;
	int builtin;
	int folder; /* 0 for litlab's own files, k + 1 for those of ruleset_load()'s dirs[k]: files of one
		       folder share a rule child, and a child runs one folder's files only (rules.c) */
	int broken; /* it failed to load: the rule pass skips it */
	/* A built-in file compiled once, in litlab itself (its source is litlab's own), so that
	   each rule child loads it instead of parsing it again; NULL for a course's files, which
	   are parsed only in the child, as text (never loaded as bytecode: Lua does not check it). */
	char *bytecode;
	size_t bytecode_len;
	/* The same file loaded once, in the parent, into the Lua state of the built-in files (struct
	   ruleset's builtin) that every rule child inherits by fork (its chunk run, its rule list
	   kept at list_ref in the registry): a child then runs the handlers without loading the file
	   again. Only for a built-in file; NULL when it did not load. */
	struct host *loaded;
	int list_ref;
};

struct rule_info {
	char *id;
	char *severity; /* "error", "warning" or "note" */
	char *summary;
	char **aliases;
	size_t naliases;
	size_t file; /* index into files */
};

struct cache;

struct ruleset {
	struct rule_file *files;
	size_t nfiles;
	struct rule_info *rules;
	size_t nrules;
	struct strindex names; /* every rule's id and aliases, to its place in rules: each names one rule */
	/* bytes of rule records kept for every lesson so far (RULE_COURSE_OUTPUT_LIMIT): lessons' passes
	   on several threads (-j) add to it, so it is atomic */
	_Atomic size_t kept;
	struct diags errors; /* rule files that failed to load */
	struct cache *memo;  /* where a lesson's rule pass is remembered; NULL: run it every time */
	char files_hex[65];  /* the hash of the rule files as a pass's key takes them, made once by
				ruleset_load(): the files are the same for every lesson; "" when not made */
	/* The one Lua state the built-in files are loaded into (litlab's own code: each file keeps
	   its own globals, and they share the lesson a child gives them, made once), or NULL. */
	struct host *builtin;
};

/*
 * Loads the built-in rules and every *.lua in each of dirs (missing folders
 * are skipped; a folder that cannot be read is an error). Returns 0, or -1
 * with *err (malloc'd) when a folder or file cannot be read. Problems inside
 * rule files become rule-error diagnostics in rs->errors. Learning each
 * rule's id, severity and summary runs the files' top level in a child;
 * with memo (NULL: none) what it learnt is remembered by the files' paths
 * and texts, and becomes rs->memo for rules_apply().
 */
int ruleset_load(struct ruleset *rs, char *const *dirs, size_t ndirs, struct cache *memo, char **err);
void ruleset_release(struct ruleset *rs);
/* The rule with this id or alias, or NULL. */
const struct rule_info *ruleset_find(const struct ruleset *rs, const char *id);

/*
 * Applies every rule to a checked lesson: reads its suppressions, runs the
 * rules, drops what the suppressions cover, and adds the rest (and the
 * suppression diagnostics) to the lesson's diagnostics.
 *
 * With rs->memo, a pass that ran whole (no rule-error) is remembered under
 * a hash of everything the rules are given: litlab's version, every rule
 * file's path and text, the lesson's path and bytes, and each block's
 * status and evidence as the rules see it. The same inputs again replay it
 * without forking or running Lua: rules are functions of what they are
 * given (their environment has no clock, files or processes).
 *
 * ruleset_load() and rules_apply() fork without exec: call them only when
 * no other thread of litlab can be inside the allocator (no block running,
 * the cache's writer idle: cache_flush()). A child forked meanwhile keeps
 * the allocator's lock held, and AddressSanitizer's allocator, unlike
 * glibc's, is not prepared for fork (tests/scripts/fork-quiet.sh).
 */
void rules_apply(const struct ruleset *rs, struct lesson_result *lr);
/*
 * rules_apply() when the pass is remembered (rs->memo): replayed, without
 * forking, and 1 returned; else nothing is done and 0 is returned. It may be
 * called while other threads run (course_check.c does, to report a lesson
 * as soon as its blocks are done); rules_apply() may not, as it forks.
 */
int rules_apply_known(const struct ruleset *rs, struct lesson_result *lr);

#endif
