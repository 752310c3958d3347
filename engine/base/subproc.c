/*
 * subproc.c: a child process that litlab reads through a pipe, within a deadline.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/subproc.h"
#include "base/util.h"

/*
 * In the child: it dies with the thread that forked it, which waits for it;
 * when litlab ends (a signal's exit among the ways) it does not go on alone.
 * A parent gone before this took effect is seen by getppid().
 */
static void die_with(pid_t parent)
{
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || getppid() != parent)
		_exit(127);
}

static int start(struct subproc *sp, int fds[2], long long timeout_ns)
{
	sp->pid = -1;
	sp->out = -1;
	sp->group = 0;
	sp->refused = 0;
	sp->deadline = now_ns() + timeout_ns;
	if (pipe2(fds, O_CLOEXEC) < 0)
		return -1;
	fflush(stdout);
	fflush(stderr);
	return 0;
}

int subproc_fork(struct subproc *sp, void (*fn)(void *arg, int fd), void *arg, long long timeout_ns)
{
	int fds[2];

	if (start(sp, fds, timeout_ns) < 0)
		return -1;
	pid_t parent = getpid(), pid = fork();
	if (pid == 0) {
		die_with(parent);
		close(fds[0]);
		signal(SIGPIPE, SIG_DFL);
		fn(arg, fds[1]);
		_exit(127);
	}
	int e = errno;
	close(fds[1]);
	if (pid < 0) {
		close(fds[0]);
		errno = e;
		return -1;
	}
	sp->pid = pid;
	sp->out = fds[0];
	return 0;
}

int subproc_exec(struct subproc *sp, const char *path, char *const argv[], char *const envp[],
		 long long timeout_ns)
{
	int fds[2];

	int devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (devnull < 0)
		return -1;
	if (start(sp, fds, timeout_ns) < 0) {
		close(devnull);
		return -1;
	}
	pid_t parent = getpid(), pid = fork();
	if (pid == 0) {
		die_with(parent);
		setpgid(0, 0);
		if (dup2(devnull, 0) < 0 || dup2(fds[1], 1) < 0 || dup2(fds[1], 2) < 0)
			_exit(127);
		execve(path, argv, envp);
		_exit(127);
	}
	int e = errno;
	close(devnull);
	close(fds[1]);
	if (pid < 0) {
		close(fds[0]);
		errno = e;
		return -1;
	}
	setpgid(pid, pid); /* also here: whichever runs first wins the race */
	sp->pid = pid;
	sp->out = fds[0];
	sp->group = 1;
	return 0;
}

enum subproc_end subproc_read(struct subproc *sp, void (*take)(void *ctx, struct subproc *sp, const char *p, size_t n),
			      void *ctx)
{
	enum subproc_end end = SUBPROC_ERROR;
	char chunk[8192];

	while (sp->out >= 0) {
		long long left = sp->deadline - now_ns();
		if (left <= 0) {
			end = SUBPROC_LATE;
			break;
		}
		struct pollfd pfd = { .fd = sp->out, .events = POLLIN };
		int r = poll(&pfd, 1, (int)((left + 999999) / 1000000));
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			break;
		if (r == 0)
			continue; /* the deadline check above decides */
		ssize_t n = read(sp->out, chunk, sizeof chunk);
		if (n < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (n < 0)
			break;
		if (n == 0) {
			end = SUBPROC_EOF;
			break;
		}
		take(ctx, sp, chunk, (size_t)n);
		if (sp->refused) {
			end = SUBPROC_REFUSED;
			break;
		}
	}
	if (sp->out >= 0)
		close(sp->out);
	sp->out = -1;
	return end;
}

/* Waits until pid ends or left nanoseconds pass: on its pidfd, else 2 ms at a time. */
static void wait_a_while(pid_t pid, long long left)
{
	int fd = (int)syscall(SYS_pidfd_open, pid, 0);

	if (fd >= 0) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		poll(&pfd, 1, (int)((left + 999999) / 1000000));
		close(fd);
		return;
	}
	struct timespec ts = { 0, left < 2000000 ? (long)left : 2000000 };
	nanosleep(&ts, NULL);
}

static void kill_child(const struct subproc *sp)
{
	if (sp->group)
		kill(-sp->pid, SIGKILL);
	kill(sp->pid, SIGKILL);
}

int subproc_finish(struct subproc *sp, int kill_it, int *killed)
{
	int status = -1;

	if (killed)
		*killed = 0;
	if (sp->out >= 0) {
		close(sp->out);
		sp->out = -1;
	}
	if (sp->pid <= 0)
		return -1;
	/* Killed only before it is reaped, so that the id cannot have been reused by then. */
	if (kill_it) {
		kill_child(sp);
		if (killed)
			*killed = 1;
	}
	for (;;) {
		pid_t w = waitpid(sp->pid, &status, kill_it ? 0 : WNOHANG);
		if (w == sp->pid)
			break;
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0) {
			status = -1;
			break;
		}
		long long left = sp->deadline - now_ns();
		if (left <= 0) {
			kill_it = 1;
			kill_child(sp);
			if (killed)
				*killed = 1;
			continue;
		}
		wait_a_while(sp->pid, left);
	}
	sp->pid = -1;
	return status;
}

int subproc_lines_take(struct subproc_lines *l, const char *p, size_t n, void (*each)(void *ctx, char *rec),
		       void *ctx)
{
	struct buf *in = &l->in;
	const char *end = p + n;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = (size_t)((nl ? nl : end) - p);
		if (in->len + len > l->max) {
			buf_release(in);
			return -1;
		}
		buf_add(in, p, len);
		if (!nl)
			break;
		each(ctx, in->p);
		buf_reset(in);
		p = nl + 1;
	}
	return 0;
}

void subproc_lines_release(struct subproc_lines *l)
{
	buf_release(&l->in);
}
