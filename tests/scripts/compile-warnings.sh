#!/bin/sh
# Warnings are evidence: a compiled block's compiler warnings are compile-warning diagnostics at
# the lesson line, in the JSON and in the audit's ledger, from cached evidence as from a fresh
# run; the front matter's 'warnings: error' makes each one an error (check exits 1, build writes
# nothing), still suppressible; a value other than error or warning is a front-matter error.
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
export LITLAB_CACHE_DIR="$work/cache"
mkdir -p "$work/lessons" && cd "$work" || exit 1
cat >lessons/01-w.md <<'EOF'
---
cflags: -std=c11 -Wall
---
# Warnings

```c id=w
int main(void)
{
    int unused;
    return 0;
}
```

<!-- litlab-disable compile-warning: the lesson shows this one on purpose -->
```c id=shown
int main(void) { int spare; return 0; }
```
EOF
for run in cold cached; do
	"$LITLAB" check >out 2>&1; rc=$?
	[ $rc -eq 0 ] || bad "warnings ($run): exit $rc, not 0: $(cat out)"
	grep -q "^lessons/01-w.md:9:9: warning: unused variable 'unused'.*\[compile-warning\]$" out ||
		bad "warnings ($run): no compile-warning at 9:9: $(cat out)"
	grep -q "spare" out && bad "warnings ($run): a suppressed warning was said: $(cat out)"
done
"$LITLAB" audit >audit.out 2>/dev/null
grep -q "^lessons/01-w.md:9:9: warning: unused variable 'unused'.*\[compile-warning\]$" audit.out ||
	bad "the audit's ledger has no compile-warning: $(cat audit.out)"

# warnings: error
sed -i 's/^cflags: -std=c11 -Wall$/cflags: -std=c11 -Wall\nwarnings: error/' lessons/01-w.md
for run in first cached; do
	"$LITLAB" check >out 2>&1; rc=$?
	[ $rc -eq 1 ] || bad "warnings: error ($run): exit $rc, not 1: $(cat out)"
	grep -q "^lessons/01-w.md:10:9: error: unused variable 'unused'.*\[compile-warning\]$" out ||
		bad "warnings: error ($run): the warning is no error: $(cat out)"
	grep -q "spare" out && bad "warnings: error ($run): a suppressed warning was said: $(cat out)"
	grep -q "1 error, 0 warnings" out || bad "warnings: error ($run): the summary: $(cat out)"
done
"$LITLAB" check --format json 2>/dev/null | python3 -c '
import json, sys
d = json.load(sys.stdin)
g = [x for x in d["lessons"][0]["diagnostics"] if x["rule"] == "compile-warning"]
assert len(g) == 1 and g[0]["severity"] == "error" and g[0]["line"] == 10, g
assert d["summary"]["errors"] == 1, d["summary"]
' || bad "warnings: error: the JSON"
"$LITLAB" build -o site >/dev/null 2>&1
[ ! -e site ] || bad "warnings: error: build wrote a site"

sed -i 's/^warnings: error$/warnings: eror/' lessons/01-w.md
"$LITLAB" check >out 2>&1
grep -q "^lessons/01-w.md:3:1: error: 'warnings: eror' is neither 'error' nor 'warning': did you mean 'error'?" out ||
	bad "warnings: eror: $(cat out)"

[ $fail -eq 0 ] && echo "compile-warnings: ok"
exit $fail
