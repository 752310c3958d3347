/*
 * compute.c: a child that only computes, and writes on one pipe.
 *
 * The rule pass runs a course's Lua in a copy of litlab made by fork, with
 * no exec: the copy holds litlab's descriptors (the cache's folder, the
 * sandbox helpers' sockets, cgroup files) and its rights. Lua's VM is the
 * first wall; this is the second, for code that got past it: the copy keeps
 * one descriptor, no capabilities, and a seccomp filter that kills it at the
 * first call a computation does not make.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <seccomp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "sandbox/internal.h"
#include "sandbox/sandbox.h"

static int allow(scmp_filter_ctx ctx, const char *name, unsigned n, const struct scmp_arg_cmp *arg)
{
	int nr = seccomp_syscall_resolve_name(name);

	if (nr == __NR_SCMP_ERROR)
		return 0; /* not on this architecture: nothing to allow */
	return n ? seccomp_rule_add_array(ctx, SCMP_ACT_ALLOW, nr, n, arg) : seccomp_rule_add(ctx, SCMP_ACT_ALLOW, nr, 0);
}

/*
 * What a computation takes: memory from the kernel (never executable, never
 * a file's), its own CPU limit and use (the rule pass gives each file its
 * seconds), the clock and random bytes the C library may ask for, a futex
 * (a lock the fork copied taken), signals' return and mask (abort()), the
 * way out. write() on SANDBOX_COMPUTE_FD only; on any other descriptor it
 * fails with EBADF, as it would on a closed one.
 */
static int build(scmp_filter_ctx ctx)
{
	static const char *const plain[] = { "exit",	     "exit_group", "brk",	      "munmap",	 "mremap",
					     "madvise",	     "futex",	   "clock_gettime", "gettimeofday", "time",
					     "getrandom",    "rt_sigreturn", "rt_sigprocmask", "sched_yield" };
	struct scmp_arg_cmp out = SCMP_A0(SCMP_CMP_EQ, SANDBOX_COMPUTE_FD);
	struct scmp_arg_cmp not_out = SCMP_A0(SCMP_CMP_NE, SANDBOX_COMPUTE_FD);
	struct scmp_arg_cmp no_exec = SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, 0);
	struct scmp_arg_cmp anonymous = SCMP_A3(SCMP_CMP_MASKED_EQ, MAP_ANONYMOUS, MAP_ANONYMOUS);
	struct scmp_arg_cmp mmap_args[] = { no_exec, anonymous };
	struct scmp_arg_cmp self = SCMP_A0(SCMP_CMP_EQ, 0);
	struct scmp_arg_cmp cpu[] = { self, SCMP_A1(SCMP_CMP_EQ, RLIMIT_CPU) };
	struct scmp_arg_cmp rusage_self = SCMP_A0(SCMP_CMP_EQ, 0 /* RUSAGE_SELF */);
	struct scmp_arg_cmp query = SCMP_A0(SCMP_CMP_EQ, 0); /* sigaltstack(NULL, &old): __longjmp_chk */
	int rc = 0;

	for (size_t i = 0; i < ARRAY_LEN(plain) && rc == 0; i++)
		rc = allow(ctx, plain[i], 0, NULL);
	rc = rc ? rc : allow(ctx, "write", 1, &out);
	if (rc == 0) {
		int nr = seccomp_syscall_resolve_name("write");
		rc = seccomp_rule_add_array(ctx, SCMP_ACT_ERRNO(EBADF), nr, 1, &not_out);
	}
	rc = rc ? rc : allow(ctx, "mmap", ARRAY_LEN(mmap_args), mmap_args);
	rc = rc ? rc : allow(ctx, "mprotect", 1, &no_exec);
	rc = rc ? rc : allow(ctx, "prlimit64", ARRAY_LEN(cpu), cpu);
	rc = rc ? rc : allow(ctx, "getrusage", 1, &rusage_self);
	rc = rc ? rc : allow(ctx, "sigaltstack", 1, &query);
	return rc;
}

/* Drops every capability, for good: root's child is then no more than anyone's. */
static int drop_capabilities(void)
{
	struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct data[2];

	memset(data, 0, sizeof data);
	for (int cap = 0; cap <= 63; cap++)
		if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) < 0 && errno != EINVAL && errno != EPERM)
			return -1;
	prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
	return (int)syscall(SYS_capset, &hdr, data);
}

/* The environment's strings, wiped: a token in it (a CI's) is not for a rule to read. */
static void forget_environment(void)
{
	extern char **environ;

	for (char **e = environ; e && *e; e++)
		explicit_bzero(*e, strlen(*e));
	environ = NULL;
}

int sandbox_confine_compute(int *fd, const char **why)
{
	*why = NULL;
	if (*fd != SANDBOX_COMPUTE_FD) {
		if (dup2(*fd, SANDBOX_COMPUTE_FD) < 0) {
			*why = "cannot move its pipe";
			return -1;
		}
		*fd = SANDBOX_COMPUTE_FD;
	}
	for (int low = 0; low < SANDBOX_COMPUTE_FD; low++)
		close(low);
	sbx_close_from(SANDBOX_COMPUTE_FD + 1);
	forget_environment();
	if (drop_capabilities() < 0) {
		*why = "cannot drop its capabilities";
		return -1;
	}
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_KILL_PROCESS);
	if (!ctx) {
		*why = "cannot make a seccomp filter";
		return -1;
	}
	seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS);
	/* libseccomp sets no_new_privs itself (SCMP_FLTATR_CTL_NNP, on by default) */
	int rc = build(ctx);
	if (rc == 0)
		rc = seccomp_load(ctx);
	seccomp_release(ctx);
	if (rc != 0) {
		*why = "cannot load its seccomp filter";
		return -1;
	}
	return 0;
}
