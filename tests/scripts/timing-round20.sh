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
#   a speed-up ("relative error" is not); "% of peak" and "efficiency" columns are shares of speed.
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
exit $fail
