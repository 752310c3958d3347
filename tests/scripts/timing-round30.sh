#!/bin/sh
# What the thirtieth round taught the timing rule (engine/rules/README.md, "Forms of the thirtieth
# round"):
# - a table among results: a pipe table in a lesson that has already reported a figure, whose lead-in
#   or (when no sentence leads it in) whose section's heading speaks of results, leaves a bare figure
#   nothing else decides unsure, its message naming the column; a column of row labels, a count, a
#   size or a setting stays quiet, and so does every column of a table whose header names a unit;
# - a percentage nothing decides, in the sentence of a measured time, rate or cycle count or the one
#   after it, in the same paragraph, is a claim.
# Each form's look-alikes stay quiet.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-results.md <<'EOF2'
# Results

The old loop took 12 ms per pass and the new one 8 ms.

Here are the results compared to the old machine:

| cpu cores | 1   | 2   | threads | misses (count) |
| --------- | --- | --- | ------- | -------------- |
| 8275CL    | 910 | 605 | 16      | 31             |

## Performance

**Machine B**

| Size | Encode | Decode |
|------|--------|--------|
| 1m   | 21.6   | 35.5   |
EOF2

check_lesson 01-results.md
expect "01-results.md:9:[0-9]*: error: a figure '910' in a table of results names no unit ('1'): if it is a measured time or rate, name the unit in the column's header ('1 (ms)')"
expect "01-results.md:9:[0-9]*: error: a figure '605' in a table of results names no unit ('2')"
expect "01-results.md:17:[0-9]*: error: a figure '21\.6' in a table of results names no unit ('Encode')"
expect "01-results.md:17:[0-9]*: error: a figure '35\.5' in a table of results names no unit ('Decode')"
refuse "'8275CL'"
refuse "'16'"
refuse "'31'"
refuse "'1m'"

cat >02-alike.md <<'EOF2'
# Look-alikes

Here are the results compared to the old machine:

| cpu cores | 1   | 2   |
| --------- | --- | --- |
| 8275CL    | 910 | 605 |

The old loop took 12 ms per pass and the new one 8 ms.

## Performance

The table lists each method's accuracy and how many probes it makes:

| Method | linear | Robin Hood |
|--------|--------|------------|
| A      | 1.49   | 1.50       |

Here are the results, in nanoseconds per lookup:

| table  | ns/lookup | mutex | spinlock |
|--------|----------:|------:|---------:|
| linear | 12.5      | 0.75  | 1.5      |

Here are the results for each method:

| Method | Bits | Cache misses (count) |
|--------|------|----------------------|
| A      | 12   | 31                   |

## Return values

| Call   | Result |
|--------|--------|
| floor  | 2      |
EOF2

check_lesson 02-alike.md
expect "02-alike.md:9:[0-9]*: error: a time value '12 ms'"
expect "02-alike.md:23:[0-9]*: error: a time value '12\.5'"
refuse "'910'"
refuse "'605'"
refuse "'1\.49'"
refuse "'1\.50'"
refuse "'0\.75'"
refuse "'1\.5'"
refuse "'12'"
refuse "'31'"
refuse "'2'"
refuse "in a table of results"

cat >03-after.md <<'EOF2'
# Percentages beside a measured figure

The loop runs in 12 ms. Of that, 61% is the hash lookup.

Each lookup takes 40 ns in the big table. The filter cuts out 30% before the probe.

The loop now moves 3.1 GB/s. In our tests it matched the hand-written version to within 3%.
EOF2

check_lesson 03-after.md
expect "03-after.md:3:[0-9]*: error: a speed-up claim '61%'"
expect "03-after.md:5:[0-9]*: error: a speed-up claim '30%'"
expect "03-after.md:7:[0-9]*: error: a speed-up claim '3%'"

cat >04-after-alike.md <<'EOF2'
# Look-alikes

The loop runs in 12 ms.

Of the keys, 61% are hits.

The timeout is 5 s. About 61% of users never reach it.

The loop runs in 12 ms. It was rewritten last year. About 61% of the keys are hits.

The scan moves 1.9 GB/s, and 61% of the pages are cold.

```text
     1,234,567      instructions   #    2.01  insn per cycle
             0      faults         #    0.00% of all
```
EOF2

check_lesson 04-after-alike.md
refuse "'61%"
refuse "'0\.00%'"

exit $fail
