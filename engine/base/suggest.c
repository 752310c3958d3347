/* suggest.c: the nearest word, for "did you mean". */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/suggest.h"
#include "base/util.h"

#define DISTANCE_MAX 100

int suggest_distance(const char *a, const char *b)
{
	size_t n = strlen(a), m = strlen(b);

	if (n > DISTANCE_MAX || m > DISTANCE_MAX)
		return DISTANCE_MAX;
	/* Three rows of the table: the one before the last (for a swap), the last, this one. */
	int *rows = xcalloc(3 * (m + 1), sizeof *rows);
	int *two = rows, *one = rows + (m + 1), *cur = rows + 2 * (m + 1);
	for (size_t j = 0; j <= m; j++)
		one[j] = (int)j;
	for (size_t i = 1; i <= n; i++) {
		cur[0] = (int)i;
		for (size_t j = 1; j <= m; j++) {
			int same = tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 1]);
			int d = one[j - 1] + !same;
			if (one[j] + 1 < d)
				d = one[j] + 1;
			if (cur[j - 1] + 1 < d)
				d = cur[j - 1] + 1;
			if (i > 1 && j > 1 && tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 2]) &&
			    tolower((unsigned char)a[i - 2]) == tolower((unsigned char)b[j - 1]) && two[j - 2] + 1 < d)
				d = two[j - 2] + 1;
			cur[j] = d;
		}
		int *t = two;
		two = one;
		one = cur;
		cur = t;
	}
	int d = one[m];
	free(rows);
	return d;
}

static int near_enough(const char *word, int d)
{
	size_t len = strlen(word);
	int max = len <= 4 ? 1 : len <= 8 ? 2 : 3;

	return d > 0 && d <= max && (size_t)d * 2 <= len;
}

const char *suggest_nearest(const char *word, const char *const *cands, size_t n)
{
	const char *best = NULL;
	int bestd = DISTANCE_MAX + 1;

	for (size_t i = 0; i < n; i++) {
		int d = suggest_distance(word, cands[i]);
		if (d < bestd && near_enough(word, d)) {
			best = cands[i];
			bestd = d;
		}
	}
	return best;
}

static int word_char(char c)
{
	return isalnum((unsigned char)c) || c == '-' || c == '_' || c == '.';
}

char *suggest_in_list(const char *word, const char *list)
{
	const char **v = NULL;
	char **own = NULL;
	size_t n = 0;

	for (const char *p = list; *p;) {
		if (!word_char(*p)) {
			p++;
			continue;
		}
		const char *s = p;
		while (*p && word_char(*p))
			p++;
		static const char *const filler[] = { "and", "one", "mode", "none" };
		int skip = 0;
		for (size_t k = 0; k < ARRAY_LEN(filler); k++)
			skip |= (size_t)(p - s) == strlen(filler[k]) && memcmp(s, filler[k], (size_t)(p - s)) == 0;
		if (skip)
			continue;
		v = xreallocarray(v, n + 1, sizeof *v);
		own = xreallocarray(own, n + 1, sizeof *own);
		own[n] = xstrndup(s, (size_t)(p - s));
		v[n] = own[n];
		n++;
	}
	const char *best = suggest_nearest(word, v, n);
	char *r = best ? xstrdup(best) : NULL;
	for (size_t i = 0; i < n; i++)
		free(own[i]);
	free(own);
	free(v);
	return r;
}

char *suggest_phrase(const char *word, const char *list)
{
	char *s = suggest_in_list(word, list);
	char *r = s ? xasprintf(": did you mean '%s'?", s) : xstrdup("");

	free(s);
	return r;
}
