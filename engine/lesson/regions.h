/*
 * regions.h: turns what a measured program wrote on its region side channel
 * during one sample into the time spent in each region.
 *
 * The protocol is written down in engine/include/litlab.h, the header lesson
 * programs include: one line per mark, "B <pid> <ns> <name>\n" at a begin,
 * "E <pid> <ns> <name>\n" at an end; pid and ns are decimal digits, name is
 * 1 to REGIONS_NAME_MAX bytes of letters, digits, '-', '_' and '.'.
 */
#ifndef LITLAB_REGIONS_H
#define LITLAB_REGIONS_H

#include <stddef.h>
#include <stdint.h>

#define REGIONS_NAME_MAX 64
/* More distinct region names than this in one sample is an error. */
#define REGIONS_MAX 1024

/* The time of one region in one sample. */
struct region_time {
	char *name;
	int64_t ns;	/* the sum of all its begin/end pairs (saturates at INT64_MAX) */
	size_t pairs;	/* how many begin/end pairs were summed */
};

struct region_sample {
	struct region_time *times;	/* in the order each region was first begun */
	size_t n;
	char *error;	/* NULL, or the first problem found (no times then) */
};

/*
 * Parses data[0..len) (any bytes, NULs included) into rs, which the caller
 * then owns and gives back with regions_release().
 *
 * Only the records of main_pid count: those of other processes (children
 * the program forked) are checked to be well-formed, then ignored. Regions
 * may nest and may overlap; a region begun again after it ended is one
 * region, whose time is the sum of its pairs (pairs counts them).
 *
 * Any of these sets rs->error, leaves rs->times NULL and rs->n 0, and stops
 * at the first one, in the order of the data:
 *	"malformed region record on the side channel: 'B 1 x'" (the line
 *		quoted, escaped, at most 40 bytes of it, then "..." if longer;
 *		a last line without '\n' is malformed too)
 *	"region 'parse' was begun again before it ended"
 *	"region 'parse' was ended but never begun"
 *	"region 'parse' ended before it began" (its clock went backwards)
 *	"region 'parse' was begun and never ended" (the earliest such one)
 *	"more than 1024 distinct regions in one sample"
 * Empty data is no regions and no error.
 */
void regions_parse(struct region_sample *rs, const char *data, size_t len, long main_pid);

/*
 * The same for the records of one run, which began at start_ns and ended
 * at end_ns (CLOCK_MONOTONIC, as the sandbox took them around the
 * program): a mark of main_pid outside that window cannot be the
 * program's own time and is an error, "region 'parse' was marked outside
 * the run (at -3600 s from its start)": a program that writes records of
 * its own on the channel cannot make a region longer than the run. With
 * truncated set (the channel held more than the runner keeps), the sample
 * is an error too.
 */
void regions_parse_run(struct region_sample *rs, const char *data, size_t len, long main_pid, int64_t start_ns,
		       int64_t end_ns, int truncated);

/* Frees what regions_parse() put in rs and empties it. */
void regions_release(struct region_sample *rs);

#endif
