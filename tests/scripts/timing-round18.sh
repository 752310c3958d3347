#!/bin/sh
# What the eighteenth round taught the timing rule (tests/corpus/README.md, engine/rules/README.md):
# - a column named "Ticks" holds durations counted in a timer's ticks; a column named "1 tick"
#   or "1 cycle" gives what one unit lasts, a definition;
# - "min" in a header is a minimum ("min/max"), minutes only bracketed or after a slash;
# - a figure followed by an aside in parentheses ("to 1.81 (32-bit keys)") has no noun after it;
# - the sentence that leads a pipe table in may name what its figures are: a unit after "in" or
#   in brackets ("The results in MB/s are:"), a speed-up by its noun (a caption "ISPC speed-up
#   with target redesign"); not in the row labels' column, nor in one that names a count;
# - a verb of multiplying states a change of the time or cost it names ("halved the time", "would
#   double the loop overhead", "the decompression speed doubles"); the bare "double" is C's type
#   unless a verb's word or an article says otherwise;
# - "factor 8" with "of" left out; "N% better" or "N% higher" before a preposition compares the
#   sentence's subject ("performance is 20% better when ...");
# - "inject 500 nanoseconds of spin-wait" and a value given to a command-line option
#   ("--heap_delay=500ns") are inputs ("climbed past 500 ms" stays what a run did);
# - "by factors of 10 to 100"; "a 1.4-1.6x end to end speedup" (the change's noun past its modifiers).
# The review's over-reaches of the first version, kept as they should be read (06-review.md): a
# lead-in's unit needs a noun of results before it and speaks only for columns that name nothing
# of their own, in a table whose header names no metric; a setting elsewhere in the lead-in does
# not make the figures set; "command(s)" is no unit; a block between ends a lead-in, and a table
# is none; a caption is no sentence; "Build, min" is minutes; a "Ticks" column alone counts samples.
# The second review's (07-verbs-review.md): "each time", "the time step", "the wait time" are no
# run's time; C's doubles and "double check" are no verbs; "factor 2" names a parameter but after
# "by" or a hedge; "5 times to measure the speedup" is a count; memory "30% higher with" is memory.
# A Python environment's name before a shell's prompt ("(venv) user@host:~$ ") keeps it a prompt.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-ticks.md <<'EOF2'
# Ticks

What the histogram of two reads in a row printed:

```txt
Ticks | Time(us) | Count
------|----------|---------
0     | 0.0      | 931768
3     | 1.1      | 319
```

| Runtime | OS      | 1 tick | Latency |
| ------- | ------- | -----: | ------: |
| Mono    | Windows | 100ns  | 35-45ns |
| CoreCLR | Linux   | 1ns    | 30-35ns |
EOF2

check_lesson 01-ticks.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
expect "01-ticks.md:8:1: error: a time value '0'"
expect "01-ticks.md:9:1: error: a time value '3'"
expect "01-ticks.md:9:9: error: a time value '1.1'"
refuse "01-ticks.md:9:[0-9]*: error: a time value '319'"
refuse "01-ticks.md:14:23:"
refuse "01-ticks.md:15:23:"
expect "01-ticks.md:14:32: error: a time value '35-45ns'"

cat >02-minmax.md <<'EOF2'
# Instruction counts

| Operation | i8 | u8 |
|-----------|----|----|
| add       |  1 |  1 |
| min/max   |  1 |  2 |

The speedups of the new sort range from 1.33 to 1.81 (32-bit keys) over the old one.
EOF2

check_lesson 02-minmax.md
refuse "02-minmax.md:6:"
expect "02-minmax.md:8:[0-9]*: error: a speed-up claim '1.33'"
expect "02-minmax.md:8:[0-9]*: error: a speed-up claim '1.81'"

cat >03-lead.md <<'EOF2'
# Led in

We sorted 10K keys of each type. The results in MB/s are:

| Type | New | Old |
| ---- | --- | --- |
| f32  | 1551 | 798 |

**Speed-up with the new layout**

| OS    | Min, % | Max, % |
| :---- | -----: | -----: |
| Linux |    0.7 |   75.6 |

Here are the run times, in seconds:

| Threads | Run |
| ------- | --- |
| 1       | 10.5 |

The default timeouts, in ms:

| Call | Linux |
| ---- | ----- |
| read | 500   |

Our favourite numbers:

| Name | Value |
| ---- | ----- |
| a    | 12    |
EOF2

check_lesson 03-lead.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
expect "03-lead.md:7:10: error: a rate '1551' in a table is a performance claim without measurement metadata ('MB/s': the sentence that leads the table in or captions it)"
expect "03-lead.md:7:17: error: a rate '798'"
refuse "03-lead.md:7:3:"
expect "03-lead.md:13:[0-9]*: error: a speed-up claim '0.7'.*'Speed-up'"
expect "03-lead.md:13:[0-9]*: error: a speed-up claim '75.6'"
refuse "03-lead.md:19:3:"
expect "03-lead.md:19:[0-9]*: error: a time value '10.5'"
refuse "03-lead.md:25:"
refuse "03-lead.md:31:"
in_ledger 03-lead.md "500"

cat >04-verbs.md <<'EOF2'
# Verbs

The new hash halved the time of the build, and the decompression speed doubles.

Splitting the loop would double the loop overhead.

### void schedule(int job, double time)

The double represents the time in seconds, and a double must hold a time.

It is computed as triple the amount of time it takes to send the data.

The CRC is significantly slower (approximately factor 8) than the table one.

For the ray tracer, performance is 20% better when the pixels are visited in tiles.

Throughput is 20% higher with the new queue, and a 20% reduction in traffic follows.
EOF2

check_lesson 04-verbs.md
expect "04-verbs.md:3:[0-9]*: error: a speed-up claim 'halved the time'"
expect "04-verbs.md:3:[0-9]*: error: a speed-up claim 'doubles'"
expect "04-verbs.md:5:[0-9]*: error: a speed-up claim 'double the loop overhead'"
refuse "04-verbs.md:7:"
refuse "04-verbs.md:9:"
refuse "04-verbs.md:11:"
expect "04-verbs.md:13:[0-9]*: error: a speed-up claim 'factor 8'"
expect "04-verbs.md:15:[0-9]*: error: a speed-up claim '20% better'"
expect "04-verbs.md:17:[0-9]*: error: a speed-up claim '20% higher'"
refuse "04-verbs.md:17:[0-9]*: error: a speed-up claim '20% reduction"

cat >05-inputs.md <<'EOF2'
# Inputs

```
--page_heap_delay=500ns \
--freelist_delay=200ns
```

This will inject 500 nanoseconds of spin-wait time whenever the lock is taken.

Under load, the p99 latency climbed past 500 ms.

Without inlining, SIMD code may slow down by factors of 10 to 100.

We observe a 1.4-1.6x end to end speedup from the wider vectors.
EOF2

check_lesson 05-inputs.md
refuse "05-inputs.md:4:"
refuse "05-inputs.md:5:"
refuse "05-inputs.md:8:"
expect "05-inputs.md:10:[0-9]*: error: a time value '500 ms'"
in_ledger 05-inputs.md "500ns" "200ns" "500 nanoseconds"
expect "05-inputs.md:12:[0-9]*: error: a speed-up claim 'factors of 10 to 100'"
expect "05-inputs.md:14:[0-9]*: error: a speed-up claim '1.4-1.6x end to end speedup'"

cat >06-review.md <<'EOF2'
# Review

Throughput in MB/s with the default settings:

| Allocator | 1 thread | Binary (KB) | Deps |
| --------- | -------- | ----------- | ---- |
| glibc     | 1420     | 4410        | 63   |

Run the following command(s) and note the file(s) they print:

| Step | Command    | Files |
| ---- | ---------- | ----- |
| 1    | make clean | 12    |

The results are in ms:

```
./bench --all
```

| Rank | Name |
| ---- | ---- |
| 1    | sort |

Speed-up is not everything, memory matters too

| Program | RSS  |
| ------- | ---- |
| a.out   | 1.5  |

Lookup latency in ms for each cache:

| Cache | p50  | Notes                     |
| ----- | ---- | ------------------------- |
| redis | 0.21 | sleep 2 s between batches |

| Job   | Build, min |
| ----- | ---------- |
| linux | 41         |

```
 ticks  total  nonlib   name
   1520   38.0%   40.1%  v8::internal::Heap
```
EOF2

check_lesson 06-review.md
expect "06-review.md:7:[0-9]*: error: a rate '1420'"
refuse "06-review.md:7:[0-9]*: error: a rate '4410'"
refuse "06-review.md:7:[0-9]*: error: a rate '63'"
refuse "06-review.md:13:"
refuse "06-review.md:23:"
refuse "06-review.md:29:"
expect "06-review.md:35:[0-9]*: error: a time value '0.21'"
refuse "06-review.md:35:[0-9]*: error: a time value '2 s'"
expect "06-review.md:39:[0-9]*: error: a time value '41'"
refuse "06-review.md:43:[0-9]*: error: a time value '1520'"

cat >08-cpu.md <<'EOF2'
# CPU column

```
Benchmark              Time           CPU Iterations
----------------------------------------------------
BM_SetInsert/1024/1  28928 ns      29349 ns      23853
```

```
Benchmark       Time     CPU    Time Old    Time New    CPU Old    CPU New
--------------------------------------------------------------------------
BM_memcpy/8  +0.0020 +0.0020          36          36         36         36
```

```
TIME(s)  PID    COMM   CPU  LAT(ms)
0.000    1234   bash   3    0.12
```
EOF2

check_lesson 08-cpu.md
refuse "08-cpu.md:6:[0-9]*: error: a time value '23853'"
expect "08-cpu.md:12:[0-9]*: error: a time value '36'"
expect "08-cpu.md:12:62: error: a time value '36' .*'CPU Old'"
refuse "08-cpu.md:17:[0-9]*: error: a time value '3'"

cat >09-venv.md <<'EOF2'
# A session in an environment

```bash
(3.12.8) [user@lab src]$ make docs --timeout=300s
Starting the live server...
 astro  v5.6.1 ready in 1490 ms
```
EOF2

check_lesson 09-venv.md
refuse "09-venv.md:4:"
expect "09-venv.md:6:[0-9]*: error: a time value '1490 ms'"

cat >07-verbs-review.md <<'EOF2'
# Verbs, reviewed

To amortize the cost, double the capacity each time the vector grows.

Halving the time step doubles the number of iterations.

With each retry, the wait time doubles.

Sorting doubles takes more time than sorting ints.

The cast to double takes time on targets without an FPU.

Remember to double check the time units in the table.

The growth factor 2 keeps appends fast on average.

Run the benchmark 5 times to measure the speedup.

Memory usage during the latency test is 30% higher with tracing.

Our CI time has doubled since the upgrade, and the p99 latency more than doubled.

Build times doubled after the upgrade; the new parser is faster by factor 3.
EOF2

check_lesson 07-verbs-review.md
refuse "07-verbs-review.md:3:"
refuse "07-verbs-review.md:5:"
refuse "07-verbs-review.md:7:"
refuse "07-verbs-review.md:9:"
refuse "07-verbs-review.md:11:"
refuse "07-verbs-review.md:13:"
refuse "07-verbs-review.md:15:"
refuse "07-verbs-review.md:17:"
refuse "07-verbs-review.md:19:"
expect "07-verbs-review.md:21:[0-9]*: error: a speed-up claim 'doubled'"
expect "07-verbs-review.md:21:74: error: a speed-up claim 'doubled'"
expect "07-verbs-review.md:23:[0-9]*: error: a speed-up claim 'doubled'"
expect "07-verbs-review.md:23:[0-9]*: error: a speed-up claim 'factor 3'"
exit $fail
