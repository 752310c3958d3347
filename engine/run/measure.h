/*
 * measure.h: the measurement record of a measure block.
 *
 * measure_summarize() turns the samples the runner took into statistics:
 * for the whole process (boundary: exec to exit, CLOCK_MONOTONIC), its
 * user and system CPU time, its peak resident set, and each region the
 * program marked with engine/include/litlab.h. Raw nanoseconds are kept;
 * a display unit is chosen only when printing (stats_format_ns).
 */
#ifndef LITLAB_MEASURE_H
#define LITLAB_MEASURE_H

#include "run/runner.h"
#include "run/stats.h"

struct region_stats {
	char *name;
	struct stats st;
	int64_t *values; /* one per sample, in sample order */
	size_t n;
};

struct measurement {
	size_t samples;
	int warmup;
	struct stats wall, user, sys, rss_kb;
	int64_t *wall_values; /* one per sample */
	struct region_stats *regions;
	size_t nregions;
	char *region_error; /* the first region problem, or NULL */
	int region_error_sample; /* 1-based */
};

void measure_summarize(struct measurement *m, const struct evidence *ev);
void measurement_release(struct measurement *m);
/* The region named name, or NULL. */
const struct region_stats *measure_region(const struct measurement *m, const char *name);
/*
 * The statistic stat ("min", "median", "max", "mean", "iqr", "mad",
 * "samples") of st; -1 when stat is not one. *is_count says the value is a
 * count (samples), not nanoseconds.
 */
int measure_stat(const struct stats *st, const char *stat, int64_t *value, int *is_count);
/* The statistics a reference may name, for messages. */
extern const char measure_stat_names[];

#endif
