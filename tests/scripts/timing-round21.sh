#!/bin/sh
# What the twenty-first round taught the timing rule (tests/corpus/README.md, engine/rules/README.md),
# from chapters HPC authors wrote new against the round's start (the probes hpc21a ... hpc21e):
# - a caption in brackets under a table ("(Query latency in nanoseconds, averaged over ...; ...)")
#   says what its figures are (its '(' was taken off before it was tested, so no bracket was read);
#   a caption that names the columns ("(Both columns are nanoseconds per element.)") or says what
#   the table gives ("The table gives the time relative to the aligned version; ...") does too, the
#   latter making the figures factors; a "relative" column beside a column of times holds
#   speed-ups, and so does a signed "+26%" under "vs. previous";
# - a factor of the figure just given ("2.7 times the single-core one", "ten times that", "about
#   half that", "a third of that", "four times the median"); "two and a half times"; "about a quarter
#   longer"; "three times cheaper"; "beats ..., by a factor of 2-3x" across the comma; "N% off";
#   "bought/lose N%"; "within 3% of native", "within 3% of the 64-thread time"; "60 Mqps"; "gave
#   another 11%", "a further 35-40% over AVX2", "we measured 2%"; fractions in words ("four fifths
#   of the time is spent ...", "an eighth of the machine's bandwidth"); "0.48 G" in a rate column;
#   "The table lists nanoseconds per value." under a table;
# - a figure that continues a time with its unit left out: a possessive's ("against CSR's 6.0",
#   "the serial loop's 4.4", "and glibc's to 31", "and rho's by only 4"), "14 versus 23 ns", an
#   aside's ("3 cycles (4 on Skylake)"), a series' ends ("from 0.48 to 0.85 to 3.9 billion cells
#   per second"), "It takes about 300." after a
#   time, "and 60 per update", a hedged or decimal figure within two sentences ("close to 40",
#   "ours managed 0.61");
# - words that were read in another sense: "the force pass" is a pass over the data, not a value
#   passed; "at every size" says where a factor holds; a top-down table's "Share of slots" is
#   measured, not a definition table's class bound;
# - a new author's review and an attacker's (lessons 7 and 8): a caption "Table 2: ..." under a table,
#   a figure continuing a measured or cited one, a time restating `sleep(2)`'s argument, a factor
#   of "that" only with a figure before it, words of gain only where nothing else decides;
# - kept unreported: a product's version ("on V8 6.0"), a variable's value ("When p is 0.5"), a
#   count's ceiling ("the counter goes up to 40"), "The buffer is about 300.", "Python's 3 workers",
#   "version 3 vs. 4", "Pass 5 ms to the function.", "The reason is twofold.", "Get 20% off the
#   price.", "We lost 5% of the packets.", a class table's "Response time", "5% over budget",
#   "another 10% of the users", "two thirds of the students", "twice over the network", "trims
#   memory by a further factor of 15/8".
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-captions.md <<'EOF2'
# Captions

| n    | top-down | Fenwick |
|------|----------|---------|
| 2^10 | 55       | 6       |
| 2^20 | 250      | 42      |

(Query latency in nanoseconds, averaged over many random queries; updates look the same.)

| Offset | L1 loop |
|-------:|--------:|
| 0      | 1.00    |
| 4      | 1.06    |

The table gives the time relative to the aligned version; numbers above one are slowdowns.

| Elements | std::sort | radix |
|---------:|----------:|------:|
| 2^8      | 21        | 58    |

(Both columns are nanoseconds per element.)

| chains | ns per access | relative |
|--------|---------------|----------|
| 2      | 51            | 1.96     |

| Version   | Mqps | vs. previous |
|-----------|------|--------------|
| Eytzinger | 9.1  | 2.8x         |
| S-tree    | 11.5 | +26%         |

Throughput is in millions of queries per second, as above.
EOF2

check_lesson 01-captions.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
expect "01-captions.md:6:10: error: [a-z -]* '250'"
expect "01-captions.md:6:21: error: [a-z -]* '42'"
expect "01-captions.md:13:12: error: a speed-up claim '1.06'"
expect "01-captions.md:19:14: error: a time value '21'"
expect "01-captions.md:19:26: error: a time value '58'"
expect "01-captions.md:25:28: error: a speed-up claim '1.96'"
expect "01-captions.md:30:23: error: a speed-up claim '26%'"

cat >02-factors.md <<'EOF2'
# Factors

With all eight cores the stream figure rose to 38 GB/s, 2.7 times the single-core one.

A core could finish in 2 ms. The version in most textbooks takes ten times that.

The loop ran in 1.5 ns per element, and about half that with the mask.

The sieve takes 1.2 s; the wheel removes a third of that.

The median is 210 ms; the slowest run is nearly four times the median.

It took 268 ms, about a quarter longer.

The 3x3 blocks are two and a half times faster than the plain ones.

Each trial is about three times cheaper again.

The branchless search beats the original at every size, by a factor of 2-3x.

Huge pages shaved another 8% off the shuffled traversal.

Going from -O2 to -O3 bought about 26%.

On our n-body code it got within 3% of native.

It ran in 0.86 s, within 3% of the 64-thread time.

With batches the throughput rises to about 60 Mqps.
EOF2

check_lesson 02-factors.md
expect "02-factors.md:3:[0-9]*: error: a speed-up claim '2.7 times the single-core one'"
expect "02-factors.md:5:[0-9]*: error: a speed-up claim 'ten times that'"
expect "02-factors.md:7:[0-9]*: error: a speed-up claim 'half that'"
expect "02-factors.md:9:[0-9]*: error: [a-z -]* 'a third of that'"
expect "02-factors.md:11:[0-9]*: error: a speed-up claim 'four times the median'"
expect "02-factors.md:13:[0-9]*: error: a speed-up claim 'a quarter longer'"
expect "02-factors.md:15:[0-9]*: error: a speed-up claim 'two and a half times faster'"
expect "02-factors.md:17:[0-9]*: error: a speed-up claim 'three times cheaper'"
expect "02-factors.md:19:[0-9]*: error: a speed-up claim 'a factor of 2-3'"
expect "02-factors.md:21:[0-9]*: error: a speed-up claim '8% off'"
expect "02-factors.md:23:[0-9]*: error: a speed-up claim '26%'"
expect "02-factors.md:25:[0-9]*: error: a speed-up claim '3% of native'"
expect "02-factors.md:27:[0-9]*: error: [a-z -]* '3% of the 64-thread time'"
expect "02-factors.md:29:[0-9]*: error: a rate '60 Mqps'"

cat >03-continued.md <<'EOF2'
# Continued

ELL took 4.1 ms against CSR's 6.0, so ELL wins.

It reaches 4.8 cycles per point, barely more than the serial loop's 4.4 although the cores share a bus.

The pool's cost rose to 6.5 ns, and glibc's to 31.

In L2 it is smaller, 14 versus 23 ns.

You would expect a query to take well under 50 ns. It takes about 300.

An L1 hit costs 4 cycles, and 12 for L2. An L3 hit is around 40, and DRAM is slower.

It takes 75 ns per query and 60 per update.

It streams 24 GB/s; for buffers in L1 it goes higher still, close to 40.

The scalar loop needs 2.4 ns per byte; ours managed 0.61.

The force pass went from 2.7 ms to 2.3 ms.
EOF2

check_lesson 03-continued.md
expect "03-continued.md:3:[0-9]*: error: a time value '6.0'"
expect "03-continued.md:5:[0-9]*: error: a cycle count '4.4'"
expect "03-continued.md:7:[0-9]*: error: a time value '31'"
expect "03-continued.md:9:[0-9]*: error: [a-z -]* '14'"
expect "03-continued.md:11:[0-9]*: error: a time value '300'"
expect "03-continued.md:13:[0-9]*: error: a cycle count '40'"
expect "03-continued.md:15:[0-9]*: error: a time value '60'"
expect "03-continued.md:17:[0-9]*: error: a rate '40'"
expect "03-continued.md:19:[0-9]*: error: a time value '0.61'"
expect "03-continued.md:21:[0-9]*: error: [a-z -]* '2.7 ms'"

cat >04-slots.md <<'EOF2'
# Slots

| Category        | Share of slots |
|-----------------|----------------|
| Retiring        | 15.2%          |
| Backend bound   | 70.9%          |

| Class | Response time |
|-------|---------------|
| A     | 5 ms          |
EOF2

check_lesson 04-slots.md
expect "04-slots.md:5:[0-9]*: error: [a-z -]* '15.2%'"
expect "04-slots.md:6:[0-9]*: error: [a-z -]* '70.9%'"
refuse "04-slots.md:10:"

cat >05-kept.md <<'EOF2'
# Kept

The run took 1.9 s on V8 6.0 and 0.5 s on V8 6.3.

It takes 4 ms. When p is 0.5, the branch is a coin flip.

The loop takes 5 ms. Then the counter goes up to 40.

It takes 5 ms. The buffer is about 300.

It takes 5 ms and Python's 3 workers help.

The run took 3 ms on version 3 vs. 4 of the library.

Pass 5 ms to the function.

The reason is twofold.

Get 20% off the price.

We lost 5% of the packets.

Memory use is 4 MB, twice that of the old one.
EOF2

check_lesson 05-kept.md
refuse "05-kept.md:3:[0-9]*: error: [a-z -]* '6"
refuse "05-kept.md:5:[0-9]*: error: [a-z -]* '0.5'"
refuse "05-kept.md:7:[0-9]*: error: [a-z -]* '40'"
refuse "05-kept.md:9:[0-9]*: error: [a-z -]* '300'"
refuse "05-kept.md:11:[0-9]*: error: [a-z -]* '3'"
refuse "05-kept.md:13:[0-9]*: error: [a-z -]* '3'"
refuse "05-kept.md:15:"
refuse "05-kept.md:17:"
refuse "05-kept.md:19:"
refuse "05-kept.md:21:"
refuse "05-kept.md:23:[0-9]*: error"
cat >06-more.md <<'EOF2'
# More

For this loop, barely; we measured 2%.

Threaded code typically gives another 2-4x.

A further 35-40% over AVX2 at the same clock.

Roughly four fifths of the time is spent finding a word.

A single core gets under an eighth of the machine's bandwidth.

A floating-point add takes 3 cycles (4 on Skylake).

Trial division takes 6 ms per number, and rho's by only 4.

It went from 0.48 to 0.85 to 3.9 billion cells per second.

| n    | Time (s) | Cells/s |
|------|----------|---------|
| 1000 | 2.1      | 0.48 G  |

| Input  | switch | if-else |
|--------|--------|---------|
| sorted | 1.2    | 0.9     |

The table lists nanoseconds per value.

The project ran over budget; it is 5% over budget now.

Another 10% of the users left, and two thirds of the students passed.

The data crosses the network twice over the network.

The wheel trims memory by a further factor of 15/8.
EOF2

check_lesson 06-more.md
expect "06-more.md:3:[0-9]*: error: a speed-up claim '2%'"
expect "06-more.md:5:[0-9]*: error: a speed-up claim '2-4x'"
expect "06-more.md:7:[0-9]*: error: a speed-up claim '35-40%'"
expect "06-more.md:9:[0-9]*: error: [a-z -]* 'four fifths of the time'"
expect "06-more.md:11:[0-9]*: error: [a-z -]* 'an eighth of the machine's bandwidth'"
expect "06-more.md:13:[0-9]*: error: a cycle count '4'"
expect "06-more.md:15:[0-9]*: error: a time value '4'"
expect "06-more.md:17:[0-9]*: error: [a-z -]* '0.48'"
expect "06-more.md:17:[0-9]*: error: [a-z -]* '0.85'"
expect "06-more.md:21:[0-9]*: error: a rate '0.48 G'"
expect "06-more.md:25:[0-9]*: error: a time value '1.2'"
expect "06-more.md:25:[0-9]*: error: a time value '0.9'"
refuse "06-more.md:29:"
refuse "06-more.md:31:"
refuse "06-more.md:33:"
refuse "06-more.md:35:"
# what a new author's review found (twenty-first round): a caption "Table 2: ..." after a table (a
# heading above it too), a figure that continues a measured or cited one, a time that restates a
# sleeping call's argument, a count of times before its verb, "three times that on", "two thirds of
# its time", "returns in about 1 µs", "two times an hour apart"
cat >07-author.md <<'EOF2'
# Author

| Version | small | large |
|---------|-------|-------|
| v1      | 180   | 420   |

Table 2: nanoseconds per lookup, for two sizes.

An L1 hit costs {{cite:intel|5 cycles}}, and about 300 in RAM.

The child calls `sleep(2)`, so it runs for 2 seconds.

Polling 1000 times costs about a millisecond.

It takes about 4 seconds on an SSD and three times that on a spinning disk.

The program spends two thirds of its time in the hash function.

A call to `waitpid` returns in about 1 µs.

`difftime()` returns 3600 seconds for two times an hour apart.

[intel]: https://example.org/opt "Intel, optimization manual, 2023"
EOF2

cat >07b-author.md <<'EOF2'
# Author, tables

Nanoseconds per lookup at three table sizes:

| Version | 10k keys | 1M keys |
|---------|----------|---------|
| v1      | 180      | 420     |

Seconds to wait before each retry:

| Service | try 1 | try 2 |
|---------|-------|-------|
| db      | 5     | 10    |

| Service | first | second |
|---------|-------|--------|
| db      | 5     | 10     |

| Run | seconds |
|-----|---------|
| a   | 4       |
EOF2

check_lesson 07b-author.md
expect "07b-author.md:7:[0-9]*: error: a time value '180'"
expect "07b-author.md:7:[0-9]*: error: a time value '420'"
refuse "07b-author.md:13:"
refuse "07b-author.md:17:"
expect "07b-author.md:21:[0-9]*: error: a time value '4'"

check_lesson 07-author.md
expect "07-author.md:5:[0-9]*: error: a time value '180'"
expect "07-author.md:5:[0-9]*: error: a time value '420'"
expect "07-author.md:9:[0-9]*: error: a cycle count '300'"
refuse "07-author.md:11:[0-9]*: error"
expect "07-author.md:13:[0-9]*: error: a time value 'a millisecond'"
refuse "07-author.md:13:[0-9]*: error: [a-z -]* '1000 times"
expect "07-author.md:15:[0-9]*: error: a speed-up claim 'three times that'"
expect "07-author.md:17:[0-9]*: error: [a-z -]* 'two thirds of its time'"
expect "07-author.md:19:[0-9]*: error: a time value '1 µs'"
refuse "07-author.md:21:[0-9]*: error"
# what an attacker's review found (twenty-first round): a hedged "half that" with no figure before it,
# decimals and hedged counts after a time, "of the total" of a cache, words of gain near sizes, the
# verb "pass" before a figure; and claims that escaped (hyphened fractions, "compared with CSR's 6.0",
# a curly apostrophe, a range after a capital at a sentence's start, "loses by a factor of")
cat >08-attacker.md <<'EOF2'
# Attacker

We expect about half that.

The buffer is 4 KB; the stack is about half that.

A lookup takes about 40 ns. Use a load factor of 0.75 here. Each bucket has about 3. We need fewer than 12. We use numpy 1.26 for it.

The cache holds 40% of the total.

The binary grew 5% over the previous release. It gave another 11% on file size. We measured 2x the expected voltage.

The callers pass 250 ms.

Three-quarters of the time is spent in malloc.

ELL took 4.1 ms, compared with CSR's 6.0 in the same run.

The pool's cost rose to 6.5 ns, and glibc’s to 31.

Why is it slow? Between 40 and 60 ms, it depends.

The branchless version wins when the branch is hard to predict, and loses by a factor of almost three when it is easy.
EOF2

check_lesson 08-attacker.md
refuse "08-attacker.md:3:"
refuse "08-attacker.md:5:"
refuse "08-attacker.md:7:[0-9]*: error: [a-z -]* '0.75'"
refuse "08-attacker.md:7:[0-9]*: error: [a-z -]* '3'"
refuse "08-attacker.md:7:[0-9]*: error: [a-z -]* '12'"
refuse "08-attacker.md:7:[0-9]*: error: [a-z -]* '1.26'"
refuse "08-attacker.md:9:"
refuse "08-attacker.md:11:"
refuse "08-attacker.md:13:[0-9]*: error"
expect "08-attacker.md:15:[0-9]*: error: [a-z -]* 'Three-quarters of the time'"
expect "08-attacker.md:17:[0-9]*: error: a time value '6.0'"
expect "08-attacker.md:19:[0-9]*: error: a time value '31'"
expect "08-attacker.md:21:[0-9]*: error: a time value '40 and 60 ms'"
expect "08-attacker.md:23:[0-9]*: error: a speed-up claim 'a factor of almost three'"
# the last two probes' general forms (hpc21h, hpc21i): what the cells or columns are in a lead-in's
# last sentence, "blocked" naming a variant, GT/s, a header's "over step 0", "scales ... 7.6x on 8
# threads", "three times what the naive loop got", "seven times its DRAM figure", "a 41% cut"
cat >09-last.md <<'EOF2'
# Last

The table below is the whole story. Each cell is the throughput in GB/s, measured over 4 KB pages.

| Key | multiply-shift | CRC32 |
|-----|----------------|-------|
| 8   | 29             | 6.1   |

Its query time is close to the blocked Bloom filter's: 29 ns on the large filter.

It uses three UPI links at 10.4 GT/s.

| Step | Time (s) | Speed-up over step 0 |
|------|----------|----------------------|
| 1    | 12.1     | 2.4                  |

The counting scales almost perfectly, 7.6x on 8 threads.

It reached 45 million lookups per second, three times what the naive loop got.

That is 28 GB/s, seven times its DRAM figure.

The run time went from 29 to 17 seconds, a 41% cut.

The image scales by 2x on a retina screen. The loop ran 251004 times; 251004 times the loop ran.
EOF2

check_lesson 09-last.md
expect "09-last.md:7:[0-9]*: error: a rate '29'"
expect "09-last.md:7:[0-9]*: error: a rate '6.1'"
expect "09-last.md:9:[0-9]*: error: [a-z -]* '29 ns'"
refuse "09-last.md:11:"
refuse "09-last.md:13:[0-9]*: error: [a-z -]* '0'"
expect "09-last.md:15:[0-9]*: error: a time value '12.1'"
expect "09-last.md:17:[0-9]*: error: a speed-up claim '7.6x'"
expect "09-last.md:19:[0-9]*: error: a speed-up claim 'three times what'"
expect "09-last.md:21:[0-9]*: error: a speed-up claim 'seven times its DRAM figure'"
expect "09-last.md:23:[0-9]*: error: a speed-up claim '41% cut'"
refuse "09-last.md:25:"
exit $fail
