/*
 * quantity.h: finds the time-like quantities of a prose text and decides,
 * from the words around each, whether it is a performance claim.
 *
 * This is what the timing-needs-metadata rule looks at (engine/rules/README.md,
 * "timing-needs-metadata", says how a claim is told from a specified
 * duration). The input is the plain text of one prose element (a paragraph,
 * a heading, a table, an output block), Markdown markup already stripped; a
 * line break is whitespace like any other. The scanner neither allocates nor keeps anything: the caller
 * owns text and out.
 *
 * What is found, with SPACE any run (possibly empty) of whitespace: space,
 * tab, line breaks, U+00A0, U+2000..U+200A, U+202F, U+205F:
 *
 *   time     NUMBER SPACE UNIT, UNIT one of ns us µs (U+00B5 or U+03BC) ms
 *            s h sec secs min mins hr hrs msec usec nsec (+s), matched in
 *            lowercase only ("MS" is not milliseconds), or the words
 *            second minute hour millisecond microsecond nanosecond
 *            picosecond (+s) in any case, also after a hyphen ("a
 *            30-second timeout"); "half a second", "a millisecond" (the
 *            sub-second words only: "in a second" is an idiom); a range
 *            ("100ms--200ms", "1 to 3 s") and a compound ("4 hours 30
 *            minutes") are one quantity.
 *   cycles   NUMBER [up to three words] cycle|cycles|clocks ("14 CPU
 *            cycles", "10 and 25 clock cycles"), also "4-cycle"; an
 *            optional "per WORD" follows ("1.75 cycles per byte").
 *   rate     NUMBER [up to three words] / UNIT or per UNIT ("3 GB/s", "3M
 *            16-bit integers per second", "10k/sec"); NUMBER RATEWORD
 *            (RATEWORD one of [kKMGTP]bps, [kKMGTP]Bps, [kKMGTPE]FLOPS,
 *            [kKM]IOPS, fps, qps, rps, tps, MT/s); per-cycle rates: NUMBER
 *            [up to three words] per|every|each [other] cycle|clock ("16
 *            instructions per cycle"), also after an aside of one line
 *            ("two stores (two 256-bit or one 512-bit) per cycle"), and
 *            NUMBER [WORD]/cycle|clock|clk ("1.57 chars/cycle"); "IPC of 1.4".
 *   speedup  a factor: NUMBER SPACE x|X|×|times|-fold, "a factor of N",
 *            "N order(s) of magnitude", "twice", "thrice", and NUMBER
 *            SPACE %|percent, next to a comparison or a performance word
 *            ("6x", "3-4x faster", "4 times higher", "by a factor of ten",
 *            "an order of magnitude slower", "a 15% performance loss",
 *            "a speedup of 3x"); a bare "N times" only after a word of
 *            change in its clause ("slows it down by 3 to 4 times"); "half
 *            the speed").
 *   share    NUMBER % of the time, of the run time, of the cycles... ("~90%
 *            of the time").
 *
 * Also (fourth round): "a gigabyte per second" (a rate of one unit), "a
 * cycle per byte", "double the speed" (triple, quadruple), "hundreds of
 * nanoseconds" and "thousands of CPU cycles" (tens, dozens, hundreds,
 * thousands, millions, billions of: a figure only when a word decides), "5
 * times to 20 times faster" (one factor), a code span holding a number or a
 * calculation with its unit after it ("`9/4 = 2.25` cycles"), a metric named
 * in a code span ("the `IPC` goes up from 4.0") and the far end of a
 * metric's range ("to 7.1"), "110 bps" and "9600 baud" (a serial line's
 * speed: specified).
 *
 * NUMBER is 12, 1.5, .5, 1,000, 1e6 or 1.5e-3, or a number word (zero to
 * twenty, the tens, hundred, thousand, "a dozen"; "100s of" before a time
 * unit or cycles); "10-20", "10--20",
 * "10–20" (en dash), "280 and 305" and "1 or 2" are one value starting at
 * the first number; "sub-1%" is the figure 1%, "10\%" (LaTeX) a percentage. A magnitude
 * may follow: an attached k K M G T B ("100k ops/s") or a word thousand,
 * million, billion, trillion. A unit or word must be whole: "4 samples" and
 * "10 hosts" are not times. Nothing inside a {{...}} reference is scanned:
 * a cited or measured value is the reference's business.
 *
 * Never found at all: a printf or scanf conversion's width ("%10s",
 * "%-32s"); a number glued to what comes before it (a letter,
 * digit, '.', '_', or a hyphen after a letter or digit: "C11", "s1",
 * "x86-64", "v1.2"), nor after an en dash that follows a digit
 * ("2019–2023"); a dotted version ("12.2.0"); numbers with no unit after
 * them ("PyTorch 2.14", "20 samples", "12 MB"); a factor or a percentage
 * with no comparison and no performance word near it ("a 4x4 grid", "40%
 * of the array").
 *
 * Each quantity found gets a class:
 *
 *   claim       a performance figure: how long code takes, how fast it
 *               runs, latency, throughput, bandwidth, a speed-up, a cycle
 *               cost, a share of the run time;
 *   unsure      a time value with nothing near it that decides;
 *   specified   a duration that is an input or a definition: a sleep, wait
 *               or timeout argument, an interval or sampling period, a
 *               limit or range, a clock, calendar or time-zone fact, a
 *               timer's resolution, a transfer rate such as MT/s;
 *   not timing  a name ("171 Second Street"), binary digits ("1s and
 *               0s"), a decade ("the 70s"), a factor of something that is
 *               not time ("4x fewer instructions").
 *
 * A table: a pipe table (its second line a delimiter row) or a pandoc
 * table (header lines, then within the first lines a rule of two runs of
 * dashes or more, one per column). A line break ends a clause in a table.
 * A value in a row takes the meaning of its column's header: the pipe
 * cell above it, or the header words over its run of dashes; a "% Change"
 * column holds speed-ups, a speed-up column's 1 is its baseline (specified),
 * and every value of a table whose header names classes ("Interaction
 * Class") is specified.
 *
 * A factor or a percentage that nothing near decides, listed in the same
 * sentence after a claim of the same form, is a claim ("up to 69% on A and
 * up to 39% on B"). A share metric at 100% is an ideal, one after "above",
 * "below" or "than" a threshold (both specified); a share of the time
 * followed in its clause by a time or a cycle count says how often that
 * value occurs (not timing).
 *
 * A time value nothing decides is specified by its form when it defines a
 * unit ("1,000 microseconds in a millisecond"), is a duty cycle ("for 1 ns
 * every 10 us"), a moment ("10 seconds from now") or a threshold in a
 * condition ("if that is longer than 10 us"); a time value, nothing or a
 * word of running decided, by its sentence when it is a budget ("has 16 ms
 * to finish") or classes events ("events with a duration of more than a
 * microsecond"); a time or rate that opens its sentence ("At 60 FPS, ...")
 * is a setting. The far end of a range or a conversion nothing decides is
 * what its first end is ("from 20s to 40s"). A hedge ("about", "~") right
 * before the value yields to the word before it when that word names a
 * specified duration or a branch ("sleep for about 5 s"); before a time
 * value, any word of its sentence that specifies it does, unless a word of
 * running or cost comes first or a comma other than the hedge's own stands
 * between ("wraps after about 72 minutes", "the granularity of the clock,
 * typically 10 ms"; not "With a 5 s timeout, the query returns in about 2
 * ms").
 *
 * A value that continues another (fifth round) is decided by the words
 * before the first value of its list, range or restatement ("the range 0 to
 * 999,999,999 ns", "of, respectively, 0.01, 0.004, or 0.001 seconds",
 * "1,000,000 (1 second)"), or takes the class of a specified value before it
 * ("(-0.5s, +0.5s)", "1 microsecond to around 35 minutes"); one duration in
 * two units side by side is a conversion ("1,000,000 microseconds, or 1
 * second"). A time nothing near decides, in a sentence with "must" or
 * "shall", is a limit; "returns 3600 seconds" an output; "2^32 us" a type's
 * range; "the given duration, 1.5 seconds" an argument; "a nanosecond value"
 * a unit; "24-hour time" a convention. A share of the CPU that something
 * receives, or that is reserved, allocated or guaranteed, is a policy, and so
 * are the shares listed after it in its sentence. "N clocks" that no word of
 * cost decides counts clocks, not clock cycles. "300 (i.e., 5 minutes)" is
 * a restatement; "If ARG is zero, ..." opens on an argument's value; "the
 * remaining time" is what a sleep had left. Any share of the time followed
 * in its clause by a time value says how often that value occurs, one that
 * "happens" or "occurs" is a probability; a time after "longer than" or
 * "exceeds" in a condition is a threshold whatever word of running is near;
 * "At N seconds," opening a quotation or after a colon is a moment; "the
 * five minute rule" a name; "I've chosen 30 seconds" an input. The verb
 * "perform" with an object or in the passive ("to perform the correction",
 * "is performed") means carrying out a task and is no performance word
 * (sixth round; "performs 20% better" still is).
 *
 * Twelfth round: a sentence that opens by asking the reader to suppose
 * ("Assume ...", "You can assume ...", "For this lab, suppose ...", "Let
 * us say ...", "Given a ...") gives a model's values: specified, unless it
 * speaks of measuring, a result, a benchmark or an observation ("Suppose we
 * measured ..."); "if", a bare "Say", "Given the" and "consider" are no
 * such frame. A whole number glued to "h" that nothing decided, right after
 * a word not of grammar ("mode 13h", "INT 33h"), is a hexadecimal name, and
 * a speed-up's bare value after a place and such a word ("on view 1") is no
 * value: not timing. A row of whole numbers counting up by one ("cycle 1  2
 * 3  4") numbers a timeline's positions: not timing.
 *
 * The class is decided by the nearest deciding word in the same sentence
 * (up to ten words before the value or eight after it; a code span counts
 * by its text, so `thrd_sleep()` decides as "sleep" does), by the header of
 * the table column or the label of the table row a bare number stands in,
 * or by the form itself. cue/cue_len give the words that decided (in text,
 * or in the code span), why says what they mean.
 */
#ifndef LITLAB_QUANTITY_H
#define LITLAB_QUANTITY_H

#include <stddef.h>

enum quantity_kind {
	QUANTITY_TIME,
	QUANTITY_RATE,
	QUANTITY_SPEEDUP,
	QUANTITY_CYCLES,
	QUANTITY_SHARE,
};

enum quantity_class {
	QUANTITY_CLAIM,
	QUANTITY_UNSURE,
	QUANTITY_SPECIFIED,
	QUANTITY_NOT_TIMING,
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
	enum quantity_class cls;
	/* The words that decided the class: cue_len bytes at cue (in text, or in code span cue_span). */
	size_t cue, cue_len;
	size_t cue_span; /* 1-based index of the code span holding the cue; 0: the cue is in text */
	const char *why; /* what decided, e.g. "a sleep, wait or timeout"; never NULL */
	size_t span;	 /* 1-based index of the code span the value stands in ("`35 GB/s`"); 0: in text */
	int table;	 /* it stands in a table: a pipe or pandoc table, or a row its label decided */
};

/*
 * The code spans of a prose text: each stands in text as one U+FFFC at offset[i].
 * lead (lead_len bytes, NULL: none): when the text is a table, the sentence that
 * leads it in ("The results in MB/s are:", a caption "ISPC speed-up with target
 * redesign"); a cue found there has cue_span QUANTITY_LEAD_CUE.
 */
struct quantity_spans {
	const char *const *text;
	const size_t *offset;
	size_t n;
	const char *lead;
	size_t lead_len;
	int results; /* the table stands among results (see timing.lua's results_table): a bare figure
			nothing else decides is left unsure */
};

#define QUANTITY_LEAD_CUE ((size_t)-1)

/*
 * Finds and classifies the quantities in text[0..len), in order, never
 * overlapping. Fills at most max entries of out (out may be NULL when max
 * is 0) and returns how many were found in total, which may exceed max.
 * spans (NULL: none) are the code spans of the text: a span that holds
 * nothing but a figure ("`35 GB/s`", "`1.3x`"), or a calculation that ends
 * in one ("`2400 * 8 = 19.2 GB/s`") or starts with a factor its own words
 * call a claim ("`6.1x speedup / 16 threads = 38%`"), is read as one, and every
 * span is a word of the context. Never reads past len; text need not be
 * NUL-terminated and may hold NULs; invalid UTF-8 is skipped. Linear in
 * len plus the spans' lengths.
 */
size_t quantity_find(const char *text, size_t len, const struct quantity_spans *spans, struct quantity *out,
		     size_t max);

/* quantity_find() without code spans. */
size_t quantity_scan(const char *text, size_t len, struct quantity *out, size_t max);

/* "time", "rate", "speedup", "cycles" or "share". */
const char *quantity_kind_name(enum quantity_kind kind);

/* "claim", "unsure", "specified" or "not timing". */
const char *quantity_class_name(enum quantity_class cls);

#endif
