/* twice.c: work shared by two threads (twice.h). */
#include <pthread.h>
#include <stdlib.h>
#include <sched.h>
#include <unistd.h>

#include "base/twice.h"
#include "base/util.h"

/*
 * The helper: it waits for a job in the slot, takes it (the slot is empty
 * again) and runs it, then says it is done. A job left in the slot is one
 * the helper has not begun: its caller may take it back.
 */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t offered = PTHREAD_COND_INITIALIZER, finished = PTHREAD_COND_INITIALIZER;
static struct twice_job *slot; /* offered, not taken yet */
static int helper;	       /* 0 not made yet, 1 made, -1 cannot be had */

static void *helper_main(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&lock);
	for (;;) {
		while (!slot)
			pthread_cond_wait(&offered, &lock);
		struct twice_job *j = slot;
		slot = NULL;
		pthread_mutex_unlock(&lock);
		j->work(j);
		pthread_mutex_lock(&lock);
		j->done = 1; /* after this, j is the caller's again */
		pthread_cond_broadcast(&finished);
	}
	return NULL;
}

/* The CPUs this process may run on (taskset, cgroups' cpusets): two threads need two. */
static int cpus_allowed(void)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof set, &set) == 0)
		return CPU_COUNT(&set);
	return (int)sysconf(_SC_NPROCESSORS_ONLN);
}

/*
 * 1 if j waits for the helper (which takes it when it is done with the job
 * it runs, if any), 0 if it cannot: the caller does the work.
 */
static int offer(struct twice_job *j, int may_share)
{
	int ok = 0;

	j->offered = 0;
	if (!may_share)
		return 0;
	pthread_mutex_lock(&lock);
	if (helper == 0) {
		pthread_t t;
		pthread_attr_t a;
		helper = -1;
		if (cpus_allowed() > 1 && pthread_attr_init(&a) == 0) {
			if (pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED) == 0 &&
			    pthread_create(&t, &a, helper_main, NULL) == 0)
				helper = 1;
			pthread_attr_destroy(&a);
		}
	}
	if (helper == 1 && !slot) {
		j->done = 0;
		slot = j;
		pthread_cond_signal(&offered);
		ok = 1;
	}
	pthread_mutex_unlock(&lock);
	j->offered = ok;
	return ok;
}

/* 1 once the helper has run j; 0 if it had not taken it, which it now never will. */
static int take_back(struct twice_job *j)
{
	int ran = 1;

	pthread_mutex_lock(&lock);
	if (slot == j) {
		slot = NULL;
		ran = 0;
	} else {
		while (!j->done)
			pthread_cond_wait(&finished, &lock);
	}
	pthread_mutex_unlock(&lock);
	return ran;
}

/*
 * Items are taken from both ends: the caller from the first, the helper
 * from the last. In a course the first lesson is often the longest and its
 * blocks include the same headers, so the two threads start on different
 * work, and the helper's first item is rarely one the caller waits on.
 */
struct share {
	struct twice_job job; /* first: the helper is given &job */
	void (*fn)(void *ctx, size_t i);
	void *ctx;
	pthread_mutex_t lock;
	size_t front, back;  /* the items not taken yet: [front, back) */
	const size_t *order; /* or NULL: the items in the order both threads take them, from the front */
};

static void take_items(struct share *s, int from_back)
{
	for (;;) {
		size_t i;
		pthread_mutex_lock(&s->lock);
		int left = s->front < s->back;
		if (left)
			i = s->order ? s->order[s->front++] : from_back ? --s->back : s->front++;
		pthread_mutex_unlock(&s->lock);
		if (!left)
			return;
		s->fn(s->ctx, i);
	}
}

static void share_work(struct twice_job *j)
{
	take_items((struct share *)j, 1);
}

static void share_items(struct share *s, size_t min, int may_share)
{
	int shared = s->back > 1 && s->back >= min && offer(&s->job, may_share);

	take_items(s, 0);
	/* Every item is taken: the helper, if it took the job, is ending its last one. */
	if (shared)
		take_back(&s->job);
	pthread_mutex_destroy(&s->lock);
}

void twice_for(size_t n, size_t min, int may_share, void (*fn)(void *ctx, size_t i), void *ctx)
{
	struct share s = { { share_work, 0, 0, NULL, NULL }, fn, ctx, PTHREAD_MUTEX_INITIALIZER, 0, n, NULL };

	share_items(&s, min, may_share);
}

struct sized {
	size_t size, i;
};

/* Largest first, equal sizes in their order. */
static int larger_first(const void *a, const void *b)
{
	const struct sized *x = a, *y = b;

	if (x->size != y->size)
		return x->size > y->size ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

void twice_for_sizes(size_t n, int may_share, const size_t *size, void (*fn)(void *ctx, size_t i), void *ctx)
{
	struct sized *v = xcalloc(n ? n : 1, sizeof *v);
	size_t *order = xcalloc(n ? n : 1, sizeof *order);
	struct share s = { { share_work, 0, 0, NULL, NULL }, fn, ctx, PTHREAD_MUTEX_INITIALIZER, 0, n, order };

	for (size_t i = 0; i < n; i++)
		v[i] = (struct sized){ size[i], i };
	qsort(v, n, sizeof *v, larger_first); /* a site may hold thousands of files */
	for (size_t i = 0; i < n; i++)
		order[i] = v[i].i;
	free(v);
	share_items(&s, 2, may_share);
	free(order);
}

static void call_work(struct twice_job *j)
{
	j->fn(j->arg);
}

void twice_start(struct twice_job *j, void (*fn)(void *arg), void *arg, int may_share)
{
	j->work = call_work;
	j->fn = fn;
	j->arg = arg;
	offer(j, may_share);
}

int twice_cancel(struct twice_job *j)
{
	return j->offered && take_back(j);
}

void twice_finish(struct twice_job *j)
{
	if (!twice_cancel(j))
		j->fn(j->arg);
}
