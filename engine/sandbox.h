/*
 * sandbox.h: the one place a program is launched.
 *
 * sandbox_launch() runs argv in its own process group with stdin from a
 * file (never the terminal), stdout and stderr captured separately and
 * capped, resource limits set, and a wall-clock deadline after which the
 * whole group is killed. Every launch of lesson code and of the compiler
 * goes through it, so that stronger isolation (namespaces, cgroups,
 * seccomp, a dropped uid) slots in here and nowhere else.
 */
#ifndef LITLAB_SANDBOX_H
#define LITLAB_SANDBOX_H

#include <stddef.h>

#include "buf.h"

struct limits {
	double wall_s;		/* kill the group after this many seconds */
	long cpu_s;		/* RLIMIT_CPU; 0 for none */
	long long mem_bytes;	/* RLIMIT_AS; 0 for none */
	long long fsize_bytes;	/* RLIMIT_FSIZE; 0 for none */
	long nofile;		/* RLIMIT_NOFILE; 0 for none */
	size_t output_cap;	/* bytes kept of stdout and of stderr, each */
};

struct launch {
	char *const *argv;	/* argv[0] is run as given (a path, or looked up in PATH) */
	const char *cwd;	/* working folder of the program */
	char *const *envp;	/* its whole environment; NULL to inherit litlab's */
	const char *stdin_path; /* NULL: /dev/null */
	struct limits lim;
	int side_channel;	/* 1: give the program a pipe, its fd in LITLAB_REGION_FD */
};

enum launch_end {
	END_EXITED,
	END_SIGNALED,
	END_TIMEOUT,	  /* the wall-clock deadline passed; the group was killed */
	END_OUTPUT_LIMIT, /* stdout or stderr passed output_cap; the group was killed */
	END_LAUNCH_FAILED /* fork or exec failed: see error */
};

struct launch_result {
	enum launch_end end;
	long pid;	 /* the program's process id (its records on the side channel carry it) */
	int exit_code;	 /* END_EXITED */
	int signo;	 /* END_SIGNALED, or the signal that ended a killed program */
	struct buf out;	 /* at most output_cap bytes */
	struct buf err;
	struct buf side; /* what the program wrote on the side channel */
	int out_truncated;
	int err_truncated;
	long long wall_ns; /* fork to exit, CLOCK_MONOTONIC */
	long long user_ns;
	long long sys_ns;
	long max_rss_kb;
	char *error; /* END_LAUNCH_FAILED: why, e.g. "cannot run 'cc': No such file or directory" */
};

void launch_result_init(struct launch_result *r);
void launch_result_release(struct launch_result *r);

/* Runs one program to its end. Returns 0, or -1 if it could not be started (r->error says why). */
int sandbox_launch(const struct launch *l, struct launch_result *r);

/* The isolation in effect, as recorded in evidence: e.g. "rlimits,pgroup". */
const char *sandbox_isolation(void);

#endif
