/*
 * runner.c: translation units, the compiler, and execution.
 *
 * Each block gets its own folder under $TMPDIR, removed afterwards with
 * everything the program left in it. Programs see a small fixed
 * environment, so that their output does not depend on who runs litlab.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner.h"

extern char **environ;

/* engine/include/litlab.h, embedded at build time (engine/embed-file.sh). */
extern const char litlab_h[];
extern const size_t litlab_h_len;

static int is_executable(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

/* The path of cmd as the shell would find it, or NULL. */
static char *which(const char *cmd)
{
	if (strchr(cmd, '/'))
		return is_executable(cmd) ? xstrdup(cmd) : NULL;
	const char *path = getenv("PATH");
	if (!path || !*path)
		path = "/usr/local/bin:/usr/bin:/bin";
	/* An empty entry (leading, trailing or "::") is the current folder, as in the shell. */
	for (;;) {
		const char *colon = strchr(path, ':');
		size_t n = colon ? (size_t)(colon - path) : strlen(path);
		char *cand = n ? xasprintf("%.*s/%s", (int)n, path, cmd) : xasprintf("./%s", cmd);
		if (is_executable(cand))
			return cand;
		free(cand);
		if (!colon)
			return NULL;
		path = colon + 1;
	}
}

int runner_init(struct runner *r, char **err)
{
	const char *cc = getenv("CC");
	const char *tmp = getenv("TMPDIR");

	memset(r, 0, sizeof *r);
	r->cc = xstrdup(cc && *cc ? cc : "cc");
	r->tmp_root = xstrdup(tmp && *tmp ? tmp : "/tmp");
	if (split_words(r->cc, &r->cc_argv, &r->cc_argc) < 0 || r->cc_argc == 0) {
		*err = xasprintf("CC='%s' is not a command: set CC to a C compiler, e.g. CC=cc", r->cc);
		runner_release(r);
		return -1;
	}
	char *found = which(r->cc_argv[0]);
	if (!found) {
		*err = xasprintf("no C compiler: '%s' is not found in PATH (install gcc, or set CC)",
				 r->cc_argv[0]);
		runner_release(r);
		return -1;
	}
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

const char *evidence_isolation(const struct evidence *ev, const struct runner *r)
{
	return ev->isolation ? ev->isolation : r ? runner_isolation(r) : NULL;
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
	free_words(r->cc_argv, r->cc_argc);
	free(r->tmp_root);
	free(r->isolation_own);
	memset(r, 0, sizeof *r);
}

void evidence_init(struct evidence *ev)
{
	memset(ev, 0, sizeof *ev);
	buf_init(&ev->compile_log);
	buf_init(&ev->differ_out);
	launch_result_init(&ev->run);
}

void evidence_release(struct evidence *ev)
{
	buf_release(&ev->compile_log);
	buf_release(&ev->differ_out);
	free(ev->cflags);
	free(ev->setup_error);
	free(ev->isolation);
	free_words(ev->deps, ev->ndeps);
	if (ev->env) {
		envinfo_release(ev->env);
		free(ev->env);
	}
	launch_result_release(&ev->run);
	for (size_t i = 0; i < ev->nsamples; i++)
		regions_release(&ev->samples[i].regions);
	free(ev->samples);
	evidence_init(ev);
}

static void add_line_directive(struct buf *tu, int line, const char *path)
{
	buf_addf(tu, "#line %d \"", line);
	for (const char *p = path; *p; p++) {
		if (*p == '"' || *p == '\\')
			buf_addc(tu, '\\');
		buf_addc(tu, *p);
	}
	buf_adds(tu, "\"\n");
}

static void add_code(struct buf *tu, struct lesson *l, struct block *b)
{
	add_line_directive(tu, b->line + 1, l->path);
	buf_add(tu, b->code, b->code_len);
	if (b->code_len && b->code[b->code_len - 1] != '\n')
		buf_addc(tu, '\n');
}

void runner_translation_unit(struct lesson *l, struct block *b, struct buf *tu)
{
	for (size_t i = 0; i < b->ndeps; i++)
		add_code(tu, l, &l->blocks[b->deps[i]]);
	add_code(tu, l, b);
}

/*
 * Removes everything in the folder open as dfd (which it closes), depth
 * levels deep at most. A program may leave folders it made read-only or
 * unreadable: each folder is opened up before it is read.
 */
static void remove_contents(int dfd, int depth)
{
	DIR *d = fdopendir(dfd);
	struct dirent *e;
	struct stat st;

	if (!d) {
		close(dfd);
		return;
	}
	while ((e = readdir(d))) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (fstatat(dfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0)
			continue;
		if (!S_ISDIR(st.st_mode)) {
			unlinkat(dfd, e->d_name, 0);
			continue;
		}
		if (depth > 0 && fchmodat(dfd, e->d_name, 0700, 0) == 0) {
			int sub = openat(dfd, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (sub >= 0)
				remove_contents(sub, depth - 1);
		}
		unlinkat(dfd, e->d_name, AT_REMOVEDIR);
	}
	closedir(d);
}

static void remove_tree(const char *dir)
{
	chmod(dir, 0700);
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd >= 0)
		remove_contents(fd, 256);
	rmdir(dir);
}

/*
 * The fixed environment of every program. Sanitized builds do not look
 * for leaks (lesson programs often exit without freeing, and LeakSanitizer
 * needs ptrace) and report everything else on stderr, without colour.
 */
char **runner_program_env(const char *dir, int sanitized)
{
	char **env = xcalloc(8, sizeof *env);

	env[0] = xstrdup("PATH=/usr/local/bin:/usr/bin:/bin");
	env[1] = xasprintf("HOME=%s", dir);
	env[2] = xasprintf("TMPDIR=%s", dir);
	env[3] = xstrdup("LANG=C.UTF-8");
	env[4] = xstrdup("TZ=UTC");
	if (sanitized) {
		env[5] = xstrdup("ASAN_OPTIONS=detect_leaks=0:abort_on_error=0:color=never");
		env[6] = xstrdup("UBSAN_OPTIONS=print_stacktrace=0:color=never");
	}
	return env;
}

void runner_free_env(char **env)
{
	for (size_t i = 0; env[i]; i++)
		free(env[i]);
	free(env);
}

/*
 * The compiler's environment: litlab's own (PATH, ccache settings, ...) with
 * the locale fixed to C, so that its messages (which compile-fail blocks
 * match) read the same for every author: 'x' quotes, not curly ones.
 */
static char **compiler_env(void)
{
	size_t n = 0, k = 0;

	while (environ[n])
		n++;
	char **env = xcalloc(n + 2, sizeof *env);
	for (size_t i = 0; i < n; i++)
		if (strncmp(environ[i], "LC_", 3) != 0 && strncmp(environ[i], "LANG=", 5) != 0 &&
		    strncmp(environ[i], "LANGUAGE=", 9) != 0)
			env[k++] = xstrdup(environ[i]);
	env[k++] = xstrdup("LC_ALL=C");
	env[k] = NULL;
	return env;
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

/*
 * Reads the compiler's dependency output (make syntax: "prog: a.c b.h \",
 * blanks escaped with a backslash) into ev->deps: the absolute paths outside
 * dir. The translation unit and litlab.h are in dir; they are keyed apart.
 * A compiler that failed may have written nothing: then there are none.
 */
static void read_deps(struct evidence *ev, const char *dir)
{
	char *path = xasprintf("%s/.deps", dir);
	char *text;
	size_t len, dlen = strlen(dir);
	struct buf word = BUF_INIT;

	if (read_file(path, &text, &len) < 0) {
		free(path);
		return;
	}
	const char *p = memchr(text, ':', len); /* after the target */
	for (p = p ? p + 1 : text + len; p <= text + len; p++) {
		char c = p < text + len ? *p : ' ';
		if (c == '\\' && p + 1 < text + len && (p[1] == ' ' || p[1] == '#' || p[1] == '\\')) {
			buf_addc(&word, *++p);
			continue;
		}
		if (c == '$' && p + 1 < text + len && p[1] == '$') {
			buf_addc(&word, *++p);
			continue;
		}
		if (c != ' ' && c != '\t' && c != '\n' && c != '\\') {
			buf_addc(&word, c);
			continue;
		}
		int keep = word.len > 1 && word.p[0] == '/' && word.p[word.len - 1] != ':' &&
			   !(strncmp(word.p, dir, dlen) == 0 && word.p[dlen] == '/');
		for (size_t i = 0; keep && i < ev->ndeps; i++)
			keep = strcmp(ev->deps[i], word.p) != 0;
		if (keep) {
			ev->deps = xreallocarray(ev->deps, ev->ndeps + 1, sizeof *ev->deps);
			ev->deps[ev->ndeps++] = xstrdup(word.p);
		}
		buf_reset(&word);
	}
	buf_release(&word);
	free(text);
	free(path);
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
	/* AddressSanitizer reserves terabytes of address space: no RLIMIT_AS for it. */
	lim->mem_bytes = sanitized ? 0 : PROGRAM_MEM_BYTES;
	lim->fsize_bytes = PROGRAM_FSIZE_BYTES;
	lim->nofile = PROGRAM_NOFILE;
	lim->output_cap = OUTPUT_CAP;
}

enum compile_stop { STOP_NONE, STOP_MEMORY, STOP_PROCESSES, STOP_CPU, STOP_FSIZE, STOP_KILLED };

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

static int compile(struct runner *r, struct lesson *l, struct block *b, struct evidence *ev, const char *dir)
{
	char **argv = NULL;
	size_t argc = 0;
	struct buf flags = BUF_INIT;
	int link = block_executes(b);

	for (size_t i = 0; i < r->cc_argc; i++) {
		argv = xreallocarray(argv, argc + 2, sizeof *argv);
		argv[argc++] = xstrdup(r->cc_argv[i]);
	}
	size_t first_flag = argc;
	const char *lists[] = { l->cflags, b->cflags };
	const char *names[] = { "the front matter's cflags", "cflags=" };
	for (size_t k = 0; k < 2; k++) {
		if (lists[k] && split_words(lists[k], &argv, &argc) < 0) {
			ev->setup_error = xasprintf("%s has an unclosed quote: '%s'", names[k], lists[k]);
			free_words(argv, argc);
			return -1;
		}
	}
	ev->sanitized = runner_sanitizes(r, b);
	if (ev->sanitized) {
		static const char *const san[] = { "-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-g" };
		argv = xreallocarray(argv, argc + ARRAY_LEN(san) + 1, sizeof *argv);
		for (size_t i = 0; i < ARRAY_LEN(san); i++)
			argv[argc++] = xstrdup(san[i]);
	}
	join_words(&flags, argv + first_flag, argc - first_flag);
	ev->cflags = buf_detach(&flags, NULL);
	argv = xreallocarray(argv, argc + 11, sizeof *argv);
	argv[argc++] = xasprintf("-I%s", dir);
	/* The headers it reads, for the evidence cache's key (read_deps()). */
	argv[argc++] = xstrdup("-MD");
	argv[argc++] = xstrdup("-MF");
	argv[argc++] = xstrdup(".deps");
	if (link) {
		argv[argc++] = xstrdup("-o");
		argv[argc++] = xstrdup("prog");
	} else {
		argv[argc++] = xstrdup("-c");
		argv[argc++] = xstrdup("-o");
		argv[argc++] = xstrdup("prog.o");
	}
	argv[argc++] = xasprintf("./%s.c", b->id); /* "./": an id may start with '-' */
	argv[argc] = NULL;
	if (link && b->ldlibs && split_words(b->ldlibs, &argv, &argc) < 0) {
		ev->setup_error = xasprintf("ldlibs= has an unclosed quote: '%s'", b->ldlibs);
		free_words(argv, argc);
		return -1;
	}

	char **env = compiler_env();
	struct launch la = {
		.argv = argv,
		.cwd = dir,
		.envp = env,
		.stdin_path = NULL,
	};
	runner_compile_limits(&la.lim);
	struct launch_result res;
	launch_result_init(&res);
	int rc = sandbox_launch(&la, &res);
	ev->compiled = 1;
	ev->compile_end = res.end;
	ev->compile_signo = res.signo;
	ev->compile_limit = res.limit;
	buf_add(&ev->compile_log, res.out.p, res.out.len);
	buf_add(&ev->compile_log, res.err.p, res.err.len);
	if (rc < 0)
		buf_addf(&ev->compile_log, "litlab: %s\n", res.error);
	ev->compile_ok = rc == 0 && res.end == END_EXITED && res.exit_code == 0;
	read_deps(ev, dir);
	launch_result_release(&res);
	runner_free_env(env);
	free_words(argv, argc);
	return ev->compile_ok ? 0 : -1;
}

static int execute(struct runner *r, struct block *b, const char *dir, struct launch_result *res)
{
	char **argv = xcalloc(2, sizeof *argv);
	size_t argc = 1;
	char *stdin_path = NULL;

	argv[0] = xstrdup("./prog");
	if (b->args && split_words(b->args, &argv, &argc) < 0) {
		free_words(argv, argc);
		res->end = END_LAUNCH_FAILED;
		res->error = xasprintf("args= has an unclosed quote: '%s'", b->args);
		return -1;
	}
	if (b->has_stdin) {
		stdin_path = xasprintf("%s/.stdin", dir);
		if (write_file(stdin_path, b->stdin_text, b->stdin_len) < 0) {
			res->end = END_LAUNCH_FAILED;
			res->error = xasprintf("cannot write '%s': %s", stdin_path, strerror(errno));
			free(stdin_path);
			free_words(argv, argc);
			return -1;
		}
	}
	int sanitized = runner_sanitizes(r, b);
	char **env = runner_program_env(dir, sanitized);
	struct launch la = {
		.argv = argv,
		.cwd = dir,
		.envp = env,
		.stdin_path = stdin_path,
		.side_channel = b->mode == MODE_MEASURE,
	};
	runner_program_limits(&la.lim, b, sanitized);
	int rc = sandbox_launch(&la, res);
	runner_free_env(env);
	free(stdin_path);
	free_words(argv, argc);
	return rc;
}

static void add_sample(struct evidence *ev, const struct launch_result *res)
{
	struct sample *s = &ev->samples[ev->nsamples++];

	s->wall_ns = res->wall_ns;
	s->user_ns = res->user_ns;
	s->sys_ns = res->sys_ns;
	s->max_rss_kb = res->max_rss_kb;
	regions_parse(&s->regions, res->side.p, res->side.len, res->pid);
	if (!ev->samples_differ &&
	    (res->out.len != ev->run.out.len || memcmp(res->out.p, ev->run.out.p, res->out.len) != 0)) {
		ev->samples_differ = (int)ev->nsamples;
		buf_add(&ev->differ_out, res->out.p, res->out.len);
	}
}

/*
 * The first execution (ev->run) counts as the first warmup run, or as the
 * first sample when warmup=0; the rest follow here. A run that fails stops
 * the measurement and becomes the evidence, so that it is reported.
 */
static void measure(struct runner *r, struct block *b, const char *dir, struct evidence *ev)
{
	int total = b->warmup + b->samples;

	ev->warmup = b->warmup;
	ev->samples = xcalloc((size_t)b->samples, sizeof *ev->samples);
	if (b->warmup == 0)
		add_sample(ev, &ev->run);
	for (int i = 1; i < total; i++) {
		struct launch_result res;
		launch_result_init(&res);
		execute(r, b, dir, &res);
		if (res.end != END_EXITED || res.exit_code != b->exit_expected) {
			launch_result_release(&ev->run);
			ev->run = res;
			return;
		}
		if (i >= b->warmup)
			add_sample(ev, &res);
		launch_result_release(&res);
	}
}

/* check --repeat N: runs 2..N, each stdout compared with the first run's. */
static void repeat(struct runner *r, struct block *b, const char *dir, struct evidence *ev)
{
	ev->repeats = 1;
	while (ev->repeats < r->repeat) {
		struct launch_result res;
		launch_result_init(&res);
		execute(r, b, dir, &res);
		ev->repeats++;
		if (!ev->repeat_differ &&
		    (res.out.len != ev->run.out.len || memcmp(res.out.p, ev->run.out.p, res.out.len) != 0)) {
			ev->repeat_differ = ev->repeats;
			buf_add(&ev->differ_out, res.out.p, res.out.len);
		}
		launch_result_release(&res);
	}
}

void runner_block(struct runner *r, struct lesson *l, struct block *b, struct evidence *ev)
{
	if (!block_compiles(b) || b->bad_attrs)
		return;
	char *dir = xasprintf("%s/litlab-XXXXXX", r->tmp_root);
	if (!mkdtemp(dir)) {
		ev->setup_error = xasprintf("cannot make a temporary folder in '%s': %s", r->tmp_root,
					    strerror(errno));
		free(dir);
		return;
	}
	struct buf tu = BUF_INIT;
	runner_translation_unit(l, b, &tu);
	char *src = xasprintf("%s/%s.c", dir, b->id);
	char *header = xasprintf("%s/litlab.h", dir);
	if (b->mode == MODE_MEASURE) {
		ev->env = xcalloc(1, sizeof *ev->env);
		envinfo_copy(ev->env, runner_env(r));
	}
	if (write_file(header, litlab_h, litlab_h_len) < 0) {
		ev->setup_error = xasprintf("cannot write '%s': %s", header, strerror(errno));
	} else if (write_file(src, tu.p, tu.len) < 0) {
		ev->setup_error = xasprintf("cannot write '%s': %s", src, strerror(errno));
	} else {
		/* What the launches below run in, probed now if nothing probed before. */
		ev->isolation = xstrdup(sandbox_isolation());
		if (compile(r, l, b, ev, dir) == 0 && block_executes(b)) {
			ev->executed = 1;
			execute(r, b, dir, &ev->run);
			if (b->mode == MODE_MEASURE && ev->run.end == END_EXITED &&
			    ev->run.exit_code == b->exit_expected)
				measure(r, b, dir, ev);
			if (b->mode == MODE_RUN && r->repeat > 1 && ev->run.end == END_EXITED)
				repeat(r, b, dir, ev);
		}
	}
	free(src);
	free(header);
	buf_release(&tu);
	remove_tree(dir);
	free(dir);
}
