#!/bin/sh
# What the thirty-fourth round taught the timing rule (engine/rules/README.md, "Forms of the
# thirty-fourth round"), each form with the case beside it that must stay unreported:
# - a printed table's "Clock" column beside a column of cycles (Agner Fog's test programs: the time
#   stamp counter's count) is cycles; a "Clock" column beside none is left alone;
# - a sentence that opens by saying what the figures show ("The numbers show how much CPU cycles are
#   spent per one byte ...") leads a table in from anywhere in the paragraph right above it; "The
#   first number in a cell shows the time of ..." further up says what one figure is, not the unit;
# - two figures in a cell set apart by a spaced slash ("1.65 / 2.02") are both the column's;
# - a figure with its ratio to a baseline in brackets ("4.2 (1x)") is a time in a table of times, and
#   a mean with its spread and ratio ("0.59+-0.07 (8.1x)") is one in any table but one of sizes.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-clock.md <<'EOF2'
# Clock

Here are results on my laptop:

```
rdtsc Throughput

     Clock   Core cyc   Instruct       Uops
      1686       2384        100       1500
      1690       2384        100       1500
```

A sensor log:

```
     Clock   Temp   Fan
      1686     40   1200
      1690     41   1250
```
EOF2

check_lesson 01-clock.md
expect "01-clock.md:9:[0-9]*: error: a cycle count '1686'"
expect "01-clock.md:10:[0-9]*: error: a cycle count '1690'"
expect "01-clock.md:9:[0-9]*: error: a cycle count '2384'"
refuse "01-clock.md:1[5-9]:"

cat >02-lead.md <<'EOF2'
# Lead

The results on one core are below.
The numbers show how much CPU cycles are spent per one byte of input. The first number in a cell
is the core loop alone (measured by rdtsc). The second includes all the overhead.
The **rnd** dataset was generated at random. The **book** dataset is a novel.

| implementation | rnd decode  | book decode |
| -------------- | ----------- | ----------- |
| fast path      | 1.65 / 2.02 | 1.00 / 1.21 |
| slow path      | 15.3 / 16.4 | 9.10 / 9.67 |

The results of the second machine are below. The first number in a cell shows the time of the
conversion. The second is the same for the whole file.
The datasets are the same.

| implementation | rnd decode  | book decode |
| -------------- | ----------- | ----------- |
| fast path      | 1.65 / 2.02 | 1.00 / 1.21 |

| date | ratio |
| ---- | ----- |
| 2020 | 3/4   |
EOF2

check_lesson 02-lead.md
expect "02-lead.md:10:[0-9]*: error: a cycle count '1\.65'"
expect "02-lead.md:10:[0-9]*: error: a cycle count '2\.02'"
expect "02-lead.md:11:[0-9]*: error: a cycle count '9\.67'"
refuse "02-lead.md:1[3-9]:"
refuse "02-lead.md:2[0-9]:"

cat >03-ratio.md <<'EOF2'
# Ratios

The results are below (normalized to CPython). Benchmarks were run 50 times each:

| benchmark | CPython          | PyPy              |
| --------- | ---------------- | ----------------- |
| fibonacci | 4.8+-0.15 (1.0x) | 0.59+-0.07 (8.1x) |

Example benchmarks show the following:

|         | add           | iterate     |
| ------- | ------------- | ----------- |
| CPython | 0.260s (1x)   | 4.2 (1x)    |
| PyPy    | 0.120s (2.2x) | 0.087 (48x) |

Peak memory of each run:

| benchmark | Peak memory  | Resident size |
| --------- | ------------ | ------------- |
| fibonacci | 40+-3 (1.0x) | 31+-2 (0.8x)  |

| Image | Scale    |
| ----- | -------- |
| logo  | 4.2 (1x) |
EOF2

check_lesson 03-ratio.md
expect "03-ratio.md:7:[0-9]*: error: a time value '4\.8+-0\.15'"
expect "03-ratio.md:7:[0-9]*: error: a speed-up claim '8\.1x'"
expect "03-ratio.md:13:[0-9]*: error: a time value '4\.2'"
expect "03-ratio.md:14:[0-9]*: error: a time value '0\.087'"
expect "03-ratio.md:14:[0-9]*: error: a speed-up claim '48x'"
refuse "03-ratio.md:1[6-9]:"
refuse "03-ratio.md:2[0-9]:"

exit $fail
