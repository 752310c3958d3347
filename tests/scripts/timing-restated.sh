#!/bin/sh
# A time a demonstrative points back to ("those 10 seconds") restates a value the same paragraph
# gave before it: it is let pass when that value was, and a claim restated stays a claim (issue 13,
# fourteenth round).
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-restated.md <<'EOF2'
# Timers

Set the timer to fire every 10 seconds; if the callback needs longer than those 10 seconds to finish, the timer fires once per iteration.

The parse took 40 ms on our machine, and those 40 ms went mostly to the tokenizer.

The timer fires every 5 seconds. A callback that runs longer than those 10 seconds is reported.
EOF2

check_lesson 01-restated.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
refuse "01-restated.md:3:"
# a claim restated is a claim
expect "01-restated.md:5:16:.*'40 ms'"
expect "01-restated.md:5:48:.*'40 ms'"
# no earlier value of that length: read by its own words
expect "01-restated.md:7:.*'10 seconds'"
in_ledger 01-restated.md "the value stated before it, which was let pass"

exit $fail
