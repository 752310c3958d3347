#!/bin/sh
# What the twentieth round (false errors, TAG fe) taught the timing rule (engine/rules/README.md):
# - a section's model ("Suppose version B runs in 98 ms ...") ends at a paragraph of the section's
#   own prose that opens no list or table: a table a later lead-in opens is what ran;
# - how long an experiment runs or warms up is a setting: "run the code for half a second", "a
#   warm-up of a few hundred milliseconds", "a single one-minute run"; a histogram's "buckets of 1 µs";
# - "a laptop running a browser" says what a machine runs: no word of running for the figure;
# - a noun before "factor" names a parameter ("a load factor of 0.75");
# - the writer's own time ("I have spent 10 minutes", "60% of my time ... and 40% on Y"), "the
#   remaining 90%", and a word of a code path ("<Weak<T> as Drop>::drop") are no claims.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-frame.md <<'EOF2'
# Noise

## What "2% faster" means

Suppose version B runs in 98 ms and version A in 100 ms. Is B 2% faster?

A useful habit is to run both versions interleaved and compare medians.

Here is such a comparison for two ways of computing a checksum, times in microseconds:

| version   | min | median |
|-----------|-----|--------|
| byte loop | 812 | 829    |

## A made-up core

For this lab, we will consider a core with one adder and one load unit.

The core costs are:

| Event | Cost (cycles) |
|-------|---------------|
| load  | 4             |
EOF2

check_lesson 01-frame.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
expect "01-frame.md:13:[0-9]*: error: .*'812'"
expect "01-frame.md:13:[0-9]*: error: .*'829'"
refuse "01-frame.md:23:"

cat >02-experiment.md <<'EOF2'
# Experiments

1. pin the process to one core;
2. run the code for half a second before starting the clock, to warm up the caches.

The frequency moved between 3.6 and 4.3 GHz during a single one-minute run.

Measure with the frequency fixed, after a warm-up of a few hundred milliseconds.

Take at least 10,000 samples and use a histogram with buckets of 1 µs.

The loop runs for 5 seconds before it converges.

The warm-up took 3 s on the lab machine, and each bucket lookup takes 5 ns.

Run time for the loop: 5 s.
EOF2

check_lesson 02-experiment.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
refuse "02-experiment.md:4:"
refuse "02-experiment.md:6:"
refuse "02-experiment.md:8:"
refuse "02-experiment.md:10:"
expect "02-experiment.md:12:[0-9]*: error: a time value '5 seconds'"
expect "02-experiment.md:14:[0-9]*: error: a time value '3 s'"
expect "02-experiment.md:14:[0-9]*: error: a time value '5 ns'"
expect "02-experiment.md:16:[0-9]*: error: a time value '5 s'"

cat >03-spread.md <<'EOF2'
# Spread

On a quiet desktop the spread is usually 1-2%; on a laptop running a browser it can easily reach 10%.

A laptop running a browser is slow: the loop is 10% slower.

On a laptop running the new kernel, the loop took 12 ms.
EOF2

check_lesson 03-spread.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
refuse "03-spread.md:3:"
expect "03-spread.md:5:[0-9]*: error: a speed-up claim '10% slower'"
expect "03-spread.md:7:[0-9]*: error: a time value '12 ms'"

cat >04-factor.md <<'EOF2'
# Factors

Open addressing is twice as fast as chaining up to a load factor of 0.75.

Keep a replication factor of 3 and a blocking factor of 64.

The code is a factor of 2 faster, and the speedup factor of 3 holds at scale.
EOF2

check_lesson 04-factor.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
expect "04-factor.md:3:[0-9]*: error: a speed-up claim 'twice as fast'"
refuse "04-factor.md:3:[0-9]*: error: .*0.75"
refuse "04-factor.md:5:"
expect "04-factor.md:7:[0-9]*: error: a speed-up claim 'a factor of 2 faster'"
expect "04-factor.md:7:[0-9]*: error: a speed-up claim 'factor of 3'"

cat >05-person.md <<'EOF2'
# People

I had spent 10 years in that city before moving to Berlin.

I have spent 10 minutes googling that, didn't find the answer.

I'll be spending 60% of my time on the WASM runtime and 40% on rust-analyzer.

Let's just finish the remaining 90%!

We spend 30% of the time in malloc. The new allocator spent 12 ms on it.

The remaining 10% faster path is the vectorized one.

```text
 Lines          Copies        Function name
  -----          ------        -------------
   18324 (3.4%)    332 (1.2%)  <Weak<T> as Drop>::drop
```

A drop of 20% in throughput followed.

Only 26.3% of the slots were used, which means the remaining 73.7% were wasted.
EOF2

check_lesson 05-person.md
refuse "05-person.md:3:"
refuse "05-person.md:5:"
refuse "05-person.md:7:"
refuse "05-person.md:9:"
expect "05-person.md:11:[0-9]*: error: a share of the run time '30% of the time'"
expect "05-person.md:11:[0-9]*: error: a time value '12 ms'"
expect "05-person.md:13:[0-9]*: error: a speed-up claim '10% faster'"
refuse "05-person.md:18:"
expect "05-person.md:21:[0-9]*: error: a speed-up claim '20%'"
expect "05-person.md:23:[0-9]*: error: a speed-up claim '73.7%'"
exit $fail
