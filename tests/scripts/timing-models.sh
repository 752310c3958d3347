#!/bin/sh
# A figure that defines a model the text sets up is a given of the exercise, not how fast code ran
# (tests/corpus/README.md, twelfth round, a course's stated model): a sentence that opens by asking
# the reader to suppose ("Assume ...", "You can assume ...", "For this lab, suppose ...", "Let's say
# ..."), the list such a sentence introduces (it ends with ':' or "where"), and a timeline whose row
# counts positions in time ("cycle 1  2  3  4") hold the model's values: let pass, listed in the
# ledger; so does "Given a ..." (an instance set up), and a section whose first paragraph supposes a
# model ("we will consider a core ...") states its rules in the lists it opens with ':'. A figure about
# real hardware or real code beside it ("on our test machine the same add
# took 4 cycles", "our loop ran in 3 ms") stays reported, and so does "if" (a hypothetical result is
# still a claim: "if the loop took 10 seconds"), and a row of figures that do not count up by one.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-model.md <<'EOF2'
# A toy pipeline

Assume that the toy processor issues one instruction per cycle and that an add takes three cycles.

(You can assume every load takes 2 cycles on the toy machine.)

For this lab, suppose each request to the toy server takes 10 ms.

Assume the pipeline works as follows:

- each stage handles at most one instruction per cycle
- a multiply spends four cycles in the execute stage

On our test machine the same add took 4 cycles, and our loop ran in 3 ms.

If the loop took 10 seconds, that would be too slow.

Complete the timeline:

                cycle 1    2    3    4    5
    fetch             A    B
    decode                 A    B

A measured row:

    run           12   15   13   19
    latency (ms)  12   15   13   19
EOF2

check_lesson 01-model.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
# the model's givens: the supposing sentences, the list one introduces, the timeline's positions
refuse "01-model.md:3:"
refuse "01-model.md:5:"
refuse "01-model.md:7:"
refuse "01-model.md:11:"
refuse "01-model.md:12:"
refuse "01-model.md:20:"
# real hardware, real code, a hypothetical result, a measured row
expect "01-model.md:14:.*'4 cycles'"
expect "01-model.md:14:.*'3 ms'"
expect "01-model.md:16:.*'10 seconds'"
expect "01-model.md:27:.*'12'"
in_ledger 01-model.md "one instruction per cycle" "three cycles" "2 cycles" "10 ms" "four cycles"

# a supposition frame ends with its list: a paragraph after it is read as prose again
cat >02-after.md <<'EOF2'
# After the model

Suppose the machine behaves as follows:

- a load takes 3 cycles

The real machine's load took 5 cycles.
EOF2

check_lesson 02-after.md
refuse "02-after.md:5:"
expect "02-after.md:7:.*'5 cycles'"

# "Given a" sets up an instance (a display's setting); "Given the" states a fact, which may be a claim
cat >03-given.md <<'EOF2'
# A numeric example

Given a 4K panel run at 2x or 200% scaling, the table below lists the window sizes.

Given the work a core does in a few hundred microseconds, one more round trip is no win.
EOF2

check_lesson 03-given.md
refuse "03-given.md:3:"
expect "03-given.md:5:.*'hundred microseconds'"

# a section whose first paragraph supposes a model states its rules in the lists it opens with ':';
# its next sibling section, and a list opened by a sentence that supposes nothing elsewhere, are prose
cat >04-section.md <<'EOF2'
# A made-up core

For this lab, we will consider a core with one adder and one load unit.

## Its pipeline

The core works as follows:

- the load unit accepts one load per cycle and answers after four cycles
- the adder takes one cycle

# Our machine

Our results were as follows:

- the real load took 5 cycles

# A slow service

Imagine a service that answers every request from disk.

We measured it on the lab's server:

- each request took 12 ms
EOF2

check_lesson 04-section.md
refuse "04-section.md:9:"
refuse "04-section.md:10:"
expect "04-section.md:16:.*'5 cycles'"
expect "04-section.md:24:.*'12 ms'"
in_ledger 04-section.md "one load per cycle" "four cycles" "one cycle"

exit $fail
