#!/bin/sh
# What a tool's printed listing counts (tests/corpus/README.md, ninth round):
# - a profile listing's shares are shares of what the profile samples: `go tool pprof`'s flat%,
#   sum%, cum% (and a peek row's calls%) of a CPU profile are claims, and so are its times; of a
#   heap profile they are let pass, listed in the ledger; which profile it is, the session says
#   (-cpuprofile, -memprofile, "Type: cpu", "Total: 12.0 MB"), through the lesson;
# - "Dropped N nodes (cum <= X)" above a listing is its threshold: specified;
# - a benchstat table names its unit in its header: under sec/op its "V ± S" cells and its changes
#   against the base are claims, under B/op they are let pass;
# - time's "Nu Ns Nr" line: three claims.
. "$(dirname "$0")/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0

cat >01-listing.md <<'EOF'
# Listings

Plain words.

```
$ ./sorter -cpuprofile=sort.prof
$ go tool pprof sorter sort.prof
```

```
(pprof) top3
Dropped 12 nodes (cum <= 0.07s)
Showing nodes accounting for 1.50s, 42.5% of 3.53s total
      flat  flat%   sum%        cum   cum%
     0.90s 25.50% 25.50%      2.10s 59.49%  main.partition
       -1s  8.10% 33.60%     -0.40s 11.33%  main.swap
                                     0.30s 44.12% |   main.less
```

```
$ ./sorter -memprofile=sort.mprof
$ go tool pprof sorter sort.mprof
(pprof) top2
Total: 12.0 MB
     9.0  75.0%  75.0%      9.0  75.0% main.grow
     3.0  25.0% 100.0%      3.0  25.0% main.copyBuf
```

```
$ benchstat old.txt new.txt
        │   old.txt   │               new.txt               │
        │   sec/op    │   sec/op     vs base                │
Sort-8    812.0µ ± 2%   640.5µ ± 1%  -21.12% (p=0.000 n=10)

        │   old.txt    │               new.txt                │
        │     B/op     │     B/op      vs base                │
Sort-8    4.000Ki ± 0%   2.000Ki ± 0%  -50.00% (p=0.000 n=10)
```

```
$ ./timeit ./sorter
3.21u 0.04s 3.30r 10240kB ./sorter
```
EOF

check_lesson 01-listing.md
[ $rc -eq 1 ] || { echo "FAIL: exit $rc, not 1"; fail=1; }
# a CPU profile's listing: shares and times are claims; its threshold is not
refuse "01-listing.md:12:"
expect "01-listing.md:13:37: error: a share of the run time '42.5%' in a display block (shown, not run) is a performance claim"
expect "01-listing.md:15:12: error: a share of the run time '25.50%'"
expect "01-listing.md:15:19: error: a share of the run time '25.50%'"
expect "01-listing.md:15:37: error: a share of the run time '59.49%'"
expect "01-listing.md:16:8: error: a time value '-1s'"
expect "01-listing.md:17:44: error: a share of the run time '44.12%'"
# a heap profile's shares are of memory
refuse "75.0%"
refuse "25.0%"
# benchstat: the header's unit decides its cells
expect "01-listing.md:33:11: error: a time value '812.0µ ± 2%'"
expect "01-listing.md:33:27: error: a time value '640.5µ ± 1%'"
expect "01-listing.md:33:42: error: a speed-up claim '-21.12%'"
refuse "01-listing.md:37:"
# time's user, system and elapsed seconds
expect "01-listing.md:42:1: error: a time value '3.21u'"
expect "01-listing.md:42:7: error: a time value '0.04s'"
expect "01-listing.md:42:13: error: a time value '3.30r'"

in_ledger 01-listing.md \
	"01-listing.md:12:26: let pass '0.07s' as specified ('cum'" \
	"01-listing.md:25:11: let pass '75.0%' as not timing ('Total: 12.0 MB'" \
	"01-listing.md:37:11: let pass '4.000Ki ± 0%' as not timing ('B/op'"
exit $fail
