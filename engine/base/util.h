/*
 * util.h: allocation that never fails to the caller, and small helpers
 * every module shares.
 *
 * x* functions abort the process with a message when memory runs out, as
 * cmark and tmux do: callers never check for NULL.
 */
#ifndef LITLAB_UTIL_H
#define LITLAB_UTIL_H

#include <stdarg.h>
#include <stddef.h>

#define LITLAB_VERSION "0.1.0"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
/* A macro's value as a string literal: XSTR(2) is "2". */
#define STR(x) #x
#define XSTR(x) STR(x)

#if defined(__GNUC__)
#define PRINTFLIKE(f, a) __attribute__((format(printf, f, a)))
#define NORETURN __attribute__((noreturn))
#else
#define PRINTFLIKE(f, a)
#define NORETURN
#endif

/*
 * 1 in a build with AddressSanitizer, whose leak check runs at exit: there,
 * a command frees everything before it exits; elsewhere it may leave what
 * it holds to the exit, which gives it back at once (git's UNLEAK).
 */
#if defined(__SANITIZE_ADDRESS__)
#define LEAKS_CHECKED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LEAKS_CHECKED 1
#endif
#endif
#ifndef LEAKS_CHECKED
#define LEAKS_CHECKED 0
#endif

void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
/* Resizes p to an array of n elements of the given size; aborts if n * size overflows. */
void *xreallocarray(void *p, size_t n, size_t size);
/*
 * Makes room for element n of an array that holds n and only ever grows by
 * appending one at a time: the capacity doubles whenever n reaches a power
 * of two, so appending stays linear (realloc() under AddressSanitizer always
 * copies) with no capacity to store. Only for arrays grown this way alone.
 */
void *xappendarray(void *p, size_t n, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) PRINTFLIKE(1, 2);

/*
 * Prints "litlab: MESSAGE" and a newline on stderr, in one write, its bytes
 * escaped as buf_add_printable() does (a name found in a folder, a lesson's
 * text, a program's output may hold terminal escapes). Every message litlab
 * itself prints on stderr goes through here.
 */
void complain(const char *fmt, ...) PRINTFLIKE(1, 2);

/* A state that cannot happen: says where, and aborts (git's BUG()). */
#define BUG(...) bug_at(__FILE__, __LINE__, __VA_ARGS__)
NORETURN void bug_at(const char *file, int line, const char *fmt, ...) PRINTFLIKE(3, 4);

/*
 * A borrowed run of bytes: never owns its memory, never assumed to be
 * NUL-terminated.
 */
struct span {
	const char *p;
	size_t len;
};

/* Writes all of buf to fd, retrying on EINTR and short writes. -1 on error. */
int write_all(int fd, const void *buf, size_t len);

/* Creates or truncates path (mode 0600) and writes len bytes of data to it. -1 and errno on failure. */
int write_file(const char *path, const char *data, size_t len);

/* The PATH lesson programs and the compiler get, and the one looked in when there is none. */
#define PROGRAM_PATH "/usr/local/bin:/usr/bin:/bin"

/*
 * The executable regular file execvp() would run for name, looking only in
 * the absolute entries of path (NULL or "": PROGRAM_PATH): an empty or
 * relative entry would be the course's own folder, and a "cc" there, a file
 * of the repository, would run as litlab, outside the sandbox. A name with a
 * slash is that file. NULL if there is none; malloc'd.
 */
char *path_lookup(const char *name, const char *path);

/* A signal's name, "SIGSEGV", or "signal 77" for one without a name; malloc'd. */
char *signal_name(int signo);
/* The same with what it means, "SIGSEGV (Segmentation fault)"; malloc'd. */
char *signal_text(int signo);

/* Monotonic clock in nanoseconds. */
long long now_ns(void);
/* The CPU seconds (user and system) this process has used, rounded up: what an RLIMIT_CPU given
   from now must be counted from (truncated, it would give up to a second less); -1 on failure. */
long cpu_used_s(void);

/* 1 if [s, s+len) is valid UTF-8. */
int utf8_valid(const char *s, size_t len);
/* Byte offset of the first invalid UTF-8 sequence, or len. */
size_t utf8_first_invalid(const char *s, size_t len);

/* Frees n words and the array. */
void free_words(char **argv, size_t n);

#endif
