/* buf.c: the growable string buffer (see buf.h for its invariants). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"

char buf_empty_[1];

void buf_init(struct buf *b)
{
	b->p = buf_empty_;
	b->len = 0;
	b->alloc = 0;
}

void buf_release(struct buf *b)
{
	if (b->alloc)
		free(b->p);
	buf_init(b);
}

void buf_grow(struct buf *b, size_t extra)
{
	size_t need = b->len + extra + 1;

	if (need <= b->alloc)
		return;
	size_t alloc = b->alloc ? b->alloc : 64;
	while (alloc < need)
		alloc = alloc / 2 * 3 + 16;
	if (b->alloc == 0) {
		b->p = xmalloc(alloc);
		b->p[0] = '\0';
	} else {
		b->p = xrealloc(b->p, alloc);
	}
	b->alloc = alloc;
}

void buf_add(struct buf *b, const void *data, size_t len)
{
	if (len == 0)
		return;
	buf_grow(b, len);
	memcpy(b->p + b->len, data, len);
	b->len += len;
	b->p[b->len] = '\0';
}

void buf_adds(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

void buf_addc(struct buf *b, char c)
{
	buf_add(b, &c, 1);
}

void buf_vaddf(struct buf *b, const char *fmt, va_list ap)
{
	va_list cp;

	va_copy(cp, ap);
	int n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n <= 0)
		return;
	buf_grow(b, (size_t)n);
	vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void buf_addf(struct buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	buf_vaddf(b, fmt, ap);
	va_end(ap);
}

void buf_setlen(struct buf *b, size_t len)
{
	if (b->alloc == 0)
		return;
	if (len < b->len)
		b->len = len;
	b->p[b->len] = '\0';
}

void buf_reset(struct buf *b)
{
	buf_setlen(b, 0);
}

void buf_fit(struct buf *b)
{
	if (b->alloc > b->len + 1) {
		b->p = xrealloc(b->p, b->len + 1);
		b->alloc = b->len + 1;
	}
}

char *buf_detach(struct buf *b, size_t *len)
{
	char *p = b->alloc ? b->p : xstrdup("");

	if (len)
		*len = b->len;
	buf_init(b);
	return p;
}
