/* ledger.c: the decisions rules record and the values a lesson cites. */
#include <stdlib.h>
#include <string.h>

#include "check/ledger.h"
#include "base/util.h"

void ledger_add(struct ledger *lg, int line, int col, const char *rule, const char *text, const char *decision,
		const char *why)
{
	struct ledger_entry *e;

	if (lg->n == lg->alloc) {
		lg->alloc = lg->alloc ? 2 * lg->alloc : 16;
		lg->v = xreallocarray(lg->v, lg->alloc, sizeof *lg->v);
	}
	e = &lg->v[lg->n++];
	e->line = line;
	e->col = col;
	e->rule = xstrdup(rule ? rule : "");
	e->text = xstrdup(text ? text : "");
	e->decision = xstrdup(decision ? decision : "");
	e->why = xstrdup(why ? why : "");
}

struct cited_value *ledger_cite_add(struct ledger *lg)
{
	if (lg->ncites == lg->cites_alloc) {
		lg->cites_alloc = lg->cites_alloc ? 2 * lg->cites_alloc : 16;
		lg->cites = xreallocarray(lg->cites, lg->cites_alloc, sizeof *lg->cites);
	}
	free(lg->cite_order);
	lg->cite_order = NULL;
	struct cited_value *c = &lg->cites[lg->ncites++];
	memset(c, 0, sizeof *c);
	return c;
}

/* ref[0..len) against b, as byte strings. */
static int ref_cmp(const char *a, size_t alen, const char *b)
{
	size_t blen = strlen(b);
	int c = memcmp(a, b, alen < blen ? alen : blen);

	return c ? c : (alen > blen) - (alen < blen);
}

static int order_cmp(const void *a, const void *b, void *arg)
{
	const struct ledger *lg = arg;
	size_t i = *(const size_t *)a, k = *(const size_t *)b;
	const char *x = lg->cites[i].ref;
	int c = ref_cmp(x, strlen(x), lg->cites[k].ref);

	return c ? c : (i > k) - (i < k);
}

void ledger_cites_sorted(struct ledger *lg)
{
	free(lg->cite_order);
	lg->cite_order = NULL;
	if (!lg->ncites)
		return;
	lg->cite_order = xreallocarray(NULL, lg->ncites, sizeof *lg->cite_order);
	for (size_t i = 0; i < lg->ncites; i++)
		lg->cite_order[i] = i;
	qsort_r(lg->cite_order, lg->ncites, sizeof *lg->cite_order, order_cmp, lg);
}

const struct cited_value *ledger_cite(const struct ledger *lg, const char *ref, size_t len)
{
	if (!lg->cite_order) {
		for (size_t i = 0; i < lg->ncites; i++)
			if (ref_cmp(ref, len, lg->cites[i].ref) == 0)
				return &lg->cites[i];
		return NULL;
	}
	size_t lo = 0, hi = lg->ncites;
	while (lo < hi) { /* the first not below ref: the lowest index among equals */
		size_t mid = lo + (hi - lo) / 2;
		if (ref_cmp(ref, len, lg->cites[lg->cite_order[mid]].ref) > 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < lg->ncites && ref_cmp(ref, len, lg->cites[lg->cite_order[lo]].ref) == 0)
		return &lg->cites[lg->cite_order[lo]];
	return NULL;
}

void ledger_release(struct ledger *lg)
{
	for (size_t i = 0; i < lg->n; i++) {
		free(lg->v[i].rule);
		free(lg->v[i].text);
		free(lg->v[i].decision);
		free(lg->v[i].why);
	}
	free(lg->v);
	for (size_t i = 0; i < lg->ncites; i++) {
		free(lg->cites[i].ref);
		free(lg->cites[i].key);
		free(lg->cites[i].text);
		free(lg->cites[i].url);
		free(lg->cites[i].title);
	}
	free(lg->cites);
	free(lg->cite_order);
	memset(lg, 0, sizeof *lg);
}
