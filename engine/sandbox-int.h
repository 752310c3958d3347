/*
 * sandbox-int.h: what engine/sandbox*.c share; nothing else includes it.
 *
 *   sandbox.c         the probe, the launch slots, sandbox_launch() and the
 *                     capture of a launch's output
 *   sandbox-child.c   the child between vfork() and exec: session, limits,
 *                     uid, Landlock
 *   sandbox-helper.c  the helpers that launch programs, their setup (the
 *                     namespaces of tiers A and B) and their protocol
 *   sandbox-policy.c  the seccomp filter, the Landlock ruleset, cgroups, the
 *                     idmapping
 */
#ifndef LITLAB_SANDBOX_INT_H
#define LITLAB_SANDBOX_INT_H

#include <linux/filter.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/types.h>

#include "sandbox.h"

/* Sizes of the private /tmp and /dev/shm of tiers A and B. */
#define SBX_TMP_SIZE "64m"
#define SBX_SHM_SIZE "16m"

/* What the child does between vfork() and exec. Every pointer stays valid until it execs. */
struct child_spec {
	char *const *argv;
	char *const *envp;
	const char *path;  /* the program, as litlab found it (run by path first) */
	int exec_fd;	  /* the same file, opened by litlab: run from it when the path is out of the
			     program's reach (a folder closed to its uid, hidden from its view); -1 */
	int script;	  /* it starts with #!: the interpreter reads it through /dev/fd */
	const char *cwd;  /* chdir() to this; NULL: stay */
	int cwd_fd;	  /* fchdir() to this when cwd cannot be entered; -1 */
	int fd_in, fd_out, fd_err;
	int fd_side;	  /* -1 without a side channel */
	const struct limits *lim;
	int set_as;	  /* 1: RLIMIT_AS from lim->mem_bytes */
	long nproc;	  /* RLIMIT_NPROC; 0: leave it */
	int uid;	  /* setresuid()/setresgid() to this; -1: keep */
	int drop_caps;	  /* keep the uid, lose every capability, for good */
	int landlock_fd;  /* landlock_restrict_self() with this ruleset; -1 */
	int reset_signals; /* set every signal's action back to the default */
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
 * CHILD_FAILURE(stage, errno). The caller blocks every signal around it when
 * it has handlers of its own (the child resets them).
 */
pid_t sbx_spawn(const struct child_spec *c, int *failure);

/* Closes every descriptor from lowfd up. */
void sbx_close_from(int lowfd);

/*
 * Builds the seccomp filter (libseccomp, once) into *out. Installing a
 * filter costs a quarter of a bare launch here (the kernel compiles it and
 * prepares its cache), inheriting one costs nothing: each spawner installs
 * it once on itself. deny_kill_all also denies kill(-1), for tiers without
 * a PID namespace (where the spawner needs it, it stays allowed).
 */
int sbx_filter_build(int deny_kill_all, struct sock_fprog *out, char **why);

/*
 * A Landlock ruleset that allows writes only under `writable` and to
 * /dev/null, /dev/zero and /dev/full, denies TCP, and scopes signals and
 * abstract sockets to the sandbox, to the extent the kernel supports it.
 * Returns the ruleset fd, or -1; *abi is the kernel's Landlock version (0: none).
 */
int sbx_landlock_ruleset(const char *writable, int *abi);

/*
 * A user namespace whose fd, given to an idmapped mount, makes files owned by
 * root appear owned by uid and gid `id`, and files that id creates stored as
 * root's. -1 if it cannot be made.
 */
int sbx_idmap_userns(int id, char **why);

/* Gives the folder and what is directly in it to uid (where no idmapped mount can). */
void sbx_give_folder(const char *path, int uid);

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

/*
 * A helper: one per concurrent launch slot, in every tier. Tiers A and B:
 * litlab's child is the mounter (in the new mount namespace, outside the new
 * PID namespace), whose child, PID 1 there, is the spawner. Tiers C and D:
 * litlab's child is the spawner itself.
 */
struct sbx_helper {
	pid_t pid;	  /* litlab's child */
	pid_t spawner;	  /* the spawner (litlab's view of its pid) */
	int sock;	  /* SOCK_SEQPACKET to the spawner */
	int slot;
	int broken;
	struct sbx_cgroup cg;
};

/* What every helper is built with, from the probe. */
struct sbx_config {
	int tier;	  /* 'A' to 'D' */
	int uid;	  /* A: SANDBOX_UID; C: the run's own; else -1 */
	int idmap_fd;	  /* A: the idmapping of work folders; -1 */
	int use_cgroup;	  /* A */
	long nproc;	  /* RLIMIT_NPROC where there is no pids cgroup; 0 for none */
	int landlock;	  /* C and D: Landlock's version, 0 without */
	const struct sock_fprog *filter; /* installed once on the spawner, inherited by every launch */
};

/* Parts a helper reports it has set up. */
enum {
	PART_RO = 1 << 0,
	PART_TMPFS = 1 << 1,
	PART_PROC = 1 << 2,
	PART_IDMAP = 1 << 3,
	PART_CGROUP = 1 << 4,
	PART_UTS = 1 << 5,
	PART_SECCOMP = 1 << 6,
	PART_OVERLAY = 1 << 7,
};

/* Starts a helper; 0, or -1 with *why. *parts says what it set up. */
int sbx_helper_start(struct sbx_helper *h, const struct sbx_config *cfg, int slot, unsigned *parts,
		     char **why);
/* Ends it (it kills everything in its namespace) and reaps it. */
void sbx_helper_stop(struct sbx_helper *h);
/* Forgets it without waiting (in a forked child of litlab). */
void sbx_helper_forget(struct sbx_helper *h);

/* What litlab gives the helper for one launch. */
struct sbx_request {
	char *const *argv;
	char *const *envp;
	const char *path;	/* the program, found by litlab */
	int exec_fd;		/* opened by litlab; -1 */
	int script;
	const char *cwd;	/* the path to enter */
	int cwd_fd;		/* its descriptor, for when the path is not visible inside; -1 */
	const char *writable;	/* the host folder to make writable at its own path, or NULL */
	int writable_root;	/* 1: writable is the temporary root, for this launch only */
	const char *tmp_root;	/* the temporary root (Landlock's writable tree in tiers C and D) */
	int fd_in, fd_out, fd_err, fd_side;
	const struct limits *lim;
};

/* What the helper says when the launch has ended. */
struct sbx_outcome {
	int failure;	/* CHILD_FAILURE(), or 0 */
	int failure_mount; /* the work folder could not be mounted: errno */
	pid_t pid;	/* as the program sees it */
	int status;	/* wait status */
	unsigned limits; /* LIMIT_* */
	long long start_ns, end_ns;
	struct rusage ru;
};
enum { LIMIT_MEMORY = 1, LIMIT_PROCS = 2 };

/* Sends a launch; 0, or -1 (errno) if the helper is gone. */
int sbx_helper_send(struct sbx_helper *h, const struct sbx_request *rq);
/* Asks the helper to kill the launch now. */
void sbx_helper_kill(struct sbx_helper *h);
/* Reads the outcome once the socket is readable: 1 got it, 0 not yet, -1 the helper is gone. */
int sbx_helper_outcome(struct sbx_helper *h, struct sbx_outcome *o);

#endif
