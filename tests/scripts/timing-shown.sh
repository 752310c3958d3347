#!/bin/sh
# What the timing rule reads besides prose (tests/corpus/README.md, sixth round):
# - the front matter's title and summary, which the site shows as written: a figure there is
#   reported at its line and column in the file, with a message that sends it to the body;
# - a display block that shows text (no language, text, output, log): what some program
#   printed, typed by hand, read line by line (a number that ends a line takes no unit from
#   the next); a display block in a language is code and is not read;
# - a printed table in a display block (a header, a rule of dashes, dots or '=' under it, maybe
#   commented out with '#'): each row is read under its header, so a bare "41.20%" in a
#   profile's "Overhead" column is a share of the run time (tests/corpus/README.md, seventh round).
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-shown.md <<'EOF'
---
title: "A millisecond is slow (and how we made it 100x faster)"
summary: Sleeping for 5 seconds between retries
---

# Body

Plain words.

```
math.pow:   0.8ms
i = 10
s = Foo!
    0,0935090 secs
```

```text
[Times: user=0,55 sys=0,10, real=0,09 secs]
```

```python
time.sleep(0.25)  # a 3 s pause, in code
```
EOF

check_lesson 01-shown.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
# the title: line 2, the value after 'title: "', the claim sent to the body
expect "01-shown.md:2:9: error: a time value 'A millisecond' in the front matter's 'title' is a performance claim.*state it in the body"
expect "01-shown.md:2:51: error: a speed-up claim '100x faster' in the front matter's 'title'"
# the summary: a sleep, let pass (and listed in the ledger)
refuse "01-shown.md:3:"
# an untagged display block: read, line by line
expect "01-shown.md:11:13: error: a time value '0.8ms' in a display block (shown, not run)"
refuse "'10 s'"
expect "01-shown.md:14:5: error: a time value '0,0935090 secs' in a display block"
# a text block: a decimal comma before its unit; 'user=' names a field, not a person; the
# record's fields share the unit written at its end
expect "01-shown.md:18:34: error: a time value '0,09 secs' in a display block"
expect "01-shown.md:18:14: error: a time value '0,55' in a display block"
expect "01-shown.md:18:23: error: a time value '0,10' in a display block"
# code is not prose
refuse "01-shown.md:22:"
[ "$(grep -c 'timing-needs-metadata' err)" -eq 7 ] || { echo "FAIL: not 7 timing reports:"; cat err; fail=1; }

in_ledger 01-shown.md "01-shown.md:3:23: let pass '5 seconds' as specified ('Sleeping'"

cat >02-table.md <<'EOF'
# A profile

Plain words.

```
# Overhead  Symbol
# ........  ..................
#
    41.20%  [.] parse_line
     3.05%  [.] main

    12.50%  after the table: no header above
```

```
Phase      Count
-------    ------
parse      24.94%
```
EOF
check_lesson 02-table.md
[ $rc -eq 1 ] || { echo "FAIL: 02-table.md: exit $rc, not 1"; cat err; fail=1; }
# (its header is perf's: the listing is read as a CPU profile's, for the rows under the header; twenty-sixth round)
expect "02-table.md:9:5: error: a share of the run time '41.20%' in a display block (shown, not run) is a performance claim.*'# Overhead': a share of a CPU profile's samples"
expect "02-table.md:10:6: error: a share of the run time '3.05%' in a display block"
[ "$(grep -c 'timing-needs-metadata' err)" -eq 2 ] || { echo "FAIL: 02-table.md: not 2 timing reports:"; cat err; fail=1; }

# A line after a shell prompt is the command typed, not output: its numbers are arguments (eighth
# round); the output below it is still read.
cat >03-session.md <<'EOF'
# A session

Plain words.

    $ ./probe --max-latency 100
    Max stall so far: 16 microseconds.
EOF
LITLAB_CACHE_DIR=$work/cache "$LITLAB" check 03-session.md >out 2>err
expect "03-session.md:6:23: error: a time value '16 microseconds' in a display block"
[ "$(grep -c 'timing-needs-metadata' err)" -eq 1 ] || { echo "FAIL: 03-session.md: not 1 timing report:"; cat err; fail=1; }
LITLAB_CACHE_DIR=$work/cache "$LITLAB" audit 03-session.md >out 2>/dev/null
grep -q "03-session.md:5:.*let pass '100' as specified ('\\$': a command typed after a shell prompt" out ||
	{ echo "FAIL: 03-session.md: the prompt's argument is not in the ledger:"; cat out; fail=1; }
exit $fail
