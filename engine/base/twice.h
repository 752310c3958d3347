/*
 * twice.h: work shared by two threads. A warm build of a course spends its
 * milliseconds in steps whose items are independent (parsing each lesson,
 * looking each block up in the cache, rendering each page) and in setting
 * up what it may need (the compiler and the cache); where the machine has
 * a second CPU, one helper thread, made once, takes part of that work.
 *
 * The caller never waits for the helper to be scheduled: work the helper
 * has not begun yet is taken back and done by the caller, so a busy
 * machine, where the helper may wait milliseconds for a CPU, costs nothing
 * but the sharing that did not happen. A job offered while the helper runs
 * another waits for it; one job waits at a time, and another offered
 * meanwhile is done by its caller alone.
 */
#ifndef LITLAB_BASE_TWICE_H
#define LITLAB_BASE_TWICE_H

#include <stddef.h>

/*
 * Calls fn(ctx, i) once for every i in [0, n): on this thread from the
 * first item on, and on the helper from the last item back as well, when
 * may_share is set, n is at least min and the process may run on more
 * than one CPU (read once, from its affinity: `taskset -c 0` keeps it to
 * one). Returns when every call has returned. fn must be safe to run on
 * two threads at once for different i.
 */
void twice_for(size_t n, size_t min, int may_share, void (*fn)(void *ctx, size_t i), void *ctx);

/*
 * The same, for items of very different sizes (lessons, pages): both
 * threads take the largest item left first, so that the longest is begun
 * at once and the short ones fill in around it. size[i] is item i's
 * expected cost in any unit (its bytes); equal sizes keep their order.
 */
void twice_for_sizes(size_t n, int may_share, const size_t *size, void (*fn)(void *ctx, size_t i), void *ctx);

/* A call offered to the helper: twice_start(), then twice_finish(). */
struct twice_job {
	void (*work)(struct twice_job *j); /* what the helper runs */
	int offered, done;
	void (*fn)(void *arg);
	void *arg;
};

/*
 * Offers fn(arg) to the helper (when may_share is set and the process may
 * run on more than one CPU). twice_finish() returns once fn(arg) has run,
 * exactly once: on the helper, or on the caller if the helper had not
 * begun it (or it was not offered). j must stay in place until then.
 */
void twice_start(struct twice_job *j, void (*fn)(void *arg), void *arg, int may_share);
void twice_finish(struct twice_job *j);
/* Or: 1 once the helper has run fn(arg); 0 if it had not begun it, and never will. */
int twice_cancel(struct twice_job *j);

#endif
