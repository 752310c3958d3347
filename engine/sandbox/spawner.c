/*
 * spawner.c: the process that starts every launch of one slot.
 *
 * Setting up namespaces, a cgroup and a seccomp filter for every run costs
 * 10 to 13 ms here, and even the filter alone costs a quarter of a bare
 * fork, exec and wait (the kernel compiles it and prepares its cache on
 * every install), while a filter inherited from a parent costs nothing. So
 * each slot has a spawner, made once, with the filter installed on itself;
 * every program is vfork()ed from it and inherits the filter, the
 * namespaces, the cgroup. litlab talks to it over a SOCK_SEQPACKET socket:
 * it sends the argv, the environment, the limits and the program's
 * descriptors (its pipes and its work folder), keeps the deadline and reads
 * the pipes itself, asks for a kill with a one-word message, and gets the
 * outcome (status, usage, times, limits met) back. When litlab goes away the
 * socket ends, and the spawner kills everything it started and exits.
 *
 * Tiers A and B: PID 1 of the new PID namespace, in the root the mounter
 * built; the mounter mounts each launch's folders before it starts and
 * removes them after; after each launch, kill(-1) ends whatever is left in
 * the namespace. Each launch has a new IPC namespace of its own.
 *
 * Tiers C and D: litlab's child, a child subreaper: orphans come back to it,
 * and after each launch it kills the program's group and then every child
 * it has left. Each launch gets a Landlock ruleset for its work folder.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox/internal.h"

/* kill(-1) from PID 1 of a PID namespace reaches that namespace only: never anywhere else. */
static void kill_namespace(void)
{
	if (getpid() == 1)
		kill(-1, SIGKILL);
}

/*
 * The spawner's list of children, opened once at its start: a program that
 * lowered the spawner's RLIMIT_NOFILE (or filled its descriptors) must not
 * keep it from finding the processes left behind.
 */
static int children_fd = -1;

static void open_children(void)
{
	char path[64];

	snprintf(path, sizeof path, "/proc/self/task/%d/children", (int)getpid());
	children_fd = open(path, O_RDONLY | O_CLOEXEC);
}

/* The spawner's children, from /proc (a subreaper's orphans among them), all of them; -1 without it. */
static int kill_children(void)
{
	char text[4096];
	char carry[32] = "";
	int n = 0;

	if (children_fd < 0 || lseek(children_fd, 0, SEEK_SET) < 0)
		return -1;
	for (;;) {
		/* A pid cut at the end of a read is carried to the next: "12 345 67" + "8 9". */
		size_t kept = strlen(carry);
		memcpy(text, carry, kept);
		ssize_t len = read(children_fd, text + kept, sizeof text - 1 - kept);
		if (len < 0)
			return n ? n : -1;
		text[kept + (size_t)len] = '\0';
		carry[0] = '\0';
		char *last = text + kept + len;
		if (len > 0) { /* the last word may go on in the next read */
			char *sp = strrchr(text, ' ');
			if (sp && sp + 1 < last && (size_t)(last - sp - 1) < sizeof carry) {
				strcpy(carry, sp + 1);
				*sp = '\0';
			}
		}
		for (char *p = text, *end; *p; p = end) {
			long pid = strtol(p, &end, 10);
			if (end == p)
				break;
			if (pid > 1 && kill((pid_t)pid, SIGKILL) == 0)
				n++;
		}
		if (len == 0)
			return n;
	}
}


/*
 * litlab is gone (or stops the helper): nothing the launches started may
 * outlive it. PID 1 of a namespace ends it whole. Elsewhere the program's
 * group, the children and, in tier C, every process of the slot's uid,
 * again and again until none is left (a process that forks as fast as it
 * is killed is caught by the next round), for two seconds at most.
 */
static NORETURN void quit(struct spawner *sp)
{
	if (sp->ns) {
		kill_namespace();
		_exit(0);
	}
	long long give_up = now_ns() + 2000000000LL;
	for (;;) {
		int left = 0;
		if (sp->current > 0)
			kill(-sp->current, SIGKILL);
		left += kill_children() > 0;
		if (sp->cfg->tier == 'C' && sp->uid > 0)
			left += sbx_kill_uid((uid_t)sp->uid, (gid_t)sp->gid) > 0;
		while (waitpid(-1, NULL, WNOHANG) > 0)
			;
		if (!left || now_ns() >= give_up)
			break;
		usleep(2000);
	}
	_exit(0);
}

/* One request to the mounter, with fd going along (-1: none); *out gets a descriptor it sends back. */
static int ask_mounter(struct spawner *sp, uint32_t op, int fd, long long bytes, long files, struct mnt_reply *rp,
		       int *out)
{
	struct mnt_req rq;
	int fds[SBX_MAX_FDS], nfds;

	memset(&rq, 0, sizeof rq);
	rq.op = op;
	rq.bytes = bytes;
	rq.files = files;
	if (sbx_send(sp->msock, &rq, sizeof rq, fd >= 0 ? &fd : NULL, fd >= 0 ? 1 : 0) < 0)
		quit(sp);
	ssize_t n = sbx_recv(sp->msock, rp, sizeof *rp, fds, SBX_MAX_FDS, &nfds, 0);
	if (n != (ssize_t)sizeof *rp)
		quit(sp); /* the mounter is gone: nothing can be set up any more */
	for (int i = 0; i < nfds; i++) {
		if (out && *out < 0)
			*out = fds[i];
		else
			close(fds[i]);
	}
	errno = rp->err;
	return rp->err ? -1 : 0;
}

static void drain_signals(int sigfd)
{
	struct signalfd_siginfo si[8];

	while (read(sigfd, si, sizeof si) > 0)
		;
}

/* After the program's own status is in: everything else it started goes. */
static void kill_the_rest(struct spawner *sp, pid_t pid)
{
	long long give_up = now_ns() + 2000000000LL;
	int killed = 0;

	if (!sp->ns)
		kill(-pid, SIGKILL);
	if (sp->cfg->tier == 'C' && sp->uid > 0) /* whatever of its uid still runs, at once */
		sbx_kill_uid((uid_t)sp->uid, (gid_t)sp->gid);
	for (;;) {
		pid_t w = waitpid(-1, NULL, WNOHANG);
		if (w > 0 || (w < 0 && errno == EINTR))
			continue;
		if (w < 0)
			return; /* ECHILD: nothing left */
		if (sp->ns) {
			if (!killed)
				kill_namespace();
		} else if (kill_children() < 0 && !killed) {
			kill(-pid, SIGKILL); /* no /proc: the group is all it can reach */
		}
		killed = 1;
		if (now_ns() >= give_up)
			return;
		struct pollfd pf = { sp->sigfd, POLLIN, 0 };
		poll(&pf, 1, 10);
		drain_signals(sp->sigfd);
	}
}

/*
 * The program as execvp() would find it, with the launch's PATH, in the
 * file system the launch sees: a name with a slash is taken as it is
 * (relative to the work folder, which the child enters first). NULL: none.
 */
static const char *find_program(const char *name, char *const *envp, char *buf, size_t size)
{
	const char *path = "/usr/bin:/bin";
	struct stat st;

	if (strchr(name, '/'))
		return name;
	for (char *const *e = envp; *e; e++)
		if (strncmp(*e, "PATH=", 5) == 0)
			path = *e + 5;
	for (const char *dir = path;;) {
		const char *colon = strchr(dir, ':');
		size_t n = colon ? (size_t)(colon - dir) : strlen(dir);
		if (n > 0 && (size_t)snprintf(buf, size, "%.*s/%s", (int)n, dir, name) < size &&
		    stat(buf, &st) == 0 && S_ISREG(st.st_mode) && access(buf, X_OK) == 0)
			return buf;
		if (!colon)
			return NULL;
		dir = colon + 1;
	}
}

/*
 * The folder, and what litlab put in it, become the launch's uid's (tiers A
 * and C): the program may read and change the files it was given, as its
 * own. Only the folder's own entries: litlab writes nothing deeper, and a
 * folder serves one launch.
 */
static void give_folder(struct spawner *sp, int work)
{
	struct stat st;

	if (sp->uid < 0)
		return;
	int lfd = openat(work, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = lfd >= 0 ? fdopendir(lfd) : NULL;
	if (!d) {
		if (lfd >= 0)
			close(lfd);
		return;
	}
	if (fstat(lfd, &st) == 0 && (st.st_uid != (uid_t)sp->uid || st.st_gid != (gid_t)sp->gid) &&
	    fchown(lfd, (uid_t)sp->uid, (gid_t)sp->gid) < 0)
		errno = 0; /* the launch will say what it cannot do */
	for (struct dirent *e; (e = readdir(d));)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0 &&
		    fchownat(lfd, e->d_name, (uid_t)sp->uid, (gid_t)sp->gid, AT_SYMLINK_NOFOLLOW) < 0)
			errno = 0;
	closedir(d);
}

/* Runs one launch to its end and answers. */
static void run_one(struct spawner *sp, const struct msg_req *rq, char *payload, int *fds, int nfds)
{
	struct msg_done done;
	char **argv = xcalloc(rq->argc + 1, sizeof *argv), **envp = xcalloc(rq->envc + 1, sizeof *envp);
	char *p = payload, *end = payload + rq->payload, found[PATH_MAX];
	int side = rq->flags & REQ_SIDE ? 1 : 0, mounted = 0, ll = -1;
	uint64_t ignored;

	memset(&done, 0, sizeof done);
	done.type = MSG_DONE;
	for (uint32_t i = 0; i < rq->argc && p < end; i++, p += strlen(p) + 1)
		argv[i] = p;
	for (uint32_t i = 0; i < rq->envc && p < end; i++, p += strlen(p) + 1)
		envp[i] = p;
	if (nfds != 4 + side || !argv[0]) {
		done.failure = CHILD_FAILURE(STAGE_SETUP, EPROTO);
		goto answer;
	}
	int work = fds[3 + side];
	give_folder(sp, work);
	if (sp->ns) {
		struct mnt_reply rp;
		if (ask_mounter(sp, MNT_LAUNCH, work, rq->folder_bytes, (long)rq->folder_files, &rp, NULL) < 0) {
			done.failure_mount = errno ? errno : EIO;
			goto answer;
		}
		mounted = 1;
	} else {
		if (sp->cfg->landlock) {
			int abi;
			ll = sbx_landlock_ruleset(work, (const char *const *)sp->cfg->shown, &abi);
			if (ll < 0) {
				done.failure = CHILD_FAILURE(STAGE_SETUP, errno ? errno : EPERM);
				goto answer;
			}
		}
	}
	const char *path = find_program(argv[0], envp, found, sizeof found);
	if (!path) {
		done.failure = CHILD_FAILURE(STAGE_EXEC, ENOENT);
		goto finish;
	}
	if (sp->cg->mem_limit >= 0) {
		sbx_cgroup_set_memory(sp->cg, rq->lim.mem_bytes, &sp->mem_cur);
		if (read(sp->cg->oom_efd, &ignored, sizeof ignored) < 0)
			errno = 0; /* nothing was pending */
	}
	struct child_spec cs = {
		.argv = argv,
		.envp = envp,
		.path = path,
		.cwd = sp->ns ? SANDBOX_WORK : NULL,
		.cwd_fd = sp->ns ? -1 : work,
		.fd_in = fds[0],
		.fd_out = fds[1],
		.fd_err = fds[2],
		.fd_side = side ? fds[3] : -1,
		.lim = &rq->lim,
		.set_as = sp->cg->mem_limit < 0,
		.nproc = sp->cfg->nproc,
		.uid = sp->uid,
		.gid = sp->gid,
		.drop_caps = sp->cfg->tier == 'B' && sp->uid < 0,
		.new_ipc = sp->ns,
		.landlock_fd = ll,
		.proc_rw = sp->proc_rw,
		.parent = getpid(),
		.pdeathsig = sp->ns ? 0 : SIGKILL,
	};
	done.start_ns = now_ns();
	int failure = 0;
	pid_t pid = sbx_spawn(&cs, &failure);
	int spawn_errno = errno;
	for (int i = 0; i < nfds; i++)
		close(fds[i]);
	nfds = 0;
	if (pid < 0) {
		done.failure = CHILD_FAILURE(STAGE_SETUP, spawn_errno);
		goto finish;
	}
	done.failure = failure;
	done.pid = pid;
	sp->current = pid;

	/* Wait for it, for a kill request, or for the memory cgroup running out. */
	int reaped = 0;
	while (!reaped) {
		struct pollfd pf[3] = { { sp->sigfd, POLLIN, 0 }, { sp->sock, POLLIN, 0 }, { sp->cg->oom_efd, POLLIN, 0 } };
		if (poll(pf, sp->cg->oom_efd >= 0 ? 3 : 2, -1) < 0 && errno != EINTR)
			quit(sp);
		if (pf[1].revents) {
			union msg m;
			int got[SBX_MAX_FDS], ngot;
			ssize_t n = sbx_recv(sp->sock, &m, sizeof m, got, SBX_MAX_FDS, &ngot, MSG_DONTWAIT);
			for (int i = 0; i < ngot; i++)
				close(got[i]);
			if (n == 0 || (n < 0 && errno != EAGAIN))
				quit(sp); /* litlab is gone */
			if (n > 0 && m.type == MSG_KILL)
				kill(-pid, SIGKILL);
		}
		if (sp->cg->oom_efd >= 0 && pf[2].revents && read(sp->cg->oom_efd, &ignored, sizeof ignored) > 0) {
			done.limits |= LIMIT_MEMORY;
			kill(-pid, SIGKILL);
		}
		if (pf[0].revents)
			drain_signals(sp->sigfd);
		int st;
		struct rusage ru;
		pid_t w;
		while ((w = wait4(-1, &st, WNOHANG, &ru)) > 0) {
			if (w == pid) {
				done.end_ns = now_ns();
				done.status = st;
				done.ru = ru;
				reaped = 1;
			}
		}
	}
	kill_the_rest(sp, pid);
	sp->current = 0;
	/* Out of memory, the kernel killed one process and the spawner the rest: whatever the
	   first one managed to say first, the launch was killed. */
	if (done.limits & LIMIT_MEMORY)
		done.status = SIGKILL;
	long long events = sbx_cgroup_pids_max_events(sp->cg);
	if (events > sp->pids_events)
		done.limits |= LIMIT_PROCS;
	sp->pids_events = events;
finish:
	if (mounted) {
		struct mnt_reply rp;
		if (ask_mounter(sp, MNT_END, -1, 0, 0, &rp, NULL) == 0)
			done.limits |= rp.limits;
	}
answer:
	if (ll >= 0)
		close(ll);
	for (int i = 0; i < nfds; i++)
		close(fds[i]);
	free(argv);
	free(envp);
	if (sbx_send(sp->sock, &done, sizeof done, NULL, 0) < 0)
		quit(sp);
}

/* A new work folder (tiers A and B): the mounter makes it, litlab gets its descriptor. */
static void make_folder(struct spawner *sp, const struct msg_folder *rq)
{
	struct msg_folder made;
	int fd = -1;

	memset(&made, 0, sizeof made);
	made.type = MSG_MADE;
	if (!sp->ns) {
		made.err = ENOTSUP;
	} else {
		struct mnt_reply rp;
		if (ask_mounter(sp, MNT_FOLDER, -1, rq->bytes, (long)rq->files, &rp, &fd) < 0 || fd < 0)
			made.err = errno ? errno : EIO;
	}
	int rc = sbx_send(sp->sock, &made, sizeof made, fd >= 0 ? &fd : NULL, fd >= 0 ? 1 : 0);
	if (fd >= 0)
		close(fd);
	if (rc < 0)
		quit(sp);
}

static NORETURN void serve(struct spawner *sp)
{
	for (;;) {
		union msg m;
		int fds[SBX_MAX_FDS], nfds;
		ssize_t n = sbx_recv(sp->sock, &m, sizeof m, fds, SBX_MAX_FDS, &nfds, 0);
		if (n <= 0)
			quit(sp);
		if (n == (ssize_t)sizeof m.type && m.type == MSG_KILL) {
			for (int i = 0; i < nfds; i++) /* late: that launch has ended */
				close(fds[i]);
			continue;
		}
		if (n == (ssize_t)sizeof m.folder && m.type == MSG_FOLDER) {
			for (int i = 0; i < nfds; i++)
				close(fds[i]);
			make_folder(sp, &m.folder);
			continue;
		}
		if (n != (ssize_t)sizeof m.req || m.type != MSG_REQ || m.req.payload > SBX_MAX_PAYLOAD)
			quit(sp);
		char *payload = xmalloc(m.req.payload + 1);
		size_t got = 0;
		while (got < m.req.payload) {
			ssize_t r = recv(sp->sock, payload + got, m.req.payload - got, 0);
			if (r < 0 && errno == EINTR)
				continue;
			if (r <= 0)
				quit(sp);
			got += (size_t)r;
		}
		payload[got] = '\0';
		run_one(sp, &m.req, payload, fds, nfds);
		free(payload);
	}
}

NORETURN void sbx_spawner_main(struct spawner *sp)
{
	struct msg_ready ready;

	sp->mem_cur = -2;
	sp->pids_events = sbx_cgroup_pids_max_events(sp->cg);
	if (sp->ns) {
		if (sethostname("litlab", 6) == 0 && setdomainname("litlab", 6) == 0)
			sp->parts |= PART_UTS;
		sp->parts |= PART_IPC;
	} else if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) < 0) {
		sbx_fail(sp->sock, "cannot become a child subreaper");
	}
	if (sp->cfg->landlock)
		sp->parts |= PART_LANDLOCK;
	open_children();
	/* Tier C: the run holds its uids alone (launch.c); what a killed run left under this one goes. */
	if (sp->cfg->tier == 'C' && sp->uid > 0)
		sbx_kill_uid((uid_t)sp->uid, (gid_t)sp->gid);
	/* Not open to a program of the same uid (tier D) through /proc/<pid>/mem and the like. */
	prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
	/*
	 * The spawner joins the memory cgroup once, and every launch is born in it:
	 * moving a process into a cgroup waits for an RCU grace period, ten
	 * milliseconds here, too much for each launch. The kernel's OOM killer
	 * must never pick the spawner: it is told to spare it where
	 * CAP_SYS_RESOURCE allows, and every launch sets its own oom_score_adj
	 * to 1000 (child.c), which needs no right at all.
	 */
	if (sp->cg->mem_procs >= 0) {
		int adj = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);
		if (adj >= 0 && write(adj, "-1000", 5) < 0)
			errno = 0;
		if (adj >= 0)
			close(adj);
		if (write(sp->cg->mem_procs, "0", 1) != 1)
			sbx_fail(sp->sock, "cannot join the memory cgroup");
	}
	if (sp->cg->mem_limit >= 0 && sp->cg->pids_events >= 0)
		sp->parts |= PART_CGROUP;
	if (chdir("/") < 0)
		sbx_fail(sp->sock, "cannot enter /");

	sigset_t chld;
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, NULL);
	sp->sigfd = signalfd(-1, &chld, SFD_NONBLOCK | SFD_CLOEXEC);
	if (sp->sigfd < 0)
		sbx_fail(sp->sock, "cannot make a signalfd");

	/* Once, here: every program inherits it. */
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		sbx_fail(sp->sock, "cannot set no_new_privs");
	if (sp->cfg->filter && syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, sp->cfg->filter) == 0)
		sp->parts |= PART_SECCOMP;

	memset(&ready, 0, sizeof ready);
	ready.type = MSG_READY;
	ready.parts = sp->parts;
	if (sbx_send(sp->sock, &ready, sizeof ready, NULL, 0) < 0)
		_exit(1);
	serve(sp);
}
