/*
 * report.h: the JSON document of `check` and `audit` (docs/json.md): a
 * renderer of the ledger model (ledger_model.h), as text and HTML are.
 *
 * Built with jansson. Every string from a program or a lesson goes through
 * report_string(), which turns invalid UTF-8 into U+FFFD, so the document is
 * always valid JSON whatever the programs printed.
 */
#ifndef LITLAB_REPORT_H
#define LITLAB_REPORT_H

#include <jansson.h>
#include <stdio.h>

#include "render/ledger_model.h"

/* A JSON string of bytes that may not be UTF-8. */
json_t *report_string(const char *s, size_t len);
json_t *report_diag(const struct diag *d);
json_t *report_block(const struct ledger_block *b);
json_t *report_lesson(const struct ledger_lesson *ml);
json_t *report_summary(const struct summary *sum);
/* The whole document: the lessons, the summary, the rule errors, and which shard it is of a shard. */
json_t *report_document(const struct ledger_model *m);
/* Writes doc to fp, indented, with a final newline. -1 on a write error. */
int report_write(FILE *fp, json_t *doc);

#endif
