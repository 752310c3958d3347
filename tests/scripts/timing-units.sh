#!/bin/sh
# Two lengths of time set equal that are the same length state a conversion of units, a
# definition, not a figure of code (issue 13, fourteenth round); two unequal ones keep their words.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-units.md <<'EOF2'
# Clocks

A reminder before you start: 1 second == 1,000,000,000 nanoseconds.

Keep in mind that 2 minutes is 120 seconds, and 1,500 ms = 1.5 s.

The copy costs 10 ns = 30 ns on the slow path.
EOF2

check_lesson 01-units.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
refuse "01-units.md:3:"
refuse "01-units.md:5:"
# not the same length: no conversion, the cost is reported
expect "01-units.md:7:.*'10 ns'"
in_ledger 01-units.md "a conversion of units: two lengths of time set equal"

exit $fail
