/*
 * highlight.h: C source and plain text as safe HTML, at build time, so a
 * lesson page needs no JavaScript to show coloured code.
 *
 * Both functions append to out and never fail. They read exactly len
 * bytes of input (no NUL terminator needed; NUL bytes are data), run in
 * time linear in len, and always append valid UTF-8 that is safe both in
 * HTML element content and in a quoted attribute value:
 *
 *  - & < > " ' become &amp; &lt; &gt; &quot; &#39;
 *  - NUL and every control character but tab and newline (the rest of
 *    C0, CR included, then DEL and the C1 controls U+0080..U+009F)
 *    become U+FFFD, so an escape such as ESC [31m can neither reach a
 *    terminal that cats the page nor make the HTML invalid; a C1 control
 *    is one U+FFFD for its two bytes
 *  - invalid UTF-8 becomes one U+FFFD per bad byte (a truncated, overlong
 *    or surrogate sequence gives one per byte)
 *  - the bidi controls that reorder a line (U+202A..U+202E, U+2066..U+2069)
 *    are shown as the text \u202e, as buf_add_printable() shows them in a
 *    terminal: a page shows its text in the order it is stored and the
 *    rules read it, so a derived block's reason cannot read "executed" on
 *    the page while it says "detucexe" to the derived-claims rule
 *
 * Everything else is copied as is.
 */
#ifndef LITLAB_HIGHLIGHT_H
#define LITLAB_HIGHLIGHT_H

#include <stddef.h>

#include "base/buf.h"

/*
 * Appends code[0..len) to out as escaped text with <span class="hl-X">
 * around tokens, X one of:
 *
 *   kw   keywords, C11 and C23 ones included (_Bool, bool, static_assert,
 *        constexpr, nullptr, true, false, typeof, ...)
 *   ty   builtin type specifiers (void char short int long float double
 *        signed unsigned) and common typedefs (size_t, uint8_t, FILE, ...)
 *   str  string and character literals with their L u8 u U prefix
 *   num  preprocessing numbers: hex, octal, binary, floats, suffixes,
 *        C23 digit separators (1'000)
 *   com  comments; a // comment continues over backslash-newline
 *   pp   a preprocessor directive from # to the end of its logical line;
 *        the #include <header> part stays inside. A comment inside a
 *        directive gets its own com span between two pp spans.
 *   fn   an identifier directly followed by '(' (not a keyword or type)
 *
 * Everything else is plain escaped text. Spans never nest and never
 * cross a newline: a token that spans lines is closed before each
 * newline and reopened after it, so every line is well-formed HTML on
 * its own. Pieces that hold only spaces and tabs are left outside spans.
 * An unterminated comment or string ends its span at len; an unterminated
 * string or character literal also ends at the end of its line, as in C.
 */
void highlight_c(struct buf *out, const char *code, size_t len);

/*
 * Appends text[0..len) to out with the escaping above and no
 * highlighting: for program output and code in other languages.
 */
void html_escape_text(struct buf *out, const char *text, size_t len);

#endif
