/*
 * quantity.h: finds timing values in prose: time values ("12 ms"), rates
 * ("3 GB/s") and speed-up claims ("3x faster").
 *
 * This is what the timing-needs-metadata rule looks for (DESIGN.md, "Rules").
 * The input is the plain text of one prose element (a paragraph, a heading,
 * a table cell, a caption), Markdown markup already stripped; a line break
 * is whitespace like any other. The scanner neither allocates nor keeps
 * anything: the caller owns text and out.
 *
 * What is found, with SPACE any run (possibly empty) of whitespace: space,
 * tab, line breaks, U+00A0 no-break space, U+2000..U+200A (thin space among
 * them), U+202F narrow no-break space, U+205F:
 *
 *   time     NUMBER SPACE UNIT, UNIT one of ns us µs (U+00B5 or U+03BC) ms
 *            s h sec secs min mins hr hrs msec usec nsec (+s), matched in
 *            lowercase only ("MS" is not milliseconds), or the words
 *            second minute hour millisecond microsecond nanosecond
 *            picosecond (+s), in any case, also after a hyphen
 *            ("a 30-second timeout").                     "12 ms", "2 sec"
 *   rate     NUMBER SPACE [WORD]/UNIT                "3 GB/s", "100/s"
 *            NUMBER SPACE [WORD SPACE] per SPACE UNIT  "200 requests per second"
 *            NUMBER SPACE RATEWORD, RATEWORD one of [kKMGTP]bps, [kKMGTP]Bps,
 *            [kKMGTPE]FLOPS, [kKM]IOPS, fps, qps, rps, tps  "40 Gbps"
 *   speedup  NUMBER SPACE FACTOR SPACE CLAIM         "3x faster", "40% slower"
 *            [a|an] speedup|speed-up|slowdown of NUMBER [SPACE FACTOR]
 *                                                    "a speedup of 3x"
 *            twice|thrice|half SPACE CLAIM           "twice as fast"
 *            FACTOR is x X × times % percent -fold; CLAIM is faster slower
 *            quicker speedup speed-up slowdown slow-down, or "as" SPACE
 *            fast|slow|quick; words match in any case.
 *
 * NUMBER is 12, 1.5, .5, 1,000, 1e6 or 1.5e-3; "10-20" and "10–20" (en
 * dash, spaces allowed around it) are one value starting at the first
 * number. A magnitude may follow: an attached k K M G T B ("100k ops/s") or
 * a word thousand/million/billion/trillion ("3 million ops/s"). A unit or
 * word must be whole: "4 samples" and "10 hosts" are not times.
 *
 * Never a quantity: a number glued to what comes before it (a letter,
 * digit, '.', '_', or a hyphen after a letter or digit: "C11", "s1",
 * "x86-64", "v1.2", "lab-90"), nor after an en dash that follows a digit
 * ("2019–2023"); a dotted version with two or more dots ("12.2.0"); a
 * decade ("1990s", "'90s"); "2s complement"; numbers with no unit after
 * them ("PyTorch 2.14", "2026-10-28", "20 samples", "12 MB", "40% of").
 */
#ifndef LITLAB_QUANTITY_H
#define LITLAB_QUANTITY_H

#include <stddef.h>

enum quantity_kind {
	QUANTITY_TIME,
	QUANTITY_RATE,
	QUANTITY_SPEEDUP,
};

struct quantity {
	enum quantity_kind kind;
	/*
	 * Byte offset of the value's first character: the number, or the
	 * first word where the claim starts with one ("a speedup of 3x",
	 * "twice as fast"). A leading "~" or "<" is not part of it.
	 */
	size_t start;
	/* Bytes from start to the end of the unit or claim word. */
	size_t len;
};

/*
 * Finds the quantities in text[0..len), in order, never overlapping. Fills
 * at most max entries of out (out may be NULL when max is 0) and returns
 * how many were found in total, which may exceed max. Never reads past len;
 * text need not be NUL-terminated and may hold NULs; invalid UTF-8 is
 * skipped. Linear in len.
 */
size_t quantity_scan(const char *text, size_t len, struct quantity *out, size_t max);

/* "time", "rate" or "speedup". */
const char *quantity_kind_name(enum quantity_kind kind);

#endif
