/*
 * strindex.h: an index of strings to the places they stand at in the
 * caller's array (a hash table with open addressing), so that looking a
 * name up costs the same for 10 names as for 100,000: a page's ids, a
 * site's file names. The strings stay the caller's: each must outlive the
 * index and not change while in it.
 */
#ifndef LITLAB_STRINDEX_H
#define LITLAB_STRINDEX_H

#include <stddef.h>

struct strindex_slot {
	const char *key; /* NULL: empty */
	size_t at;
};

struct strindex {
	struct strindex_slot *slot;
	size_t nslot, n; /* nslot: 0 or a power of 2, more than twice n */
};

#define STRINDEX_INIT { NULL, 0, 0 }

/* Adds key, standing at at (a key not in the index yet). */
void strindex_add(struct strindex *x, const char *key, size_t at);
/* Where key stands, or -1 if it is not in the index. */
long strindex_find(const struct strindex *x, const char *key);
void strindex_release(struct strindex *x);

#endif
