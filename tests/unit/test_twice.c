/* test_twice.c: work shared by two threads: every item done once, whatever the thread. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pthread.h>
#include <stdlib.h>

#include "base/twice.h"
#include "testutil.h"

struct tally {
	int *calls;	   /* per item */
	pthread_t *by;	   /* the thread of each call */
};

static void count(void *ctx, size_t i)
{
	struct tally *t = ctx;

	__atomic_add_fetch(&t->calls[i], 1, __ATOMIC_RELAXED);
	t->by[i] = pthread_self();
}

/* Runs n items; returns how many ran on another thread than this one. */
static size_t run(size_t n, size_t min, int may_share)
{
	struct tally t = { calloc(n + 1, sizeof *t.calls), calloc(n + 1, sizeof *t.by) };
	size_t elsewhere = 0;

	twice_for(n, min, may_share, count, &t);
	size_t here = 0, last_here = 0, first_there = n;
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(t.calls[i], 1);
		if (pthread_equal(t.by[i], pthread_self())) {
			here++;
			last_here = i;
		} else {
			elsewhere++;
			if (first_there == n)
				first_there = i;
		}
	}
	/* This thread takes from the front, the helper from the back: they never cross. */
	if (here && elsewhere)
		assert_true(last_here < first_there);
	assert_int_equal(t.calls[n], 0); /* none past the end */
	if (!may_share || n < min)
		assert_int_equal(elsewhere, 0);
	free(t.calls);
	free(t.by);
	return elsewhere;
}

static void test_each_once(void **state)
{
	(void)state;
	run(0, 2, 1);
	run(1, 2, 1);
	run(3, 2, 1);
	run(1000, 2, 1);
	run(1000, 8, 0);
}

static void test_alone(void **state)
{
	(void)state;
	/* Not to share, or fewer items than the least worth sharing: all on this thread. */
	assert_int_equal(run(1000, 2, 0), 0);
	assert_int_equal(run(7, 8, 1), 0);
	assert_int_equal(run(1, 1, 1), 0);
}

/* Items taken by size: each once; on one thread, largest first and equal sizes in their order. */
struct sized {
	int *calls;
	size_t *seq, nseq; /* the items this thread took, in order */
	pthread_t self;
};

static void take_sized(void *ctx, size_t i)
{
	struct sized *s = ctx;

	__atomic_add_fetch(&s->calls[i], 1, __ATOMIC_RELAXED);
	if (pthread_equal(pthread_self(), s->self))
		s->seq[s->nseq++] = i; /* only this thread writes seq */
}

static void test_sizes(void **state)
{
	(void)state;
	size_t size[] = { 5, 30, 5, 0, 30, 7, 1 };
	size_t n = sizeof size / sizeof *size, want[] = { 1, 4, 5, 0, 2, 6, 3 };

	for (int share = 0; share < 2; share++)
		for (int k = 0; k < 100; k++) {
			int calls[8] = { 0 };
			size_t seq[8];
			struct sized s = { calls, seq, 0, pthread_self() };
			twice_for_sizes(n, share, size, take_sized, &s);
			for (size_t i = 0; i < n; i++)
				assert_int_equal(calls[i], 1);
			assert_int_equal(calls[n], 0);
			if (!share) {
				assert_int_equal(s.nseq, n);
				for (size_t i = 0; i < n; i++)
					assert_int_equal(seq[i], want[i]);
			}
			/* Whatever the helper took, this thread took its items largest first. */
			for (size_t i = 1; i < s.nseq; i++)
				assert_true(size[seq[i - 1]] >= size[seq[i]]);
		}
	twice_for_sizes(0, 1, size, take_sized, NULL); /* nothing to do: fn never called */
}

/*
 * Many items (a site of thousands of files): each once, largest first, at
 * once; an insertion sort took minutes of CPU for 200,000 under ASan, the
 * sort takes a fraction of a second, so the bound is 10 s.
 */
static void test_sizes_many(void **state)
{
	(void)state;
	size_t n = 200000, *size = calloc(n, sizeof *size), *seq = calloc(n, sizeof *seq);
	int *calls = calloc(n + 1, sizeof *calls);
	struct sized s = { calls, seq, 0, pthread_self() };
	long long t0 = test_cpu_ns();

	for (size_t i = 0; i < n; i++)
		size[i] = (i * 2654435761u) % 1000;
	twice_for_sizes(n, 0, size, take_sized, &s);
	assert_true(test_cpu_ns() - t0 < 10000000000LL);
	assert_int_equal(s.nseq, n);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(calls[i], 1);
	for (size_t i = 1; i < n; i++)
		assert_true(size[seq[i - 1]] > size[seq[i]] || (size[seq[i - 1]] == size[seq[i]] && seq[i - 1] < seq[i]));
	free(size);
	free(seq);
	free(calls);
}

static void bump(void *arg)
{
	__atomic_add_fetch((int *)arg, 1, __ATOMIC_RELAXED);
}

static void test_jobs(void **state)
{
	(void)state;
	for (int k = 0; k < 200; k++) {
		struct twice_job j;
		int calls = 0;

		/* Not offered: cancel says it did not run, and it never will; finish runs it here. */
		twice_start(&j, bump, &calls, 0);
		assert_int_equal(twice_cancel(&j), 0);
		assert_int_equal(calls, 0);
		twice_start(&j, bump, &calls, 0);
		twice_finish(&j);
		assert_int_equal(calls, 1);

		/* Offered: run once by finish, on whichever thread; by cancel once or never, as it says. */
		calls = 0;
		twice_start(&j, bump, &calls, 1);
		twice_finish(&j);
		assert_int_equal(calls, 1);
		calls = 0;
		twice_start(&j, bump, &calls, 1);
		int ran = twice_cancel(&j);
		assert_int_equal(calls, ran);

		/* Items shared while a job is offered: the helper has one job at a time; all done once. */
		calls = 0;
		twice_start(&j, bump, &calls, 1);
		run(50, 2, 1);
		twice_finish(&j);
		assert_int_equal(calls, 1);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_each_once),
		cmocka_unit_test(test_alone),
		cmocka_unit_test(test_jobs),
		cmocka_unit_test(test_sizes),
		cmocka_unit_test(test_sizes_many),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
