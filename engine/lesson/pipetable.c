/*
 * pipetable.c: the pipe tables the site renders, one reading for the renderer
 * (render.c) and the checks (check/cite.c).
 */
#include <stdlib.h>
#include <string.h>

#include "lesson/pipetable.h"

static struct span trim_span(struct span s)
{
	while (s.len && (*s.p == ' ' || *s.p == '\t'))
		s.p++, s.len--;
	while (s.len && (s.p[s.len - 1] == ' ' || s.p[s.len - 1] == '\t' || s.p[s.len - 1] == '\r'))
		s.len--;
	return s;
}

void pipe_split_row(struct span row, struct pipe_cells *c)
{
	row = trim_span(row);
	c->v = NULL;
	c->n = 0;
	if (row.len && row.p[0] == '|')
		row.p++, row.len--;
	if (row.len && row.p[row.len - 1] == '|' && !(row.len > 1 && row.p[row.len - 2] == '\\'))
		row.len--;
	size_t start = 0;
	for (size_t i = 0; i <= row.len; i++) {
		if (i < row.len && row.p[i] == '\\') {
			i++;
			continue;
		}
		if (i == row.len || row.p[i] == '|') {
			c->v = xreallocarray(c->v, c->n + 1, sizeof *c->v);
			c->v[c->n++] = trim_span((struct span){ row.p + start, i - start });
			start = i + 1;
		}
	}
}

/* 'l', 'c', 'r' or 0 (none) for a delimiter cell; '?' if it is not one. */
static char delimiter_align(struct span s)
{
	size_t i = 0, dashes = 0;
	int left = 0, right = 0;

	if (i < s.len && s.p[i] == ':')
		left = 1, i++;
	while (i < s.len && s.p[i] == '-')
		dashes++, i++;
	if (i < s.len && s.p[i] == ':')
		right = 1, i++;
	if (i != s.len || dashes == 0)
		return '?';
	return left && right ? 'c' : right ? 'r' : left ? 'l' : 0;
}

struct span pipe_source_line(const struct lesson *l, int line)
{
	struct span s = { "", 0 };

	if (line >= 1 && (size_t)line <= l->nlines) {
		s.p = l->lines[line - 1];
		s.len = l->line_len[line - 1];
	}
	return s;
}

int pipe_table_node(const struct lesson *l, cmark_node *para, int *first, int *last, char **align, size_t *ncols)
{
	struct pipe_cells head, delim;
	int ok = 0;

	if (align)
		*align = NULL;
	*first = cmark_node_get_start_line(para);
	*last = cmark_node_get_end_line(para);
	if (cmark_node_get_type(para) != CMARK_NODE_PARAGRAPH || cmark_node_parent(para) != l->doc ||
	    *last - *first < 1)
		return 0;
	struct span h = pipe_source_line(l, *first);
	if (!memchr(h.p, '|', h.len))
		return 0;
	pipe_split_row(h, &head);
	pipe_split_row(pipe_source_line(l, *first + 1), &delim);
	char *al = xcalloc(delim.n + 1, 1);
	if (head.n == delim.n) {
		ok = 1;
		for (size_t i = 0; i < delim.n && ok; i++)
			if ((al[i] = delimiter_align(delim.v[i])) == '?')
				ok = 0;
	}
	*ncols = head.n;
	free(head.v);
	free(delim.v);
	if (ok && align)
		*align = al;
	else
		free(al);
	return ok;
}
