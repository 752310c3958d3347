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
exit $fail
