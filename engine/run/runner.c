/*
 * runner.c: translation units, the compiler, and execution.
 *
 * Each block is built in a work folder of its own, and each run of it is
 * made in another, new one: the sandbox's folders, which litlab reaches
 * through their descriptors only (fs.h). Nothing is ever written into a
 * folder after a program ran there (stdin goes through a sealed memory
 * file), and what is read back from one is checked to be a regular file
 * and bounded. Programs and the compiler see small fixed environments, so
 * that their output does not depend on who runs litlab.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/embedded.h"
#include "run/console.h"
#include "base/fs.h"
#include "lesson/lessonfiles.h"
#include "run/runner.h"
#include "base/strvec.h"

extern char **environ;

/* engine/include/litlab.h, embedded at build time (engine/embed-file.sh). */

int runner_init(struct runner *r, char **err)
{
	const char *cc = getenv("CC");

	memset(r, 0, sizeof *r);
	r->cc = xstrdup(cc && *cc ? cc : "cc");
	if (strvec_split(&r->cc_argv, r->cc) < 0 || r->cc_argv.n == 0) {
		*err = xasprintf("CC='%s' is not a command: set CC to a C compiler, e.g. CC=cc", r->cc);
		runner_release(r);
		return -1;
	}
	char *found = path_lookup(r->cc_argv.v[0], getenv("PATH"));
	if (!found) {
		*err = xasprintf("no C compiler: '%s' is not found in PATH (install gcc, or set CC)",
				 r->cc_argv.v[0]);
		runner_release(r);
		return -1;
	}
	/*
	 * The sandbox runs the compiler by this path; one outside the system
	 * folders is shown to it (and what its link names). What it needs beside
	 * itself must be named in LITLAB_SANDBOX_PATHS.
	 */
	char *abs = found[0] == '/' ? xstrdup(found) : realpath(found, NULL);
	if (abs && !sandbox_shows(abs)) {
		sandbox_show(abs);
		char *real = realpath(abs, NULL);
		if (real)
			sandbox_show(real);
		free(real);
	}
	r->cc_path = abs ? abs : xstrdup(found);
	free(found);
	return 0;
}

const struct envinfo *runner_env_memo(struct runner *r, const struct envinfo_memo *memo)
{
	if (!r->have_env) {
		envinfo_capture_memo(&r->env, r->cc, memo);
		r->have_env = 1;
	}
	if (!r->isolation)
		runner_set_isolation(r, sandbox_isolation());
	return &r->env;
}

const struct envinfo *runner_env(struct runner *r)
{
	return runner_env_memo(r, NULL);
}

struct evidence_context runner_context(const struct runner *r)
{
	struct evidence_context ctx = { NULL, NULL, NULL };

	if (r) {
		ctx.cc = r->cc;
		ctx.env = r->have_env ? &r->env : NULL;
		ctx.isolation = runner_isolation(r);
	}
	return ctx;
}

const char *runner_isolation(const struct runner *r)
{
	return r->isolation ? r->isolation : sandbox_isolation();
}

void runner_set_isolation(struct runner *r, const char *iso)
{
	char *own = xstrdup(iso);

	free(r->isolation_own);
	r->isolation_own = own;
	r->isolation = own;
}

void runner_release(struct runner *r)
{
	if (r->have_env)
		envinfo_release(&r->env);
	free(r->cc);
	strvec_clear(&r->cc_argv);
	strvec_clear(&r->sys_inc);
	strvec_clear(&r->sys_lib);
	free(r->cc_path);
	free(r->isolation_own);
	memset(r, 0, sizeof *r);
}

void runner_line_directive(struct buf *tu, int line, const char *path)
{
	buf_addf(tu, "#line %d \"", line);
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if (*p == '"' || *p == '\\')
			buf_addc(tu, '\\');
		if (*p < 0x20 || *p == 0x7f)
			buf_addf(tu, "\\%03o", *p); /* a newline in a path would end the directive */
		else
			buf_addc(tu, (char)*p);
	}
	buf_adds(tu, "\"\n");
}

static void add_code(struct buf *tu, struct lesson *l, struct block *b)
{
	runner_line_directive(tu, b->line + 1, l->path);
	buf_add(tu, b->code, b->code_len);
	if (b->code_len && b->code[b->code_len - 1] != '\n')
		buf_addc(tu, '\n');
}

void runner_translation_unit(struct lesson *l, struct block *b, struct buf *tu)
{
	if (b->mode == MODE_SESSION)
		return; /* its commands are keyed apart (console_key()), its expected output not at all */
	for (size_t i = 0; i < b->ndeps; i++)
		add_code(tu, l, &l->blocks[b->deps[i]]);
	add_code(tu, l, b);
}

/*
 * The fixed environment of every program. Sanitized builds do not look
 * for leaks (lesson programs often exit without freeing, and LeakSanitizer
 * needs ptrace) and report everything else on stderr, without colour.
 */
char **runner_program_env(const struct sandbox_folder *f, int sanitized)
{
	char **env = xcalloc(8, sizeof *env);

	env[0] = xstrdup("PATH=" PROGRAM_PATH);
	env[1] = xasprintf("HOME=%s", f->path);
	env[2] = xasprintf("TMPDIR=%s", f->tmp);
	env[3] = xstrdup("LANG=C.UTF-8");
	env[4] = xstrdup("TZ=UTC");
	if (sanitized) {
		env[5] = xstrdup("ASAN_OPTIONS=detect_leaks=0:abort_on_error=0:color=never");
		env[6] = xstrdup("UBSAN_OPTIONS=print_stacktrace=0:color=never");
	}
	return env;
}

char **runner_compiler_env(const struct sandbox_folder *f)
{
	char **env = xcalloc(5, sizeof *env);

	env[0] = xstrdup("PATH=" PROGRAM_PATH);
	env[1] = xasprintf("HOME=%s", f->path);
	env[2] = xasprintf("TMPDIR=%s", f->tmp);
	env[3] = xstrdup("LC_ALL=C");
	return env;
}

void runner_free_env(char **env)
{
	for (size_t i = 0; env[i]; i++)
		free(env[i]);
	free(env);
}

static void join_words(struct buf *out, char **w, size_t n)
{
	for (size_t i = 0; i < n; i++)
		buf_addf(out, "%s%s", out->len ? " " : "", w[i]);
}

int runner_sanitizes(const struct runner *r, const struct block *b)
{
	return r->sanitize && b->mode == MODE_RUN;
}

/* The most litlab reads of a dependency list (the compiler writes it; a program could not). */
#define DEPS_MAX (4u << 20)

/*
 * A set of strings (open addressing on FNV-1a), so that the lists of files
 * and folders are kept without repeats in time linear in their length: a
 * lesson decides how many files its build reads (.incbin) and how many
 * folders it searches (-I), and a search of the list for each would be
 * quadratic, or worse for the folders (files times folders searched).
 */
struct strset {
	char **v; /* not owned: the lists' strings */
	size_t n, alloc;
};

static size_t strset_hash(const char *s, size_t len)
{
	uint64_t h = 14695981039346656037ULL;

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
	return (size_t)h;
}

/* The slot of s[0..len) in set: where it is, or the empty one where it would go. */
static char **strset_slot(char **v, size_t alloc, const char *s, size_t len)
{
	size_t i = strset_hash(s, len) & (alloc - 1);

	while (v[i] && !(strlen(v[i]) == len && memcmp(v[i], s, len) == 0))
		i = (i + 1) & (alloc - 1);
	return &v[i];
}

/* 1 if set holds s[0..len). */
static int strset_has(const struct strset *set, const char *s, size_t len)
{
	return set->alloc && *strset_slot(set->v, set->alloc, s, len);
}

/* Adds str (kept, not copied; not in set yet). */
static void strset_add(struct strset *set, char *str)
{
	if (2 * (set->n + 1) > set->alloc) {
		size_t grown = set->alloc ? 2 * set->alloc : 64;
		char **v = xcalloc(grown, sizeof *v);
		for (size_t i = 0; i < set->alloc; i++)
			if (set->v[i])
				*strset_slot(v, grown, set->v[i], strlen(set->v[i])) = set->v[i];
		free(set->v);
		set->v = v;
		set->alloc = grown;
	}
	*strset_slot(set->v, set->alloc, str, strlen(str)) = str;
	set->n++;
}

static void strset_of(struct strset *set, char **v, size_t n)
{
	memset(set, 0, sizeof *set);
	for (size_t i = 0; i < n; i++)
		if (!strset_has(set, v[i], strlen(v[i])))
			strset_add(set, v[i]);
}

static void strset_release(struct strset *set)
{
	free(set->v);
	memset(set, 0, sizeof *set);
}

/*
 * One word of a dependency list at *p, before end, as make reads it: "\\ ",
 * "\\<tab>" and "\\#" stand for the byte after the backslash, "$$" for "$",
 * a backslash before a newline is a blank. Into word; *p is left at the
 * blank or newline after it. -1 when the word holds a byte the list cannot
 * say unambiguously (another backslash, a lone "$"): the compiler writes
 * names as they are, and a backslash or a newline in a file's name would
 * make the list read as other files.
 */
static int deps_word(const char **p, const char *end, struct buf *word)
{
	for (; *p < end; (*p)++) {
		char c = **p;
		if (c == '\\' && *p + 1 < end && (*p)[1] == '\n')
			return 0;
		if ((c == '\\' && *p + 1 < end && ((*p)[1] == ' ' || (*p)[1] == '\t' || (*p)[1] == '#')) ||
		    (c == '$' && *p + 1 < end && (*p)[1] == '$')) {
			buf_addc(word, *++(*p));
			continue;
		}
		if (c == '\\' || c == '$')
			return -1;
		if (c == ' ' || c == '\t' || c == '\n')
			return 0;
		buf_addc(word, c);
	}
	return 0;
}

/*
 * Reads a dependency list the compiler or the linker wrote into the build
 * folder (make syntax: "prog: a.c b.h \", blanks escaped with a
 * backslash) into ev->deps: the absolute paths of files the sandbox shows
 * from the host. What is in the folder (the translation unit, litlab.h) is
 * keyed apart; what else a launch saw (its /tmp, /dev, /proc) is its own.
 * A compiler that failed may have written nothing: then there are none.
 * The list is one rule; after it come only the linker's empty rules
 * ("file:"), each for a file the rule named. A list that reads otherwise
 * (a name with a backslash, or a newline, which the compiler writes as it
 * is: "a\\nb.h" would read as "a", and the file's changes would go
 * unnoticed) sets ev->deps_unknown: such evidence is not cached.
 */
static void read_deps(struct evidence *ev, int dirfd, const char *name)
{
	char *text;
	size_t len;
	struct buf word = BUF_INIT;
	struct strvec named = STRVEC_INIT; /* every file the rule names */
	struct strset kept;
	int unknown = 0;

	if (fs_read(dirfd, name, DEPS_MAX, &text, &len) < 0)
		return;
	strset_of(&kept, ev->deps, ev->ndeps);
	const char *end = text + len, *p = memchr(text, ':', len); /* after the target */
	if (memchr(text, '\0', len))
		unknown = 1;
	for (p = p ? p + 1 : end; !unknown && p < end && *p != '\n';) {
		if (*p == ' ' || *p == '\t') {
			p++;
			continue;
		}
		if (*p == '\\' && p + 1 < end && p[1] == '\n') {
			p += 2;
			continue;
		}
		buf_reset(&word);
		if (deps_word(&p, end, &word) < 0 || (word.len && word.p[word.len - 1] == ':')) {
			unknown = 1;
			break;
		}
		strvec_push(&named, word.p);
		if (word.len > 1 && word.p[0] == '/' && !strset_has(&kept, word.p, word.len) && sandbox_shows(word.p)) {
			ev->deps = xreallocarray(ev->deps, ev->ndeps + 1, sizeof *ev->deps);
			ev->deps[ev->ndeps++] = xstrdup(word.p);
			strset_add(&kept, ev->deps[ev->ndeps - 1]);
		}
	}
	/* The rest: empty lines, and empty rules for files the rule named. */
	struct strset rule;
	strset_of(&rule, named.v, named.n);
	while (!unknown && p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *eol = nl ? nl : end;
		if (eol > p) {
			buf_reset(&word);
			const char *q = p;
			int known = deps_word(&q, eol - 1, &word) == 0 && q == eol - 1 && eol[-1] == ':' && word.len;
			unknown = !known || !strset_has(&rule, word.p, word.len);
		}
		p = nl ? nl + 1 : end;
	}
	if (unknown)
		ev->deps_unknown = 1;
	strset_release(&kept);
	strset_release(&rule);
	strvec_clear(&named);
	buf_release(&word);
	free(text);
}

/* Adds dir[0..len) to ev->dirs unless it is there (have: the set of ev->dirs). */
static void add_dir(struct evidence *ev, struct strset *have, const char *dir, size_t len)
{
	while (len > 1 && dir[len - 1] == '/')
		len--;
	if (len == 0 || dir[0] != '/')
		return; /* a relative folder is in the work folder, which is in the key */
	if (strset_has(have, dir, len))
		return;
	ev->dirs = xreallocarray(ev->dirs, ev->ndirs + 1, sizeof *ev->dirs);
	ev->dirs[ev->ndirs++] = xstrndup(dir, len);
	strset_add(have, ev->dirs[ev->ndirs - 1]);
}

/* path with its "." and ".." parts resolved as words (no link followed), and no trailing '/'. */
static char *lexical(const char *path)
{
	struct strvec parts = STRVEC_INIT;
	struct buf b = BUF_INIT;

	for (const char *p = path; *p;) {
		size_t n = strcspn(p, "/");
		if (n == 2 && p[0] == '.' && p[1] == '.') {
			if (parts.n)
				strvec_remove(&parts, parts.n - 1);
		} else if (n && !(n == 1 && p[0] == '.')) {
			strvec_push_nodup(&parts, xstrndup(p, n));
		}
		p += n;
		while (*p == '/')
			p++;
	}
	for (size_t i = 0; i < parts.n; i++)
		buf_addf(&b, "/%s", parts.v[i]);
	strvec_clear(&parts);
	return b.len ? buf_detach(&b, NULL) : (buf_release(&b), xstrdup("/"));
}

/* Appends the folders flags name with one of opts (-I DIR, -IDIR) to list, lexically. */
static void flag_dirs(struct strvec *list, const struct strvec *flags, const char *const *opts, size_t nopts)
{
	for (size_t i = 0; flags && i < flags->n; i++) {
		for (size_t k = 0; k < nopts; k++) {
			size_t n = strlen(opts[k]);
			if (strncmp(flags->v[i], opts[k], n) != 0)
				continue;
			const char *dir = flags->v[i][n] ? flags->v[i] + n : i + 1 < flags->n ? flags->v[i + 1] : "";
			if (dir[0] == '/')
				strvec_push_nodup(list, lexical(dir));
			break;
		}
	}
}

/*
 * For each file read, DIR/REL/NAME found in the search folder DIR, the folders
 * EARLIER/REL of every search folder before DIR: a NAME put there later would
 * be found first. Those that do not exist are watched too (made later, they
 * shadow as well), with the search folders themselves (a header missing at
 * the build that appears there later).
 */
static void shadow_dirs(struct evidence *ev, const struct strvec *list)
{
	struct strset have, seen; /* ev->dirs; the folders of files done (their places are the same) */

	strset_of(&have, ev->dirs, ev->ndirs);
	memset(&seen, 0, sizeof seen);
	for (size_t i = 0; i < list->n; i++)
		add_dir(ev, &have, list->v[i], strlen(list->v[i]));
	for (size_t d = 0; d < ev->ndeps; d++) {
		char *dep = lexical(ev->deps[d]);
		/* Files of one folder add the same places: each folder once. */
		size_t folder = (size_t)(strrchr(dep, '/') - dep);
		if (strset_has(&seen, dep, folder)) {
			free(dep);
			continue;
		}
		strset_add(&seen, xstrndup(dep, folder));
		for (size_t s = 0; s < list->n; s++) {
			size_t n = strlen(list->v[s]);
			if (strncmp(dep, list->v[s], n) != 0 || dep[n] != '/')
				continue;
			/* (A file right in the search folder adds search folders, added above.) */
			const char *rel = dep + n + 1, *slash = strrchr(rel, '/');
			for (size_t e = 0; slash && e < s; e++) {
				char *where = xasprintf("%s/%.*s", list->v[e], (int)(slash - rel), rel);
				add_dir(ev, &have, where, strlen(where));
				free(where);
			}
			break;
		}
		free(dep);
	}
	for (size_t i = 0; i < seen.alloc; i++)
		free(seen.v[i]);
	strset_release(&seen);
	strset_release(&have);
}

/*
 * ev->dirs: where a file the compiler or linker would now find first could
 * appear (runner.h): the search lists in order (the flags' folders, then
 * the compiler's own, as it reported them, else the usual ones), and for
 * every file read, the same place below each folder searched before its own.
 */
static void search_dirs(const struct runner *r, struct evidence *ev, const struct strvec *flags)
{
	static const char *const quote[] = { "-iquote" }, *const inc[] = { "-I" }, *const sys[] = { "-isystem" },
				 *const after[] = { "-idirafter" }, *const libs[] = { "-L" };
	static const char *const usual_inc[] = { "/usr/local/include", "/usr/include" };
	static const char *const usual_lib[] = { "/usr/local/lib", "/usr/lib" };
	struct strvec inc_list = STRVEC_INIT, lib_list = STRVEC_INIT;

	flag_dirs(&inc_list, flags, quote, 1);
	flag_dirs(&inc_list, flags, inc, 1);
	flag_dirs(&inc_list, flags, sys, 1);
	for (size_t i = 0; i < r->sys_inc.n; i++)
		strvec_push_nodup(&inc_list, lexical(r->sys_inc.v[i]));
	for (size_t i = 0; !r->sys_inc.n && i < ARRAY_LEN(usual_inc); i++)
		strvec_push(&inc_list, usual_inc[i]);
	flag_dirs(&inc_list, flags, after, 1);
	flag_dirs(&lib_list, flags, libs, 1);
	for (size_t i = 0; i < r->sys_lib.n; i++)
		strvec_push_nodup(&lib_list, lexical(r->sys_lib.v[i]));
	for (size_t i = 0; !r->sys_lib.n && i < ARRAY_LEN(usual_lib); i++)
		strvec_push(&lib_list, usual_lib[i]);
	shadow_dirs(ev, &inc_list);
	shadow_dirs(ev, &lib_list);
	strvec_clear(&inc_list);
	strvec_clear(&lib_list);
}

void runner_compile_limits(struct limits *lim)
{
	memset(lim, 0, sizeof *lim);
	lim->wall_s = COMPILE_TIMEOUT_S;
	lim->cpu_s = (long)COMPILE_TIMEOUT_S;
	lim->mem_bytes = COMPILE_MEM_BYTES;
	lim->fsize_bytes = COMPILE_FSIZE_BYTES;
	lim->nofile = COMPILE_NOFILE;
	lim->output_cap = OUTPUT_CAP;
}

void runner_program_limits(struct limits *lim, const struct block *b, int sanitized)
{
	memset(lim, 0, sizeof *lim);
	lim->wall_s = b->timeout;
	lim->cpu_s = (long)ceil(b->timeout) + 1;
	/* AddressSanitizer reserves terabytes of address space: no RLIMIT_AS for it (tier A's
	   memory cgroup, which counts what is resident, still holds). */
	lim->mem_bytes = PROGRAM_MEM_BYTES;
	lim->wide_address_space = sanitized;
	lim->fsize_bytes = PROGRAM_FSIZE_BYTES;
	lim->nofile = PROGRAM_NOFILE;
	lim->output_cap = OUTPUT_CAP;
}

enum compile_stop { STOP_NONE, STOP_MEMORY, STOP_PROCESSES, STOP_CPU, STOP_FSIZE, STOP_KILLED, STOP_DISK, STOP_FILES };

/*
 * What a compiler, its driver or the linker says when one of our rlimits
 * stops it: under RLIMIT_AS a compiler does not die, its allocation fails and
 * it says so ("cc1: out of memory allocating N bytes", "virtual memory
 * exhausted: Cannot allocate memory", "LLVM ERROR: out of memory"); a part
 * killed by a signal is reported by the driver ("cc: fatal error: Killed
 * signal terminated program cc1"). Each is what a message starts with, once
 * the program's name and its severity are taken off.
 */
static const struct {
	const char *start;
	enum compile_stop stop;
} stop_starts[] = {
	{ "out of memory", STOP_MEMORY },
	{ "virtual memory exhausted", STOP_MEMORY },
	{ "memory exhausted", STOP_MEMORY },
	{ "LLVM ERROR: out of memory", STOP_MEMORY },
	{ "terminate called after throwing an instance of 'std::bad_alloc'", STOP_MEMORY },
	{ "Killed signal terminated program", STOP_KILLED },
	{ "CPU time limit exceeded", STOP_CPU },
	{ "File size limit exceeded", STOP_FSIZE },
};

/*
 * Reports that name another program, then how it ended ("collect2: fatal
 * error: ld terminated with signal 25 [File size limit exceeded]", "clang:
 * error: unable to execute command: Killed", "cc: fatal error: cannot
 * execute 'cc1': posix_spawn: Cannot allocate memory"): a message that
 * starts with one of these, or has the first one in it, ends with a stop.
 */
static const char *const report_leads[] = { " terminated with signal ", "unable to execute command: ",
					    "cannot execute " };
static const struct {
	const char *end;
	enum compile_stop stop;
} report_ends[] = {
	{ "Killed", STOP_KILLED },
	{ "Killed]", STOP_KILLED },
	{ "CPU time limit exceeded", STOP_CPU },
	{ "CPU time limit exceeded]", STOP_CPU },
	{ "File size limit exceeded", STOP_FSIZE },
	{ "File size limit exceeded]", STOP_FSIZE },
	{ "Cannot allocate memory", STOP_MEMORY },
};

static int starts_with(const char *s, size_t len, const char *prefix)
{
	size_t n = strlen(prefix);

	return len >= n && memcmp(s, prefix, n) == 0;
}

/*
 * Takes off what comes before a program's message about itself: its name
 * ("cc1: ", "/usr/bin/ld: ": a word without blanks or colons) and severity
 * ("fatal error: "); returns how many it took off. A diagnostic about the code keeps its "x.c:3:5: " (a
 * colon inside), and gcc indents the code it quotes; clang quotes it as it
 * is, but a C line that starts "label: " goes on with code, not with these.
 */
static int strip_program(const char **s, size_t *len)
{
	for (int stripped = 0;; stripped++) {
		size_t n = 0;
		while (n < *len && (*s)[n] != ':' && (*s)[n] != ' ' && (*s)[n] != '\t')
			n++;
		if (starts_with(*s, *len, "fatal error: "))
			n = strlen("fatal error");
		if (n == 0 || n + 2 > *len || (*s)[n] != ':' || (*s)[n + 1] != ' ')
			return stripped;
		*s += n + 2;
		*len -= n + 2;
	}
}

/* The limit a line of the compiler's output names, or STOP_NONE. */
static enum compile_stop stop_in_line(const char *line, size_t len)
{
	const char *s = line;
	int named = strip_program(&s, &len);

	for (size_t i = 0; i < ARRAY_LEN(stop_starts); i++)
		if (starts_with(s, len, stop_starts[i].start))
			return stop_starts[i].stop;
	for (size_t i = 0; named && i < ARRAY_LEN(report_leads); i++) {
		int found = i == 0 ? memmem(s, len, report_leads[i], strlen(report_leads[i])) != NULL
				   : starts_with(s, len, report_leads[i]);
		if (!found)
			continue;
		for (size_t k = 0; k < ARRAY_LEN(report_ends); k++) {
			size_t n = strlen(report_ends[k].end);
			if (len >= n && memcmp(s + len - n, report_ends[k].end, n) == 0)
				return report_ends[k].stop;
		}
	}
	return STOP_NONE;
}

/* The first limit the compiler's output names, with *at and *at_len its line. */
static enum compile_stop stop_in_log(const char *log, size_t len, const char **at, size_t *at_len)
{
	for (const char *line = log, *end = log + len; line < end;) {
		const char *nl = memchr(line, '\n', (size_t)(end - line));
		size_t n = nl ? (size_t)(nl - line) : (size_t)(end - line);
		enum compile_stop stop = stop_in_line(line, n);
		if (stop != STOP_NONE) {
			*at = line;
			*at_len = n;
			return stop;
		}
		line = nl ? nl + 1 : end;
	}
	return STOP_NONE;
}

const char *runner_compile_limit(enum launch_end end, int signo, const char *limit, const char *log, size_t len,
				 char **what)
{
	enum compile_stop stop = STOP_NONE;
	const char *at = NULL;
	size_t at_len = 0;
	const char *sig = "";

	*what = NULL;
	switch (end) {
	case END_TIMEOUT:
		*what = xasprintf("took longer than %.0f s and was stopped", COMPILE_TIMEOUT_S);
		return "timeout";
	case END_OUTPUT_LIMIT:
		*what = xasprintf("printed more than its output limit (%u bytes) and was stopped", OUTPUT_CAP);
		return "resource-limit";
	case END_SIGNALED:
	case END_EXITED:
		/* The sandbox knows a limit of its own (tier A's cgroups), whether the driver
		   was killed with the launch or reports a part killed; else the signal that
		   killed the driver says which rlimit, or the compiler's own words do. */
		if (end == END_EXITED)
			stop = stop_in_log(log, len, &at, &at_len);
		if (limit && strcmp(limit, "memory") == 0)
			stop = STOP_MEMORY;
		else if (limit && strcmp(limit, "processes") == 0)
			stop = STOP_PROCESSES;
		else if (limit && strcmp(limit, "disk") == 0)
			stop = STOP_DISK;
		else if (limit && strcmp(limit, "files") == 0)
			stop = STOP_FILES;
		else if (end == END_SIGNALED && signo == SIGXCPU)
			stop = STOP_CPU;
		else if (end == END_SIGNALED && signo == SIGXFSZ)
			stop = STOP_FSIZE;
		else if (end == END_SIGNALED && signo == SIGKILL)
			stop = STOP_KILLED;
		if (end == END_SIGNALED)
			sig = signo == SIGXCPU ? "; SIGXCPU" : signo == SIGXFSZ ? "; SIGXFSZ" : signo == SIGKILL ? "; SIGKILL" : "";
		break;
	case END_LAUNCH_FAILED:
		break;
	}
	if (stop == STOP_NONE)
		return NULL;

	struct buf b = BUF_INIT;
	const char *rule = "resource-limit";
	switch (stop) {
	case STOP_MEMORY:
		buf_addf(&b, "passed its memory limit (%lld GiB%s)", COMPILE_MEM_BYTES >> 30, sig);
		break;
	case STOP_PROCESSES:
		buf_addf(&b, "passed its process limit (%d)", SANDBOX_NPROC);
		break;
	case STOP_CPU: /* as for programs: a time limit, if not the wall clock's */
		buf_addf(&b, "passed its CPU time limit (%.0f s%s)", COMPILE_TIMEOUT_S, sig);
		rule = "timeout";
		break;
	case STOP_FSIZE:
		buf_addf(&b, "passed its file-size limit (%lld MiB%s)", COMPILE_FSIZE_BYTES >> 20, sig);
		break;
	case STOP_DISK:
		buf_addf(&b, "filled its work folder or /tmp (raise disk= if it needs more)");
		break;
	case STOP_FILES:
		buf_addf(&b, "made as many files as its work folder or /tmp holds (raise files= if it needs more)");
		break;
	case STOP_KILLED: /* not our wall clock (that is END_TIMEOUT): the kernel, short of memory */
		buf_addf(&b, "was killed (SIGKILL): out of memory, most likely (its memory limit is %lld GiB)",
			 COMPILE_MEM_BYTES >> 30);
		break;
	case STOP_NONE:
		break;
	}
	if (at)
		buf_addf(&b, ": %.*s", (int)at_len, at);
	*what = buf_detach(&b, NULL);
	return rule;
}

char *runner_limit_text(const char *limit, const struct block *b)
{
	struct folder_limits lim;

	runner_folder_limits(&lim, b);
	if (strcmp(limit, "memory") == 0)
		return xasprintf("passed its memory limit (%lld GiB) and was killed", PROGRAM_MEM_BYTES >> 30);
	if (strcmp(limit, "processes") == 0)
		return xasprintf("passed its process limit (%d processes and threads)", SANDBOX_NPROC);
	if (strcmp(limit, "disk") == 0)
		return xasprintf("filled its work folder or /tmp (%lld MiB; raise disk= if it needs more)",
				 lim.bytes >> 20);
	if (strcmp(limit, "files") == 0)
		return xasprintf("made as many files as its work folder or /tmp holds (%ld; raise files= if it needs "
				 "more)",
				 lim.files);
	return xasprintf("passed its %s limit", limit);
}

void runner_folder_limits(struct folder_limits *lim, const struct block *b)
{
	lim->bytes = b && b->disk ? b->disk : SANDBOX_FOLDER_BYTES;
	lim->files = b && b->files ? b->files : SANDBOX_FOLDER_FILES;
}

int runner_build_open(struct runner_build *bd, const struct folder_limits *lim, char **err)
{
	memset(bd, 0, sizeof *bd);
	bd->dir.fd = -1;
	if (lim)
		bd->lim = *lim;
	else
		runner_folder_limits(&bd->lim, NULL);
	return sandbox_folder_make(&bd->dir, &bd->lim, err);
}

int runner_build_put(struct runner_build *bd, const char *name, const void *data, size_t len, char **err)
{
	if (strchr(name, '/') || fs_replace(bd->dir.fd, name, data, len, 0644, 0) < 0) {
		*err = xasprintf("cannot write '%s' into the build folder: %s", name, fs_strerror(errno));
		return -1;
	}
	return 0;
}

void runner_build_quote(struct runner_build *bd, const char *path, const void *data, size_t len)
{
	const char *slash = strrchr(path, '/');

	if (!*path || path[0] == '/' || strstr(path, "..") || strcmp(path, ".deps") == 0 || !strchr(path, '/'))
		return; /* a plain name could clash with the build's own files */
	char *dir = xstrndup(path, (size_t)(slash - path));
	int dfd = fs_mkdirs(bd->dir.fd, dir, 0755);
	if (dfd >= 0) {
		if (fs_replace(dfd, slash + 1, data, len, 0644, 0) < 0)
			errno = 0; /* the compiler then quotes nothing: as before */
		close(dfd);
	}
	free(dir);
}

/* Writes data at path below dirfd, making the folders on its way (no link followed). */
static int put_path(int dirfd, const char *path, const void *data, size_t len, char **err)
{
	const char *slash = strrchr(path, '/');
	int dfd = dirfd;

	if (slash) {
		char *dir = xstrndup(path, (size_t)(slash - path));
		dfd = fs_mkdirs(dirfd, dir, 0755);
		free(dir);
	}
	if (dfd < 0 || fs_replace(dfd, slash ? slash + 1 : path, data, len, 0644, 0) < 0) {
		*err = xasprintf("cannot write '%s' into the work folder: %s", path, fs_strerror(errno));
		if (slash && dfd >= 0)
			close(dfd);
		return -1;
	}
	if (slash)
		close(dfd);
	return 0;
}

int runner_build_put_path(struct runner_build *bd, const char *path, const void *data, size_t len, char **err)
{
	return put_path(bd->dir.fd, path, data, len, err);
}

void runner_build_release(struct runner_build *bd)
{
	sandbox_folder_release(&bd->dir);
	memset(bd, 0, sizeof *bd);
	bd->dir.fd = -1;
}

/* One launch of the compiler in bd with words; ev's compile fields filled in. */
static int compile_launch(struct runner_build *bd, char **argv, struct evidence *ev)
{
	char **env = runner_compiler_env(&bd->dir);
	struct launch la = {
		.argv = argv,
		.work = &bd->dir,
		.envp = env,
	};
	runner_compile_limits(&la.lim);
	struct launch_result res;
	launch_result_init(&res);
	struct timespec began;
	if (!ev->built_ns && clock_gettime(CLOCK_REALTIME, &began) == 0)
		ev->built_ns = (long long)began.tv_sec * 1000000000LL + began.tv_nsec;
	int rc = sandbox_launch(&la, &res);
	ev->compiled = 1;
	ev->compile_end = res.end;
	ev->compile_signo = res.signo;
	ev->compile_limit = res.limit;
	buf_reset(&ev->compile_log);
	buf_add(&ev->compile_log, res.out.p, res.out.len);
	buf_add(&ev->compile_log, res.err.p, res.err.len);
	if (rc < 0)
		buf_addf(&ev->compile_log, "litlab: %s\n", res.error);
	ev->compile_ok = rc == 0 && res.end == END_EXITED && res.exit_code == 0;
	launch_result_release(&res);
	runner_free_env(env);
	return rc;
}

/* Copies the files litlab put in bd (regular files, none of the compiler's outputs) into to. */
static void copy_sources(struct runner_build *bd, struct runner_build *to)
{
	int lfd = openat(bd->dir.fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = lfd >= 0 ? fdopendir(lfd) : NULL;
	char *err = NULL;

	if (!d) {
		if (lfd >= 0)
			close(lfd);
		return;
	}
	for (struct dirent *e; (e = readdir(d));) {
		char *text;
		size_t len;
		if (e->d_name[0] == '.' || strcmp(e->d_name, "prog") == 0 || strcmp(e->d_name, "prog.o") == 0)
			continue;
		if (fs_read(bd->dir.fd, e->d_name, 64u << 20, &text, &len) == 0) {
			runner_build_put(to, e->d_name, text, len, &err);
			free(err);
			err = NULL;
			free(text);
		}
	}
	closedir(d);
}

int runner_build_compile(struct runner *r, struct runner_build *bd, const struct strvec *flags, const char *source,
			 int link, const struct strvec *libs, struct evidence *ev)
{
	struct strvec argv = STRVEC_INIT;
	struct buf joined = BUF_INIT;

	for (size_t i = 0; i < r->cc_argv.n; i++)
		strvec_push(&argv, i == 0 && r->cc_path ? r->cc_path : r->cc_argv.v[i]);
	if (flags) {
		strvec_pushv(&argv, flags->v, flags->n);
		join_words(&joined, flags->v, flags->n);
	}
	free(ev->cflags);
	ev->cflags = buf_detach(&joined, NULL);
	strvec_push(&argv, "-I.");
	/* The files it reads, for the evidence cache's key (read_deps()). */
	strvec_push(&argv, "-MD");
	strvec_push(&argv, "-MF");
	strvec_push(&argv, ".deps");
	size_t asm_deps = argv.n; /* what the assembler reads (.incbin), GNU as 2.36 and later */
	if (!r->no_asm_deps)
		strvec_push(&argv, "-Wa,--MD,.adeps");
	if (!link)
		strvec_push(&argv, "-c");
	strvec_push(&argv, "-o");
	strvec_push(&argv, link ? "prog" : "prog.o");
	strvec_pushf(&argv, "./%s", source); /* "./": a name may start with '-' */
	if (link && libs)
		strvec_pushv(&argv, libs->v, libs->n);
	/* Last: the linker keeps the last such option, and the lesson's words come before. */
	size_t linker_deps = argv.n;
	if (link && !r->no_linker_deps)
		strvec_push(&argv, "-Wl,--dependency-file=.ldeps");

	compile_launch(bd, argv.v, ev);
	/*
	 * A linker without --dependency-file (before binutils 2.35, or another
	 * linker), or an assembler without --MD (clang's own), refuses the whole
	 * build: it is built again without them, and if that build succeeds, the
	 * tool lacks the option and is never asked for it again (its inputs are
	 * then not part of the key). The words alone decide nothing: a lesson's
	 * own error may say "--MD" (an #error, a compile-fail block), and must
	 * not turn the lists off for the blocks after it.
	 */
	int drop_ld = link && !r->no_linker_deps && memmem(ev->compile_log.p, ev->compile_log.len, "dependency-file", 15);
	int drop_as = !r->no_asm_deps && memmem(ev->compile_log.p, ev->compile_log.len, "--MD", 4);
	if (!ev->compile_ok && !r->dep_options_known && (drop_ld || drop_as)) {
		if (drop_ld)
			strvec_remove(&argv, linker_deps);
		if (drop_as)
			strvec_remove(&argv, asm_deps);
		struct runner_build again;
		char *err = NULL;
		if (runner_build_open(&again, &bd->lim, &err) == 0) { /* a folder serves one launch */
			copy_sources(bd, &again);
			runner_build_release(bd);
			*bd = again;
			compile_launch(bd, argv.v, ev);
			if (ev->compile_ok && drop_ld)
				r->no_linker_deps = 1;
			if (ev->compile_ok && drop_as)
				r->no_asm_deps = 1;
		}
		free(err);
	}
	read_deps(ev, bd->dir.fd, ".deps");
	read_deps(ev, bd->dir.fd, ".adeps");
	if (link)
		read_deps(ev, bd->dir.fd, ".ldeps");
	search_dirs(r, ev, flags);
	strvec_clear(&argv);
	bd->built = ev->compile_ok && link;
	return ev->compile_ok ? 0 : -1;
}

/* Appends a space and s as one word for sh. */
static void sh_word(struct buf *b, const char *s)
{
	buf_addc(b, ' ');
	buf_add_sh_quoted(b, s);
}

static void sh_words(struct buf *b, const struct runner *r, const struct strvec *flags)
{
	for (size_t i = 0; i < r->cc_argv.n; i++)
		sh_word(b, i == 0 && r->cc_path ? r->cc_path : r->cc_argv.v[i]);
	for (size_t i = 0; flags && i < flags->n; i++)
		sh_word(b, flags->v[i]);
}

/* "x.c" -> "x.o" (malloc'd). */
static char *object_name(const char *unit)
{
	size_t n = strlen(unit);
	char *o = xstrdup(unit);

	if (n > 2 && strcmp(o + n - 2, ".c") == 0)
		o[n - 1] = 'o';
	return o;
}

/* The script that compiles units one by one, then links them; asm_deps, ld_deps: ask for the lists. */
static char *units_script(const struct runner *r, const struct strvec *flags, const struct strvec *units, int link,
			  const struct strvec *libs, int asm_deps, int ld_deps)
{
	struct buf sc = BUF_INIT;

	buf_adds(&sc, "st=0\n");
	for (size_t k = 0; k < units->n; k++) {
		char *obj = object_name(units->v[k]);
		char deps[48];
		snprintf(deps, sizeof deps, ".deps-%zu", k);
		buf_adds(&sc, "command");
		sh_words(&sc, r, flags);
		sh_word(&sc, "-I.");
		sh_word(&sc, "-MD");
		sh_word(&sc, "-MF");
		sh_word(&sc, deps);
		if (asm_deps) {
			snprintf(deps, sizeof deps, "-Wa,--MD,.adeps-%zu", k);
			sh_word(&sc, deps);
		}
		sh_word(&sc, "-c");
		sh_word(&sc, "-o");
		sh_word(&sc, obj);
		char *src = xasprintf("./%s", units->v[k]);
		sh_word(&sc, src);
		buf_adds(&sc, " || st=1\n");
		free(src);
		free(obj);
	}
	if (link) {
		buf_adds(&sc, "[ \"$st\" = 0 ] || exit 1\nexec");
		sh_words(&sc, r, flags);
		sh_word(&sc, "-o");
		sh_word(&sc, "prog");
		for (size_t k = 0; k < units->n; k++) {
			char *obj = object_name(units->v[k]);
			sh_word(&sc, obj);
			free(obj);
		}
		for (size_t i = 0; libs && i < libs->n; i++)
			sh_word(&sc, libs->v[i]);
		if (ld_deps) /* last: the linker keeps the last such option */
			sh_word(&sc, "-Wl,--dependency-file=.ldeps");
		buf_adds(&sc, "\n");
	} else {
		buf_adds(&sc, "exit \"$st\"\n");
	}
	return buf_detach(&sc, NULL);
}

int runner_build_compile_units(struct runner *r, struct runner_build *bd, const struct strvec *flags,
			       const struct strvec *units, int link, const struct strvec *libs, struct evidence *ev)
{
	struct buf joined = BUF_INIT;
	int asm_deps = !r->no_asm_deps, ld_deps = link && !r->no_linker_deps;

	if (flags)
		join_words(&joined, flags->v, flags->n);
	free(ev->cflags);
	ev->cflags = buf_detach(&joined, NULL);
	char *sc = units_script(r, flags, units, link, libs, asm_deps, ld_deps);
	char *argv[] = { "/bin/sh", "-c", sc, NULL };
	compile_launch(bd, argv, ev);
	free(sc);
	/* As runner_build_compile(): without the options only when the build then succeeds. */
	int drop_ld = ld_deps && memmem(ev->compile_log.p, ev->compile_log.len, "dependency-file", 15);
	int drop_as = asm_deps && memmem(ev->compile_log.p, ev->compile_log.len, "--MD", 4);
	if (!ev->compile_ok && !r->dep_options_known && (drop_ld || drop_as)) {
		struct runner_build again;
		char *err = NULL;
		if (runner_build_open(&again, &bd->lim, &err) == 0) { /* a folder serves one launch */
			copy_sources(bd, &again);
			runner_build_release(bd);
			*bd = again;
			sc = units_script(r, flags, units, link, libs, asm_deps && !drop_as, ld_deps && !drop_ld);
			argv[2] = sc;
			compile_launch(bd, argv, ev);
			free(sc);
			if (ev->compile_ok && drop_ld)
				r->no_linker_deps = 1;
			if (ev->compile_ok && drop_as)
				r->no_asm_deps = 1;
		}
		free(err);
	}
	for (size_t k = 0; k < units->n; k++) {
		char deps[48];
		snprintf(deps, sizeof deps, ".deps-%zu", k);
		read_deps(ev, bd->dir.fd, deps);
		snprintf(deps, sizeof deps, ".adeps-%zu", k);
		read_deps(ev, bd->dir.fd, deps);
	}
	if (link)
		read_deps(ev, bd->dir.fd, ".ldeps");
	search_dirs(r, ev, flags);
	bd->built = ev->compile_ok && link;
	return ev->compile_ok ? 0 : -1;
}

/* Copies bd's program into the run folder as name, executable. */
static int copy_program(struct runner_build *bd, struct sandbox_folder *run, const char *name, char **err)
{
	int in = fs_open_file(bd->dir.fd, "prog"), out = -1, rc = -1;
	struct stat st;

	if (in < 0 || fstat(in, &st) < 0) {
		*err = xasprintf("cannot read the program the compiler made: %s", fs_strerror(errno));
		goto done;
	}
	out = fs_create(run->fd, name, 0755);
	if (out < 0) {
		*err = xasprintf("cannot copy the program into its folder: %s", fs_strerror(errno));
		goto done;
	}
	for (off_t left = st.st_size; left > 0;) {
		ssize_t n = copy_file_range(in, NULL, out, NULL, (size_t)left, 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EXDEV || errno == ENOSYS || errno == EOPNOTSUPP || errno == EINVAL)) {
			char chunk[65536];
			n = read(in, chunk, sizeof chunk);
			if (n > 0 && write_all(out, chunk, (size_t)n) < 0)
				n = -1;
		}
		if (n <= 0) {
			*err = xasprintf("cannot copy the program into its folder: %s",
					 n < 0 ? strerror(errno) : "it got shorter");
			goto done;
		}
		left -= n;
	}
	rc = 0;
done:
	if (in >= 0)
		close(in);
	if (out >= 0)
		close(out);
	return rc;
}

int runner_build_run(struct runner_build *bd, const struct run_spec *rs, struct launch_result *res)
{
	struct sandbox_folder run;
	char *err = NULL;
	int rc = -1;

	int bad = sandbox_folder_make(&run, &bd->lim, &err) < 0;
	for (size_t i = 0; !bad && i < rs->nfiles; i++)
		bad = put_path(run.fd, rs->files[i].path, rs->files[i].data, rs->files[i].len, &err) < 0;
	if (bad || (!rs->argv && copy_program(bd, &run, rs->name, &err) < 0)) {
		res->end = END_LAUNCH_FAILED;
		res->error = err;
		sandbox_folder_release(&run);
		return -1;
	}
	struct strvec argv = STRVEC_INIT;
	if (!rs->argv)
		strvec_pushf(&argv, "./%s", rs->name);
	if (rs->args && !rs->argv)
		strvec_pushv(&argv, rs->args->v, rs->args->n);
	char **env = runner_program_env(&run, rs->sanitized);
	struct launch la = {
		.argv = rs->argv ? rs->argv : argv.v,
		.work = &run,
		.envp = env,
		.stdin_data = rs->stdin_data,
		.stdin_len = rs->stdin_len,
		.lim = rs->lim,
		.side_channel = rs->side_channel,
	};
	rc = sandbox_launch(&la, res);
	runner_free_env(env);
	strvec_clear(&argv);
	sandbox_folder_release(&run);
	return rc;
}

int runner_block_words(const struct runner *r, const struct lesson *l, const struct block *b, struct block_words *w)
{
	const char *lists[] = { l->cflags, b->cflags, block_executes(b) ? b->ldlibs : NULL, b->args };
	const char *names[] = { "the front matter's cflags", "cflags=", "ldlibs=", "args=" };
	struct strvec *into[] = { &w->flags, &w->flags, &w->libs, &w->args };

	memset(w, 0, sizeof *w);
	for (size_t k = 0; k < ARRAY_LEN(lists); k++) {
		char **err = into[k] == &w->args ? &w->run_error : &w->build_error;
		if (lists[k] && strvec_split(into[k], lists[k]) < 0 && !*err)
			*err = xasprintf("%s has an unclosed quote: '%s'", names[k], lists[k]);
	}
	w->sanitized = runner_sanitizes(r, b);
	if (w->sanitized) {
		strvec_push(&w->flags, "-fsanitize=address,undefined");
		strvec_push(&w->flags, "-fno-omit-frame-pointer");
		strvec_push(&w->flags, "-g");
	}
	return w->build_error || w->run_error ? -1 : 0;
}

int runner_run_words(const struct runner *r, const struct lesson *l, const struct block *b, struct block_words *w,
		     struct launch_result *res)
{
	runner_block_words(r, l, b, w);
	if (!w->run_error)
		return 0;
	res->end = END_LAUNCH_FAILED;
	res->error = w->run_error;
	w->run_error = NULL;
	runner_block_words_release(w);
	return -1;
}

void runner_block_words_release(struct block_words *w)
{
	strvec_clear(&w->flags);
	strvec_clear(&w->libs);
	strvec_clear(&w->args);
	free(w->build_error);
	free(w->run_error);
}

static int compile(struct runner *r, struct lesson *l, struct block *b, struct evidence *ev, struct runner_build *bd)
{
	struct block_words w;
	int rc = -1;
	char *source = xasprintf("%s.c", b->id);

	runner_block_words(r, l, b, &w);
	if (w.build_error) {
		ev->setup_error = w.build_error;
		w.build_error = NULL;
	} else if (b->nsources) {
		struct strvec units = STRVEC_INIT;
		if (lessonfiles_own_code(b))
			strvec_push(&units, source);
		strvec_pushv(&units, b->sources, b->nsources);
		int link = block_executes(b) || b->mode == MODE_COMPILE_FAIL;
		rc = runner_build_compile_units(r, bd, &w.flags, &units, link, &w.libs, ev);
		strvec_clear(&units);
	} else {
		rc = runner_build_compile(r, bd, &w.flags, source, block_executes(b), &w.libs, ev);
	}
	ev->sanitized = w.sanitized;
	runner_block_words_release(&w);
	free(source);
	return rc;
}

/* One run of b's program; res filled in. */
static int execute(struct runner *r, struct lesson *l, struct block *b, struct runner_build *bd,
		   struct launch_result *res)
{
	struct block_words w;
	struct run_spec rs;

	if (runner_run_words(r, l, b, &w, res) < 0)
		return -1;
	memset(&rs, 0, sizeof rs);
	size_t nfiles;
	struct lesson_file *lf = lessonfiles_seen(l, b, &nfiles);
	struct runner_file *files = nfiles ? xcalloc(nfiles, sizeof *files) : NULL;
	for (size_t i = 0; i < nfiles; i++) {
		files[i].path = lf[i].path;
		files[i].data = lf[i].data;
		files[i].len = lf[i].len;
	}
	rs.files = files;
	rs.nfiles = nfiles;
	rs.name = "prog";
	rs.args = &w.args;
	rs.stdin_data = b->has_stdin ? b->stdin_text : NULL;
	rs.stdin_len = b->has_stdin ? b->stdin_len : 0;
	rs.sanitized = w.sanitized;
	rs.side_channel = b->mode == MODE_MEASURE;
	runner_program_limits(&rs.lim, b, rs.sanitized);
	int rc = runner_build_run(bd, &rs, res);
	runner_block_words_release(&w);
	free(files);
	free(lf);
	return rc;
}

/*
 * Region times kept of one block, over all its samples: 10,000 samples of
 * 1,024 regions each would hold gigabytes. Past it, a sample's regions are
 * an error of the measurement, not memory.
 */
#define REGION_TIMES_MAX 262144

void runner_add_sample(struct evidence *ev, const struct launch_result *res, size_t *kept)
{
	struct sample *s = &ev->samples[ev->nsamples++];

	s->wall_ns = res->wall_ns;
	s->user_ns = res->user_ns;
	s->sys_ns = res->sys_ns;
	s->max_rss_kb = res->max_rss_kb;
	regions_parse_run(&s->regions, res->side.p, res->side.len, res->pid, res->start_ns, res->end_ns,
			  res->side_truncated);
	*kept += s->regions.n;
	if (*kept > REGION_TIMES_MAX) {
		regions_release(&s->regions);
		s->regions.error = xasprintf("the samples' regions are more than litlab keeps (%d region times in all)",
					     REGION_TIMES_MAX);
	}
	if (!ev->samples_differ &&
	    (res->out.len != ev->run.out.len || memcmp(res->out.p, ev->run.out.p, res->out.len) != 0)) {
		ev->samples_differ = (int)ev->nsamples;
		buf_add(&ev->differ_out, res->out.p, res->out.len);
	}
}

/*
 * The first execution (ev->run) counts as the first warmup run, or as the
 * first sample when warmup=0; the rest follow here, each in a folder of its
 * own. A run that fails stops the measurement and becomes the evidence, so
 * that it is reported.
 */
static void measure(struct runner *r, struct lesson *l, struct block *b, struct runner_build *bd, struct evidence *ev)
{
	int total = b->warmup + b->samples;
	size_t kept = 0;

	ev->warmup = b->warmup;
	ev->samples = xcalloc((size_t)b->samples, sizeof *ev->samples);
	if (b->warmup == 0)
		runner_add_sample(ev, &ev->run, &kept);
	for (int i = 1; i < total; i++) {
		struct launch_result res;
		launch_result_init(&res);
		execute(r, l, b, bd, &res);
		if (res.end != END_EXITED || res.exit_code != b->exit_expected || res.limit) {
			launch_result_release(&ev->run);
			ev->run = res;
			return;
		}
		if (i >= b->warmup)
			runner_add_sample(ev, &res, &kept);
		launch_result_release(&res);
	}
}

/* check --repeat N: runs 2..N, each stdout compared with the first run's. */
static void repeat(struct runner *r, struct lesson *l, struct block *b, struct runner_build *bd, struct evidence *ev)
{
	ev->repeats = 1;
	while (ev->repeats < r->repeat) {
		struct launch_result res;
		launch_result_init(&res);
		execute(r, l, b, bd, &res);
		ev->repeats++;
		if (!ev->repeat_differ &&
		    (res.out.len != ev->run.out.len || memcmp(res.out.p, ev->run.out.p, res.out.len) != 0)) {
			ev->repeat_differ = ev->repeats;
			buf_add(&ev->differ_out, res.out.p, res.out.len);
		}
		launch_result_release(&res);
	}
}

/*
 * Puts what b's build needs into bd: litlab.h, its translation unit as src,
 * the lesson files it sees (a .c or .h file under a #line naming its lesson
 * line, so that messages about it point into the lesson), and a copy of the
 * lesson for the compiler to quote.
 */
static int fill_build(struct runner_build *bd, struct lesson *l, struct block *b, const char *src, const struct buf *tu,
		      char **err)
{
	size_t n;
	int rc = 0;

	if (runner_build_put(bd, "litlab.h", litlab_h, litlab_h_len, err) < 0 ||
	    runner_build_put(bd, src, tu->p, tu->len, err) < 0)
		return -1;
	struct lesson_file *lf = lessonfiles_seen(l, b, &n);
	for (size_t i = 0; i < n && rc == 0; i++) {
		struct buf text = BUF_INIT;
		if (lessonfiles_is_code(lf[i].path))
			runner_line_directive(&text, lf[i].from->line + (lf[i].from->fenced ? 1 : 0), l->path);
		buf_add(&text, lf[i].data, lf[i].len);
		rc = runner_build_put_path(bd, lf[i].path, text.p, text.len, err);
		buf_release(&text);
	}
	free(lf);
	/* The compiler quotes the lesson's lines beside its messages, as it would at home. */
	runner_build_quote(bd, l->path, l->src, l->src_len);
	return rc;
}

void runner_block(struct runner *r, struct lesson *l, struct block *b, struct evidence *ev)
{
	struct runner_build bd;
	struct folder_limits lim;
	char *err = NULL;

	if (b->mode == MODE_SESSION && !b->bad_attrs) {
		console_run(r, l, b, ev);
		return;
	}
	if (!block_compiles(b) || b->bad_attrs || l->bad_cflags)
		return;
	if (b->mode == MODE_MEASURE) {
		ev->env = xcalloc(1, sizeof *ev->env);
		envinfo_copy(ev->env, runner_env(r));
		envinfo_now(ev->env); /* the run's machine, but this block's date and load */
	}
	runner_folder_limits(&lim, b);
	struct buf tu = BUF_INIT;
	runner_translation_unit(l, b, &tu);
	char *src = xasprintf("%s.c", b->id);
	for (;;) { /* once: a break ends each way through */
		if (runner_build_open(&bd, &lim, &err) < 0) {
			ev->setup_error = err;
			ev->setup_sandbox = 1;
			break;
		}
		if (fill_build(&bd, l, b, src, &tu, &err) < 0) {
			ev->setup_error = err;
			ev->setup_sandbox = 1;
			runner_build_release(&bd);
			break;
		}
		/* What the launches below run in, probed now if nothing probed before. */
		if (!ev->isolation)
			ev->isolation = xstrdup(sandbox_isolation());
		int rc = compile(r, l, b, ev, &bd);
		if (rc == 0 && block_executes(b)) {
			ev->executed = 1;
			execute(r, l, b, &bd, &ev->run);
			if (b->mode == MODE_MEASURE && ev->run.end == END_EXITED &&
			    ev->run.exit_code == b->exit_expected && !ev->run.limit)
				measure(r, l, b, &bd, ev);
			if (b->mode == MODE_RUN && r->repeat > 1 && ev->run.end == END_EXITED)
				repeat(r, l, b, &bd, ev);
		}
		runner_build_release(&bd);
		break;
	}
	free(src);
	buf_release(&tu);
}
