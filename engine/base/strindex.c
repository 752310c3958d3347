/*
 * strindex.c: strings to places, a hash table with open addressing (SipHash-2-4
 * with a random key, linear probing), kept under half full.
 */
#include <pthread.h>
#include <stdint.h>
#include <sys/random.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

#include "base/strindex.h"
#include "base/util.h"

/* SipHash-2-4 of key under a key of 128 random bits, made once per process: where a name lands
   cannot be chosen by whoever writes the names (a course's rule ids, a page's ids), so no input
   can pile its names into one run of slots (a flood of FNV-1a's low bits made loading 64 rule
   files take half an hour). */
static uint64_t sip_key[2];
static pthread_once_t sip_once = PTHREAD_ONCE_INIT;

static void sip_init(void)
{
	if (getrandom(sip_key, sizeof sip_key, 0) != (ssize_t)sizeof sip_key) {
		/* no randomness: the time and an address, still not the writer's to choose */
		sip_key[0] = (uint64_t)time(NULL) ^ (uint64_t)(uintptr_t)&sip_key;
		sip_key[1] = (uint64_t)clock() * 0x9e3779b97f4a7c15ULL;
	}
}

#define ROTL(x, b) (uint64_t)(((x) << (b)) | ((x) >> (64 - (b))))
#define SIPROUND                                                                                   \
	do {                                                                                       \
		v0 += v1, v1 = ROTL(v1, 13), v1 ^= v0, v0 = ROTL(v0, 32);                           \
		v2 += v3, v3 = ROTL(v3, 16), v3 ^= v2;                                              \
		v0 += v3, v3 = ROTL(v3, 21), v3 ^= v0;                                              \
		v2 += v1, v1 = ROTL(v1, 17), v1 ^= v2, v2 = ROTL(v2, 32);                           \
	} while (0)

static size_t key_hash(const char *key)
{
	uint64_t v0 = 0x736f6d6570736575ULL, v1 = 0x646f72616e646f6dULL, v2 = 0x6c7967656e657261ULL,
		 v3 = 0x7465646279746573ULL, m;
	size_t len = strlen(key), i = 0;

	pthread_once(&sip_once, sip_init);
	v0 ^= sip_key[0], v1 ^= sip_key[1], v2 ^= sip_key[0], v3 ^= sip_key[1];
	for (; i + 8 <= len; i += 8) {
		memcpy(&m, key + i, 8);
		v3 ^= m;
		SIPROUND;
		SIPROUND;
		v0 ^= m;
	}
	m = (uint64_t)len << 56;
	for (size_t k = 0; i + k < len; k++)
		m |= (uint64_t)(unsigned char)key[i + k] << (8 * k);
	v3 ^= m;
	SIPROUND;
	SIPROUND;
	v0 ^= m;
	v2 ^= 0xff;
	SIPROUND;
	SIPROUND;
	SIPROUND;
	SIPROUND;
	return (size_t)(v0 ^ v1 ^ v2 ^ v3);
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
