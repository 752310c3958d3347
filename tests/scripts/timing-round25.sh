#!/bin/sh
# What the twenty-fifth round taught the timing rule (tests/corpus/README.md, engine/rules/README.md),
# each form with the sentences it must leave alone:
# - a table's lead-in's unit is not given to columns whose header names what a run counts beside its
#   times ("load factor", "probes", "comparisons", "hit ratio", "collisions"), a digit in it or not,
#   but to the cases a latency table times ("| level | hit | miss |");
#   a header that names a metric of time without a unit ("| Change | Time | Step |") still keeps the
#   lead-in from the others (tried in the round and taken back: "| Struct | Time | `sizeof` |
#   Padding |");
# - a percentage in a pipe table's column named a share ("share", "Share of total", "share of
#   `fio`", "CPU share") beside a column of times is a share of the run time, as in a printed
#   profile, every word of the header one of sharing or of the run; not a share of a count
#   ("Remote share of DRAM accesses"), not one another word names ("Market share", "% correct"),
#   not with no time beside it ("| browser | users | share |"), not the total row's 100%;
# - a header quoted in a message shows its code spans as written ("'`%`, runtime m': the table's
#   header"), not the scanner's stand-in for them, a long span cut short, one holding a backquote
#   fenced as CommonMark fences it ("``x`y`` time");
# - "a couple of nanoseconds" and "a couple of hundred cycles" are figures by their order, as "tens
#   of nanoseconds" is: a word near them must say they are one ("after a couple of seconds" is
#   none); "a cycle or two" only where "cost" leads it or a comparative follows ("costs",
#   "slower"; not "took" or "saves a cycle or two of chemotherapy", "adds a cycle or two per lap",
#   "finds a cycle or two"); "a few nanoseconds" names no figure and stays unreported;
# - a `perf report` listing whose command is left out, read by its own first line ("Samples: 152K of
#   event 'cycles'"): every row's share is of the run time, whatever the symbol looks like
#   ("__strcoll_l", "[kernel] page_fault"); of an event that is no clock ('cache-misses') none is,
#   nor after `perf record -b` (branch records), nor a stall event ('stalled-cycles-frontend'); it
#   speaks for its own block only (a coverage listing after it is no profile; a `perf report`
#   command's profile before it holds again after it);
# - a fraction "of the time" that "went" or "goes" somewhere is spent only when "to", "into", "on" or
#   "in" follows ("Three quarters of the time went into"), not "goes smoothly", "goes by"; a
#   percentage so was tried and taken back ("Forty percent of the time went into meetings");
# - the far end of "from ... to" with a hedge before the first ("slows from about 1 cycle per key to
#   5 or 6");
# - an overhead or a cost that a word of memory names right before it ("RSS overhead", "memory
#   overhead", "space cost") is one in memory, not in time; "the per-call overhead is 12%", "Locking
#   costs 12%" stay costs of time, and so does one whose clause names a time after it ("Memory
#   overhead is 9% of total time", "adds 12% to the latency");
# - a percentile's name right before "by" or "from" names a latency ("jemalloc cut p99 by 30%",
#   "raised p99 from 1,460 to 1,710 microseconds"); as a noun's modifier or before "of" it is any
#   distribution's ("The p99 of the blood pressure readings", "The p99 payload grew 3x").
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-leads.md <<'EOF2'
# Leads

The whole history fits in one table; the times are in seconds:

| Change   | Time | Step |
|----------|-----:|-----:|
| baseline |  410 |    - |
| mmap     |  372 | 1.10 |

The following table is per call, in nanoseconds:

| modulus | `%`, runtime m | `%`, constant m | Montgomery |
|---------|---------------:|----------------:|-----------:|
| 65537   | 210            | 71              | 63         |

We timed a pass over an array of each struct; the times are in nanoseconds per element:

| Struct     | Time | `sizeof` | Padding | Alignment |
|------------|-----:|---------:|--------:|----------:|
| `struct a` | 1.9  | 24       | 7       | 8         |

Results for the three hash tables, in nanoseconds:

| table  | linear | load factor | probes | comparisons | hit ratio | collisions |
|--------|-------:|------------:|-------:|----------:|----------:|-----------:|
| small  | 12.5   | 0.75        | 1.5    | 3           | 97        | 4          |

Results for the three hash tables, in nanoseconds per lookup:

| table  | ns/lookup | mutex | spinlock |
|--------|----------:|------:|---------:|
| linear | 12.5      | 0.75  | 1.5      |

The latency of each access, in cycles:

| level | hit | miss |
|-------|----:|-----:|
| L1    | 4   | 12   |
EOF2

check_lesson 01-leads.md
expect "01-leads.md:8:[0-9]*: error: a time value '372'"
refuse "01-leads.md:8:[0-9]*: error: [a-z -]* '1.10'"
expect "01-leads.md:14:[0-9]*: error: a time value '210' .*('\`%\`, runtime m': the table's header)"
refuse "01-leads.md:14:[0-9]*: error: [a-z -]* '71'"
expect "01-leads.md:20:[0-9]*: error: a time value '1.9'"
refuse "01-leads.md:20:[0-9]*: error: [a-z -]* '24'"
refuse "01-leads.md:20:[0-9]*: error: [a-z -]* '7'"
refuse "01-leads.md:20:[0-9]*: error: [a-z -]* '8'"
expect "01-leads.md:26:[0-9]*: error: a time value '12.5'"
refuse "01-leads.md:26:[0-9]*: error: [a-z -]* '0.75'"
refuse "01-leads.md:26:[0-9]*: error: [a-z -]* '1.5'"
refuse "01-leads.md:26:[0-9]*: error: [a-z -]* '3'"
refuse "01-leads.md:26:[0-9]*: error: [a-z -]* '97'"
refuse "01-leads.md:26:[0-9]*: error: [a-z -]* '4'"
expect "01-leads.md:32:[0-9]*: error: a time value '12.5'"
refuse "01-leads.md:32:[0-9]*: error: [a-z -]* '0.75'"
refuse "01-leads.md:32:[0-9]*: error: [a-z -]* '1.5'"
expect "01-leads.md:38:[0-9]*: error: a cycle count '4'"
expect "01-leads.md:38:[0-9]*: error: a cycle count '12'"

cat >02-shares.md <<'EOF2'
# Shares

A profile with `perf record` splits the time as follows:

| stage        | time (s) | share |
|--------------|---------:|------:|
| parsing      | 77.0     | 52%   |
| total        | 148      | 100%  |

| Phase     | Time (ms) | Share of total | Remote share of DRAM accesses |
|-----------|----------:|---------------:|------------------------------:|
| Histogram | 62        | 6%             | 49%                           |

| method      | time (s) | share of `fio` |
|-------------|---------:|---------------:|
| `read`      | 7.9      | 30%            |

| Browser | Page load (ms) | Market share | % correct |
|---------|---------------:|-------------:|----------:|
| Chrome  | 820            | 65%          | 76%       |

| browser | users | share |
|---------|------:|------:|
| firefox | 1200  | 52%   |
EOF2

check_lesson 02-shares.md
expect "02-shares.md:7:[0-9]*: error: a share of the run time '52%'"
refuse "02-shares.md:8:[0-9]*: error: [a-z -]* '100%'"
expect "02-shares.md:12:[0-9]*: error: a share of the run time '6%'"
refuse "02-shares.md:12:[0-9]*: error: [a-z -]* '49%'"
expect "02-shares.md:16:[0-9]*: error: a share of the run time '30%' .*('share of \`fio\`': the table's header)"
refuse "02-shares.md:20:[0-9]*: error: [a-z -]* '65%'"
refuse "02-shares.md:20:[0-9]*: error: [a-z -]* '76%'"
refuse "02-shares.md:24:"

cat >03-couple.md <<'EOF2'
# Couple

A function call that returns a field costs a cycle or two.

A hash function on a 64-bit key costs a couple of nanoseconds.

The miss costs a couple of hundred cycles.

It finds a cycle or two in the graph.

After a couple of seconds, the program prints its answer.

The memory-barrier flavor costs a few nanoseconds a read.

The extra check adds a cycle or two to the loop, and `bsr` is a cycle or two slower on Intel.

The patient took a cycle or two of chemotherapy, and each DFS run finds a cycle or two.

The new plan saves a cycle or two of chemotherapy, and the rider adds a cycle or two per lap.
EOF2

check_lesson 03-couple.md
expect "03-couple.md:3:[0-9]*: error: a cycle count 'a cycle or two'"
expect "03-couple.md:5:[0-9]*: error: a time value 'a couple of nanoseconds'"
expect "03-couple.md:7:[0-9]*: error: a cycle count 'a couple of hundred cycles'"
refuse "03-couple.md:9:"
refuse "03-couple.md:11:"
refuse "03-couple.md:13:"
refuse "03-couple.md:15:2[0-9]: error: a cycle count 'a cycle or two'"
expect "03-couple.md:15:[6-9][0-9]: error: a cycle count 'a cycle or two'"
refuse "03-couple.md:17:"
refuse "03-couple.md:19:"

cat >04-report.md <<'EOF2'
# Report

```
Samples: 152K of event 'cycles'
  Children  Symbol
    71.43%  sort_rows
    18.02%  __strcoll_l
     4.88%  [kernel] page_fault
```

```
Samples: 9K of event 'cache-misses'
  Overhead  Symbol
    61.20%  __memmove_avx_unaligned
```

```
Samples: 9K of event 'stalled-cycles-frontend'
  Overhead  Symbol
    33.10%  __memmove_avx_unaligned
```

```
Samples: 152K of event 'cycles'
  Overhead  Symbol
    71.43%  sort_rows
```

Later, the coverage report (no `perf report` has been shown yet):

```
  91.20%  src/parse.c
```

```bash
$ perf record -e cycles -b -- ./a.out
$ perf report -n --sort overhead,srcline_from,srcline_to --stdio
# Samples: 21K of event 'cycles'
# Event count (approx.): 21440
# Overhead  Samples  Object  Source Sym  Target Sym  From Line  To Line
# ........  .......  ......  ..........  ..........  .........  .......
  51.65%      11074   a.out   [.] bar    [.] bar      a.c:4      a.c:5
```
EOF2

check_lesson 04-report.md
expect "04-report.md:6:[0-9]*: error: a share of the run time '71.43%'"
expect "04-report.md:7:[0-9]*: error: a share of the run time '18.02%'"
expect "04-report.md:8:[0-9]*: error: a share of the run time '4.88%'"
refuse "04-report.md:13:"
refuse "04-report.md:20:"
expect "04-report.md:26:[0-9]*: error: a share of the run time '71.43%'"
refuse "04-report.md:32:"
refuse "04-report.md:42:"

cat >05-spent.md <<'EOF2'
# Spent

Forty percent of the time went into meetings.

Ten percent of the time goes to parsing.

Ten percent of the time the test goes red.

The loop slows from about 1 cycle per key to 5 or 6.

The run went from about 2 seconds to 40 threads.

Ninety percent of the time goes smoothly.
EOF2

check_lesson 05-spent.md
refuse "05-spent.md:3:"
refuse "05-spent.md:5:"
refuse "05-spent.md:7:"
expect "05-spent.md:9:[0-9]*: error: a cycle count '5'"
expect "05-spent.md:9:[0-9]*: error: a cycle count '6'"
refuse "05-spent.md:11:[0-9]*: error: [a-z -]* '40'"
refuse "05-spent.md:13:"

cat >06-memory.md <<'EOF2'
# Memory

We cut RSS overhead from 29% to under 15%.

The memory overhead is 12% per node, and the space cost is 2x that of the arena.

The per-call overhead is 12%.

Locking costs 12%.

Memory overhead is 9% of total time, and the heap overhead adds 12% to the latency.
EOF2

check_lesson 06-memory.md
refuse "06-memory.md:3:"
refuse "06-memory.md:5:"
expect "06-memory.md:7:[0-9]*: error: a speed-up claim '12%'"
expect "06-memory.md:9:[0-9]*: error: a speed-up claim '12%'"
expect "06-memory.md:11:[0-9]*: error: a share of the run time '9% of total time'"
expect "06-memory.md:11:[0-9]*: error: a speed-up claim '12%'"

cat >07-percentile.md <<'EOF2'
# Percentile

Switching to jemalloc cut p99 by 30% and p99.9 by 44%.

The p99 of the blood pressure readings was 160, up 12% from 2019.

Daily rainfall at p99 rose 20% over the decade, and the p99 payload grew 3x.
EOF2

check_lesson 07-percentile.md
expect "07-percentile.md:3:[0-9]*: error: a speed-up claim '30%'"
expect "07-percentile.md:3:[0-9]*: error: a speed-up claim '44%'"
refuse "07-percentile.md:5:"
refuse "07-percentile.md:7:"

cat >08-restore.md <<'EOF2'
# Restore

```bash
$ perf record -g ./sort big.txt
$ perf report --stdio
```

```
# Samples: 98K of event 'cpu-clock'
  Children      Self  Symbol
    62.10%     1.20%  merge_runs
```

```
     4.88%  [kernel] page_fault
```
EOF2

check_lesson 08-restore.md
expect "08-restore.md:11:[0-9]*: error: a share of the run time '62.10%'"
expect "08-restore.md:15:[0-9]*: error: a share of the run time '4.88%' .*('perf report'"

cat >09-fence.md <<'EOF2'
# Fence

Times in nanoseconds:

| version | ``x`y`` time | ``` `z` ``` time |
|---------|-------------:|-----------------:|
| first   | 12           | 13               |
EOF2

check_lesson 09-fence.md
expect "09-fence.md:7:[0-9]*: error: a time value '12' .*('\`\`x\`y\`\` time': the table's header)"
expect "09-fence.md:7:[0-9]*: error: a time value '13' .*('\`\` \`z\` \`\` time': the table's header)"
exit $fail
