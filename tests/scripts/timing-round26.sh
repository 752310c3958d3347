#!/bin/sh
# What the twenty-sixth round taught the timing rule (tests/corpus/README.md, engine/rules/README.md),
# each form with the sentences it must leave alone (most of them an attacker's):
# - a clause that leaves out the verb and the unit of the claim before it, its figure a whole number
#   after the pronoun "one" in a phrase a determiner opens ("; the rwlock one 21"; not "; team one 3",
#   "; the stable one 2024", "and the thread one to 8"); not a name's number ("; Fedora 39", "and version
#   3"); a clause of lowercase words after ';' was tried and taken back ("; the default timeout 30",
#   "; unit tests 212");
# - a gapped clause that repeats the preposition before the claim's figure, its subject a phrase
#   ending in "one" ("and the recursive one to 6.5") or, after "at", "in", "on" or "under", a code
#   span alone that names a function or an instruction ("`lzcnt` at one cycle, and `tzcnt` at two";
#   "and `vsqrtpd` of 21" went with "and `retries` to 3", "and `malloc` of 64"); not a phrase of another metric ("and an associativity of 8", "and CPU usage at 95",
#   "and the memory one to 40"), not a name ("; Fermat in 330" was taken back with "and CPU to 35"),
#   not a constant, a flag or a size in code ("`UNROLL` at 4", "`sizeof(long)` of 8"), not a year
#   ("; Hoare in 1961", "in '73"), not with another figure between ("takes 4 s and touches 300
#   files; the incremental one 12"), not another preposition ("and on eight");
# - tried and taken back, their non-claims kept here: a decimal after a verb of taking ("and the
#   installer needs 3.12"), "N times as much" after a verb of costing ("A `double` element costs
#   twice as much as a `float` one"), a list of gapped clauses turning a wait into a claim ("and the
#   heartbeat 500 ms");
# - a `perf report` listing known by its header of columns alone ("# Overhead  Shared Object  Symbol"):
#   its rows are shares of the run time until a blank line or a command typed; only a header of sort
#   keys ("# Overhead budget per command" is prose), not a branch record's or a memory access's
#   header, not after `perf mem`, and of the event a `perf record -e` named before it
#   ('cache-misses': no clock); a "Samples:" line's event read between a book's quotes too, a group's
#   ("of events") none the run time's;
# - tried and taken back after the second review: new givers of a factor ("The library swap gave
#   1.5x"; "The Brotli encoder gives 4.1x on HTML" is a ratio, "The interest rate swap gave 1.5x"
#   money) and "is worth Nx" ("Loyalty points on the premium version are worth 1.5x").
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-gaps.md <<'EOF2'
# Gaps

On one thread a seqlock read takes 6.5 ns; the rwlock one 21.

A query takes about 20 ms; the default timeout 30.

A full build takes 4 min; unit tests 212; integration tests 35.

The build takes 40 s; Fedora 39.

The build takes 40 s, and version 3.

The final took 90 minutes; team one 3, team two 1.

The sort finishes in 2 s; the stable one 2024.

Latency dropped to 30 ms, and the thread one to 8.

We cut the delay to 10 ms and `retries` to 3.

A call has an overhead of 20 ns, and `malloc` of 64.
EOF2

check_lesson 01-gaps.md
expect "01-gaps.md:3:[0-9]*: error: a time value '21'"
refuse "01-gaps.md:5:[0-9]*: error: [a-z -]* '30'"
refuse "01-gaps.md:7:[0-9]*: error: [a-z -]* '212'"
refuse "01-gaps.md:7:[0-9]*: error: [a-z -]* '35'"
refuse "01-gaps.md:9:[0-9]*: error: [a-z -]* '39'"
refuse "01-gaps.md:11:[0-9]*: error: [a-z -]* '3'"
refuse "01-gaps.md:13:[0-9]*: error: [a-z -]* '3'"
refuse "01-gaps.md:15:[0-9]*: error: [a-z -]* '2024'"
refuse "01-gaps.md:17:[0-9]*: error: [a-z -]* '8'"
refuse "01-gaps.md:19:[0-9]*: error: [a-z -]* '3'"
refuse "01-gaps.md:21:[0-9]*: error: [a-z -]* '64'"

cat >02-preps.md <<'EOF2'
# Prepositions

`vdivpd` has a latency of 13 cycles and `vsqrtpd` of 21, and both block the port.

The binary GCD computes an inverse in about 140 ns; Fermat in 330.

Zen 1 had `lzcnt` at one cycle too, and `tzcnt` at two.

The iterative walk fell to 1.4 ns per node, and the recursive one to 6.5.

It takes 3 ms on one core, and on eight.

An L2 hit has a latency of 12 cycles and an associativity of 8.

Tail latency tops out at 80 ms, and CPU usage at 95.

Quicksort runs in 40 ms on this input; Hoare in 1961.

The request finishes in 20 ms and the lease expires in 30.

The loop runs at 0.9 ns per element, `UNROLL` at 4, and `BLOCK` at 64.

Each access has a latency of 4 ns and `sizeof(long)` of 8.

Latency dropped to 3 ms, and the memory one to 40.

A full scan takes 4 s and touches 300 files; the incremental one 12.

The migration cut the p99 to 40 ms and CPU to 35.

The sort finishes in about 40 ms, and Knuth in '73.
EOF2

check_lesson 02-preps.md
refuse "02-preps.md:3:[0-9]*: error: [a-z -]* '21'"
expect "02-preps.md:7:[0-9]*: error: a cycle count 'two'"
expect "02-preps.md:9:[0-9]*: error: a time value '6.5'"
refuse "02-preps.md:5:[0-9]*: error: [a-z -]* '330'"
refuse "02-preps.md:11:[0-9]*: error: [a-z -]* 'eight'"
refuse "02-preps.md:13:[0-9]*: error: [a-z -]* '8'"
refuse "02-preps.md:15:[0-9]*: error: [a-z -]* '95'"
refuse "02-preps.md:17:[0-9]*: error: [a-z -]* '1961'"
refuse "02-preps.md:19:[0-9]*: error: [a-z -]* '30'"
refuse "02-preps.md:21:[0-9]*: error: [a-z -]* '4'"
refuse "02-preps.md:21:[0-9]*: error: [a-z -]* '64'"
refuse "02-preps.md:23:[0-9]*: error: [a-z -]* '8'"
refuse "02-preps.md:25:[0-9]*: error: [a-z -]* '40'"
refuse "02-preps.md:27:[0-9]*: error: [a-z -]* '12'"
refuse "02-preps.md:29:[0-9]*: error: [a-z -]* '35'"
refuse "02-preps.md:31:[0-9]*: error: [a-z -]* '73'"

cat >03-taken-back.md <<'EOF2'
# Taken back

The sort takes 30 ms on my laptop, and the installer needs 3.12.

The page loads in 2 s, and the shipping costs 4.99.

A `double` element costs twice as much as a `float` one, and a load takes 4 cycles.

Express dispatch costs twice as much.

Each health check takes 3 ms, and the heartbeat 500 ms.

Each request takes 3 ms, and the idle timer 30 s.
EOF2

check_lesson 03-taken-back.md
refuse "03-taken-back.md:3:[0-9]*: error: [a-z -]* '3.12'"
refuse "03-taken-back.md:5:[0-9]*: error: [a-z -]* '4.99'"
refuse "03-taken-back.md:7:[0-9]*: error: [a-z -]* 'twice"
refuse "03-taken-back.md:9:[0-9]*: error"
refuse "03-taken-back.md:11:[0-9]*: error: [a-z -]* '500 ms'"
refuse "03-taken-back.md:13:[0-9]*: error: [a-z -]* '30 s'"

cat >04-overhead.md <<'EOF2'
# Overhead

The timer functions hide in the profile's long tail:

```text
# Overhead  Shared Object  Symbol
    12.84%  [kernel]       [k] tcp_sendmsg_locked
     1.93%  proxy          [.] heap_remove
$ bloaty walk
    30.5%  1.23Mi  35.0%  1.10Mi    .text
```

```text
# Overhead  Samples  Mis  From Line  To Line
    41.20%     1200  N    a.c:12     a.c:14
```

```text
# Overhead budget per command (binary size, symbol table)
 5%  larger symbol table
```

```text
# Samples: 33K of event ‘MEM_LOAD_RETIRED.L3_MISS’
# Overhead   Samples  Shared Object   Symbol
    99.95%    33811   benchmark.exe   [.] foo
```

```text
# Samples: 24K of events 'anon group { cache-misses, cycles }'
#                 Overhead  Command  Shared Object  Symbol
    45.20%  10.00%  walk     walk           [.] chase
```

```text
# Samples: 12K of event "cache-misses"
# Overhead  Command  Shared Object  Symbol
    45.20%  walk     walk           [.] chase
```
EOF2

check_lesson 04-overhead.md
expect "04-overhead.md:7:[0-9]*: error: a share of the run time '12.84%'"
expect "04-overhead.md:8:[0-9]*: error: a share of the run time '1.93%'"
refuse "04-overhead.md:10:[0-9]*: error"
refuse "04-overhead.md:15:[0-9]*: error"
refuse "04-overhead.md:20:[0-9]*: error"
refuse "04-overhead.md:26:[0-9]*: error"
refuse "04-overhead.md:32:[0-9]*: error"
refuse "04-overhead.md:38:[0-9]*: error"

cat >05-recorded.md <<'EOF2'
# Recorded

```
$ perf record -e cache-misses ./walk
```

```text
# Overhead  Command  Shared Object  Symbol
    45.20%  walk     walk           [.] chase
```

```
$ perf mem report --stdio --sort=symbol,dso
# Overhead  Samples  Symbol             Shared Object
    45.20%     5120  [.] chase          walk
```

```
$ perf record -b ./walk
```

```text
# Overhead  Command  Shared Object  Symbol
    34.00%  walk     walk           [.] chase
```

```
$ sudo perf record -e probe_libc:clock_gettime -a -g -- sleep 10
```

```text
# Overhead  Command
    75.20%  chrome
```

```
$ perf record \
    -e cache-misses -g ./walk
```

```text
# Overhead  Command  Shared Object  Symbol
    45.20%  walk     walk           [.] chase
% bloaty walk
    30.5%  1.23Mi  35.0%  1.10Mi    .text
```

```
$ perf record -g ./walk
```

```text
# Overhead  Command  Shared Object  Symbol
    45.20%  walk     walk           [.] chase
% bloaty walk
    30.5%  1.23Mi  35.0%  1.10Mi    .text
```
EOF2

check_lesson 05-recorded.md
refuse "05-recorded.md:9:[0-9]*: error"
refuse "05-recorded.md:15:[0-9]*: error"
refuse "05-recorded.md:24:[0-9]*: error"
refuse "05-recorded.md:33:[0-9]*: error"
refuse "05-recorded.md:43:[0-9]*: error"
refuse "05-recorded.md:45:[0-9]*: error"
expect "05-recorded.md:54:[0-9]*: error: a share of the run time '45.20%'"
refuse "05-recorded.md:56:[0-9]*: error"

cat >06-yields.md <<'EOF2'
# Yields

The Brotli encoder gives 4.1x on HTML, and the decoder runs at 400 MB/s.

The interest rate swap gave 1.5x.

Loyalty points on the premium version are worth 1.5x; each request for a refund costs 100.

Testing is worth 20%.

The spread is usually 1-2%; on a laptop running a browser it can easily reach 10%.
EOF2

check_lesson 06-yields.md
refuse "06-yields.md:3:[0-9]*: error: [a-z -]* '4.1x'"
refuse "06-yields.md:5:[0-9]*: error"
refuse "06-yields.md:7:[0-9]*: error"
refuse "06-yields.md:9:[0-9]*: error"
refuse "06-yields.md:11:[0-9]*: error: [a-z -]* '10%'"
cat >07-mentions.md <<'EOF2'
# Mentions

We counted cache misses with `perf record -e cache-misses ./a.out` and printed the report:

```text
# Overhead  Command  Shared Object  Symbol
    61.20%  a.out    a.out          [.] walk_list
```

```sh
perf record -g ./a.out
```

```text
# Overhead  Command  Shared Object  Symbol
    61.20%  a.out    a.out          [.] walk_list
```

```
$ perf record -e cache-misses ./a.out
$ perf report --stdio
    61.20%  a.out    a.out          [.] walk_list
```

```
$ perf record ./grep -e foo
$ perf report --stdio
    61.20%  grep     grep           [.] match
```
EOF2

check_lesson 07-mentions.md
refuse "07-mentions.md:7:[0-9]*: error"
expect "07-mentions.md:16:[0-9]*: error: a share of the run time '61.20%'"
refuse "07-mentions.md:22:[0-9]*: error"
expect "07-mentions.md:28:[0-9]*: error: a share of the run time '61.20%'"
exit $fail
