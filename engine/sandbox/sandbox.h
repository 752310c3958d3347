/*
 * sandbox.h: the one place lesson code and the compiler are launched.
 *
 * Everything a lesson's author wrote, and everything the compiler does with
 * it, runs here. A reviewer points litlab at lessons they did not write, so
 * the sandbox is an allowlist: a launch sees what it is given and nothing
 * else of the host.
 *
 *   - A work folder: a private file system, bounded in bytes and in files,
 *     made for the launch (or for a block's build) and gone with it
 *     (sandbox_folder_make()). litlab writes into it and reads from it
 *     through its descriptor only (fs.h), never by a path a program could
 *     have changed.
 *   - A root built for the launches (tiers A and B, pivot_root): /usr and
 *     the /bin, /lib*, /sbin links read-only, a minimal /etc made for it
 *     (the dynamic linker's cache, alternatives, passwd and group of its own
 *     users), a minimal /dev (null, zero, full, random, urandom; no
 *     terminals), its own /proc, a private /tmp and /dev/shm bounded like
 *     the work folder and new for each launch, the work folder at /lab.
 *     Nothing else: no /home, /root, /run, /var, /srv, no course folder,
 *     no host socket, IPC object or terminal. Folders named in
 *     LITLAB_SANDBOX_PATHS (colon-separated, absolute) and files given to
 *     sandbox_show() (the compiler, when it lies outside /usr) are shown
 *     read-only at their own paths.
 *   - A fixed environment, given with each launch: litlab's own never
 *     reaches a launch.
 *   - Limits: wall clock, CPU, memory, processes, file size, open files,
 *     output; and the seccomp filter (no sockets but socketpair(), no
 *     namespaces, mounts, tracing, keyrings, BPF, io_uring).
 *
 * Isolation is probed once, at the first launch or sandbox_init(), and the
 * strongest tier that works is used for every launch after:
 *
 *   A  root with CAP_SYS_ADMIN: each concurrent launch slot has a helper,
 *      set up once, in new mount, net, IPC, UTS and PID namespaces with the
 *      root above; a cgroup per slot (v1 pids and memory); programs run as
 *      uid 65534 under the filter, each in a new IPC namespace.
 *   B  user namespaces allowed: as A inside a user namespace, without the
 *      cgroup (RLIMIT_NPROC and RLIMIT_AS instead); programs keep the
 *      user's uid with no capabilities, or, when litlab is root, run as uid
 *      65534 (never as the host's root, which the kernel would still trust).
 *   C  root, no namespaces: an unprivileged uid of the run's own per slot, a
 *      child subreaper, Landlock (where the kernel has it: reads only of the
 *      system folders, /etc's needed files, /proc and the work folder,
 *      writes only there, no TCP, signals and abstract sockets kept in),
 *      the filter (System V and POSIX IPC refused too), rlimits. Work
 *      folders are host folders inside a folder only root and the slots'
 *      group may cross; they are not bounded but by RLIMIT_FSIZE.
 *   D  not root, no namespaces: as C without the uid change; the work
 *      folder's parent is the user's own, mode 0700.
 *
 * LITLAB_ISOLATION=B, C or D in the environment caps the tier (tests use it
 * to exercise the weaker ones); it never raises it.
 *
 * On SIGINT, SIGTERM and SIGHUP (sandbox_catch_signals()), litlab stops
 * every launch, removes every work folder (and the folders commands asked
 * for, sandbox_remove_at_signal()) and exits 130, 143 or 129.
 */
#ifndef LITLAB_SANDBOX_H
#define LITLAB_SANDBOX_H

#include <stddef.h>

#include "base/buf.h"

struct limits {
	double wall_s;		/* kill everything after this many seconds */
	long cpu_s;		/* RLIMIT_CPU; 0 for none */
	long long mem_bytes;	/* memory: in tier A, resident memory of all the launch's
				   processes together (reaching it kills the launch); else
				   RLIMIT_AS of each process. 0 for none */
	int wide_address_space;	/* no RLIMIT_AS (AddressSanitizer reserves terabytes of it):
				   mem_bytes then bounds only tier A's cgroup */
	long long fsize_bytes;	/* RLIMIT_FSIZE; 0 for none */
	long nofile;		/* RLIMIT_NOFILE; 0 for none */
	size_t output_cap;	/* bytes kept of stdout and of stderr, each */
};

/* Processes and threads of one launch together (pids cgroup, or RLIMIT_NPROC). */
#define SANDBOX_NPROC 256
/*
 * The uid programs run as in tier A. Tier C has no cgroup and counts a
 * launch's processes with RLIMIT_NPROC, which counts every process of the
 * uid on the machine: there each litlab run takes SANDBOX_UID_C_SLOTS uids
 * of its own from SANDBOX_UID_C on (a range no other run holds, locked in
 * /run/litlab), one for each launch slot, so that a fork bomb in one block
 * cannot take the processes of another running beside it (sandbox_uid() is
 * the first; slot N runs as sandbox_uid() + N; a run has at most
 * SANDBOX_UID_C_SLOTS slots). They share one group, the first uid's number.
 */
#define SANDBOX_UID 65534
#define SANDBOX_UID_C 2140000000
#define SANDBOX_UID_C_RANGE 4000000
#define SANDBOX_UID_C_SLOTS 64

/* A work folder's bounds (tiers A and B), and those of each launch's /tmp. */
#define SANDBOX_FOLDER_BYTES (256LL << 20)
#define SANDBOX_FOLDER_FILES 16384L
#define SANDBOX_FOLDER_MAX_BYTES (4LL << 30)
#define SANDBOX_FOLDER_MAX_FILES 1000000L

/* Where launches see their work folder in tiers A and B. */
#define SANDBOX_WORK "/lab"

struct folder_limits {
	long long bytes; /* 0: SANDBOX_FOLDER_BYTES */
	long files;	 /* 0: SANDBOX_FOLDER_FILES */
};

/*
 * A work folder. litlab reaches it through fd only (fs.h: openat() and
 * friends below it); launches see it at path, their working folder, the
 * one place besides /tmp where they may write. Nothing of it is visible to
 * anyone else on the host: in tiers A and B it is a file system of its
 * own, mounted nowhere on the host, that ends when the last descriptor of
 * it closes; in C and D a folder inside a folder closed to other users,
 * removed by sandbox_folder_release() (or at a signal, or by the next run
 * of litlab if this one was killed). A folder serves one launch: a build
 * folder its compiler, each run a folder of its own, so that nothing a run
 * leaves is seen by the next.
 */
struct sandbox_folder {
	int fd;		  /* the folder, for the *at() calls (it may be an O_PATH descriptor:
			     list it through openat(fd, ".")); -1 when none */
	char *path;	  /* where launches see it */
	long long bytes;  /* its bounds (and those of each launch's /tmp) */
	long files;
	char *tmp;	  /* where launches keep temporary files (TMPDIR): /tmp, or path in tiers C and D */
	char *host;	  /* tiers C and D: the folder made on the host (path's parent) */
	int used;	  /* a launch ran in it: a folder serves one launch */
};

/* 0, or -1 with *why (malloc'd). lim may be NULL for the defaults. */
int sandbox_folder_make(struct sandbox_folder *f, const struct folder_limits *lim, char **why);
/* Removes it and everything in it. Harmless on a folder never made or already released. */
void sandbox_folder_release(struct sandbox_folder *f);

struct launch {
	char *const *argv;	/* argv[0]: a path ("./prog", "/usr/bin/cc") or a name looked up in
				   envp's PATH, as the launch sees the file system */
	struct sandbox_folder *work; /* its working folder, which serves this one launch; required */
	char *const *envp;	/* its whole environment; required */
	const char *stdin_data; /* fed to stdin (through a sealed memory file, never a file of the
				   work folder); NULL: /dev/null */
	size_t stdin_len;
	struct limits lim;
	int side_channel;	/* 1: give the program a pipe, its fd in LITLAB_REGION_FD */
};

enum launch_end {
	END_EXITED,
	END_SIGNALED,
	END_TIMEOUT,	  /* the wall-clock deadline passed; everything was killed */
	END_OUTPUT_LIMIT, /* stdout or stderr passed output_cap; everything was killed */
	END_LAUNCH_FAILED /* it could not be started: see error */
};

struct launch_result {
	enum launch_end end;
	long pid;	 /* the program's process id as it sees it (its side-channel records carry it) */
	int exit_code;	 /* END_EXITED */
	int signo;	 /* END_SIGNALED, or the signal that ended a killed program */
	const char *limit; /* a sandbox limit the launch ran into: "memory" (the launch was then
			      killed with SIGKILL), "processes" (a fork failed), "disk" (the work
			      folder or /tmp was full at the end), "files" (out of files there);
			      else NULL */
	struct buf out;	 /* at most output_cap bytes */
	struct buf err;
	struct buf side; /* what the program wrote on the side channel */
	int out_truncated;
	int err_truncated;
	int side_truncated; /* the side channel held more than the sandbox keeps (1 MiB) */
	long long start_ns; /* CLOCK_MONOTONIC, as the helper took them around the program */
	long long end_ns;
	long long wall_ns; /* end_ns - start_ns */
	long long user_ns;
	long long sys_ns;
	long max_rss_kb;
	char *error; /* END_LAUNCH_FAILED: why, e.g. "cannot run 'cc': No such file or directory" */
};

void launch_result_init(struct launch_result *r);
void launch_result_release(struct launch_result *r);

/*
 * Probes the isolation and sets it up (the first helper). Idempotent and
 * thread-safe; sandbox_launch() and sandbox_isolation() call it. It never
 * fails: the weakest tier always works.
 */
void sandbox_init(void);

/* Stops the helpers and removes their cgroups; registered with atexit(). */
void sandbox_release(void);

/*
 * From now on SIGINT, SIGTERM and SIGHUP stop every launch, remove every
 * work folder and end the process with 130, 143 or 129. Call it before any
 * thread starts (the signals are blocked in every thread but one of its
 * own).
 */
void sandbox_catch_signals(void);
/*
 * Returns once the thread sandbox_catch_signals() made waits for its
 * signals (at once after the first time). Call it before a fork whose
 * child runs on without exec (the rule pass, a forked helper): a thread
 * still starting may hold the allocator's lock, which the child would keep.
 */
void sandbox_signals_settled(void);
/*
 * Called by main() as litlab ends: a signal sent while it ran that the
 * thread has not taken yet (it may not have run at all in a short command)
 * or is acting on ends litlab (128 + the signal), never lost; otherwise
 * returns.
 */
void sandbox_signals_end(void);

/*
 * The folder name below dirfd (one a command is filling, e.g. build's new
 * site) is removed, with what it holds, if a signal ends litlab before
 * sandbox_keep_at_signal() is called with the same two: call that before
 * dirfd closes, and once the folder is in its place or gone.
 */
void sandbox_remove_at_signal(int dirfd, const char *name);
void sandbox_keep_at_signal(int dirfd, const char *name);
/* Waits for the end if a signal is ending litlab: call it before each file put into such a folder. */
void sandbox_pause_if_ending(void);

/*
 * Shows the file or folder at path (absolute) read-only at its own path to
 * every launch from now on, unless the system folders already show it
 * (the runner shows the compiler this way). Helpers made before are made
 * again at their next launch.
 */
void sandbox_show(const char *path);

/*
 * 1 if launches see the host's file at path (absolute) as it is: it lies in
 * a system folder or a shown path. Only such files can be hashed for a
 * cache key: others a launch sees are its own (/tmp, /lab, /etc's made
 * files) or none.
 */
int sandbox_shows(const char *path);

/* Runs one program to its end. Returns 0, or -1 if it could not be started (r->error says why). */
int sandbox_launch(const struct launch *l, struct launch_result *r);

/*
 * The isolation in effect, as recorded in evidence: the tier letter, then
 * its parts, e.g. "A: ns=mount+net+ipc+uts+pid,root=allowlist,work=tmpfs,...".
 */
const char *sandbox_isolation(void);

/* sandbox_isolation() if this process has probed already, else NULL (it does not probe). */
const char *sandbox_isolation_known(void);

/*
 * What the probe's outcome depends on, as text, learnt without probing: the
 * ids and capabilities of the process, no_new_privs and seccomp, its
 * AppArmor or SELinux label, the cgroups it is in, every mount it sees, the
 * user namespace settings, the kernel and its boot, the binary,
 * LITLAB_ISOLATION, LITLAB_SANDBOX_PATHS and TMPDIR. The cache keeps the
 * probe's outcome under it, so that a run that launches nothing need not
 * probe. malloc'd.
 */
char *sandbox_fingerprint(void);

/*
 * Confines the calling process, a child forked to run untrusted code inside
 * litlab's own image (the rule pass), before that code runs: it may use
 * cpu_s more seconds of CPU and memory more bytes of data memory than it
 * has (hard limits: the kernel kills it past the CPU's, refuses memory past
 * the other's), writes no core file and is not dumpable; the pipe *fd moves
 * to SANDBOX_COMPUTE_FD (*fd says where it is) and every other descriptor
 * is closed (but stderr in a sanitizer build); the environment's strings are
 * wiped; every capability is dropped; a seccomp filter then allows only what
 * computing takes (private anonymous memory never executable, its own CPU
 * limit and use, the clock, futexes to wait and wake, abort() on itself, the
 * way out) and write() on SANDBOX_COMPUTE_FD (EBADF on any other). Any other
 * call kills the process with SIGSYS. Returns 0, or -1 with *why (static
 * text): the process is then not confined (though its descriptors may be
 * closed and its limits set), and must run nothing untrusted.
 */
#define SANDBOX_COMPUTE_FD 3
int sandbox_confine_compute(int *fd, long cpu_s, long long memory, const char **why);

/* The tier in effect: 'A', 'B', 'C' or 'D'. */
int sandbox_tier(void);

/*
 * The uid launches run as (tier A, tier B run by root, tier C: that of its
 * first slot), or -1 (they keep litlab's).
 */
int sandbox_uid(void);

#endif
