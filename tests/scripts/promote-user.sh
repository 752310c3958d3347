#!/bin/sh
# promote as an author meets it (user review):
# 1. a run block whose real output holds a timing value is not promoted (the next check would
#    report it [timing-needs-metadata]): a note names the value and the lesson line, the rest of
#    the lesson is promoted; the program prints a fixed value, so nothing depends on timing;
# 2. progress on a terminal, [N/M] per block, as check shows it; none when piped.
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
LITLAB_CACHE_DIR=$work/cache
export LITLAB_CACHE_DIR
mkdir -p "$work/lessons"
cd "$work" || exit 1
cat >lessons/05-loop.md <<'LESSON'
# Loop

```c id=timed
#include <stdio.h>
int main(void) { printf("looped 1000 times in %f seconds\n", 0.25); return 0; }
```

```output
looped 1000 times in 0.300000 seconds
```

```c id=hello
#include <stdio.h>
int main(void) { puts("hi"); return 0; }
```

```output
hello
```
LESSON
cp lessons/05-loop.md before.md

# 1. The timing value is not written; the other block is.
"$LITLAB" promote lessons/05-loop.md >out 2>err
rc=$?
[ $rc -eq 1 ] || { cat out err; echo "FAIL: 1: promote exited $rc, not 1 (an error it does not fix is left)"; fail=1; }
grep -q "^lessons/05-loop.md:8:1: note: the stdout of block 'timed' holds a time value, '0.250000 seconds' (its line 1, lesson line 9): not promoted" err ||
	{ cat err; echo "FAIL: 1: no note naming the timing value and its line"; fail=1; }
grep -q "0.300000 seconds" lessons/05-loop.md && ! grep -q "0.250000" lessons/05-loop.md ||
	{ cat lessons/05-loop.md; echo "FAIL: 1: the timing value was written into the lesson"; fail=1; }
sed -n 18p lessons/05-loop.md | grep -qx hi || { cat lessons/05-loop.md; echo "FAIL: 1: the other block was not promoted"; fail=1; }
grep -q "promoted 1 output block in lessons/05-loop.md" out || { cat out; echo "FAIL: 1: the summary"; fail=1; }

# 2. Progress: on a terminal, one [N/M] per block; plain lines with NO_COLOR; nothing piped.
cp before.md lessons/05-loop.md
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
out=$(pty env -u NO_COLOR "$LITLAB" promote --dry-run lessons)
echo "$out" | grep -q "$(printf '\r\033\\[K')\[2/2\] 05-loop: hello " ||
	{ echo "$out" | od -c | head -20; echo "FAIL: 2: no progress on a terminal"; fail=1; }
out=$(pty env NO_COLOR=1 "$LITLAB" promote --dry-run lessons)
echo "$out" | grep -q '^\[1/2\] 05-loop: timed failed' && echo "$out" | grep -q '^\[2/2\] 05-loop: hello failed' ||
	{ echo "$out"; echo "FAIL: 2: no plain progress lines with NO_COLOR"; fail=1; }
out=$("$LITLAB" promote --dry-run lessons 2>&1)
if echo "$out" | grep -q '\[1/2\]'; then echo "FAIL: 2: progress when piped"; fail=1; fi

[ $fail -eq 0 ] && echo "promote-user: ok"
exit $fail
