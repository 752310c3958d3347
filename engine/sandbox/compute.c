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
#include <linux/futex.h>
#include <seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
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

/* Sanitizer builds (make test's) keep stderr, so that a report from the child is seen. */
#if defined(__SANITIZE_ADDRESS__)
#define KEEP_STDERR 1
#else
#define KEEP_STDERR 0
#endif

/*
 * What a computation takes: memory from the kernel (private, anonymous, never executable, no huge
 * pages), its own CPU limit and use (the rule pass gives each file its seconds), the clock and
 * random bytes the C library may ask for, a futex to wake,
 * signals' return and mask, abort() on itself (SIGABRT), the way out. write() on
 * SANDBOX_COMPUTE_FD only (and stderr in a sanitizer build); on any other descriptor it fails with
 * EBADF, as it would on a closed one.
 */
static int build(scmp_filter_ctx ctx, pid_t self)
{
	static const char *const plain[] = { "exit",	     "exit_group",     "brk",	       "munmap",       "madvise",
					     "clock_gettime", "gettimeofday",   "time",	       "getrandom",    "rt_sigreturn",
					     "rt_sigprocmask", "sched_yield", "getpid",	       "gettid" };
	struct scmp_arg_cmp out = SCMP_A0(SCMP_CMP_EQ, SANDBOX_COMPUTE_FD);
	struct scmp_arg_cmp err = SCMP_A0(SCMP_CMP_EQ, 2);
	struct scmp_arg_cmp no_exec = SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, 0);
	/* private (the MAP_SHARED bit, which MAP_SHARED_VALIDATE has too, clear), anonymous, no huge pages,
	   not a stack (RLIMIT_DATA does not count one), not populated at once */
	struct scmp_arg_cmp mmap_args[] = { no_exec,
					    SCMP_A3(SCMP_CMP_MASKED_EQ,
						    MAP_SHARED | MAP_ANONYMOUS | MAP_HUGETLB | MAP_GROWSDOWN | MAP_POPULATE,
						    MAP_ANONYMOUS) };
	struct scmp_arg_cmp mremap_args = SCMP_A3(SCMP_CMP_MASKED_EQ, ~(unsigned long)MREMAP_MAYMOVE & 0xffffffffUL, 0);
	struct scmp_arg_cmp self_ = SCMP_A0(SCMP_CMP_EQ, 0);
	struct scmp_arg_cmp cpu[] = { self_, SCMP_A1(SCMP_CMP_EQ, RLIMIT_CPU) };
	struct scmp_arg_cmp rusage_self = SCMP_A0(SCMP_CMP_EQ, 0 /* RUSAGE_SELF */);
	struct scmp_arg_cmp query = SCMP_A0(SCMP_CMP_EQ, 0); /* sigaltstack(NULL, &old): __longjmp_chk */
	struct scmp_arg_cmp abort_[] = { SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)self), SCMP_A2(SCMP_CMP_EQ, SIGABRT) };
	/* wake only: the child has one thread, and a wait could only wait for ever (a lock the fork
	   copied taken: then it is killed, not left to the wall limit) */
	static const int futex_ops[] = { FUTEX_WAKE, FUTEX_WAKE_BITSET };
	int rc = 0;

	for (size_t i = 0; i < ARRAY_LEN(plain) && rc == 0; i++)
		rc = allow(ctx, plain[i], 0, NULL);
	rc = rc ? rc : allow(ctx, "write", 1, &out);
	if (rc == 0) {
		/* every other descriptor: EBADF (in a sanitizer build, but stderr); one comparison a rule */
		int nr = seccomp_syscall_resolve_name("write");
		struct scmp_arg_cmp below = SCMP_A0(SCMP_CMP_LT, 2), above = SCMP_A0(SCMP_CMP_GT, SANDBOX_COMPUTE_FD);
		rc = seccomp_rule_add_array(ctx, SCMP_ACT_ERRNO(EBADF), nr, 1, &below);
		rc = rc ? rc : seccomp_rule_add_array(ctx, SCMP_ACT_ERRNO(EBADF), nr, 1, &above);
		rc = rc ? rc : seccomp_rule_add_array(ctx, KEEP_STDERR ? SCMP_ACT_ALLOW : SCMP_ACT_ERRNO(EBADF), nr, 1, &err);
	}
	if (rc == 0 && KEEP_STDERR) {
		/* a sanitizer's report asks whether stderr is a terminal (for its colours) first */
		struct scmp_arg_cmp tty[] = { SCMP_A0(SCMP_CMP_EQ, 2), SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffUL, TCGETS) };
		rc = allow(ctx, "ioctl", ARRAY_LEN(tty), tty);
	}
	rc = rc ? rc : allow(ctx, "mmap", ARRAY_LEN(mmap_args), mmap_args);
	rc = rc ? rc : allow(ctx, "mprotect", 1, &no_exec);
	rc = rc ? rc : allow(ctx, "mremap", 1, &mremap_args);
	rc = rc ? rc : allow(ctx, "prlimit64", ARRAY_LEN(cpu), cpu);
	rc = rc ? rc : allow(ctx, "getrusage", 1, &rusage_self);
	rc = rc ? rc : allow(ctx, "sigaltstack", 1, &query);
	rc = rc ? rc : allow(ctx, "tgkill", ARRAY_LEN(abort_), abort_);
	for (size_t i = 0; i < ARRAY_LEN(futex_ops) && rc == 0; i++) {
		/* the operation, whatever its private and clock flags */
		struct scmp_arg_cmp op = SCMP_A1(SCMP_CMP_MASKED_EQ, 0x7f, (scmp_datum_t)futex_ops[i]);
		rc = allow(ctx, "futex", 1, &op);
	}
	return rc;
}

/* The bytes of data memory (RLIMIT_DATA counts them) and of address space the process has now, from
   /proc; -1 if unknown. */
static int memory_now(long long *data, long long *space)
{
	FILE *f = fopen("/proc/self/status", "re");
	char line[256];
	long long kib;

	*data = *space = -1;
	if (!f)
		return -1;
	while (fgets(line, sizeof line, f)) {
		if (sscanf(line, "VmData: %lld kB", &kib) == 1)
			*data = kib * 1024;
		else if (sscanf(line, "VmSize: %lld kB", &kib) == 1)
			*space = kib * 1024;
	}
	fclose(f);
	return *data < 0 || *space < 0 ? -1 : 0;
}

/*
 * The limits a child past its own checks cannot raise (it has no CAP_SYS_RESOURCE once its
 * capabilities are gone): cpu_s more seconds of CPU than it has used (the kernel kills it at the
 * hard limit, SIGXCPU blocked or not), memory more bytes of data memory than it has, no core file
 * (which would write its copy of litlab's memory into the folder it runs in), and not dumpable.
 */
static int set_limits(long cpu_s, long long memory)
{
	struct rlimit rl;
	long long data, space;
	long used = cpu_used_s();

	if (used < 0 || getrlimit(RLIMIT_CPU, &rl) < 0 || memory_now(&data, &space) < 0)
		return -1;
	rlim_t hard = (rlim_t)used + 1 + (rlim_t)cpu_s;
	if (rl.rlim_max == RLIM_INFINITY || rl.rlim_max > hard)
		rl.rlim_max = hard;
	if (rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur > rl.rlim_max)
		rl.rlim_cur = rl.rlim_max;
	struct rlimit mem = { (rlim_t)(data + memory), (rlim_t)(data + memory) }, none = { 0, 0 };
	if (KEEP_STDERR)
		mem.rlim_cur = mem.rlim_max = (rlim_t)(data + memory + (1LL << 30)); /* the sanitizer's quarantine */
	if (setrlimit(RLIMIT_CPU, &rl) < 0 || setrlimit(RLIMIT_DATA, &mem) < 0 || setrlimit(RLIMIT_CORE, &none) < 0)
		return -1;
	/* The address space too (a stack mapping RLIMIT_DATA does not count, one grown by mremap()): what
	   it has, the memory allowed and a gigabyte for the C library's reserved heaps. Not in a sanitizer
	   build, whose shadow memory is reserved by the terabyte as it starts. */
	struct rlimit as = { (rlim_t)(space + memory + (1LL << 30)), (rlim_t)(space + memory + (1LL << 30)) };
	if (!KEEP_STDERR && setrlimit(RLIMIT_AS, &as) < 0)
		return -1;
	return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
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

int sandbox_confine_compute(int *fd, long cpu_s, long long memory, const char **why)
{
	*why = NULL;
	if (set_limits(cpu_s, memory) < 0) {
		*why = "cannot set its limits";
		return -1;
	}
	if (*fd != SANDBOX_COMPUTE_FD) {
		if (dup2(*fd, SANDBOX_COMPUTE_FD) < 0) {
			*why = "cannot move its pipe";
			return -1;
		}
		*fd = SANDBOX_COMPUTE_FD;
	}
	for (int low = 0; low < SANDBOX_COMPUTE_FD; low++)
		if (!(KEEP_STDERR && low == 2))
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
	int rc = build(ctx, getpid());
	if (rc == 0)
		rc = seccomp_load(ctx);
	seccomp_release(ctx);
	if (rc != 0) {
		*why = "cannot load its seccomp filter";
		return -1;
	}
	return 0;
}
