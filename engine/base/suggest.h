/*
 * suggest.h: "did you mean": the word a slip of the keyboard most likely
 * meant, among the words that would have been right.
 *
 * Words are compared by their optimal string alignment distance (an
 * insertion, a deletion, a change or two neighbours swapped are one edit
 * each), ignoring ASCII case. A candidate is offered when it is within 1
 * edit of a word of up to 4 bytes, 2 of one of up to 8, 3 beyond, and no
 * more than half the word's length; of equally near ones, the first.
 */
#ifndef LITLAB_SUGGEST_H
#define LITLAB_SUGGEST_H

#include <stddef.h>

/* The edit distance between a and b (ASCII case ignored); capped at 100. */
int suggest_distance(const char *a, const char *b);

/* The candidate of cands[0..n) that word most likely meant, or NULL. */
const char *suggest_nearest(const char *word, const char *const *cands, size_t n);

/*
 * The same among the words of list, a text such as "id, use, file" or
 * "exact|ellipsis|contains": its words are its runs of letters, digits, '-',
 * '_' and '.', but for the words of such a list's prose ("and one mode:",
 * "none"). The word (malloc'd), or NULL.
 */
char *suggest_in_list(const char *word, const char *list);

/*
 * ": did you mean 'X'?" for word among list (suggest_in_list()), or "" when
 * nothing is near; malloc'd either way, for a message.
 */
char *suggest_phrase(const char *word, const char *list);

#endif
