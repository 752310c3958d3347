#!/bin/sh
# A shell session shown in a display block (tests/corpus/README.md, eighth round):
# - a display block of any language holding a command line ("$ ") is a session, as a `console`
#   block is: its commands are not read (their arguments are inputs), the lines up to the next
#   command are what it printed and are read as a display block that shows text is;
# - a block with no command line stays code and is not read;
# - what a tool prints after a figure names it: perf stat's event of cycles or stalls counts
#   cycles, "(msec)" after a counter's name is its value's unit, the "(NN%)" that ends a counter's
#   line is perf's multiplexing share (not read), a glued metric name is read as its words;
# - after `perf record -b` (a profile of branch records), the report's percentages are shares of
#   branches: let pass, and listed in the ledger.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-session.md <<'EOF'
# A session

Plain words.

```bash
$ ./bench --repeat 5000 --timeout 30s
run took 12.5 ms
$ perf stat -e ref-cycles,resource_stalls.any,task-clock -- ./bench
      1,234,567      ref-cycles                #    2.100 GHz          (40.12%)
        345,678      resource_stalls.any                                (40.12%)
     812.500000      task-clock (msec)         #    0.998 CPUs utilized
       0.81 seconds time elapsed
 12.5 %  tma_backend_bound                  (19.90%)
$ perf record -b -e cycles -- ./bench
$ perf report -n --stdio
# Overhead  Samples  Symbol
# ........  .......  ......
    61.20%     1020  [.] loop
```

```sh
./configure --timeout=5s
sleep 2
echo "took 3 ms"
```
EOF

check_lesson 01-session.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
# a command's arguments are inputs; its output is read
refuse "01-session.md:6:"
expect "01-session.md:7:10: error: a time value '12.5 ms' in a display block (shown, not run)"
# perf stat's counters: named for cycles or stalls, a cycle count; '(msec)' the unit; the
# multiplexing share not read
expect "01-session.md:9:7: error: a cycle count '1,234,567 cycles' in a display block"
expect "01-session.md:10:9: error: a cycle count '345,678 cycles' in a display block"
expect "01-session.md:11:6: error: a time value '812.500000 msec' in a display block"
# how many processors the run kept busy: a measured utilisation (thirteenth round)
expect "01-session.md:11:53: error: a share of the run time '0.998 CPUs utilized' in a display block"
refuse "40.12%"
expect "01-session.md:12:8: error: a time value '0.81 seconds' in a display block"
# a metric's share before its glued name is decided by its place, the name quoted as the cue (fourteenth round)
expect "01-session.md:13:2: error: a share of the run time '12.5 %' in a display block.*'tma_backend_bound'"
refuse "19.90%"
# a profile of branch records: its shares are of branches
refuse "61.20%"
# a script with no command line is code
refuse "01-session.md:2[0-9]:"
[ "$(grep -c 'timing-needs-metadata' err)" -eq 7 ] || { echo "FAIL: not 7 timing reports:"; cat err; fail=1; }

in_ledger 01-session.md "01-session.md:18:5: let pass '61.20%' as not timing ('perf record -b'"
exit $fail
