#!/bin/sh
# What the twenty-third round taught the timing rule (tests/corpus/README.md, engine/rules/README.md):
# only forms that recurred across the probes of three rounds, written by different reviewers
# (tests/corpus/hpc20*..hpc22*), each with the sentences it must leave alone:
# - "within N% of X" after a verb of running or "is" ("ran within 3% of the hand-written one", "the
#   log is within 30% of libmvec"), a hedge between ("within about 1% of both"); not a bound ("must
#   perform within 20% of", "if ... within"), not a reading ("the estimate is within 1% of the true
#   value", "the clock is within 1% of 16 MHz"), not another measure ("within 29% of it in misses");
# - "half as fast", "half again as fast"; a duration spelled below or beside one unit ("a third of a
#   second", "a quarter of a cycle", "a cycle and a half"); "four times the code" names no speed;
# - a "by N%" takes its class from its verb: "slowed the benchmark by 6%" (over "misses" in the next
#   clause), "trails triad ..., by 11-13%"; "grew the binary by 18%" is of memory;
# - "worth N%" stays to the sentence ("this alone was worth 12%" is missed): a grade's share is worth
#   N% too ("The final is worth 30%", "Each thread you get working is worth 5%"), whatever the
#   paragraph speaks of (two attackers' reviews: the form was built, then taken back);
# - a factor or percentage ahead or behind is a lead in speed ("an order of magnitude ahead of
#   std::sort"); a time ahead stays a clock's ("UTC is 8 hours ahead"), and so does "The clock is 5%
#   behind", "10% behind schedule";
# - work done once per interval of cycles or nanoseconds is a pace ("once every five cycles", "4
#   bytes every 1.1 ns", "parses a number every 0.9 ns"); a timer that fires, a sample, a model's
#   "for 1 nanosecond every 10,000 nanoseconds" keep their period;
# - a table's lead-in rate with up to six words before "per" ("in millions of input elements
#   processed per second:");
# - a count in millions or billions ending its clause after a rate is the rate again ("The first
#   cliff takes it to about 180 million"); not one something has ("The table has 4 million.");
# - units: "µsec", "μsec"; a code span opening with "≈" ("`≈112 μs`");
# - a change a few words after a figure ("30% below the mutex"); a profile's share moved to ("is down
#   to 22%"); a share of "our run time" whatever the sentence says of memory ("of the runtime
#   memory" is none); a factor's verb ("improved performance 3.5 times", "exceeds the sequential
#   version by over 32 times"; "reduced the file size by 3x", "increased the timeout by 3 times"
#   are not).
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-within.md <<'EOF2'
# Within

The auto-vectorized loop ran within 3% of the hand-written version.

The mutex in glibc has a few extra checks, and it is within 10% of ours.

We got 4.05 cycles per iteration, within about 1% of both.

Your code must perform within 20% of the reference solution.

If the measured time is within 10-20% of it, there is nothing to gain.

The estimate is within 1% of the true value.

The clock is within 1% of 16 MHz.

LRU comes within 29% of it in misses.
EOF2

check_lesson 01-within.md
expect "01-within.md:3:[0-9]*: error: a speed-up claim '3%'"
expect "01-within.md:5:[0-9]*: error: a speed-up claim '10%'"
expect "01-within.md:7:[0-9]*: error: a speed-up claim '1%'"
refuse "01-within.md:9:"
refuse "01-within.md:11:"
refuse "01-within.md:13:"
refuse "01-within.md:15:"
refuse "01-within.md:17:"

cat >02-fractions.md <<'EOF2'
# Fractions

It was half as fast as three streams on this core and needed four times the code.

Montgomery form is half again as fast as the constant modulus in the inner loop.

With vector xoshiro the whole simulation takes a third of a second.

It would need a quarter of a cycle per element.

We expect around a cycle and a half per integer.

The key is half as wide as the old one.
EOF2

check_lesson 02-fractions.md
expect "02-fractions.md:3:[0-9]*: error: a speed-up claim 'half as fast'"
refuse "02-fractions.md:3:[0-9]*: error: [a-z -]* 'four times the code'"
expect "02-fractions.md:5:[0-9]*: error: a speed-up claim 'half again as fast'"
expect "02-fractions.md:7:[0-9]*: error: a time value 'a third of a second'"
expect "02-fractions.md:9:[0-9]*: error: a cycle count 'a quarter of a cycle'"
expect "02-fractions.md:11:[0-9]*: error: a cycle count 'a cycle and a half'"
refuse "02-fractions.md:13:"

cat >03-by.md <<'EOF2'
# By

Forcing it inline everywhere grew the binary by 18% and slowed the benchmark by 6%:
instruction cache misses went up by a factor of three.

Copy trails triad at every thread count, by 11-13%.

In one inner loop this alone was worth 12%.

Tiling the loop comes last, and it is usually worth 10-50%, not more.

The final is worth 30%.

The lab is worth 10% of your grade.
EOF2

check_lesson 03-by.md
refuse "03-by.md:3:[0-9]*: error: [a-z -]* '18%'"
expect "03-by.md:3:[0-9]*: error: a speed-up claim '6%'"
expect "03-by.md:6:[0-9]*: error: a speed-up claim '11-13%'"
refuse "03-by.md:8:"
refuse "03-by.md:10:"
refuse "03-by.md:12:"
refuse "03-by.md:14:"

cat >04-ahead.md <<'EOF2'
# Ahead

From 2^18 on, at 5 ns per element, the radix sort is an order of magnitude ahead of std::sort.

In the inner loop the philox generator is three times behind xoshiro.

UTC is 8 hours ahead.

The clock is 5% behind.

We are 10% behind schedule.
EOF2

check_lesson 04-ahead.md
expect "04-ahead.md:3:[0-9]*: error: a speed-up claim 'an order of magnitude ahead'"
expect "04-ahead.md:5:[0-9]*: error: a speed-up claim 'three times behind'"
refuse "04-ahead.md:7:"
refuse "04-ahead.md:9:"
refuse "04-ahead.md:11:"

cat >05-every.md <<'EOF2'
# Every

The divider can start only once every five cycles.

For eight-digit fields it parses a number every 0.9 ns.

That figure is really a bandwidth: 4 bytes every 1.1 ns.

The timer fires once every 100 ns.

Take one sample every 10 ns.

Imagine two threads that lock a common lock for 1 nanosecond every 10,000 nanoseconds.
EOF2

check_lesson 05-every.md
expect "05-every.md:3:[0-9]*: error: a cycle count 'five cycles'"
expect "05-every.md:5:[0-9]*: error: a time value '0.9 ns'"
expect "05-every.md:7:[0-9]*: error: a time value '1.1 ns'"
refuse "05-every.md:9:"
refuse "05-every.md:11:"
refuse "05-every.md:13:"

cat >06-again.md <<'EOF2'
# Again

All variants on the same pair of lists, in millions of input elements processed per second:

| algorithm    | 1:1 | 1:10 |
|--------------|----:|-----:|
| scalar merge | 308 | 270  |

Up to 2^11 entries the loop runs at about 300 million lookups per second. The first cliff takes it
to about 180 million, where it stays while the table fits in L2.

The parser reads 200 million rows per second. The table has 4 million.

The call costs ~1µsec, and a second call `≈112 μs` in total.
EOF2

check_lesson 06-again.md
expect "06-again.md:7:[0-9]*: error: a rate '308'"
expect "06-again.md:7:[0-9]*: error: a rate '270'"
expect "06-again.md:10:[0-9]*: error: a rate '180 million'"
refuse "06-again.md:13:[0-9]*: error: [a-z -]* '4 million'"
expect "06-again.md:14:[0-9]*: error: a time value '1µsec'"
expect "06-again.md:14:[0-9]*: error: a time value '≈112 μs'"
cat >07-verbs.md <<'EOF2'
# Verbs

The ticket lock manages 19 million sections per second, about 30% below the mutex.

In the new profile `hash_lookup` is down to 22%, and `read_words` is at 31%.

Now memory allocation and garbage collection accounts for 50.9% of our run time.

The heap uses 30% of the runtime memory.

One call before the first call improved performance 3.5 times!

The code exceeds the sequential version by over 32 times!

Compression reduced the file size by 3x.

We increased the timeout by 3 times.

The slowest run was up to 6% above the median.

Keep the load 20% below capacity.
EOF2

check_lesson 07-verbs.md
expect "07-verbs.md:3:[0-9]*: error: a speed-up claim '30% below'"
expect "07-verbs.md:5:[0-9]*: error: a share of the run time '22%'"
expect "07-verbs.md:7:[0-9]*: error: a share of the run time '50.9% of our run time'"
refuse "07-verbs.md:9:"
expect "07-verbs.md:11:[0-9]*: error: a speed-up claim '3.5 times'"
expect "07-verbs.md:13:[0-9]*: error: a speed-up claim '32 times'"
refuse "07-verbs.md:15:"
refuse "07-verbs.md:17:"
refuse "07-verbs.md:19:"
refuse "07-verbs.md:21:"
# a new author's review (lesson 10): a grade's score is no benchmark's; a time a harness allows is
# given; an overhead's share of the time is of the run; the remedy for a factor says it is replaced
cat >10-author.md <<'EOF2'
# Author

Each student has a name, a score out of 100 and the time of the last change.

A score of 90 or more is an A.

Our test harness allows 2 s per test.

With lines this short the per-call overhead is about 20% of the time.

The memchr loop is 3x faster than the naive one.

The L3 cache allows for 60 GB/s for a single core.
EOF2

check_lesson 10-author.md
refuse "10-author.md:3:"
refuse "10-author.md:5:"
refuse "10-author.md:7:"
expect "10-author.md:9:[0-9]*: error: a share of the run time '20% of the time'"
expect "10-author.md:11:[0-9]*: error: a speed-up claim '3x faster' .*: replace it with the measured times it compares"
expect "10-author.md:13:[0-9]*: error: a rate '60 GB/s'"
in_ledger 10-author.md "let pass '2 s' as specified ('allows'"

# a second attacker's review (lesson 11): what the narrowed forms still over-reached
cat >11-attacker2.md <<'EOF2'
# Attacker 2

Each thread you get working is worth 5%.

Refactoring cut the code by 30%.

We increased the loop count by 50% so that the timer has something to measure.

We raised the time quantum by 25%.

The fan increased speed 3 times before the board shut down.

Our square root is within 0.5% of the library's version for every input we tried.

After rounding, the result stays within 0.1% of ours.

The simulation ran within 5% of the measured trajectory.

The new array is within 10% of the old one.

With two threads, the write index may run at most twice ahead of the read index.

When the head is 50% ahead of the tail, the buffer is half full.

In the game loop, the enemy sprite moves half as fast as the player.

At 100 MHz the counter increments once every 10 ns.

Set the DMA engine to move 64 bytes every 100 ns.

The ADC completes one conversion every 500 ns.

The loop runs at {{cite:knuth|300 million lookups per second}}, with the table at 4 million.

The loop runs at {{cite:knuth|300 million lookups per second}}. The counter wraps at 4 billion.

The refill values, in tokens added to the bucket per second:

| tier | value |
|------|------:|
| free | 10 |

Each tier's request quotas, in API calls a client may make per minute:

| tier | value |
|------|------:|
| free | 60 |

As expected, the unrolled loop ran within 3% of the hand-written one.

[knuth]: https://example.org/taocp "Knuth, TAOCP vol. 3, 1998"
EOF2

check_lesson 11-attacker2.md
refuse "11-attacker2.md:\([1-9]\|[1-3][0-9]\|4[0-8]\):[0-9]*: error"
expect "11-attacker2.md:49:[0-9]*: error: a speed-up claim '3%'"

# an attacker's review: what the first versions of these forms reported wrongly (lesson 8), and what
# they made the rule miss (lesson 9)
cat >08-attacker.md <<'EOF2'
# Attacker

The test checks that the output is within 1% of the reference.

Make sure the average is within 5% of the median.

Its size is within 10% of the original.

Each bucket gets within 10% of the average load.

Code style is worth 15% and correctness the rest.

The coupon is worth 25% off.

Our team beat the deadline by 10%.

Our classifier outperformed the baseline by 4% accuracy.

The candidate beat his rival by 4% of the vote.

The write pointer is two times ahead of the read pointer in the ring buffer.

Sales are 5% ahead of forecast.

The watchdog is reset once every 500 ns.

The signal generator emits one pulse every 25 ns.

The loop runs at {{cite:knuth|300 million lookups per second}}. We test it on 10 million.

We sort 10 million.

Set N to 10 million.

The UART speeds, in bits sent over the wire per second:

| port | value |
|------|------:|
| ttyS0 | 115200 |

The new array is half as long as the old one.

A child walks half as fast as an adult.

The lower half faster than the upper half? No.

The song is a minute and a half long.

[knuth]: https://example.org/taocp "Knuth, TAOCP vol. 3, 1998"
EOF2

check_lesson 08-attacker.md
refuse "08-attacker.md:[0-9]*:[0-9]*: error"

cat >09-attacker-missed.md <<'EOF2'
# Attacker, missed

Interleaving reduced the memory access time by 20%.

Huge pages cut the memory latency by 30%.

Each call costs about 3 microsec.

The call takes `∼112 μs`.
EOF2

check_lesson 09-attacker-missed.md
expect "09-attacker-missed.md:3:[0-9]*: error: a speed-up claim '20%'"
expect "09-attacker-missed.md:5:[0-9]*: error: a speed-up claim '30%'"
expect "09-attacker-missed.md:7:[0-9]*: error: a time value '3 microsec'"
expect "09-attacker-missed.md:9:[0-9]*: error: a time value '∼112 μs'"
exit $fail
