#!/bin/sh
# What the eighteenth round taught the timing rule (tests/corpus/README.md, engine/rules/README.md):
# - a column named "Ticks" holds durations counted in a timer's ticks; a column named "1 tick"
#   or "1 cycle" gives what one unit lasts, a definition.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-ticks.md <<'EOF2'
# Ticks

What the histogram of two reads in a row printed:

```txt
Ticks | Time(us) | Count
------|----------|---------
0     | 0.0      | 931768
3     | 1.1      | 319
```

| Runtime | OS      | 1 tick | Latency |
| ------- | ------- | -----: | ------: |
| Mono    | Windows | 100ns  | 35-45ns |
| CoreCLR | Linux   | 1ns    | 30-35ns |
EOF2

check_lesson 01-ticks.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
expect "01-ticks.md:8:1: error: a time value '0'"
expect "01-ticks.md:9:1: error: a time value '3'"
expect "01-ticks.md:9:9: error: a time value '1.1'"
refuse "01-ticks.md:9:[0-9]*: error: a time value '319'"
refuse "01-ticks.md:14:23:"
refuse "01-ticks.md:15:23:"
expect "01-ticks.md:14:32: error: a time value '35-45ns'"
exit $fail
