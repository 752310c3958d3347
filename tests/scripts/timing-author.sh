#!/bin/sh
# A course author's lessons, read as the timing rule reads them (twelfth round, an author's review):
# - a table right after a sentence that asks the reader to suppose ("Assume the following run
#   times:" over a scheduling exercise's job table) holds the model's givens, as the list such a
#   sentence opens does; a table after a lead-in of results ("We measured these run times:"), or
#   one after the list a supposing sentence opened, is read by its header as before;
# - a printed table's header "secs" (a malloc driver's report) names a time;
# - a grading harness's report prints each test's time limit beside the time it took ("Limit (s)
#   Time (s)"): the bound is set, let pass, and the time ran, a claim; a table whose settings are
#   a model's ("Period", "Arrival") or that names no time is left alone as before;
# - in a section whose first paragraph supposes a model, a lead-in that tells what ran on a real
#   machine ("On the lab machine, the two versions ran as follows:", "Here is what we got on my
#   laptop:") opens a run's results, not the model's rules;
# - a lead-in that names what follows as assumptions ("We make the following assumptions:") opens
#   the model's list or table, and "Note: assume ..." supposes as "For this lab, assume ..." does;
# - a time under a header that names a setting ("Timeout"), in a pipe table or a printed one, is
#   that setting, specified;
# - gprof's "Each sample counts as 0.01 seconds." is the profiler's sampling period, specified;
# - "the average wait", "the mean wait": a statistic of the latency jobs saw (thirteenth round), not
#   a wait the program makes;
# - "Assume the copy takes 40 ms on your machine" is a claim, and its message names "on your machine"
#   and says to place a model's given on the model's machine, not to open with "Assume" again;
# - a benchmark row's name with an argument ("BM_Sum/1024   312 ns") gives no unit to its 1024 once
#   the column's "312" is decided;
# - a table's time left unsure or claimed says to lead the table in with "Assume ..." (it has no
#   sentence of its own to open);
# - a time or a cycle count the lesson's prose claims, or leaves unsure, is reported with the way to
#   say it is a model's given (open its sentence with "Assume"); a speed-up is not.
# - a conversion of units ("12 ms = 12,000 us") restates the time before it: a claim stays one, and a
#   grading section's percentage or factor in a sentence that tells what ran or was measured is a
#   result, not a weight (fourteenth round);
# - a percentage before a metric's glued name that ends in a rate or a ratio ("12.5 %  l1d_miss_rate")
#   is no share of the run, and a setting's name as a line's label in capitals ("TIMEOUT: 300 s")
#   names the setting (fourteenth round).
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-tables.md <<'EOF2'
# Scheduling

Consider three jobs arriving at time 0. Assume the following run times:

| Job | Run time (ms) |
|-----|---------------|
| A   | 10            |
| B   | 20            |

We measured these run times:

| Job | Run time (ms) |
|-----|---------------|
| A   | 11            |
| B   | 23            |

Assume a machine where:

- a switch costs 1 ms

| Job | Run time (ms) |
|-----|---------------|
| A   | 17            |

The malloc driver prints:

```text
trace  valid  util     ops      secs  Kops
 0       yes   99%    5694  0.000215 26496
 1       yes   99%    5848  0.000202 28936
```

The shell lab's harness prints:

```text
Test            Limit (s)   Time (s)
trace01              10        0.21
trace02              12        0.35
```

A task set:

```text
Task   Period (ms)   Time (ms)
t1          50          12
t2          80          31
```
EOF2

check_lesson 01-tables.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
# the model's table
refuse "01-tables.md:7:"
refuse "01-tables.md:8:"
# a table of results, a table after the model's list
expect "01-tables.md:14:.*'11'"
expect "01-tables.md:15:.*'23'"
expect "01-tables.md:23:.*'17'"
# the malloc driver's secs
expect "01-tables.md:29:.*'0.000215'"
expect "01-tables.md:30:.*'0.000202'"
# the harness: limits set, times taken
refuse "01-tables.md:37:.*'10'"
refuse "01-tables.md:38:.*'12'"
expect "01-tables.md:37:.*'0.21'"
expect "01-tables.md:38:.*'0.35'"
# a task set's period and time are a model's, left alone
refuse "01-tables.md:45:"
refuse "01-tables.md:46:"
in_ledger 01-tables.md "7:9: let pass '10' as specified ('assume'" "37:22: let pass '10' as specified ('Limit (s)'"

# a section that supposes a model: its lists and tables after ':' are the model's rules, but not
# one whose lead-in tells what ran on a real machine
cat >02-section.md <<'EOF2'
# Cache lab

## Part A

For this lab, we will consider a direct-mapped cache with 32-byte lines.

The cache costs are:

| Event | Cost (cycles) |
|-------|---------------|
| hit   | 1             |
| miss  | 100           |

On the lab machine, the two versions ran as follows:

| Version | Time (ms) |
|---------|-----------|
| naive   | 412       |

Here is what we got on my laptop:

- naive: 412 ms
- tiled took 96 ms
EOF2

check_lesson 02-section.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
refuse "02-section.md:11:"
refuse "02-section.md:12:"
expect "02-section.md:18:.*'412'"
expect "02-section.md:22:.*'412 ms'"
expect "02-section.md:23:.*'96 ms'"
in_ledger 02-section.md "12:11: let pass '100' as specified ('consider'"

# a lead-in that names the model's assumptions ("We make the following assumptions:"), and a
# supposing sentence after a lead its colon closes ("Note: assume ..."); not one of results
cat >03-assumptions.md <<'EOF2'
# Assumptions

We make the following assumptions:

- a hit takes 4 cycles

Assumptions:

| Operation | Cost (cycles) |
|-----------|---------------|
| mul       | 3             |

> **Note:** assume a branch mispredict costs 15 cycles.

Our measurements rest on these assumptions:

- a run took 12 ms
EOF2

check_lesson 03-assumptions.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
refuse "03-assumptions.md:5:"
refuse "03-assumptions.md:11:"
refuse "03-assumptions.md:13:"
expect "03-assumptions.md:17:.*'12 ms'"
in_ledger 03-assumptions.md "5:15: let pass '4 cycles' as specified ('assumptions'" "13:46: let pass '15 cycles' as specified ('assume'"

# a table of settings: what stands under a setting's header ("Timeout") is that setting, in a
# printed table as in a pipe table, with its unit or under a bracketed one; a printed table of
# settings in a block tagged as code is still not read as printed
cat >05-settings.md <<'EOF2'
# Timeouts

| Test      | Timeout |
|-----------|---------|
| test-fork | 5 s     |

```text
Test        Timeout
test-fork   6 s
```

```text
Test        Timeout (s)
test-fork   7
```

```ini
Option      Default
retry       8 s
```
EOF2

check_lesson 05-settings.md
[ $rc -eq 0 ] || { echo "FAIL: exit $rc, not 0"; cat err; fail=1; }
in_ledger 05-settings.md "5:15: let pass '5 s' as specified ('Timeout'" "9:13: let pass '6 s' as specified ('Timeout'" \
	"14:13: let pass '7' as specified ('Timeout (s)'"
if grep -q "05-settings.md:19:" audit; then echo "FAIL: a config block read as printed"; fail=1; fi

# gprof's flat profile: the sampling period it opens with is the profiler's setting; its rows are claims
cat >06-gprof.md <<'EOF2'
# Profiling

```text
Flat profile:

Each sample counts as 0.01 seconds.
  %   cumulative   self              self     total
 time   seconds   seconds    calls  ms/call  ms/call  name
 62.50      0.05     0.05    20000     0.00     0.00  hash
```
EOF2

check_lesson 06-gprof.md
refuse "06-gprof.md:6:"
expect "06-gprof.md:9:.*'0.05'"
in_ledger 06-gprof.md "6:23: let pass '0.01 seconds' as specified ('Each sample counts as'"

# a claim or an unsure time in the lesson's own sentences says how to settle it as a model's given
cat >04-message.md <<'EOF2'
# A model's cost

Each access that misses takes 100 cycles in our model.

The simulator charges 30 ms for a disk seek.

The naive version is 4x faster.
EOF2

check_lesson 04-message.md
expect "04-message.md:3:.*'100 cycles'.*if it is a given of a model the lesson sets up, open its sentence with 'Assume'"
expect "04-message.md:5:.*'30 ms'.*a model's given: open its sentence with 'Assume'"
refuse "04-message.md:7:.*Assume"

# a statistic's wait is the latency jobs saw, not a wait the program makes (thirteenth round)
cat >07-wait.md <<'EOF2'
# Scheduling results

The measured average wait on our server was 17 ms.

The mean wait was 12 ms in our runs.

We wait 20 ms between retries.
EOF2

check_lesson 07-wait.md
expect "07-wait.md:3:.*'17 ms'.*performance claim"
expect "07-wait.md:5:.*'12 ms'"
refuse "07-wait.md:7:"

# a supposition placed on the reader's machine already opens with "Assume": the message says to
# place it on the model's machine instead (thirteenth round)
cat >08-real.md <<'EOF2'
# Bandwidth

Assume the copy takes 40 ms on your machine.

Assume the copy takes 40 ms on the toy machine.
EOF2

check_lesson 08-real.md
expect "08-real.md:3:.*'40 ms'.*'on your machine': a supposition placed on a real machine.*place it on the model's machine"
refuse "08-real.md:3:.*open its sentence with 'Assume'"
refuse "08-real.md:5:"

# a benchmark's name with an argument ("BM_Sum/1024") takes no unit of the time read from its column
# (thirteenth round)
cat >09-bench.md <<'EOF2'
# Benchmark

```text
Benchmark              Time             CPU   Iterations
BM_Sum/1024          312 ns          311 ns      2250000
```
EOF2

check_lesson 09-bench.md
expect "09-bench.md:5:22:.*'312'"
refuse "09-bench.md:.*'1024"

# a table's cell has no sentence to open: the message says to lead the table in with 'Assume'
cat >10-table.md <<'EOF2'
# Jobs

The jobs:

| Job | Arrival | Burst | Turnaround |
| --- | --- | --- | --- |
| A | 0 ms | 24 ms | 24 ms |
EOF2

check_lesson 10-table.md
expect "10-table.md:7:.*'24 ms' in a table.*lead the table in with a sentence that opens with 'Assume'"
refuse "10-table.md:7:.*open its sentence with"

# a conversion restates a value: a time its words claim stays a claim, and so does the time set equal
# to it ("Our loop took 12 ms = 12,000 us on the lab machine"); a bare conversion still passes
# (fourteenth round, an author's review)
cat >11-convert.md <<'EOF2'
# Units

Our loop took 12 ms = 12,000 us on the lab machine.

The measured latency is 1 s == 1000 ms.

A timespec counts nanoseconds, and 1 ms == 1000 us.
EOF2

check_lesson 11-convert.md
expect "11-convert.md:3:15:.*'12 ms'.*'took'"
expect "11-convert.md:3:23:.*'12,000 us'"
expect "11-convert.md:5:25:.*'1 s'"
expect "11-convert.md:5:32:.*'1000 ms'"
refuse "11-convert.md:7:"

# a grading section's weights and tolerances pass, but a result stated there, what ran or was
# measured, stays a claim (fourteenth round, an author's review)
cat >12-grading.md <<'EOF2'
# Lab 3

## Grading

- Correctness (60%)
- Performance (40%): full points if your version is within 20% of the reference.
- The reference solution is 3x faster than the naive loop on our machine.
- Our reference took 35% less time than the naive version.
- We measured a 2x speedup over the naive loop.
EOF2

check_lesson 12-grading.md
refuse "12-grading.md:5:"
refuse "12-grading.md:6:"
expect "12-grading.md:7:.*'3x faster'"
expect "12-grading.md:8:.*'35% less time'"
expect "12-grading.md:9:.*'2x speedup'"

# a metric whose glued name ends in a rate or a ratio counts events against events: its percentage
# is no share of the run; a tma_ metric's share still is (fourteenth round, an author's review)
cat >13-metrics.md <<'EOF2'
# Metrics

```text
     12.5 %  l1d_miss_rate
     3.2 %   branch_miss_ratio
     0.8 %   cache_miss_rate           (25.01%)
     2,345,678      topdown-be-bound          #     55.0 %  tma_backend_bound      <==
```
EOF2

check_lesson 13-metrics.md
refuse "13-metrics.md:4:"
refuse "13-metrics.md:5:"
refuse "13-metrics.md:6:"
expect "13-metrics.md:7:.*'55.0 %'"
in_ledger 13-metrics.md "a metric's name that ends in a rate or a ratio"

# a line's label in capitals names a command ("SET: 71123.76 requests per second", still reported),
# but a setting's own name in capitals ("TIMEOUT: 300 s" in a config's dump) names the setting
# (fourteenth round, an author's review)
cat >14-caps.md <<'EOF2'
# Server

```text
$ redis-benchmark -q -t set
SET: 71123.76 requests per second
```

Its configuration, dumped:

```text
TIMEOUT: 300 s
```
EOF2

check_lesson 14-caps.md
expect "14-caps.md:5:.*'71123.76 requests per second'"
refuse "14-caps.md:11:"

# a fraction before "of the" and a speed noun is a speed ratio, as one right before "the" is; "1/100
# of the time" stays how often (fifteenth round, an author's review)
cat >15-fractions.md <<'EOF2'
# Fractions

On the old laptop the loop ran at 1/3 of the speed of the desktop.

A byte-at-a-time copy reaches only 1/8 of the bandwidth of memcpy.

The tail loop runs only 1/100 of the time, so we leave it scalar.

Each worker gets 1/4 of the remaining buffer.
EOF2

check_lesson 15-fractions.md
expect "15-fractions.md:3:.*'1/3'.*'speed'"
expect "15-fractions.md:5:.*'1/8'.*'bandwidth'"
refuse "15-fractions.md:7:"
refuse "15-fractions.md:9:"

# a name with a digit in it (SSE2, AVX-512) between a speed-up's noun and its value is a word, not a
# formula: the value is still the speed-up's (fifteenth round, an author's review)
cat >16-names.md <<'EOF2'
# Names

The speed-up of SSE2 and AVX2 is 3.4 / 5.6 respectively.

The speedup of AVX-512 over AVX2 is 1.9 on our box.

The speedup with 2 threads stays small.
EOF2

check_lesson 16-names.md
expect "16-names.md:3:.*'3.4 / 5.6'.*'speed-up'"
expect "16-names.md:5:.*'1.9'.*'speedup'"
refuse "16-names.md:7:"

# a time with its unit in a grid or pandoc table, under a header that names a setting and no time
# ("Timeout", "Default"), is that setting's value, as in a pipe table; under "Result" it is still
# unsure (fifteenth round, an author's review)
cat >17-settings.md <<'EOF2'
# Settings

+-----------+-------------+
| Option    | Timeout     |
+===========+=============+
| connect   | 30 s        |
+-----------+-------------+

Setting    Default
--------   -------
poll       10 ms

+-----------+-------------+
| Kernel    | Result      |
+===========+=============+
| connect   | 30 s        |
+-----------+-------------+
EOF2

check_lesson 17-settings.md
refuse "17-settings.md:6:"
in_ledger 17-settings.md "'30 s' as specified ('Timeout': the table's header)"
refuse "17-settings.md:11:"
in_ledger 17-settings.md "'10 ms' as specified ('Default': the table's header)"
expect "17-settings.md:16:.*'30 s'"

# a speed-up's two values set apart by a slash may be followed by their cases in parentheses, as
# "2.1 or 3.9 (one or four threads)" is (fifteenth round, an author's review)
cat >18-cases.md <<'EOF2'
# Cases

The speedup is 2.1 / 3.9 (one / four threads).

Note that 5.7 / 2.8 (AVX over SSE) is about 2.
EOF2

check_lesson 18-cases.md
expect "18-cases.md:3:.*'2.1 / 3.9'.*'speedup'"
refuse "18-cases.md:5:"

exit $fail
