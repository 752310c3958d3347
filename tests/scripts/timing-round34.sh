#!/bin/sh
# What the thirty-fourth round taught the timing rule (engine/rules/README.md, "Forms of the
# thirty-fourth round"), each form with the cases beside it that must stay unreported (most of them an
# attacker's review of the first version):
# - a printed table's "Clock" column beside a column of the core's cycles ("Core cyc": Agner Fog's
#   test programs count the time stamp counter) is cycles; beside none, or beside a simulator's or an
#   exercise's "Cycles", it is left alone;
# - a sentence that opens by saying the figures count cycles ("The numbers show how much CPU cycles
#   are spent per one byte ...") leads a table in from further up the paragraph right above it; a time
#   further up ("The values are seconds since the Epoch.") or one the numbers "show" does not;
# - two figures with decimals in a cell set apart by a spaced slash ("1.65 / 2.02") are both the
#   column's; whole numbers there are a score, a time signature;
# - a figure with its ratio to a baseline in brackets ("4.2 (1x)") is a time beside a time with its
#   own in its row, and a mean with its spread and ratio ("0.59+-0.07 (8.1x)") is one in a table the
#   lead-in says holds benchmarks; neither under a header that names its own unit, a size, a count.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0
# (the patterns are grep's basic ones: '|' is itself, "\\\\|" a backslash and a '|'; "\\|" would be
# GNU grep's alternation, which matched anything)

cat >01-clock.md <<'EOF2'
# Clock

Here are results on my laptop:

```
rdtsc Throughput

     Clock   Core cyc   Instruct       Uops
      1686       2384        100       1500
      1690       2384        100       1500
```

A sensor log:

```
     Clock   Temp   Fan
      1686     40   1200
      1690     41   1250
```

An exercise:

```
CPU   Clock   CPI   Cycles
P1    2 GHz   1.5   ?
```

A frequency table:

```
Clock     Core cycles
800 MHz   9
1.6 GHz   9
```

A simulator's trace:

```
Clock  Cycles  PC    Instr
1      5       0x00  addi
2      6       0x04  addi
```
EOF2

check_lesson 01-clock.md
expect "01-clock.md:9:[0-9]*: error: a cycle count '1686'"
expect "01-clock.md:10:[0-9]*: error: a cycle count '1690'"
expect "01-clock.md:9:[0-9]*: error: a cycle count '2384'"
refuse "01-clock.md:1[5-9]:"
refuse "01-clock.md:2[0-9]:"
refuse "01-clock.md:3[0-9]:[0-9]*: error: a cycle count '[12]' "
refuse "01-clock.md:3[0-9]:[0-9]*: error: a cycle count '800'"
refuse "01-clock.md:3[0-9]:[0-9]*: error: a cycle count '1\.6'"
refuse "01-clock.md:4[0-9]:[0-9]*: error: a cycle count '[12]' "

cat >02-lead.md <<'EOF2'
# Lead

The results on one core are below.
The numbers show how much CPU cycles are spent per one byte of input. The first number in a cell
is the core loop alone (measured by rdtsc). The second includes all the overhead.
The **rnd** dataset was generated at random. The **book** dataset is a novel.

| implementation | rnd decode  | book decode |
| -------------- | ----------- | ----------- |
| fast path      | 1.65 / 2.02 | 1.00 / 1.21 |
| slow path      | 15.3 / 16.4 | 9.10 / 9.67 |

The results of the second machine are below. The first number in a cell shows the time of the
conversion. The second is the same for the whole file.
The datasets are the same.

| implementation | rnd decode  | book decode |
| -------------- | ----------- | ----------- |
| fast path      | 1.65 / 2.02 | 1.00 / 1.21 |

| date | ratio |
| ---- | ----- |
| 2020 | 3/4   |

The values are seconds since the Epoch. localtime() breaks one into fields. Each field has a range.
Months count from zero.

| Field   | Lowest | Highest |
| ------- | ------ | ------- |
| tm_min  | 0      | 59      |

The numbers show how many milliseconds the LED stays on in each mode. Mode 0 is the default.

| Mode | On  |
| ---- | --- |
| 0    | 500 |

| Criterion | Points |
| --------- | ------ |
| Run time  | 4 / 5  |

The entries are the life cycle states of a process. Each has a code. The kernel keeps it in the task.
A state changes on an event. The scheduler reads it. Zombies keep theirs until reaped.

| State | Code |
| ----- | ---- |
| new   | 0.5  |

The numbers show how many cycles of rinsing each program does. Lower is gentler.

| Program | Rinses |
| ------- | ------ |
| wool    | 3.5    |
EOF2

check_lesson 02-lead.md
expect "02-lead.md:10:[0-9]*: error: a cycle count '1\.65'"
expect "02-lead.md:10:[0-9]*: error: a cycle count '2\.02'"
expect "02-lead.md:11:[0-9]*: error: a cycle count '9\.67'"
refuse "02-lead.md:1[3-9]:"
refuse "02-lead.md:[2-4][0-9]:"

cat >03-ratio.md <<'EOF2'
# Ratios

The results are below (normalized to CPython). Benchmarks were run 50 times each:

| benchmark | CPython          | PyPy              |
| --------- | ---------------- | ----------------- |
| fibonacci | 4.8+-0.15 (1.0x) | 0.59+-0.07 (8.1x) |

Example benchmarks show the following:

|         | add           | iterate     |
| ------- | ------------- | ----------- |
| CPython | 0.260s (1x)   | 4.2 (1x)    |
| PyPy    | 0.120s (2.2x) | 0.087 (48x) |

Peak memory of each run:

| benchmark | Peak memory  | Resident size |
| --------- | ------------ | ------------- |
| fibonacci | 40+-3 (1.0x) | 31+-2 (0.8x)  |

| Image | Scale    |
| ----- | -------- |
| logo  | 4.2 (1x) |

The parts we measured, each within its tolerance:

| Part   | Resistance (kOhm) |
| ------ | ----------------- |
| R1, R2 | 4.7 +- 0.2 (2x)   |

| Section | Mean grade      |
| ------- | --------------- |
| A       | 7.8+-1.2 (1.0x) |

| Impl  | Time (s) | Peak memory |
| ----- | -------- | ----------- |
| naive | 1.20     | 40 (1x)     |

| Image | Load time | Zoom     |
| ----- | --------- | -------- |
| logo  | 0.2 s     | 4.2 (2x) |
EOF2

check_lesson 03-ratio.md
expect "03-ratio.md:7:[0-9]*: error: a time value '4\.8+-0\.15'"
expect "03-ratio.md:7:[0-9]*: error: a speed-up claim '8\.1x'"
expect "03-ratio.md:13:[0-9]*: error: a time value '4\.2'"
expect "03-ratio.md:14:[0-9]*: error: a time value '0\.087'"
expect "03-ratio.md:14:[0-9]*: error: a speed-up claim '48x'"
refuse "03-ratio.md:1[6-9]:"
refuse "03-ratio.md:2[0-9]:"
refuse "03-ratio.md:3[0-7]:"
refuse "03-ratio.md:38:[0-9]*: error: .* '40'"
refuse "03-ratio.md:38:[0-9]*: error: .* '1x'"
refuse "03-ratio.md:42:[0-9]*: error: .* '4\.2'"
refuse "03-ratio.md:42:[0-9]*: error: .* '2x'"
expect "03-ratio.md:42:[0-9]*: error: a time value '0\.2 s'"

# A new author's review: what a lesson's results table and pasted printout need
cat >05-spread.md <<'EOF2'
# Spreads

Grades normalised to the cohort mean of last year:

| Section | Mean grade      |
| ------- | --------------- |
| A       | 7.8+-1.2 (1.0x) |

Fund returns compared with the benchmark index, mean +- standard deviation over ten years:

| Fund | Return          |
| ---- | --------------- |
| Ours | 7.3+-2.4 (1.2x) |
EOF2

check_lesson 05-spread.md
refuse "05-spread.md:"

cat >04-author.md <<'EOF2'
# Author

```c measure id=sortx
int main(void) { return 0; }
```

| sort      | n = 100000                      | n = 10      |
| --------- | ------------------------------- | ----------- |
| insertion | {{measure:sortx:median}} (7.3x) | 0.260s (1x) |

The numbers show how many CPU cycles are spent per element. Each cell gives the best run and the
mean of ten runs. Lower is better.

| sort  | sorted input | random input |
| ----- | ------------ | ------------ |
| qsort | 1.65 / 2.02  | 11.3 / 12.8  |

| sort  | time                   |
| ----- | ---------------------- |
| qsort | {{cite:cpe|1.65 ms}}   |
| merge | {{cite:cpe\|2.10 ms}} |

```text
     Clock   Core cyc   Instruct
      {{cite:cpe|4120}}       2384        100
```

```text
     Clock   Core cyc   Instruct
      4130       2390        100
      {{cite:agnr|4140}}       2384        100
```

How to write them: `{{cite:KEY|4 cycles}}` and `{{measure:ID:STAT}}`, for example

```markdown
A load costs {{cite:KEY|4 cycles}}; the sort took {{measure:ID:STAT}}.
```

| Input | Time (ms) |
| ----- | --------- |
| 100   | 4.5       |

[cpe]: https://example.org/cpe "A. Author, cycles per element, 2020"
[agner]: https://example.org/agner "A. Fog, instruction tables, 2022"
EOF2

check_lesson 04-author.md
expect "04-author.md:9:[0-9]*: error: a speed-up claim '7\.3x' .*{{cite:KEY\\\\|7\.3x}}"
expect "04-author.md:9:[0-9]*: error: a time value '0\.260s' in a table"
expect "04-author.md:16:[0-9]*: error: a cycle count '1\.65'"
expect "04-author.md:16:[0-9]*: error: a cycle count '12\.8'"
expect "04-author.md:20:[0-9]*: error: '{{cite:cpe|1\.65 ms}}' in a table: a '|' in it ends the cell.*write {{cite:cpe\\\\|1\.65 ms}} \[cite-reference\]"
refuse "04-author.md:21:"
expect "04-author.md:25:7: error: '{{cite:cpe|4120}}' in a display block is shown as typed.*\[cite-reference\]"
expect "04-author.md:30:[0-9]*: error: a cycle count '2390' .*in the prose around it, then suppress it here"
expect "04-author.md:31:7: error: '{{cite:agnr|4140}}' in a display block is shown as typed"
refuse "04-author.md:3[4-9]:"
refuse "04-author.md:4[0-1]:"
refuse "04-author.md:4[2-9]:[0-9]*: error: .* '100'"
expect "04-author.md:4[2-9]:[0-9]*: error: a time value '4\.5'"
in_ledger 04-author.md "cited '2.10 ms'"

# Where the page shows a reference as typed, the figure without its source: raw HTML, a title
cat >06-raw.md <<'EOF2'
---
title: Loads take {{cite:k|5 cycles}}
---
# Raw

<table>
<tr><td>load</td><td>{{cite:k|30 ms}}</td></tr>
</table>

Prose {{cite:k|4 cycles}} and <span>{{cite:k|6 cycles}}</span>.

[k]: https://example.com/k "Someone, manual, 2020"
EOF2

check_lesson 06-raw.md
expect "06-raw.md:2:[0-9]*: error: '{{cite:k|5 cycles}}' in the front matter is shown as typed"
expect "06-raw.md:7:[0-9]*: error: '{{cite:k|30 ms}}' in raw HTML is shown as typed"
refuse "06-raw.md:10:"
in_ledger 06-raw.md "cited '4 cycles'" "cited '6 cycles'"

exit $fail
