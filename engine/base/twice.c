/* twice.c: work shared by two threads (twice.h). */
#include <pthread.h>
#include <unistd.h>

#include "base/twice.h"

struct share {
	void (*fn)(void *ctx, size_t i);
	void *ctx;
	size_t n, next; /* next: the first item not taken yet */
};

static void *take(void *arg)
{
	struct share *s = arg;

	for (size_t i; (i = __atomic_fetch_add(&s->next, 1, __ATOMIC_RELAXED)) < s->n;)
		s->fn(s->ctx, i);
	return NULL;
}

void twice_for(size_t n, size_t min, int may_share, void (*fn)(void *ctx, size_t i), void *ctx)
{
	struct share s = { fn, ctx, n, 0 };
	pthread_t t;
	int two = may_share && n >= min && n > 1 && sysconf(_SC_NPROCESSORS_ONLN) > 1 &&
		  pthread_create(&t, NULL, take, &s) == 0;

	take(&s);
	if (two)
		pthread_join(t, NULL);
}
