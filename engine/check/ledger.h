/*
 * ledger.h: what a lesson's rules let pass, and the values it cites, for
 * the reviewer's ledger (litlab audit, audit.html, the JSON).
 *
 * A rule records a decision to let something pass with ledger(where, text,
 * decision, why) (engine/rules/README.md): timing-needs-metadata records
 * every time-like quantity it did not report, with its class and the words
 * that decided it. Cited values ({{cite:KEY|4 cycles}}) are read by
 * cite_resolve() (cite.h). The lesson_result owns its ledger.
 */
#ifndef LITLAB_LEDGER_H
#define LITLAB_LEDGER_H

#include <stddef.h>

struct ledger_entry {
	int line, col;
	char *rule;	/* the rule that let it pass */
	char *text;	/* what it let pass, as written */
	char *decision; /* e.g. "specified", "not timing" */
	char *why;	/* the words that decided, and what they mean */
};

/* A {{cite:KEY|TEXT}} in prose. */
struct cited_value {
	int line, col;
	char *ref;   /* the reference as written, without the braces */
	char *key;
	char *text;  /* the figure, as written after '|' */
	char *url;   /* of KEY's link reference definition; NULL when KEY has none */
	char *title; /* its title ("who, what, year"), or NULL */
};

struct ledger {
	struct ledger_entry *v;
	size_t n, alloc;
	struct cited_value *cites;
	size_t ncites, cites_alloc;
	size_t *cite_order; /* ledger_cites_sorted(): cites' indices by ref, then index; else NULL */
};

void ledger_add(struct ledger *lg, int line, int col, const char *rule, const char *text, const char *decision,
		const char *why);
/* A new cited value at the end of lg->cites, zeroed (the index of ledger_cites_sorted() is dropped). */
struct cited_value *ledger_cite_add(struct ledger *lg);
/* Sorts an index of the cited values by reference, for ledger_cite(): call it once they are all in. */
void ledger_cites_sorted(struct ledger *lg);
/*
 * The first cited value whose reference (without braces) is ref[0..len), or
 * NULL: by the index of ledger_cites_sorted() (a page cites each of its
 * values, and a lesson of 40,000 took minutes to render searching them all
 * each time), else by reading them all.
 */
const struct cited_value *ledger_cite(const struct ledger *lg, const char *ref, size_t len);
void ledger_release(struct ledger *lg);

#endif
