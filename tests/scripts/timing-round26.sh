#!/bin/sh
# What the twenty-sixth round taught the timing rule (tests/corpus/README.md, engine/rules/README.md),
# each form with the sentences it must leave alone:
# - a clause that leaves out the verb and the unit of the claim before it, its figure a whole number:
#   after the pronoun "one" ("the rwlock one 21"), or after ';' and a few lowercase words ("brute
#   force 140", "the new parser 8"); not a name's number ("; Fedora 39", "; core 1", "and version 3");
# - a gapped clause that repeats the preposition before the claim's figure ("a latency of 13 cycles
#   and `vsqrtpd` of 21", "in about 140 ns; Fermat in 330", "`lzcnt` at one cycle, and `tzcnt` at
#   two"); another preposition is a target or a count ("takes 3 ms on one core, and on eight");
#   a code span alone is a subject;
# - a figure with a decimal point right after a verb of taking in the claim's own sentence ("a
#   rename took 14 us, while a put took 1.9"); not after a verb of being ("and the ratio is 2.5"),
#   not a whole number ("and it took 3"), not in the next sentence;
# - a factor "as much" after a verb of costing, when what costs is a run (a word of code running in
#   the sentence, or an operation's noun before the verb: "a vector load cost twice as much", "Three
#   writes cost 2.7 times as much as one"); not money ("The license costs three times as much", after
#   a sentence with "faster" in it too), not "as much memory";
# - a `perf report` listing known by its header of columns alone ("# Overhead  Shared Object  Symbol",
#   "# Overhead  Symbol"): its rows are shares of the run time, for its block only; not the header of
#   a branch record's report ("# Overhead  Samples  Mis  From Line  To Line") nor a memory access's
#   ("Local Weight  Memory access"), nor after `perf record -b`; a "Samples:" line's event decides
#   over it, with the quotes a book prints too ("of event ‘MEM_LOAD_RETIRED.L3_MISS’": no clock);
# - a list of clauses that leave out the first's verb: the word before each figure names what takes
#   it ("arming a timer takes 12 ns, cancelling 9 ns, and expiring 18 ns"), not a wait; a verb, a
#   preposition or a noun of a setting of its own keeps a clause apart ("and the idle timer 30 s",
#   "and the poll interval 10 ms", "and we wait 30 s");
# - a factor a change gives or is worth: "The library swap gave 1.5x", "was worth 2.4x" (in a
#   paragraph of code running: "Testing is worth 20%." is a grade), what gives it a noun of a change
#   or a gerund that opens its clause ("and sifting up ... gives 1.36x"), not a participle after a
#   noun ("on a laptop running a browser it can easily reach 10%"); "gives 5.1x for small heaps" too.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-gaps.md <<'EOF2'
# Gaps

On one thread a seqlock read takes 6.5 ns; the rwlock one 21.

The tree search takes 0.9 ms; brute force 140.

On our data `strtod` takes about 65 ns per number; the new parser 8.

The build takes 40 s; Fedora 39.

The build takes 40 s; core 1.

The build takes 40 s, and version 3.

The kernel takes 12 ms on the old box; the new one, too.
EOF2

check_lesson 01-gaps.md
expect "01-gaps.md:3:[0-9]*: error: a time value '21'"
expect "01-gaps.md:5:[0-9]*: error: a time value '140'"
expect "01-gaps.md:7:[0-9]*: error: a time value '8'"
refuse "01-gaps.md:9:[0-9]*: error: [a-z -]* '39'"
refuse "01-gaps.md:11:[0-9]*: error: [a-z -]* '1'"
refuse "01-gaps.md:13:[0-9]*: error: [a-z -]* '3'"

cat >02-preps.md <<'EOF2'
# Prepositions

`vdivpd` has a latency of 13 cycles and `vsqrtpd` of 21, and both block the port.

The binary GCD computes an inverse in about 140 ns; Fermat in 330.

Zen 1 had `lzcnt` at one cycle too, and `tzcnt` at two.

The iterative walk fell to 1.4 ns per node, and the recursive one to 6.5.

It takes 3 ms on one core, and on eight.

The scan takes 12 ms with four threads, and with 16.

Each call costs 40 ns at level 1, and the tree at 3.
EOF2

check_lesson 02-preps.md
expect "02-preps.md:3:[0-9]*: error: a cycle count '21'"
expect "02-preps.md:5:[0-9]*: error: a time value '330'"
expect "02-preps.md:7:[0-9]*: error: a cycle count 'two'"
expect "02-preps.md:9:[0-9]*: error: a time value '6.5'"
refuse "02-preps.md:11:[0-9]*: error: [a-z -]* 'eight'"
refuse "02-preps.md:13:[0-9]*: error: [a-z -]* '16'"
refuse "02-preps.md:15:[0-9]*: error: [a-z -]* '3'"

cat >03-took.md <<'EOF2'
# Took

At the 99th percentile a cross-shard rename took 14 us, while a single-shard put took 1.9.

A pair took 19 ns, and here it needs 67.6, more than three times as long.

The query took 3 ms, and the compression ratio is 2.5.

The query took 3 ms, and the retry took 3.

The query took 3 ms. The answer took 1.5.
EOF2

check_lesson 03-took.md
expect "03-took.md:3:[0-9]*: error: a time value '1.9'"
expect "03-took.md:5:[0-9]*: error: a time value '67.6'"
refuse "03-took.md:7:[0-9]*: error: [a-z -]* '2.5'"
refuse "03-took.md:9:[0-9]*: error: [a-z -]* '3' "
refuse "03-took.md:11:[0-9]*: error: [a-z -]* '1.5'"

cat >04-much.md <<'EOF2'
# As much

An unaligned vector load cost twice as much as an aligned one.

A prefix sum costs 2-3x as much as a reduction because it moves more data.

With k = 8 a query costs 2.1 times as much as with k = 1.

The license costs three times as much as the old one.

The new laptop is faster. It costs three times as much.

The new loop costs 3 times as much memory per element.
EOF2

check_lesson 04-much.md
expect "04-much.md:3:[0-9]*: error: a speed-up claim 'twice as much'"
expect "04-much.md:5:[0-9]*: error: a speed-up claim '2-3x as much'"
expect "04-much.md:7:[0-9]*: error: a speed-up claim '2.1 times as much'"
refuse "04-much.md:9:[0-9]*: error"
refuse "04-much.md:11:[0-9]*: error"
refuse "04-much.md:13:[0-9]*: error"

cat >05-overhead.md <<'EOF2'
# Overhead

The timer functions hide in the profile's long tail:

```text
# Overhead  Shared Object  Symbol
    12.84%  [kernel]       [k] tcp_sendmsg_locked
     1.93%  proxy          [.] heap_remove
```

```text
# Overhead  Samples  Mis  From Line  To Line
    41.20%     1200  N    a.c:12     a.c:14
```

```text
# Overhead       Samples  Local Weight  Memory access  Symbol
    33.10%          900   212           L3 miss        [.] walk
```

```text
# Samples: 33K of event ‘MEM_LOAD_RETIRED.L3_MISS’
# Overhead   Samples  Shared Object   Symbol
    99.95%    33811   benchmark.exe   [.] foo
```

```text
coverage after the listing:
    12.50%  lines of a.c
```
EOF2

check_lesson 05-overhead.md
expect "05-overhead.md:7:[0-9]*: error: a share of the run time '12.84%'"
expect "05-overhead.md:8:[0-9]*: error: a share of the run time '1.93%'"
refuse "05-overhead.md:13:[0-9]*: error"
refuse "05-overhead.md:18:[0-9]*: error"
refuse "05-overhead.md:24:[0-9]*: error"
refuse "05-overhead.md:29:[0-9]*: error"

cat >06-list.md <<'EOF2'
# List

With the hierarchical wheel, arming a timer takes 12 ns, cancelling 9 ns, and expiring 18 ns including the cascades.

Arming a timer takes 52 ns, cancelling one 64 ns, and expiring one 88 ns.

Each request takes 3 ms, and the idle timer 30 s.

Each poll takes 3 ms, and the poll interval 10 ms.

Each request takes 3 ms, and we wait 30 s.
EOF2

check_lesson 06-list.md
expect "06-list.md:3:[0-9]*: error: a time value '18 ns'"
expect "06-list.md:5:[0-9]*: error: a time value '88 ns'"
refuse "06-list.md:7:[0-9]*: error: [a-z -]* '30 s'"
refuse "06-list.md:9:[0-9]*: error: [a-z -]* '10 ms'"
refuse "06-list.md:11:[0-9]*: error: [a-z -]* '30 s'"

cat >07-yields.md <<'EOF2'
# Yields

The library swap gave 1.5x. The kernels of this book together gave 1.8x on the decoder's 20 ms.

The largest step, reduced-scale decoding, was worth 2.4x on its own, out of 60 ms of CPU time.

Walking a hole to the bottom and sifting up halves the comparisons and gives 1.36x.

Testing is worth 20%.

The spread is usually 1-2%; on a laptop running a browser it can easily reach 10%.

Running every morning gives 2x.
EOF2

check_lesson 07-yields.md
expect "07-yields.md:3:[0-9]*: error: a speed-up claim '1.5x'"
expect "07-yields.md:3:[0-9]*: error: a speed-up claim '1.8x'"
expect "07-yields.md:5:[0-9]*: error: a speed-up claim '2.4x'"
expect "07-yields.md:7:[0-9]*: error: a speed-up claim '1.36x'"
refuse "07-yields.md:9:[0-9]*: error"
refuse "07-yields.md:11:[0-9]*: error: [a-z -]* '10%'"
refuse "07-yields.md:13:[0-9]*: error"
exit $fail
