#!/bin/sh
# What the thirtieth round taught the timing rule (engine/rules/README.md, "Forms of the thirtieth
# round"):
# - a table among results: a pipe table in a lesson whose prose has already reported a claim, whose lead-in
#   or (when no sentence leads it in) whose section's heading speaks of timings, leaves a bare figure
#   nothing else decides unsure, its message naming the column; a column of row labels, a count, a
#   size or a setting stays quiet, and so does every column of a table whose header names a unit;
#   a lead-in that ends on ':' after stating a measured figure does the same. A column of small
#   whole numbers, one a course's tables hold beside results (tests passed, values returned, points,
#   misses), and a lesson armed only by a display block or an unsure figure stay quiet (an attacker's
#   review); a figure the prose cites or measures arms it (a new author's review); a program's
#   output, a model's predictions, readings, records, grades under words of results alone stay
#   quiet (a second attacker's review), unless the page's prose has stated five figures or more.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-results.md <<'EOF2'
# Results

The old loop took 12 ms per pass and the new one 8 ms.

Here are the timings compared to the old machine:

| cpu cores | 1   | 2   | threads | misses (count) |
| --------- | --- | --- | ------- | -------------- |
| 8275CL    | 910 | 605 | 16      | 31             |

## Throughput

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

cat >05-stated.md <<'EOF2'
# A lead-in that states a measured figure

The two conversions turned into 4 ms of extra work, and the whole request now takes 60 ms:

| Stage  | Baseline | fused |
|--------|---------:|------:|
| decode |      171 |  21.4 |

Each request waits for a 30 s timeout at most:

| Stage  | Baseline | fused |
|--------|---------:|------:|
| decode |      171 |    21 |
EOF2

check_lesson 05-stated.md
expect "05-stated.md:7:[0-9]*: error: a figure '171' in a table of results names no unit ('Baseline')"
expect "05-stated.md:7:[0-9]*: error: a figure '21\.4' in a table of results names no unit ('fused')"
refuse "05-stated.md:1[0-9]:"

cat >02-alike.md <<'EOF2'
# Look-alikes

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
expect "02-alike.md:3:[0-9]*: error: a time value '12 ms'"
expect "02-alike.md:17:[0-9]*: error: a time value '12\.5'"
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

cat >06-course.md <<'EOF2'
# A course's tables (an attacker's review)

The naive version takes 120 ms on the sample input.

## Test results

| Test       | Passed | Failed |
|------------|--------|--------|
| sort_small | 14     | 0      |
| sort_big   | 120    | 3      |

The results of each call are shown below:

| Call     | Return value | errno |
|----------|--------------|-------|
| open     | -1           | 2     |
| read     | 512          | 0     |

### Performance

| Criterion      | Points | Weight |
|----------------|--------|--------|
| Correct output | 40     | 0.4    |

The blocked version is faster on every size; perf counts for each:

| Size | L1 misses | Page faults |
|------|-----------|-------------|
| 1024 | 18,200    | 310         |

Sizes are measured in bytes on x86-64:

| Type | sizeof | alignof |
|------|--------|---------|
| long | 8      | 8       |

Here are the results of each operator on one bit:

| a | b | a & b | a ^ b |
|---|---|-------|-------|
| 1 | 0 | 0     | 1     |

Here are the results for the accuracy run:

| Model | Accuracy (%) | F1   |
|-------|--------------|------|
| small | 94.5         | 0.91 |
EOF2

check_lesson 06-course.md
expect "06-course.md:3:[0-9]*: error: a time value '120 ms'"
refuse "in a table of results"

cat >07-armed.md <<'EOF2'
# Armed only by the lesson's own claims

Here are the results compared to the old machine:

| cpu cores | 1   | 2   |
| --------- | --- | --- |
| 8275CL    | 910 | 605 |

The machine might take about 5 ms here, or not. <!-- litlab-disable timing-needs-metadata: an example -->

```text
real 0m1.204s
```
EOF2

check_lesson 07-armed.md
refuse "in a table of results"

cat >08-author.md <<'EOF2'
# A new author's tables

[mine]: https://example.org/notes "the author, lab notes, 2026"

The old sort takes {{cite:mine|3.1 seconds}} on the big input.

Here are the run times:

| n      | old  | new |
|--------|------|-----|
| 100000 | 0.8  | 0.1 |

## Expected results

| file      | lines | words  | bytes   | words per line |
|-----------|-------|--------|---------|----------------|
| big.txt   | 4000  | 32000  | 190000  | 8.0            |
| other.txt | 120   | 1024   | 6100    | 8.53           |
EOF2

check_lesson 08-author.md
expect "08-author.md:11:[0-9]*: error: a figure '0\.8' in a table of results names no unit ('old')"
expect "08-author.md:11:[0-9]*: error: a figure '0\.1' in a table of results names no unit ('new')"
refuse "08-author.md:1[5-9]:"

cat >09-course.md <<'EOF2'
# A course's tables after a cited figure (a second attacker's review)

[k]: https://example.org/k "course staff, lab notes, 2025"
[c11]: https://example.org/c11 "ISO, C11, 2011"

Parsing takes {{cite:k|40 ms}} on the lab machines. Signed overflow is {{cite:c11|undefined behavior}}.

Here are the results of running `./sqrt` on the sample inputs:

| input | sqrt    |
|-------|---------|
| 2     | 1.41421 |

The quadratic term grows much faster than the others:

| n    | n log2 n | n^2     |
|------|----------|---------|
| 1000 | 9965.8   | 1000000 |

The measured readings from the potentiometer:

| Position | Raw | Voltage |
|----------|-----|---------|
| middle   | 512 | 2.50    |

Parsing the whole file takes about 40 ms. The file holds records like these:

| id | name | balance |
|----|------|---------|
| 1  | Ann  | 1520.75 |

Two tests timed out. Here are the results:

| Test | Expected | Got |
|------|----------|-----|
| avg  | 2.5      | 2.25 |

## Expected results

| Input file | Mean | Variance |
|------------|------|----------|
| a.txt      | 4.5  | 83512.7  |

## Performance

**Lab machine**

| point | x    | y    |
|-------|------|------|
| A     | 1.5  | 2.25 |
EOF2

check_lesson 09-course.md
expect "09-course.md:26:[0-9]*: error: a time value '40 ms'"
refuse "in a table of results"

cat >10-dense.md <<'EOF2'
# A page dense with claims

The scalar loop takes 12 ms, the unrolled one takes 9 ms, and the vector one takes 3 ms.

With eight threads the vector loop drops to 0.6 ms, and the copy alone takes 0.2 ms.

Here are the results compared to the old machine:

| cpu cores | 1   | 2   |
| --------- | --- | --- |
| 8275CL    | 910 | 605 |
EOF2

check_lesson 10-dense.md
expect "10-dense.md:11:[0-9]*: error: a figure '910' in a table of results names no unit ('1')"

exit $fail
