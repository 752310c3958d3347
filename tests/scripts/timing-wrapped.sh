#!/bin/sh
# Fifteenth round, from the sets labelled for it (issue 13): a pipe table wrapped in a raw HTML
# block whose first line is a lone opening tag is still a table, its header on the line after the
# tag: its cells are read under that header as a paragraph's table's are. A header that names a
# performance measure makes its cells claims, with that header as the reason.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-wrapped.md <<'EOF2'
# Waiting

How long a wait feels to a person:

<div>
| Delay         | Feeling |
|:--------------|:--------|
| 0 - 100 ms    | at once |
| 1 s+          | a pause |
</div>

What our two servers measured:

<div>
| Server | Latency |
|--------|---------|
| old    | 40 ms   |
| new    | 12 ms   |
</div>
EOF2

check_lesson 01-wrapped.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
refuse "01-wrapped.md:8:"
refuse "01-wrapped.md:9:"
in_ledger 01-wrapped.md "'Delay': the table's header"
expect "01-wrapped.md:17:.*'40 ms'.*'Latency': the table's header"
expect "01-wrapped.md:18:.*'12 ms'.*'Latency': the table's header"

exit $fail
