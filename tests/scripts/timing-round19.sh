#!/bin/sh
# What the nineteenth round taught the timing rule (tests/corpus/README.md, engine/rules/README.md):
# - after a bound ("more than", "under", "within"), "an hour" or "a second" is the number one, a run's
#   time when a word of running leads it; a clock's error or a limit in brackets stays unreported;
# - "~7000s" is seconds: only a four-digit year ending in 0 glued to an "s" is a decade;
# - "N times higher and ..." compares the sentence's subject, not the next clause's noun;
# - "N% of the samples" is a profile's share of the run time beside a word of profiling, a function
#   or a name in code; "more than 50% of samples", "at least 10%", a distribution's share are not;
# - "60-90% of attainable peak performance": a share of the machine's peak;
# - a printed table's header cell "gflops" names a rate; a '%' before its first word is a comment;
# - a pipe table written without its delimiter row is a table; a header cell "A vs B" in a table
#   that names a speed-up holds speed-ups;
# - "delay" as a verb ("// delay 1 second", "then delay 500ms") is a wait; "pulses of 100
#   microseconds period" is a period ("at one second pace" may be a frame rate's: reported);
# - the ends of a range nothing near calls a run's time ("pulses from 10 microseconds to 3
#   minutes") are a definition; a change ("went from 10 s to 2 s") or a spread of a measure is not.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-bounds.md <<'EOF2'
# Bounds

Running the whole suite takes more than an hour on the build machine.

Spawning ten thousand processes takes a little bit under a second.

The call fails if the deadline is too far in the future (more than a minute).

With a little more work the clock will not be off by more than a second.

The merge queue went from ~7000s to ~4500s per pipeline.

The 1990s brought cheap caches.
EOF2

check_lesson 01-bounds.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
expect "01-bounds.md:3:[0-9]*: error: a time value 'an hour'"
expect "01-bounds.md:5:[0-9]*: error: a time value 'a second'"
refuse "01-bounds.md:7:"
refuse "01-bounds.md:9:"
expect "01-bounds.md:11:[0-9]*: error: a time value '7000s'"
expect "01-bounds.md:11:[0-9]*: error: a time value '4500s'"
refuse "01-bounds.md:13:"

cat >02-shares.md <<'EOF2'
# Shares

Its throughput is 4 times higher and the code is two times as fast.

The `main.FindLoops` function was running in 10.6% of the samples.

The first three rows of the profile account for 32.4% of the samples.

Rejection sampling will drop 90% of samples here.

The branch is the hottest since more than 50% of samples are attributed to it.

The second mode in the distribution accounts for 15% of all samples.

The trsm kernel may achieve 60-90% of attainable peak performance.

Ninety percent of the performance bugs we saw were in one module.
EOF2

check_lesson 02-shares.md
expect "02-shares.md:3:[0-9]*: error: a speed-up claim '4 times higher'.*'throughput'"
expect "02-shares.md:5:[0-9]*: error: a share of the run time '10.6% of the samples'"
expect "02-shares.md:7:[0-9]*: error: a share of the run time '32.4% of the samples'"
refuse "02-shares.md:9:"
refuse "02-shares.md:11:"
refuse "02-shares.md:13:"
expect "02-shares.md:15:[0-9]*: error: a share of the run time '60-90% of attainable peak"
refuse "02-shares.md:17:.*share of the run time"

cat >03-tables.md <<'EOF2'
# Tables

A snippet of the test suite's output:

```
% blis_<dt><oper>_<params>_<storage>           m     n     k   gflops  resid       result
blis_sgemm_nn_ccc                            100   100    50   1.447   1.14e-07    PASS
blis_sgemm_nn_ccc                            200   200   100   1.537   1.18e-07    PASS
```

The results:

| Benchmark | PyPy vs CPython (arm) | relative speedup |
| ai        | 3.61                  | 0.87             |
| chaos     | 21.82                 | 0.82             |

Our team:

| Name  | Rust vs C (years) | Office |
| Alice | 3                 | 12     |
| Bob   | 5                 | 14     |
EOF2

check_lesson 03-tables.md
expect "03-tables.md:7:[0-9]*: error: a rate '1.447'.*'gflops'"
expect "03-tables.md:8:[0-9]*: error: a rate '1.537'"
refuse "03-tables.md:7:[0-9]*: error: a rate '100'"
expect "03-tables.md:14:[0-9]*: error: a speed-up claim '3.61'.*'PyPy vs CPython (arm)'"
expect "03-tables.md:14:[0-9]*: error: a speed-up claim '0.87'"
expect "03-tables.md:15:[0-9]*: error: a speed-up claim '21.82'"
refuse "03-tables.md:13:"
refuse "03-tables.md:2[0-9]:"

cat >04-inputs.md <<'EOF2'
# Inputs

    osDelay(500U); /* delay 500ms */

Call `osDelay(1000U)`, then delay 1 second before the next reading.

This function adds a delay of 10ms to every call.

It generates a train of pulses of approximately 100 microseconds period.

The sketch toggles the pin at one second pace.

We saw a 10s period of unresponsiveness.

Works on pulses from 10 microseconds to 3 minutes in length.

The run time went from 10 s to 2 s with the fix.

Cross-AZ latency varies from a couple hundred microseconds to 2 ms.

This prefetch decreases execution time from 8.5 seconds to 6.5 seconds.
EOF2

check_lesson 04-inputs.md
refuse "04-inputs.md:3:"
refuse "04-inputs.md:5:"
expect "04-inputs.md:7:[0-9]*: error: a time value '10ms'"
refuse "04-inputs.md:9:"
expect "04-inputs.md:11:[0-9]*: error: a time value 'one second'" # a pace may be a frame rate's
expect "04-inputs.md:13:[0-9]*: error: a time value '10s'"
refuse "04-inputs.md:15:"
expect "04-inputs.md:17:[0-9]*: error: a time value '10 s'"
expect "04-inputs.md:17:[0-9]*: error: a time value '2 s'"
expect "04-inputs.md:19:[0-9]*: error: a time value '2 ms'"
expect "04-inputs.md:21:[0-9]*: error: a time value '8.5 seconds'"
expect "04-inputs.md:21:[0-9]*: error: a time value '6.5 seconds'"
in_ledger 04-inputs.md "'1 second' as specified ('delay'" "'100 microseconds' as specified ('period'" \
	"'10 microseconds' as specified ('from'"

# The third part, after the author's review and the new sets: a test runner's "Passed", a share of
# the processors' time, conditions, a table of a setting's values, an amplifier's gain, and what
# the author's review found the first part over-reached on.
cat >05-review.md <<'EOF2'
# Review

```
 1/73 Test #71: st_wcs_srv ....   Passed    5.01 sec
```

The event loop stays in its wait and takes 0% CPU; the busy one spins at 100% CPU when idle.

Limit the container to 200% CPU, and give the task 100% CPU bandwidth.

A watchdog that must fire if a request takes more than a minute calls `alarm(60)`.

Systems still running in the 2100s will be rare.

The renderer holds a steady 16.7 ms pace on the new build.

A cache miss can delay the load 60 ns before the data arrives.

The field `tm_min` takes values from 0 to 59 minutes.

A lookup is anywhere from 50 ns to 400 ns.

The kernel reaches 90% of MKL's performance, within 5% of the theoretical peak.

Use the internal 0.6 V reference with 2x gain.

The new allocator gives a 2x gain on this benchmark.

|`inactive_duration`|t standby (ms)|
|-----|-----------------|
|0|0.5|
|1|62.5|
|2|125|

| Level | Name | Cost (ns) |
| ----- | ---- | --------: |
| 0 | Vanilla | 1 |
| 1 | Atomic | 10 |
| 2 | Shared | 40 |
EOF2

check_lesson 05-review.md
expect "05-review.md:4:[0-9]*: error: a time value '5.01 sec'"
expect "05-review.md:7:[0-9]*: error: a share of the run time '0% CPU'"
expect "05-review.md:7:[0-9]*: error: a share of the run time '100% CPU'"
refuse "05-review.md:9:"
refuse "05-review.md:11:"
refuse "05-review.md:13:"
expect "05-review.md:15:[0-9]*: error: a time value '16.7 ms'"
expect "05-review.md:17:[0-9]*: error: a time value '60 ns'"
refuse "05-review.md:19:"
expect "05-review.md:21:[0-9]*: error: a time value '50 ns'"
expect "05-review.md:21:[0-9]*: error: a time value '400 ns'"
expect "05-review.md:23:[0-9]*: error: a share of the run time '90% of MKL's performance'"
expect "05-review.md:23:[0-9]*: error: a share of the run time '5% of the theoretical peak'"
refuse "05-review.md:25:"
expect "05-review.md:27:[0-9]*: error: a speed-up claim '2x gain'"
refuse "05-review.md:3[1-3]:"
expect "05-review.md:37:[0-9]*: error: a time value '1'"
expect "05-review.md:39:[0-9]*: error: a time value '40'"
in_ledger 05-review.md "'0.5' as specified ('inactive_duration'" "'200% CPU' as specified ('Limit'"
# The attacker's review of the first parts, each finding as it should now be read.
{ cat <<'EOF2'
# Attacks

Assume the job runs for more than an hour.

The timeout fires when a request takes more than a second.

The firmware runs under a second-stage bootloader.

A branch mispredict can delay 15-20 cycles.

- Delay: 5 ms at p99

Delays 3x lower than before.

With the index in RAM the throughput is 35% higher and the tail is flat.

Eight RTX 3090s and two Intel 8080s sat in the lab; the first run took 1800s.

The function discards 5% of the samples as outliers.

| Field | Lines (Rust vs C) | Speedup |
| a     | 120               | 2.5     |
| b     | 130               | 3.0     |

We measured a 3 second period in which no request completed.

The migration runs within 3 days of the upgrade.

Matrix multiply accounts for 90% of the flops.

```
% time     seconds  usecs/call     calls    errors syscall
 99.82    0.401213          12     32000           write
```
EOF2
} >06-attacks.md

check_lesson 06-attacks.md
refuse "06-attacks.md:3:"
refuse "06-attacks.md:5:"
refuse "06-attacks.md:7:"
expect "06-attacks.md:9:[0-9]*: error: a cycle count '15-20 cycles'"
expect "06-attacks.md:11:[0-9]*: error: a time value '5 ms'"
expect "06-attacks.md:13:[0-9]*: error: a speed-up claim '3x lower'"
expect "06-attacks.md:15:[0-9]*: error: a speed-up claim '35% higher'"
refuse "06-attacks.md:17:[0-9]*: error: a time value '3090s'"
refuse "06-attacks.md:17:[0-9]*: error: a time value '8080s'"
expect "06-attacks.md:17:[0-9]*: error: a time value '1800s'"
refuse "06-attacks.md:19:"
refuse "06-attacks.md:22:[0-9]*: error: a speed-up claim '120'"
expect "06-attacks.md:22:[0-9]*: error: a speed-up claim '2.5'"
expect "06-attacks.md:25:[0-9]*: error: a time value '3 second'"
refuse "06-attacks.md:27:"
refuse "06-attacks.md:29:"
expect "06-attacks.md:33:2: error: a share of the run time '99.82'"

# After the last wave (seastar-docs): a printed field's value belongs to its field; a share of cores.
cat >07-fields.md <<'EOF2'
# Fields

```
64 bytes from 10.0.0.2: icmp_seq=1 ttl=64 time=0.160 ms
```

Set ttl=64 and timeout=5s on the socket.

The poller costs little (<1% of one core), but the loop takes 100% of all CPUs.

About 90% of the CPU usage is forgotten in five load-average seconds.

The core can issue 4 of these per cycle, and reaches about 60% of the theoretical maximum.

With prefetching, the latency drops to 30% of what it was; the file shrinks to 30% of what it was.

The build finishes in under a minute. We improved the decoder's speed by x2/x3 using SIMD.

The x86 speedup is bigger than ARM's; see the footnote about %x19 and the X360 controller.
EOF2

check_lesson 07-fields.md
expect "07-fields.md:4:[0-9]*: error: a time value '0.160 ms'.*'time': a printed field's name"
refuse "07-fields.md:7:"
expect "07-fields.md:9:[0-9]*: error: a share of the run time '1% of one core'"
expect "07-fields.md:9:[0-9]*: error: a share of the run time '100% of all CPUs'"
refuse "07-fields.md:11:"
expect "07-fields.md:13:[0-9]*: error: a rate '4 of these per cycle'"
expect "07-fields.md:13:[0-9]*: error: a share of the run time '60% of the theoretical maximum'"
expect "07-fields.md:15:40: error: a speed-up claim '30%'.*'drops'"
refuse "07-fields.md:15:7[0-9]:"
expect "07-fields.md:17:[0-9]*: error: a time value 'a minute'"
expect "07-fields.md:17:[0-9]*: error: a speed-up claim 'x2/x3'"
refuse "07-fields.md:19:"

# An HPC author's chapters, written new against the round's end: a lead-in that says what the
# figures are with "are", fields named with a unit, a factor in one word.
cat >08-hpc.md <<'EOF2'
# HPC

Times in the table below are nanoseconds per query, averaged over ten runs.

| Size | lower_bound | Eytzinger |
| ---- | ----------- | --------- |
| 2^20 | 110         | 45        |

The numbers below are bytes read per nanosecond:

| Level | Read, one core |
| ----- | -------------- |
| L1    | 120            |

Our favourite numbers are these:

| Name | Value |
| ---- | ----- |
| a    | 12    |

```
batch=1   ns/query=70.2
threads=4 ns_per_access=4.1 timeout_ms=500
```

Call `pwm.init(freq=5000, duty_ns=5000)`; the kernel uses `CONFIG_USEC_PER_TICK=10000`.

This gives a threefold improvement; it can reduce energy usage fivefold because fewer items run.
EOF2

check_lesson 08-hpc.md
expect "08-hpc.md:7:[0-9]*: error: a time value '110'.*'nanoseconds': the sentence that leads the table in"
expect "08-hpc.md:7:[0-9]*: error: a time value '45'"
refuse "08-hpc.md:7:3:"
expect "08-hpc.md:13:[0-9]*: error: a rate '120'"
refuse "08-hpc.md:19:"
expect "08-hpc.md:22:[0-9]*: error: a time value '70.2'.*'ns/query'"
refuse "08-hpc.md:22:[0-9]*: error: a time value '1 ns'"
expect "08-hpc.md:23:[0-9]*: error: a time value '4.1'.*'ns_per_access'"
refuse "08-hpc.md:23:[0-9]*: error: a time value '500'"
refuse "08-hpc.md:26:"
expect "08-hpc.md:28:[0-9]*: error: a speed-up claim 'threefold improvement'"
refuse "08-hpc.md:28:[0-9]*: error: a speed-up claim 'fivefold'"

# A bare figure that continues a claim, its unit left out, a preposition after it as after the first.
cat >09-parallel.md <<'EOF2'
# Parallel

Sorting a million integers takes 65 milliseconds with std::sort and 40 with the radix sort.

A load costs about 1 ns in L1 (4 cycles), and 12 for L2.

Sleep for 5 seconds in the first loop and 3 in the second.

The test took 5 ms, and 3 threads were used.
EOF2

check_lesson 09-parallel.md
expect "09-parallel.md:3:[0-9]*: error: a time value '40'"
expect "09-parallel.md:5:[0-9]*: error: a cycle count '12'"
refuse "09-parallel.md:7:"
refuse "09-parallel.md:9:[0-9]*: error: a time value '3'"
exit $fail
