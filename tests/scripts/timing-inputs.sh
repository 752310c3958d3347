#!/bin/sh
# A figure is an input when the text shows the reader giving it to the program (tests/corpus/README.md,
# eleventh round, a course's worked examples): the value of a flag in a command the text shows (in a
# display block, a code span, or a flag written in prose) is, from there to the end of its section,
# what a time or a rate written with the same numeral stands for; and a figure the sentence says is
# set (set to, a default, an option's value) is that setting where the sentence names it again. A
# benchmark's results stay claims: only the values the command was given are inputs, a figure printed
# with another precision ("10.00s" after "-d10") or in another unit than the value's own ("30 ms"
# after "--timeout=30s") is a result, and a heading ends the reach. The ledger names the command's line.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-inputs.md <<'EOF2'
# A toy scheduler

To watch two jobs share the processor, give the model a job list and a quantum:

```sh
prompt> ./toysched.py --jobs 0,150,0:50,30,0 -q 10
```

The model then lets each job run for 10 ms at a time. Job 0 arrives at time 0,
runs for 150 ms in all; Job 1 arrives at 50 ms and needs just 30 ms of processor
time to finish.

Boosts come with -B: -B 40,80 sets the boost per queue to 40ms and 80ms.

Here a job's I/O period is set to 6 ms, so it runs for 6 ms before every I/O.

The load generator ran as `hammer -c8 -d10`:

```
Running 10s test against the server
  52000 requests in 10.00s
```

## Timing the loop

```
$ ./bench -n 1000
```

The 1000 iterations took 7 ms, and each pass of the queue runs for 10 ms.
EOF2

check_lesson 01-inputs.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
# the arguments of the command, restated: inputs
refuse "01-inputs.md:9:"
refuse "01-inputs.md:10:"
refuse "01-inputs.md:11:"
refuse "01-inputs.md:13:"
refuse "01-inputs.md:15:"
refuse "01-inputs.md:20:"
# a result printed with its own precision, a result of another run, a value past the section's end
expect "01-inputs.md:21:.*'10.00s'"
expect "01-inputs.md:30:.*'7 ms'"
expect "01-inputs.md:30:.*'10 ms'"

# a lesson with no block read as printed: the prose's flags are read unit by unit, in order
cat >02-course.md <<'EOF2'
# Another toy

Each job first runs for 30 ms.

```sh
prompt> ./toysched.py -q 20
```

Each job then runs for 20 ms at a time. Passing -B 30 makes the boost run for 30 ms.

## Next

Here each job runs for 20 ms.
EOF2

check_lesson 02-course.md
expect "02-course.md:3:.*'30 ms'"
refuse "02-course.md:9:"
expect "02-course.md:13:.*'20 ms'"

# a value given with its unit stands for a figure in that unit only: "--timeout=30s" is no "30 ms",
# "-d10s" no "10ms" that the program printed
cat >03-units.md <<'EOF2'
# A server with a timeout

Start the server with `./server --timeout=30s` and load it:

```
$ hammer -c8 -d10s
Running 10s test
  latency 10ms
```

A cold query then takes 30 ms; the server gives up on a client after 30 seconds.
EOF2

check_lesson 03-units.md
refuse "03-units.md:7:"
expect "03-units.md:8:.*'10ms'"
expect "03-units.md:11:.*'30 ms'"
refuse "03-units.md:11:.*'30 seconds'"

# a compiler's level glued to its flag is no input, even where the program it built prints a time
cat >04-levels.md <<'EOF2'
# Optimisation levels

```
$ gcc -O3 -o sort sort.c && ./sort
sorted 1000000 keys in 3 ms
$ gcc -g2 -O2 -o sort sort.c && ./sort
sorted 1000000 keys in 2 ms
```
EOF2

check_lesson 04-levels.md
expect "04-levels.md:5:.*'3 ms'"
expect "04-levels.md:7:.*'2 ms'"

# a bare figure writes no unit: a table's cells under "latency (ms)" are results, whatever the flags
cat >05-table.md <<'EOF2'
# Results

We ran `./bench -q 10 -n 20` on the lab machines:

| policy | latency (ms) |
| --- | --- |
| FIFO | 20 |
| RR | 10 |
EOF2

check_lesson 05-table.md
expect "05-table.md:7:.*'20'"
expect "05-table.md:8:.*'10'"

# a printed figure after a label of a measured time or rate is what the run measured, even when its
# numeral is a flag's value; the tool's echo of its input ("Running 5s test") is not so labelled
cat >06-labels.md <<'EOF2'
# A benchmark's printout

```
$ ./bench -n 1000 -t 5
Running 5s test
elapsed: 5 ms
throughput: 1000 ops/s
```
EOF2

check_lesson 06-labels.md
refuse "06-labels.md:5:"
expect "06-labels.md:6:.*'5 ms'"
expect "06-labels.md:7:.*'1000 ops/s'"

# so is a figure a sentence gives after naming a measured time or rate, in prose
cat >07-prose.md <<'EOF2'
# Round robin

Run `./rr -l 200,200,200` and each job runs for 200 seconds. With a quantum of 1 (`-q 1`), the
average response time drops to 1 second, and each job still runs for 200 seconds.
EOF2

check_lesson 07-prose.md
refuse "07-prose.md:3:"
expect "07-prose.md:4:.*'1 second'"
refuse "07-prose.md:4:.*'200 seconds'"

in_ledger 01-inputs.md \
	"01-inputs.md:9:38: let pass '10 ms' as specified ('-q 10': a value the reader gives the program, an argument of a command the text shows on line 6)" \
	"01-inputs.md:10:10: let pass '150 ms' as specified ('--jobs 0,150,0:50,30,0'" \
	"01-inputs.md:13:59: let pass '40ms' as specified ('-B 40,80'" \
	"01-inputs.md:15:56: let pass '6 ms' as specified ('set'" \
	"01-inputs.md:20:9: let pass '10s' as specified ('-d10'"
exit $fail
