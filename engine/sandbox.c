/*
 * sandbox.c: fork, limit, exec, capture, reap.
 *
 * The parent watches the program's pipes and its pidfd with ppoll() against
 * one deadline, so that neither a full pipe nor an orphan holding a pipe
 * open can hang litlab. The program's process group is killed whole when the
 * deadline passes or the output cap is reached, and once the program has
 * exited, so that nothing it started outlives it.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox.h"

#define SIDE_FD 3
#define SIDE_CAP (1u << 20)
/* After the program exits, how long its pipes may stay open (an orphan holding them). */
#define DRAIN_GRACE_NS 200000000LL

extern char **environ;

void launch_result_init(struct launch_result *r)
{
	memset(r, 0, sizeof *r);
	buf_init(&r->out);
	buf_init(&r->err);
	buf_init(&r->side);
}

void launch_result_release(struct launch_result *r)
{
	buf_release(&r->out);
	buf_release(&r->err);
	buf_release(&r->side);
	free(r->error);
	launch_result_init(r);
}

const char *sandbox_isolation(void)
{
	return "rlimits,pgroup";
}

static int pidfd_open_(pid_t pid)
{
#ifdef SYS_pidfd_open
	return (int)syscall(SYS_pidfd_open, pid, 0);
#else
	(void)pid;
	errno = ENOSYS;
	return -1;
#endif
}

static void set_limit(int resource, rlim_t soft, rlim_t hard)
{
	struct rlimit rl = { soft, hard };

	setrlimit(resource, &rl);
}

static void close_from(int lowfd)
{
#ifdef SYS_close_range
	if (syscall(SYS_close_range, lowfd, ~0U, 0) == 0)
		return;
#endif
	long max = sysconf(_SC_OPEN_MAX);
	for (int fd = lowfd; fd < (max > 0 ? max : 1024); fd++)
		close(fd);
}

/* In the child, between fork and exec: only async-signal-safe calls. */
static void NORETURN child(const struct launch *l, int out_w, int err_w, int side_w, int errpipe,
			   char *const *envp)
{
	int in = open(l->stdin_path ? l->stdin_path : "/dev/null", O_RDONLY | O_CLOEXEC);
	int e;
	sigset_t none;

	setpgid(0, 0);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	signal(SIGPIPE, SIG_DFL);
	/* Lift every descriptor out of the way first, so no dup2 below clobbers another. */
	errpipe = fcntl(errpipe, F_DUPFD_CLOEXEC, 100);
	in = in < 0 ? -1 : fcntl(in, F_DUPFD_CLOEXEC, 100);
	out_w = fcntl(out_w, F_DUPFD_CLOEXEC, 100);
	err_w = fcntl(err_w, F_DUPFD_CLOEXEC, 100);
	if (side_w >= 0)
		side_w = fcntl(side_w, F_DUPFD_CLOEXEC, 100);
	if (in < 0 || dup2(in, 0) < 0 || dup2(out_w, 1) < 0 || dup2(err_w, 2) < 0)
		goto fail;
	int next = SIDE_FD;
	if (side_w >= 0 && dup2(side_w, next++) < 0) /* dup2 clears close-on-exec: inherited */
		goto fail;
	if (dup2(errpipe, next) < 0)
		goto fail;
	errpipe = next;
	fcntl(errpipe, F_SETFD, FD_CLOEXEC);
	close_from(next + 1);
	if (l->cwd && chdir(l->cwd) < 0)
		goto fail;
	if (l->lim.cpu_s > 0)
		set_limit(RLIMIT_CPU, (rlim_t)l->lim.cpu_s, (rlim_t)l->lim.cpu_s + 1);
	if (l->lim.mem_bytes > 0)
		set_limit(RLIMIT_AS, (rlim_t)l->lim.mem_bytes, (rlim_t)l->lim.mem_bytes);
	if (l->lim.fsize_bytes > 0)
		set_limit(RLIMIT_FSIZE, (rlim_t)l->lim.fsize_bytes, (rlim_t)l->lim.fsize_bytes);
	if (l->lim.nofile > 0)
		set_limit(RLIMIT_NOFILE, (rlim_t)l->lim.nofile, (rlim_t)l->lim.nofile);
	set_limit(RLIMIT_CORE, 0, 0);
	if (envp)
		execvpe(l->argv[0], l->argv, envp);
	else
		execvp(l->argv[0], l->argv);
fail:
	e = errno;
	if (write(errpipe, &e, sizeof e) < 0)
		_exit(127);
	_exit(127);
}

/* Reads what is there from fd into b, keeping at most cap bytes. 0 at EOF. */
static int drain(int fd, struct buf *b, size_t cap, int *truncated)
{
	char chunk[65536];
	ssize_t n = read(fd, chunk, sizeof chunk);

	if (n < 0)
		return errno == EINTR || errno == EAGAIN ? 1 : 0;
	if (n == 0)
		return 0;
	size_t keep = (size_t)n;
	if (b->len + keep > cap) {
		keep = cap > b->len ? cap - b->len : 0;
		*truncated = 1;
	}
	buf_add(b, chunk, keep);
	return 1;
}

static char **with_side_env(char *const *envp, char **extra)
{
	size_t n = 0;
	char *const *src = envp ? envp : environ;

	while (src[n])
		n++;
	char **env = xcalloc(n + 2, sizeof *env);
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (strncmp(src[i], "LITLAB_REGION_FD=", 17) != 0)
			env[k++] = src[i];
	*extra = xasprintf("LITLAB_REGION_FD=%d", SIDE_FD);
	env[k++] = *extra;
	env[k] = NULL;
	return env;
}

int sandbox_launch(const struct launch *l, struct launch_result *r)
{
	int outp[2], errp[2], sidep[2] = { -1, -1 }, execp[2];
	char *extra = NULL;
	char **env = NULL;

	if (pipe2(outp, O_CLOEXEC) < 0)
		goto fail_early;
	if (pipe2(errp, O_CLOEXEC) < 0)
		goto fail_out;
	if (pipe2(execp, O_CLOEXEC) < 0)
		goto fail_err;
	if (l->side_channel && pipe2(sidep, O_CLOEXEC) < 0)
		goto fail_exec;
	if (l->side_channel)
		env = with_side_env(l->envp, &extra);

	long long start = now_ns();
	pid_t pid = fork();
	if (pid < 0) {
		if (sidep[0] >= 0) {
			close(sidep[0]);
			close(sidep[1]);
		}
		goto fail_exec;
	}
	if (pid == 0)
		child(l, outp[1], errp[1], sidep[1], execp[1], env ? env : l->envp);
	setpgid(pid, pid);
	r->pid = (long)pid;
	close(outp[1]);
	close(errp[1]);
	close(execp[1]);
	if (sidep[1] >= 0)
		close(sidep[1]);
	free(env);
	free(extra);

	int exec_errno = 0;
	ssize_t got;
	while ((got = read(execp[0], &exec_errno, sizeof exec_errno)) < 0 && errno == EINTR)
		;
	close(execp[0]);

	int pidfd = pidfd_open_(pid);
	long long deadline = start + (long long)(l->lim.wall_s * 1e9);
	long long drain_deadline = 0;
	int fds[3] = { outp[0], errp[0], sidep[0] };
	int open_fds = 2 + (sidep[0] >= 0);
	int exited = 0, status = 0, killed = 0;
	struct rusage ru;
	memset(&ru, 0, sizeof ru);

	for (size_t i = 0; i < 3; i++)
		if (fds[i] >= 0)
			fcntl(fds[i], F_SETFL, O_NONBLOCK);
	r->end = END_EXITED;
	if (got == (ssize_t)sizeof exec_errno) {
		r->end = END_LAUNCH_FAILED;
		r->error = xasprintf("cannot run '%s': %s", l->argv[0], strerror(exec_errno));
	}

	while (!exited || open_fds > 0) {
		long long now = now_ns();
		if (!exited && !killed && now >= deadline) {
			kill(-pid, SIGKILL);
			killed = 1;
			r->end = END_TIMEOUT;
		}
		if (exited && open_fds > 0 && now >= drain_deadline)
			break;
		struct pollfd pf[4];
		int npf = 0;
		for (size_t i = 0; i < 3; i++) {
			if (fds[i] >= 0) {
				pf[npf].fd = fds[i];
				pf[npf].events = POLLIN;
				npf++;
			}
		}
		if (!exited && pidfd >= 0) {
			pf[npf].fd = pidfd;
			pf[npf].events = POLLIN;
			npf++;
		}
		long long until = exited ? drain_deadline : killed ? now + 10000000LL : deadline;
		if (pidfd < 0 && !exited && until > now + 5000000LL)
			until = now + 5000000LL; /* no pidfd: look at the child every 5 ms */
		long long wait = until > now ? until - now : 0;
		struct timespec ts = { (time_t)(wait / 1000000000LL), (long)(wait % 1000000000LL) };
		int pr = ppoll(pf, (nfds_t)npf, &ts, NULL);
		if (pr < 0 && errno != EINTR)
			break;
		for (int i = 0; i < npf && pr > 0; i++) {
			if (!pf[i].revents || pf[i].fd == pidfd)
				continue;
			for (size_t k = 0; k < 3; k++) {
				if (fds[k] != pf[i].fd)
					continue;
				struct buf *b = k == 0 ? &r->out : k == 1 ? &r->err : &r->side;
				int *trunc = k == 0 ? &r->out_truncated : k == 1 ? &r->err_truncated : &(int){ 0 };
				size_t cap = k == 2 ? SIDE_CAP : l->lim.output_cap;
				if (!drain(fds[k], b, cap, trunc)) {
					close(fds[k]);
					fds[k] = -1;
					open_fds--;
				} else if (*trunc && k < 2 && !killed && !exited) {
					kill(-pid, SIGKILL);
					killed = 1;
					r->end = END_OUTPUT_LIMIT;
				}
			}
		}
		if (!exited) {
			pid_t w = wait4(pid, &status, WNOHANG, &ru);
			if (w == pid) {
				exited = 1;
				r->wall_ns = now_ns() - start;
				/* Whatever the program left in its group goes now; its pipes get a grace period. */
				kill(-pid, SIGKILL);
				drain_deadline = now_ns() + DRAIN_GRACE_NS;
			}
		}
	}
	for (size_t i = 0; i < 3; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	if (pidfd >= 0)
		close(pidfd);

	if (r->end != END_LAUNCH_FAILED) {
		if (WIFEXITED(status)) {
			r->exit_code = WEXITSTATUS(status);
		} else if (WIFSIGNALED(status)) {
			r->signo = WTERMSIG(status);
			if (r->end == END_EXITED)
				r->end = END_SIGNALED;
		}
	}
	r->user_ns = (long long)ru.ru_utime.tv_sec * 1000000000LL + ru.ru_utime.tv_usec * 1000LL;
	r->sys_ns = (long long)ru.ru_stime.tv_sec * 1000000000LL + ru.ru_stime.tv_usec * 1000LL;
	r->max_rss_kb = ru.ru_maxrss;
	return r->end == END_LAUNCH_FAILED ? -1 : 0;

fail_exec:
	close(execp[0]);
	close(execp[1]);
fail_err:
	close(errp[0]);
	close(errp[1]);
fail_out:
	close(outp[0]);
	close(outp[1]);
fail_early:
	free(env);
	free(extra);
	r->end = END_LAUNCH_FAILED;
	r->error = xasprintf("cannot start '%s': %s", l->argv[0], strerror(errno));
	return -1;
}
