/*
 * helper.c: litlab's side of a helper, one per launch slot, set up once.
 *
 * litlab's child becomes the helper: in tiers A and B the mounter (which
 * forks the spawner), in C and D the spawner itself. The child runs the
 * helper from a fresh image of the binary it came from: litlab has threads
 * (-j N, the cache's writer), and a fork() copies whatever locks they held
 * at that moment, the allocator's among them. glibc's own fork() takes
 * care of malloc's, but not every allocator does (AddressSanitizer's did
 * not: a helper started while another thread allocated hung at its first
 * malloc). After exec, nothing of the parent's state is left but the
 * descriptors it was meant to keep and the configuration, in the
 * environment.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox/internal.h"

#define CHUNK 32768

static void add_string(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s) + 1);
}

int sbx_helper_send(struct sbx_helper *h, const struct sbx_request *rq)
{
	struct msg_req m;
	struct buf payload = BUF_INIT;
	int fds[SBX_MAX_FDS], nfds = 0;

	memset(&m, 0, sizeof m);
	m.type = MSG_REQ;
	m.lim = *rq->lim;
	m.folder_bytes = rq->folder_bytes;
	m.folder_files = rq->folder_files;
	for (char *const *v = rq->argv; *v; v++, m.argc++)
		add_string(&payload, *v);
	for (char *const *v = rq->envp; *v; v++, m.envc++)
		add_string(&payload, *v);
	if (payload.len > SBX_MAX_PAYLOAD) {
		buf_release(&payload);
		errno = E2BIG;
		return -1;
	}
	m.payload = payload.len;
	fds[nfds++] = rq->fd_in;
	fds[nfds++] = rq->fd_out;
	fds[nfds++] = rq->fd_err;
	if (rq->fd_side >= 0) {
		m.flags |= REQ_SIDE;
		fds[nfds++] = rq->fd_side;
	}
	fds[nfds++] = rq->work_fd;
	int rc = sbx_send(h->sock, &m, sizeof m, fds, nfds);
	for (size_t off = 0; rc == 0 && off < payload.len; off += CHUNK) {
		size_t n = payload.len - off < CHUNK ? payload.len - off : CHUNK;
		rc = sbx_send(h->sock, payload.p + off, n, NULL, 0);
	}
	buf_release(&payload);
	if (rc < 0)
		h->broken = 1;
	return rc;
}

void sbx_helper_kill(struct sbx_helper *h)
{
	uint32_t type = MSG_KILL;

	if (sbx_send(h->sock, &type, sizeof type, NULL, 0) < 0)
		h->broken = 1;
}

int sbx_helper_outcome(struct sbx_helper *h, struct msg_done *o)
{
	union msg m;
	int fds[SBX_MAX_FDS], nfds;
	ssize_t n = sbx_recv(h->sock, &m, sizeof m, fds, SBX_MAX_FDS, &nfds, MSG_DONTWAIT);

	for (int i = 0; i < nfds; i++)
		close(fds[i]);
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
		return 0;
	if (n != (ssize_t)sizeof m.done || m.type != MSG_DONE) {
		h->broken = 1;
		return -1;
	}
	*o = m.done;
	return 1;
}

int sbx_helper_folder(struct sbx_helper *h, long long bytes, long files)
{
	struct msg_folder rq;
	union msg m;
	int fds[SBX_MAX_FDS], nfds = 0, fd = -1;

	memset(&rq, 0, sizeof rq);
	rq.type = MSG_FOLDER;
	rq.bytes = bytes;
	rq.files = files;
	if (sbx_send(h->sock, &rq, sizeof rq, NULL, 0) < 0) {
		h->broken = 1;
		return -1;
	}
	/* The answer comes at once: the helper is between launches (this slot is ours). */
	struct pollfd pf = { h->sock, POLLIN, 0 };
	if (poll(&pf, 1, 10000) <= 0) {
		h->broken = 1;
		errno = ETIMEDOUT;
		return -1;
	}
	ssize_t n = sbx_recv(h->sock, &m, sizeof m, fds, SBX_MAX_FDS, &nfds, 0);
	for (int i = 0; i < nfds; i++) {
		if (fd < 0)
			fd = fds[i];
		else
			close(fds[i]);
	}
	if (n != (ssize_t)sizeof m.folder || m.type != MSG_MADE) {
		if (fd >= 0)
			close(fd);
		h->broken = 1;
		errno = EPROTO;
		return -1;
	}
	if (m.folder.err || fd < 0) {
		if (fd >= 0)
			close(fd);
		errno = m.folder.err ? m.folder.err : EPROTO;
		return -1;
	}
	return fd;
}

/* Closes every descriptor but those in keep (n of them, -1 entries ignored). */
static void close_all_but(const int *keep, size_t n)
{
	int low = 0;

	for (;;) {
		int next = -1;
		for (size_t i = 0; i < n; i++)
			if (keep[i] >= low && (next < 0 || keep[i] < next))
				next = keep[i];
		if (next < 0)
			break;
		for (int fd = low; fd < next; fd++)
			close(fd);
		low = next + 1;
	}
	sbx_close_from(low);
}

extern char **environ;

#define HELPER_ENV "LITLAB_SANDBOX_HELPER"
#define SHOW_ENV "LITLAB_SANDBOX_HELPER_SHOW_"
#define HELPER_ARGV0 "litlab-sandbox-helper"

/* The helper's configuration as text, for the environment of the new image. */
static char *helper_spec(const struct sbx_config *cfg, const struct sbx_cgroup *cg, int sock)
{
	return xasprintf(HELPER_ENV "=%c %d %d %ld %d %d %d %d %d %d %d %d %d", cfg->tier, cfg->uid, cfg->use_cgroup,
			 cfg->nproc, cfg->landlock, cfg->filter != NULL, sock, cg->pids_procs, cg->mem_procs,
			 cg->mem_limit, cg->memsw_limit, cg->oom_efd, cg->pids_events);
}

/* In the child: exec the helper's image with envp; returns only if that failed. */
static void helper_exec(const struct sbx_cgroup *cg, int sock, char *const *envp)
{
	int keep[] = { sock, cg->pids_procs, cg->mem_procs, cg->mem_limit, cg->memsw_limit, cg->oom_efd, cg->pids_events, 2 };
	char *argv[] = { HELPER_ARGV0, NULL };

	close_all_but(keep, ARRAY_LEN(keep));
	int null = open("/dev/null", O_RDWR);
	if (null >= 0 && null != 0)
		dup2(null, 0);
	if (null >= 0 && null != 1)
		dup2(null, 1);
	for (size_t i = 0; i < ARRAY_LEN(keep); i++)
		if (keep[i] >= 0)
			fcntl(keep[i], F_SETFD, 0);
	execve("/proc/self/exe", argv, envp);
	for (size_t i = 0; i < ARRAY_LEN(keep); i++)
		if (keep[i] > 2)
			fcntl(keep[i], F_SETFD, FD_CLOEXEC);
}

static NORETURN void helper_child(const struct sbx_config *cfg, const struct sbx_cgroup *cg, int sock);

/*
 * The new image's first step, before main(): if it was started as a helper,
 * it becomes one and never returns. glibc passes a constructor the
 * program's arguments.
 */
__attribute__((constructor)) static void helper_entry(int argc, char **argv)
{
	static struct sbx_config cfg;
	static struct sbx_cgroup cg;
	static struct sock_fprog filter;
	const char *spec = getenv(HELPER_ENV);
	int sock, want_filter;
	char tier;
	struct stat st;

	if (!spec || argc < 1 || !argv || !argv[0] || strcmp(argv[0], HELPER_ARGV0) != 0)
		return;
	memset(&cfg, 0, sizeof cfg);
	sbx_cgroup_init(&cg);
	if (sscanf(spec, "%c %d %d %ld %d %d %d %d %d %d %d %d %d", &tier, &cfg.uid, &cfg.use_cgroup, &cfg.nproc,
		   &cfg.landlock, &want_filter, &sock, &cg.pids_procs, &cg.mem_procs, &cg.mem_limit, &cg.memsw_limit,
		   &cg.oom_efd, &cg.pids_events) != 13 ||
	    tier < 'A' || tier > 'D' || fstat(sock, &st) < 0 || !S_ISSOCK(st.st_mode))
		_exit(127);
	unsetenv(HELPER_ENV);
	cfg.tier = tier;
	size_t n = 0;
	for (char **e = environ; *e; e++)
		n += strncmp(*e, SHOW_ENV, sizeof SHOW_ENV - 1) == 0;
	cfg.shown = xcalloc(n + 1, sizeof *cfg.shown);
	n = 0;
	for (char **e = environ; *e; e++) {
		if (strncmp(*e, SHOW_ENV, sizeof SHOW_ENV - 1) != 0)
			continue;
		const char *eq = strchr(*e, '=');
		if (eq)
			cfg.shown[n++] = xstrdup(eq + 1);
	}
	if (want_filter) { /* the parent has one: a helper without it would run programs unfiltered */
		char *why = NULL;
		if (sbx_filter_build(tier, &filter, &why) < 0)
			_exit(126);
		cfg.filter = &filter;
		free(why);
	}
	helper_child(&cfg, &cg, sock);
}

/* litlab's child. */
static NORETURN void helper_child(const struct sbx_config *cfg, const struct sbx_cgroup *cg, int sock)
{
	int keep[] = { sock, cg->pids_procs, cg->mem_procs, cg->mem_limit, cg->memsw_limit, cg->oom_efd, cg->pids_events, 2 };
	struct sigaction dfl;
	struct spawner sp;

	close_all_but(keep, ARRAY_LEN(keep));
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);
	if (null >= 0 && null != 0)
		dup2(null, 0);
	if (null >= 0 && null != 1)
		dup2(null, 1);
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	for (int s = 1; s < NSIG; s++)
		sigaction(s, &dfl, NULL);
	sigset_t none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	setsid(); /* out of the terminal's reach: Ctrl-C is litlab's to handle */

	memset(&sp, 0, sizeof sp);
	sp.cfg = cfg;
	sp.cg = cg;
	sp.sock = sock;
	sp.msock = -1;
	sp.proc_rw = -1;
	sp.uid = sp.gid = -1;
	if (cfg->tier == 'A' || (cfg->tier == 'B' && cfg->uid >= 0)) {
		sp.uid = sp.gid = cfg->uid;
	} else if (cfg->tier == 'C') {
		sp.uid = cfg->uid; /* this slot's own (helper_start() added the slot to it) */
		sp.gid = SANDBOX_UID_C + (cfg->uid - SANDBOX_UID_C) / SANDBOX_UID_C_SLOTS * SANDBOX_UID_C_SLOTS;
	}
	if (cfg->tier == 'A' || cfg->tier == 'B')
		sbx_mounter_main(&sp);
	sbx_spawner_main(&sp);
}

static void reap(pid_t pid, double max_s)
{
	long long until = now_ns() + (long long)(max_s * 1e9);

	for (;;) {
		pid_t w = waitpid(pid, NULL, WNOHANG);
		if (w == pid || (w < 0 && errno != EINTR))
			return;
		if (now_ns() >= until) {
			kill(pid, SIGKILL);
			until = now_ns() + 1000000000LL;
		}
		usleep(1000);
	}
}

/* Starts a helper from a fresh image of litlab (fresh), or as a plain fork of it. */
static int helper_start(struct sbx_helper *h, const struct sbx_config *shared, int slot, unsigned *parts, char **why,
			int fresh)
{
	/* Tier C: each slot's launches run as a uid of their own (RLIMIT_NPROC counts per uid). */
	struct sbx_config own = *shared;
	const struct sbx_config *cfg = &own;
	if (own.tier == 'C' && own.uid >= 0)
		own.uid += slot % SANDBOX_UID_C_SLOTS;
	int sv[2];
	int ns = cfg->tier == 'A' || cfg->tier == 'B';

	memset(h, 0, sizeof *h);
	h->sock = -1;
	h->slot = slot;
	sbx_cgroup_init(&h->cg);
	*parts = 0;
	if (cfg->use_cgroup && sbx_cgroup_make(&h->cg, slot, why) < 0) {
		sbx_cgroup_release(&h->cg);
		return -1;
	}
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0) {
		*why = xasprintf("cannot make a socket pair: %s", strerror(errno));
		sbx_cgroup_release(&h->cg);
		return -1;
	}
	/* What the child needs to exec, made before the fork: after it, it may not allocate. */
	size_t nenv = 0, nshown = 0;
	while (environ[nenv])
		nenv++;
	while (cfg->shown && cfg->shown[nshown])
		nshown++;
	char **envp = xcalloc(nenv + nshown + 2, sizeof *envp);
	size_t k = 0;
	for (size_t i = 0; i < nenv; i++)
		if (strncmp(environ[i], HELPER_ENV, sizeof HELPER_ENV - 1) != 0)
			envp[k++] = environ[i];
	char **shows = xcalloc(nshown + 1, sizeof *shows);
	for (size_t i = 0; i < nshown; i++)
		envp[k++] = shows[i] = xasprintf(SHOW_ENV "%zu=%s", i, cfg->shown[i]);
	char *spec = helper_spec(cfg, &h->cg, sv[1]);
	envp[k] = spec;
	sandbox_signals_settled(); /* the forked helper, tried when exec fails, runs on */
	pid_t pid = fork();
	if (pid < 0) {
		*why = xasprintf("cannot fork: %s", strerror(errno));
		free(spec);
		free_words(shows, nshown);
		free(envp);
		close(sv[0]);
		close(sv[1]);
		sbx_cgroup_release(&h->cg);
		return -1;
	}
	if (pid == 0) {
		close(sv[0]);
		if (fresh) {
			helper_exec(&h->cg, sv[1], envp);
			_exit(127); /* litlab tries a forked helper next */
		}
		helper_child(cfg, &h->cg, sv[1]);
	}
	free(spec);
	free_words(shows, nshown);
	free(envp);
	close(sv[1]);
	h->pid = pid;
	h->sock = sv[0];
	if (!ns)
		h->spawner = pid;

	/* The spawner's pid (from the mounter) and its READY, in either order. */
	long long until = now_ns() + 10000000000LL;
	int have_pid = !ns, ready = 0;
	while (!(have_pid && ready)) {
		long long left = until - now_ns();
		struct pollfd pf = { h->sock, POLLIN, 0 };
		if (left <= 0 || poll(&pf, 1, (int)(left / 1000000) + 1) == 0) {
			*why = xstrdup("the sandbox helper did not start in time");
			break;
		}
		union msg m;
		int fds[SBX_MAX_FDS], nfds;
		ssize_t n = sbx_recv(h->sock, &m, sizeof m, fds, SBX_MAX_FDS, &nfds, MSG_DONTWAIT);
		for (int i = 0; i < nfds; i++)
			close(fds[i]);
		if (n < 0 && (errno == EAGAIN || errno == EINTR))
			continue;
		if (n != (ssize_t)sizeof m.ready) {
			*why = xstrdup("the sandbox helper ended while starting");
			break;
		}
		if (m.type == MSG_FAIL) {
			m.ready.why[sizeof m.ready.why - 1] = '\0';
			*why = xstrdup(m.ready.why);
			break;
		}
		if (m.type == MSG_PID) {
			h->spawner = m.ready.pid;
			have_pid = 1;
		} else if (m.type == MSG_READY) {
			*parts = m.ready.parts;
			ready = 1;
		}
	}
	if (!(have_pid && ready)) {
		h->broken = 1;
		sbx_helper_stop(h);
		return -1;
	}
	return 0;
}

/*
 * 1 once a helper from a fresh image failed to start where a forked one
 * started: /proc/self/exe is not litlab (run through ld.so or an emulator),
 * or /proc is missing. Helpers are forked from then on.
 */
static int fresh_fails;

int sbx_helper_start(struct sbx_helper *h, const struct sbx_config *cfg, int slot, unsigned *parts, char **why)
{
	if (__atomic_load_n(&fresh_fails, __ATOMIC_RELAXED))
		return helper_start(h, cfg, slot, parts, why, 0);
	char *fresh_why = NULL;
	if (helper_start(h, cfg, slot, parts, &fresh_why, 1) == 0)
		return 0;
	if (helper_start(h, cfg, slot, parts, why, 0) < 0) {
		free(fresh_why);
		return -1;
	}
	__atomic_store_n(&fresh_fails, 1, __ATOMIC_RELAXED);
	free(fresh_why);
	return 0;
}

void sbx_helper_stop(struct sbx_helper *h)
{
	if (h->sock >= 0)
		close(h->sock);
	h->sock = -1;
	if (h->spawner > 0 && h->broken)
		kill(h->spawner, SIGKILL);
	if (h->pid > 0)
		reap(h->pid, 2.0);
	h->pid = 0;
	h->spawner = 0;
	sbx_cgroup_release(&h->cg);
}

void sbx_helper_forget(struct sbx_helper *h)
{
	int fds[] = { h->sock, h->cg.pids_procs, h->cg.mem_procs, h->cg.mem_limit, h->cg.memsw_limit, h->cg.oom_efd,
		      h->cg.pids_events };

	for (size_t i = 0; i < ARRAY_LEN(fds); i++)
		if (fds[i] >= 0)
			close(fds[i]);
	free(h->cg.pids_dir);
	free(h->cg.mem_dir);
	memset(h, 0, sizeof *h);
	h->sock = -1;
}
