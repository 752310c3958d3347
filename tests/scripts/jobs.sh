#!/bin/sh
# check -j: -j 2 prints what -j 1 prints (the diagnostics on stderr, each once, though a lesson
# done early is reported early and its rules' findings may come after the others; and the JSON but for what
# each run measures anew: times, measure blocks' output, addresses programs print) on the golden lessons and on lessons/, every block run afresh;
# progress: on a terminal "[N/M] LESSON: ID STATUS" lines overwritten in place, with NO_COLOR
# plain lines, and piped none; "(cached)" on blocks from the cache.
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
top=$(pwd)
LITLAB_CACHE_DIR=$work/cache
export LITLAB_CACHE_DIR

strip() { # $1: JSON document in, $2: out
	python3 - "$1" "$2" <<'PY'
import json, re, sys
# What differs from run to run whatever -j is: times, and the addresses and temporary folder
# names that lesson programs print (where no output block pins them).
def strip(j):
    if isinstance(j, dict) and j.get("mode") == "measure" and "evidence" in j:
        j = dict(j, evidence={k: v for k, v in j["evidence"].items() if k not in ("stdout", "stderr")})
    if isinstance(j, dict):
        return {k: strip(v) for k, v in j.items()
                if k not in ("wall_ms", "user_ms", "sys_ms", "max_rss_kb", "measurement", "value", "display")}
    if isinstance(j, list):
        return [strip(v) for v in j]
    if isinstance(j, str):
        return re.sub(r"litlab-[A-Za-z0-9]{6}", "litlab-XXXXXX", re.sub(r"0x[0-9a-f]{6,}", "0x...", j))
    return j
json.dump(strip(json.load(open(sys.argv[1]))), open(sys.argv[2], "w"), indent=1, sort_keys=True)
PY
}

records() { # $1: check's stderr in, $2: out: each diagnostic with its detail lines, in order
	python3 - "$1" "$2" <<'PY'
import sys
# -j 2 reports a lesson when its blocks are done, and may print its rules' findings after the
# engine's: the same diagnostics, in another order. A record is a diagnostic and its detail.
recs, cur = [], None
for line in open(sys.argv[1]).read().split("\n"):
    if line and not line[0].isspace() and not line.startswith(("---", "+++", "@@", "-", "+")):
        cur = [line]
        recs.append(cur)
    elif cur is not None:
        cur.append(line)
open(sys.argv[2], "w").write("\n".join(sorted("\n".join(r) for r in recs)) + "\n")
PY
}

# 1. The same output with -j 1 and -j 2.
compare() { # $1: a name, $2: the folder to run in, the rest: what to check
	name=$1 dir=$2
	shift 2
	for j in 1 2; do
		(cd "$dir" && "$LITLAB" check --fresh -j $j --format json "$@" >"$work/$name-$j.json" 2>"$work/$name-$j.err"
		 echo "exit $?" >>"$work/$name-$j.err")
		strip "$work/$name-$j.json" "$work/$name-$j.stripped"
	done
	for j in 1 2; do records "$work/$name-$j.err" "$work/$name-$j.records"; done
	cmp -s "$work/$name-1.records" "$work/$name-2.records" ||
		{ diff -u "$work/$name-1.records" "$work/$name-2.records" | head -40; echo "FAIL: $name: -j 2 diagnostics differ"; fail=1; }
	cmp -s "$work/$name-1.stripped" "$work/$name-2.stripped" ||
		{ diff -u "$work/$name-1.stripped" "$work/$name-2.stripped" | head -40; echo "FAIL: $name: -j 2 JSON differs"; fail=1; }
	grep -q '"lessons"' "$work/$name-1.json" || { echo "FAIL: $name: no document"; fail=1; }
}
compare golden "$top/tests/golden" attributes.md measure.md rules.md runs.md
compare lessons "$top" lessons/

# 2. Progress: on a terminal, with NO_COLOR, piped.
mkdir "$work/l"
cat >"$work/l/03-progress.md" <<'MD'
# Progress

```c id=one
int main(void) { return 0; }
```

```c id=two
int main(void) { return 0; }
```
MD
pty() { # runs the rest in a pseudo-terminal; prints what it wrote
	python3 - "$@" <<'PY'
import os, pty, sys
out = []
def read(fd):
    data = os.read(fd, 65536)
    out.append(data)
    return data
pty.spawn(sys.argv[1:], read)
sys.stdout.write(b"".join(out).decode("utf-8", "replace"))
PY
}
cd "$work/l" || exit 1
out=$(env -u NO_COLOR python3 -c 'import sys' && pty env -u NO_COLOR "$LITLAB" check -j 2 03-progress.md)
echo "$out" | grep -q "$(printf '\r\033\\[K')\[2/2\] 03-progress: " ||
	{ echo "$out" | od -c | head; echo "FAIL: no progress on a terminal"; fail=1; }
out=$(pty env NO_COLOR=1 "$LITLAB" check -j 2 03-progress.md)
echo "$out" | grep -q '^\[1/2\] 03-progress: \(one\|two\) ok (cached)' ||
	{ echo "$out"; echo "FAIL: no plain progress lines with NO_COLOR"; fail=1; }
if echo "$out" | grep -q "$(printf '\033')"; then echo "FAIL: an escape with NO_COLOR"; fail=1; fi
out=$("$LITLAB" check -j 2 03-progress.md 2>&1)
if echo "$out" | grep -q '\[1/2\]'; then echo "FAIL: progress when piped"; fail=1; fi

# Where a cache folder is there already, the runner and the cache are made while the lessons
# load, before it is known whether a block runs: for lessons where none runs, that is unsaid
# (no compiler needed, none complained of) and writes nothing into the cache; where one runs,
# a broken compiler is said once, as without the cache folder.
mkdir -p "$work/spec/lessons"
cd "$work/spec" || exit 1
printf -- '---\ntitle: Prose\n---\n# Prose\n\nNo code.\n' >lessons/01-prose.md
printf -- '---\ntitle: Code\n---\n# Code\n\n```c\nint main(void) { return 0; }\n```\n' >lessons/02-code.md
"$LITLAB" check lessons/ >/dev/null 2>&1 || { echo "FAIL: the lessons of the early tools do not pass"; fail=1; }
before=$(cd "$LITLAB_CACHE_DIR" && find . | sort)
out=$(CC=$work/no-such-cc "$LITLAB" check lessons/01-prose.md 2>&1); rc=$?
[ "$rc" -eq 0 ] && ! echo "$out" | grep -qi 'compiler' ||
	{ echo "$out"; echo "FAIL: a lesson where nothing runs needs a compiler (exit $rc)"; fail=1; }
after=$(cd "$LITLAB_CACHE_DIR" && find . | sort)
[ "$before" = "$after" ] || { echo "FAIL: tools made for nothing wrote into the cache"; fail=1; }
out=$(CC=$work/no-such-cc "$LITLAB" check lessons/ 2>&1); rc=$?
[ "$rc" -eq 2 ] && [ "$(echo "$out" | grep -c "no C compiler: CC names")" -eq 1 ] ||
	{ echo "$out"; echo "FAIL: a broken compiler is not said once, exit 2 (exit $rc)"; fail=1; }
cd "$top" || exit 1

[ "$fail" -eq 0 ] && echo "jobs: ok"
exit "$fail"
