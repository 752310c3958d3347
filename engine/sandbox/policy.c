/*
 * policy.c: what the sandbox allows: the seccomp filter, the Landlock
 * ruleset of tiers C and D, what the system folders are, and tier A's
 * cgroups.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/fs.h"
#include "sandbox/internal.h"

/* ---- seccomp ---- */

/*
 * Denied with EPERM, so that a program sees an ordinary error: debugging
 * and reading other processes, namespaces and mounts, kernel keyrings, BPF,
 * perf events, io_uring (it bypasses the filter), modules, kexec, reboot,
 * swap, accounting, userfaultfd (an exploit primitive), file handles.
 */
static const char *const denied[] = {
	"ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_getfd",
	"mount", "umount", "umount2", "pivot_root", "chroot", "setns",
	"fsopen", "fsconfig", "fsmount", "fspick", "open_tree", "move_mount", "mount_setattr",
	"bpf", "keyctl", "add_key", "request_key", "perf_event_open",
	"io_uring_setup", "io_uring_enter", "io_uring_register",
	"kexec_load", "kexec_file_load", "reboot", "init_module", "finit_module", "delete_module",
	"swapon", "swapoff", "acct", "quotactl", "quotactl_fd", "userfaultfd",
	"open_by_handle_at", "name_to_handle_at", "lookup_dcookie", "syslog", "vhangup",
	"iopl", "ioperm", "nfsservctl", "uselib",
};

static const unsigned long namespace_flags[] = {
	0x00020000UL /* CLONE_NEWNS */,	  0x02000000UL /* CLONE_NEWCGROUP */, 0x04000000UL /* CLONE_NEWUTS */,
	0x08000000UL /* CLONE_NEWIPC */,  0x10000000UL /* CLONE_NEWUSER */,   0x20000000UL /* CLONE_NEWPID */,
	0x40000000UL /* CLONE_NEWNET */,  0x00000080UL /* CLONE_NEWTIME */,
};

static int deny(scmp_filter_ctx ctx, const char *name, int err, unsigned n, const struct scmp_arg_cmp *arg)
{
	int nr = seccomp_syscall_resolve_name(name);

	if (nr == __NR_SCMP_ERROR)
		return 0; /* unknown to this architecture or libseccomp: nothing to deny */
	if (n == 0)
		return seccomp_rule_add(ctx, SCMP_ACT_ERRNO((unsigned)err), nr, 0);
	return seccomp_rule_add_array(ctx, SCMP_ACT_ERRNO((unsigned)err), nr, n, arg);
}

/*
 * Calls that act on another process named by its pid: its limits, its
 * priority, its CPUs, its scheduling, its I/O priority, its memory's place.
 * Landlock has no hook for them, and without a PID namespace (or in tier B,
 * where the spawner is PID 1 with the programs' uid) they would reach litlab,
 * its helpers or the user's own programs: a program may name only itself (0).
 */
static int deny_others(scmp_filter_ctx ctx)
{
	static const char *const by_pid[] = { "prlimit64", "sched_setaffinity", "sched_setscheduler",
					      "sched_setparam", "sched_setattr", "migrate_pages", "move_pages" };
	struct scmp_arg_cmp other = SCMP_A0(SCMP_CMP_NE, 0);
	struct scmp_arg_cmp not_process = SCMP_A0(SCMP_CMP_NE, 0 /* PRIO_PROCESS */);
	struct scmp_arg_cmp not_self = SCMP_A1(SCMP_CMP_NE, 0);
	struct scmp_arg_cmp not_io_process = SCMP_A0(SCMP_CMP_NE, 1 /* IOPRIO_WHO_PROCESS */);
	int rc = 0;

	for (size_t i = 0; i < ARRAY_LEN(by_pid) && rc == 0; i++)
		rc = deny(ctx, by_pid[i], EPERM, 1, &other);
	/* setpriority(PRIO_USER, 0) is every process of the uid: only (PRIO_PROCESS, 0). */
	rc = rc ? rc : deny(ctx, "setpriority", EPERM, 1, &not_process);
	rc = rc ? rc : deny(ctx, "setpriority", EPERM, 1, &not_self);
	rc = rc ? rc : deny(ctx, "ioprio_set", EPERM, 1, &not_io_process);
	rc = rc ? rc : deny(ctx, "ioprio_set", EPERM, 1, &not_self);
	rc = rc ? rc : deny(ctx, "process_madvise", EPERM, 0, NULL);
	return rc;
}

int sbx_filter_build(int tier, struct sock_fprog *out, char **why)
{
	int no_ns = tier == 'C' || tier == 'D';
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	int rc = 0, fd = -1;

	memset(out, 0, sizeof *out);
	if (!ctx) {
		*why = xstrdup("seccomp_init failed");
		return -1;
	}
	/* The child sets no_new_privs itself; another architecture's calls kill the process. */
	seccomp_attr_set(ctx, SCMP_FLTATR_CTL_NNP, 0);
	seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS);
	for (size_t i = 0; i < ARRAY_LEN(denied) && rc == 0; i++)
		rc = deny(ctx, denied[i], EPERM, 0, NULL);
	/* Tiers A and B: unshare(CLONE_NEWIPC) alone, which the child makes while it still has the
	   right (the program, which has not, is refused by the kernel); everything else. */
	struct scmp_arg_cmp not_ipc = SCMP_A0(SCMP_CMP_NE, 0x08000000UL /* CLONE_NEWIPC */);
	if (rc == 0)
		rc = no_ns ? deny(ctx, "unshare", EPERM, 0, NULL) : deny(ctx, "unshare", EPERM, 1, &not_ipc);

	/* No socket() at all: no network, and no host socket file (a database's, the system
	   bus's) can be reached; a pair of connected sockets is all a program gets. */
	struct scmp_arg_cmp not_unix = SCMP_A0(SCMP_CMP_NE, AF_UNIX);
	if (rc == 0)
		rc = deny(ctx, "socket", EPERM, 0, NULL);
	if (rc == 0)
		rc = deny(ctx, "socketpair", EPERM, 1, &not_unix);
	/* Without an IPC namespace of its own, an IPC object would outlive the launch and be seen
	   by the next one (and by the host): tiers C and D refuse to make any. */
	static const char *const ipc[] = { "msgget", "msgsnd", "msgrcv", "msgctl", "semget", "semop", "semtimedop",
					   "semctl", "shmget", "shmat", "shmdt", "shmctl", "mq_open", "mq_unlink",
					   "mq_timedsend", "mq_timedreceive", "mq_notify", "mq_getsetattr" };
	for (size_t i = 0; no_ns && i < ARRAY_LEN(ipc) && rc == 0; i++)
		rc = deny(ctx, ipc[i], EPERM, 0, NULL);
	/* Typing into the terminal of whoever runs litlab, and the console's paste. */
	struct scmp_arg_cmp sti = SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffUL, TIOCSTI);
	struct scmp_arg_cmp linux_ = SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffUL, TIOCLINUX);
	if (rc == 0)
		rc = deny(ctx, "ioctl", EPERM, 1, &sti);
	if (rc == 0)
		rc = deny(ctx, "ioctl", EPERM, 1, &linux_);
	/* Tier D: the program is the user, and Landlock covers no change of a file's mode, owner,
	   times or attributes: none is allowed, by path or by descriptor (a file it may only read,
	   a shown one, would otherwise become set-uid and writable by all). */
	static const char *const attrs[] = { "chmod", "fchmod", "fchmodat", "fchmodat2", "chown", "fchown",
					     "lchown", "fchownat", "utime", "utimes", "futimesat", "utimensat",
					     "setxattr", "lsetxattr", "fsetxattr", "setxattrat", "removexattr",
					     "lremovexattr", "fremovexattr", "removexattrat" };
	for (size_t i = 0; tier == 'D' && i < ARRAY_LEN(attrs) && rc == 0; i++)
		rc = deny(ctx, attrs[i], EPERM, 0, NULL);
	/* clone() with any namespace flag; clone3() passes its flags in memory, so it is
	   "not implemented" and glibc falls back to clone(). */
	for (size_t i = 0; i < ARRAY_LEN(namespace_flags) && rc == 0; i++) {
		struct scmp_arg_cmp ns = SCMP_A0(SCMP_CMP_MASKED_EQ, namespace_flags[i], namespace_flags[i]);
		rc = deny(ctx, "clone", EPERM, 1, &ns);
	}
	if (rc == 0)
		rc = deny(ctx, "clone3", ENOSYS, 0, NULL);
	rc = rc ? rc : deny_others(ctx);
	/* Tiers B to D bound memory per process with RLIMIT_AS alone: memory that is no process's
	   address space would have no bound at all: a memfd's pages, pages vmsplice() leaves in a
	   pipe after munmap() (a 4 KiB reference holds a whole 2 MiB huge page), socket buffers
	   (a socket pair's, raised with SO_SNDBUF, hold megabytes each), System V shared
	   memory, message queues and semaphore arrays (an IPC namespace's own limits allow tens of
	   gigabytes). Tier A's memory cgroup counts them all. */
	static const char *const unbounded[] = { "memfd_create", "memfd_secret", "vmsplice", "socketpair",
						 "shmget",	 "msgget",	 "semget" };
	for (size_t i = 0; tier != 'A' && i < ARRAY_LEN(unbounded) && rc == 0; i++)
		if (!no_ns || i < 4) /* tiers C and D refuse every IPC call below */
			rc = deny(ctx, unbounded[i], EPERM, 0, NULL);
	/* Tiers C and D: Landlock does not look at inotify and fanotify, which would show the
	   program every name opened or made in the user's folders while it runs. */
	static const char *const watchers[] = { "inotify_init", "inotify_init1", "fanotify_init" };
	for (size_t i = 0; no_ns && i < ARRAY_LEN(watchers) && rc == 0; i++)
		rc = deny(ctx, watchers[i], EPERM, 0, NULL);
	/* kill(-1): without a PID namespace it would reach every process of the uid. */
	struct scmp_arg_cmp all = SCMP_A0(SCMP_CMP_MASKED_EQ, 0xffffffffUL, 0xffffffffUL);
	if (rc == 0 && tier == 'D') /* tier C's uid is its slot's own: kill(-1) reaches only that */
		rc = deny(ctx, "kill", EPERM, 1, &all);
	if (rc != 0) {
		*why = xasprintf("cannot build the seccomp filter: %s", strerror(-rc));
		goto done;
	}

	fd = memfd_create("litlab-seccomp", MFD_CLOEXEC);
	struct stat st;
	if (fd < 0 || (rc = seccomp_export_bpf(ctx, fd)) != 0 || fstat(fd, &st) < 0 || st.st_size <= 0 ||
	    st.st_size % (off_t)sizeof(struct sock_filter) != 0) {
		*why = xasprintf("cannot export the seccomp filter: %s", strerror(rc ? -rc : errno));
		rc = -1;
		goto done;
	}
	struct sock_filter *prog = xmalloc((size_t)st.st_size);
	if (pread(fd, prog, (size_t)st.st_size, 0) != (ssize_t)st.st_size) {
		*why = xasprintf("cannot read the seccomp filter back: %s", strerror(errno));
		free(prog);
		rc = -1;
		goto done;
	}
	out->filter = prog;
	out->len = (unsigned short)((size_t)st.st_size / sizeof *prog);
	rc = 0;
done:
	if (fd >= 0)
		close(fd);
	seccomp_release(ctx);
	return rc == 0 ? 0 : -1;
}

/* ---- Landlock (the header may be older than the kernel: what it lacks is defined here) ---- */

#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#endif
#ifndef SYS_landlock_add_rule
#define SYS_landlock_add_rule 445
#endif

struct ll_ruleset_attr {
	uint64_t handled_access_fs;
	uint64_t handled_access_net;
	uint64_t scoped;
};

struct ll_path_beneath {
	uint64_t allowed_access;
	int32_t parent_fd;
} __attribute__((packed));

#define LL_CREATE_RULESET_VERSION (1U << 0)
#define LL_RULE_PATH_BENEATH 1
#define LL_FS_EXECUTE (1ULL << 0)
#define LL_FS_WRITE_FILE (1ULL << 1)
#define LL_FS_READ_FILE (1ULL << 2)
#define LL_FS_READ_DIR (1ULL << 3)
#define LL_FS_V1 ((1ULL << 13) - 1) /* execute, write, read, read_dir, remove, make any kind */
#define LL_FS_REFER (1ULL << 13)
#define LL_FS_TRUNCATE (1ULL << 14)
#define LL_FS_IOCTL_DEV (1ULL << 15)
#define LL_NET_BIND_TCP (1ULL << 0)
#define LL_NET_CONNECT_TCP (1ULL << 1)
#define LL_SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0)
#define LL_SCOPE_SIGNAL (1ULL << 1)

const char *const sbx_system_dirs[] = { "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", NULL };

/* Copied by the root of tiers A and B, readable in C and D; passwd and the like are made anew there. */
const char *const sbx_etc_files[] = { "ld.so.cache", "ld.so.conf", "ld.so.conf.d", "alternatives",
				      "services",    "protocols",  "os-release",   NULL };
static const char *const etc_made[] = { "passwd", "group", "hosts", "hostname", "nsswitch.conf", NULL };

int sbx_shown_by_system(const char *path)
{
	for (size_t i = 0; sbx_system_dirs[i]; i++) {
		size_t n = strlen(sbx_system_dirs[i]);
		if (strncmp(path, sbx_system_dirs[i], n) == 0 && (path[n] == '/' || path[n] == '\0'))
			return 1;
	}
	return 0;
}

/* Allows access below the path open as fd (rights a file cannot have are dropped for a file). */
static int ll_allow_fd(int ruleset, int fd, uint64_t access)
{
	struct ll_path_beneath pb;
	struct stat st;

	if (fstat(fd, &st) < 0)
		return -1;
	if (!S_ISDIR(st.st_mode))
		access &= LL_FS_EXECUTE | LL_FS_WRITE_FILE | LL_FS_READ_FILE | LL_FS_TRUNCATE | LL_FS_IOCTL_DEV;
	pb.allowed_access = access;
	pb.parent_fd = fd;
	return (int)syscall(SYS_landlock_add_rule, ruleset, LL_RULE_PATH_BENEATH, &pb, 0);
}

/* The same by path (followed: a link allows what it names); a path that is not there allows nothing. */
static void ll_allow(int ruleset, const char *path, uint64_t access)
{
	int fd = open(path, O_PATH | O_CLOEXEC);

	if (fd < 0)
		return;
	ll_allow_fd(ruleset, fd, access);
	close(fd);
}

int sbx_landlock_ruleset(int work_fd, const char *const *shown, int *abi)
{
	struct ll_ruleset_attr attr;
	size_t size = sizeof attr.handled_access_fs;
	char path[64];

	*abi = (int)syscall(SYS_landlock_create_ruleset, NULL, 0, LL_CREATE_RULESET_VERSION);
	if (*abi <= 0) {
		*abi = 0;
		return -1;
	}
	memset(&attr, 0, sizeof attr);
	attr.handled_access_fs = LL_FS_V1 | (*abi >= 2 ? LL_FS_REFER : 0) | (*abi >= 3 ? LL_FS_TRUNCATE : 0) |
				 (*abi >= 5 ? LL_FS_IOCTL_DEV : 0);
	if (*abi >= 4) {
		attr.handled_access_net = LL_NET_BIND_TCP | LL_NET_CONNECT_TCP; /* and no port allowed */
		size = 2 * sizeof(uint64_t);
	}
	if (*abi >= 6) {
		attr.scoped = LL_SCOPE_ABSTRACT_UNIX_SOCKET | LL_SCOPE_SIGNAL;
		size = sizeof attr;
	}
	int fd = (int)syscall(SYS_landlock_create_ruleset, &attr, size, 0);
	if (fd < 0)
		return -1;
	fcntl(fd, F_SETFD, FD_CLOEXEC);
	const uint64_t read = LL_FS_READ_FILE | LL_FS_READ_DIR, run = read | LL_FS_EXECUTE;
	const uint64_t write = LL_FS_WRITE_FILE | (*abi >= 3 ? LL_FS_TRUNCATE : 0);
	if (work_fd >= 0 && ll_allow_fd(fd, work_fd, attr.handled_access_fs) < 0) {
		close(fd);
		return -1;
	}
	for (size_t i = 0; sbx_system_dirs[i]; i++)
		ll_allow(fd, sbx_system_dirs[i], run);
	for (size_t i = 0; sbx_etc_files[i]; i++) {
		snprintf(path, sizeof path, "/etc/%s", sbx_etc_files[i]);
		ll_allow(fd, path, read);
	}
	for (size_t i = 0; etc_made[i]; i++) {
		snprintf(path, sizeof path, "/etc/%s", etc_made[i]);
		ll_allow(fd, path, read);
	}
	for (size_t i = 0; shown && shown[i]; i++)
		ll_allow(fd, shown[i], run);
	ll_allow(fd, "/proc", read);
	static const char *const devices[] = { "/dev/null", "/dev/zero", "/dev/full" };
	for (size_t i = 0; i < ARRAY_LEN(devices); i++)
		ll_allow(fd, devices[i], read | write);
	ll_allow(fd, "/dev/random", LL_FS_READ_FILE);
	ll_allow(fd, "/dev/urandom", LL_FS_READ_FILE);
	return fd;
}

/* ---- cgroups (v1) ---- */

static int write_text(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	ssize_t n = write(fd, text, strlen(text));
	int e = errno;
	close(fd);
	errno = e;
	return n == (ssize_t)strlen(text) ? 0 : -1;
}

/* The folder of litlab's own cgroup in the v1 hierarchy that has `controller`, or NULL. */
static char *v1_dir(const char *controller)
{
	char *mounts = NULL, *groups = NULL, *dir = NULL, *mountpoint = NULL;
	size_t len;

	if (fs_read_path("/proc/self/mountinfo", FS_SYSTEM_FILE_MAX, &mounts, &len) < 0 ||
	    fs_read_path("/proc/self/cgroup", FS_SYSTEM_FILE_MAX, &groups, &len) < 0)
		goto done;
	/* ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS [OPTIONAL...] - FSTYPE SOURCE SUPEROPTIONS */
	char *save_line = NULL;
	for (char *line = strtok_r(mounts, "\n", &save_line); line && !mountpoint;
	     line = strtok_r(NULL, "\n", &save_line)) {
		char *sep = strstr(line, " - cgroup ");
		if (!sep)
			continue;
		*sep = '\0';
		char *super = strchr(sep + 10, ' '); /* after the source */
		char *save = NULL, *field = strtok_r(line, " ", &save);
		for (int i = 0; field && i < 4; i++)
			field = strtok_r(NULL, " ", &save);
		if (!field || !super)
			continue;
		char *save_opt = NULL;
		for (char *o = strtok_r(super + 1, ",", &save_opt); o; o = strtok_r(NULL, ",", &save_opt))
			if (strcmp(o, controller) == 0)
				mountpoint = xstrdup(field);
	}
	if (!mountpoint)
		goto done;
	/* N:CONTROLLER[,CONTROLLER...]:PATH */
	for (char *line = strtok_r(groups, "\n", &save_line); line && !dir; line = strtok_r(NULL, "\n", &save_line)) {
		char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
		if (!c2)
			continue;
		*c2 = '\0';
		char *save = NULL;
		for (char *o = strtok_r(c1 + 1, ",", &save); o && !dir; o = strtok_r(NULL, ",", &save))
			if (strcmp(o, controller) == 0)
				dir = xasprintf("%s%s", mountpoint, strcmp(c2 + 1, "/") == 0 ? "" : c2 + 1);
	}
done:
	free(mounts);
	free(groups);
	free(mountpoint);
	return dir;
}

void sbx_cgroup_init(struct sbx_cgroup *cg)
{
	memset(cg, 0, sizeof *cg);
	cg->pids_procs = cg->mem_procs = cg->mem_limit = cg->memsw_limit = cg->oom_efd = cg->pids_events = -1;
}

static int write_in(const char *dir, const char *file, const char *text)
{
	char *path = xasprintf("%s/%s", dir, file);
	int rc = write_text(path, text);

	free(path);
	return rc;
}

static int open_in(const char *dir, const char *file, int flags)
{
	char *path = xasprintf("%s/%s", dir, file);
	int fd = open(path, flags | O_CLOEXEC);

	free(path);
	return fd;
}

/* Removes the (empty) cgroups that litlab processes killed earlier left behind. */
static void remove_stale(const char *base)
{
	DIR *d = opendir(base);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d))) {
		char *end;
		if (strncmp(e->d_name, "litlab-", 7) != 0)
			continue;
		long pid = strtol(e->d_name + 7, &end, 10);
		if (*end != '-' || pid <= 0 || pid == (long)getpid() || kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		char *path = xasprintf("%s/%s", base, e->d_name);
		rmdir(path);
		free(path);
	}
	closedir(d);
}

int sbx_cgroup_make(struct sbx_cgroup *cg, int slot, char **why)
{
	char *pids = v1_dir("pids"), *mem = v1_dir("memory");
	char text[64];
	int rc = -1;

	if (!pids || !mem) {
		*why = xstrdup("no cgroup v1 hierarchy with the pids and memory controllers");
		goto done;
	}
	remove_stale(pids);
	remove_stale(mem);
	cg->pids_dir = xasprintf("%s/litlab-%ld-%d", pids, (long)getpid(), slot);
	cg->mem_dir = xasprintf("%s/litlab-%ld-%d", mem, (long)getpid(), slot);
	if (mkdir(cg->pids_dir, 0755) < 0 && errno != EEXIST) {
		*why = xasprintf("cannot make the cgroup '%s': %s", cg->pids_dir, strerror(errno));
		free(cg->pids_dir);
		cg->pids_dir = NULL;
		goto done;
	}
	if (mkdir(cg->mem_dir, 0755) < 0 && errno != EEXIST) {
		*why = xasprintf("cannot make the cgroup '%s': %s", cg->mem_dir, strerror(errno));
		free(cg->mem_dir);
		cg->mem_dir = NULL;
		goto done;
	}
	/* The helper and its parent are in the pids cgroup too. */
	snprintf(text, sizeof text, "%d", SANDBOX_NPROC + 2);
	if (write_in(cg->pids_dir, "pids.max", text) < 0 ||
	    (cg->pids_procs = open_in(cg->pids_dir, "cgroup.procs", O_WRONLY)) < 0 ||
	    (cg->pids_events = open_in(cg->pids_dir, "pids.events", O_RDONLY)) < 0) {
		*why = xasprintf("cannot set up the cgroup '%s': %s", cg->pids_dir, strerror(errno));
		goto done;
	}
	/* Out of memory, the kernel kills the largest process in it and the eventfd tells the
	   spawner, which then kills the rest of the launch. */
	int oom = open_in(cg->mem_dir, "memory.oom_control", O_RDONLY);
	cg->oom_efd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	snprintf(text, sizeof text, "%d %d", cg->oom_efd, oom);
	int ok = oom >= 0 && cg->oom_efd >= 0 && write_in(cg->mem_dir, "cgroup.event_control", text) == 0 &&
		 (cg->mem_limit = open_in(cg->mem_dir, "memory.limit_in_bytes", O_WRONLY)) >= 0 &&
		 (cg->mem_procs = open_in(cg->mem_dir, "cgroup.procs", O_WRONLY)) >= 0;
	int e = errno;
	if (oom >= 0)
		close(oom);
	if (!ok) {
		*why = xasprintf("cannot set up the cgroup '%s': %s", cg->mem_dir, strerror(e));
		goto done;
	}
	cg->memsw_limit = open_in(cg->mem_dir, "memory.memsw.limit_in_bytes", O_WRONLY);
	rc = 0;
done:
	free(pids);
	free(mem);
	return rc;
}

void sbx_cgroup_release(struct sbx_cgroup *cg)
{
	int fds[] = { cg->pids_procs, cg->mem_procs, cg->mem_limit, cg->memsw_limit, cg->oom_efd, cg->pids_events };

	for (size_t i = 0; i < ARRAY_LEN(fds); i++)
		if (fds[i] >= 0)
			close(fds[i]);
	if (cg->pids_dir)
		rmdir(cg->pids_dir);
	if (cg->mem_dir)
		rmdir(cg->mem_dir);
	free(cg->pids_dir);
	free(cg->mem_dir);
	sbx_cgroup_init(cg);
}

long long sbx_cgroup_pids_max_events(const struct sbx_cgroup *cg)
{
	char text[128];

	if (cg->pids_events < 0)
		return 0;
	ssize_t n = pread(cg->pids_events, text, sizeof text - 1, 0);
	if (n <= 0)
		return 0;
	text[n] = '\0';
	const char *max = strstr(text, "max ");
	return max ? strtoll(max + 4, NULL, 10) : 0;
}

static int write_limit(int fd, long long bytes)
{
	char text[32];
	int n = bytes > 0 ? snprintf(text, sizeof text, "%lld", bytes) : snprintf(text, sizeof text, "-1");

	return pwrite(fd, text, (size_t)n, 0) == n ? 0 : -1;
}

int sbx_cgroup_set_memory(const struct sbx_cgroup *cg, long long bytes, long long *cur)
{
	if (cg->mem_limit < 0 || bytes == *cur)
		return 0;
	/* memsw is never below the memory limit: raise it first, lower it last. */
	int raise = bytes <= 0 || (*cur > 0 && bytes > *cur);
	int rc = 0;
	if (cg->memsw_limit >= 0 && raise)
		rc |= write_limit(cg->memsw_limit, bytes);
	rc |= write_limit(cg->mem_limit, bytes);
	if (cg->memsw_limit >= 0 && !raise)
		rc |= write_limit(cg->memsw_limit, bytes);
	if (rc == 0)
		*cur = bytes;
	return rc;
}

/* ---- processes of a uid ---- */

/*
 * Tier C: every process of the slot's uid, which no other process has. A
 * child of the spawner takes that uid and calls kill(-1): the kernel signals
 * them all under one lock that fork() waits for, so that a process that
 * forks as fast as it is killed is caught too (a scan of /proc would not).
 * Returns how many were left before (from /proc), or -1.
 */
int sbx_kill_uid(uid_t uid, gid_t gid)
{
	DIR *d = opendir("/proc");
	struct stat st;
	int n = 0;

	if (d) {
		for (struct dirent *e; (e = readdir(d));) {
			char *end;
			long pid = strtol(e->d_name, &end, 10);
			if (!*end && pid > 1 && fstatat(dirfd(d), e->d_name, &st, 0) == 0 && st.st_uid == uid)
				n++;
		}
		closedir(d);
	}
	pid_t killer = fork();
	if (killer == 0) {
		if (syscall(SYS_setresgid, gid, gid, gid) < 0 || syscall(SYS_setresuid, uid, uid, uid) < 0)
			_exit(1);
		kill(-1, SIGKILL); /* every process of the uid but this one */
		_exit(0);
	}
	if (killer > 0)
		while (waitpid(killer, NULL, 0) < 0 && errno == EINTR)
			;
	return n;
}
