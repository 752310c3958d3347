#!/bin/sh
# A printed table's header names what each of its columns holds (tests/corpus/README.md, twelfth
# round, columns): a figure under a header that names a time (a unit, time, latency, duration, a
# compound such as a total or cumulative time), a rate, or a share of the run time is a measured
# figure of that kind, whatever the block's tag; a column headed "per X" is the column on its left
# per X; a figure under no header word is its left neighbour's (a time, then its share). A table
# whose header names a setting (a default, a limit, a timeout) documents settings: none of its
# figures is decided so. A header is a line of words in two or more columns set apart by two
# spaces or by '|', with a row of figures lined up under it; the table ends at a blank line.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-columns.md <<'EOF2'
# Columns

Plain words.

```
   ncalls  tottime  percall  cumtime  percall where
        2    1.750    0.875    2.500    1.250 walk.py:3(walk)
    40000    0.750    0.000    0.750    0.000 walk.py:9(step)
```

```code
   ncalls  tottime  percall  cumtime  percall where
        1    0.420    0.420    0.420    0.420 walk.py:1(main)
```

```
=======================================
| Input Size | Ref Time  | Your Time | Score |
=======================================
| 1000       | 0.512     | 0.730 (S) | 2     |
| 8000       | 4.096     | 3.990     | 3     |
```

```
                 Routine        Time           Calls
===================================================
                   parse     42.10ms  61.25%    9000  50.00%
```

```
Option            Default (ms)   Minimum (ms)   Maximum (ms)
connect_wait      30000          100            600000
idle_interval     5000           10             60000
```

```
Device     Queue depth   Sectors
sda        32            2048
```

```code
        3 function calls in 0.420 CPU seconds

   ncalls  tottime  percall  cumtime  percall where
        1    0.420    0.420    0.420    0.420 walk.py:1(main)
```

```
             cycle 1    2    3    4    5
    fetch          A    B
    decode              A    B
```

```code
/*  step      time */
/*  warm      5 ms */
usleep(5000); /* wait 5 ms, then 20 ms more */
```
EOF2

check_lesson 01-columns.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
# a profile's listing: the total, per-call and cumulative times; not the call counts
expect "01-columns.md:7:14: error: a time value '1.750' in a display block (shown, not run) is a performance claim"
expect "01-columns.md:7:23: error: a time value '0.875'"
expect "01-columns.md:7:32: error: a time value '2.500'"
expect "01-columns.md:7:41: error: a time value '1.250'"
expect "01-columns.md:8:23: error: a time value '0.000'"
refuse "'40000'"
refuse "columns.md:7:9:"
# the same in a block whose tag names a language: a printed table all the same
expect "01-columns.md:13:14: error: a time value '0.420'"
# a grading harness's table: the reference's and the student's times, not the size or the score
expect "01-columns.md:20:16: error: a time value '0.512'"
expect "01-columns.md:20:28: error: a time value '0.730'"
expect "01-columns.md:21:16: error: a time value '4.096'"
refuse "'1000'"
refuse "'2'"
refuse "'3'"
# a time with its share beside it, under no header word of its own; a count's share is none
expect "01-columns.md:27:39: error: a share of the run time '61.25%'"
refuse "'50.00%'"
refuse "'9000'"
# a table of settings (a default, limits) and one of sizes: quiet
refuse "columns.md:32:"
refuse "columns.md:33:"
refuse "columns.md:38:"
# a listing in a block tagged as code is printed: its other lines are read too; a block of code
# with a comment shaped like a header is code all the same
expect "01-columns.md:42:29: error: a time value '0.420 CPU seconds'"
expect "01-columns.md:45:14: error: a time value '0.420'"
refuse "columns.md:55:"
refuse "columns.md:56:"
refuse "columns.md:57:"
# a timeline's axis: its figures count up by one and number the columns under them
refuse "columns.md:49:"
in_ledger 01-columns.md "01-columns.md:49:25: let pass '2' as not timing ('cycle': a printed line numbering"

# A Markdown table is read by the same rule: a column whose header names a setting or a model's
# input ("arrival time", "delay") holds its values, not results; a latency column beside it stays
# a claim.
cat >02-jobs.md <<'EOF2'
# Jobs

| job | arrival time | delay (ms) | latency (ms) |
|-----|--------------|------------|--------------|
| 0   | 0            | 5          | 12           |
| 1   | 3            | 7          | 19           |
EOF2
check_lesson 02-jobs.md
expect "02-jobs.md:5:.*'12'"
expect "02-jobs.md:6:.*'19'"
refuse "02-jobs.md:[56]:[0-9]*: error: .*'[0357]'"
exit $fail
