#!/bin/sh
# What the sixteenth round taught the timing rule (tests/corpus/README.md, engine/rules/README.md):
# - inline TeX math is read as it is typeset, and a report points into the span;
# - a benchmark tool's ratio to the baseline after a run's figure and spread, and a group's range
#   of ratios, are speed-ups;
# - a border drawn above a pipe table's header keeps the header;
# - "fine" before a noun is no resolution, a setting after a figure is the run's condition;
# - "sped up ... by" is a speed-up; a named 1.00x baseline and "15 minutes of fame" are not claims;
# - a <script> element is code, not text; "\text{min}" in math is the function, no minutes;
# - math typesets no space: "\mu s" is "µs"; display math is typeset too; "per pass" is an
#   iteration, no value passed;
# - "Total CPU time:   00:26:31.17": a clock-format duration after a label of measured time.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-round16.md <<'EOF2'
# Round sixteen

The blocked kernel gives a $3\times$ speedup and each call takes 40 $\mu$s.

The decoder, built both ways:

    old_decode_small                    61.5MB/s ± 1%  1.00x
    new_decode_small                   140MB/s ± 0%  2.28x

    new                                      1.90x to 2.28x

| --------- + ----- |
| machine   | time  |
| --------- | ----: |
| laptop    |   35  |

The coarse stage takes 0.9 ms, and the fine stage 2.5ms at the best setting of TILE.

Unrolling sped up the inner loop by 1.4x over the old decoder, which we define as the 1.00x
baseline speed.

The old format had its 15 minutes of fame.

The mask holds K 1s, followed by N-K 0s.

The two boards sell for $5 and $10.

<script>
  var s = 2.0/h;
</script>

For the smaller magnitude we need the term $2^{53}~\text{min}$ so that both words stay normal.

After the fix a call takes $5 \mu s$ and $1\,\mathrm{\mu s}$ per pass.

On the lab machine the cost fits

$$
t \approx 3.5\,\text{ns} \cdot n
$$
EOF2

check_lesson 01-round16.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
expect "01-round16.md:3:29: error: a speed-up claim '3× speedup'"
expect "01-round16.md:3:66: error: a time value '40 µs'"
expect "01-round16.md:7:57: error: a speed-up claim '1.00x'"
expect "01-round16.md:8:55: error: a speed-up claim '2.28x'"
expect "01-round16.md:10:46: error: a speed-up claim '1.90x'"
expect "01-round16.md:10:55: error: a speed-up claim '2.28x'"
expect "01-round16.md:15:17: error: a time value '35'"
expect "01-round16.md:17:24: error: a time value '0.9 ms'"
expect "01-round16.md:17:51: error: a time value '2.5ms'"
expect "01-round16.md:19:37: error: a speed-up claim '1.4x'"
refuse "01-round16.md:19:[0-9]*: error: a speed-up claim '1.00x"
refuse "01-round16.md:2[2-6]:"
refuse "01-round16.md:29:"
refuse "01-round16.md:32:"
expect "01-round16.md:34:29: error: a time value '5 µs'"
expect "01-round16.md:34:43: error: a time value '1 µs'"
expect "01-round16.md:39:11: error: a time value '3.5 ns'"

in_ledger 01-round16.md \
	"01-round16.md:19:87: let pass '1.00x' as specified ('baseline'" \
	"01-round16.md:22:24: let pass '15 minutes' as not timing" \
	"01-round16.md:24:18: let pass '1s' as not timing" \
	"01-round16.md:24:38: let pass '0s' as not timing"

# a duration printed as a clock after a label of measured time (TestU01's summary)
cat >02-clock.md <<'EOF2'
# Battery

The whole battery ran once:

```
========= Summary results of BigCrush =========
 Total CPU time:   00:26:31.17
```
EOF2
check_lesson 02-clock.md
expect "02-clock.md:7:20: error: a time value '00:26:31.17'"
exit $fail
