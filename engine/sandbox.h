/*
 * sandbox.h: the one place a program is launched.
 *
 * sandbox_launch() runs argv in a session and process group of its own with
 * stdin from a file (never the terminal), stdout and stderr captured
 * separately and capped, resource limits set, and a wall-clock deadline
 * after which everything it started is killed. Every launch of lesson code
 * and of the compiler goes through it.
 *
 * Isolation is probed once, at the first launch or sandbox_init(), and the
 * strongest tier that works is used for every launch after:
 *
 *   A  root with CAP_SYS_ADMIN. Each concurrent launch slot has a small
 *      helper, PID 1 of new mount, net, IPC, UTS and PID namespaces, set up
 *      once, that forks each launch on request: the system is read-only; /tmp
 *      shows the host's read-only under a private, size-limited tmpfs that
 *      takes every write (an overlay), /dev/shm is a private tmpfs, both
 *      emptied after each launch; the work folder (below) is the only other
 *      writable place. A cgroup per slot (v1 pids and memory) bounds processes
 *      and memory; programs run as uid 65534 (the work folder shows root's
 *      files as theirs), under the seccomp filter, with the rlimits. When a
 *      launch ends, everything left in its namespace is killed.
 *   B  user namespaces allowed (not root, or root without CAP_SYS_ADMIN): as A
 *      inside a user namespace, without the cgroup and with no capabilities
 *      instead of another uid.
 *   C  root, neither of those: a helper per slot too, a child subreaper that
 *      kills what a launch leaves, an unprivileged uid of the run's own,
 *      rlimits, Landlock where the kernel has it (writes only under the
 *      temporary root, no TCP, signals and abstract sockets kept in), seccomp.
 *   D  not root, neither of those: as C without the uid change.
 *
 * In tiers C and D a launch's TMPDIR is its work folder (they have no
 * private /tmp).
 *
 * LITLAB_ISOLATION=B, C or D in the environment caps the tier (tests use it
 * to exercise the weaker ones); it never raises it.
 *
 * The work folder: a launch whose cwd is a folder strictly inside the
 * temporary root ($TMPDIR, else /tmp) may write there (tier A shows it to the
 * program as its own through an idmapped mount; tier C gives it to uid 65534).
 * Any other cwd is entered read-only. A launch with no cwd (the legacy form)
 * runs in litlab's own folder, read-only, with the whole temporary root
 * writable: callers should name a work folder instead.
 */
#ifndef LITLAB_SANDBOX_H
#define LITLAB_SANDBOX_H

#include <stddef.h>

#include "buf.h"

struct limits {
	double wall_s;		/* kill everything after this many seconds */
	long cpu_s;		/* RLIMIT_CPU; 0 for none */
	long long mem_bytes;	/* memory: in tier A, resident memory of all the launch's
				   processes together (reaching it kills the launch); else
				   RLIMIT_AS of each process. 0 for none */
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
 * of its own from SANDBOX_UID_C on (where its pid falls in
 * SANDBOX_UID_C_RANGE), one for each launch slot, so that a fork bomb in one
 * block cannot take the processes of another running beside it
 * (sandbox_uid() is the first; slot N runs as sandbox_uid() + N, modulo
 * SANDBOX_UID_C_SLOTS).
 */
#define SANDBOX_UID 65534
#define SANDBOX_UID_C 2140000000
#define SANDBOX_UID_C_RANGE 4000000
#define SANDBOX_UID_C_SLOTS 64

struct launch {
	char *const *argv;	/* argv[0] is run as given (a path, or looked up in PATH) */
	const char *cwd;	/* working folder of the program (see the work folder above) */
	char *const *envp;	/* its whole environment; NULL to inherit litlab's */
	const char *stdin_path; /* NULL: /dev/null */
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
			      killed with SIGKILL) or "processes" (a fork failed); else NULL */
	struct buf out;	 /* at most output_cap bytes */
	struct buf err;
	struct buf side; /* what the program wrote on the side channel */
	int out_truncated;
	int err_truncated;
	long long wall_ns; /* start to exit, CLOCK_MONOTONIC */
	long long user_ns;
	long long sys_ns;
	long max_rss_kb;
	char *error; /* END_LAUNCH_FAILED: why, e.g. "cannot run 'cc': No such file or directory" */
};

void launch_result_init(struct launch_result *r);
void launch_result_release(struct launch_result *r);

/*
 * Probes the isolation and sets it up (the first helper of tiers A and B).
 * Idempotent and thread-safe; sandbox_launch() and sandbox_isolation() call
 * it. It never fails: the weakest tier always works.
 */
void sandbox_init(void);

/* Stops the helpers and removes their cgroups; registered with atexit(). */
void sandbox_release(void);

/* Runs one program to its end. Returns 0, or -1 if it could not be started (r->error says why). */
int sandbox_launch(const struct launch *l, struct launch_result *r);

/*
 * The isolation in effect, as recorded in evidence: the tier letter, then its
 * parts, e.g. "A: ns=mount+net+ipc+uts+pid,fs=ro+tmpfs+idmap,cgroup=v1,uid=65534,seccomp,rlimits".
 */
const char *sandbox_isolation(void);

/* sandbox_isolation() if this process has probed already, else NULL (it does not probe). */
const char *sandbox_isolation_known(void);

/*
 * What the probe's outcome depends on, as text, learnt without probing: the
 * ids and capabilities of the process, no_new_privs and seccomp, its
 * AppArmor or SELinux label, the cgroups it is in, every mount it sees, the
 * user namespace settings, the kernel and its boot, the binary,
 * LITLAB_ISOLATION and TMPDIR. The cache
 * keeps the probe's outcome under it, so that a run that launches nothing
 * need not probe. malloc'd.
 */
char *sandbox_fingerprint(void);

/* The tier in effect: 'A', 'B', 'C' or 'D'. */
int sandbox_tier(void);

/* The uid launches run as (tiers A and C; in C, that of the first slot), or -1 (they keep litlab's). */
int sandbox_uid(void);

#endif
