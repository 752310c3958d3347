#!/bin/sh
# check's options: -j N works (it was once always a usage error), a missing value and an
# unknown option are usage errors (exit 2) that name the option.
set -u
fail=0
lesson=tests/golden/rules.md
"$LITLAB" check -j 2 --no-rules tests/golden/attributes.md >/dev/null 2>&1
[ $? -eq 1 ] || { echo "FAIL: check -j 2 did not run the lesson"; fail=1; }
out=$("$LITLAB" check -j 2>&1); rc=$?
[ $rc -eq 2 ] && echo "$out" | grep -q "option '-j' needs a value" || { echo "FAIL: -j without a value: $out"; fail=1; }
out=$("$LITLAB" check --format 2>&1); rc=$?
[ $rc -eq 2 ] && echo "$out" | grep -q "option '--format' needs a value" || { echo "FAIL: --format without a value: $out"; fail=1; }
out=$("$LITLAB" check --bogus "$lesson" 2>&1); rc=$?
[ $rc -eq 2 ] && echo "$out" | grep -q "unknown option '--bogus'" || { echo "FAIL: unknown option: $out"; fail=1; }
out=$("$LITLAB" check -j 0 "$lesson" 2>&1); rc=$?
[ $rc -eq 2 ] || { echo "FAIL: -j 0 accepted"; fail=1; }
out=$("$LITLAB" check --format yaml "$lesson" 2>&1); rc=$?
[ $rc -eq 2 ] && echo "$out" | grep -q "unknown format 'yaml'" || { echo "FAIL: --format yaml: $out"; fail=1; }

# Started with stdin and stderr closed, litlab gives blocks the same sandbox: once, the
# file a helper opened took fd 0 or 2 and its cgroup's process limit was lost.
summary() { python3 -c 'import json, sys
d = json.load(sys.stdin)
b = d["lessons"][0]["blocks"][0]
print(b["evidence"]["isolation"], "|", b["evidence"]["stdout"].strip())'; }
open=$("$LITLAB" check --fresh --format json tests/closed-fds/70-forks.md 2>/dev/null | summary)
closed=$("$LITLAB" check --fresh --format json tests/closed-fds/70-forks.md <&- 2>&- | summary)
[ -n "$open" ] && [ "$open" = "$closed" ] ||
	{ echo "FAIL: with stdin and stderr closed: '$closed', not '$open'"; fail=1; }

# Run through the dynamic loader, /proc/self/exe is the loader, not litlab: helpers can
# not be fresh images of it, and are forked instead (every block failed to start once).
ld=$(ldd "$LITLAB" 2>/dev/null | awk '/ld-linux/ { print $1; exit }')
if [ -x "$ld" ]; then
	through=$("$ld" "$LITLAB" check --fresh --format json tests/closed-fds/70-forks.md 2>/dev/null | summary)
	[ "$through" = "$open" ] || { echo "FAIL: run through $ld: '$through', not '$open'"; fail=1; }
fi
exit $fail
