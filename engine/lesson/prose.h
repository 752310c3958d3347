/*
 * prose.h: a lesson's prose as text units with positions.
 *
 * A unit is one paragraph, heading or HTML block, as plain text: emphasis,
 * link and image markup are gone (their text stays), a line break is "\n",
 * and each code span is one U+FFFC (its text is kept in spans[]), so that
 * nothing that scans prose mistakes code for prose. pos[i] is the offset in
 * lesson->text of the character that byte i of text came from: the map is
 * rebuilt from the source, because cmark's inline positions are not reliable
 * once escapes, entities and containers are involved. A value split by
 * emphasis ("**12** ms") or by a line break is contiguous in text, and its
 * first byte maps to its first character in the file.
 */
#ifndef LITLAB_PROSE_H
#define LITLAB_PROSE_H

#include <stddef.h>

#include "lesson/lesson.h"

/* UNIT_TITLE: a front-matter value the site displays (the title, the summary), first of all. */
enum unit_kind { UNIT_PARAGRAPH, UNIT_HEADING, UNIT_HTML, UNIT_TITLE };

struct code_span {
	size_t offset; /* where its U+FFFC stands in text */
	size_t lead; /* bytes from its opening backtick to its text's first, in the source (1 if not found) */
	char *text;
};

struct text_unit {
	enum unit_kind kind;
	int level;	  /* heading level, else 0 */
	char *context;	  /* enclosing containers, outermost first: e.g. "list item,block quote" or "";
			     a title unit: its front-matter key ("title", "summary") */
	char *text;
	size_t len;
	size_t *pos;	  /* len entries: offsets into lesson->text */
	int line, end_line; /* the block's lines */
	struct code_span *spans;
	size_t nspans;
	cmark_node *node;
};

struct prose {
	struct text_unit *v;
	size_t n;
};

/* Collects the units of l in document order. */
void prose_collect(struct prose *p, const struct lesson *l);
void prose_release(struct prose *p);
/*
 * l's prose, collected on the first call and kept with the lesson (the
 * measure references, the cited values and the rules each read it: three
 * collections were a fifth of a warm check). The lesson owns it
 * (lesson_free); like the rest of a lesson, it is not for two threads at once.
 */
const struct prose *lesson_prose(const struct lesson *l);
/*
 * The units of l's prose whose text holds "{{", the only ones where a
 * reference ({{measure:...}}, {{cite:...}}) can stand: the same units as
 * lesson_prose()'s, with their maps, without the cost of mapping every
 * other byte of the lesson (a lesson's whole prose took a tenth of a warm
 * build). lesson_prose() itself once it was collected; kept as it is.
 */
const struct prose *lesson_prose_refs(const struct lesson *l);
/* Releases and frees p; NULL is nothing. */
void prose_free(struct prose *p);
/* The line and column (1-based, bytes, as written) of byte off of u's text. */
void prose_position(const struct lesson *l, const struct text_unit *u, size_t off, int *line, int *col);
/* Line and column of an offset into lesson->text. */
void lesson_text_position(const struct lesson *l, size_t text_off, int *line, int *col);

const char *unit_kind_name(enum unit_kind kind);

#endif
