#!/bin/bash
# The rule pass of two (or more) litlab binaries side by side, unmemoised: for each, check minus
# check --no-rules over 100 generated lessons of 300 lines, the rules' memo removed before each
# check, in interleaved rounds so that every binary sees the same machine. Prints the medians of
# wall and CPU time (user + sys of litlab and its children), which a busy machine disturbs less,
# and the second binary's medians as a ratio of the first's.
# Usage: bash tests/bench/rulepass.sh OLD-LITLAB NEW-LITLAB [ROUNDS]
set -eu
rounds=${3:-10}
top=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export LITLAB_CACHE_DIR=$work/cache
mkdir -p "$work/course"
python3 "$top/tests/bench/gen_course.py" "$work/course" 100 300
for b in "$1" "$2"; do "$b" check "$work/course" >/dev/null 2>&1 || true; done
for i in $(seq "$rounds"); do
	for b in "$1" "$2"; do
		/usr/bin/time -o "$work/a" -f "%e %U %S" "$b" check --no-rules "$work/course" >/dev/null 2>&1 || true
		rm -f "$work"/cache/memo/rules-*
		/usr/bin/time -o "$work/w" -f "%e %U %S" "$b" check "$work/course" >/dev/null 2>&1 || true
		echo "$b $(cat "$work/a") $(cat "$work/w")"
	done
done | python3 -c '
import collections, statistics, sys
w, c = collections.defaultdict(list), collections.defaultdict(list)
for line in sys.stdin:
    b, ae, au, as_, we, wu, ws = line.split()
    w[b].append((float(we) - float(ae)) * 1000)
    c[b].append((float(wu) + float(ws) - float(au) - float(as_)) * 1000)
for b in w:
    print(f"{b}: rule pass median wall {statistics.median(w[b]):.0f} ms, cpu {statistics.median(c[b]):.0f} ms over {len(w[b])} rounds")
old, new = list(w)[0], list(w)[-1]
ratio = lambda v: statistics.median(v[new]) / max(statistics.median(v[old]), 1)
print(f"rule pass, second against first: wall {ratio(w):.2f}x, cpu {ratio(c):.2f}x")
'
