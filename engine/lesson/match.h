/*
 * match.h: does a program's real output satisfy a lesson's output block,
 * and if not, how do they differ.
 *
 * Both texts are byte strings of a given length: they may hold NULs and
 * invalid UTF-8, and need not be NUL-terminated. Nothing here keeps a
 * pointer to them.
 *
 * Before any comparison both texts are normalised the same way: every CRLF
 * becomes LF, and a text that is not empty and does not end in LF gets one
 * (a fenced block cannot show that its last line lacks a newline). So "a"
 * and "a\n" are equal, "a\n\n" and "a\n" are not, and the empty text is
 * equal only to itself. A lone CR is an ordinary byte.
 */
#ifndef LITLAB_MATCH_H
#define LITLAB_MATCH_H

#include <stddef.h>

#include "base/buf.h"

enum match_mode {
	MATCH_EXACT,	/* byte-equal after normalisation */
	MATCH_ELLIPSIS,	/* an expected line that is exactly "..." stands for zero or more lines */
	MATCH_CONTAINS,	/* each non-blank expected line is found, in order, inside an actual line */
};

/* Parses "exact", "ellipsis" or "contains" into *mode: 0, or -1 (nothing printed). */
int match_mode_parse(const char *name, enum match_mode *mode);
/* The name match_mode_parse() accepts for mode ("unknown" if none); static. */
const char *match_mode_name(enum match_mode mode);

/*
 * Returns 1 if actual satisfies expected under mode, else 0.
 *
 * MATCH_ELLIPSIS compares line by line; a "..." line matches any run of
 * actual lines, including none. Time and memory are linear; no
 * backtracking blow-up.
 *
 * MATCH_CONTAINS skips expected lines that are empty or only spaces and
 * tabs. Every other expected line must occur as a substring of an actual
 * line after the one the previous expected line was found in (each actual
 * line serves at most one expected line).
 */
int match_output(enum match_mode mode, const char *expected, size_t elen,
		 const char *actual, size_t alen);

/*
 * Appends to out a unified diff from expected to actual, as "diff -u"
 * prints it without file timestamps: "--- expected", "+++ actual", then
 * "@@ -a,b +c,d @@" hunks with 3 lines of context. Texts are normalised as
 * above first, so a missing final newline never shows; if they are then
 * equal, nothing is appended.
 *
 * Bytes a terminal could act on (control characters other than tab, DEL,
 * C1 controls, invalid UTF-8) are written as \xNN; the result is printable.
 *
 * The line alignment is Myers' minimal diff while the edit distance stays
 * small (about a thousand lines); beyond that, the whole stretch from the
 * first to the last differing line is shown as removed, then added. Either
 * way a 1 MiB output is diffed in well under a second.
 *
 * At most max_lines lines are appended (headers included), then, if some
 * were left out, "... (N more lines)". max_lines 0 means no limit.
 */
void match_diff(struct buf *out, const char *expected, size_t elen,
		const char *actual, size_t alen, size_t max_lines);

/*
 * match_diff() for an output block matched with mode. For MATCH_ELLIPSIS,
 * each "..." line of expected is first replaced by the actual lines it
 * stands for (the lines before the first "..." set against the first actual
 * lines, those after the last against the last ones, each run between where
 * it lines up best), so that the diff shows the lines that really differ and
 * never a "..." as removed; its header says "--- expected (each '...' shown
 * as the lines it stands for)", and its line numbers count the lines so
 * replaced. Other modes: match_diff().
 */
void match_diff_mode(struct buf *out, enum match_mode mode, const char *expected, size_t elen,
		     const char *actual, size_t alen, size_t max_lines);
/*
 * match_diff_mode() for an expected text whose first line is line
 * first_line of a file: the hunks' ranges count in the file's lines (the
 * actual side as if it stood in the expected text's place), and *diff_line
 * (when not NULL) is the file line of the first expected line that differs,
 * or of the line before which lines are missing; 0 when the texts do not
 * differ. With MATCH_ELLIPSIS, a line that a "..." stands for counts as the
 * "..." line's (a range's length still counts the lines it stands for).
 */
void match_diff_at(struct buf *out, enum match_mode mode, const char *expected, size_t elen, const char *actual,
		   size_t alen, size_t max_lines, int first_line, int *diff_line);

#endif
