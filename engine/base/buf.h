/*
 * buf.h: the one growable string buffer.
 *
 * Invariants: buf.p is never NULL and always NUL-terminated at buf.p[len]
 * (a fresh buffer points at a shared empty string); len < alloc once
 * anything was added. The bytes may contain NULs. buf_detach() hands the
 * memory to the caller and leaves the buffer empty; buf_release() frees it.
 */
#ifndef LITLAB_BUF_H
#define LITLAB_BUF_H

#include <stddef.h>

#include "base/util.h"

struct buf {
	char *p;
	size_t len;
	size_t alloc;
};

extern char buf_empty_[];
#define BUF_INIT { buf_empty_, 0, 0 }

void buf_init(struct buf *b);
void buf_release(struct buf *b);
void buf_grow(struct buf *b, size_t extra);
void buf_add(struct buf *b, const void *data, size_t len);
void buf_adds(struct buf *b, const char *s);
void buf_addc(struct buf *b, char c);
void buf_addf(struct buf *b, const char *fmt, ...) PRINTFLIKE(2, 3);
void buf_vaddf(struct buf *b, const char *fmt, va_list ap) PRINTFLIKE(2, 0);
void buf_setlen(struct buf *b, size_t len);
void buf_reset(struct buf *b);
/* Gives back the memory grown beyond len + 1 (a buffer that is done growing). */
void buf_fit(struct buf *b);
/* Returns the NUL-terminated bytes (always malloc'd) and empties b. */
char *buf_detach(struct buf *b, size_t *len);

/*
 * Appends s[0..len) as a terminal may show it: every control character but
 * newline and tab (C0, DEL, the C1 controls U+0080 to U+009F), the bidi
 * controls that reorder a line (U+202A-U+202E, U+2066-U+2069) and every
 * byte that is not part of valid UTF-8 are written as \xNN (\uNNNN for the
 * bidi ones), so that text a program, a compiler or a file name brings can
 * neither move the cursor, erase or recolour lines, nor forge a verdict.
 * Backslashes are left alone; so is everything printable.
 */
void buf_add_printable(struct buf *b, const char *s, size_t len);
/*
 * The bidi control that reorders a line (U+202A to U+202E, U+2066 to
 * U+2069) whose UTF-8 starts at s[0..len), or 0: every place litlab shows
 * text, the terminal and the page, writes one as the text \uNNNN.
 */
unsigned buf_bidi_control(const char *s, size_t len);
/* Appends s in single quotes, as sh reads it back as one word ('it'\''s'). */
void buf_add_sh_quoted(struct buf *b, const char *s);
/* buf_add_printable() of a C string. */
void buf_adds_printable(struct buf *b, const char *s);
/* The same, newline and tab escaped too: a name or a message that must stay on its line. */
void buf_adds_printable_line(struct buf *b, const char *s);

#endif
