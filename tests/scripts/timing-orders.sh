#!/bin/sh
# Fourteenth round, from the sets labelled for it (issue 13): orders of magnitude joined before one
# unit ("tens or hundreds of milliseconds") are one figure, a range; a percentage of a latency is a
# share of a time; a supposition of what is typical of real systems states real figures (its own
# and those of the list it leads in), not a model's givens, while a toy machine's stay givens; a
# percentage's word of cost followed by memory or space ("30% wasted space") is no time.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-orders.md <<'EOF2'
# Round trips

Across an ocean a new connection can cost from tens to hundreds, or even thousands, of milliseconds of delay.

Each extra round trip adds tens or hundreds of milliseconds of latency.

The repository holds tens or hundreds of header files.

The server's own work accounts for only 20% of the total latency, and the rest is over 80% of network latency.

To see the problem, let us assume the worst case for a typical home connection: a DNS lookup (50 ms) and a round trip of 80 ms:

- 60 ms for DNS
- 90 ms for the handshake

Assume the toy machine takes 10 ms per request:

- 20 ms for two requests

Alternating small and large requests gives a new page on every call, resulting in 30% wasted space, and the tracing adds a 5% overhead in run time.
EOF2

check_lesson 01-orders.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
expect "01-orders.md:3:.*'tens to hundreds, or even thousands, of milliseconds'"
expect "01-orders.md:5:.*'tens or hundreds of milliseconds'"
refuse "01-orders.md:7:"
expect "01-orders.md:9:.*'20% of the total latency'"
expect "01-orders.md:9:.*'80% of network latency'"
expect "01-orders.md:11:.*'50 ms'.*'typical'.*say it of the model ('in our model'), not of what is typical"
expect "01-orders.md:11:.*'80 ms'"
expect "01-orders.md:13:.*'60 ms'"
expect "01-orders.md:14:.*'90 ms'"
refuse "01-orders.md:16:"
refuse "01-orders.md:18:"
in_ledger 01-orders.md "a rule of the model the text sets up"
# a cost in memory or space is no time; one in run time is
refuse "01-orders.md:20:.*'30% wasted'"
expect "01-orders.md:20:.*'5% overhead'"
in_ledger 01-orders.md "a cost in memory or space, not in time"

exit $fail
