/*
 * subproc.h: a child process that litlab reads through a pipe, within a deadline.
 *
 * The one loop for every child whose output litlab waits for (the rule
 * pass and its loader, the compiler's --version and search lists): fork
 * (and exec, or run a function), read what the child writes until it
 * closes its end, the deadline passes or reading fails, then reap it,
 * killing it first when it is late or reading failed. A poll error stops
 * the reading, as a deadline does: it never spins. The child is killed
 * (SIGKILL) when the thread that forked it ends: a litlab stopped by a
 * signal leaves no rule pass running on alone.
 *
 * A child that runs a function instead of exec'ing (subproc_fork) is a copy
 * of a process that may have threads: fork it only when no other thread
 * can hold a lock the function needs (the allocator's among them; see
 * rules.h).
 */
#ifndef LITLAB_SUBPROC_H
#define LITLAB_SUBPROC_H

#include <stddef.h>
#include <sys/types.h>

#include "base/buf.h"

struct subproc {
	pid_t pid;
	int out;	    /* the read end of the child's pipe; -1 once closed */
	int group;	    /* the child leads its own process group: kill the group */
	long long deadline; /* now_ns() after which reading stops; the reader may move it */
	int refused;	    /* the reader refused what the child wrote: reading stops (SUBPROC_REFUSED) */
};

enum subproc_end {
	SUBPROC_EOF,   /* the child closed its end */
	SUBPROC_LATE,  /* the deadline passed first */
	SUBPROC_ERROR, /* reading failed */
	SUBPROC_REFUSED, /* the reader set sp->refused: what the child wrote passed a bound */
};

/*
 * Forks a child that runs fn(arg, fd), fd the write end of the pipe; fn
 * should not return (if it does, the child exits 127). stdout and stderr
 * are flushed first, so that the child does not write litlab's buffered
 * output twice; in the child SIGPIPE is the default again. The deadline is
 * timeout_ns from now. Returns 0, or -1 with errno.
 */
int subproc_fork(struct subproc *sp, void (*fn)(void *arg, int fd), void *arg, long long timeout_ns);

/*
 * Forks and execs path with argv and envp, stdin from /dev/null, stdout
 * and stderr into the pipe, in a process group of its own. Returns 0, or
 * -1 with errno (a failed exec is exit status 127).
 */
int subproc_exec(struct subproc *sp, const char *path, char *const argv[], char *const envp[],
		 long long timeout_ns);

/*
 * Reads what the child writes, each chunk given to take(ctx, sp, p, n) as
 * it comes (take may move sp->deadline, or set sp->refused to stop reading),
 * until the end. Closes the pipe.
 */
enum subproc_end subproc_read(struct subproc *sp, void (*take)(void *ctx, struct subproc *sp, const char *p, size_t n),
			      void *ctx);

/*
 * Reaps the child and returns its wait status (-1 if it could not be
 * reaped). With kill_it, or once the deadline passes while it lingers
 * after closing its pipe, it (and its group) is killed first; *killed, if
 * not NULL, says whether it was.
 */
int subproc_finish(struct subproc *sp, int kill_it, int *killed);

/*
 * What a child writes as newline-ended records, split as it comes, with a
 * bound: the record not yet ended is held, and no more than max bytes of
 * it, so that a child cannot make litlab hold more than that however it
 * writes (struct subproc_lines l = { BUF_INIT, max }).
 */
struct subproc_lines {
	struct buf in; /* the record not yet ended */
	size_t max;    /* the most bytes of one record, its newline not counted */
};

/*
 * Hands each record ended in p[0..n) to each(ctx, rec), its newline made a
 * NUL, in order. Returns 0, or -1 once a record passes max bytes without
 * its newline (what was held is dropped, and nothing more is handed on:
 * the caller refuses the child). subproc_lines_release() frees it.
 */
int subproc_lines_take(struct subproc_lines *l, const char *p, size_t n, void (*each)(void *ctx, char *rec),
		       void *ctx);
void subproc_lines_release(struct subproc_lines *l);

#endif
