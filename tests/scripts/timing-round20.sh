#!/bin/sh
# What the twentieth round taught the timing rule (tests/corpus/README.md, engine/rules/README.md),
# from chapters an HPC author wrote new against the round's start and the round's new sets:
# - a bare number after a verb of change and "to" ("climbs to 3.9", "the time rises to 40") in the
#   claim's clause or the sentence after it is the value the claim moves to; a sentence about
#   something else ("the counter goes up to 40") is not;
# - a bare number set against a claim ("instead of 26", "against 0.35 for the intrinsic") or at the
#   far end of its "from ... to" ("from 9.4 ns per element with `div` to 1.1") continues it, and a
#   continuation may continue ("11 for X and more than 40 for Y"); a figure that may be a claim
#   carries its continuation with it ("climbs from 7.4 ns to 11");
# - the sentence right after a table may say what its figures are ("All figures above are
#   nanoseconds per lookup."), as a lead-in may; a lead-in's unit may stand apart after a comma
#   (", in nanoseconds:", ", cycles per element for each ...:"), a setting's plural ("Timeouts, in
#   seconds:") making them specified; a speed-up column beside the columns a lead-in names no longer
#   silences it;
# - a factor written as one ("1.9x") under a header that compares ("vs. `std::sort`", "relative") is
#   a speed-up ("relative error" is not); "% of peak" and "efficiency" columns are shares of speed;
# - a number of times the speed or cost of something ("some five times the cost of", "twice the speed
#   of", "three times the throughput"), "five times as expensive", a factor a verb of yielding gives
#   ending its clause ("Eight threads give only 5.1x." ends its sentence: the x is the factor's, no
#   abbreviation), "a quarter of the peak", "0.2% of what the core could do", and a change set beside
#   a time just stated ("12 ns per lookup, a 65% reduction") are claims; "251004 times the loop ran",
#   "4 times as large", "a third of the time", "a 10% increase in memory" are not;
# - a clause that leaves out the claim's verb and unit ("4 cycles; MurmurHash's finalizer about 9;
#   SipHash 20 or more", "and the 32-bit version about 25"), or a verb of change with its object
#   ("cuts the chain to 12"), continues the claim; a clause with its own verb ("the buffer holds
#   4096"), a name with its number ("in version 2", "on Linux 6") does not.
# - a "Units" column gives each row's unit to the figures under a header of results ("Score",
#   "Error"; not "Cnt"); a caption after a table may look back with "table" or be a bracket or "All
#   figures ..." ("(All figures in microseconds.)"), its sentence wrapped; a printed header "ns per
#   node"; `perf report` rows are shares of the samples (not when sorted by branch records' ends);
# - a heading's bracket of minutes ("## Breakout (45 minutes)") is an agenda's time; "## Results (45
#   ms)" is not; a letter raised, indexed or multiplying a bracket ("n^2/s^2", "4s(a + b)") is a
#   variable.
# - a fraction of a run's time, a speed or what a machine can do ("a third of the run time", "a
#   twentieth of the original time", "half of what the SSD delivers", "a tenth of the memory
#   bandwidth"), "five times the rate of", "within 10-20% of the best" are claims; "a third of the
#   time" (how often), "half of the students", "within 10% of the limit" are not; "under an hour of
#   work to write" is a person's work.
# - what an attacker's review found over-reaching, kept unreported: a name's number or a setting's
#   target after a claim ("and the Pi 5", "; see Listing 3", "we set the seed to 42", "the error
#   count dropped to 0", "the miss rate falls to 2"), a count set against a count ("with 4 threads
#   instead of 8"), a price ("five times the cost of an Arduino"), algebra or optics ("gives 2x",
#   "the lens gives 10x"), a sentence after a table that says what its figures are not ("...; the
#   time in ns is in the next table"), "Efficiency" of a regulator, "Peak RAM usage", "Scale
#   (relative)", a tile's "64 x 64" (a dimension, no factor).
# - a lead-in's last sentence that opens by saying what the figures are, ending in a full stop
#   ("Times are milliseconds per multiply, the median of 50 runs."); a rate named in words ("in
#   millions of allocation-free pairs per second:"); a printed table whose header names nothing,
#   under such a lead-in, read as the pipe table it shows; bare factors under "vs. serial" beside a
#   column of times; "% of roof", "97% of the theoretical figure", "90% of the roof"; "| Typical gain
#   |" over "3-5x"; "PGO gave 12% on the parser".
# - a sleep or a timer a sentence says how it behaved is measured ("actually slept 1.06 ms", "sleeps
#   1.08 ms on average", "fired 3 ms late", "the wake-up latency after `nanosleep` is about 60 µs");
#   what was asked for stays specified ("a 1 ms `nanosleep`", "sleep for 5 seconds"); a lead-in's
#   sentence may be the last but one ("Times are in ms. Lower is better."), open with "the" or "all"
#   and say "below"; rates a device offers ("supported baud rates, in bits per second:"), "p-value
#   vs. baseline", "gave 3% on the binary" are no speed; an HTML table's first row without figures
#   ("<td></td><td><b>Time (ms)</b>") is its header.
# - a report in a block inside a list item, a quote or an indented code block points at the file's
#   column, the container's indent counted.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-change.md <<'EOF2'
# Change

At 2^16 elements the loop runs at 1.7 elements per cycle; with the prefetch it climbs to 3.9.

Lookups take 4.2 ns in L1. When the array no longer fits in L3, the time rises to 40.

The loop takes 5 ms. Then the counter goes up to 40, and the buffer grows to 4096 bytes.

Beyond 10^7 elements the time per element climbs from 7.4 ns to 11.
EOF2

check_lesson 01-change.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
expect "01-change.md:3:[0-9]*: error: a rate '3.9'"
expect "01-change.md:5:[0-9]*: error: a time value '40'"
refuse "01-change.md:7:[0-9]*: error: a time value '40'"
refuse "01-change.md:7:[0-9]*: error: a time value '4096"
expect "01-change.md:9:[0-9]*: error: a time value '11'"

cat >02-contrast.md <<'EOF2'
# Contrast

The rewrite needs four instructions and 6 cycles of latency instead of 26.

It takes 1.2 ns per element for the bit trick against 0.35 for the intrinsic.

The division went from 9.4 ns per element with `div` to 1.1, an 8.5x speed-up.

Binary GCD takes 7 ns per pair against 11 for the naive version and more than 40 for Euclid's.

Sleep for 5 seconds instead of 3.

The test took 5 ms against 3 threads.
EOF2

check_lesson 02-contrast.md
expect "02-contrast.md:3:[0-9]*: error: a cycle count '26'"
expect "02-contrast.md:5:[0-9]*: error: a time value '0.35'"
expect "02-contrast.md:7:[0-9]*: error: a time value '1.1'"
expect "02-contrast.md:9:[0-9]*: error: a time value '11'"
expect "02-contrast.md:9:[0-9]*: error: a time value '40'"
refuse "02-contrast.md:11:"
refuse "02-contrast.md:13:[0-9]*: error: a time value '3'"

cat >03-tables.md <<'EOF2'
# Tables

| size | Eytzinger | B-tree |
|---|---|---|
| 2^10 | 12.1 | 9.8 |

All figures above are nanoseconds per lookup.

| size | count |
|---|---|
| 10 | 12 |

The counts above are in thousands.

Each figure below is the average over 10^7 lookups, in nanoseconds:

| Load factor | linear | quadratic |
|---|---|---|
| 0.5 | 31 | 33 |

Timeouts, in seconds:

| Test | fork | exec |
|---|---|---|
| a | 30 | 60 |

Here is the whole picture, cycles per element for each branch probability:

| p | branchy | branchless | speed-up |
|---|---|---|---|
| 0.20 | 4.6 | 1.9 | 2.4x |

| Algorithm | Time | vs. `std::sort` | relative error |
|---|---|---|---|
| radix sort | 7.4 ms | 8.5x | 2x |

| Version | GFLOPS | % of peak | efficiency |
|---|---|---|---|
| blocked | 12.1 | 41 | 64% |
EOF2

check_lesson 03-tables.md
expect "03-tables.md:5:[0-9]*: error: a time value '12.1'.*captions it"
expect "03-tables.md:5:[0-9]*: error: a time value '9.8'"
refuse "03-tables.md:11:"
expect "03-tables.md:19:[0-9]*: error: a time value '31'"
refuse "03-tables.md:19:[0-9]*: error: a time value '0.5'"
refuse "03-tables.md:25:"
expect "03-tables.md:31:[0-9]*: error: a cycle count '4.6'"
expect "03-tables.md:31:[0-9]*: error: a cycle count '1.9'"
expect "03-tables.md:31:[0-9]*: error: a speed-up claim '2.4x'"
expect "03-tables.md:35:[0-9]*: error: a speed-up claim '8.5x'"
refuse "03-tables.md:35:[0-9]*: error: a speed-up claim '2x'"
expect "03-tables.md:39:[0-9]*: error: .* '41'"
expect "03-tables.md:39:[0-9]*: error: .* '64%'"

cat >04-factors.md <<'EOF2'
# Factors

A locked add costs 18 cycles, some five times the cost of a plain increment.

With two threads each increment becomes almost five times as expensive.

This is twice the speed of version 4, and the new kernel gives three times the throughput.

Eight threads give only 5.1x. The loop is limited by memory.

The loads run at a quarter of the peak even in the best case.

That is 0.26 GFLOPS, about 0.2% of what the core could do.

Batching brings the table down to 12 ns per lookup, a 65% reduction.

The loop ran 251004 times the first day, and the array is 4 times as large.

A third of the time the branch is taken.

It takes 5 ms, a 10% increase in memory.
EOF2

check_lesson 04-factors.md
expect "04-factors.md:3:[0-9]*: error: a speed-up claim 'five times'"
expect "04-factors.md:5:[0-9]*: error: a speed-up claim 'five times as expensive'"
expect "04-factors.md:7:[0-9]*: error: a speed-up claim 'twice'"
expect "04-factors.md:7:[0-9]*: error: a speed-up claim 'three times'"
expect "04-factors.md:9:[0-9]*: error: a speed-up claim '5.1x'"
expect "04-factors.md:11:[0-9]*: error: .* 'a quarter of the peak'"
expect "04-factors.md:13:[0-9]*: error: .* '0.2%'"
expect "04-factors.md:15:[0-9]*: error: a speed-up claim '65% reduction'"
refuse "04-factors.md:17:"
refuse "04-factors.md:19:"
refuse "04-factors.md:21:[0-9]*: error: .* '10%"

cat >05-gaps.md <<'EOF2'
# Gaps

A multiplicative hash takes 4 cycles; MurmurHash's finalizer about 9; a cryptographic hash such as SipHash 20 or more.

A 64-bit division takes 35-88 cycles, and the 32-bit version about 25.

A sum takes 4 cycles per element. Splitting the accumulator cuts the chain to 1.

It takes 5 ms; the buffer holds 4096.

It takes 5 ms, on Linux 6.

It takes 5 ms in version 2, and 7 ms with the patch.

It takes 5 ms. Compression cuts the file to 40.
EOF2

check_lesson 05-gaps.md
expect "05-gaps.md:3:[0-9]*: error: a cycle count '9'"
expect "05-gaps.md:3:[0-9]*: error: a cycle count '20'"
expect "05-gaps.md:5:[0-9]*: error: a cycle count '25'"
expect "05-gaps.md:7:[0-9]*: error: a cycle count '1'"
refuse "05-gaps.md:9:[0-9]*: error: .* '4096'"
refuse "05-gaps.md:11:[0-9]*: error: .* '6'"
refuse "05-gaps.md:13:[0-9]*: error: .* '2'"
refuse "05-gaps.md:15:[0-9]*: error: .* '40'"

cat >06-listings.md <<'EOF2'
# Listings

| Benchmark | Mode | Cnt | Score | Error | Units |
| --- | --- | --- | --- | --- | --- |
| readInt | avgt | 5 | 4601.940 | 12.5 | ns/op |
| size | ss | 5 | 40 | 1 | bytes |

| Compiler | mt19937 | xorshift64 |
|----------|---------|------------|
| GCC 12   | 2.9     | 0.9        |

(Times above are in nanoseconds per number.) Changing the level
did not move either generator.

| Compiler | GCC 13 | Clang 17 |
|---|---|---|
| virtual call | 2.1 | 1.9 |

(All figures in microseconds.)

```
layout              ns per node   misses per node
contiguous array         0.4           0.06
```

```
$ perf report --stdio --sort symbol
    31.20%  [.] strtok
    22.85%  [.] _int_malloc
$ perf report -n --sort symbol_from,symbol_to --stdio
    46.12%   303391   dec.c:36   dec.c:40
```

## Breakout (20 minutes breakout + 15 minutes report-in)

## Results (45 ms)

Each message costs $\alpha + \beta n^2/s^2$, and the shifts $4s(\alpha + \beta)$ in all.
EOF2

check_lesson 06-listings.md
expect "06-listings.md:5:[0-9]*: error: a time value '4601.940'.*'ns/op'"
expect "06-listings.md:5:[0-9]*: error: a time value '12.5'"
refuse "06-listings.md:5:[0-9]*: error: .* '5'"
refuse "06-listings.md:6:"
expect "06-listings.md:10:[0-9]*: error: a time value '2.9'"
expect "06-listings.md:17:[0-9]*: error: a time value '2.1'"
expect "06-listings.md:23:[0-9]*: error: a time value '0.4'"
refuse "06-listings.md:23:[0-9]*: error: .* '0.06'"
expect "06-listings.md:28:[0-9]*: error: .* '31.20%'"
refuse "06-listings.md:31:"
refuse "06-listings.md:34:"
expect "06-listings.md:36:[0-9]*: error: a time value '45 ms'"
refuse "06-listings.md:38:"

cat >07-fractions.md <<'EOF2'
# Fractions

Nearly a third of the run time is tokenizing.

It takes less than a twentieth of the original time.

It reads at 1.25 GB/s, about half of what the SSD delivers.

One core reaches only a tenth of the memory bandwidth.

That is five times the rate of the scalar version.

It runs within 10-20% of the best on every size.

A third of the time the branch is taken, and half of the students passed.

Keep the load within 10% of the limit.

Each step took under an hour of work to write.
EOF2

check_lesson 07-fractions.md
expect "07-fractions.md:3:[0-9]*: error: .* 'a third of the run time'"
expect "07-fractions.md:5:[0-9]*: error: .* 'a twentieth of the original time'"
expect "07-fractions.md:7:[0-9]*: error: .* 'half of what the SSD delivers'"
expect "07-fractions.md:9:[0-9]*: error: .* 'a tenth of the memory bandwidth'"
expect "07-fractions.md:11:[0-9]*: error: a speed-up claim 'five times'"
expect "07-fractions.md:13:[0-9]*: error: a speed-up claim '10-20% of the best'"
refuse "07-fractions.md:15:"
refuse "07-fractions.md:17:"
refuse "07-fractions.md:19:"

cat >08-review.md <<'EOF2'
# Review

Boot takes 1.2 s on the Raspberry Pi 4, and the Pi 5.

The build takes 40 s; see Listing 3.

The simulation takes 3 hours; we set the seed to 42.

The test ran in 4 s and the error count dropped to 0.

A lookup takes 40 ns. With the larger table the miss rate falls to 2.

The loop takes 3 ms with 4 threads instead of 8.

The FPGA board is five times the cost of an Arduino.

Shifting x left by one gives 2x, and the lens gives 10x.

| size | hits | misses |
|---|---|---|
| 1024 | 95 | 5 |

The numbers above are misses per 1000 lookups; the time in ns is in the next table.

| Regulator | Efficiency |
|---|---|
| LDO | 42% |

| Phase | Peak RAM usage |
|---|---|
| boot | 35% |

| Screen | Scale (relative) |
|---|---|
| phone | 2x |

| size | Eytzinger |
|---|---|
| 2^10 | 12.1 |

Times in the table above are in ms.

A tile of 64 x 64 no longer fits in L1. The new kernel is 3 x faster.
EOF2

check_lesson 08-review.md
refuse "08-review.md:3:[0-9]*: error: .* '5'"
refuse "08-review.md:5:[0-9]*: error: .* '3'"
refuse "08-review.md:7:[0-9]*: error: .* '42'"
refuse "08-review.md:9:[0-9]*: error: .* '0'"
refuse "08-review.md:11:[0-9]*: error: .* '2'"
refuse "08-review.md:13:[0-9]*: error: .* '8'"
refuse "08-review.md:15:"
refuse "08-review.md:17:"
refuse "08-review.md:21:"
refuse "08-review.md:27:"
refuse "08-review.md:31:"
refuse "08-review.md:35:"
expect "08-review.md:39:[0-9]*: error: a time value '12.1'"
refuse "08-review.md:43:[0-9]*: error: .* '64 x'"
expect "08-review.md:43:[0-9]*: error: a speed-up claim '3 x faster'"

cat >09-leads.md <<'EOF2'
# Leads

Times are milliseconds per multiply, the median of 50 runs.

| matrix | CSR | ELL |
|---|---|---|
| cant | 31.0 | 24.2 |

We report the total throughput in millions of allocation-free pairs per second:

```
threads   glibc    jemalloc
      1      52          89
```

| version | time (s) | vs. serial | % of roof |
|---|---|---|---|
| tiled | 4.1 | 2.15 | 89% |

The kernel reaches 46.5 GFLOPS, which is 97% of the theoretical figure, and 1.62 GFLOPS is about 90% of the roof.

| Technique | Typical gain |
|---|---|
| `-O2` over `-O0` | 3-5x |

PGO gave 12% on the parser and nothing on the solver.

The counts are in the table below.

| size | hits |
|---|---|
| 1024 | 95 |
EOF2

check_lesson 09-leads.md
expect "09-leads.md:7:[0-9]*: error: a time value '31.0'"
expect "09-leads.md:7:[0-9]*: error: a time value '24.2'"
refuse "09-leads.md:13:[0-9]*: error: .* '1'"
expect "09-leads.md:13:[0-9]*: error: a rate '52'"
expect "09-leads.md:18:[0-9]*: error: a speed-up claim '2.15'"
expect "09-leads.md:18:[0-9]*: error: .* '89%'"
expect "09-leads.md:20:[0-9]*: error: .* '97%"
expect "09-leads.md:20:[0-9]*: error: .* '90%"
expect "09-leads.md:24:[0-9]*: error: a speed-up claim '3-5x'"
expect "09-leads.md:26:[0-9]*: error: a speed-up claim '12%'"
refuse "09-leads.md:32:"

cat >10-sleeps.md <<'EOF2'
# Sleeps

On my laptop a 1 ms `nanosleep` actually slept 1.06 ms.

The wake-up latency after `nanosleep` is about 60 µs.

We measured that `usleep(1000)` sleeps 1.08 ms on average, and the timer fired 3 ms late under load.

Call sleep for 5 seconds; the thread sleeps 5 ms between polls.

All timings are in ms. Lower is better.

| size | A |
|---|---|
| 2^10 | 12.1 |

Supported baud rates, in bits per second:

| port | a |
|---|---|
| uart0 | 9600 |

| test | time (ms) | p-value vs. baseline |
|---|---|---|
| a | 12 | 0.03 |

LTO gave 3% on the binary.

<table>
<tr><td></td><td><b>Time (ms)</b></td></tr>
<tr><td>a</td><td>903</td></tr>
</table>

A speed-up of 3x on my laptop.
EOF2

check_lesson 10-sleeps.md
refuse "10-sleeps.md:3:[0-9]*: error: .* '1 ms'"
expect "10-sleeps.md:3:[0-9]*: error: a time value '1.06 ms'"
expect "10-sleeps.md:5:[0-9]*: error: a time value '60 µs'"
expect "10-sleeps.md:7:[0-9]*: error: a time value '1.08 ms'"
expect "10-sleeps.md:7:[0-9]*: error: a time value '3 ms'"
refuse "10-sleeps.md:9:"
expect "10-sleeps.md:15:[0-9]*: error: a time value '12.1'"
refuse "10-sleeps.md:21:"
refuse "10-sleeps.md:25:[0-9]*: error: .* '0.03'"
refuse "10-sleeps.md:27:"
expect "10-sleeps.md:31:[0-9]*: error: a time value '903'"
expect "10-sleeps.md:34:1: error: a speed-up claim 'A speed-up of 3x' .*('speed-up': a speed-up or slow-down)"

cat >11-columns.md <<'EOF2'
# Columns

- A list item:

  ```
  elapsed: 5 ms
  ```

> ```
> elapsed: 7 ms
> ```

```
elapsed: 9 ms
```
EOF2

check_lesson 11-columns.md
expect "11-columns.md:6:12: error: a time value '5 ms'"
expect "11-columns.md:10:12: error: a time value '7 ms'"
expect "11-columns.md:14:10: error: a time value '9 ms'"
exit $fail
