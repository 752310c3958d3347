/*
 * mounter.c: tiers A and B, litlab's child in the sandbox's namespaces.
 *
 * It makes the namespaces (mount, net, IPC, UTS, PID; tier B a user
 * namespace first), builds the root every launch of the slot sees and
 * pivots into it, forks the spawner (PID 1 of the new PID namespace), then
 * serves the spawner: a new work folder, each launch's mounts, and their
 * removal. It stays outside the PID namespace so that the spawner's
 * kill(-1) after each launch spares it, and keeps the right to mount that
 * the filter takes from the spawner and everything it starts.
 *
 * The root is a small tmpfs, made read-only once built:
 *
 *   /usr                 the host's, read-only, nosuid, nodev (and so /bin,
 *   /bin /lib* /sbin     /lib*, /sbin: links where the host has links)
 *   /etc                 the files a toolchain needs, copied (the dynamic
 *                        linker's cache and configuration, alternatives,
 *                        services, protocols, os-release), and passwd,
 *                        group, hosts, hostname, nsswitch.conf of its own
 *   /dev                 null zero full random urandom, fd stdin stdout
 *                        stderr; /dev/shm a launch's own; no terminal
 *   /proc                the PID namespace's (the spawner mounts it)
 *   /tmp  /lab           a launch's own (below)
 *   shown paths          LITLAB_SANDBOX_PATHS and sandbox_show()'s,
 *                        read-only at their own paths
 *
 * Work folders are tmpfs file systems made here (MNT_FOLDER) and mounted
 * nowhere: their descriptor goes to litlab, which writes and reads them
 * through it, and comes back with the launch it serves, whose /lab it is
 * while the launch runs. Each launch also gets a new tmpfs for /tmp and
 * one for /dev/shm, bounded like its work folder; all are unmounted when it
 * ends (MNT_END), which says whether /lab or /tmp ran full. Nothing of them is ever
 * mounted where the host could see it, and they end with their last
 * descriptor: when litlab goes, they go.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/fs.h"
#include "sandbox/internal.h"

/* The root's own size: /etc's copies, mount points. */
#define ROOT_BYTES (16LL << 20)
#define ROOT_FILES 4096L
/* /dev/shm of a launch (POSIX shared memory and semaphores). */
#define SHM_BYTES (64LL << 20)
#define SHM_FILES 1024L
/* Where the root is put together before pivot_root() (in the private mount namespace). */
#define STAGE "/tmp"

int sbx_tmpfs(long long bytes, long files, const char *mode, int uid)
{
	char text[32];
	int fs = fsopen("tmpfs", FSOPEN_CLOEXEC), rc = 0;

	if (fs < 0)
		return -1;
	snprintf(text, sizeof text, "%lld", bytes);
	rc |= fsconfig(fs, FSCONFIG_SET_STRING, "size", text, 0);
	snprintf(text, sizeof text, "%ld", files);
	rc |= fsconfig(fs, FSCONFIG_SET_STRING, "nr_inodes", text, 0);
	rc |= fsconfig(fs, FSCONFIG_SET_STRING, "mode", mode, 0);
	if (uid >= 0) {
		snprintf(text, sizeof text, "%d", uid);
		rc |= fsconfig(fs, FSCONFIG_SET_STRING, "uid", text, 0);
		rc |= fsconfig(fs, FSCONFIG_SET_STRING, "gid", text, 0);
	}
	if (rc < 0 || fsconfig(fs, FSCONFIG_CMD_CREATE, NULL, NULL, 0) < 0) {
		int e = errno;
		close(fs);
		errno = e;
		return -1;
	}
	int mnt = fsmount(fs, FSMOUNT_CLOEXEC, MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV);
	int e = errno;
	close(fs);
	errno = e;
	return mnt;
}

static int write_in(int dfd, const char *name, const char *text)
{
	int fd = openat(dfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);

	if (fd < 0)
		return -1;
	int rc = write_all(fd, text, strlen(text));
	close(fd);
	return rc;
}

/* Copies the host's /etc/name (a file, a link, or a folder of them) into etc. */
static void copy_etc(int etc, int host_etc, const char *name)
{
	struct stat st;
	char target[PATH_MAX];

	if (fstatat(host_etc, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return;
	if (S_ISLNK(st.st_mode) && strchr(name, '/')) { /* in a folder (alternatives): the link itself */
		ssize_t n = readlinkat(host_etc, name, target, sizeof target - 1);
		if (n > 0) {
			target[n] = '\0';
			symlinkat(target, etc, name);
		}
		return;
	}
	if (fstatat(host_etc, name, &st, 0) < 0)
		return;
	if (S_ISDIR(st.st_mode)) {
		int d = openat(host_etc, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		DIR *dir = d >= 0 ? fdopendir(d) : NULL;
		if (!dir) {
			if (d >= 0)
				close(d);
			return;
		}
		mkdirat(etc, name, 0755);
		for (struct dirent *e; (e = readdir(dir));) {
			if (e->d_name[0] == '.')
				continue;
			char *sub = xasprintf("%s/%s", name, e->d_name);
			copy_etc(etc, host_etc, sub);
			free(sub);
		}
		closedir(dir);
		return;
	}
	if (!S_ISREG(st.st_mode))
		return;
	int fd = openat(host_etc, name, O_RDONLY | O_CLOEXEC);
	char *text;
	size_t len;
	if (fd < 0)
		return;
	if (fs_read_fd(fd, 8u << 20, &text, &len) == 0) {
		int out = openat(etc, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
		if (out >= 0) {
			write_all(out, text, len);
			close(out);
		}
		free(text);
	}
	close(fd);
}

/* /etc of the root: copies of what a toolchain reads, and users of its own. */
static void make_etc(int root, const struct sbx_config *cfg)
{
	int host_etc = open("/etc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	mkdirat(root, "etc", 0755);
	int etc = openat(root, "etc", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (etc < 0) {
		if (host_etc >= 0)
			close(host_etc);
		return;
	}
	for (size_t i = 0; host_etc >= 0 && sbx_etc_files[i]; i++)
		copy_etc(etc, host_etc, sbx_etc_files[i]);
	char *passwd = xasprintf("root:x:0:0:root:/root:/bin/sh\n"
				 "lab:x:%d:%d:lab:" SANDBOX_WORK ":/bin/sh\n",
				 cfg->uid, cfg->uid);
	char *group = xasprintf("root:x:0:\nlab:x:%d:\n", cfg->uid);
	write_in(etc, "passwd", cfg->uid >= 0 ? passwd : "root:x:0:0:root:" SANDBOX_WORK ":/bin/sh\n");
	write_in(etc, "group", cfg->uid >= 0 ? group : "root:x:0:\n");
	free(passwd);
	free(group);
	write_in(etc, "hosts", "127.0.0.1\tlocalhost\n::1\tlocalhost\n");
	write_in(etc, "hostname", "litlab\n");
	write_in(etc, "nsswitch.conf", "passwd: files\ngroup: files\nshadow: files\nhosts: files\n"
				       "services: files\nprotocols: files\n");
	symlinkat("../proc/self/mounts", etc, "mtab");
	close(etc);
	if (host_etc >= 0)
		close(host_etc);
}

/* 1 if path lies below dir ("/tmp/x" below "/tmp"). */
static int below(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return strncmp(path, dir, n) == 0 && path[n] == '/';
}

/* mkdir -p of path's folders in root (path absolute), then its mount point, of kind like the host's. */
static int make_mountpoint(int root, const char *path, int dir)
{
	char *p = xstrdup(path + 1);
	int rc = 0;

	for (char *s = strchr(p, '/'); s; s = strchr(s + 1, '/')) {
		*s = '\0';
		if (mkdirat(root, p, 0755) < 0 && errno != EEXIST)
			rc = -1;
		*s = '/';
	}
	if (rc == 0) {
		if (dir)
			rc = mkdirat(root, p, 0755) < 0 && errno != EEXIST ? -1 : 0;
		else
			rc = write_in(root, p, "") < 0 && errno != EEXIST ? -1 : 0;
	}
	free(p);
	return rc;
}

/* A read-only, nosuid, nodev copy of the host's mount tree at path (recursive): its descriptor, or -1. */
static int clone_ro(const char *path, int recursive)
{
	struct mount_attr a;
	int fd = open_tree(AT_FDCWD, path, OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | (recursive ? AT_RECURSIVE : 0));

	if (fd < 0)
		return -1;
	memset(&a, 0, sizeof a);
	a.attr_set = MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV;
	if (mount_setattr(fd, "", AT_EMPTY_PATH | (recursive ? AT_RECURSIVE : 0), &a, sizeof a) < 0) {
		int e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	return fd;
}

/* Mounts a read-only copy of what is at path over it (best effort). */
static void read_only_over(const char *path)
{
	int fd = clone_ro(path, 1);

	if (fd < 0)
		return;
	move_mount(fd, "", AT_FDCWD, path, MOVE_MOUNT_F_EMPTY_PATH);
	close(fd);
}

/* A copy of one host device file, still a device (not nodev), otherwise read-only and nosuid. */
static int clone_device(const char *path)
{
	struct mount_attr a;
	int fd = open_tree(AT_FDCWD, path, OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC);

	if (fd < 0)
		return -1;
	memset(&a, 0, sizeof a);
	a.attr_set = MOUNT_ATTR_NOSUID | MOUNT_ATTR_NOEXEC;
	mount_setattr(fd, "", AT_EMPTY_PATH, &a, sizeof a);
	return fd;
}

struct pending_mount {
	int fd;	    /* the detached copy */
	char *path; /* where it goes, in the root */
};

struct root_plan {
	struct pending_mount *v;
	size_t n;
};

static void plan(struct root_plan *p, int fd, const char *path)
{
	p->v = xreallocarray(p->v, p->n + 1, sizeof *p->v);
	p->v[p->n].fd = fd;
	p->v[p->n].path = xstrdup(path);
	p->n++;
}

/*
 * The root, made in a tmpfs mounted nowhere: its folders and files, and a
 * detached copy of every host tree it shows (taken now, while the host's
 * tree is still in view). Returns the root's descriptor, or -1.
 */
static int make_root(const struct sbx_config *cfg, struct root_plan *p)
{
	int root = sbx_tmpfs(ROOT_BYTES, ROOT_FILES, "0755", -1);
	char target[PATH_MAX];
	struct stat st;

	if (root < 0)
		return -1;
	for (size_t i = 0; sbx_system_dirs[i]; i++) {
		const char *dir = sbx_system_dirs[i];
		if (lstat(dir, &st) < 0)
			continue;
		if (S_ISLNK(st.st_mode)) { /* merged /usr: /bin -> usr/bin */
			ssize_t n = readlink(dir, target, sizeof target - 1);
			if (n > 0) {
				target[n] = '\0';
				symlinkat(target, root, dir + 1);
			}
		} else if (S_ISDIR(st.st_mode)) {
			int fd = clone_ro(dir, 1);
			if (fd < 0 || mkdirat(root, dir + 1, 0755) < 0) {
				if (fd >= 0)
					close(fd);
				if (strcmp(dir, "/usr") == 0)
					goto fail;
				continue;
			}
			plan(p, fd, dir);
		}
	}
	make_etc(root, cfg);

	static const char *const folders[] = { "dev", "dev/shm", "proc", "tmp", SANDBOX_WORK + 1 };
	for (size_t i = 0; i < ARRAY_LEN(folders); i++)
		if (mkdirat(root, folders[i], 0755) < 0)
			goto fail;
	static const char *const devices[] = { "null", "zero", "full", "random", "urandom" };
	for (size_t i = 0; i < ARRAY_LEN(devices); i++) {
		char *dev = xasprintf("/dev/%s", devices[i]);
		int fd = clone_device(dev);
		if (fd >= 0 && make_mountpoint(root, dev, 0) == 0)
			plan(p, fd, dev);
		else if (fd >= 0)
			close(fd);
		free(dev);
	}
	static const char *const links[][2] = {
		{ "dev/fd", "/proc/self/fd" },
		{ "dev/stdin", "/proc/self/fd/0" },
		{ "dev/stdout", "/proc/self/fd/1" },
		{ "dev/stderr", "/proc/self/fd/2" },
	};
	for (size_t i = 0; i < ARRAY_LEN(links); i++)
		symlinkat(links[i][1], root, links[i][0]);

	for (size_t i = 0; cfg->shown && cfg->shown[i]; i++) {
		const char *path = cfg->shown[i];
		if (path[0] != '/' || sbx_shown_by_system(path) || stat(path, &st) < 0 || strstr(path, "/../") ||
		    below(path, SANDBOX_WORK) || strcmp(path, SANDBOX_WORK) == 0 || below(path, "/dev") || below(path, "/proc") || strcmp(path, "/tmp") == 0)
			continue;
		int fd = clone_ro(path, S_ISDIR(st.st_mode));
		if (fd >= 0 && make_mountpoint(root, path, S_ISDIR(st.st_mode)) == 0)
			plan(p, fd, path);
		else if (fd >= 0)
			close(fd);
	}
	return root;
fail:;
	int e = errno;
	close(root);
	errno = e;
	return -1;
}

/* Puts the planned copies in place below STAGE, where the root now is. */
static int mount_plan(struct root_plan *p)
{
	int rc = 0;

	for (size_t i = 0; i < p->n; i++) {
		char *at = xasprintf(STAGE "%s", p->v[i].path);
		if (move_mount(p->v[i].fd, "", AT_FDCWD, at, MOVE_MOUNT_F_EMPTY_PATH) < 0 &&
		    strcmp(p->v[i].path, "/usr") == 0)
			rc = -1;
		close(p->v[i].fd);
		free(at);
		free(p->v[i].path);
	}
	free(p->v);
	p->v = NULL;
	p->n = 0;
	return rc;
}

/* ---- serving the spawner ---- */

struct mounter {
	const struct sbx_config *cfg;
	int mounted;   /* the launch's /lab, /tmp and /dev/shm are mounted */
	int root_tmp;  /* the root's own /tmp, below each launch's: shown paths under /tmp are there */
	char **in_tmp; /* those paths (below /tmp), shown again in each launch's /tmp */
	size_t nin_tmp;
};


static void unmount_launch(struct mounter *m)
{
	umount2(SANDBOX_WORK, MNT_DETACH);
	umount2("/dev/shm", MNT_DETACH);
	umount2("/tmp", MNT_DETACH);
	m->mounted = 0;
}

/*
 * The launch's folders: its work folder at /lab, a new tmpfs at /tmp and
 * another at /dev/shm. The work folder's own mount goes there (moved, not
 * a copy: a copy of a mount that is attached nowhere needs a recent
 * kernel), so a folder serves one launch; it lives on in litlab's
 * descriptor when the launch's mounts go.
 */
static int mount_launch(struct mounter *m, int work, long long bytes, long files)
{
	if (m->mounted)
		unmount_launch(m);
	int uid = m->cfg->uid;
	/*
	 * What a tmpfs holds is memory. Tier A's memory cgroup counts it against
	 * the launch; without one (tier B), /tmp keeps to the default bound
	 * whatever disk= says, and /dev/shm to its own small one in every tier.
	 */
	long long tmp_bytes = m->cfg->use_cgroup || bytes < SANDBOX_FOLDER_BYTES ? bytes : SANDBOX_FOLDER_BYTES;
	int tmp = sbx_tmpfs(tmp_bytes, files, "1777", uid);
	int shm = tmp >= 0 ? sbx_tmpfs(bytes < SHM_BYTES ? bytes : SHM_BYTES, SHM_FILES, "1777", uid) : -1;
	int rc = -1;

	if (shm >= 0 && move_mount(work, "", AT_FDCWD, SANDBOX_WORK, MOVE_MOUNT_F_EMPTY_PATH) == 0) {
		m->mounted = 1;
		if (move_mount(tmp, "", AT_FDCWD, "/tmp", MOVE_MOUNT_F_EMPTY_PATH) == 0 &&
		    move_mount(shm, "", AT_FDCWD, "/dev/shm", MOVE_MOUNT_F_EMPTY_PATH) == 0)
			rc = 0;
	}
	/*
	 * Shown paths under /tmp (a course's compiler wrapper, the folder of a
	 * test) lie in the root's /tmp, below the launch's: each is shown again
	 * at its path in the new one, cloned from the one below (a mount that
	 * is attached, which any kernel can clone).
	 */
	for (size_t i = 0; rc == 0 && i < m->nin_tmp; i++) {
		const char *path = m->in_tmp[i];
		struct stat st;
		int c = open_tree(m->root_tmp, path + 5, OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_RECURSIVE);
		if (c < 0 || fstat(c, &st) < 0) {
			if (c >= 0)
				close(c);
			continue;
		}
		int root = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (root >= 0 && make_mountpoint(root, path, S_ISDIR(st.st_mode)) == 0)
			move_mount(c, "", AT_FDCWD, path, MOVE_MOUNT_F_EMPTY_PATH);
		if (root >= 0)
			close(root);
		close(c);
	}
	int e = errno;
	if (tmp >= 0)
		close(tmp);
	if (shm >= 0)
		close(shm);
	if (rc < 0 && m->mounted)
		unmount_launch(m);
	errno = e;
	return rc;
}

/* Which of the launch's file systems ran out, as LIMIT_DISK and LIMIT_FILES. */
static unsigned full(void)
{
	static const char *const paths[] = { SANDBOX_WORK, "/tmp" };
	unsigned limits = 0;
	struct statfs sf;

	for (size_t i = 0; i < ARRAY_LEN(paths); i++) {
		if (statfs(paths[i], &sf) < 0)
			continue;
		if (sf.f_bavail == 0)
			limits |= LIMIT_DISK;
		if (sf.f_ffree == 0)
			limits |= LIMIT_FILES;
	}
	return limits;
}

static NORETURN void serve(struct mounter *m, int msock, pid_t spawner)
{
	for (;;) {
		struct mnt_req rq;
		struct mnt_reply rp = { 0, 0 };
		int fds[SBX_MAX_FDS], nfds, out = -1;
		ssize_t n = sbx_recv(msock, &rq, sizeof rq, fds, SBX_MAX_FDS, &nfds, 0);
		if (n != (ssize_t)sizeof rq) {
			for (int i = 0; i < nfds; i++)
				close(fds[i]);
			break; /* the spawner has ended */
		}
		if (rq.op == MNT_FOLDER) {
			out = sbx_tmpfs(rq.bytes, (long)rq.files, "0755", m->cfg->uid);
			if (out < 0)
				rp.err = errno ? errno : EIO;
		} else if (rq.op == MNT_LAUNCH) {
			if (nfds != 1 || mount_launch(m, fds[0], rq.bytes, (long)rq.files) < 0)
				rp.err = nfds != 1 ? EPROTO : errno ? errno : EIO;
		} else if (rq.op == MNT_END) {
			if (m->mounted) {
				rp.limits = full();
				unmount_launch(m);
			}
		} else {
			rp.err = EPROTO;
		}
		for (int i = 0; i < nfds; i++)
			close(fds[i]);
		int rc = sbx_send(msock, &rp, sizeof rp, out >= 0 ? &out : NULL, out >= 0 ? 1 : 0);
		if (out >= 0)
			close(out);
		if (rc < 0)
			break;
	}
	while (waitpid(spawner, NULL, 0) < 0 && errno == EINTR)
		;
	_exit(0);
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

/* A user namespace whose root is the caller's uid, mapped by the caller itself. */
static int map_self(void)
{
	char map[64];
	unsigned uid = (unsigned)getuid(), gid = (unsigned)getgid();

	if (unshare(CLONE_NEWUSER) < 0)
		return -1;
	snprintf(map, sizeof map, "0 %u 1\n", uid);
	if (write_self("/proc/self/uid_map", map) < 0)
		return -1;
	snprintf(map, sizeof map, "0 %u 1\n", gid);
	if (write_self("/proc/self/setgroups", "deny") < 0 || write_self("/proc/self/gid_map", map) < 0)
		return -1;
	return 0;
}

/*
 * A user namespace (the caller is root) whose 0 is the host's 0 and whose
 * uid is the host's uid: a map of more than one's own uid can only be
 * written from the parent namespace, by a child left there for it.
 */
static int map_by_parent(int uid)
{
	int up[2], down[2];
	char c = 'n';

	if (pipe2(up, O_CLOEXEC) < 0 || pipe2(down, O_CLOEXEC) < 0)
		return -1;
	pid_t me = getpid(), pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		char path[64], map[64];
		close(up[1]);
		close(down[0]);
		if (read(up[0], &c, 1) != 1 || c != 'u')
			_exit(1);
		snprintf(map, sizeof map, "0 0 1\n%d %d 1\n", uid, uid);
		snprintf(path, sizeof path, "/proc/%d/uid_map", (int)me);
		int ok = write_self(path, map) == 0;
		snprintf(path, sizeof path, "/proc/%d/gid_map", (int)me);
		ok = ok && write_self(path, map) == 0;
		c = ok ? 'y' : 'n';
		if (write(down[1], &c, 1) < 0)
			_exit(1);
		_exit(0);
	}
	close(up[0]);
	close(down[1]);
	c = unshare(CLONE_NEWUSER) == 0 ? 'u' : 'n';
	int ok = write(up[1], &c, 1) == 1 && c == 'u' && read(down[0], &c, 1) == 1 && c == 'y';
	close(up[1]);
	close(down[0]);
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
	return ok ? 0 : -1;
}

NORETURN void sbx_mounter_main(struct spawner *sp)
{
	struct mounter m;
	struct root_plan plan = { NULL, 0 };
	int sock = sp->sock;

	memset(&m, 0, sizeof m);
	m.cfg = sp->cfg;
	if (sp->cg->pids_procs >= 0 && write(sp->cg->pids_procs, "0", 1) < 0)
		sbx_fail(sock, "cannot join the pids cgroup");
	if (sp->cfg->tier == 'B') {
		/*
		 * Run by a user, the namespace's root is that user, and so are its
		 * programs. Run by root, its root stays root (the helper needs it to
		 * build the root), and programs run as the namespace's uid sp->uid,
		 * mapped to the same unprivileged uid of the host.
		 */
		if (sp->cfg->uid >= 0 ? map_by_parent(sp->cfg->uid) < 0 : map_self() < 0)
			sbx_fail(sock, "cannot make and map a user namespace");
	}
	if (unshare(CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWPID) < 0)
		sbx_fail(sock, "cannot make the namespaces");
	/* The mounts of the new namespace: nothing propagates back to the host's. */
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)
		sbx_fail(sock, "cannot make the mounts private");

	int root = make_root(sp->cfg, &plan);
	if (root < 0)
		sbx_fail(sock, "cannot build the sandbox's root");
	if (move_mount(root, "", AT_FDCWD, STAGE, MOVE_MOUNT_F_EMPTY_PATH) < 0)
		sbx_fail(sock, "cannot mount the sandbox's root");
	close(root);
	if (mount_plan(&plan) < 0)
		sbx_fail(sock, "cannot show /usr in the sandbox");
	sp->parts |= PART_ROOT | PART_TMPFS;

	int ms[2];
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, ms) < 0)
		sbx_fail(sock, "cannot make a socket pair");
	pid_t spawner = fork();
	if (spawner < 0)
		sbx_fail(sock, "cannot fork the spawner");
	if (spawner == 0) {
		/*
		 * PID 1 of the new namespace mounts its /proc, while the host's is still in
		 * view: in a user namespace the kernel allows a new proc only where one it
		 * can see whole is there already.
		 */
		char c = 'p';
		close(ms[0]);
		sp->msock = ms[1];
		sp->ns = 1;
		if (mount("proc", STAGE "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) == 0) {
			sp->parts |= PART_PROC;
			/*
			 * Read-only, all of it, whoever asks: the kernel's settings (a
			 * core_pattern is a command), and another process's memory, which
			 * a program of the same uid could otherwise write through
			 * /proc/PID/mem (a session's shell, to forge its transcript). The
			 * spawner keeps a writable clone, mounted nowhere, for the one
			 * write a launch makes there: its oom_score_adj.
			 */
			if (mount("proc", STAGE "/tmp", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) == 0) {
				sp->proc_rw = open(STAGE "/tmp", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
				umount2(STAGE "/tmp", MNT_DETACH); /* (its descriptor keeps it) */
			}
			read_only_over(STAGE "/proc");
		}
		if (write(sp->msock, &c, 1) != 1 || read(sp->msock, &c, 1) != 1 || c != 'r')
			_exit(1); /* the mounter failed, and says so */
		sbx_spawner_main(sp);
	}
	close(ms[1]);
	char c;
	if (read(ms[0], &c, 1) != 1)
		sbx_fail(sock, "the spawner ended while starting");

	/* The root is done: read-only, and the root of every process of the namespace. */
	struct mount_attr ro;
	memset(&ro, 0, sizeof ro);
	ro.attr_set = MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV;
	if (mount_setattr(AT_FDCWD, STAGE, 0, &ro, sizeof ro) < 0)
		sbx_fail(sock, "cannot make the sandbox's root read-only");
	if (chdir(STAGE) < 0 || syscall(SYS_pivot_root, ".", ".") < 0)
		sbx_fail(sock, "cannot enter the sandbox's root");
	if (umount2(".", MNT_DETACH) < 0 || chdir("/") < 0)
		sbx_fail(sock, "cannot leave the host's root");
	c = 'r';
	if (write(ms[0], &c, 1) != 1)
		sbx_fail(sock, "the spawner ended while starting");
	m.root_tmp = open("/tmp", O_PATH | O_DIRECTORY | O_CLOEXEC);
	for (size_t i = 0; sp->cfg->shown && sp->cfg->shown[i]; i++) {
		if (!below(sp->cfg->shown[i], "/tmp") || m.root_tmp < 0)
			continue;
		m.in_tmp = xreallocarray(m.in_tmp, m.nin_tmp + 1, sizeof *m.in_tmp);
		m.in_tmp[m.nin_tmp++] = sp->cfg->shown[i];
	}

	struct msg_ready pm;
	memset(&pm, 0, sizeof pm);
	pm.type = MSG_PID;
	pm.pid = spawner;
	sbx_send(sock, &pm, sizeof pm, NULL, 0);
	close(sock);
	/* The spawner's socket and the cgroup's descriptors are not the mounter's business. */
	const struct sbx_cgroup *cg = sp->cg;
	int fds[] = { cg->pids_procs, cg->mem_procs, cg->mem_limit, cg->memsw_limit, cg->oom_efd, cg->pids_events };
	for (size_t i = 0; i < ARRAY_LEN(fds); i++)
		if (fds[i] >= 0)
			close(fds[i]);
	serve(&m, ms[0], spawner);
}
