/* ledger.c: the decisions rules record and the values a lesson cites. */
#include <stdlib.h>
#include <string.h>

#include "check/ledger.h"
#include "base/util.h"

void ledger_add(struct ledger *lg, int line, int col, const char *rule, const char *text, const char *decision,
		const char *why)
{
	struct ledger_entry *e;

	lg->v = xreallocarray(lg->v, lg->n + 1, sizeof *lg->v);
	e = &lg->v[lg->n++];
	e->line = line;
	e->col = col;
	e->rule = xstrdup(rule ? rule : "");
	e->text = xstrdup(text ? text : "");
	e->decision = xstrdup(decision ? decision : "");
	e->why = xstrdup(why ? why : "");
}

const struct cited_value *ledger_cite(const struct ledger *lg, const char *ref, size_t len)
{
	for (size_t i = 0; i < lg->ncites; i++)
		if (strlen(lg->cites[i].ref) == len && memcmp(lg->cites[i].ref, ref, len) == 0)
			return &lg->cites[i];
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
	memset(lg, 0, sizeof *lg);
}
