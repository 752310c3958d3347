/*
 * strindex.c: strings to places, a hash table with open addressing (FNV-1a,
 * linear probing), kept under half full.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/strindex.h"
#include "base/util.h"

static size_t key_hash(const char *key)
{
	size_t h = (size_t)(1469598103934665603ULL & SIZE_MAX);

	for (const unsigned char *c = (const unsigned char *)key; *c; c++)
		h = (h ^ *c) * (size_t)1099511628211ULL;
	return h;
}

static void put(struct strindex_slot *slot, size_t nslot, const char *key, size_t at)
{
	size_t k = key_hash(key) & (nslot - 1);

	while (slot[k].key)
		k = (k + 1) & (nslot - 1);
	slot[k].key = key;
	slot[k].at = at;
}

void strindex_add(struct strindex *x, const char *key, size_t at)
{
	if (2 * (x->n + 1) + 2 > x->nslot) {
		size_t nslot = x->nslot ? 2 * x->nslot : 64;
		while (nslot < 2 * (x->n + 1) + 2)
			nslot *= 2;
		struct strindex_slot *slot = xcalloc(nslot, sizeof *slot);
		for (size_t k = 0; k < x->nslot; k++)
			if (x->slot[k].key)
				put(slot, nslot, x->slot[k].key, x->slot[k].at);
		free(x->slot);
		x->slot = slot;
		x->nslot = nslot;
	}
	put(x->slot, x->nslot, key, at);
	x->n++;
}

long strindex_find(const struct strindex *x, const char *key)
{
	if (!x->nslot)
		return -1;
	for (size_t k = key_hash(key) & (x->nslot - 1); x->slot[k].key; k = (k + 1) & (x->nslot - 1))
		if (strcmp(x->slot[k].key, key) == 0)
			return (long)x->slot[k].at;
	return -1;
}

void strindex_release(struct strindex *x)
{
	free(x->slot);
	x->slot = NULL;
	x->nslot = x->n = 0;
}
