/*
 * cite.h: cited values, and the references litlab does not understand.
 *
 * A figure taken from a published source is written {{cite:KEY|4 cycles}}
 * (docs/lesson-format.md, "Cited values"): KEY is a Markdown link reference definition
 * of the lesson ([KEY]: URL "who, what, year", matched without regard to
 * case, as CommonMark matches labels). cite_resolve() finds every cited
 * value in the lesson's prose and adds it to lr->ledger.cites with its
 * source; a malformed one or an unknown KEY is a cite-reference error at its
 * place. It also reports, at their place, the near misses that would
 * otherwise be published literally: {{ measure:m:median }} (spaces),
 * {{Measure:...}}, {{measur:...}}, {{cite KEY|...}} (measure-reference or
 * cite-reference, with the spelling that works). Exact {{measure:...}}
 * references are check.c's.
 */
#ifndef LITLAB_CITE_H
#define LITLAB_CITE_H

#include "check/check.h"

void cite_resolve(struct lesson_result *lr);

/*
 * The link reference definition of label in the lesson: *url and *title
 * (malloc'd; *title NULL when it has none). 0, or -1 when there is none.
 */
int cite_definition(const struct lesson *l, const char *label, size_t len, char **url, char **title);

#endif
