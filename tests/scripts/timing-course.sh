#!/bin/sh
# What a course's handouts set out that is not a run (tests/corpus/README.md, thirteenth round,
# courses): a formula set apart as TeX math ($$ ... $$) is a clause of its own, its terms not
# decided by the prose that introduces it; a table one of whose columns says when each row arrives
# defines a workload, its times the exercise's givens unless the header names an outcome (latency,
# response, wait, turnaround); a table row holding a switch's value (Yes, No, On, Off, Any) is a
# row of settings, its label not what its figures measure; a raw HTML tag's own text (an anchor's
# title, a width="50%") is markup, not what the page shows; and a supposition placed on a real
# machine is a claim.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-course.md <<'EOF2'
# Course

If your allocator runs like the reference one, its score will be: $$
s_x = 100\% \times \frac{1}{3} \sum 3 = 100\%
$$

Our allocator's score went up 40% after the change.

| job | arrival time | running time | priority |
|-----|--------------|--------------|----------|
| 0   | 0            | 8            | 1        |
| 1   | 2            | 4            | 2        |

| job | arrival time | run time | response time |
|-----|--------------|----------|---------------|
| 0   | 0            | 6        | 9             |

| Policy                   | Ordered | `USE_PREEMPT` | `USE_SLICES` |
|--------------------------|---------|---------------|--------------|
| Preemptive, time sliced  | Yes     | 1             | 1            |
| Cooperative              | No      | 0             | Any          |

| Metric       | old | new |
|--------------|-----|-----|
| Latency (ms) | 4   | 9   |

<a name="l4" title="Figure 4 The two tasks over 200 milliseconds..."></a> The loop ran 300 milliseconds faster.
EOF2

check_lesson 01-course.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
# the formula's scale and its worked result: quiet; a claim in the prose after it: reported
refuse "01-course.md:4:"
expect "01-course.md:7:.*'40%'"
# a workload's running times: givens; an outcome beside them stays a claim
refuse "01-course.md:11:"
refuse "01-course.md:12:"
refuse "01-course.md:16:[0-9]*: error: .*'6'"
expect "01-course.md:16:.*'9'"
# a row of switches: its label names the thing set, not a time; a latency row stays a claim
refuse "01-course.md:20:"
refuse "01-course.md:21:"
expect "01-course.md:25:.*'4'"
expect "01-course.md:25:.*'9'"
# an anchor's title: markup; the sentence the page shows after it: read
refuse "'200 milliseconds'"
expect "01-course.md:27:.*'300 milliseconds'"

# A supposition placed on a real machine (the reader's, the writer's, the lab's) asks the reader to
# take a run on trust: a claim (the twelfth round's decision); a machine it sets up is a model's.
cat >02-suppose.md <<'EOF2'
# Suppose

Assume the tiled version is 4x faster on your machine too.

Let us say the plain loop takes 400 ms on the lab machine.

Assume your computer executes 10^9 instructions per second.

Assume each task takes 10 ms on a machine with four cores.
EOF2
check_lesson 02-suppose.md
expect "02-suppose.md:3:.*'4x faster'"
expect "02-suppose.md:5:.*'400 ms'"
refuse "02-suppose.md:7:"
refuse "02-suppose.md:9:"
in_ledger 02-suppose.md "02-suppose.md:9:"
exit $fail
