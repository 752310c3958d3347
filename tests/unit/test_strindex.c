/*
 * test_strindex.c: base/strindex: every key added is found where it was
 * said to stand, through the table's growth; a key not added is not found,
 * nor a prefix or an extension of one; an empty index finds nothing; the
 * keys are compared by their text, not their address.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/strindex.h"

#define N 20000

static void test_found_where_added(void **state)
{
	(void)state;
	static char keys[N][16];
	struct strindex x = STRINDEX_INIT;

	assert_int_equal(strindex_find(&x, "a"), -1);
	for (size_t i = 0; i < N; i++) {
		snprintf(keys[i], sizeof keys[i], "a-%zu", i);
		strindex_add(&x, keys[i], N - i);
		assert_true(x.nslot > 2 * x.n);
	}
	for (size_t i = 0; i < N; i++) {
		char copy[16];
		memcpy(copy, keys[i], sizeof copy);
		assert_int_equal(strindex_find(&x, copy), (long)(N - i));
	}
	assert_int_equal(strindex_find(&x, "a"), -1);
	assert_int_equal(strindex_find(&x, "a-"), -1);
	assert_int_equal(strindex_find(&x, "a-10000x"), -1);
	assert_int_equal(strindex_find(&x, ""), -1);
	strindex_release(&x);
	assert_int_equal(strindex_find(&x, "a-1"), -1);
}

/* FNV-1a, the hash the index used before: names chosen to share its low bits all landed in one run of
   slots, so that each lookup walked them all. */
static uint64_t fnv1a(const char *key)
{
	uint64_t h = 1469598103934665603ULL;

	for (const unsigned char *c = (const unsigned char *)key; *c; c++)
		h = (h ^ *c) * 1099511628211ULL;
	return h;
}

/* 2048 names that share FNV-1a's low 10 bits: in the index, no run of occupied slots is long (a
   hash keyed at random spreads them; FNV-1a put them in eight runs of 256). */
static void test_chosen_names_spread(void **state)
{
	(void)state;
	enum { CHOSEN = 2048 };
	char **names = calloc(CHOSEN, sizeof *names);
	struct strindex x = STRINDEX_INIT;
	size_t n = 0;

	for (unsigned long i = 0; n < CHOSEN; i++) {
		char name[32];
		snprintf(name, sizeof name, "rule-%lu", i);
		if ((fnv1a(name) & 0x3ff) == 0x1a5) {
			names[n] = strdup(name);
			strindex_add(&x, names[n], n);
			n++;
		}
	}
	size_t run = 0, longest = 0;
	for (size_t k = 0; k < 2 * x.nslot; k++) { /* twice round: a run may wrap */
		run = x.slot[k & (x.nslot - 1)].key ? run + 1 : 0;
		longest = run > longest ? run : longest;
	}
	assert_true(longest < 64);
	for (size_t i = 0; i < CHOSEN; i++)
		assert_int_equal(strindex_find(&x, names[i]), (long)i);
	strindex_release(&x);
	for (size_t i = 0; i < CHOSEN; i++)
		free(names[i]);
	free(names);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_found_where_added),
		cmocka_unit_test(test_chosen_names_spread),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
