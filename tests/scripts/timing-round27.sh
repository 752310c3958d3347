#!/bin/sh
# What the twenty-seventh round taught the timing rule (engine/rules/README.md, "Forms of the
# twenty-seventh round"): tools' fixed output formats. Each layout's figures are claims where the tool
# says they are times, rates, shares of the run time or cycles, and its other figures are left alone:
# - `time`'s reports: `time -p` ("real 0.697"), GNU time's default line and `-v` labels, zsh's line;
#   not lscpu's "CPU(s): 8";
# - a label that gives its unit in brackets ("slat (usec): min=2, ...", "| Runtime (RDTSC) [s] |
#   1.2345 |", "Latency (ms):" over its lines, ab's "Connection Times (ms)"); not a setting's ("Timeout
#   (ms):"), a frequency's ("Clock [MHz]"), a stamp's ("Timestamp (s):"), a count after a key
#   (samples=, per=) or a percentile's rank;
# - perf annotate's shares, of cycles a claim, of another event not;
# - Google Benchmark's JSON keys and CSV columns (a rate per second, figures with an exponent);
# - JMH's score with its error (its count of iterations none), hyperfine's "2.04 ± 0.12 times
#   faster", criterion's change, ftrace's function_graph durations, ping's rtt summary, fio's CPU shares (its
#   latency buckets' bounds and bpftrace's histograms' are the tools' bins, specified), llvm-mca's cycles, mpstat's shares;
#   iperf's interval is a stamp;
# - the three reviews' refusals: configurations in JSON, one-line labels of settings and of quantities
#   that are no run's, look-alikes of time's, perf annotate's, ftrace's and JSON's layouts, a section
#   over a table of other columns, long lines that made the rule fail.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-time.md <<'EOF2'
# Time

```
$ time -p ./wc big.txt
real 0.697
user 0.684
sys 0.007
```

```
$ /usr/bin/time ./wc big.txt
1.10user 0.12system 0:01.23elapsed 99%CPU (0avgtext+0avgdata 45678maxresident)k
```

```
	User time (seconds): 1.10
	Percent of CPU this job got: 99%
	Elapsed (wall clock) time (h:mm:ss or m:ss): 0:01.23
	Maximum resident set size (kbytes): 45678
```

```
./wc big.txt  1.10s user 0.12s system 99% cpu 1.234 total
```

```
$ lscpu
CPU(s):              8
Thread(s) per core:  2
```
EOF2

check_lesson 01-time.md
expect "01-time.md:5:6: error: a time value '0.697'"
expect "01-time.md:7:5: error: a time value '0.007'"
expect "01-time.md:12:1: error: a time value '1.10'"
expect "01-time.md:12:21: error: a time value '0:01.23'"
expect "01-time.md:12:36: error: a share of the run time '99%'"
refuse "01-time.md:12:[0-9]*: error: [a-z -]* '45678"
expect "01-time.md:16:[0-9]*: error: a time value '1.10'"
expect "01-time.md:17:[0-9]*: error: a share of the run time '99%'"
expect "01-time.md:18:[0-9]*: error: a time value '0:01.23'"
refuse "01-time.md:19:[0-9]*: error"
expect "01-time.md:23:[0-9]*: error: a time value '1.234'"
refuse "01-time.md:2[89]:[0-9]*: error"

cat >02-brackets.md <<'EOF2'
# Brackets

```
    slat (usec): min=2, max=45, avg= 3.21, stdev= 0.84
   bw (  KiB/s): min=37000, max=40000, per=100.00%, avg=39200.00, stdev=412.3, samples=119
  lat (usec)   : 50=0.01%, 100=62.34%
  cpu          : usr=3.21%, sys=10.45%, ctx=588000, majf=0, minf=12
```

```
Latency (ms):
         min:                                    0.80
         95th percentile:                        0.83
```

```
| Runtime (RDTSC) [s] |     1.2345 |
|      Clock [MHz]    |  3000.1234 |
```

```
Timeout (ms):
    connect: 500
Timestamp (s): 1712345678
Interval (s): 5
```
EOF2

check_lesson 02-brackets.md
expect "02-brackets.md:4:22: error: a time value '2'"
expect "02-brackets.md:4:51: error: a time value '0.84'"
expect "02-brackets.md:5:57: error: a rate '39200.00'"
refuse "02-brackets.md:5:[0-9]*: error: [a-z -]* '100.00"
refuse "02-brackets.md:5:[0-9]*: error: [a-z -]* '119'"
refuse "02-brackets.md:6:[0-9]*: error: [a-z -]* '100'"
refuse "02-brackets.md:6:[0-9]*: error: [a-z -]* '62.34"
expect "02-brackets.md:7:[0-9]*: error: a share of the run time '3.21%'"
refuse "02-brackets.md:7:[0-9]*: error: [a-z -]* '588000'"
expect "02-brackets.md:12:[0-9]*: error: a time value '0.80'"
expect "02-brackets.md:13:[0-9]*: error: a time value '0.83'"
refuse "02-brackets.md:13:[0-9]*: error: [a-z -]* '95"
expect "02-brackets.md:17:[0-9]*: error: a time value '1.2345'"
refuse "02-brackets.md:18:[0-9]*: error"
refuse "02-brackets.md:2[2-5]:[0-9]*: error"

cat >03-annotate.md <<'EOF2'
# Annotate

```
 Percent |      Source code & Disassembly of a.out for cycles:u (4321 samples)
   12.34 :        401136:       movzbl (%rdi,%rax,1),%edx
```

```
 Percent |      Source code & Disassembly of a.out for cache-misses (321 samples)
   43.21 :        40113e:       addl   $0x1,(%rsi,%rdx,4)
```

```
  1.43  : 4eb10d:  movsx  ecx,BYTE PTR [r8+rdx*2]
```
EOF2

check_lesson 03-annotate.md
expect "03-annotate.md:5:4: error: a share of the run time '12.34'"
refuse "03-annotate.md:10:[0-9]*: error"
expect "03-annotate.md:14:3: error: a share of the run time '1.43'"

cat >04-harnesses.md <<'EOF2'
# Harnesses

```json
{
  "benchmarks": [
    {
      "name": "BM_SetInsert/1024/1",
      "iterations": 94877,
      "real_time": 29275,
      "cpu_time": 29836,
      "time_unit": "ns",
      "bytes_per_second": 134066
    }
  ]
}
```

```
name,iterations,real_time,cpu_time,bytes_per_second,items_per_second,label
"BM_SetInsert/1024/8",116606,18810.1,9766.64,3.27646e+06,819115,
```

```
Benchmark            Mode  Cnt   Score   Error  Units
MyBench.copy         avgt   25  12.345 ± 0.123  ns/op
MyBench.once           ss       1234.5          ms/op
MyBench.copy:·gc.alloc.rate.norm  avgt  25  16.000 ± 0.001  B/op
```

```
Summary
  './a' ran
    2.04 ± 0.12 times faster than './b'
```

```
copy 64                 time:   [16.812 ns 16.901 ns 16.998 ns]
                        change: [-2.1% -1.0% +0.2%] (p = 0.08 > 0.05)
```
EOF2

check_lesson 04-harnesses.md
expect "04-harnesses.md:9:20: error: a time value '29275'"
expect "04-harnesses.md:12:27: error: a rate '134066'"
refuse "04-harnesses.md:8:[0-9]*: error"
expect "04-harnesses.md:20:[0-9]*: error: a time value '18810.1'"
expect "04-harnesses.md:20:[0-9]*: error: a rate '3.27646e+06'"
refuse "04-harnesses.md:20:[0-9]*: error: [a-z -]* '116606'"
expect "04-harnesses.md:25:33: error: a time value '12.345 ± 0.123'"
refuse "04-harnesses.md:25:[0-9]*: error: [a-z -]* '25"
expect "04-harnesses.md:26:[0-9]*: error: a time value '1234.5'"
refuse "04-harnesses.md:27:[0-9]*: error"
expect "04-harnesses.md:33:5: error: a speed-up claim '2.04 ± 0.12 times faster'"
expect "04-harnesses.md:38:34: error: a speed-up claim '-2.1% -1.0% +0.2%'"
refuse "04-harnesses.md:38:[0-9]*: error: [a-z -]* '0.0[58]'"

cat >05-tracers.md <<'EOF2'
# Tracers

```
 0)               |  write_log() {
 0)   1.234 us    |    format_line();
 0) + 12.345 us   |    flush();
 0) + 15.678 us   |  }
```

```
64 bytes from 10.0.0.2: icmp_seq=1 ttl=64 time=0.045 ms
rtt min/avg/max/mdev = 0.031/0.045/0.060/0.010 ms
```

```
@usecs:
[2, 4)               600 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@|
```

```
@bytes:
[2, 4)               600 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@|
```

```
[ ID] Interval           Transfer     Bitrate         Retr
[  5]   0.00-1.00   sec  1.10 GBytes  9.42 Gbits/sec    0
```

```
Total Cycles:      110
uOps Per Cycle:    2.73
Instructions:      300
```

```
12:00:01 PM  CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle
12:00:02 PM  all   45.23    0.00   12.06    0.50    0.00    1.01    0.00    0.00    0.00   41.21
```
EOF2

check_lesson 05-tracers.md
expect "05-tracers.md:5:7: error: a time value '1.234 us'"
expect "05-tracers.md:6:7: error: a time value '12.345 us'"
expect "05-tracers.md:12:[0-9]*: error: a time value '0.031/0.045/0.060/0.010 ms'"
refuse "05-tracers.md:17:[0-9]*: error: [a-z -]* '[24]'"
refuse "05-tracers.md:17:[0-9]*: error: [a-z -]* '600'"
refuse "05-tracers.md:22:[0-9]*: error"
refuse "05-tracers.md:27:9: error"
expect "05-tracers.md:27:[0-9]*: error: a rate '9.42 Gbits/sec'"
expect "05-tracers.md:31:[0-9]*: error: a cycle count '110'"
expect "05-tracers.md:32:[0-9]*: error: a rate '2.73'"
refuse "05-tracers.md:33:[0-9]*: error"
expect "05-tracers.md:38:[0-9]*: error: a share of the run time '45.23'"
expect "05-tracers.md:38:[0-9]*: error: a share of the run time '12.06'"

# the attackers' reviews: configurations, look-alike lines and long lines that the readers must leave
# alone (each of these was reported, or made the rule fail, in the round's first version)
cat >06-refusals.md <<'EOF2'
# Refusals

```json
{
  "fetch_max_wait_ms": 500,
  "connections_max_idle_ms": 540000,
  "session_duration_sec": 43200
}
```

```json
{ "items": [ { "name": "Song A", "duration_ms": 215000 }, { "name": "Song B", "duration_ms": 187333 } ] }
```

```json
{
  "Iops": 3000,
  "Throughput": 125,
  "p99_latency_ms": 200,
  "p50_latency_ms": 50,
  "objective": "checkout"
}
```

```
{
  "max_latency_ms": 5
}
```

```
| Time (s) | Temp (C) | Humidity (%) |
|----------|----------|--------------|
| 0        | 21.5     | 40           |
```

```
Latency (ms):
Requests: 10000
Errors: 0
```

```
Time step [s]: 0.001
Velocity (m/s): 3.2
Heartbeat (ms): 500
charge-cycles: 312
PHP max execution time: 30
```

```
  2.1   : 3f2a9c1: Merge branch 'fix'
1) 2.5 us | see the note below
```

```
    TIME     TEXT
  0:01.50   Hello
```
EOF2

check_lesson 06-refusals.md
refuse "06-refusals.md:[0-9]:[0-9]*: error"
refuse "06-refusals.md:[1-2][0-9]:[0-9]*: error"
refuse "06-refusals.md:34:[0-9]*: error: [a-z -]* '21.5'"
refuse "06-refusals.md:34:[0-9]*: error: [a-z -]* '40'"
refuse "06-refusals.md:4[0-246-8]:[0-9]*: error"
refuse "06-refusals.md:5[0-2]:[0-9]*: error"
refuse "06-refusals.md:5[4-9]:[0-9]*: error"

awk 'BEGIN { print "# Long"; print ""; print "The samples:"; print ""; print "```"; print "Raw samples (ms):";
             s = ""; for (i = 0; i < 8000; i++) s = s "0.812, "; print s; print "```"; print "";
             print "The loop took 12 ms."; }' >07-long.md
awk 'BEGIN { print "# Long"; print ""; print "```"; s = "user "; for (i = 0; i < 20000; i++) s = s "1"; print s;
             s = ""; for (i = 0; i < 20000; i++) s = s "1"; print s " elapsed"; s = "change: ["; for (i = 0; i < 7000; i++) s = s "1% ";
             print s; print "```"; print ""; print "The loop took 12 ms."; }' >08-long.md

check_lesson 07-long.md
refuse "rule failed"
expect "07-long.md:[0-9]*:[0-9]*: error: a time value '12 ms'"
check_lesson 08-long.md
refuse "rule failed"
expect "08-long.md:[0-9]*:[0-9]*: error: a time value '12 ms'"

# the third review: look-alikes of time's, perf annotate's and JSON's layouts, one-line labels of
# quantities that are no run's, a section over a table of other columns
cat >09-third.md <<'EOF2'
# Third

```
real 0.50
imag 0.00
```

```
Percent |
  12.5  | Agree
  40.0  | Disagree
```

```
Half-life (s): 2.449
Token lifetime (s): 3600
Rise time (ns): 2.4
```

```
Run times (s)
threads   time
1         12.30
2          6.41
```

```json
{
  "participant": 17,
  "reaction_time_mean_ms": 512,
  "reaction_time_median_ms": 498
}
```

```
page        Avg time (s)  visits
/home       35            1200
```

```
time  meters per second
0.5   1.21
```

```
index % time    self  children    called     name
[1]    100.0    0.00    1.10                 main [1]

  %   cumulative   self              self     total
 time   seconds   seconds    calls  ms/call  ms/call  name
 75.00      0.75     0.75        2   375.00   375.00  work
```
EOF2

check_lesson 09-third.md
refuse "09-third.md:[0-9]:[0-9]*: error"
refuse "09-third.md:1[0-9]:[0-9]*: error"
refuse "09-third.md:2[3-4]:[0-9]*: error: [a-z -]* '[12]'"
expect "09-third.md:23:[0-9]*: error: a time value '12.30'"
refuse "09-third.md:3[0-9]:[0-9]*: error"
refuse "09-third.md:42:[0-9]*: error: [a-z -]* '1.21'"
expect "09-third.md:47:[0-9]*: error: a time value '1.10'"
expect "09-third.md:51:[0-9]*: error: a time value '375.00'"
exit $fail
