/*
 * report.h: the JSON document of `check` and `audit` (docs/json.md).
 *
 * Built with jansson. Every string from a program or a lesson goes through
 * report_string(), which turns invalid UTF-8 into U+FFFD, so the document is
 * always valid JSON whatever the programs printed.
 */
#ifndef LITLAB_REPORT_H
#define LITLAB_REPORT_H

#include <jansson.h>
#include <stdio.h>

#include "check/check.h"

struct report_ctx {
	struct evidence_context run; /* NULLs when nothing was compiled */
};

/* A JSON string of bytes that may not be UTF-8. */
json_t *report_string(const char *s, size_t len);
json_t *report_diag(const struct diag *d);
json_t *report_block(const struct report_ctx *ctx, const struct lesson *l, const struct block *b,
		     const struct block_result *br);
json_t *report_lesson(const struct report_ctx *ctx, const struct lesson_result *lr);
json_t *report_summary(const struct summary *sum);
/* The whole document. */
json_t *report_document(const struct report_ctx *ctx, const struct lesson_result *lessons, size_t n,
			const struct summary *sum);
/* Writes doc to fp, indented, with a final newline. -1 on a write error. */
int report_write(FILE *fp, json_t *doc);

#endif
