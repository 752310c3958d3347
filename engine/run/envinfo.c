/*
 * envinfo.c: learns the toolchain and machine for the measurement record.
 *
 * The compiler is run directly (fork and execv of the path found in PATH),
 * never through a shell, so $CC is never interpreted: it is a list of words.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/buf.h"
#include "run/envinfo.h"
#include "base/fs.h"
#include "base/strvec.h"
#include "base/subproc.h"
#include "base/util.h"

/* At most this much of the compiler's output is kept. */
#define VERSION_OUTPUT_MAX 4096

static const char unknown[] = "unknown";

/*
 * A copy of s[0..len) fit for a record: blanks trimmed, runs of blanks
 * and control characters made one space, invalid UTF-8 bytes made '?';
 * "unknown" if nothing is left.
 */
static char *clean(const char *s, size_t len)
{
	struct buf b = BUF_INIT;
	int space = 0;

	while (len > 0) {
		size_t ok = utf8_first_invalid(s, len);

		for (size_t i = 0; i < ok; i++) {
			unsigned char c = (unsigned char)s[i];

			if (c < 0x20 || c == 0x7f) {
				space = 1;
				continue;
			}
			if (c == ' ') {
				space = 1;
				continue;
			}
			if (space && b.len)
				buf_addc(&b, ' ');
			space = 0;
			buf_addc(&b, (char)c);
		}
		if (ok == len)
			break;
		if (space && b.len)
			buf_addc(&b, ' ');
		space = 0;
		buf_addc(&b, '?');
		s += ok + 1;
		len -= ok + 1;
	}
	if (!b.len)
		return xstrdup(unknown);
	return buf_detach(&b, NULL);
}

static char *clean_str(const char *s)
{
	return s ? clean(s, strlen(s)) : xstrdup(unknown);
}

static int is_executable(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

/* Keeps the first VERSION_OUTPUT_MAX bytes of what the child printed. */
static void take_output(void *ctx, struct subproc *sp, const char *p, size_t n)
{
	struct buf *out = ctx;

	(void)sp;
	if (out->len < VERSION_OUTPUT_MAX)
		buf_add(out, p, n);
}

/*
 * Runs argv (argv[0] at path) with stdin from /dev/null and stdout and
 * stderr into out, for at most ENVINFO_TIMEOUT_MS. Returns the wait status,
 * or -1 if it could not run or timed out.
 */
static int run_capture(const char *path, char **argv, struct buf *out)
{
	/* The compiler's answers as the sandbox's compiler would give them: none of litlab's
	   environment (a LIBRARY_PATH, CPATH or LANG of the user's) reaches it. */
	char *const env[] = { "PATH=" PROGRAM_PATH, "LC_ALL=C", NULL };
	struct subproc sp;
	int killed;

	if (subproc_exec(&sp, path, argv, env, (long long)ENVINFO_TIMEOUT_MS * 1000000) < 0)
		return -1;
	enum subproc_end end = subproc_read(&sp, take_output, out);
	int status = subproc_finish(&sp, end != SUBPROC_EOF, &killed);
	return killed ? -1 : status;
}

/* Runs the compiler (argv, the words of $CC) with --version. */
static char *compiler_version(const char *path, const struct strvec *cc)
{
	struct buf out = BUF_INIT;
	struct strvec argv = STRVEC_INIT;
	char *version = NULL;

	strvec_pushv(&argv, cc->v, cc->n);
	strvec_push(&argv, "--version");
	int status = run_capture(path, argv.v, &out);
	strvec_clear(&argv);

	if (status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		const char *p = out.p, *end = out.p + out.len;

		while (p < end && !version) {
			const char *nl = memchr(p, '\n', (size_t)(end - p));
			const char *eol = nl ? nl : end;
			char *line = clean(p, (size_t)(eol - p));

			if (strcmp(line, unknown) != 0)
				version = line;
			else
				free(line);
			p = eol + 1;
		}
	}
	buf_release(&out);
	return version ? version : xstrdup(unknown);
}

/* The value of the first "key : value" line of /proc/cpuinfo with this key. */
static char *cpuinfo_field(const char *data, const char *key)
{
	size_t klen = strlen(key);

	for (const char *p = data, *eol; *p; p = eol ? eol + 1 : p + strlen(p)) {
		eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);

		if (len <= klen || strncmp(p, key, klen) != 0)
			continue;
		const char *q = p + klen;
		while (q < p + len && (*q == ' ' || *q == '\t'))
			q++;
		if (q == p + len || *q != ':')
			continue;
		q++;
		char *v = clean(q, (size_t)(p + len - q));
		if (strcmp(v, unknown) != 0)
			return v;
		free(v);
	}
	return NULL;
}

static char *cpu_model(const char *machine)
{
	static const char *const keys[] = { "model name", "Hardware", "cpu model" };
	char *data, *model = NULL;
	size_t len;

	if (fs_read_path("/proc/cpuinfo", FS_SYSTEM_FILE_MAX, &data, &len) == 0) {
		for (size_t i = 0; i < ARRAY_LEN(keys) && !model; i++)
			model = cpuinfo_field(data, keys[i]);
		free(data);
	}
	return model ? model : xstrdup(machine);
}

/* PRETTY_NAME from an os-release file, unquoted, or NULL. */
static char *os_pretty_name(const char *path)
{
	static const char key[] = "PRETTY_NAME=";
	char *data, *name = NULL;
	size_t len;

	if (fs_read_path(path, FS_SYSTEM_FILE_MAX, &data, &len) < 0)
		return NULL;
	for (char *p = data, *eol; *p && !name; p = eol ? eol + 1 : p + strlen(p)) {
		eol = strchr(p, '\n');
		if (strncmp(p, key, sizeof(key) - 1) != 0)
			continue;
		char *v = p + sizeof(key) - 1;
		size_t vlen = eol ? (size_t)(eol - v) : strlen(v);
		struct buf b = BUF_INIT;
		char quote = 0;

		if (vlen && (*v == '"' || *v == '\'')) {
			quote = *v++;
			vlen--;
		}
		for (size_t i = 0; i < vlen; i++) {
			if (quote && v[i] == quote)
				break;
			if (quote == '"' && v[i] == '\\' && i + 1 < vlen)
				i++;
			buf_addc(&b, v[i]);
		}
		name = clean(b.p, b.len);
		buf_release(&b);
		if (!strcmp(name, unknown)) {
			free(name);
			name = NULL;
		}
	}
	free(data);
	return name;
}

static char *date_utc(void)
{
	time_t t = time(NULL);
	struct tm tm;
	char s[32];

	if (t == (time_t)-1 || !gmtime_r(&t, &tm) ||
	    !strftime(s, sizeof(s), "%Y-%m-%dT%H:%M:%SZ", &tm))
		return xstrdup(unknown);
	return xstrdup(s);
}

char *envinfo_compiler_parts(const char *path, char *const *argv, size_t argc)
{
	static const char *const parts[] = { "cc1", "as", "ld", "collect2" };
	struct buf list = BUF_INIT;

	for (size_t i = 0; i < ARRAY_LEN(parts); i++) {
		struct strvec words = STRVEC_INIT;
		struct buf out = BUF_INIT;
		strvec_pushv(&words, argv, argc);
		strvec_pushf(&words, "-print-prog-name=%s", parts[i]);
		int status = run_capture(path, words.v, &out);
		strvec_clear(&words);
		char *nl = memchr(out.p, '\n', out.len);
		if (nl)
			buf_setlen(&out, (size_t)(nl - out.p));
		char *found = NULL;
		if (status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0 && out.len)
			found = out.p[0] == '/' ? xstrdup(out.p) : path_lookup(out.p, PROGRAM_PATH);
		if (found && is_executable(found))
			buf_addf(&list, "%s\n", found);
		free(found);
		buf_release(&out);
	}
	return buf_detach(&list, NULL);
}

/* Appends "TAG path\n" for each folder of the list that starts at line p ("#include <...>" block). */
static void add_include_dirs(struct buf *list, const char *text)
{
	const char *p = strstr(text, "#include <...> search starts here:\n");

	if (!p)
		return;
	for (p = strchr(p, '\n') + 1; *p == ' ';) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		if (len > 2 && p[1] == '/')
			buf_addf(list, "I %.*s\n", (int)(len - 1), p + 1);
		if (!nl)
			break;
		p = nl + 1;
	}
}

void envinfo_dep_options(const char *path, char *const *argv, size_t argc, int *asm_md, int *ld_depfile)
{
	const char *tmp = getenv("TMPDIR");
	char *dir = xasprintf("%s/litlab-probe-XXXXXX", tmp && tmp[0] == '/' ? tmp : "/tmp");
	struct buf out = BUF_INIT;

	*asm_md = *ld_depfile = 0;
	if (!mkdtemp(dir)) {
		free(dir);
		return;
	}
	for (int k = 0; k < 2; k++) {
		struct strvec words = STRVEC_INIT;
		strvec_pushv(&words, argv, argc);
		if (k == 0) { /* an object from an empty translation unit, the assembler asked for its list */
			strvec_push(&words, "-c");
			strvec_pushf(&words, "-Wa,--MD,%s/a.d", dir);
		} else { /* a shared object from it, the linker asked for its list */
			strvec_push(&words, "-shared");
			strvec_push(&words, "-nostdlib");
			strvec_pushf(&words, "-Wl,--dependency-file=%s/l.d", dir);
		}
		strvec_push(&words, "-xc");
		strvec_push(&words, "/dev/null");
		strvec_push(&words, "-o");
		strvec_pushf(&words, "%s/out", dir);
		int status = run_capture(path, words.v, &out);
		int ok = status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
		*(k == 0 ? asm_md : ld_depfile) = ok;
		strvec_clear(&words);
		buf_reset(&out);
	}
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		fs_empty_dir(dfd);
		close(dfd);
	}
	rmdir(dir);
	buf_release(&out);
	free(dir);
}

char *envinfo_search_dirs(const char *path, char *const *argv, size_t argc)
{
	struct buf list = BUF_INIT, out = BUF_INIT;
	struct strvec words = STRVEC_INIT;

	strvec_pushv(&words, argv, argc);
	strvec_push(&words, "-E");
	strvec_push(&words, "-Wp,-v");
	strvec_push(&words, "-xc");
	strvec_push(&words, "/dev/null");
	if (run_capture(path, words.v, &out) != -1)
		add_include_dirs(&list, out.p);
	strvec_clear(&words);
	buf_reset(&out);
	strvec_pushv(&words, argv, argc);
	strvec_push(&words, "-print-search-dirs");
	if (run_capture(path, words.v, &out) != -1) {
		const char *p = strstr(out.p, "\nlibraries: =");
		p = p ? p + 14 : strncmp(out.p, "libraries: =", 12) == 0 ? out.p + 12 : NULL;
		while (p && *p && *p != '\n') {
			size_t len = strcspn(p, ":\n");
			if (len && *p == '/')
				buf_addf(&list, "L %.*s\n", (int)len, p);
			p += len;
			if (*p == ':')
				p++;
		}
	}
	strvec_clear(&words);
	buf_release(&out);
	return buf_detach(&list, NULL);
}

char *envinfo_file_id(const char *path)
{
	struct stat st;

	if (!path || stat(path, &st) < 0)
		return NULL;
	return envinfo_stat_id(path, &st);
}

char *envinfo_stat_id(const char *path, const struct stat *st)
{
	return xasprintf("%s dev=%llu ino=%llu size=%lld mtime=%lld.%09ld ctime=%lld.%09ld", path,
			 (unsigned long long)st->st_dev, (unsigned long long)st->st_ino, (long long)st->st_size,
			 (long long)st->st_mtim.tv_sec, st->st_mtim.tv_nsec, (long long)st->st_ctim.tv_sec,
			 st->st_ctim.tv_nsec);
}

/* 1 if the file starts with #!: a script, whose answer may come from any other program. */
static int is_script(const char *path)
{
	char head[2] = { 0, 0 };
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return 1;
	ssize_t n = read(fd, head, sizeof head);
	close(fd);
	return n == 2 && head[0] == '#' && head[1] == '!';
}

/*
 * The compiler's version line: from the memo when it knows this very file,
 * else by asking it. Only a compiler that is one compiled program is
 * remembered, its version being in its own bytes: a script (a wrapper), or
 * a command of several words (`ccache gcc`, `env ... cc`), may run a
 * compiler that changed since while its own file did not.
 */
static char *memo_version(const char *path, const struct strvec *argv, const char *cc, const struct envinfo_memo *m)
{
	char *file = m && argv->n == 1 && !is_script(path) ? envinfo_file_id(path) : NULL;
	char *id = file ? xasprintf("%s\ncommand=%s", file, cc ? cc : "") : NULL;
	char *version = id ? m->get(m->ctx, id) : NULL;

	if (!version || !*version || strchr(version, '\n')) {
		free(version);
		version = compiler_version(path, argv);
		if (id && strcmp(version, unknown) != 0)
			m->put(m->ctx, id, version);
	}
	free(file);
	free(id);
	return version;
}

void envinfo_capture(struct envinfo *env, const char *cc)
{
	envinfo_capture_memo(env, cc, NULL);
}

void envinfo_capture_memo(struct envinfo *env, const char *cc, const struct envinfo_memo *memo)
{
	struct utsname u;
	int have_uname = uname(&u) == 0;
	struct strvec argv = STRVEC_INIT;

	memset(env, 0, sizeof(*env));
	env->date_utc = date_utc();

	/* An unclosed quote leaves no command: the compiler is unknown. */
	int split = strvec_split(&argv, cc ? cc : "");
	if (split == 0 && argv.n == 0)
		split = strvec_split(&argv, "cc");
	char *path = split == 0 ? path_lookup(argv.v[0], getenv("PATH")) : NULL;
	if (path) {
		env->compiler_version = memo_version(path, &argv, cc, memo);
		env->compiler = path;
	} else {
		env->compiler_version = xstrdup(unknown);
		env->compiler = xstrdup(unknown);
	}
	strvec_clear(&argv);

	env->machine = have_uname ? clean_str(u.machine) : xstrdup(unknown);
	env->cpu_model = cpu_model(env->machine);
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	env->logical_cores = cores > 0 && cores < 1 << 30 ? (int)cores : 0;
	env->os = os_pretty_name("/etc/os-release");
	if (!env->os)
		env->os = os_pretty_name("/usr/lib/os-release");
	if (!env->os)
		env->os = have_uname ? clean_str(u.sysname) : xstrdup(unknown);
	if (have_uname) {
		char *k = xasprintf("%s %s", u.sysname, u.release);
		env->kernel = clean_str(k);
		free(k);
	} else {
		env->kernel = xstrdup(unknown);
	}
	double load[1];
	env->loadavg1 = getloadavg(load, 1) == 1 ? load[0] : -1;
}

void envinfo_release(struct envinfo *env)
{
	free(env->compiler);
	free(env->compiler_version);
	free(env->cpu_model);
	free(env->os);
	free(env->kernel);
	free(env->machine);
	free(env->date_utc);
	memset(env, 0, sizeof(*env));
}

void envinfo_copy(struct envinfo *dst, const struct envinfo *src)
{
	dst->compiler = xstrdup(src->compiler);
	dst->compiler_version = xstrdup(src->compiler_version);
	dst->cpu_model = xstrdup(src->cpu_model);
	dst->logical_cores = src->logical_cores;
	dst->os = xstrdup(src->os);
	dst->kernel = xstrdup(src->kernel);
	dst->machine = xstrdup(src->machine);
	dst->date_utc = xstrdup(src->date_utc);
	dst->loadavg1 = src->loadavg1;
}

void envinfo_now(struct envinfo *env)
{
	double load[1];

	free(env->date_utc);
	env->date_utc = date_utc();
	env->loadavg1 = getloadavg(load, 1) == 1 ? load[0] : -1;
}
