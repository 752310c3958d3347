#!/bin/sh
# litlab tangle: the same lessons give the same bytes, and --check names each drifted,
# missing and extra file (exit 1) and writes nothing. Then the project's own labs/ must be
# in sync with lessons/ (what 'make labs' would write).
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
mkdir "$work/lessons"
cp ../shared/examples/90-contract-basics.md "$work/lessons/" 2>/dev/null ||
	cp lessons/15-*.md "$work/lessons/"
cat >"$work/lessons/07-fixture.md" <<'MD'
---
title: Fixture
cflags: -std=c11
---
# Fixture

Doubles what it reads.

```c id=double
#include <stdio.h>
int main(void) { int x; return scanf("%d", &x) == 1 && printf("%d\n", 2 * x) > 0 ? 0 : 1; }
```

```stdin
21
```

```output
42
```
MD

"$LITLAB" tangle --labs "$work/a" "$work/lessons" >"$work/out1" 2>&1 || { cat "$work/out1"; echo "FAIL: first tangle"; fail=1; }
"$LITLAB" tangle --labs "$work/b" "$work/lessons" >/dev/null 2>&1 || { echo "FAIL: second tangle"; fail=1; }
diff -r "$work/a" "$work/b" || { echo "FAIL: two tangles differ"; fail=1; }
for f in README.md include/litlab.h lab-07/README.md lab-07/double.c lab-07/double.stdin lab-07/double.expected; do
	[ -f "$work/a/$f" ] || { echo "FAIL: no $f"; fail=1; }
done
grep -q '#line' "$work/a/lab-07/double.c" && { echo "FAIL: #line in a lab file"; fail=1; }
cmp -s engine/include/litlab.h "$work/a/include/litlab.h" || { echo "FAIL: include/litlab.h is not the engine's header"; fail=1; }
# Tangling again changes nothing and says so.
"$LITLAB" tangle --labs "$work/a" "$work/lessons" >"$work/out" 2>&1
grep -q "in sync" "$work/out" || { cat "$work/out"; echo "FAIL: a second tangle wrote something"; fail=1; }

"$LITLAB" tangle --check --labs "$work/a" "$work/lessons" >"$work/out" 2>&1
rc=$?
[ "$rc" -eq 0 ] || { cat "$work/out"; echo "FAIL: --check on fresh labs exited $rc"; fail=1; }

# Drift: an edited file, a deleted one, an extra one.
echo '/* my change */' >>"$work/a/lab-07/double.c"
rm "$work/a/lab-07/double.stdin"
echo 'stale' >"$work/a/lab-07/old.c"
cp -r "$work/a" "$work/before"
"$LITLAB" tangle --check --labs "$work/a" "$work/lessons" >"$work/out" 2>"$work/err"
rc=$?
cat "$work/out" "$work/err"
[ "$rc" -eq 1 ] || { echo "FAIL: --check after drift exited $rc, expected 1"; fail=1; }
grep -qx "$work/a/lab-07/double.c: differs from the lesson" "$work/out" || { echo "FAIL: edited file not named"; fail=1; }
grep -qx "$work/a/lab-07/double.stdin: missing (the lesson has it)" "$work/out" || { echo "FAIL: missing file not named"; fail=1; }
grep -qx "$work/a/lab-07/old.c: extra (no lesson produces it)" "$work/out" || { echo "FAIL: extra file not named"; fail=1; }
[ "$(wc -l <"$work/out")" -eq 3 ] || { echo "FAIL: --check named other files"; fail=1; }
diff -r "$work/before" "$work/a" || { echo "FAIL: --check wrote something"; fail=1; }
# tangle puts it right.
"$LITLAB" tangle --labs "$work/a" "$work/lessons" >/dev/null 2>&1
diff -r "$work/a" "$work/b" || { echo "FAIL: tangle did not restore the labs"; fail=1; }

# A usage error is 2.
"$LITLAB" tangle --bogus >/dev/null 2>&1
[ $? -eq 2 ] || { echo "FAIL: unknown option is not exit 2"; fail=1; }

# The project's own labs/ are what the lessons give.
if [ -d lessons ]; then
	"$LITLAB" tangle --check >"$work/out" 2>&1 || { cat "$work/out"; echo "FAIL: labs/ is out of sync with lessons/: run 'make labs'"; fail=1; }
fi
exit $fail
