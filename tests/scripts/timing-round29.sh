#!/bin/sh
# What the twenty-ninth round taught the timing rule (engine/rules/README.md, "Forms of the
# twenty-ninth round"): both ends of a range or a comparison of factors and percentages, and shares
# of a named time.
# - "3x-5x faster", "a 2x--22x gain": two factors joined by a dash are one figure;
# - "2 to 8 times faster", "from 2 up to 16 times faster", "10 to 15% faster": the bare first end takes
#   the second's factor when the second's comparative decides it, with or without "from";
# - "9.0% vs. 7.5% overhead", "+14% to +45%", "38% -> 69%": the near end of a comparison or a range
#   whose far end is a claim is one too;
# - "49% of the build time": a share of the time of a phase a program goes through;
# - a share of the processors by another name ("44% of one hardware thread") and cores a run used ("uses about 10.5 cores at peak", "averaged 1.1 CPUs");
# - a factor's own comparative decides before a later noun of data sets or a name in capitals.
# Each form's look-alikes stay quiet: counts, shares of people or samples, a person's own time, a
# machine's count of cores, a sizing rule, a mapping written with an arrow (an attacker's review).
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-ranges.md <<'EOF2'
# Ranges of factors

The new parser runs 3x-5x faster than the old one.

Against the reference build we measured a 2x--22x gain.

The p99 improved from ~12 to ~7 ms.

The accelerator is about 10 to 100 times faster than the host, depending on the kernel.

With vector code the loop goes from 2 up to 16 times faster.

After the change, lookups are 10 to 15% faster.
EOF2

check_lesson 01-ranges.md
expect "01-ranges.md:3:[0-9]*: error: a speed-up claim '3x-5x faster'"
expect "01-ranges.md:5:[0-9]*: error: a speed-up claim '2x--22x gain'"
expect "01-ranges.md:7:[0-9]*: error: a time value '12'"
expect "01-ranges.md:9:[0-9]*: error: a speed-up claim '10'"
expect "01-ranges.md:9:[0-9]*: error: a speed-up claim '100 times faster'"
expect "01-ranges.md:11:[0-9]*: error: a speed-up claim '2'"
expect "01-ranges.md:11:[0-9]*: error: a speed-up claim '16 times faster'"
expect "01-ranges.md:13:[0-9]*: error: a speed-up claim '10'"

cat >02-pairs.md <<'EOF2'
# Comparisons of percentages

Across the suite we saw 9.0% vs. 7.5% overhead.

The two builds differ: 12% versus 4% slower than the baseline.

Decompression speed improved from +14% to +45%.

Thread scaling went 38% -> 69% faster when the boost was off.

Codegen is 49% of the build time, and 1% after the change.

The p99 sits at 5 to 10 ms under load.
EOF2

check_lesson 02-pairs.md
expect "02-pairs.md:3:[0-9]*: error: a speed-up claim '9\.0%'"
expect "02-pairs.md:3:[0-9]*: error: a speed-up claim '7\.5% overhead'"
expect "02-pairs.md:5:[0-9]*: error: a speed-up claim '12%'"
expect "02-pairs.md:5:[0-9]*: error: a speed-up claim '4% slower'"
expect "02-pairs.md:7:[0-9]*: error: a speed-up claim '14% to +45%'"
expect "02-pairs.md:9:[0-9]*: error: a speed-up claim '38%'"
expect "02-pairs.md:9:[0-9]*: error: a speed-up claim '69% faster'"
expect "02-pairs.md:11:[0-9]*: error: a share of the run time '49%'"
expect "02-pairs.md:13:[0-9]*: error: a time value '5'"

cat >03-alike.md <<'EOF2'
# Look-alikes

The test ran 2 to 3 times on every commit.

We grew the pool from 2 up to 16 threads.

The cache holds 10 to 15% of the keys.

The survey found 9.0% vs. 7.5% of users on the old client.

Returns went from +14% to +45% of the fund's value.

I spend 60% of my time on reviews and 40% on code.

The lab takes 30% of the class time.

The solver takes 20% of the time steps to converge.

The kernel spends 12% of the time slices in the idle loop.

About half of the time the branch is taken.

The map is 3x-5x larger than the old one.

The grid uses 3x-5x tiles per block.

The solver takes half of the time steps to converge.

The queue holds a third of the time stamps.
EOF2

check_lesson 03-alike.md
refuse "03-alike.md:[0-9]:[0-9]*: error"
refuse "03-alike.md:1[0-8]:[0-9]*: error"
refuse "03-alike.md:2[0-9]:[0-9]*: error"
refuse "03-alike.md:3[0-9]:[0-9]*: error"
refuse "03-alike.md:[0-9]*:[0-9]*: warning"
expect "03-alike.md:19:[0-9]*: error: a share of the run time '12% of the time'"

cat >04-cores.md <<'EOF2'
# Cores

The proxy as a whole uses about 10.5 cores at peak.

The collector averaged 1.1 CPUs over the day.

We estimate the saving at something like 175 cores at peak.

The tally now uses a bit more than half a core.

Its CPU usage peaked at 3.5 cores.

The busiest thread sat at 44% of one hardware thread.

Its CPU usage peaked at 2.5 cores on average.

Logging went from about 11% of one hardware thread to maybe 6%.

It saved roughly 3 μs per request, about 0.1% of CPU.
EOF2

check_lesson 04-cores.md
expect "04-cores.md:3:[0-9]*: error: a share of the run time '10\.5 cores'"
expect "04-cores.md:5:[0-9]*: error: a share of the run time '1\.1 CPUs'"
expect "04-cores.md:7:[0-9]*: error: a share of the run time '175 cores'"
expect "04-cores.md:9:[0-9]*: error: a share of the run time 'half a core'"
expect "04-cores.md:11:[0-9]*: error: a share of the run time '3\.5 cores'"
expect "04-cores.md:13:[0-9]*: error: a share of the run time '44% of one hardware thread'"
expect "04-cores.md:15:[0-9]*: error: a share of the run time '2\.5 cores'"
expect "04-cores.md:17:[0-9]*: error: a share of the run time '11% of one hardware thread'"
expect "04-cores.md:17:[0-9]*: error: a speed-up claim '6%'"
expect "04-cores.md:19:[0-9]*: error: a share of the run time '0\.1% of CPU'"

cat >05-ends.md <<'EOF2'
# Two ends

Every so often a shard would stall for 5 to 10 ms.

- SSE2: 1.12 -> 1.94 GB/s.

- Lookup, median: 38 → 6 cycles.

The p99 fell from 390k to 310k ops/s.

The rate fell from about 2,600 to about 190 per second.

Training is 3x faster on sample sets larger than 100 MB.

SET benchmarks got 2x slower on large tables.

- Throughput 1.12 → 1.94 GB/s, up 73%.

The pool grew 4 → 8 threads, up 100%.

- SSE2: 1.12 -> 1.94 GB/s, up 73%.
EOF2

check_lesson 05-ends.md
expect "05-ends.md:3:[0-9]*: error: a time value '5'"
expect "05-ends.md:3:[0-9]*: error: a time value '10 ms'"
expect "05-ends.md:5:[0-9]*: error: a rate '1\.12'"
expect "05-ends.md:5:[0-9]*: error: a rate '1\.94 GB/s'"
expect "05-ends.md:7:[0-9]*: error: a cycle count '38'"
expect "05-ends.md:9:[0-9]*: error: a rate '390k'"
expect "05-ends.md:11:[0-9]*: error: a rate '2,600'"
expect "05-ends.md:13:[0-9]*: error: a speed-up claim '3x faster'"
expect "05-ends.md:15:[0-9]*: error: a speed-up claim '2x slower'"
expect "05-ends.md:17:[0-9]*: error: a rate '1\.12'"
expect "05-ends.md:17:[0-9]*: error: a speed-up claim '73%'"
refuse "05-ends.md:19:"
expect "05-ends.md:21:[0-9]*: error: a speed-up claim '73%'"

cat >06-alike.md <<'EOF2'
# Look-alikes of cores and ends

The build machine has 16 cores and 64 GB of memory.

By default `make -j` uses 4 cores on this runner.

The cache takes 5% of the machine's memory.

We cap the service at 50% of the cgroup quota.

At 512 to 6.3 ns the curve flattens.

Chapters 3 to 5 cover the allocator.

Version 3 to 4 ms of warm-up is plenty.

We set the rows 1 -> 4 in the table.

Set the timeout from 5 to 10 s if the link is slow.

At most 30% of the lesson time goes to quizzes.

The striker played 80% of the match time.

When a task exceeds 100% of the cgroup quota in a period, the kernel throttles it.

Give the database 50% of one hardware thread.

Each node needs about 2 cores and 4 GB of RAM.

A typical laptop uses about 4 cores.

If you pass --cpus=2.5, the container uses 2.5 CPUs at most.

The chip runs all 8 cores at peak clock for 28 seconds.

Each hyperthread runs on half a core.

The ADC samples 2x faster when configured with a prescaler of 2.

Prescaler 64 → 1.024 ms overflow period.

Batch 32 -> 12 ms per step on the big card.

Baud 9600 -> 104 µs per bit.

Adding 5 to 10 ms to the budget is fine.

Debounce levels: 1 -> 10 ms, 2 -> 20 ms, 3 -> 50 ms.

Alert when usage goes from 80% to 90% of the cgroup quota.

Throttling starts when the container reaches 100% of its CPU quota.

The deployment uses a 0.5 CPU request and a 1 CPU limit.

With --cpus=0.5 the container uses 0.5 CPUs on average.

The benchmark used a container with 0.5 CPUs and 512 MB of memory.

Plan for 32 cores at peak and 8 off-peak.

Students spend about 25% of the test time reading the prompt.

Benchmarks run for 1 to 3 s by default.

The new drug works 40% vs. 25% of the time.

The pass rate was ~85% vs ~80% last term.

Baud rates and bit times: 9600 → 104 µs, 115200 → 8.7 µs.

Busy-loops that consume 100% CPU time but end due to a set timeout value are not bugs.

The loop gets 2x faster once the test sets the -O2 flag.
EOF2

check_lesson 06-alike.md
# the only reports are durations the rule already reported on its own (their far ends, unsure): no
# first end, no share, no core count, no factor of these look-alikes
others=$(grep ': error: ' err | grep -v "06-alike.md:11:[0-9]*: error: a time value '6\.3 ns'" |
	grep -v "06-alike.md:15:[0-9]*: error: a time value '4 ms'" |
	grep -v "06-alike.md:35:[0-9]*: error: a time value '28 seconds'" |
	grep -v "06-alike.md:41:[0-9]*: error: a time value '1\.024 ms'" |
	grep -v "06-alike.md:43:[0-9]*: error: a time value '12 ms'" |
	grep -v "06-alike.md:45:[0-9]*: error: a time value '104 µs'" |
	grep -v "06-alike.md:49:[0-9]*: error: a time value '[125]0 ms'" |
	grep -v "06-alike.md:71:[0-9]*: error: a time value '\(104\|8\.7\) µs'")
if [ -n "$others" ]; then
	echo "FAIL: look-alikes reported:"
	echo "$others"
	fail=1
fi
refuse "06-alike.md:[0-9]*:[0-9]*: warning"

exit $fail
