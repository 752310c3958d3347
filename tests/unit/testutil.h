/*
 * testutil.h: what several unit tests share. Include it after <cmocka.h>
 * and the engine's headers.
 */
#ifndef LITLAB_TESTUTIL_H
#define LITLAB_TESTUTIL_H

#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "lesson/lesson.h"

/* Parses text as the lesson at path; the test fails if nothing comes back. */
static inline struct lesson *test_lesson(const char *path, const char *text)
{
	struct lesson *l = lesson_parse(path, text, strlen(text));

	assert_non_null(l);
	return l;
}

/* The same, and the test fails (each one printed) if the lesson has a diagnostic. */
static inline struct lesson *test_lesson_clean(const char *path, const char *text)
{
	struct lesson *l = test_lesson(path, text);

	for (size_t i = 0; i < l->diags.n; i++)
		print_error("unexpected: %d:%d: %s [%s]\n", l->diags.v[i].line, l->diags.v[i].col,
			    l->diags.v[i].message, l->diags.v[i].rule);
	assert_int_equal(l->diags.n, 0);
	return l;
}

/*
 * The CPU time this process has used, in nanoseconds: what a test that
 * guards against a quadratic pass bounds. Never the wall clock: a busy
 * machine (make -j, other jobs) stretches wall time by any factor, and a
 * test must not fail for it; CPU time grows only with the work done.
 */
static inline long long test_cpu_ns(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) < 0)
		return 0;
	return ((long long)ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000000LL +
	       ((long long)ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1000LL;
}

/*
 * In a child of the test: a seccomp filter that makes prctl(option) fail
 * with EPERM, and with option PR_SET_SECCOMP seccomp() too, as a
 * container's filter may: what confines the rule pass (PR_SET_SECCOMP), or
 * what ties a child to litlab (PR_SET_PDEATHSIG), then cannot be had. Exits
 * 99 if it cannot be set.
 */
static inline void test_refuse_prctl(int option)
{
	unsigned on_seccomp = option == PR_SET_SECCOMP ? SECCOMP_RET_ERRNO | EPERM : SECCOMP_RET_ALLOW;
	struct sock_filter prog[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_seccomp, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, on_seccomp),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_prctl, 0, 3),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)option, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog fprog = { sizeof prog / sizeof prog[0], prog };

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 || prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &fprog) < 0)
		_exit(99);
}

#endif
