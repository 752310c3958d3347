/*
 * child.c: the launch between vfork() and exec.
 *
 * The child shares the parent's memory until it execs, as posix_spawn()'s
 * does: it costs the same whatever the parent's size, which keeps a launch
 * close to the price of a bare fork. So it only makes system calls, never
 * allocates, and changes credentials with the raw system calls (glibc's
 * wrappers would try to signal the parent's other threads). Its failure
 * goes back through memory the two share.
 *
 * Order matters: the session first (so that the parent can kill the whole
 * group as soon as it sees a pid); the folder (entered while still root: in
 * tier C the work folder lies below a folder only root and the slots'
 * group may cross); a new IPC namespace (which takes the rights the
 * program will not have); Landlock (which needs no_new_privs); the
 * descriptors; limits; credentials; the parent-death signal (after the uid
 * change, which clears it); the signals. The seccomp filter is already
 * there: the spawner installed it on itself once.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/securebits.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "sandbox/internal.h"

#if defined(__has_attribute)
#if __has_attribute(no_sanitize)
#define NO_SANITIZE __attribute__((no_sanitize("address", "undefined")))
#endif
#endif
#ifndef NO_SANITIZE
#define NO_SANITIZE
#endif

#ifndef SYS_landlock_restrict_self
#define SYS_landlock_restrict_self 446
#endif

void sbx_close_from(int lowfd)
{
#ifdef SYS_close_range
	if (syscall(SYS_close_range, lowfd, ~0U, 0) == 0)
		return;
#endif
	long max = sysconf(_SC_OPEN_MAX);
	for (int fd = lowfd; fd < (max > 0 ? max : 1024); fd++)
		close(fd);
}

static NO_SANITIZE void set_limit(int resource, rlim_t soft, rlim_t hard)
{
	struct rlimit rl = { soft, hard };

	setrlimit(resource, &rl);
}

static NO_SANITIZE int drop_capabilities(void)
{
	struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct data[2] = { { 0, 0, 0 }, { 0, 0, 0 } };

	/* Root that execs regains nothing: no fix-ups, no setuid-root, all locked. */
	if (prctl(PR_SET_SECUREBITS, SECBIT_NOROOT | SECBIT_NOROOT_LOCKED | SECBIT_NO_SETUID_FIXUP |
					     SECBIT_NO_SETUID_FIXUP_LOCKED | SECBIT_KEEP_CAPS_LOCKED, 0, 0, 0) < 0)
		return -1;
	for (int cap = 0; cap <= 63; cap++)
		if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) < 0 && errno != EINVAL)
			return -1;
	prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
	return (int)syscall(SYS_capset, &hdr, data);
}

static NO_SANITIZE NORETURN void child(const struct child_spec *c, volatile int *failure)
{
	int stage = STAGE_SETUP;

	setsid();

	/* Entered before the uid changes: the folder above it may be closed to that uid. */
	stage = STAGE_CWD;
	if (c->cwd_fd >= 0 ? fchdir(c->cwd_fd) < 0 : c->cwd && chdir(c->cwd) < 0)
		goto fail;
	stage = STAGE_SETUP;

	/* System V and POSIX IPC objects of its own, gone with it: nothing reaches the next launch. */
	if (c->new_ipc && unshare(CLONE_NEWIPC) < 0)
		goto fail;

	/* Landlock needs no_new_privs, and its ruleset's descriptor, which goes next. */
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		goto fail;
	if (c->landlock_fd >= 0 && syscall(SYS_landlock_restrict_self, c->landlock_fd, 0) < 0)
		goto fail;

	/*
	 * The OOM killer's first choice, and so of everything it starts: never
	 * the spawner, which shares the memory cgroup in tier A and may not be
	 * allowed to protect itself (that takes CAP_SYS_RESOURCE). Raising needs
	 * no right. (Tiers C and D have no memory cgroup, and their Landlock
	 * rules refuse the write: the value stays.) Tiers A and B write it
	 * through the spawner's writable /proc (theirs is read-only), before the
	 * descriptors are moved: that one is among those closed then.
	 */
	int adj = c->proc_rw >= 0 ? openat(c->proc_rw, "self/oom_score_adj", O_WRONLY | O_CLOEXEC)
				  : open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);
	if (adj >= 0) {
		ssize_t n = write(adj, "1000", 4);
		(void)n;
		close(adj);
	}

	/* The descriptors, before RLIMIT_NOFILE may leave no room to move them. Every one
	   is lifted out of the way first, so that no dup2() below clobbers another. */
	int in = fcntl(c->fd_in, F_DUPFD_CLOEXEC, 10);
	int out = fcntl(c->fd_out, F_DUPFD_CLOEXEC, 10);
	int err = fcntl(c->fd_err, F_DUPFD_CLOEXEC, 10);
	int side = c->fd_side >= 0 ? fcntl(c->fd_side, F_DUPFD_CLOEXEC, 10) : -1;
	if (in < 0 || out < 0 || err < 0 || (c->fd_side >= 0 && side < 0))
		goto fail;
	if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0 || (side >= 0 && dup2(side, 3) < 0))
		goto fail;
	sbx_close_from(side >= 0 ? 4 : 3);

	const struct limits *lim = c->lim;
	if (lim->cpu_s > 0)
		set_limit(RLIMIT_CPU, (rlim_t)lim->cpu_s, (rlim_t)lim->cpu_s + 1);
	if (c->set_as && lim->mem_bytes > 0 && !lim->wide_address_space)
		set_limit(RLIMIT_AS, (rlim_t)lim->mem_bytes, (rlim_t)lim->mem_bytes);
	if (lim->fsize_bytes > 0)
		set_limit(RLIMIT_FSIZE, (rlim_t)lim->fsize_bytes, (rlim_t)lim->fsize_bytes);
	if (lim->nofile > 0)
		set_limit(RLIMIT_NOFILE, (rlim_t)lim->nofile, (rlim_t)lim->nofile);
	if (c->nproc > 0)
		set_limit(RLIMIT_NPROC, (rlim_t)c->nproc, (rlim_t)c->nproc);
	set_limit(RLIMIT_CORE, 0, 0);
	/* Queued signals and POSIX timers count per uid, which other processes share (tier A's
	   65534 with the host's nobody, tier D's with the user's session): a launch takes few. */
	set_limit(RLIMIT_SIGPENDING, SIGPENDING_MAX, SIGPENDING_MAX);


	if (c->uid >= 0) {
		int gid = c->gid >= 0 ? c->gid : c->uid;
		if (syscall(SYS_setgroups, 0, NULL) < 0 || syscall(SYS_setresgid, gid, gid, gid) < 0 ||
		    syscall(SYS_setresuid, c->uid, c->uid, c->uid) < 0)
			goto fail;
	} else if (c->drop_caps && drop_capabilities() < 0) {
		goto fail;
	}
	/* setresuid() cleared any parent-death signal: set it now, and mind a parent already gone. */
	if (c->pdeathsig) {
		prctl(PR_SET_PDEATHSIG, c->pdeathsig, 0, 0, 0);
		if (getppid() != c->parent)
			_exit(127);
	}

	/* The spawner's actions are all the defaults; its mask is not. */
	sigset_t none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);

	stage = STAGE_EXEC;
	execve(c->path, c->argv, c->envp);
fail:
	*failure = CHILD_FAILURE(stage, errno);
	_exit(127);
}

pid_t sbx_spawn(const struct child_spec *c, int *failure)
{
	volatile int shared = 0;
	pid_t pid = vfork();

	if (pid == 0)
		child(c, &shared);
	*failure = pid < 0 ? 0 : shared;
	return pid;
}
