#!/bin/sh
# What a tool's printed records count (tests/corpus/README.md, thirteenth round):
# - a NAME=VALUE field of a printed record is a field of its own: a number before it takes no unit
#   across it ("812000 MISSES=3.5u CYCLES=..." counts iterations, not cycles), and a field named for
#   cycles ("CYCLES=40.2") holds a cycle count;
# - "N CPUs utilized": how many processors the run kept busy, a measured utilisation;
# - a benchmark table under a unit of cycles per operation ("CYCLES/op") holds cycle counts, each
#   with its spread, written "40.2 ±12%" as well as "40.2 ± 12%";
# - a printed row whose label is a unit ("nanoseconds |  812 |  990") holds figures in that unit;
# - a share drawn on a branch of a printed call graph ("|--61.50%--parse") is a claim;
# - a percentage in parentheses right after a printed time ("812.40s (23.10%)") is the share of
#   the whole that time took, a claim as the time is; one after a count ("41 (7.5%)") is not;
# - a log line's clock stamp ("09:14:02| Total time = 12.5") does not hide the label after it: a
#   figure after a label naming a total or run time is that time, its unit left off.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-records.md <<'EOF2'
# Records

Plain words.

```
BM_Parse/8          2.10 ns         2.10 ns    812000 MISSES=3.5u bytes_per_second=1.5Gi/s
BM_Parse/64         2.40 ns         2.40 ns    644000 MISSES=7.25u CYCLES=40.2 INSTRUCTIONS=31
```

```
          1,203.50 msec task-clock                #    0.991 CPUs utilized
```

```
name                         CYCLES/op
BM_Find/1                    40.2 ±12%
BM_Find/8                     118 ± 3%

name                         LOADS/op
BM_Find/1                    3.00 ± 0%
```

```
$ ./walker --stats
                 avg       max
nanoseconds |    812 |     990
cycles      |   2600 |    3150
branches    |     41 |      77
```

```
$ prof report --stdio
    98.10%  main
            |
             --97.80%--run
                       |--61.50%--parse
                        --36.30%--emit
```

```
Step 1 (fetch):     812.40s (23.10%)
  Unpack:            93.05s ( 2.65%)
Retries:                 41 (7.50%)
```

```
09:14:02| Total time = 12.50612
09:15:40| Run time:  = 9.75
09:15:41| Requests = 400
```
EOF2

check_lesson 01-records.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
# a field's value is read alone: no count of iterations glued to a unit across fields
refuse "'812000"
refuse "'644000"
refuse "3.5u"
refuse "7.25u"
expect "01-records.md:6:84: error: a rate '1.5Gi/s'"
expect "01-records.md:7:75: error: a cycle count '40.2'"
refuse "'31'"
# CPUs utilized
expect "01-records.md:11:56: error: a share of the run time '0.991 CPUs utilized'"
# a table under cycles per operation
expect "01-records.md:16:30: error: a cycle count '40.2 ±12%'"
expect "01-records.md:17:31: error: a cycle count '118 ± 3%'"
refuse "01-records.md:20:"
# a row labelled by its unit
expect "01-records.md:26:18: error: a time value '812'"
expect "01-records.md:26:28: error: a time value '990'"
expect "01-records.md:27:17: error: a cycle count '2600'"
expect "01-records.md:27:27: error: a cycle count '3150'"
refuse "01-records.md:28:"
# a call graph's branches
expect "01-records.md:35:16: error: a share of the run time '97.80%'"
expect "01-records.md:36:27: error: a share of the run time '61.50%'"
expect "01-records.md:37:27: error: a share of the run time '36.30%'"
# a time's share printed beside it
expect "01-records.md:41:30: error: a share of the run time '23.10%'.*'812.40s (23.10%)': a percentage printed beside a time"
expect "01-records.md:41:21: error: a time value '812.40s'"
expect "01-records.md:42:31: error: a share of the run time '2.65%'"
refuse "01-records.md:43:"
# a log line's stamp, then a label naming a measured time, its figure without a unit
expect "01-records.md:47:24: error: a time value '12.50612'"
expect "01-records.md:48:24: error: a time value '9.75'"
refuse "01-records.md:49:"

in_ledger 01-records.md \
	"01-records.md:20:30: let pass '3.00 ± 0%' as not timing ('LOADS/op'"
exit $fail
