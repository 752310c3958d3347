#!/bin/sh
# Hostile Lua rules are each stopped with rule-error (a hang would meet the 10-minute guard), while the
# built-in rules and a well-behaved course rule still report.
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/01-hostile.md" <<'MD'
# Hostile rules

The loop took 12 ms.

```c id=ok
int main(void) { return 0; }
```
MD
rm -f /tmp/litlab-pwned
timeout 600 "$LITLAB" check --rules tests/rules "$work/01-hostile.md" >"$work/out" 2>&1
rc=$?
cat "$work/out"
fail=0
[ "$rc" -eq 1 ] || { echo "FAIL: exit status $rc, expected 1"; fail=1; }
for f in loop memory rep pattern io os require load dump error badreport toplevel; do
	grep -q "^tests/rules/$f.lua:[0-9]*:1: error: .*\[rule-error\]" "$work/out" ||
		{ echo "FAIL: no rule-error for tests/rules/$f.lua"; fail=1; }
done
grep -q "01-hostile.md:3:.*\[timing-needs-metadata\]" "$work/out" || { echo "FAIL: the timing rule did not report"; fail=1; }
grep -q "01-hostile.md:1:1: warning: .*\[needs-summary\]" "$work/out" || { echo "FAIL: the course rule did not report"; fail=1; }
[ ! -e /tmp/litlab-pwned ] || { echo "FAIL: os.execute ran"; fail=1; }
exit $fail
