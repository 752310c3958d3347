/* buf.c: the growable string buffer (see buf.h for its invariants). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"

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

	/* Formatted once into the room there is (most texts are short), again only when it was too small. */
	buf_grow(b, 64);
	va_copy(cp, ap);
	int n = vsnprintf(b->p + b->len, b->alloc - b->len, fmt, cp);
	va_end(cp);
	if (n <= 0) {
		b->p[b->len] = '\0';
		return;
	}
	if ((size_t)n >= b->alloc - b->len) {
		buf_grow(b, (size_t)n);
		vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
	}
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

/* The length of the valid UTF-8 sequence at s (1 to 4), or 0. */
static size_t utf8_at(const unsigned char *s, size_t len)
{
	unsigned c = s[0], cp, min;
	size_t n;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 1, min = 0x80;
	else if (c >= 0xe0 && c <= 0xef)
		n = 2, min = 0x800;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 3, min = 0x10000;
	else
		return 0;
	if (n >= len)
		return 0;
	cp = c & (0x3f >> n);
	for (size_t k = 1; k <= n; k++) {
		if ((s[k] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[k] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n + 1;
}

static void add_printable(struct buf *b, const char *str, size_t len, int one_line)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0;

	buf_grow(b, len);
	while (i < len) {
		size_t run = i;
		while (run < len && ((s[run] >= 0x20 && s[run] < 0x7f) || (!one_line && (s[run] == '\n' || s[run] == '\t'))))
			run++;
		buf_add(b, s + i, run - i);
		i = run;
		if (i == len)
			break;
		size_t n = s[i] >= 0x80 ? utf8_at(s + i, len - i) : 0;
		if (n == 2 && s[i] == 0xc2 && s[i + 1] < 0xa0) {
			buf_addf(b, "\\x%02x\\x%02x", s[i], s[i + 1]); /* a C1 control */
		} else if (n == 3 && buf_bidi_control((const char *)s + i, len - i)) {
			buf_addf(b, "\\u%04x", buf_bidi_control((const char *)s + i, len - i));
		} else if (n) {
			buf_add(b, s + i, n);
		} else {
			buf_addf(b, "\\x%02x", s[i]);
			n = 1;
		}
		i += n;
	}
}

unsigned buf_bidi_control(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;

	if (len < 3 || u[0] != 0xe2 || !((u[1] == 0x80 && u[2] >= 0xaa && u[2] <= 0xae) ||
					 (u[1] == 0x81 && u[2] >= 0xa6 && u[2] <= 0xa9)))
		return 0;
	return 0x2000u | ((u[1] & 0x3fu) << 6) | (u[2] & 0x3fu);
}

void buf_add_printable(struct buf *b, const char *s, size_t len)
{
	add_printable(b, s, len, 0);
}

void buf_adds_printable(struct buf *b, const char *s)
{
	add_printable(b, s, strlen(s), 0);
}

void buf_adds_printable_line(struct buf *b, const char *s)
{
	add_printable(b, s, strlen(s), 1);
}

void buf_add_sh_quoted(struct buf *b, const char *s)
{
	buf_addc(b, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			buf_adds(b, "'\\''");
		else
			buf_addc(b, *s);
	}
	buf_addc(b, '\'');
}
