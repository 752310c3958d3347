/*
 * sandbox-helper.c: the helpers that launch programs, one per launch slot,
 * set up once.
 *
 * Setting up namespaces, a cgroup and a seccomp filter for every run costs
 * 10 to 13 ms here, and even the filter alone costs a quarter of a bare
 * fork, exec and wait (the kernel compiles it and prepares its cache on
 * every install), while a filter inherited from a parent costs nothing. So
 * each slot has a spawner, made once, with the filter installed on itself;
 * every program is vfork()ed from it and inherits the filter, the
 * namespaces, the cgroup. litlab talks to it over a SOCK_SEQPACKET socket:
 * it sends the argv, the environment, the limits and the program's
 * descriptors (SCM_RIGHTS), keeps the deadline and reads the pipes itself,
 * asks for a kill with a one-word message, and gets the outcome (status,
 * usage, times) back. When litlab goes away the socket ends, and the
 * spawner kills everything it started and exits.
 *
 * Tiers A and B: litlab's child joins the slot's pids cgroup, unshares the
 * mount, net, IPC, UTS and PID namespaces (tier B: the user namespace first),
 * makes the system read-only, mounts on /tmp an overlay of the host's /tmp
 * under a private tmpfs, and a private tmpfs on /dev/shm. It then forks the
 * spawner, PID 1 of the new PID namespace, which mounts a fresh /proc and
 * joins the memory cgroup, and itself stays as the mounter: it is in the new mount
 * namespace but outside the PID namespace, so that the spawner's kill(-1)
 * after each launch (which reaches everything in that namespace) spares it,
 * and it keeps the mount rights the filter takes from the spawner. A work
 * folder is bind-mounted at its own path, idmapped in tier A so that uid
 * 65534 sees root's files as its own, and stays mounted while it exists: a
 * block's compile and its runs pay for one mount. After each launch the
 * spawner empties the private tmpfs and the IPC namespace.
 *
 * Tiers C and D: litlab's child is the spawner, a child subreaper: orphans
 * come back to it, and after each launch it kills the program's group and
 * then every child it has left.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/magic.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mount.h>
#include <sys/msg.h>
#include <sys/prctl.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox-int.h"

enum {
	MSG_REQ = 0x51455251,
	MSG_KILL = 0x4c4c494b,
	MSG_READY = 0x59444552,
	MSG_PID = 0x44495048,
	MSG_FAIL = 0x4c494146,
	MSG_DONE = 0x454e4f44,
};
enum { REQ_SIDE = 1, REQ_CWDFD = 2, REQ_WRITABLE = 4, REQ_WRITABLE_ROOT = 8, REQ_EXECFD = 16, REQ_SCRIPT = 32 };
#define CHUNK 32768
#define MAX_PAYLOAD (16u << 20)
#define MAX_FDS 6
#define WMOUNTS 4

struct msg_req {
	uint32_t type, flags, argc, envc;
	uint64_t payload; /* bytes of argv, envp, cwd, writable, tmp_root, path that follow, in CHUNKs */
	struct limits lim;
};

struct msg_done {
	uint32_t type;
	int32_t failure, failure_mount, pid, status;
	uint32_t limits;
	int64_t start_ns, end_ns;
	struct rusage ru;
};

struct msg_ready { /* also MSG_PID and MSG_FAIL */
	uint32_t type;
	uint32_t parts;
	int32_t pid;
	char why[240];
};

union msg {
	uint32_t type;
	struct msg_req req;
	struct msg_done done;
	struct msg_ready ready;
};

/* Spawner to mounter. */
enum { MNT_ENSURE = 1, MNT_ENSURE_ROOT, MNT_DROP_ROOT, MNT_SWEEP };
struct mnt_req {
	uint32_t op;
	char path[PATH_MAX];
};
struct mnt_reply {
	int32_t err;
	int32_t made_in_tmp; /* folders it has made on the private /tmp for mount points */
};

static ssize_t recv_msg(int sock, void *buf, size_t len, int *fds, int max_fds, int *nfds, int flags)
{
	char control[CMSG_SPACE(sizeof(int) * MAX_FDS)];
	struct iovec iov = { buf, len };
	struct msghdr mh;
	ssize_t n;

	memset(&mh, 0, sizeof mh);
	mh.msg_iov = &iov;
	mh.msg_iovlen = 1;
	mh.msg_control = control;
	mh.msg_controllen = sizeof control;
	*nfds = 0;
	while ((n = recvmsg(sock, &mh, MSG_CMSG_CLOEXEC | flags)) < 0 && errno == EINTR)
		;
	for (struct cmsghdr *c = n >= 0 ? CMSG_FIRSTHDR(&mh) : NULL; c; c = CMSG_NXTHDR(&mh, c)) {
		if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
			continue;
		int count = (int)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
		int got[MAX_FDS * 2];
		memcpy(got, CMSG_DATA(c), sizeof(int) * (size_t)(count < MAX_FDS * 2 ? count : MAX_FDS * 2));
		for (int i = 0; i < count && i < MAX_FDS * 2; i++) {
			if (*nfds < max_fds)
				fds[(*nfds)++] = got[i];
			else
				close(got[i]);
		}
	}
	return n;
}

static int send_all(int sock, const void *buf, size_t len)
{
	while (send(sock, buf, len, MSG_NOSIGNAL) < 0) {
		if (errno != EINTR)
			return -1;
	}
	return 0;
}

static int send_with_fds(int sock, const void *buf, size_t len, const int *fds, int nfds)
{
	char control[CMSG_SPACE(sizeof(int) * MAX_FDS)];
	struct iovec iov = { (void *)buf, len };
	struct msghdr mh;

	memset(&mh, 0, sizeof mh);
	memset(control, 0, sizeof control);
	mh.msg_iov = &iov;
	mh.msg_iovlen = 1;
	if (nfds > 0) {
		mh.msg_control = control;
		mh.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)nfds);
		struct cmsghdr *c = CMSG_FIRSTHDR(&mh);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)nfds);
		memcpy(CMSG_DATA(c), fds, sizeof(int) * (size_t)nfds);
	}
	while (sendmsg(sock, &mh, MSG_NOSIGNAL) < 0) {
		if (errno != EINTR)
			return -1;
	}
	return 0;
}

/* ---- litlab's side ---- */

static void add_string(struct buf *b, const char *s)
{
	buf_add(b, s ? s : "", strlen(s ? s : "") + 1);
}

int sbx_helper_send(struct sbx_helper *h, const struct sbx_request *rq)
{
	struct msg_req m;
	struct buf payload = BUF_INIT;
	int fds[MAX_FDS], nfds = 0;

	memset(&m, 0, sizeof m);
	m.type = MSG_REQ;
	m.lim = *rq->lim;
	for (char *const *v = rq->argv; *v; v++, m.argc++)
		add_string(&payload, *v);
	for (char *const *v = rq->envp; v && *v; v++, m.envc++)
		add_string(&payload, *v);
	add_string(&payload, rq->cwd);
	add_string(&payload, rq->writable);
	add_string(&payload, rq->tmp_root);
	add_string(&payload, rq->path);
	if (payload.len > MAX_PAYLOAD) {
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
	if (rq->cwd_fd >= 0) {
		m.flags |= REQ_CWDFD;
		fds[nfds++] = rq->cwd_fd;
	}
	if (rq->exec_fd >= 0) {
		m.flags |= REQ_EXECFD | (rq->script ? REQ_SCRIPT : 0);
		fds[nfds++] = rq->exec_fd;
	}
	if (rq->writable)
		m.flags |= rq->writable_root ? REQ_WRITABLE_ROOT : REQ_WRITABLE;
	int rc = send_with_fds(h->sock, &m, sizeof m, fds, nfds);
	for (size_t off = 0; rc == 0 && off < payload.len; off += CHUNK) {
		size_t n = payload.len - off < CHUNK ? payload.len - off : CHUNK;
		rc = send_all(h->sock, payload.p + off, n);
	}
	buf_release(&payload);
	if (rc < 0)
		h->broken = 1;
	return rc;
}

void sbx_helper_kill(struct sbx_helper *h)
{
	uint32_t type = MSG_KILL;

	if (send_all(h->sock, &type, sizeof type) < 0)
		h->broken = 1;
}

int sbx_helper_outcome(struct sbx_helper *h, struct sbx_outcome *o)
{
	union msg m;
	int fds[MAX_FDS], nfds;
	ssize_t n = recv_msg(h->sock, &m, sizeof m, fds, MAX_FDS, &nfds, MSG_DONTWAIT);

	for (int i = 0; i < nfds; i++)
		close(fds[i]);
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
		return 0;
	if (n != (ssize_t)sizeof m.done || m.type != MSG_DONE) {
		h->broken = 1;
		return -1;
	}
	o->failure = m.done.failure;
	o->failure_mount = m.done.failure_mount;
	o->pid = m.done.pid;
	o->status = m.done.status;
	o->limits = m.done.limits;
	o->start_ns = m.done.start_ns;
	o->end_ns = m.done.end_ns;
	o->ru = m.done.ru;
	return 1;
}

/* ---- the mounter (tiers A and B) ---- */

struct wmount {
	char *path;	/* mounted at its own path; NULL: free */
	int made;	/* folders made for it on the private tmpfs, from the deepest */
	int idmapped;
	int root;	/* the temporary root, mounted for a legacy launch */
	long long used;
};

struct mounter {
	const struct sbx_config *cfg;
	int tmp_fd, shm_fd; /* /tmp and /dev/shm as they were before the tmpfs hid them */
	int shm_private;
	int overlay;	    /* /tmp is an overlay of the host's */
	struct wmount wm[WMOUNTS];
	long long clock;
};

static int under(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return strncmp(path, dir, n) == 0 && path[n] == '/';
}

/* A detached copy of the host folder at path, from below the private tmpfs if it hides it. */
static int open_clone(const struct mounter *m, const char *path)
{
	const unsigned flags = OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC;

	if (strcmp(path, "/tmp") == 0)
		return open_tree(m->tmp_fd, "", flags | AT_EMPTY_PATH);
	if (under(path, "/tmp"))
		return open_tree(m->tmp_fd, path + 5, flags);
	if (m->shm_private && strcmp(path, "/dev/shm") == 0)
		return open_tree(m->shm_fd, "", flags | AT_EMPTY_PATH);
	if (m->shm_private && under(path, "/dev/shm"))
		return open_tree(m->shm_fd, path + 9, flags);
	return open_tree(AT_FDCWD, path, flags);
}

/* mkdir -p of path on a private tmpfs; *made counts the folders made. */
static int make_mountpoint(const char *path, int *made)
{
	char *p = xstrdup(path);
	int rc = 0;

	*made = 0;
	for (char *s = strchr(p + 1, '/');; s = strchr(s + 1, '/')) {
		if (s)
			*s = '\0';
		if (mkdir(p, 0755) == 0)
			(*made)++;
		else if (errno != EEXIST)
			rc = -1;
		if (!s || rc < 0)
			break;
		*s = '/';
	}
	free(p);
	return rc;
}

static void unmount_folder(struct wmount *w)
{
	umount2(w->path, MNT_DETACH);
	char *p = xstrdup(w->path);
	for (int i = 0; i < w->made; i++) {
		rmdir(p); /* only folders it made itself, on the tmpfs */
		char *slash = strrchr(p, '/');
		if (!slash || slash == p)
			break;
		*slash = '\0';
	}
	free(p);
	free(w->path);
	memset(w, 0, sizeof *w);
}

static int mount_folder(struct mounter *m, struct wmount *w, const char *path, int root)
{
	int tfd = open_clone(m, path);
	struct mount_attr a;
	int made = 0;

	if (tfd < 0)
		return -1;
	memset(&a, 0, sizeof a);
	a.attr_clr = MOUNT_ATTR_RDONLY;
	a.attr_set = MOUNT_ATTR_NOSUID;
	w->idmapped = 0;
	if (m->cfg->idmap_fd >= 0) {
		a.attr_set |= MOUNT_ATTR_IDMAP;
		a.userns_fd = (uint64_t)m->cfg->idmap_fd;
		w->idmapped = mount_setattr(tfd, "", AT_EMPTY_PATH, &a, sizeof a) == 0;
		a.attr_set &= ~(uint64_t)MOUNT_ATTR_IDMAP;
		a.userns_fd = 0;
	}
	int on_tmpfs = under(path, "/tmp") || (m->shm_private && under(path, "/dev/shm"));
	if ((!w->idmapped && mount_setattr(tfd, "", AT_EMPTY_PATH, &a, sizeof a) < 0) ||
	    (on_tmpfs && make_mountpoint(path, &made) < 0) ||
	    move_mount(tfd, "", AT_FDCWD, path, MOVE_MOUNT_F_EMPTY_PATH) < 0) {
		int e = errno;
		close(tfd);
		char *p = xstrdup(path);
		for (int i = 0; i < made; i++) { /* what was made for it, and nothing else */
			rmdir(p);
			*strrchr(p, '/') = '\0';
		}
		free(p);
		errno = e;
		return -1;
	}
	close(tfd);
	w->path = xstrdup(path);
	w->made = made;
	w->root = root;
	return 0;
}

/* Unmounts the work folders litlab has removed since. */
static void sweep(struct mounter *m)
{
	for (size_t i = 0; i < WMOUNTS; i++) {
		struct stat st;
		if (m->wm[i].path && !m->wm[i].root && (stat(m->wm[i].path, &st) < 0 || st.st_nlink == 0))
			unmount_folder(&m->wm[i]);
	}
}

/*
 * Lets the program's uid cross the folders of /tmp above its work folder
 * (a temporary root made with mkdtemp() is closed to it), so that absolute
 * paths work as well as relative ones: chmod through the overlay copies the
 * folder up and changes it in this namespace only, never on the host.
 */
static void open_the_way(const char *path)
{
	char *p = xstrdup(path);
	struct stat st;

	for (char *slash = strrchr(p, '/'); slash && slash > p + 4; slash = strrchr(p, '/')) {
		*slash = '\0';
		if (!under(p, "/tmp"))
			break;
		if (stat(p, &st) == 0 && S_ISDIR(st.st_mode) && !(st.st_mode & S_IXOTH))
			chmod(p, (st.st_mode & 07777) | S_IXOTH);
	}
	free(p);
}

/*
 * Makes the host folder writable at its own path: mounts it unless it is
 * mounted already; unmounts folders that are gone (litlab removed them) and
 * any other temporary root.
 */
static int ensure_writable(struct mounter *m, const char *path, int root)
{
	struct wmount *hit = NULL, *slot = NULL;

	for (size_t i = 0; i < WMOUNTS; i++)
		if (m->wm[i].path && m->wm[i].root && (!root || strcmp(m->wm[i].path, path) != 0))
			unmount_folder(&m->wm[i]);
	sweep(m);
	for (size_t i = 0; i < WMOUNTS; i++)
		if (m->wm[i].path && strcmp(m->wm[i].path, path) == 0)
			hit = &m->wm[i];
	if (!hit) {
		for (size_t i = 0; i < WMOUNTS; i++)
			if (!m->wm[i].path && !slot)
				slot = &m->wm[i];
		if (!slot) {
			slot = &m->wm[0];
			for (size_t i = 1; i < WMOUNTS; i++)
				if (m->wm[i].used < slot->used)
					slot = &m->wm[i];
			unmount_folder(slot);
		}
		if (mount_folder(m, slot, path, root) < 0)
			return -1;
		hit = slot;
	}
	hit->used = ++m->clock;
	if (!hit->idmapped && m->cfg->uid >= 0 && !root)
		sbx_give_folder(path, m->cfg->uid); /* a filesystem that cannot be idmapped */
	if (m->overlay && m->cfg->uid >= 0 && !root)
		open_the_way(path);
	return 0;
}

static NORETURN void mounter_serve(struct mounter *m, int msock, pid_t spawner)
{
	for (;;) {
		struct mnt_req rq;
		struct mnt_reply rp = { 0, 0 };
		ssize_t n;
		while ((n = recv(msock, &rq, sizeof rq, 0)) < 0 && errno == EINTR)
			;
		if (n != (ssize_t)sizeof rq)
			break; /* the spawner has ended */
		rq.path[sizeof rq.path - 1] = '\0';
		if (rq.op == MNT_DROP_ROOT) {
			for (size_t i = 0; i < WMOUNTS; i++)
				if (m->wm[i].path && m->wm[i].root)
					unmount_folder(&m->wm[i]);
		} else if (rq.op == MNT_SWEEP) {
			sweep(m);
		} else if (ensure_writable(m, rq.path, rq.op == MNT_ENSURE_ROOT) < 0) {
			rp.err = errno ? errno : EIO;
		}
		for (size_t i = 0; i < WMOUNTS; i++)
			if (m->wm[i].path && under(m->wm[i].path, "/tmp"))
				rp.made_in_tmp += m->wm[i].made;
		if (send_all(msock, &rp, sizeof rp) < 0)
			break;
	}
	while (waitpid(spawner, NULL, 0) < 0 && errno == EINTR)
		;
	_exit(0);
}

/* ---- the spawner ---- */

struct spawner {
	const struct sbx_config *cfg;
	const struct sbx_cgroup *cg;
	int sock, sigfd;
	int msock;	   /* to the mounter; -1 in tiers C and D */
	int ns;		   /* PID 1 of its own namespaces */
	dev_t tmp_dev, shm_dev; /* the private tmpfs: the only folders clean_up() ever empties */
	int layers_fd;	   /* the overlay on /tmp: its tmpfs (hidden under it), or -1 without one */
	int upper_fd, lower_fd; /* its upper layer there, and the host's /tmp below */
	long layers_base;  /* inodes the tmpfs holds with nothing written */
	dev_t overlay_dev;
	long tmp_made;	   /* folders the mounter made on /tmp */
	char *last;	   /* the work folder the mounter made writable last */
	char *root_live;   /* the temporary root mounted over the private /tmp, or NULL */
	long long mem_cur;
	long long pids_events;
	pid_t current;	   /* the launch in progress */
	int ll_fd;	   /* tiers C and D: the Landlock ruleset for ll_root */
	char *ll_root;
	unsigned parts;
};

/* kill(-1) from PID 1 of a PID namespace reaches that namespace only: never anywhere else. */
static void kill_namespace(void)
{
	if (getpid() == 1)
		kill(-1, SIGKILL);
}

/* The spawner's children, from /proc (a subreaper's orphans among them); -1 without it. */
static int kill_children(void)
{
	char path[64], text[4096];
	int n = 0;

	snprintf(path, sizeof path, "/proc/self/task/%d/children", (int)getpid());
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ssize_t len = read(fd, text, sizeof text - 1);
	close(fd);
	if (len < 0)
		return -1;
	text[len] = '\0';
	for (char *p = text, *end; *p; p = end) {
		long pid = strtol(p, &end, 10);
		if (end == p)
			break;
		if (pid > 1 && kill((pid_t)pid, SIGKILL) == 0)
			n++;
	}
	return n;
}

static NORETURN void quit(struct spawner *sp)
{
	if (sp->ns) {
		kill_namespace();
	} else {
		if (sp->current > 0)
			kill(-sp->current, SIGKILL);
		kill_children();
	}
	_exit(0);
}

static int ask_mounter(struct spawner *sp, uint32_t op, const char *path)
{
	struct mnt_req rq;
	struct mnt_reply rp;
	ssize_t n;

	memset(&rq, 0, sizeof rq);
	rq.op = op;
	snprintf(rq.path, sizeof rq.path, "%s", path ? path : "");
	if (send_all(sp->msock, &rq, sizeof rq) < 0)
		quit(sp);
	while ((n = recv(sp->msock, &rp, sizeof rp, 0)) < 0 && errno == EINTR)
		;
	if (n != (ssize_t)sizeof rp)
		quit(sp); /* the mounter is gone: nothing can be set up any more */
	sp->tmp_made = rp.made_in_tmp;
	errno = rp.err;
	return rp.err ? -1 : 0;
}

/*
 * Makes the launch's work folder writable: 0, or -1 (errno). The temporary
 * root of legacy launches stays mounted while they follow one another, and
 * goes as soon as a launch needs the private /tmp back.
 */
static int writable(struct spawner *sp, const char *path, int root)
{
	struct stat st;

	if (!sp->ns) {
		if (path && sp->cfg->uid >= 0 && !root && stat(path, &st) == 0 && st.st_uid != (uid_t)sp->cfg->uid)
			sbx_give_folder(path, sp->cfg->uid);
		return 0;
	}
	if (root) {
		if (sp->root_live && strcmp(sp->root_live, path) == 0)
			return 0;
		if (ask_mounter(sp, MNT_ENSURE_ROOT, path) < 0)
			return -1;
		free(sp->root_live);
		sp->root_live = xstrdup(path);
		return 0;
	}
	if (sp->root_live) {
		free(sp->root_live);
		sp->root_live = NULL;
		if (ask_mounter(sp, MNT_DROP_ROOT, NULL) < 0)
			return -1;
	}
	int last_alive = sp->last && stat(sp->last, &st) == 0 && st.st_nlink > 0;
	if (sp->last && !last_alive) { /* litlab removed it: its mount point goes from /tmp */
		free(sp->last);
		sp->last = NULL;
		if (!path && ask_mounter(sp, MNT_SWEEP, NULL) < 0)
			return -1;
	}
	if (!path || (last_alive && strcmp(sp->last, path) == 0))
		return 0; /* nothing to write in, or mounted for the launch before and still there */
	if (ask_mounter(sp, MNT_ENSURE, path) < 0)
		return -1;
	free(sp->last);
	sp->last = xstrdup(path);
	return 0;
}

static int landlock_for(struct spawner *sp, const char *root)
{
	int abi;

	if (!sp->cfg->landlock || !*root)
		return -1;
	if (!sp->ll_root || strcmp(sp->ll_root, root) != 0) {
		if (sp->ll_fd >= 0)
			close(sp->ll_fd);
		free(sp->ll_root);
		sp->ll_fd = sbx_landlock_ruleset(root, &abi);
		sp->ll_root = xstrdup(root);
	}
	return sp->ll_fd;
}

/* The id of the mount the entry at dfd/name is on (mount points count as theirs), or 0. */
static uint64_t mount_id(int dfd, const char *name)
{
	struct statx sx;

	if (statx(dfd, name, AT_SYMLINK_NOFOLLOW | (*name ? 0 : AT_EMPTY_PATH), STATX_MNT_ID, &sx) < 0 ||
	    !(sx.stx_mask & STATX_MNT_ID))
		return 0;
	return sx.stx_mnt_id;
}

/* Removes what is in the folder open as dfd (closing it), on its mount only. */
static void empty_folder(int dfd, uint64_t mnt, int depth)
{
	DIR *d = fdopendir(dfd);
	struct dirent *e;
	struct stat st;

	if (!d) {
		close(dfd);
		return;
	}
	while ((e = readdir(d))) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (fstatat(dfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0 || mount_id(dfd, e->d_name) != mnt)
			continue; /* a work folder mounted here */
		if (S_ISDIR(st.st_mode)) {
			int sub = depth > 0 ? openat(dfd, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) : -1;
			if (sub >= 0)
				empty_folder(sub, mnt, depth - 1);
			unlinkat(dfd, e->d_name, AT_REMOVEDIR);
		} else {
			unlinkat(dfd, e->d_name, 0);
		}
	}
	closedir(d);
}

union semun_ {
	int val;
	struct semid_ds *buf;
	unsigned short *array;
	struct seminfo *info;
};

/*
 * Removes, through the overlay (folder ovl), what exists only in its upper
 * layer (folder upper): what the launch wrote. What hides or replaces a host
 * file (a whiteout, a copy) stays: removing it would change what the next
 * launch sees of the host. Closes the three.
 */
static void clean_layer(int upper, int lower, int ovl, uint64_t mnt, int depth)
{
	DIR *d = fdopendir(upper);
	struct dirent *e;

	if (!d) {
		close(upper);
		goto done;
	}
	while ((e = readdir(d))) {
		struct stat us, ls, os;
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (fstatat(upper, e->d_name, &us, AT_SYMLINK_NOFOLLOW) < 0 || (S_ISCHR(us.st_mode) && us.st_rdev == 0))
			continue;
		if (fstatat(ovl, e->d_name, &os, AT_SYMLINK_NOFOLLOW) < 0 || mount_id(ovl, e->d_name) != mnt)
			continue; /* a work folder mounted over it */
		if (lower < 0 || fstatat(lower, e->d_name, &ls, AT_SYMLINK_NOFOLLOW) < 0) {
			if (S_ISDIR(os.st_mode)) {
				int sub = openat(ovl, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
				if (sub >= 0)
					empty_folder(sub, mnt, 64);
				unlinkat(ovl, e->d_name, AT_REMOVEDIR);
			} else {
				unlinkat(ovl, e->d_name, 0);
			}
		} else if (S_ISDIR(us.st_mode) && S_ISDIR(ls.st_mode) && depth > 0) {
			int u = openat(upper, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			int l = openat(lower, e->d_name, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			int o = openat(ovl, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (u >= 0 && o >= 0)
				clean_layer(u, l, o, mnt, depth - 1);
			else {
				if (u >= 0)
					close(u);
				if (l >= 0)
					close(l);
				if (o >= 0)
					close(o);
			}
		}
	}
	closedir(d);
done:
	if (lower >= 0)
		close(lower);
	close(ovl);
}

/*
 * Leaves nothing of a launch for the next one: files in the private /tmp
 * and /dev/shm, IPC objects. Only what the spawner's own mounts hold is ever
 * removed (checked by device and filesystem type): never a host folder.
 */
static void clean_up(struct spawner *sp)
{
	const char *dirs[] = { "/tmp", "/dev/shm" };
	const dev_t devs[] = { sp->tmp_dev, sp->shm_dev };
	struct statfs sf;
	struct stat st;

	if (sp->layers_fd >= 0) {
		if (fstatfs(sp->layers_fd, &sf) == 0 && (long)(sf.f_files - sf.f_ffree) > sp->layers_base &&
		    statfs("/tmp", &sf) == 0 && sf.f_type == OVERLAYFS_SUPER_MAGIC) {
			int ovl = open("/tmp", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (ovl >= 0 && fstat(ovl, &st) == 0 && st.st_dev == sp->overlay_dev)
				/* Opened anew: a dup() would share the offset the last listing left at the end. */
				clean_layer(openat(sp->upper_fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC),
					    fcntl(sp->lower_fd, F_DUPFD_CLOEXEC, 3), ovl, mount_id(ovl, ""), 64);
			else if (ovl >= 0)
				close(ovl);
		}
	}
	for (size_t i = sp->layers_fd >= 0 ? 1 : 0; i < ARRAY_LEN(dirs); i++) {
		if (devs[i] == 0 || statfs(dirs[i], &sf) < 0 || sf.f_type != TMPFS_MAGIC)
			continue;
		if ((long)(sf.f_files - sf.f_ffree) <= 1 + (i == 0 ? sp->tmp_made : 0))
			continue; /* nothing but the mount points */
		int dfd = open(dirs[i], O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (dfd >= 0 && fstat(dfd, &st) == 0 && st.st_dev == devs[i])
			empty_folder(dfd, mount_id(dfd, ""), 64);
		else if (dfd >= 0)
			close(dfd);
	}

	struct shm_info si;
	int max = shmctl(0, SHM_INFO, (struct shmid_ds *)(void *)&si);
	for (int i = 0; max >= 0 && si.used_ids > 0 && i <= max; i++) {
		struct shmid_ds ds;
		int id = shmctl(i, SHM_STAT, &ds);
		if (id >= 0)
			shmctl(id, IPC_RMID, NULL);
	}
	struct seminfo sem;
	union semun_ arg;
	arg.info = &sem;
	max = semctl(0, 0, SEM_INFO, arg);
	for (int i = 0; max >= 0 && sem.semusz > 0 && i <= max; i++) {
		struct semid_ds ds;
		arg.buf = &ds;
		int id = semctl(i, 0, SEM_STAT, arg);
		if (id >= 0)
			semctl(id, 0, IPC_RMID);
	}
	struct msginfo mi;
	max = msgctl(0, MSG_INFO, (struct msqid_ds *)(void *)&mi);
	for (int i = 0; max >= 0 && mi.msgpool > 0 && i <= max; i++) {
		struct msqid_ds ds;
		int id = msgctl(i, MSG_STAT, &ds);
		if (id >= 0)
			msgctl(id, IPC_RMID, NULL);
	}
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

/* Runs one launch to its end and answers. */
static void run_one(struct spawner *sp, const struct msg_req *rq, char *payload, int *fds, int nfds)
{
	struct msg_done done;
	char **argv = xcalloc(rq->argc + 1, sizeof *argv), **envp = xcalloc(rq->envc + 2, sizeof *envp);
	const char *str[4] = { "", "", "", "" };
	char *p = payload, *end = payload + rq->payload;
	int need = 3 + !!(rq->flags & REQ_SIDE) + !!(rq->flags & REQ_CWDFD) + !!(rq->flags & REQ_EXECFD);
	int root = !!(rq->flags & REQ_WRITABLE_ROOT);
	char *tmpdir = NULL;

	memset(&done, 0, sizeof done);
	done.type = MSG_DONE;
	for (uint32_t i = 0; i < rq->argc && p < end; i++, p += strlen(p) + 1)
		argv[i] = p;
	for (uint32_t i = 0; i < rq->envc && p < end; i++, p += strlen(p) + 1)
		envp[i] = p;
	for (size_t i = 0; i < ARRAY_LEN(str) && p < end; i++, p += strlen(p) + 1)
		str[i] = p;
	const char *cwd = str[0], *folder = str[1], *tmp_root = str[2], *path = str[3];
	if (nfds != need || !argv[0] || !*path) {
		done.failure = CHILD_FAILURE(STAGE_SETUP, EPROTO);
		goto answer;
	}
	if (writable(sp, rq->flags & (REQ_WRITABLE | REQ_WRITABLE_ROOT) ? folder : NULL, root) < 0) {
		done.failure_mount = errno;
		goto answer;
	}
	uint64_t ignored;
	if (sp->cg->mem_limit >= 0) {
		sbx_cgroup_set_memory(sp->cg, rq->lim.mem_bytes, &sp->mem_cur);
		if (read(sp->cg->oom_efd, &ignored, sizeof ignored) < 0)
			errno = 0; /* nothing was pending */
	}

	/* Tiers C and D have no private /tmp: the launch's temporary files (the compiler's)
	   go to its work folder, the one place it may surely write. */
	if (!sp->ns && (rq->flags & REQ_WRITABLE)) {
		tmpdir = xasprintf("TMPDIR=%s", folder);
		uint32_t k = 0;
		for (uint32_t i = 0; i < rq->envc && envp[i]; i++)
			if (strncmp(envp[i], "TMPDIR=", 7) != 0)
				envp[k++] = envp[i];
		envp[k++] = tmpdir;
		envp[k] = NULL;
	}
	int side = rq->flags & REQ_SIDE ? 1 : 0, cwdfd = rq->flags & REQ_CWDFD ? 1 : 0;
	int tier_c_legacy = sp->cfg->tier == 'C' && root;
	struct child_spec cs = {
		.argv = argv,
		.envp = envp,
		.path = path,
		.exec_fd = (rq->flags & REQ_EXECFD) ? fds[3 + side + cwdfd] : -1,
		.script = !!(rq->flags & REQ_SCRIPT),
		.cwd = *cwd ? cwd : NULL,
		.cwd_fd = cwdfd ? fds[3 + side] : -1,
		.fd_in = fds[0],
		.fd_out = fds[1],
		.fd_err = fds[2],
		.fd_side = side ? fds[3] : -1,
		.lim = &rq->lim,
		.set_as = sp->cg->mem_limit < 0,
		.nproc = sp->cfg->nproc,
		.uid = tier_c_legacy ? -1 : sp->cfg->uid,
		/* Tier B: root of the user namespace; tier C without a work folder: root's files. */
		.drop_caps = sp->cfg->tier == 'B' || tier_c_legacy,
		.landlock_fd = sp->ns ? -1 : landlock_for(sp, tmp_root),
		.reset_signals = 0, /* the spawner's actions are all the defaults */
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
			int got[MAX_FDS], ngot;
			ssize_t n = recv_msg(sp->sock, &m, sizeof m, got, MAX_FDS, &ngot, MSG_DONTWAIT);
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
	if (sp->ns && !sp->root_live)
		clean_up(sp);
answer:
	for (int i = 0; i < nfds; i++)
		close(fds[i]);
	free(argv);
	free(envp);
	free(tmpdir);
	if (send_all(sp->sock, &done, sizeof done) < 0)
		quit(sp);
}

static NORETURN void serve(struct spawner *sp)
{
	for (;;) {
		union msg m;
		int fds[MAX_FDS], nfds;
		ssize_t n = recv_msg(sp->sock, &m, sizeof m, fds, MAX_FDS, &nfds, 0);
		if (n <= 0)
			quit(sp);
		if (n == (ssize_t)sizeof m.type && m.type == MSG_KILL) {
			for (int i = 0; i < nfds; i++) /* late: that launch has ended */
				close(fds[i]);
			continue;
		}
		if (n != (ssize_t)sizeof m.req || m.type != MSG_REQ || m.req.payload > MAX_PAYLOAD)
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

static NORETURN void fail(int sock, const char *what)
{
	struct msg_ready m;

	memset(&m, 0, sizeof m);
	m.type = MSG_FAIL;
	snprintf(m.why, sizeof m.why, "%s: %s", what, strerror(errno));
	send_all(sock, &m, sizeof m);
	_exit(1);
}

static NORETURN void spawner_main(struct spawner *sp)
{
	struct msg_ready ready;
	struct stat st;

	sp->mem_cur = -2;
	sp->ll_fd = -1;
	sp->pids_events = sbx_cgroup_pids_max_events(sp->cg);
	if (sp->ns) {
		if (mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) == 0)
			sp->parts |= PART_PROC;
		if (sethostname("litlab", 6) == 0 && setdomainname("litlab", 6) == 0)
			sp->parts |= PART_UTS;
		if (sp->layers_fd >= 0) {
			struct statfs lf;
			if (fstatfs(sp->layers_fd, &lf) == 0)
				sp->layers_base = (long)(lf.f_files - lf.f_ffree);
			if (stat("/tmp", &st) == 0)
				sp->overlay_dev = st.st_dev;
		} else if (stat("/tmp", &st) == 0) {
			sp->tmp_dev = st.st_dev;
		}
		struct statfs sf;
		if (statfs("/dev/shm", &sf) == 0 && sf.f_type == TMPFS_MAGIC && stat("/dev/shm", &st) == 0 &&
		    st.st_dev != sp->tmp_dev)
			sp->shm_dev = st.st_dev;
	} else if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) < 0) {
		fail(sp->sock, "cannot become a child subreaper");
	}
	/*
	 * The spawner joins the memory cgroup once, and every launch is born in it:
	 * moving a process into a cgroup waits for an RCU grace period, ten
	 * milliseconds here, too much for each launch. The kernel's OOM killer
	 * must never pick the spawner: it is told to spare it where
	 * CAP_SYS_RESOURCE allows, and every launch sets its own oom_score_adj
	 * to 1000 (sandbox-child.c), which needs no right at all.
	 */
	if (sp->cg->mem_procs >= 0) {
		int adj = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);
		if (adj >= 0 && write(adj, "-1000", 5) < 0)
			errno = 0;
		if (adj >= 0)
			close(adj);
		if (write(sp->cg->mem_procs, "0", 1) != 1)
			fail(sp->sock, "cannot join the memory cgroup");
	}
	if (sp->cg->mem_limit >= 0 && sp->cg->pids_events >= 0)
		sp->parts |= PART_CGROUP;
	if (chdir("/") < 0)
		fail(sp->sock, "cannot enter /");

	sigset_t chld;
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, NULL);
	sp->sigfd = signalfd(-1, &chld, SFD_NONBLOCK | SFD_CLOEXEC);
	if (sp->sigfd < 0)
		fail(sp->sock, "cannot make a signalfd");

	/* Once, here: every program inherits it. */
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		fail(sp->sock, "cannot set no_new_privs");
	if (sp->cfg->filter && syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, sp->cfg->filter) == 0)
		sp->parts |= PART_SECCOMP;

	memset(&ready, 0, sizeof ready);
	ready.type = MSG_READY;
	ready.parts = sp->parts;
	if (send_all(sp->sock, &ready, sizeof ready) < 0)
		_exit(1);
	serve(sp);
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

static int write_self(const char *file, const char *text)
{
	int fd = open(file, O_WRONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	ssize_t n = write(fd, text, strlen(text));
	close(fd);
	return n == (ssize_t)strlen(text) ? 0 : -1;
}

/* Tiers A and B, in litlab's child: the namespaces and the mounts, then the spawner. */
static NORETURN void make_namespaces(struct spawner *sp)
{
	struct mounter m;
	int sock = sp->sock;

	memset(&m, 0, sizeof m);
	m.cfg = sp->cfg;
	if (sp->cg->pids_procs >= 0 && write(sp->cg->pids_procs, "0", 1) < 0)
		fail(sock, "cannot join the pids cgroup");
	if (sp->cfg->tier == 'B') {
		char map[64];
		unsigned uid = (unsigned)getuid(), gid = (unsigned)getgid();
		if (unshare(CLONE_NEWUSER) < 0)
			fail(sock, "cannot make a user namespace");
		snprintf(map, sizeof map, "0 %u 1\n", uid);
		if (write_self("/proc/self/uid_map", map) < 0)
			fail(sock, "cannot map the user namespace");
		snprintf(map, sizeof map, "0 %u 1\n", gid);
		if (write_self("/proc/self/setgroups", "deny") < 0 || write_self("/proc/self/gid_map", map) < 0)
			fail(sock, "cannot map the user namespace");
	}
	if (unshare(CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWPID) < 0)
		fail(sock, "cannot make the namespaces");

	/* The mounts of the new namespace: nothing propagates back to the host's. */
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)
		fail(sock, "cannot make the mounts private");
	m.tmp_fd = open("/tmp", O_PATH | O_DIRECTORY | O_CLOEXEC);
	m.shm_fd = open("/dev/shm", O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (m.tmp_fd < 0)
		fail(sock, "cannot open /tmp");
	struct mount_attr ro;
	memset(&ro, 0, sizeof ro);
	ro.attr_set = MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID;
	if (mount_setattr(AT_FDCWD, "/", AT_RECURSIVE, &ro, sizeof ro) < 0)
		fail(sock, "cannot make the system read-only");
	sp->parts |= PART_RO;
	/*
	 * /tmp: an overlay of the host's (read-only below: the compiler wrapper or the
	 * headers a course keeps there stay visible) and a private, size-limited tmpfs
	 * above it for whatever the launch writes; the tmpfs alone if overlays fail.
	 * The host's /tmp changes below the overlay while it is mounted, which overlayfs
	 * does not promise to follow; names litlab makes there are new (mkdtemp), and
	 * none is looked up before it exists.
	 */
	if (mount("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, "size=" SBX_TMP_SIZE ",mode=1777") < 0)
		fail(sock, "cannot mount a private /tmp");
	sp->parts |= PART_TMPFS;
	sp->layers_fd = open("/tmp", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (sp->layers_fd >= 0 && mkdir("/tmp/upper", 0755) == 0 && chmod("/tmp/upper", 01777) == 0 &&
	    mkdir("/tmp/work", 0700) == 0) {
		char opts[128];
		/* In a user namespace, overlayfs keeps its own attributes as user.* xattrs. */
		snprintf(opts, sizeof opts, "lowerdir=/proc/self/fd/%d,upperdir=/tmp/upper,workdir=/tmp/work%s", m.tmp_fd,
			 sp->cfg->tier == 'B' ? ",userxattr" : "");
		if (mount("overlay", "/tmp", "overlay", MS_NOSUID | MS_NODEV, opts) == 0) {
			sp->parts |= PART_OVERLAY;
			m.overlay = 1;
			sp->upper_fd = openat(sp->layers_fd, "upper", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
			sp->lower_fd = fcntl(m.tmp_fd, F_DUPFD_CLOEXEC, 3);
		}
	}
	if (!(sp->parts & PART_OVERLAY) && sp->layers_fd >= 0) {
		rmdir("/tmp/upper");
		rmdir("/tmp/work");
		close(sp->layers_fd);
		sp->layers_fd = -1;
	}
	m.shm_private = m.shm_fd >= 0 &&
			mount("tmpfs", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, "size=" SBX_SHM_SIZE ",mode=1777") == 0;
	if (sp->cfg->idmap_fd >= 0) {
		int t = open_tree(m.tmp_fd, "", OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_EMPTY_PATH);
		struct mount_attr a;
		memset(&a, 0, sizeof a);
		a.attr_set = MOUNT_ATTR_IDMAP;
		a.userns_fd = (uint64_t)sp->cfg->idmap_fd;
		if (t >= 0 && mount_setattr(t, "", AT_EMPTY_PATH, &a, sizeof a) == 0)
			sp->parts |= PART_IDMAP;
		if (t >= 0)
			close(t);
	}

	int ms[2];
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, ms) < 0)
		fail(sock, "cannot make a socket pair");
	pid_t spawner = fork();
	if (spawner < 0)
		fail(sock, "cannot fork the spawner");
	if (spawner == 0) {
		close(ms[0]);
		close(m.tmp_fd);
		if (m.shm_fd >= 0)
			close(m.shm_fd);
		sp->msock = ms[1];
		sp->ns = 1;
		spawner_main(sp);
	}
	close(ms[1]);
	if (sp->layers_fd >= 0) { /* the spawner's */
		close(sp->layers_fd);
		close(sp->upper_fd);
		close(sp->lower_fd);
	}
	struct msg_ready pm;
	memset(&pm, 0, sizeof pm);
	pm.type = MSG_PID;
	pm.pid = spawner;
	send_all(sock, &pm, sizeof pm);
	close(sock);
	/* The spawner's pipes and the cgroup's descriptors are not the mounter's business. */
	const struct sbx_cgroup *cg = sp->cg;
	int fds[] = { cg->pids_procs, cg->mem_procs, cg->mem_limit, cg->memsw_limit, cg->oom_efd, cg->pids_events };
	for (size_t i = 0; i < ARRAY_LEN(fds); i++)
		if (fds[i] >= 0)
			close(fds[i]);
	mounter_serve(&m, ms[0], spawner);
}

/*
 * litlab's child runs the helper from a fresh image of the binary it came
 * from: litlab has threads (-j N, the cache's writer), and a fork() copies
 * whatever locks they held at that moment, the allocator's among them.
 * glibc's own fork() takes care of malloc's, but not every allocator does
 * (AddressSanitizer's did not: a helper started while another thread
 * allocated hung at its first malloc). After exec, nothing of the parent's
 * state is left but the descriptors it was meant to keep.
 */
extern char **environ;

#define HELPER_ENV "LITLAB_SANDBOX_HELPER"
#define HELPER_ARGV0 "litlab-sandbox-helper"

/* The helper's configuration as text, for the environment of the new image. */
static char *helper_spec(const struct sbx_config *cfg, const struct sbx_cgroup *cg, int sock)
{
	return xasprintf(HELPER_ENV "=%c %d %d %d %ld %d %d %d %d %d %d %d %d %d", cfg->tier, cfg->uid, cfg->idmap_fd,
			 cfg->use_cgroup, cfg->nproc, cfg->landlock, cfg->filter != NULL, sock, cg->pids_procs,
			 cg->mem_procs, cg->mem_limit, cg->memsw_limit, cg->oom_efd, cg->pids_events);
}

/* In the child: exec the helper's image with envp; returns only if that failed. */
static void helper_exec(const struct sbx_config *cfg, const struct sbx_cgroup *cg, int sock, char *const *envp)
{
	int keep[] = { sock, cfg->idmap_fd, cg->pids_procs, cg->mem_procs, cg->mem_limit, cg->memsw_limit,
		       cg->oom_efd, cg->pids_events, 2 };
	char *argv[] = { HELPER_ARGV0, NULL };

	if (!envp)
		return;
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
	if (sscanf(spec, "%c %d %d %d %ld %d %d %d %d %d %d %d %d %d", &tier, &cfg.uid, &cfg.idmap_fd,
		   &cfg.use_cgroup, &cfg.nproc, &cfg.landlock, &want_filter, &sock, &cg.pids_procs, &cg.mem_procs,
		   &cg.mem_limit, &cg.memsw_limit, &cg.oom_efd, &cg.pids_events) != 14 ||
	    tier < 'A' || tier > 'D' || fstat(sock, &st) < 0 || !S_ISSOCK(st.st_mode))
		_exit(127);
	unsetenv(HELPER_ENV);
	cfg.tier = tier;
	if (want_filter) { /* the parent has one: a helper without it would run programs unfiltered */
		char *why = NULL;
		if (sbx_filter_build(tier == 'C' || tier == 'D', &filter, &why) < 0)
			_exit(126);
		cfg.filter = &filter;
		free(why);
	}
	helper_child(&cfg, &cg, sock);
}

/* litlab's child. */
static NORETURN void helper_child(const struct sbx_config *cfg, const struct sbx_cgroup *cg, int sock)
{
	int keep[] = { sock, cfg->idmap_fd, cg->pids_procs, cg->mem_procs, cg->mem_limit, cg->memsw_limit,
		       cg->oom_efd, cg->pids_events, 2 };
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
	sp.layers_fd = sp.upper_fd = sp.lower_fd = -1;
	if (cfg->tier == 'A' || cfg->tier == 'B')
		make_namespaces(&sp);
	spawner_main(&sp);
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
	size_t nenv = 0;
	while (environ[nenv])
		nenv++;
	char **envp = xcalloc(nenv + 2, sizeof *envp);
	size_t k = 0;
	for (size_t i = 0; i < nenv; i++)
		if (strncmp(environ[i], HELPER_ENV "=", sizeof HELPER_ENV) != 0)
			envp[k++] = environ[i];
	char *spec = helper_spec(cfg, &h->cg, sv[1]);
	envp[k] = spec;
	pid_t pid = fork();
	if (pid < 0) {
		*why = xasprintf("cannot fork: %s", strerror(errno));
		free(spec);
		free(envp);
		close(sv[0]);
		close(sv[1]);
		sbx_cgroup_release(&h->cg);
		return -1;
	}
	if (pid == 0) {
		close(sv[0]);
		if (fresh) {
			helper_exec(cfg, &h->cg, sv[1], envp);
			_exit(127); /* litlab tries a forked helper next */
		}
		helper_child(cfg, &h->cg, sv[1]);
	}
	free(spec);
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
		int fds[MAX_FDS], nfds;
		ssize_t n = recv_msg(h->sock, &m, sizeof m, fds, MAX_FDS, &nfds, MSG_DONTWAIT);
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
