#!/bin/sh
# The twentieth round's exemptions narrowed after an attacker's review (engine/rules/README.md):
# - a model's section ends only at a paragraph that turns to what runs (running, measuring, medians),
#   not at one that still speaks within the model ("We ignore the TLB ... for now", an aside in
#   brackets); a lead-in that names the model ("The model then predicts:") frames its table;
# - "buckets"/"bins" give a histogram's width only near a histogram or a plot (a hash table's
#   buckets do not);
# - a warm-up's length is a setting only where it is given ("a warm-up of 300 ms", "warming up for
#   2 s", "after a 2 s warm-up"), not where it is told ("A typical warm-up is 2 s");
# - "a one-minute run" is a run set up so only after a word that spans or sets it up ("during a
#   single one-minute run"), not "A full 2-hour run of the suite";
# - a noun before "factor" keeps the factor from being a speed-up only when it names a parameter
#   ("a load factor"), whatever adjective stands there ("an impressive factor of 3");
# - time spent on each run of a task is the task's ("I have spent 3 hours on every run of the test
#   suite"); the rest of a run is a share ("Of the run, the remaining 30% is the kernel"); "one
#   minute of work for the compiler" is the machine's, "for the human" a person's.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-model.md <<'EOF2'
# Models

## A toy cache model

Suppose a miss costs 100 ns and a hit costs 1 ns.

We ignore the TLB and prefetching for now, to keep the arithmetic simple.

The model then predicts:

| hit rate | time |
|---|---|
| 90% | 10.9 ms |

## A second toy model

Suppose a miss costs 100 ns and a hit costs 1 ns.

(Real caches are messier, but this is enough here.)

Then:

| hit rate | time |
|---|---|
| 99% | 1.99 ms |

## Noise

Suppose version B runs in 98 ms and version A in 100 ms.

A useful habit is to run both versions interleaved and compare medians.

Here is such a comparison, times in microseconds:

| version | median |
|---|---|
| byte loop | 829 |

## Noise again

Suppose version B runs in 98 ms and version A in 100 ms.

A useful habit is to run both versions interleaved and compare medians.

The model then predicts:

| version | time |
|---|---|
| B | 97 ms |
EOF2

check_lesson 01-model.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
refuse "01-model.md:13:"
refuse "01-model.md:25:"
expect "01-model.md:37:[0-9]*: error: .*'829'"
refuse "01-model.md:49:"

cat >02-buckets.md <<'EOF2'
# Buckets

Lookup in a table of 1024 buckets: 40 ns.

With 64 buckets, 41 ns per lookup.

Take at least 10,000 samples and use a histogram with buckets of 1 µs.

The latency distribution is plotted in 10 ms bins.
EOF2

check_lesson 02-buckets.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
expect "02-buckets.md:3:[0-9]*: error: a time value '40 ns'"
expect "02-buckets.md:5:[0-9]*: error: a time value '41 ns'"
refuse "02-buckets.md:7:"
refuse "02-buckets.md:9:"

cat >03-warmup.md <<'EOF2'
# Warm-up

A typical warm-up is 2 s on this service.

The warm-up phase lasts 3 s on this box.

Warming up the cache: 4 ms.

Measure with the frequency fixed, after a warm-up of a few hundred milliseconds.

Keep warming up for 2 s before the first sample.

Start the clock after a 500 ms warm-up.
EOF2

check_lesson 03-warmup.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
expect "03-warmup.md:3:[0-9]*: error: a time value '2 s'"
expect "03-warmup.md:5:[0-9]*: error: a time value '3 s'"
expect "03-warmup.md:7:[0-9]*: error: a time value '4 ms'"
refuse "03-warmup.md:9:"
refuse "03-warmup.md:11:"
refuse "03-warmup.md:13:"

cat >04-run.md <<'EOF2'
# Runs

A full 2-hour run of the suite is the bottleneck.

Each 40-minute run of the pipeline costs us a lot.

The frequency moved between 3.6 and 4.3 GHz during a single one-minute run.
EOF2

check_lesson 04-run.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
expect "04-run.md:3:[0-9]*: error: a time value '2-hour'"
expect "04-run.md:5:[0-9]*: error: a time value '40-minute'"
refuse "04-run.md:7:"

cat >05-factor.md <<'EOF2'
# Factors

The new hash is faster by an impressive factor of 3.

The rewrite is faster by a rough factor of 4.

Throughput improves by a good factor of 2 with the patch.

The new hash is faster by a whopping factor of 5, and the old one by a modest factor of 6.

Keep a replication factor of 3, a blocking factor of 64 and a fudge factor of 2.

Open addressing is fine up to a load factor of 0.75, with an unroll factor of 4.
EOF2

check_lesson 05-factor.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
expect "05-factor.md:3:[0-9]*: error: a speed-up claim 'factor of 3'"
expect "05-factor.md:5:[0-9]*: error: a speed-up claim 'factor of 4'"
expect "05-factor.md:7:[0-9]*: error: a speed-up claim 'factor of 2'"
expect "05-factor.md:9:[0-9]*: error: a speed-up claim 'factor of 5'"
expect "05-factor.md:9:[0-9]*: error: a speed-up claim 'factor of 6'"
refuse "05-factor.md:11:"
refuse "05-factor.md:13:"

cat >06-person.md <<'EOF2'
# People

I have spent 3 hours on every run of the test suite.

I have spent 10 minutes googling that, didn't find the answer.

Of the run, the remaining 30% is the kernel.

Let's just finish the remaining 90%!

One minute of work for the compiler wastes more than one minute of work for the human.

Each step took under an hour of work to write.
EOF2

check_lesson 06-person.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
expect "06-person.md:3:[0-9]*: error: a time value '3 hours'"
refuse "06-person.md:5:"
expect "06-person.md:7:[0-9]*: error: .*'30%'"
refuse "06-person.md:9:"
expect "06-person.md:11:1: error: a time value 'One minute'"
refuse "06-person.md:11:[0-9][0-9]*: error: a time value 'one minute'"
refuse "06-person.md:13:"
exit $fail
