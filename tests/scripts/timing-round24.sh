#!/bin/sh
# What the twenty-fourth round taught the timing rule (tests/corpus/README.md, engine/rules/README.md),
# each form with the sentences it must leave alone:
# - a figure spelled out in the place of a bare number that a claim's sentence goes on with, its
#   unit left out, where the sentence says it moved or sets it against the claim ("went from 2
#   seconds to about forty", "instead of one"), with no count between ("on four cores instead of
#   one"); "one" as a pronoun is none ("and the unrolled one.");
# - a fraction of "the time" after "in" or a verb of being ("answers in a quarter of the time",
#   "finishes in half the time", "Box-Muller was half the time"), with or without "of", in a
#   sentence of code running or with a code span (not "finish the lab in half the time", "half the
#   time is spent in meetings", "the car covers it in half the time"), and one
#   whose words after say it was spent, an aside between ("Three quarters of the time, then, went
#   into ..."); how often stays how often ("mispredicted half the time", "is half the time wrong",
#   "Half the time, the answer is wrong");
# - a ratio in a cell of a table whose cells above or to its left hold times or rates ("| 3.92 |
#   1.39 | 2.8x |", "| relative to C | 1x | 0.83x |", "0.120s (2.2x)"), in pipe tables and in grid
#   tables with or without a '=' rule, when its header or its row's label names a ratio of speed
#   ("faster", "speed-up", "normalized to", "relative to") or it follows a time its cell gives as a
#   claim; not a setting's ratio ("MSAA 4x", "Backoff 2x", "Scaling 2x", "200 ms (3x)" under
#   "Retransmit timeout"), not under a header of size, memory, compression or unrolling, not in a
#   table with no time;
# - things counted per second by their order ("parse millions of JSON documents per second") were
#   read as rates, then taken back: "thousands of passengers per hour", "thousands of SYN segments
#   per second", "a billion cycles per second" are everyday prose (a second attacker's review);
# - a table's lead-in whose last words before ':' are a bracketed unit ("... of different sizes (in
#   μs):", "(ns per query):"), however far its noun, in a lead-in of code's results ("per query"; not
#   "Recommended rest between sets (in s):", "The TCP timers we use (in s):", "Reaction times of the
#   participants (in ms):"); and a sentence after the table that looks back at
#   it ("... twice as fast as the sparse table") no longer hides the lead-in's ':';
# - a printed table's "share" (or "percent") column beside a column of times holds shares of the run
#   time; alone, a share of anything ("browser  users  share"); a "total" row's 100% is the sum.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-spelled.md <<'EOF2'
# Spelled

The link step went from 2 seconds to forty.

The run takes 4 seconds on a fast disk instead of forty.

A shared line costs tens of nanoseconds per write instead of one.

The loop takes 3 ns, and the unrolled one.

It takes 5 ms per call, and we ran it three times.

The timeout went from 2 seconds to forty.
EOF2

check_lesson 01-spelled.md
expect "01-spelled.md:3:[0-9]*: error: a time value 'forty'"
expect "01-spelled.md:5:[0-9]*: error: a time value 'forty'"
expect "01-spelled.md:7:[0-9]*: error: a time value 'one'"
refuse "01-spelled.md:9:[0-9]*: error: .*'one'"
refuse "01-spelled.md:11:[0-9]*: error: .*'three'"
refuse "01-spelled.md:13:[0-9]*: error: .*'forty'"

cat >02-fraction.md <<'EOF2'
# Fraction

The blocked filter answers lookups in a quarter of the time of a classic one.

With the new parser the loop finishes in half the time.

The gain in the loop is small, since stage 1 was a quarter of the time to begin with.

Once rand was gone from the loop, Box-Muller was half the time.

Approximately half the time is spent in `approx_pi()`.

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

| algorithm       | 1 thread (s) | 16 threads (s) | faster than 1 thread |
|-----------------|-------------:|---------------:|---------------------:|
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
refuse "03-table.md:26:[0-9]*: error: .*'2x'"
refuse "03-table.md:26:[0-9]*: error: .*'4x'"
refuse "03-table.md:26:[0-9]*: error: .*'1.3x'"
refuse "03-table.md:30:"

cat >04-orders.md <<'EOF2'
# Orders

It can parse millions of JSON documents per second on a single core.

The library transcodes a billion characters per second or more.

A busy airport handles thousands of passengers per hour at peak.

Flooding sends thousands of SYN segments per second to exhaust the backlog.

A gigahertz is a billion cycles per second.

Focusing on MIPS (millions of instructions per second) would mislead us.
EOF2

# things counted per second by their order were read as rates for a while in this round, and taken
# back: everyday prose counts passengers, packets and cycles that way (a second attacker's review)
check_lesson 04-orders.md
refuse "04-orders.md:3:"
refuse "04-orders.md:5:"
refuse "04-orders.md:7:"
refuse "04-orders.md:9:"
refuse "04-orders.md:11:"
refuse "04-orders.md:13:"

# An attacker's review of the round's first version: counts, people's time, steps and settings
cat >05-attacker.md <<'EOF2'
# Attacker

The test suite runs in 30 seconds on four cores instead of one.

The request took 3 ms against one server and 9 ms against three.

A lookup takes 40 ns. The expected number of probes is about two.

The test run took 3 minutes, and about ten of the tests failed.

The lab takes 3 hours with a partner and four on your own.

With a partner you can finish the lab in half the time.

The rice cooks in half the time if you soak it first.

The implicit scheme converges in half the time steps of the explicit one.

The practice exam is half the time of the real one, so pace yourself.

Save half the time for testing and debugging.

On random input this branch costs a flush half the time.

| Preset | Frame time (ms) | MSAA | Anisotropic |
|--------|----------------:|-----:|------------:|
| low    | 8.1             | 2x   | 4x          |

| Retry | Wait (ms) | Backoff |
|-------|----------:|--------:|
| 1     | 100       | 2x      |

| Model | Latency (ms) | Parameters |
|-------|-------------:|-----------:|
| large | 12           | 340M (3x)  |

| Trial | Input | Time (ms) |
|-------|-------|----------:|
| 1     | 1x    | 10.2      |
| 2     | 2x    | 20.9      |

| Config | Speed-up on 16 threads | Time (s) |
|--------|-----------------------:|---------:|
| radix  | 3.3x                   | 0.73     |
EOF2

check_lesson 05-attacker.md
refuse "05-attacker.md:3:[0-9]*: error: .*'one'"
refuse "05-attacker.md:5:[0-9]*: error: .*'three'"
refuse "05-attacker.md:7:[0-9]*: error: .*'two'"
refuse "05-attacker.md:9:[0-9]*: error: .*'ten'"
refuse "05-attacker.md:11:[0-9]*: error: .*'four'"
refuse "05-attacker.md:13:"
refuse "05-attacker.md:15:"
refuse "05-attacker.md:17:"
refuse "05-attacker.md:19:"
refuse "05-attacker.md:21:"
refuse "05-attacker.md:23:"
refuse "05-attacker.md:27:[0-9]*: error: .*'2x'"
refuse "05-attacker.md:27:[0-9]*: error: .*'4x'"
refuse "05-attacker.md:31:[0-9]*: error: .*'2x'"
refuse "05-attacker.md:35:[0-9]*: error: .*'3x'"
refuse "05-attacker.md:39:[0-9]*: error: .*'1x'"
refuse "05-attacker.md:40:[0-9]*: error: .*'2x'"
expect "05-attacker.md:44:[0-9]*: error: a speed-up claim '3.3x'"

cat >06-lead.md <<'EOF2'
# Lead-ins

Here is the time per query for trees of different sizes (in μs):

| points | brute force | pointer tree |
|--------|------------:|-------------:|
| 1000   | 0.08        | 0.35         |

Here is how the versions compare, bucketed by query length (ns per query):

| length | sparse | hybrid |
|--------|-------:|-------:|
| 1-16   | 93     | 48     |

For short ranges the hybrid is about twice as fast as the sparse table.

Here is the table of sizes (in bytes):

| points | tree |
|--------|-----:|
| 1000   | 640  |
EOF2

check_lesson 06-lead.md
expect "06-lead.md:7:[0-9]*: error: a time value '0.08'"
expect "06-lead.md:13:[0-9]*: error: a time value '93'"
expect "06-lead.md:13:[0-9]*: error: a time value '48'"
refuse "06-lead.md:21:"

cat >07-share.md <<'EOF2'
# Shares

The final profile of one step:

```text
phase            time    share
cell index        110      10%
counting sort     290      26%
total            1100     100%
```

Market data:

```text
browser   users   share
firefox   120     10%
chrome    900     75%
```

| phase | time (us) | time (%) |
|-------|----------:|---------:|
| parse | 110       | 10%      |
| total | 1100      | 100%     |
EOF2

check_lesson 07-share.md
expect "07-share.md:7:[0-9]*: error: a share of the run time '10%'"
expect "07-share.md:8:[0-9]*: error: a share of the run time '26%'"
refuse "07-share.md:9:[0-9]*: error: .*'100%'"
refuse "07-share.md:16:"
refuse "07-share.md:17:"
refuse "07-share.md:24:[0-9]*: error: .*'100%'"

# A second attacker's review: settings' ratios, lead-ins of people's times, a trailing sentence
cat >08-attacker2.md <<'EOF2'
# Attacker 2

| Filter   | Time (ms) | Scaling |
|----------|----------:|--------:|
| bilinear | 4.1       | 2x      |

| Workload | Time (s) | Peak RSS vs. baseline |
|----------|---------:|----------------------:|
| build    | 12.5     | 1.5x                  |

| Step   | Retransmit timeout |
|--------|-------------------:|
| send   | 200 ms (3x)        |

Recommended rest between sets (in s):

| exercise | rest |
|----------|-----:|
| squats   | 180  |

Half the time is spent in meetings.

If the car drives at twice the speed, it covers the distance in half the time.

The sorted array takes 40 ns per lookup, instead of one that needs hashing.

The transfer takes 3 seconds over many streams instead of one.

Speed-up of the parallel version over the serial one:

| threads | speed-up |
|---------|---------:|
| 2       | 1.9      |

The table above shows the averages of five runs.

Performance of the three allocators on the lab machine (ns per malloc):

| size | glibc | pool      |
|------|------:|----------:|
| 16   | 20    | 14 (1.4x) |
EOF2

check_lesson 08-attacker2.md
refuse "08-attacker2.md:5:[0-9]*: error: .*'2x'"
refuse "08-attacker2.md:13:[0-9]*: error: .*'3x'"
refuse "08-attacker2.md:19:"
refuse "08-attacker2.md:21:"
refuse "08-attacker2.md:23:[0-9]*: error: .*'half the time'"
refuse "08-attacker2.md:25:[0-9]*: error: .*'one'"
refuse "08-attacker2.md:27:[0-9]*: error: .*'one'"
expect "08-attacker2.md:33:[0-9]*: error: a speed-up claim '1.9'"
expect "08-attacker2.md:41:[0-9]*: error: a speed-up claim '1.4x'"
exit $fail
