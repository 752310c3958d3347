/*
 * envinfo.h: the machine and toolchain a run happened on, captured once per
 * run and attached to every measurement.
 *
 * Every string is owned by the struct, never NULL after envinfo_capture(),
 * and valid UTF-8 without control characters; what cannot be learned is
 * "unknown".
 */
#ifndef LITLAB_ENVINFO_H
#define LITLAB_ENVINFO_H

/* How long the compiler may take to answer --version. */
#define ENVINFO_TIMEOUT_MS 10000

struct envinfo {
	char *compiler;		/* the compiler's first word as found in PATH, e.g. "/usr/bin/cc"
				   (symbolic links not followed) */
	char *compiler_version;	/* first non-empty line of `CC --version` */
	char *cpu_model;	/* /proc/cpuinfo "model name", else "Hardware", else
				   "cpu model", else the machine (uname -m) */
	int logical_cores;	/* sysconf(_SC_NPROCESSORS_ONLN); 0 if unknown */
	char *os;		/* PRETTY_NAME of /etc/os-release (or /usr/lib/os-release),
				   else uname's sysname */
	char *kernel;		/* uname sysname and release, e.g. "Linux 6.1.0-18-amd64" */
	char *machine;		/* uname -m, e.g. "x86_64" */
	char *date_utc;		/* when captured, ISO 8601: "2026-11-30T03:04:05Z" */
	double loadavg1;	/* the 1-minute load average; -1 if unknown */
};

/*
 * Fills env. cc is the compiler command ($CC, or "cc" when NULL or blank),
 * split into words by strvec_split() (strvec.h: blanks, quotes, backslashes;
 * an unclosed quote makes the compiler "unknown"). The first word is looked
 * up in PATH (taken as is if it holds a '/'); the whole command is run with
 * "--version" appended, without a shell, with stdin from /dev/null and
 * stdout and stderr read together. A compiler that fails, prints nothing,
 * or runs past ENVINFO_TIMEOUT_MS (it is killed, with its process group)
 * gives "unknown". Never hangs; never fails.
 */
void envinfo_capture(struct envinfo *env, const char *cc);

/*
 * Where a caller keeps what it learnt (the evidence cache does): the
 * compiler's version line by the identity of its file and the command.
 * get returns a malloc'd value or NULL; put stores one.
 */
struct envinfo_memo {
	char *(*get)(void *ctx, const char *id);
	void (*put)(void *ctx, const char *id, const char *value);
	void *ctx;
};

/*
 * As envinfo_capture(), asking memo first (NULL: none) instead of running
 * `CC --version`, unless $CC is more than one word or a script (#!): a
 * launcher's or wrapper's answer can change while its own file does not.
 */
void envinfo_capture_memo(struct envinfo *env, const char *cc, const struct envinfo_memo *memo);

/*
 * The identity of a file as one line: path, device, inode, size,
 * modification and change times (stat(), links followed); NULL if it cannot
 * be read. A file replaced or rewritten (a compiler upgraded) gets another.
 */
char *envinfo_file_id(const char *path);
/* The same from what stat() said of path. */
struct stat;
char *envinfo_stat_id(const char *path, const struct stat *st);

/*
 * The programs the compiler at path (run as argv, the words of $CC) runs to
 * build: what -print-prog-name= says of cc1, as, ld and collect2, a name
 * without a folder looked up in the PATH programs get. One absolute path a
 * line (malloc'd); "" for a compiler that says nothing useful (clang's cc1 is
 * itself). They change with binutils or gcc while the driver does not.
 */
char *envinfo_compiler_parts(const char *path, char *const *argv, size_t argc);

/*
 * Where the compiler at path (run as argv) looks for headers and libraries
 * when no flag adds a folder: "I DIR" lines (its #include <...> search list,
 * in order) and "L DIR" lines (its library search list), malloc'd; "" if it
 * says nothing (not gcc-like).
 */
char *envinfo_search_dirs(const char *path, char *const *argv, size_t argc);

/*
 * Whether the compiler at path (run as argv) takes the options litlab asks
 * it for the lists of what the assembler (-Wa,--MD) and the linker
 * (-Wl,--dependency-file) read: built once each from an empty translation
 * unit in a folder of TMPDIR's, outside the sandbox, as --version is.
 */
void envinfo_dep_options(const char *path, char *const *argv, size_t argc, int *asm_md, int *ld_depfile);

/* Frees env's strings and zeroes it. */
void envinfo_release(struct envinfo *env);

/* Makes dst a deep copy of src (release it with envinfo_release()). */
void envinfo_copy(struct envinfo *dst, const struct envinfo *src);

/* Sets env's date and load average to the present ones: a measurement's, taken as it starts. */
void envinfo_now(struct envinfo *env);

#endif
