/* diag.c: collecting, ordering and printing diagnostics. */
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "lesson/diag.h"

void diags_init(struct diags *d)
{
	d->v = NULL;
	d->n = 0;
	d->alloc = 0;
}

static void diag_free(struct diag *g)
{
	free(g->path);
	free(g->rule);
	free(g->message);
	free(g->detail);
}

void diags_release(struct diags *d)
{
	for (size_t i = 0; i < d->n; i++)
		diag_free(&d->v[i]);
	free(d->v);
	diags_init(d);
}

void diags_drop(struct diags *d, int (*drop)(const struct diag *g, void *ctx), void *ctx)
{
	size_t k = 0;

	for (size_t i = 0; i < d->n; i++) {
		if (drop(&d->v[i], ctx))
			diag_free(&d->v[i]);
		else
			d->v[k++] = d->v[i];
	}
	d->n = k;
}

struct diag *diags_add(struct diags *d, const char *path, int line, int col, enum severity sev,
		       const char *rule, const char *fmt, ...)
{
	struct buf msg = BUF_INIT;
	va_list ap;

	if (d->n == d->alloc) {
		d->alloc = d->alloc ? d->alloc * 2 : 8;
		d->v = xreallocarray(d->v, d->alloc, sizeof *d->v);
	}
	va_start(ap, fmt);
	buf_vaddf(&msg, fmt, ap);
	va_end(ap);

	struct diag *g = &d->v[d->n++];
	g->path = xstrdup(path);
	g->line = line > 0 ? line : 1;
	g->col = col > 0 ? col : 1;
	g->severity = sev;
	g->rule = xstrdup(rule);
	g->message = buf_detach(&msg, NULL);
	g->detail = NULL;
	g->shown = 0;
	return g;
}

struct keyed {
	struct diag d;
	size_t order;
};

static int cmp_keyed(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;

	if (x->d.line != y->d.line)
		return x->d.line < y->d.line ? -1 : 1;
	if (x->d.col != y->d.col)
		return x->d.col < y->d.col ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* qsort with the original order as the last key: stable, and O(n log n) for any input. */
void diags_sort(struct diags *d)
{
	if (d->n < 2)
		return;
	struct keyed *k = xcalloc(d->n, sizeof *k);
	for (size_t i = 0; i < d->n; i++) {
		k[i].d = d->v[i];
		k[i].order = i;
	}
	qsort(k, d->n, sizeof *k, cmp_keyed);
	for (size_t i = 0; i < d->n; i++)
		d->v[i] = k[i].d;
	free(k);
}

size_t diags_count(const struct diags *d, enum severity sev)
{
	size_t n = 0;

	for (size_t i = 0; i < d->n; i++)
		n += d->v[i].severity == sev;
	return n;
}

void diags_move(struct diags *dst, struct diags *src)
{
	for (size_t i = 0; i < src->n; i++) {
		if (dst->n == dst->alloc) {
			dst->alloc = dst->alloc ? dst->alloc * 2 : 8;
			dst->v = xreallocarray(dst->v, dst->alloc, sizeof *dst->v);
		}
		dst->v[dst->n++] = src->v[i];
	}
	free(src->v);
	diags_init(src);
}

const char *severity_name(enum severity sev)
{
	switch (sev) {
	case SEV_ERROR:
		return "error";
	case SEV_WARNING:
		return "warning";
	case SEV_NOTE:
		return "note";
	}
	return "error";
}

void diag_print(FILE *fp, const struct diag *d, int color)
{
	static const char *const colors[] = { "\033[1;31m", "\033[1;35m", "\033[1;36m" };
	const char *on = color ? colors[d->severity] : "";
	const char *bold = color ? "\033[1m" : "";
	const char *off = color ? "\033[0m" : "";
	struct buf b = BUF_INIT;

	/*
	 * Colour starts after "PATH:LINE:COL: SEVERITY: ", so that what reads
	 * those lines from a terminal (an editor's task, a problem matcher)
	 * reads a coloured line as a plain one. The path, the message and the
	 * detail (compiler output, a diff of program output) are escaped.
	 */
	buf_adds_printable_line(&b, d->path); /* one diagnostic, one line: editors read it so */
	buf_addf(&b, ":%d:%d: %s: %s", d->line, d->col, severity_name(d->severity), bold);
	buf_adds_printable_line(&b, d->message);
	buf_addf(&b, "%s %s[", off, on);
	buf_adds_printable(&b, d->rule);
	buf_addf(&b, "]%s\n", off);
	if (d->detail && *d->detail) {
		buf_adds_printable(&b, d->detail);
		if (b.p[b.len - 1] != '\n')
			buf_addc(&b, '\n');
	}
	fwrite(b.p, 1, b.len, fp);
	buf_release(&b);
}
