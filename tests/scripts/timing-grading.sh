#!/bin/sh
# A course's section that states how it grades (a heading "Grading", "Grading Guidelines",
# "Rubric"): its percentages and factors weigh parts of the grade or set the tolerance a grade is
# given at, not how fast code ran (issue 13, fourteenth round); its times keep their words, and the
# same figures outside such a section are read as before.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-grading.md <<'EOF2'
# Allocator

## Grading Guidelines

The marks are split as follows:

* Correctness (70%)
  * Part 1 (30%): the first five tests complete successfully.
* Performance (30%): points only given when every test completes.

A student whose allocator reaches only 60% of the reference gets 10% of the performance points.
Full points go to allocators that finish within 25% of the reference, none to those 5x slower.
Avoid excessive overhead (over 20 ms per call).

### Part 2

Part 2 (40%) needs the threaded version to complete.

## Results

Our allocator got 30% faster after the change, and the threaded one runs 5x faster.
EOF2

check_lesson 01-grading.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
# weights and tolerances under the grading heading (and its sub-sections): quiet
refuse "01-grading.md:7:"
refuse "01-grading.md:8:"
refuse "01-grading.md:9:"
refuse "01-grading.md:11:"
refuse "01-grading.md:12:"
refuse "01-grading.md:17:"
# a time there keeps its words: a target overhead is reported
expect "01-grading.md:13:.*'20 ms'"
# the next section is no grading one: its speed-ups are claims
expect "01-grading.md:21:.*'30% faster'"
expect "01-grading.md:21:.*'5x faster'"
# the ledger says what decided
in_ledger 01-grading.md "a section that states how the course grades"

exit $fail
