#!/bin/sh
# A printed line's label names the quantity of the figures after it (tests/corpus/README.md, tenth
# round): in what a display block shows as printed, a line that opens with a label naming a rate
# (Requests/sec, Req/Sec, Transfer/sec, "per second", IOPS) or a measured time (Latency, p99) makes
# the figures after it claims, bare or k-suffixed; an unsigned percentage there is a share of the
# samples (a "+/- Stdev" column), let pass. A setting's label (Timeout, interval), a label that is
# an identifier (max_latency), a word that only holds "sec" (sector), a command typed and a config
# block are not read so.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-labels.md <<'EOF'
# Load

Plain words.

```
$ ./loadgen -c 8 -d 5s http://127.0.0.1:8080/
    Latency     412.10us  120.50us    3.20ms   70.25%
    Req/Sec      22.40k     1.10k    25.00k    64.00%
Requests/sec:  44810.33
Transfer/sec:      5.12MB
```

```
reads per second:   1830
p99: 1.8ms
IOPS=9.8k
  write: IOPS=4,021, BW=15.7MiB/s
```

```
Timeout: 30
Keep-alive interval:  15
Bytes per sector:   512
max_latency: 5
Retries  3
opts: max_latency=5 depth=4
```

```ini
Latency: 30
```
EOF

check_lesson 01-labels.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
# a time's label: its figures are claims, its spread's share is not
expect "01-labels.md:7:17: error: a time value '412.10us' in a display block (shown, not run) is a performance claim"
expect "01-labels.md:7:27: error: a time value '120.50us'"
expect "01-labels.md:7:39: error: a time value '3.20ms'"
refuse "70.25%"
# a rate's label: bare and k-suffixed figures, and a transfer per second
expect "01-labels.md:8:18: error: a rate '22.40k' in a display block (shown, not run) is a performance claim"
expect "01-labels.md:8:29: error: a rate '1.10k'"
expect "01-labels.md:8:38: error: a rate '25.00k'"
refuse "64.00%"
expect "01-labels.md:9:16: error: a rate '44810.33'"
expect "01-labels.md:10:20: error: a rate '5.12MB'"
expect "01-labels.md:14:21: error: a rate '1830'"
expect "01-labels.md:15:6: error: a time value '1.8ms' in a display block (shown, not run) is a performance claim"
expect "01-labels.md:16:6: error: a rate '9.8k'"
# a rate's key glued to its value by '=' anywhere on the line
expect "01-labels.md:17:15: error: a rate '4,021'"
expect "01-labels.md:17:25: error: a rate '15.7MiB/s'"
# the command's arguments, settings, identifiers and a config block are not results
refuse "01-labels.md:6:"
refuse "01-labels.md:2[0-9]:"
refuse "01-labels.md:3[0-9]:"

in_ledger 01-labels.md \
	"01-labels.md:7:48: let pass '70.25%' as not timing ('Latency'" \
	"01-labels.md:8:48: let pass '64.00%' as not timing ('Req/Sec'"
exit $fail
