/*
 * sarif.h: the diagnostics of `check --format sarif`, a SARIF 2.1.0 log for
 * code-review annotations (docs/editors.md).
 *
 * One run of the tool "litlab": every diagnostic of every lesson (and of
 * the rule files) is a result with its rule id, its level (error, warning,
 * note), its message (and detail, after a blank line) and one location: the
 * file as named (a relative URI against %SRCROOT%, or a file: URI for an
 * absolute path) and a region whose startLine is the diagnostic's line and
 * whose startColumn counts Unicode code points (litlab's columns count
 * bytes; the lesson's line is read to convert). The driver's rules are the
 * ids the results use, with the summary a Lua rule declares.
 */
#ifndef LITLAB_SARIF_H
#define LITLAB_SARIF_H

#include <jansson.h>

#include "check/check.h"
#include "rules/rules.h"

/* The log; rules may be NULL (no summaries). The caller decrefs it. */
json_t *sarif_document(const struct lesson_result *lessons, size_t n, const struct diags *rule_errors,
		       const struct ruleset *rules);

#endif
