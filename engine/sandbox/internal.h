/*
 * internal.h: what the files of engine/sandbox share; nothing else includes it.
 *
 * The sandbox is four kinds of process, and its files follow them:
 *
 *   launch.c    litlab's side: the probe, the launch slots, sandbox_launch()
 *               (the capture of a launch's output against its deadline),
 *               work folders, the signals that end a run
 *   helper.c    litlab's side of a helper: starting one (from a fresh image
 *               of the binary), stopping it, talking to it
 *   protocol.c  the messages between litlab, the spawner and the mounter
 *   mounter.c   tiers A and B: litlab's child in the new namespaces; builds
 *               the allowlisted root, makes work folders, mounts each
 *               launch's folders
 *   spawner.c   every tier: PID 1 of the new PID namespace (A, B) or a child
 *               subreaper (C, D); forks each launch and cleans up after it
 *   child.c     the launch between vfork() and exec
 *   policy.c    what is allowed, built once: the seccomp filter, Landlock,
 *               cgroups
 */
#ifndef LITLAB_SANDBOX_INTERNAL_H
#define LITLAB_SANDBOX_INTERNAL_H

#include <linux/filter.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/types.h>

#include "sandbox/sandbox.h"

/* ---- the launch between vfork() and exec (child.c) ---- */

/* What the child does between vfork() and exec. Every pointer stays valid until it execs. */
struct child_spec {
	char *const *argv;
	char *const *envp;
	const char *path;  /* the program, found in the launch's PATH by the spawner */
	const char *cwd;   /* chdir() to this, or */
	int cwd_fd;	   /* fchdir() to this (-1: cwd) */
	int fd_in, fd_out, fd_err;
	int fd_side;	  /* -1 without a side channel */
	const struct limits *lim;
	int set_as;	  /* 1: RLIMIT_AS from lim->mem_bytes */
	long nproc;	  /* RLIMIT_NPROC; 0: leave it */
	int uid, gid;	  /* setresuid()/setresgid() to these; -1: keep */
	int drop_caps;	  /* keep the uid, lose every capability, for good */
	int new_ipc;	  /* a new IPC namespace of its own (tiers A and B) */
	int landlock_fd;  /* landlock_restrict_self() with this ruleset; -1 */
	int proc_rw;	  /* a writable /proc (the visible one is read-only), for oom_score_adj; -1 */
	pid_t parent;	  /* with pdeathsig: give up if the parent is no longer this one */
	int pdeathsig;
};

/* Where a child that did not reach its program stopped: in the high bits of *failure. */
enum child_stage { STAGE_SETUP = 1, STAGE_CWD, STAGE_EXEC };
#define CHILD_FAILURE(stage, err) ((stage) << 16 | (err))
#define FAILURE_STAGE(f) ((f) >> 16)
#define FAILURE_ERRNO(f) ((f) & 0xffff)

/*
 * Starts the child with vfork(): returns its pid once it has exec'd or
 * failed, -1 if it could not be created (errno). *failure is 0, or
 * CHILD_FAILURE(stage, errno).
 */
pid_t sbx_spawn(const struct child_spec *c, int *failure);

/* Closes every descriptor from lowfd up. */
void sbx_close_from(int lowfd);

/* ---- policy (policy.c) ---- */

/*
 * Builds the seccomp filter of tier (libseccomp) into *out. Installing a
 * filter costs a quarter of a bare launch here (the kernel compiles it and
 * prepares its cache), inheriting one costs nothing: each spawner installs
 * it once on itself. Tiers C and D, which have no namespaces of their own,
 * also deny every System V and POSIX IPC call (the host's objects are the
 * only ones there); tier D, whose programs have the user's uid, also
 * denies kill(-1) and changing the modes, owners, times and extended
 * attributes of files by path (Landlock does not cover them: the user's
 * files anywhere would be open to them). Tiers A and B allow
 * unshare(CLONE_NEWIPC) alone, which the child makes before it drops its
 * rights (the kernel refuses it to the program).
 */
int sbx_filter_build(int tier, struct sock_fprog *out, char **why);

/*
 * A Landlock ruleset for tiers C and D: reads and runs only in the system
 * folders, the files of /etc a toolchain needs, /proc, the shown paths
 * (NULL-terminated) and the work folder; writes only in the work folder
 * and to /dev/null, /dev/zero and /dev/full; no TCP; signals and abstract
 * sockets scoped to the sandbox, to the extent the kernel supports it.
 * Returns the ruleset fd, or -1; *abi is the kernel's Landlock version (0:
 * none). work_fd may be -1 (a probe).
 */
int sbx_landlock_ruleset(int work_fd, const char *const *shown, int *abi);

/* The system folders a launch sees: /usr, and what of /bin, /lib*, /sbin is a folder or a link. */
extern const char *const sbx_system_dirs[];
/* The files of the host's /etc that the root of tiers A and B copies, and Landlock lets tiers C and D read. */
extern const char *const sbx_etc_files[];
/* 1 if path is shown by the system folders already (it lies below one of them). */
int sbx_shown_by_system(const char *path);

/* Tier A's cgroups for one slot: v1 pids and memory, made under litlab's own. */
struct sbx_cgroup {
	char *pids_dir;	  /* NULL when absent */
	char *mem_dir;
	int pids_procs;	  /* cgroup.procs of the pids cgroup (the helper joins it) */
	int mem_procs;	  /* cgroup.procs of the memory cgroup (the spawner joins it) */
	int mem_limit;	  /* memory.limit_in_bytes */
	int memsw_limit;  /* memory.memsw.limit_in_bytes, -1 without swap accounting */
	int oom_efd;	  /* eventfd, readable when the memory cgroup ran out */
	int pids_events;  /* pids.events */
};

void sbx_cgroup_init(struct sbx_cgroup *cg);
/* Makes the slot's cgroups; 0, or -1 with *why. cg holds what could be made either way. */
int sbx_cgroup_make(struct sbx_cgroup *cg, int slot, char **why);
/* Closes its descriptors and removes its folders (they must be empty by then). */
void sbx_cgroup_release(struct sbx_cgroup *cg);
/* The count of "max" events of pids.events, or 0. */
long long sbx_cgroup_pids_max_events(const struct sbx_cgroup *cg);
/* Sets the memory limit (0: none); remembers the last one written in *cur. */
int sbx_cgroup_set_memory(const struct sbx_cgroup *cg, long long bytes, long long *cur);

/* ---- the configuration every helper is built with (launch.c, from the probe) ---- */

struct sbx_config {
	int tier;	  /* 'A' to 'D' */
	int uid;	  /* A: SANDBOX_UID; C: the run's first; else -1 */
	int use_cgroup;	  /* A */
	long nproc;	  /* RLIMIT_NPROC where there is no pids cgroup; 0 for none */
	int landlock;	  /* C and D: Landlock's version, 0 without */
	const struct sock_fprog *filter; /* installed once on the spawner, inherited by every launch */
	char **shown;	  /* NULL-terminated: LITLAB_SANDBOX_PATHS and sandbox_show()'s */
};

/* Parts a helper reports it has set up. */
enum {
	PART_ROOT = 1 << 0,	/* the allowlisted root (pivot_root) */
	PART_TMPFS = 1 << 1,	/* work folders and /tmp are bounded file systems of their own */
	PART_PROC = 1 << 2,
	PART_CGROUP = 1 << 4,
	PART_UTS = 1 << 5,
	PART_SECCOMP = 1 << 6,
	PART_IPC = 1 << 7,	/* a new IPC namespace per launch */
	PART_LANDLOCK = 1 << 8,
};

/* ---- the protocol (protocol.c) ---- */

enum {
	MSG_REQ = 0x51455251,	 /* litlab -> spawner: a launch */
	MSG_KILL = 0x4c4c494b,	 /* litlab -> spawner: kill the launch now */
	MSG_FOLDER = 0x444c4f46, /* litlab -> spawner -> mounter: a new work folder */
	MSG_READY = 0x59444552,	 /* spawner -> litlab: set up */
	MSG_PID = 0x44495048,	 /* mounter -> litlab: the spawner's pid */
	MSG_FAIL = 0x4c494146,	 /* either -> litlab: could not set up */
	MSG_DONE = 0x454e4f44,	 /* spawner -> litlab: a launch has ended */
	MSG_MADE = 0x4544414d,	 /* spawner -> litlab: the folder (its descriptor goes with it) */
};
/* At most this many descriptors go with one message. */
#define SBX_MAX_FDS 6
/* Bytes of argv, envp and the program's name of one launch. */
#define SBX_MAX_PAYLOAD (16u << 20)

enum { REQ_SIDE = 1, REQ_STDIN = 2 };

struct msg_req {
	uint32_t type, flags, argc, envc;
	uint64_t payload; /* bytes of argv and envp that follow */
	struct limits lim;
	int64_t folder_bytes, folder_files; /* the work folder's bounds: /tmp gets the same */
};

/* What the helper says when the launch has ended. */
struct msg_done {
	uint32_t type;
	int32_t failure;       /* CHILD_FAILURE(), or 0 */
	int32_t failure_mount; /* the launch's folders could not be mounted: errno */
	int32_t pid, status;
	uint32_t limits;       /* LIMIT_* */
	int64_t start_ns, end_ns;
	struct rusage ru;
};
enum { LIMIT_MEMORY = 1, LIMIT_PROCS = 2, LIMIT_DISK = 4, LIMIT_FILES = 8 };

struct msg_folder { /* MSG_FOLDER; MSG_MADE answers with err and the descriptor */
	uint32_t type;
	int32_t err;
	int64_t bytes, files;
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
	struct msg_folder folder;
	struct msg_ready ready;
};

/* Sends len bytes (one message) with nfds descriptors; 0, or -1 (errno). */
int sbx_send(int sock, const void *buf, size_t len, const int *fds, int nfds);
/*
 * Receives one message into buf (at most len bytes) and up to max_fds
 * descriptors (close-on-exec; extra ones are closed). Returns its length,
 * 0 at the end, -1 (errno).
 */
ssize_t sbx_recv(int sock, void *buf, size_t len, int *fds, int max_fds, int *nfds, int flags);
/* Sends a MSG_FAIL saying what failed (with errno) and exits. */
NORETURN void sbx_fail(int sock, const char *what);

/* ---- the mounter (mounter.c), tiers A and B ---- */

/* Spawner to mounter: the launch's folders, then their removal. */
enum { MNT_LAUNCH = 1, MNT_END, MNT_FOLDER };
struct mnt_req {
	uint32_t op;
	int64_t bytes, files; /* MNT_LAUNCH, MNT_FOLDER: bounds of what it makes */
};
struct mnt_reply {
	int32_t err;
	uint32_t limits; /* MNT_END: LIMIT_DISK, LIMIT_FILES */
};

/* Makes a bounded tmpfs, mounted nowhere, root owned by uid (-1: the caller): its descriptor, or -1. */
int sbx_tmpfs(long long bytes, long files, const char *mode, int uid);

/* ---- the spawner (spawner.c) ---- */

struct spawner {
	const struct sbx_config *cfg;
	const struct sbx_cgroup *cg;
	int sock, sigfd;
	int msock;	   /* to the mounter; -1 in tiers C and D */
	int ns;		   /* PID 1 of its own namespaces */
	int uid, gid;	   /* what launches run as, -1: keep */
	long long mem_cur;
	long long pids_events;
	pid_t current;	   /* the launch in progress */
	unsigned parts;
	int proc_rw;	   /* tiers A and B: a writable clone of the namespace's /proc, mounted nowhere */
};

/* The spawner's life: set up (proc, UTS, cgroup, filter), say READY, serve launches. */
NORETURN void sbx_spawner_main(struct spawner *sp);
/* Tiers A and B, in litlab's child: the namespaces, the root, the spawner; then serves mounts. */
NORETURN void sbx_mounter_main(struct spawner *sp);

/* ---- helpers (helper.c), litlab's side ---- */

struct sbx_helper {
	pid_t pid;	  /* litlab's child */
	pid_t spawner;	  /* the spawner (litlab's view of its pid) */
	int sock;	  /* SOCK_SEQPACKET to the spawner */
	int slot;
	int broken;
	unsigned generation; /* of the configuration it was built with (sandbox_show() changes it) */
	struct sbx_cgroup cg;
};

/* Starts a helper; 0, or -1 with *why. *parts says what it set up. */
int sbx_helper_start(struct sbx_helper *h, const struct sbx_config *cfg, int slot, unsigned *parts, char **why);
/* Ends it (it kills everything in its namespace) and reaps it. */
void sbx_helper_stop(struct sbx_helper *h);
/* Forgets it without waiting (in a forked child of litlab). */
void sbx_helper_forget(struct sbx_helper *h);

/* What litlab gives the helper for one launch. */
struct sbx_request {
	char *const *argv;
	char *const *envp;
	int work_fd;
	long long folder_bytes;
	long folder_files;
	int fd_in, fd_out, fd_err, fd_side;
	const struct limits *lim;
};

/* Sends a launch; 0, or -1 (errno) if the helper is gone. */
int sbx_helper_send(struct sbx_helper *h, const struct sbx_request *rq);
/* Asks the helper to kill the launch now. */
void sbx_helper_kill(struct sbx_helper *h);
/* Reads the outcome once the socket is readable: 1 got it, 0 not yet, -1 the helper is gone. */
int sbx_helper_outcome(struct sbx_helper *h, struct msg_done *o);
/* Tests: the next ppoll() of a launch (launch.c) fails with this errno instead of waiting; 0: none. */
extern int sbx_fault_ppoll;
/*
 * Kills every process of uid (tier C's slot uids, which no one else has):
 * a child takes the uid and calls kill(-1). How many there were before
 * (from /proc), or -1. Root only.
 */
int sbx_kill_uid(uid_t uid, gid_t gid);

/* RLIMIT_SIGPENDING of launched programs: queued signals and POSIX timers, which count per uid. */
#define SIGPENDING_MAX 1024

/* Tier C's most slots (SANDBOX_UID_C_SLOTS; tests set fewer). */
extern int sbx_c_slots;
/* Tests: how many launch slots there are (busy, free or dead). */
size_t sbx_slot_count(void);

/* Asks for a new work folder (tiers A and B): its descriptor, or -1 with errno. */
int sbx_helper_folder(struct sbx_helper *h, long long bytes, long files);

#endif
