/*
 * diag.h: compiler-style diagnostics about lessons.
 *
 * A diagnostic is PATH:LINE:COL: SEVERITY: MESSAGE [RULE-ID], optionally
 * followed by detail lines (a diff, compiler output). Lines and columns are
 * 1-based and count in the file as written; columns count bytes. A list owns
 * every string in it.
 */
#ifndef LITLAB_DIAG_H
#define LITLAB_DIAG_H

#include <stdio.h>

#include "base/util.h"

enum severity { SEV_ERROR, SEV_WARNING, SEV_NOTE };

struct diag {
	char *path;
	int line;
	int col;
	enum severity severity;
	char *rule;
	char *message;
	char *detail; /* extra lines printed after the diagnostic, or NULL */
	int shown;    /* printed already: a lesson whose rules must wait is printed in two parts */
};

struct diags {
	struct diag *v;
	size_t n;
	size_t alloc;
};

void diags_init(struct diags *d);
void diags_release(struct diags *d);
/* Adds one diagnostic and returns it, so that a caller may set its detail. */
struct diag *diags_add(struct diags *d, const char *path, int line, int col, enum severity sev,
		       const char *rule, const char *fmt, ...) PRINTFLIKE(7, 8);
/* Removes (and frees) every diagnostic for which drop(g, ctx) returns 1, keeping the others' order. */
void diags_drop(struct diags *d, int (*drop)(const struct diag *g, void *ctx), void *ctx);
/* Sorts by line then column, keeping the order of equal positions. */
void diags_sort(struct diags *d);
size_t diags_count(const struct diags *d, enum severity sev);
/* Moves every diagnostic of src to the end of dst; src is left empty. */
void diags_move(struct diags *dst, struct diags *src);

const char *severity_name(enum severity sev);
/*
 * Prints one diagnostic (and its detail) in the contract's text form, every
 * control character in its path, message and detail escaped
 * (buf_add_printable()): a compiler's or a program's output cannot move the
 * cursor or print a verdict of its own. With color, the message is bold and
 * the rule id in the severity's colour; "PATH:LINE:COL: SEVERITY: " is never
 * coloured, so that the line reads the same to a problem matcher.
 */
void diag_print(FILE *fp, const struct diag *d, int color);

#endif
