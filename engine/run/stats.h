/*
 * stats.h: the distribution of a set of samples (nanoseconds), and how a
 * nanosecond value is shown to a reader.
 *
 * Every result is an integer number of nanoseconds. Where a statistic falls
 * between two samples it is rounded toward zero, so the same samples give
 * the same numbers on every machine (no floating point is involved).
 */
#ifndef LITLAB_STATS_H
#define LITLAB_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"

struct stats {
	size_t samples;		/* how many values went in */
	int64_t min, max;
	int64_t median;		/* the 0.5 quantile (below) */
	int64_t mean;		/* arithmetic mean, rounded toward zero, computed without overflow */
	int64_t q1, q3;		/* the 0.25 and 0.75 quantiles (below) */
	int64_t iqr;		/* q3 - q1 (saturates at INT64_MAX) */
	int64_t mad;		/* median absolute deviation from the median, unscaled
				   (no 1.4826 factor); saturates at INT64_MAX */
};

/*
 * Computes the statistics of values[0..n). values is not modified (a copy
 * is sorted). n == 0 gives a struct of zeros.
 *
 * Quantiles use linear interpolation between closest ranks (Hyndman and
 * Fan's type 7, the default of R and of NumPy): over the sorted values
 * x[0..n), the p-quantile is at h = (n - 1) * p, and equals
 * x[floor(h)] + (h - floor(h)) * (x[floor(h) + 1] - x[floor(h)]), rounded
 * toward zero. The median is the same rule at p = 0.5: the middle value of an
 * odd count, the mean of the two middle values of an even count.
 */
void stats_compute(struct stats *st, const int64_t *values, size_t n);

/*
 * Appends ns as a reader sees it: three significant digits in the unit
 * ("ns", "µs" (UTF-8 micro sign), "ms", "s") that puts the rounded number in
 * [1, 1000) where one does: "999 ns", "1.00 µs", "12.3 ms", "100 ms".
 * Nanoseconds are whole ("5 ns"); values of 1000 s and more are whole
 * seconds ("4321 s"). Rounding is half away from zero and is applied before
 * the unit is chosen, so 999999 ns is "1.00 ms", not "1000 µs". Negative
 * values keep their sign.
 */
void stats_format_ns(struct buf *out, int64_t ns);

/*
 * The unit stats_format_ns() would choose for ns, and (when divisor is not
 * NULL) the number of nanoseconds in that unit: 1, 1e3, 1e6 or 1e9. Use it
 * to show several values in one unit, e.g. a table of min, median and max
 * in the unit of the median.
 */
const char *stats_unit_for(int64_t ns, double *divisor);

#endif
