#!/bin/sh
# What the twenty-fourth round taught the timing rule (tests/corpus/README.md, engine/rules/README.md),
# each form with the sentences it must leave alone:
# - a figure spelled out in the place of a bare number that a claim's sentence goes on with, its
#   unit left out ("went from 2 seconds to about forty", "4 seconds with one thread and two with
#   eight", "instead of one"); "one" as a pronoun is none ("and the unrolled one.");
# - a fraction of "the time" after "in" or a verb of being ("answers in a quarter of the time",
#   "finishes in half the time", "Box-Muller was half the time"), with or without "of", and one
#   whose words after say it was spent, an aside between ("Three quarters of the time, then, went
#   into ..."); how often stays how often ("mispredicted half the time", "is half the time wrong",
#   "Half the time, the answer is wrong");
# - a ratio in a cell of a table whose cells above or to its left hold times or rates ("| 3.92 |
#   1.39 | 2.8x |", "| relative to C | 1x | 0.83x |", "0.120s (2.2x)"), in pipe tables and in grid
#   tables with or without a '=' rule; not in a row's first cell, not under a header of size,
#   memory, compression, unrolling or threads, not in a table with no time.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-spelled.md <<'EOF2'
# Spelled

The link step went from 2 seconds to about forty.

The run takes 4 seconds with one thread and two with eight.

A shared line costs tens of nanoseconds per write instead of one.

The loop takes 3 ns, and the unrolled one.

It takes 5 ms per call, and we ran it three times.

The timeout went from 2 seconds to forty.
EOF2

check_lesson 01-spelled.md
expect "01-spelled.md:3:[0-9]*: error: a time value 'forty'"
expect "01-spelled.md:5:[0-9]*: error: a time value 'two'"
expect "01-spelled.md:7:[0-9]*: error: a time value 'one'"
refuse "01-spelled.md:9:[0-9]*: error: .*'one'"
refuse "01-spelled.md:11:[0-9]*: error: .*'three'"
refuse "01-spelled.md:13:[0-9]*: error: .*'forty'"

cat >02-fraction.md <<'EOF2'
# Fraction

The blocked filter answers in a quarter of the time of a classic one.

With the new parser the job finishes in half the time.

The gain is small, since stage 1 was a quarter of the time to begin with.

Once rand was gone, Box-Muller was half the time.

Approximately half the time is spent in approx_pi().

Three quarters of the time, then, went into turning bytes into integers.

On random data the branch is mispredicted half the time.

The answer is half the time wrong.

Half the time, the answer is wrong.

Students spend half the time in the lab.
EOF2

check_lesson 02-fraction.md
expect "02-fraction.md:3:[0-9]*: error: a share of the run time 'a quarter of the time'"
expect "02-fraction.md:5:[0-9]*: error: a share of the run time 'half the time'"
expect "02-fraction.md:7:[0-9]*: error: a share of the run time 'a quarter of the time'"
expect "02-fraction.md:9:[0-9]*: error: a share of the run time 'half the time'"
expect "02-fraction.md:11:[0-9]*: error: a share of the run time 'half the time'"
expect "02-fraction.md:13:[0-9]*: error: a share of the run time 'Three quarters of the time'"
refuse "02-fraction.md:15:"
refuse "02-fraction.md:17:"
refuse "02-fraction.md:19:"
refuse "02-fraction.md:21:"

cat >03-table.md <<'EOF2'
# Tables

| algorithm       | 1 thread (s) | 16 threads (s) | scaling |
|-----------------|-------------:|---------------:|--------:|
| no-partitioning | 3.92         | 1.39           | 2.8x    |
| radix           | 2.40         | 0.73           | **3.3x** |

+---------------+-------+----------------+
| Platform      | GCC   | PyPy (unroll)  |
+---------------+-------+----------------+
| Time          | 1.63s | 0.85s          |
+---------------+-------+----------------+
| relative to C | 1x    | 1.9x           |
+---------------+-------+----------------+

+-----------+---------------+-------------+
|           | add           | iterate     |
+===========+===============+=============+
| CPython   | 0.260s (1x)   | 4.2 (1x)    |
+-----------+---------------+-------------+
| PyPy      | 0.120s (2.2x) | 0.087 (48x) |
+-----------+---------------+-------------+

| variant    | time (ms) | unroll | binary size |
|------------|----------:|-------:|------------:|
| 2x         | 3.1       | 4x     | 1.3x        |

| Data        | Compression |
|-------------|-------------|
| HTML        | 2.5x        |
EOF2

check_lesson 03-table.md
expect "03-table.md:5:[0-9]*: error: a speed-up claim '2.8x'"
expect "03-table.md:6:[0-9]*: error: a speed-up claim '3.3x'"
expect "03-table.md:13:[0-9]*: error: a speed-up claim '1x'"
expect "03-table.md:13:[0-9]*: error: a speed-up claim '1.9x'"
expect "03-table.md:19:[0-9]*: error: a speed-up claim '1x'"
expect "03-table.md:21:[0-9]*: error: a speed-up claim '2.2x'"
expect "03-table.md:21:[0-9]*: error: a speed-up claim '48x'"
refuse "03-table.md:26:[0-9]*: error: .*'2x'"
refuse "03-table.md:26:[0-9]*: error: .*'4x'"
refuse "03-table.md:26:[0-9]*: error: .*'1.3x'"
refuse "03-table.md:30:"
exit $fail
