/*
 * pipetable.h: the pipe tables the site renders (a GitHub extension that plain
 * CommonMark reads as a paragraph), read one way for the renderer and for the
 * checks that must see what the page will show (a {{cite:...}} that a cell's
 * '|' would cut in two).
 */
#ifndef LITLAB_PIPETABLE_H
#define LITLAB_PIPETABLE_H

#include <stddef.h>

#include <cmark.h>

#include "base/util.h"
#include "lesson/lesson.h"

struct pipe_cells {
	struct span *v;
	size_t n;
};

/* Line N of l's source (1-based), without its newline; empty past the end. */
struct span pipe_source_line(const struct lesson *l, int line);
/* Splits a row at each '|' no backslash escapes, its outer '|' dropped, each cell trimmed; c->v to free. */
void pipe_split_row(struct span row, struct pipe_cells *c);
/*
 * 1 if para is a pipe table the page shows as one: a top-level paragraph of two
 * lines or more whose first line holds a '|' and whose second is a delimiter row
 * of as many cells. *first and *last: its source lines; *align (to free, may be
 * NULL): per column 'l', 'c', 'r' or 0; *ncols its columns.
 */
int pipe_table_node(const struct lesson *l, cmark_node *para, int *first, int *last, char **align, size_t *ncols);

#endif
