/*
 * twice.h: work shared by two threads. A warm build of a course spends its
 * milliseconds in steps whose items are independent (parsing each lesson,
 * looking each block up in the cache, rendering each page); where the
 * machine has a second CPU, a second thread takes half of them.
 */
#ifndef LITLAB_BASE_TWICE_H
#define LITLAB_BASE_TWICE_H

#include <stddef.h>

/*
 * Calls fn(ctx, i) once for every i in [0, n), in no fixed order: on this
 * thread, and on a second one as well when may_share is set, n is at least
 * min and the machine has more than one CPU online (or no thread can be
 * had: then all on this one). Returns when every call has returned. fn
 * must be safe to run on two threads at once for different i.
 */
void twice_for(size_t n, size_t min, int may_share, void (*fn)(void *ctx, size_t i), void *ctx);

#endif
