/*
 * promote.h: accepting a program's real output into its lesson.
 *
 * promote_plan_make() reads the evidence check_lesson() gathered and picks
 * the output blocks that may be replaced: the stdout or stderr output block
 * of a `run` block that exited as expected, whose match is exact and whose
 * text differs from what the program printed. Nothing else is ever
 * promoted, and each output that differs but is left alone gets a note
 * saying why: a pattern (match=ellipsis or contains) is the author's to
 * edit; a measure block's output holds "..." where timings would stand,
 * and timings never stand in a lesson; a compile-fail block's output is
 * compiler text; a derived block never ran; a program that failed, was
 * killed or was cut off proves nothing.
 *
 * promote_rewrite() makes the new bytes of the file: only the content lines
 * of the chosen output blocks change, written with the line ending and the
 * container prefix ("> ", list indentation) of their opening fence. The
 * fence and the info string stay as written, unless the new text holds a
 * run of the fence character as long as the fence: then both fences are
 * lengthened to one more than the longest run. Every other byte (BOM, CRLF,
 * trailing blanks, the other blocks) is copied as it was. The result is
 * parsed again and must show the same blocks with the new texts, or nothing
 * is promoted.
 */
#ifndef LITLAB_PROMOTE_H
#define LITLAB_PROMOTE_H

#include "base/buf.h"
#include "check/check.h"

/* promotion.output for a session: the block's own text is replaced (console_promoted()). */
#define PROMOTE_BLOCK ((size_t)-1)

struct promotion {
	size_t block;  /* index in lesson->blocks */
	size_t output; /* index in that block's outputs, or PROMOTE_BLOCK */
	char *text;    /* the new content: LF line endings, a final LF unless empty */
	size_t len;
};

struct promote_plan {
	struct promotion *v; /* in the order of the lesson */
	size_t n;
};

void promote_plan_init(struct promote_plan *p);
void promote_plan_release(struct promote_plan *p);

/*
 * Adds to plan each output block of lr->lesson that promote replaces, and
 * to notes (severity note, rule output-mismatch, at the output block's
 * fence) each output that differs from the real output and is not replaced.
 */
void promote_plan_make(struct promote_plan *plan, const struct lesson_result *lr, struct diags *notes);

/*
 * Adds to plan the replacement of output block `output` of block `block`
 * by text[0..len) (normalised as the plan keeps it). For tests and tools.
 */
void promote_plan_add(struct promote_plan *plan, size_t block, size_t output, const char *text, size_t len);

/*
 * The problems that make a lesson's structure uncertain, so that promote
 * writes nothing into it: every error of the loader's rules in l->diags (a
 * fence that is not closed where it should be, the front matter, an
 * attribute, a second output block for one stream; not what running the
 * blocks found) and every output or stdin block that belongs to no block
 * (as an output-provenance error). A block that swallowed what
 * follows it is still a well-formed block to cmark: rewriting "its" output
 * would delete the prose and code it swallowed. Adds each problem to
 * problems (which may be NULL) and returns how many there are.
 */
size_t promote_structure(const struct lesson *l, struct diags *problems);

/*
 * Appends to out the bytes of l->src with plan's outputs replaced. Returns
 * 0, or -1 with *err (malloc'd, naming a line) when the lesson has a
 * structural problem (promote_structure()) or a block cannot be rewritten
 * safely (no closing fence; the file would parse differently); out is then
 * unspecified.
 */
int promote_rewrite(const struct lesson *l, const struct promote_plan *plan, struct buf *out, char **err);

#endif
