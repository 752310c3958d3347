#!/bin/sh
# What the twenty-second round taught the timing rule (tests/corpus/README.md, engine/rules/README.md),
# from chapters HPC authors wrote new against the round's start (the probes hpc22a, hpc22b, hpc22c):
# - a lead-in that names a unit that is a rate by itself ("GFLOPS for the three versions, at several
#   sizes:", "The throughput in GFLOPS:") or opens with cycles ("Cycles per element for each
#   version:"), or names shares of slots ("recorded the following shares of slots (percent):" over a
#   top-down table's categories), says what the table's figures are; a header that names the
#   lead-in's unit ("ns/lookup") is the column it describes, not the others ("load factor", "probes":
#   an attacker's review);
# - graph500's rate (MTEPS, GTEPS) in prose and in a header; "twice per cycle", "once per cycle";
#   "98% of the packed version's time"; "four fifths of the slots retire useful work" (a hash
#   table's "a third of the slots are empty" stays unreported); "within 2% of each other" and
#   "less than 3% of that" after a figure; "almost twice the DRAM latency" (a third word before the noun of speed reached settings: "twice the audio sample rate");
# - words read in another sense: "the two-pass one" (a variant, not a value passed); a selectivity
#   ("at 0% or 100% selectivity", "against selectivity from 0 to 100%"; "only 10% at high
#   selectivity" stays a result); a spread between runs ("hedged by ~5% from run to run",
#   "run-to-run variation of 5%"; "within the noise" is no cue); "takes 1.6 bytes per integer, 15%
#   more than before" is a change of size;
# - after the second wave of probes (hpc22d, e, f) and a new author's review: a share of slots or
#   cycles "waiting" and a hedged wait in cycles are measured stalls ("94% of its slots waiting",
#   "the load waits about 200 cycles"; "must wait 4 cycles" stays an input); a fraction of the time
#   after a verb of costing, saving or accounting ("they take a third of the time", "accounts for
#   half of the time"; "the branch is taken half of the time" stays how often); a header's variant
#   in brackets ("network (scalar)") or an algorithm named "binary" leaves the column the lead-in's,
#   and so does a header naming its own unit beside it ("fetch_add, cycles"; a metric alone,
#   "Latency" under "lists, in cycles,", still takes it, and "uops" is a count); a header "50% kept"
#   is a setting; "within 2% of the two-pass one" after a figure ("must perform within 20% of the
#   reference solution" has none);
# - the remedy a message offers fits the figure (an author's review): a reference gives a time only,
#   so a rate, a cycle count or a share is cited or shown as a measure block's real output, a
#   speed-up given by the measured times it compares, and an undecided rate may be a setting, not
#   "a specified duration";
# - an attacker's review (lesson 7): "once per cycle" is a clock's only beside a word of the
#   processor's work; "across runs" hides no claim a word of change decides; "within N% of each
#   other" compares a figure in its own sentence with no other number between; a "shares of" lead-in
#   ends on ':' and names slots, cycles or the time, not "time slots"; a quarter of the DIMM slots
#   idle is no pipeline; "twice the audio sample rate"; "Copying 1 GB takes 80 ms, 15% more" is of the
#   time; "Cycles found in each graph:" counts a graph's cycles;
# - after the third wave of probes (lesson 8): a lead-in naming a per-cycle rate ("Figures are bytes
#   per cycle:", "Throughput in bytes per cycle:", "Figures are cycles per byte:") or opening with
#   a rate ("Doubles per second, for the last row:"); a header's "(per word)" is a normalisation, not
#   a unit of its own; "for sparse sets" and "the limit set by" are no settings; "by about 60% at
#   0.1%" (the point a change holds at); "the variation between runs ... was 10-12%"; "9.1 s, ratio
#   7.7" (a ratio's value takes no time's unit);
# - two forms that recurred across the waves and rounds (lesson 9): a factor of a thing named after
#   "the" just after a rate or a time ("That is 25 GB/s, four times the scalar generator", "3.7
#   times the starting point"; not "four times the L2 cache", "holds four times the entries", "ran
#   251004 times the loop body"), and a profile read out ("`perf` says 45% in `rand`, 30% in ...",
#   "A fresh profile shows decoding at 19%, intersection at 24%"; not a heap profile's, not "The
#   profile was taken at 50%");
# - a second attacker's review (lesson 10): the profile form needs a verb of showing after the tool
#   and no other thing profiled ("The velocity profile ramps the motor to 80% in 200 ms", "The power
#   profile shows the CPU at 30%", "The profiler samples 1% in production"); a word of change before
#   "across runs" keeps the percentage a claim ("The improvement across runs was 15%"); "is set by"
#   stays a setting; "Each of these sets 40 ms" too; "Reserve four times the default" after a time
#   is no factor of speed; a lead-in from a configuration or a specification ("as configured in",
#   "from the ... reference manual", "as specified by JEDEC") gives settings, not measured figures.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-leads.md <<'EOF2'
# Lead-ins

GFLOPS for the three versions, at several sizes:

| n    | naive | blocked |
|------|------:|--------:|
| 256  | 4.1   | 6.8     |

The throughput in GFLOPS:

| n    | naive | blocked |
|------|------:|--------:|
| 512  | 3.9   | 9.7     |

Cycles per element for each version:

| n    | naive | blocked |
|------|------:|--------:|
| 1024 | 1.9   | 11.2    |

We ran three loops and recorded the following shares of slots (percent):

| loop        | retiring | back end |
|-------------|---------:|---------:|
| sum of ints | 78       | 15       |

Results for the three hash tables, in nanoseconds per lookup:

| table  | ns/lookup | load factor | probes |
|--------|----------:|------------:|-------:|
| linear | 12.5      | 0.75        | 1.5    |

The sizes in GB:

| n    | naive | blocked |
|------|------:|--------:|
| 2048 | 1.5   | 11.5    |
EOF2

check_lesson 01-leads.md
expect "01-leads.md:7:[0-9]*: error: a rate '4.1'"
expect "01-leads.md:7:[0-9]*: error: a rate '6.8'"
expect "01-leads.md:13:[0-9]*: error: a rate '9.7'"
expect "01-leads.md:19:[0-9]*: error: a cycle count '1.9'"
expect "01-leads.md:25:[0-9]*: error: a share of the run time '78'"
expect "01-leads.md:25:[0-9]*: error: a share of the run time '15'"
expect "01-leads.md:31:[0-9]*: error: a time value '12.5'"
refuse "01-leads.md:31:[0-9]*: error: [a-z -]* '0.75'"
refuse "01-leads.md:31:[0-9]*: error: [a-z -]* '1.5'"
refuse "01-leads.md:37:"

cat >02-forms.md <<'EOF2'
# Forms

On the road graph it reaches 111 MTEPS.

| graph  | before, MTEPS | after, GTEPS |
|--------|--------------:|-------------:|
| road   | 30            | 0.12         |

The core can do it twice per cycle, and the load port once per cycle.

The padded version takes 98% of the packed version's time.

Nearly four fifths of the slots retire useful work.

A third of the slots are empty after the resize.

A 1 GB array runs at about 14 GB/s with either page size, within 2% of each other.

The two buffers are 4 KB and 4.1 KB, within 3% of each other.

The machine's peak is 48 GFLOPS. We are at less than 3% of that.

A hop then costs 160 ns, almost twice the DRAM latency.
EOF2

check_lesson 02-forms.md
expect "02-forms.md:3:[0-9]*: error: a rate '111 MTEPS'"
expect "02-forms.md:7:[0-9]*: error: a rate '30'"
expect "02-forms.md:7:[0-9]*: error: a rate '0.12'"
expect "02-forms.md:9:[0-9]*: error: a rate 'twice per cycle'"
expect "02-forms.md:9:[0-9]*: error: a rate 'once per cycle'"
expect "02-forms.md:11:[0-9]*: error: a share of the run time '98% of the packed version's time'"
expect "02-forms.md:13:[0-9]*: error: a share of the run time 'four fifths of the slots'"
refuse "02-forms.md:15:"
expect "02-forms.md:17:[0-9]*: error: a speed-up claim '2% of each other'"
refuse "02-forms.md:19:"
expect "02-forms.md:21:[0-9]*: error: a speed-up claim '3% of that'"
expect "02-forms.md:23:[0-9]*: error: a speed-up claim 'twice'"

cat >03-senses.md <<'EOF2'
# Other senses

The blocked version is 35% faster than the two-pass one.

At 0% or 100% selectivity it runs at about 1.2 elements per cycle.

The graph plots throughput in elements per cycle against selectivity from 0 to 100%.

It is about 60% faster at low selectivity than the table, though only 10% at high selectivity.

The figures are hedged by ~5% from run to run.

On a laptop, run-to-run variation of 5% is normal.

For this loop, barely; we measured 2% and it was within the noise of repeated runs.

The list now takes 1.6 bytes per integer, 15% more than before.

It now takes 40 ms, 15% more than before.
EOF2

check_lesson 03-senses.md
expect "03-senses.md:3:[0-9]*: error: a speed-up claim '35% faster'"
refuse "03-senses.md:5:[0-9]*: error: [a-z -]* '0%'"
refuse "03-senses.md:5:[0-9]*: error: [a-z -]* '100%'"
expect "03-senses.md:5:[0-9]*: error: a rate '1.2 elements per cycle'"
refuse "03-senses.md:7:"
expect "03-senses.md:9:[0-9]*: error: a speed-up claim '60% faster'"
expect "03-senses.md:9:[0-9]*: error: a speed-up claim '10%'"
refuse "03-senses.md:11:"
refuse "03-senses.md:13:"
expect "03-senses.md:15:[0-9]*: error: a speed-up claim '2%'"
refuse "03-senses.md:17:"
expect "03-senses.md:19:[0-9]*: error: a speed-up claim '15% more'"
in_ledger 03-senses.md "let pass '0%' as not timing ('selectivity'" "let pass '5%' as not timing ('from run to run'" \
	"let pass '15% more' as not timing ('bytes'"

cat >04-second-wave.md <<'EOF2'
# Second wave

The core spends 94% of its slots waiting, and the time per node is about 80 ns.

Here the load waits about 200 cycles for DRAM.

The CPU must wait 4 cycles after the write.

With 20 of them per sort they take a third of the time.

One miss per element already accounts for half of the time.

The branch is taken half of the time.

Times are in nanoseconds per element:

| n | insertion | network (scalar) | binary insertion | Params (M) |
|---|----------:|-----------------:|-----------------:|-----------:|
| 8 | 3.1       | 0.6              | 3.6              | 12         |

The results, in nanoseconds per operation (lower is better):

| Threads | fetch_add | fetch_add, cycles |
|--------:|----------:|------------------:|
| 1       | 5.1       | 18                |

The table below lists, in cycles, a few instructions.

| Instruction | uops | Latency |
|-------------|------|---------|
| add         | 1    | 1       |

GFLOPS for each version:

| version | 50% kept | 1% kept |
|---------|---------:|--------:|
| scalar  | 1.1      | 2.0     |

It is 35% faster than the two-pass one, and the branchless version is within 2% of the two-pass one.

Your code must perform within 20% of the provided reference solution.
EOF2

check_lesson 04-second-wave.md
expect "04-second-wave.md:3:[0-9]*: error: a share of the run time '94% of its slots'"
expect "04-second-wave.md:5:[0-9]*: error: a cycle count '200 cycles'"
refuse "04-second-wave.md:7:[0-9]*: error"
expect "04-second-wave.md:9:[0-9]*: error: a share of the run time 'a third of the time'"
expect "04-second-wave.md:11:[0-9]*: error: a share of the run time 'half of the time'"
refuse "04-second-wave.md:13:[0-9]*: error"
expect "04-second-wave.md:19:[0-9]*: error: a time value '0.6'"
expect "04-second-wave.md:19:[0-9]*: error: a time value '3.6'"
refuse "04-second-wave.md:19:[0-9]*: error: [a-z -]* '12'"
expect "04-second-wave.md:25:[0-9]*: error: a time value '5.1'"
expect "04-second-wave.md:25:[0-9]*: error: a cycle count '18'"
refuse "04-second-wave.md:31:[0-9]*: error: [a-z -]* '1' in a table [^(]*('cycles'"
expect "04-second-wave.md:37:[0-9]*: error: a rate '1.1'"
expect "04-second-wave.md:37:[0-9]*: error: a rate '2.0'"
expect "04-second-wave.md:39:[0-9]*: error: a speed-up claim '2%'"
refuse "04-second-wave.md:41:[0-9]*: error"
cat >06-spread.md <<'EOF2'
# Spread

The spread from run to run was under 1.5%.

From run to run it got 20% faster.

A spread between runs (about 3% from run to run) is noise.

The new allocator wins by 10% across runs.
EOF2

check_lesson 06-spread.md
refuse "06-spread.md:3:[0-9]*: error"
expect "06-spread.md:5:[0-9]*: error: a speed-up claim '20% faster'"
refuse "06-spread.md:7:"
expect "06-spread.md:9:[0-9]*: error: a speed-up claim '10%'"

cat >05-remedies.md <<'EOF2'
# Remedies

The decoder handles 240 records per second on our disk.

The loop costs 4 cycles per element, and the unrolled one is 3x faster.
EOF2

check_lesson 05-remedies.md
expect "05-remedies.md:3:[0-9]*: error: a rate '240 records per second' in prose may be a performance claim (nothing near it says): if it is one, cite it ({{cite:KEY|240 records per second}}) or show a measure block's real output; if it is a setting"
expect "05-remedies.md:5:[0-9]*: error: a cycle count '4 cycles per element' .*: cite the source with {{cite:KEY|4 cycles per element}}, or show it as the real output of a measure block that prints it (a {{measure:ID:STAT}} reference gives times only)"
expect "05-remedies.md:5:[0-9]*: error: a speed-up claim '3x faster' .*: replace it with the measured times it compares ({{measure:ID:STAT}} for each), or cite the source with {{cite:KEY|3x faster}}"
cat >07-attacker.md <<'EOF2'
# Attacker

The LED blinks twice per cycle. Call update() once per cycle.

The speedup averages 15% across runs.

The sort took 12 ms. The two estimates of pi are within 0.1% of each other.

The build takes 40 s; GCC 12 and 13 produce binaries within 2% of each other.

Each task got the following shares of time slots

| task | a | b |
|------|--:|--:|
| x    | 40 | 60 |

A quarter of the DIMM slots are idle.

The UART runs at twice the audio sample rate.

Copying 1 GB takes 80 ms, 15% more than memcpy.

Cycles found in each graph:

| graph | a | b |
|-------|--:|--:|
| road  | 12 | 30 |
EOF2

check_lesson 07-attacker.md
refuse "07-attacker.md:3:"
expect "07-attacker.md:5:[0-9]*: error: a speed-up claim '15%'"
refuse "07-attacker.md:7:[0-9]*: error: [a-z -]* '0.1%"
refuse "07-attacker.md:9:[0-9]*: error: [a-z -]* '2%"
refuse "07-attacker.md:15:"
refuse "07-attacker.md:17:"
refuse "07-attacker.md:19:"
expect "07-attacker.md:21:[0-9]*: error: a speed-up claim '15% more'"
refuse "07-attacker.md:27:"
cat >08-third-wave.md <<'EOF2'
# Third wave

Figures are bytes per cycle:

| size | slice-8 | intersect (per word) |
|------|--------:|---------------------:|
| 4 KB | 0.14    | 7.7                  |

Figures are cycles per byte:

| size | slice-8 |
|------|--------:|
| 4 KB | 7.1     |

Doubles per second, for the last row:

| generator | scalar | AVX2 |
|-----------|-------:|-----:|
| xoshiro   | 740M   | 3.0G |

Select gets slower for sparse sets, by about 60% at 0.1%.

It runs at close to 8 bytes per cycle, the limit set by one crc32 per cycle.

The variation between runs on an unpinned machine was 10-12%.

- 32: 9.1 s, ratio 7.7
EOF2

check_lesson 08-third-wave.md
expect "08-third-wave.md:7:[0-9]*: error: a rate '0.14'"
expect "08-third-wave.md:7:[0-9]*: error: a rate '7.7'"
expect "08-third-wave.md:13:[0-9]*: error: a cycle count '7.1'"
expect "08-third-wave.md:19:[0-9]*: error: a rate '740M'"
expect "08-third-wave.md:21:[0-9]*: error: a speed-up claim '60%'"
refuse "08-third-wave.md:21:[0-9]*: error: [a-z -]* '0.1%'"
expect "08-third-wave.md:23:[0-9]*: error: a rate 'one crc32 per cycle'"
refuse "08-third-wave.md:25:"
refuse "08-third-wave.md:27:[0-9]*: error: [a-z -]* '7.7'"
cat >09-across-waves.md <<'EOF2'
# Across the waves

That is 25 GB/s, four times the scalar generator.

Throughput rose to 11 thousand queries per second per core, 3.7 times the starting point.

The array is 4 MB, four times the L2 cache.

It takes 40 ms. The table holds four times the entries.

The loop took 3 s and ran 251004 times the loop body.

Where does the time go? `perf` says 45% in `rand`, 30% in the `log`, and 20% in `exp`.

Where does the time go now? A fresh profile shows decoding at 19%, intersection at 24%.

The heap profile shows 40% in malloc.

The profile was taken at 50%.
EOF2

check_lesson 09-across-waves.md
expect "09-across-waves.md:3:[0-9]*: error: a speed-up claim 'four times the scalar generator'"
expect "09-across-waves.md:5:[0-9]*: error: a speed-up claim '3.7 times the starting point'"
refuse "09-across-waves.md:7:"
refuse "09-across-waves.md:9:[0-9]*: error: [a-z -]* 'four times"
refuse "09-across-waves.md:11:[0-9]*: error: [a-z -]* '251004"
expect "09-across-waves.md:13:[0-9]*: error: a share of the run time '45%'"
expect "09-across-waves.md:13:[0-9]*: error: a share of the run time '20%'"
expect "09-across-waves.md:15:[0-9]*: error: a share of the run time '24%'"
refuse "09-across-waves.md:17:"
refuse "09-across-waves.md:19:"
cat >10-attacker2.md <<'EOF2'
# Second attacker

The velocity profile ramps the motor to 80% in 200 ms.

The power profile shows the CPU at 30%, the radio at 60%.

The profiler samples 1% in production.

The improvement across runs was 15%.

It is set by init() to 250 ms.

Each of these sets 40 ms.

It takes 40 ms. Reserve four times the default.

Ticks per second, as configured in FreeRTOSConfig.h:

| mode | a |
|------|--:|
| x    | 1000 |

The timings are clock cycles as specified by JEDEC:

| part | CL |
|------|---:|
| x    | 16 |
EOF2

check_lesson 10-attacker2.md
refuse "10-attacker2.md:3:[0-9]*: error: [a-z -]* '80%'"
refuse "10-attacker2.md:5:"
refuse "10-attacker2.md:7:"
expect "10-attacker2.md:9:[0-9]*: error: a speed-up claim '15%'"
refuse "10-attacker2.md:11:[0-9]*: error"
refuse "10-attacker2.md:13:[0-9]*: error"
refuse "10-attacker2.md:15:[0-9]*: error: [a-z -]* 'four times"
refuse "10-attacker2.md:21:"
refuse "10-attacker2.md:27:"
exit $fail
