#!/bin/sh
# What the seventeenth round taught the timing rule (tests/corpus/README.md, engine/rules/README.md):
# - a per-item cost in cycles may be written in the singular before its slash ("cycle/op");
# - a block with no language tag that holds a program is code (its comments and arguments are
#   not read); one that holds what a program printed is read as printed output;
# - a percentage of people or projects is a count of them, not a share of time; a survey's or a
#   page's own duration is a person's time;
# - "a 15% compile time reduction" is a change of that time; a "Delta" column of percentages
#   is one of changes; "half of the time is actually spent in" is a share of a run;
# - "by 5% if you allocate ..." is the amount of a change, not an allotted share;
# - a duration after "per" is the period a rate counts over; "a delay of up to N" is a bound;
#   the value a sentence sets something to is an input; "in error by about 0.6%" is no time;
# - a printed column named "WORD/s" holds rates; "operations slower than 10 ms" is a filter's
#   threshold;
# - a statistic's column ("Median") holds times where its cells give a unit of time; an event
#   listing's TIME column holds stamps; a CSV header is read by its cells;
# - "+3-11% compression speed" is a change of that speed; "took 5-10X longer" is a factor.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-round17.md <<'EOF2'
# Round seventeen

On the lab machine the scalar loop costs 1271.000 cycle/op at best.

The loop, as the author wrote it, with no language on its fence:

```
#include <unistd.h>
int main(void) {
    usleep(100000);   // 100 ms
    return 0;         /* after 2 seconds at most */
}
```

What the benchmark printed, with no language either:

```
scalar                          :  1271.000 cycle/op (best)
libc sin                        :  0.221 s
```
EOF2

check_lesson 01-round17.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
expect "01-round17.md:3:42: error: a cycle count '1271.000 cycle'"
refuse "01-round17.md:9:"
refuse "01-round17.md:10:"
expect "01-round17.md:18:36: error: a cycle count '1271.000 cycle'"
expect "01-round17.md:19:36: error: a time value '0.221 s'"

cat >02-prose.md <<'EOF2'
# Prose

Around 45% respondents said that long compile times were a reason, and 55% of respondents wait.

Filling the survey should take you approximately 10 minutes. Estimated reading time: 25 mins.

Letting a computer spend a couple of hours in order to get a 15% compile time reduction is good.

| Crate | Before | After | Delta |
| :- | -: | -: | -: |
| `windows` | 18.3s | 10.7s | -42% |

When building ripgrep, roughly half of the time is actually spent in the linker.

I show how to speed up compilation for the clang compiler by 5% if you allocate its code on huge pages.

We plot memory usage per 100 milliseconds. There is a delay of up to one second while the code looks for a key.

Set the inbound speed to 10Mbps, so the value 31 is in error by about 0.6%.
EOF2

check_lesson 02-prose.md
expect "02-prose.md:7:62: error: a speed-up claim '15% compile time reduction'"
expect "02-prose.md:11:32: error: a speed-up claim '42%'"
expect "02-prose.md:13:32: error: a share of the run time 'half of the time'"
expect "02-prose.md:15:62: error: a speed-up claim '5%'"
refuse "02-prose.md:3:"
refuse "02-prose.md:5:"
refuse "02-prose.md:17:"
refuse "02-prose.md:19:"
in_ledger 02-prose.md \
	"02-prose.md:5:50: let pass '10 minutes' as specified" \
	"02-prose.md:17:26: let pass '100 milliseconds' as specified ('per'" \
	"02-prose.md:17:70: let pass 'one second' as specified ('up to'" \
	"02-prose.md:19:26: let pass '10Mbps' as specified ('Set'" \
	"02-prose.md:19:71: let pass '0.6%' as not timing ('error'"

cat >03-printed.md <<'EOF2'
# Printed

```
Tracing ext4 operations slower than 10 ms
PID    CMDLINE              METHOD/s   GC/s
3018   node/node            0          3
```

```
     Clock   Core cyc   Instruct
      1686       2384        100
```

The tool then traced I/O slower than 1 ms.
EOF2
check_lesson 03-printed.md
expect "03-printed.md:6:29: error: a rate '0'"
expect "03-printed.md:6:40: error: a rate '3'"
refuse "03-printed.md:4:"
expect "03-printed.md:11:18: error: a cycle count '2384'"
refuse "03-printed.md:14:"

# where the round's principles must not reach (a review of the round): each a claim still
cat >04-not.md <<'EOF2'
# Not these

The new index made 90% of queries faster than 10 ms.

The query now finishes faster than 2 ms.

When we set O3 the run time dropped to 5 ms.

After tuning, the delay went up to 300 ms under load.

Read time: 4 ms, write time: 9 ms.

The server answers 1000 requests per 100 ms.

| Benchmark | Peak RSS | Delta |
| --- | --- | --- |
| sort | 12 MB | -42% |

```
Stats {
    mean: 12.5ms,
}
```

The units for ESCDELAY are fifths of a millisecond, and it got faster in Win 9x.
EOF2
check_lesson 04-not.md
expect "04-not.md:3:47: error: a time value '10 ms'"
expect "04-not.md:5:36: error: a time value '2 ms'"
expect "04-not.md:7:40: error: a time value '5 ms'"
expect "04-not.md:9:36: error: a time value '300 ms'"
expect "04-not.md:11:12: error: a time value '4 ms'"
expect "04-not.md:13:38: error: a time value '100 ms'"
refuse "04-not.md:17:[0-9]*: error"
expect "04-not.md:21:11: error: a time value '12.5ms'"
refuse "04-not.md:24:"

cat >05-listings.md <<'EOF2'
# Listings

```ini
 Method |     Median |    StdDev |
------- |----------- |---------- |
    Sum | 27.0464 us | 0.4958 us |
```

```
TIME(s)     COMM           PID    DISK    T SECTOR     BYTES  LAT(ms)
0.000004    supervise      1950   xvda1   W 13092560   4096      0.74
```

```
ENDTIME_us,TASK,PID,TYPE,BYTES,OFFSET_b,LATENCY_us,FILE
127200712278,bash,17225,R,128,0,14329,cksum
```
EOF2
check_lesson 05-listings.md
expect "05-listings.md:6:11: error: a time value '27.0464 us'"
expect "05-listings.md:6:24: error: a time value '0.4958 us'"
expect "05-listings.md:11:66: error: a time value '0.74'"
refuse "05-listings.md:11:1:"
expect "05-listings.md:16:33: error: a time value '14329'"
refuse "05-listings.md:16:1:"
in_ledger 05-listings.md \
	"05-listings.md:11:1: let pass '0.000004' as specified ('TIME(s)'" \
	"05-listings.md:16:1: let pass '127200712278' as specified ('ENDTIME_us'"

cat >06-notes.md <<'EOF2'
# Release notes

- perf: +3-11% compression speed for the arm target.
- This approach by itself took 5-10X longer than level 19, on a 7950X.
- The file sets a period equivalent to 100% CPU bandwidth.
EOF2
check_lesson 06-notes.md
expect "06-notes.md:3:10: error: a speed-up claim '3-11% compression speed'"
expect "06-notes.md:4:32: error: a speed-up claim '5-10X longer'"
refuse "06-notes.md:4:[0-9]*: error: a speed-up claim '7950X"
refuse "06-notes.md:5:"
exit $fail
