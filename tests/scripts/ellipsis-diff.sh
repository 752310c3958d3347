#!/bin/sh
# A mismatch under match=ellipsis: the diff that check and lab print points at the line that
# really differs ('last' against 'last!'), never at a '...' line that matched (user review).
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
cat >lessons/01-dots.md <<'LESSON'
# Dots

```c id=dots
#include <stdio.h>
int main(void) { puts("first"); puts("middle"); puts("last!"); return 0; }
```

```output match=ellipsis
first
...
last
```
LESSON
"$LITLAB" check >out 2>err
[ $? -eq 1 ] || { cat err; echo "FAIL: check of a mismatch did not exit 1"; fail=1; }
"$LITLAB" tangle >/dev/null 2>&1 || { echo "FAIL: tangle"; fail=1; }
NO_COLOR=1 "$LITLAB" lab 1 >lab.out 2>&1
for f in err lab.out; do
	grep -qx -- '-\.\.\.' $f && { cat $f; echo "FAIL: $f: the diff shows the '...' line as removed"; fail=1; }
	grep -qx -- '-last' $f && grep -qx -- '+last!' $f ||
		{ cat $f; echo "FAIL: $f: the diff does not show 'last' against 'last!'"; fail=1; }
	grep -qx -- ' middle' $f || { cat $f; echo "FAIL: $f: the line the '...' stands for is not context"; fail=1; }
done
[ $fail -eq 0 ] && echo "ellipsis-diff: ok"
exit $fail
