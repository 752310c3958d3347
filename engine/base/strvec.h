/*
 * strvec.h: a growing vector of strings that is always NULL-terminated, for
 * argument and environment vectors (git's strvec).
 *
 * Invariants: v is NULL until a string is pushed, and v[n] == NULL from then on;
 * every string is owned by the vector. strvec_clear() frees them and leaves
 * the vector empty and reusable.
 */
#ifndef LITLAB_STRVEC_H
#define LITLAB_STRVEC_H

#include <stddef.h>

#include "base/buf.h"
#include "base/util.h"

struct strvec {
	char **v;
	size_t n;
};

#define STRVEC_INIT { NULL, 0 }

/* Appends a copy of s. */
void strvec_push(struct strvec *sv, const char *s);
/* Appends s itself, which the vector now owns. */
void strvec_push_nodup(struct strvec *sv, char *s);
void strvec_pushf(struct strvec *sv, const char *fmt, ...) PRINTFLIKE(2, 3);
/* Appends copies of the n strings of words. */
void strvec_pushv(struct strvec *sv, char *const *words, size_t n);
/*
 * Splits s into words as a shell would, without expansions: blanks separate
 * words, '...' and "..." quote, a backslash escapes the next byte (inside
 * double quotes only before '"' and '\'). Appends the words to sv. Returns
 * 0, or -1 on an unclosed quote (the words before it kept).
 */
int strvec_split(struct strvec *sv, const char *s);
/*
 * Appends the words of list (split as strvec_split() does: how litlab reads
 * cflags=, ldlibs=, args=) to out, each after a space and quoted for sh
 * where it holds more than letters, digits and -_=+./:,@%, so that a shell
 * given the text runs with exactly those words and expands nothing ($(...),
 * backquotes, globs). for_make: also written for a
 * makefile's line ('$' doubled, '#' escaped), which make hands to sh.
 */
void strvec_add_sh(struct buf *out, const char *list, int for_make);
/* Removes and frees the string at index i (< n); the later ones move down. */
void strvec_remove(struct strvec *sv, size_t i);
void strvec_clear(struct strvec *sv);

#endif
