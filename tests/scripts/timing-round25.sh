#!/bin/sh
# What the twenty-fifth round taught the timing rule (tests/corpus/README.md, engine/rules/README.md),
# each form with the sentences it must leave alone:
# - a table's lead-in that names the figures' unit ("the times are in seconds:", "in nanoseconds:")
#   still speaks for the columns beside one whose header names a metric of time without a unit
#   ("| Change | Time | Step |", "| modulus | `%`, runtime m | `%`, constant m | Montgomery |"); a
#   header that names what a run counts beside its times ("load factor", "probes", "L1 misses",
#   "hit ratio", "collisions") is not the lead-in's, a digit in it or not; a header that names the
#   lead-in's own unit ("ns/lookup") is still the only column the lead-in describes.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-leads.md <<'EOF2'
# Leads

The whole history fits in one table; the times are in seconds:

| Change   | Time | Step |
|----------|-----:|-----:|
| baseline |  410 |    - |
| mmap     |  372 | 1.10 |

The following table is per call, in nanoseconds:

| modulus | `%`, runtime m | `%`, constant m | Montgomery |
|---------|---------------:|----------------:|-----------:|
| 65537   | 210            | 71              | 63         |

Results for the three hash tables, in nanoseconds:

| table  | latency | load factor | probes | L1 misses | hit ratio | collisions |
|--------|--------:|------------:|-------:|----------:|----------:|-----------:|
| linear | 12.5    | 0.75        | 1.5    | 3         | 97        | 4          |

Results for the three hash tables, in nanoseconds per lookup:

| table  | ns/lookup | mutex | spinlock |
|--------|----------:|------:|---------:|
| linear | 12.5      | 0.75  | 1.5      |
EOF2

check_lesson 01-leads.md
expect "01-leads.md:8:[0-9]*: error: a time value '372'"
expect "01-leads.md:8:[0-9]*: error: a time value '1.10'"
expect "01-leads.md:14:[0-9]*: error: a time value '210'"
expect "01-leads.md:14:[0-9]*: error: a time value '71'"
expect "01-leads.md:14:[0-9]*: error: a time value '63'"
expect "01-leads.md:20:[0-9]*: error: a time value '12.5'"
refuse "01-leads.md:20:[0-9]*: error: [a-z -]* '0.75'"
refuse "01-leads.md:20:[0-9]*: error: [a-z -]* '1.5'"
refuse "01-leads.md:20:[0-9]*: error: [a-z -]* '3'"
refuse "01-leads.md:20:[0-9]*: error: [a-z -]* '97'"
refuse "01-leads.md:20:[0-9]*: error: [a-z -]* '4'"
expect "01-leads.md:26:[0-9]*: error: a time value '12.5'"
refuse "01-leads.md:26:[0-9]*: error: [a-z -]* '0.75'"
refuse "01-leads.md:26:[0-9]*: error: [a-z -]* '1.5'"
exit $fail
