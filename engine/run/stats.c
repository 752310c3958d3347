/*
 * stats.c: order statistics over nanosecond samples, and their display.
 *
 * All arithmetic is on integers, done so that no input (INT64_MIN and
 * INT64_MAX included) overflows: differences of sorted values are taken as
 * uint64_t, where they always fit.
 */
#include <stdlib.h>
#include <string.h>

#include "run/stats.h"
#include "base/util.h"

static int cmp_int64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

/* lo + (hi - lo) * num / den rounded toward zero, for lo <= hi, 0 <= num < den <= 4. */
static int64_t lerp(int64_t lo, int64_t hi, uint64_t num, uint64_t den)
{
	uint64_t d = (uint64_t)hi - (uint64_t)lo;
	uint64_t step = d / den * num + d % den * num / den;
	int inexact = d % den * num % den != 0;
	int64_t r;

	/* lo + step <= hi, so it fits; compute it without signed overflow. */
	if (lo >= 0 || step <= (uint64_t)-(lo + 1))
		r = lo + (int64_t)step;
	else
		r = (int64_t)(step - (uint64_t)-(lo + 1) - 1);
	/* step was floored; a negative result must round up instead. */
	if (inexact && r < 0)
		r++;
	return r;
}

/* The quarter-th quantile (quarter = 1, 2, 3) of sorted x[0..n), n >= 1. */
static int64_t quartile(const int64_t *x, size_t n, unsigned quarter)
{
	/* h = (n - 1) * quarter / 4, split into whole and fractional quarters. */
	size_t whole = (n - 1) / 4 * quarter + (n - 1) % 4 * quarter / 4;
	uint64_t frac = (n - 1) % 4 * quarter % 4;

	if (frac == 0)
		return x[whole];
	return lerp(x[whole], x[whole + 1], frac, 4);
}

static int64_t sat_diff(int64_t hi, int64_t lo)
{
	uint64_t d = (uint64_t)hi - (uint64_t)lo;

	return d > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)d;
}

static int64_t mean_of(const int64_t *x, size_t n)
{
	/*
	 * sum(x) = q * n + r with |r| < n, accumulated so that neither part
	 * overflows; the mean is q + r / n, rounded toward zero below.
	 */
	int64_t sn = (int64_t)n, q = 0, r = 0;

	for (size_t i = 0; i < n; i++) {
		q += x[i] / sn;
		r += x[i] % sn;
		q += r / sn;
		r %= sn;
	}
	if (q > 0 && r < 0)
		q--;
	else if (q < 0 && r > 0)
		q++;
	return q;
}

void stats_compute(struct stats *st, const int64_t *values, size_t n)
{
	memset(st, 0, sizeof(*st));
	if (n == 0)
		return;

	int64_t *x = xreallocarray(NULL, n, sizeof(*x));
	memcpy(x, values, n * sizeof(*x));
	qsort(x, n, sizeof(*x), cmp_int64);

	st->samples = n;
	st->min = x[0];
	st->max = x[n - 1];
	st->q1 = quartile(x, n, 1);
	st->median = quartile(x, n, 2);
	st->q3 = quartile(x, n, 3);
	st->iqr = sat_diff(st->q3, st->q1);
	st->mean = mean_of(x, n);

	for (size_t i = 0; i < n; i++)
		x[i] = x[i] >= st->median ? sat_diff(x[i], st->median)
					  : sat_diff(st->median, x[i]);
	qsort(x, n, sizeof(*x), cmp_int64);
	st->mad = quartile(x, n, 2);
	free(x);
}

static const struct unit {
	const char *name;
	uint64_t ns;
} units[] = {
	{ "ns", 1 },
	{ "\xc2\xb5s", 1000 },	/* U+00B5 MICRO SIGN in UTF-8 */
	{ "ms", 1000000 },
	{ "s", 1000000000 },
};

static const uint64_t pow10_[] = { 1, 10, 100 };

/* a / unit_ns * 10^dec, rounded half away from zero (a is a magnitude). */
static uint64_t scaled(uint64_t a, uint64_t unit_ns, unsigned dec)
{
	uint64_t p = pow10_[dec];

	return a / unit_ns * p + (a % unit_ns * p + unit_ns / 2) / unit_ns;
}

/*
 * Picks the unit and the number of decimals for magnitude a: the smallest
 * unit whose rounded whole number is below 1000, then as many decimals (at
 * most 2, none for ns) as keep three significant digits. *digits gets the
 * rounded value times 10^dec.
 */
static size_t pick_unit(uint64_t a, unsigned *dec, uint64_t *digits)
{
	size_t u = 0;

	while (u + 1 < ARRAY_LEN(units) && scaled(a, units[u].ns, 0) >= 1000)
		u++;
	*dec = u == 0 ? 0 : 2;
	for (;;) {
		*digits = scaled(a, units[u].ns, *dec);
		if (*digits < 1000 || *dec == 0)
			break;
		(*dec)--;
	}
	return u;
}

static uint64_t magnitude(int64_t ns)
{
	return ns < 0 ? 0 - (uint64_t)ns : (uint64_t)ns;
}

void stats_format_ns(struct buf *out, int64_t ns)
{
	unsigned dec;
	uint64_t digits;
	size_t u = pick_unit(magnitude(ns), &dec, &digits);
	const char *sign = ns < 0 && digits ? "-" : "";

	if (dec == 0)
		buf_addf(out, "%s%llu %s", sign, (unsigned long long)digits, units[u].name);
	else
		buf_addf(out, "%s%llu.%0*llu %s", sign,
			 (unsigned long long)(digits / pow10_[dec]), (int)dec,
			 (unsigned long long)(digits % pow10_[dec]), units[u].name);
}

const char *stats_unit_for(int64_t ns, double *divisor)
{
	unsigned dec;
	uint64_t digits;
	size_t u = pick_unit(magnitude(ns), &dec, &digits);

	if (divisor)
		*divisor = (double)units[u].ns;
	return units[u].name;
}
