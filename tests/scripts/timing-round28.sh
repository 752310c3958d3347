#!/bin/sh
# What the twenty-eighth round taught the timing rule (engine/rules/README.md, "Forms of the
# twenty-eighth round"): more tools' fixed output formats. Each layout's measured figures are claims,
# and its settings, stamps, counts and clock frequencies are left alone:
# - databases: sqlite3's "Run Time:", the mysql client's "(0.27 sec)", a plan's "actual time=", MySQL's
#   slow log, pgbench's statement latencies and progress lines (its stamp specified), YCSB's lines
#   (its count of operations none);
# - load generators: an HdrHistogram's spectrum and footer (wrk2), vegeta's report, hey's details,
#   sockperf's summary, netperf's table (its sizes none), curl's -w timings, ss -ti's round trips and rates (its
#   timers specified), db_bench's lines (also in a code span), memtier's table, k6's plan (specified);
# - lab tools: line_profiler's rows, lmbench's two columns, turbostat's and pcm's tables (their clock
#   frequencies specified, counts none), cyclictest (its interval specified), hackbench, perf sched
#   latency (its stamps specified), Visual Studio's and Instruments' call trees, JMH rows with
#   parameters, BenchmarkTools' GC share, fio's util=;
# - long lines that the readers' patterns must read in linear time.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-db.md <<'EOF2'
# Databases

```
sqlite> .timer on
Run Time: real 0.041 user 0.038000 sys 0.002000
```

```
mysql> SELECT COUNT(*) FROM orders;
1 row in set (0.27 sec)
Query OK, 1000 rows affected (0.45 sec)
Records: 1000  Duplicates: 0  Warnings: 0
```

```
 Seq Scan on t  (cost=0.00..131968.00 rows=5000000 width=97) (actual time=0.012..402.331 rows=5000000 loops=1)
 Execution Time: 611.204 ms
```

```
# Query_time: 1.234567  Lock_time: 0.000123 Rows_sent: 1  Rows_examined: 100000
```

```
statement latencies in milliseconds:
         0.151  BEGIN;
         0.412  UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;
progress: 5.0 s, 10234.5 tps, lat 1.563 ms stddev 0.901, 0 failed
```

```
[OVERALL], RunTime(ms), 30021
[OVERALL], Throughput(ops/sec), 33310.68
[READ], Operations, 499812
[READ], AverageLatency(us), 231.41
[READ], 99thPercentileLatency(us), 901
```
EOF2

check_lesson 01-db.md
expect "01-db.md:5:[0-9]*: error: a time value '0\.041'"
expect "01-db.md:5:[0-9]*: error: a time value '0\.038000'"
expect "01-db.md:5:[0-9]*: error: a time value '0\.002000'"
expect "01-db.md:10:[0-9]*: error: a time value '0\.27 sec'"
expect "01-db.md:11:[0-9]*: error: a time value '0\.45 sec'"
expect "01-db.md:16:[0-9]*: error: a time value '0\.012\.\.402\.331'"
expect "01-db.md:17:[0-9]*: error: a time value '611\.204 ms'"
expect "01-db.md:21:[0-9]*: error: a time value '1\.234567'"
expect "01-db.md:21:[0-9]*: error: a time value '0\.000123'"
expect "01-db.md:26:[0-9]*: error: a time value '0\.151'"
expect "01-db.md:27:[0-9]*: error: a time value '0\.412'"
expect "01-db.md:28:[0-9]*: error: a rate '10234\.5'"
expect "01-db.md:28:[0-9]*: error: a time value '1\.563'"
expect "01-db.md:28:[0-9]*: error: a time value '0\.901'"
expect "01-db.md:32:[0-9]*: error: a time value '30021'"
expect "01-db.md:33:[0-9]*: error: a rate '33310\.68'"
expect "01-db.md:35:[0-9]*: error: a time value '231\.41'"
expect "01-db.md:36:[0-9]*: error: a time value '901'"
refuse "01-db.md:12:"
refuse "01-db.md:28:[0-9]*: error: [a-z -]* '5\.0"
refuse "01-db.md:34:"
refuse "01-db.md:16:[0-9]*: error: [a-z -]* '131968"

cat >02-load.md <<'EOF2'
# Load

```
       Value   Percentile   TotalCount 1/(1-Percentile)

       0.412     0.000000            1         1.00
       1.210     0.500000       597344         2.00
#[Mean    =        1.264, StdDeviation   =        0.501]
#[Max     =       11.016, Total count    =      1194571]
```

```
Requests      [total, rate, throughput]         15000, 500.03, 499.97
Duration      [total, attack, wait]             30.001s, 29.998s, 3.112ms
Bytes In      [total, mean]                     1530000, 102.00
```

```
Details (average, fastest, slowest):
  resp wait:	0.0049 secs, 0.0003 secs, 0.0905 secs
```

```
sockperf: ====> avg-latency=12.345 (std-dev=1.234, cv=0.100, 99.0% ci=[12.334, 12.356])
sockperf: ---> <MAX> observation =   88.123
sockperf: ---> percentile 99.999 =   61.002
```

```
Recv   Send    Send
Socket Socket  Message  Elapsed
Size   Size    Size     Time     Throughput
bytes  bytes   bytes    secs.    10^6bits/sec

131072  16384  16384    10.00    9412.34
```

```
$ curl -s -o /dev/null -w 'connect: %{time_connect} ttfb: %{time_starttransfer} total: %{time_total}\n' http://127.0.0.1:8080/
connect: 0.000412 ttfb: 0.002301 total: 0.002411
     time_starttransfer: 0.011234
sleep_time_ms: 0.5
```

```
	 cubic wscale:7,7 rto:204 rtt:0.043/0.012 ato:40 mss:32768 cwnd:10 pacing_rate 121Gbps delivery_rate 9.1Gbps
```
EOF2

check_lesson 02-load.md
expect "02-load.md:6:[0-9]*: error: a time value '0\.412'"
expect "02-load.md:7:[0-9]*: error: a time value '1\.210'"
expect "02-load.md:8:[0-9]*: error: a time value '1\.264'"
expect "02-load.md:8:[0-9]*: error: a time value '0\.501'"
expect "02-load.md:9:[0-9]*: error: a time value '11\.016'"
expect "02-load.md:13:[0-9]*: error: a rate '500\.03'"
expect "02-load.md:13:[0-9]*: error: a rate '499\.97'"
expect "02-load.md:14:[0-9]*: error: a time value '30\.001s'"
expect "02-load.md:14:[0-9]*: error: a time value '29\.998s'"
expect "02-load.md:14:[0-9]*: error: a time value '3\.112ms'"
expect "02-load.md:20:[0-9]*: error: a time value '0\.0049 secs'"
expect "02-load.md:20:[0-9]*: error: a time value '0\.0003 secs'"
expect "02-load.md:20:[0-9]*: error: a time value '0\.0905 secs'"
expect "02-load.md:24:[0-9]*: error: a time value '12\.345'"
expect "02-load.md:24:[0-9]*: error: a time value '1\.234'"
expect "02-load.md:24:[0-9]*: error: a time value '12\.334'"
expect "02-load.md:24:[0-9]*: error: a time value '12\.356'"
expect "02-load.md:25:[0-9]*: error: a time value '88\.123'"
expect "02-load.md:26:[0-9]*: error: a time value '61\.002'"
expect "02-load.md:35:[0-9]*: error: a time value '10\.00'"
expect "02-load.md:35:[0-9]*: error: a rate '9412\.34'"
expect "02-load.md:40:[0-9]*: error: a time value '0\.000412'"
expect "02-load.md:40:[0-9]*: error: a time value '0\.002301'"
expect "02-load.md:40:[0-9]*: error: a time value '0\.002411'"
expect "02-load.md:41:[0-9]*: error: a time value '0\.011234'"
expect "02-load.md:46:[0-9]*: error: a time value '0\.043/0\.012'"
expect "02-load.md:46:[0-9]*: error: a rate '9\.1Gbps'"
refuse "02-load.md:[67]:[0-9]*: error: [a-z -]* '[01]\.[05]0000"
refuse "02-load.md:9:[0-9]*: error: [a-z -]* '1194571'"
refuse "'15000'"
refuse "02-load.md:15:"
refuse "error: [a-z -]* '10^6bits"
refuse "'131072'"
refuse "02-load.md:42:"
refuse "'204'"
refuse "'40'"
expect "02-load.md:46:[0-9]*: error: a rate '121Gbps'"
refuse "'0\.100'"

cat >03-lab.md <<'EOF2'
# Lab tools

```
Line #      Hits         Time  Per Hit   % Time  Line Contents
==============================================================
    15      1000     381234.0    381.2     92.5      vals = [int(p) for p in parts]
```

```
"stride=64
0.00049 1.212
64.00000 82.342
```

```
Core	CPU	Avg_MHz	Busy%	Bzy_MHz	TSC_MHz	IPC	IRQ	C1%	CPU%c6	PkgWatt
-	-	1234	45.12	2735	2995	1.87	12345	0.12	51.67	23.45
```

```
 Core (SKT) | EXEC | IPC  | FREQ  | AFREQ | L3MISS | L2MISS | L3HIT | TEMP
   0    0     1.82   1.31   1.39    1.02    1234 K   5678 K    0.78     52
```

```
T: 0 ( 4321) P:80 I:1000 C: 100000 Min:      2 Act:    3 Avg:    3 Max:      21
# Max Latencies: 00021 00037
```

```
Running in process mode with 10 groups using 40 file descriptors each (== 400 tasks)
Time: 1.234
```

```
  kvserver:(4)          |   1234.567 ms |    12345 | avg:    0.045 ms | max:    3.210 ms | max start: 12345.678901 s | max end: 12345.682111 s
```

```
Function Name          | Total CPU [unit, %]   | Self CPU [unit, %]  | Module
| - parse_record       | 1234 (45.67%)         | 800 (29.61%)        | parser.dll
```

```
Weight      Self Weight    Symbol Name
812.00 ms  66.0%  812.00 ms  parse_record
```

```
Benchmark              (size)  Mode  Cnt    Score    Error  Units
ParseBench.parse         1024  avgt   25   12.345 ±  0.123  ns/op
```

```
 Time  (median):     12.410 μs              ┊ GC (median):    3.10%
  nvme0n1: ios=123456/789, merge=0/12, ticks=45678/123, in_queue=45801, util=98.12%
```
EOF2
check_lesson 03-lab.md
expect "03-lab.md:6:[0-9]*: error: a time value '381234\.0'"
expect "03-lab.md:6:[0-9]*: error: a time value '381\.2'"
expect "03-lab.md:6:[0-9]*: error: a share of the run time '92\.5'"
expect "03-lab.md:11:[0-9]*: error: a time value '1\.212'"
expect "03-lab.md:12:[0-9]*: error: a time value '82\.342'"
expect "03-lab.md:17:[0-9]*: error: a share of the run time '45\.12'"
expect "03-lab.md:17:[0-9]*: error: a cycle count '1\.87'"
expect "03-lab.md:17:[0-9]*: error: a share of the run time '0\.12'"
expect "03-lab.md:17:[0-9]*: error: a share of the run time '51\.67'"
expect "03-lab.md:22:[0-9]*: error: a cycle count '1\.82'"
expect "03-lab.md:22:[0-9]*: error: a cycle count '1\.31'"
expect "03-lab.md:26:[0-9]*: error: a time value '2'"
expect "03-lab.md:26:[0-9]*: error: a time value '3'"
expect "03-lab.md:26:[0-9]*: error: a time value '3'"
expect "03-lab.md:26:[0-9]*: error: a time value '21'"
expect "03-lab.md:27:[0-9]*: error: a time value '00021'"
expect "03-lab.md:27:[0-9]*: error: a time value '00037'"
expect "03-lab.md:32:[0-9]*: error: a time value '1\.234'"
expect "03-lab.md:36:[0-9]*: error: a time value '1234\.567 ms'"
expect "03-lab.md:36:[0-9]*: error: a time value '0\.045 ms'"
expect "03-lab.md:36:[0-9]*: error: a time value '3\.210 ms'"
expect "03-lab.md:41:[0-9]*: error: a time value '1234'"
expect "03-lab.md:41:[0-9]*: error: a share of the run time '45\.67%'"
expect "03-lab.md:41:[0-9]*: error: a time value '800'"
expect "03-lab.md:41:[0-9]*: error: a share of the run time '29\.61%'"
expect "03-lab.md:46:[0-9]*: error: a time value '812\.00 ms'"
expect "03-lab.md:46:[0-9]*: error: a share of the run time '66\.0%'"
expect "03-lab.md:46:[0-9]*: error: a time value '812\.00 ms'"
expect "03-lab.md:51:[0-9]*: error: a time value '12\.345 ± 0\.123'"
expect "03-lab.md:55:[0-9]*: error: a time value '12\.410 μs'"
expect "03-lab.md:55:[0-9]*: error: a share of the run time '3\.10%'"
expect "03-lab.md:56:[0-9]*: error: a share of the run time '98\.12%'"
refuse "03-lab.md:6:[0-9]*: error: [a-z -]* '1000'"
refuse "'0\.00049'"
refuse "'64\.00000'"
refuse "03-lab.md:17:[0-9]*: error: [a-z -]* '\(1234\|2735\|2995\|12345\|23\.45\)'"
refuse "03-lab.md:22:[0-9]*: error: [a-z -]* '\(1\.39\|1\.02\|1234 K\|0\.78\|52\)'"
refuse "03-lab.md:26:[0-9]*: error: [a-z -]* '\(1000\|100000\)'"
refuse "12345\.6"
refuse "03-lab.md:51:[0-9]*: error: [a-z -]* '25'"
refuse "'45678"

# the layouts the round's first probes showed: db_bench's (in a block and in a code span), memtier's
# table, vegeta's histogram (its bounds specified), k6's plan (specified), wrk's minutes, curl's
# 'time_total=', benchmark.js, BenchmarkDotNet's Ratio and legend, BenchmarkTools' histogram's range,
# perf trace -s's rows, stress-ng's setting, massif's snapshots
cat >05-more.md <<'EOF2'
# More layouts

`readrandom : 1291.992 micros/op 3095 ops/sec 60.007 seconds 185768 operations; 1.6 MB/s`

```
rocksdb.db.get.micros P50 : 9.66 P95 : 20.75 P99 : 29.32 P100 : 46.00 COUNT : 23221 SUM : 239839394
```

```
Type         Ops/sec     Hits/sec   Misses/sec    Avg. Latency     p50 Latency       KB/sec
----------------------------------------------------------------------------------------------
Sets        20519.32          ---          ---         0.89214         0.83100      2639.06
Waits           0.00          ---          ---             ---             ---          ---
```

```
Bucket           #        %       Histogram
[0s,     1ms]    2108811  58.58%  ###########################################
[10ms,   +Inf]   68       0.00%
```

```
     scenarios: (100.00%) 1 scenario, 200 max VUs, 1m30s max duration (incl. graceful stop):
              * puts: 8000.00 iterations/s for 1m0s (maxVUs: 200, gracefulStop: 30s)
  3599231 requests in 1.00m, 528.60MB read
time_connect=0.000211 time_total=0.000502
```

```
qp.parseF64 x 14,212,880 ops/sec ±0.62% (94 runs sampled)
```

```
| Method            | Mean     | Error    | StdDev   | Ratio | Gen0   | Allocated |
|------------------ |---------:|---------:|---------:|------:|-------:|----------:|
| QpParseSpan       | 11.02 ns | 0.041 ns | 0.038 ns |  0.15 |      - |         - |

  1 ns      : 1 Nanosecond (0.000000001 sec)
```

```
  26.8 ms         Histogram: frequency by time         29.1 ms <
```

```
   syscall            calls  errors  total       min       avg       max       stddev
                                     (msec)    (msec)    (msec)    (msec)        (%)
   --------------- --------  ------ -------- --------- --------- ---------     ------
   futex              48241    412  7311.822     0.002     0.152    11.804      0.94%
```

```
stress-ng: info:  [72210] setting to a 1 min, 0 secs run per stressor
  n        time(i)         total(B)   useful-heap(B) extra-heap(B)    stacks(B)
 44     10,512,774,903        2,507,136        2,488,320        18,816            0
```
EOF2

check_lesson 05-more.md
expect "05-more.md:3:[0-9]*: error: a time value '1291\.992 micros/op'"
expect "05-more.md:3:[0-9]*: error: a rate '3095 ops/sec'"
expect "05-more.md:3:[0-9]*: error: a time value '60\.007 seconds'"
expect "05-more.md:3:[0-9]*: error: a rate '1\.6 MB/s'"
expect "05-more.md:6:[0-9]*: error: a time value '9\.66'"
expect "05-more.md:6:[0-9]*: error: a time value '20\.75'"
expect "05-more.md:6:[0-9]*: error: a time value '29\.32'"
expect "05-more.md:6:[0-9]*: error: a time value '46\.00'"
expect "05-more.md:6:[0-9]*: error: a time value '239839394'"
expect "05-more.md:12:[0-9]*: error: a rate '20519\.32'"
expect "05-more.md:12:[0-9]*: error: a time value '0\.89214'"
expect "05-more.md:12:[0-9]*: error: a time value '0\.83100'"
expect "05-more.md:12:[0-9]*: error: a rate '2639\.06'"
expect "05-more.md:13:[0-9]*: error: a rate '0\.00'"
expect "05-more.md:25:[0-9]*: error: a time value '1\.00m'"
expect "05-more.md:26:[0-9]*: error: a time value '0\.000211'"
expect "05-more.md:26:[0-9]*: error: a time value '0\.000502'"
expect "05-more.md:30:[0-9]*: error: a rate '14,212,880 ops/sec ±0\.62%'"
expect "05-more.md:36:[0-9]*: error: a time value '11\.02 ns'"
expect "05-more.md:36:[0-9]*: error: a time value '0\.041 ns'"
expect "05-more.md:36:[0-9]*: error: a time value '0\.038 ns'"
expect "05-more.md:36:[0-9]*: error: a speed-up claim '0\.15'"
expect "05-more.md:42:[0-9]*: error: a time value '26\.8 ms'"
expect "05-more.md:42:[0-9]*: error: a time value '29\.1 ms'"
expect "05-more.md:49:[0-9]*: error: a time value '7311\.822'"
expect "05-more.md:49:[0-9]*: error: a time value '0\.002'"
expect "05-more.md:49:[0-9]*: error: a time value '0\.152'"
expect "05-more.md:49:[0-9]*: error: a time value '11\.804'"
expect "05-more.md:49:[0-9]*: error: a share of the run time '0\.94%'"
refuse "05-more.md:1[89]:"
refuse "05-more.md:2[34]:"
refuse "05-more.md:30:[0-9]*: error: [a-z -]* '0\.62%'"
refuse "05-more.md:38:"
refuse "05-more.md:5[3-5]:"
refuse "'23221'"
refuse "'185768'"

# long lines under each reader's marks: each reads them in linear time, and the rule ends (its claims
# are more than the 500 errors shown, the first is the first line's)
awk 'BEGIN { print "# Long"; print ""; print "```"; print "Execution Time: 12.401 ms"; print "Line #      Hits         Time  Per Hit   % Time  Line Contents";
             print "Weight  Self Weight  Symbol Name"; print "Running in process mode with 2 groups";
             print "Details (average, fastest, slowest):"; print "Total CPU [unit, %]";
             n = split("sockperf: |#[|Requests |  resp wait:|[READ], |Run Time: real |progress: |T: 0 |# Max Latencies: | Active cycles: |  nvme: ios=1 util=|GC (min): |time_total: |rtt: cwnd:|max start: |Query OK (", pre, "|");
             m = split("a|9|1.|a:|a=|1%| ", body, "|");
             for (i = 1; i <= n; i++) for (j = 1; j <= m; j++) { s = pre[i]; while (length(s) < 1990) s = s body[j];
               for (k = 0; k < 8; k++) print s }
             print "```" }' >04-long.md
check_lesson 04-long.md
refuse "rule failed"
expect "04-long.md:4:[0-9]*: error: a time value '12.401 ms'"
exit $fail
