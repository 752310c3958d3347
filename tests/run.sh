#!/bin/sh
# tests/run.sh: the whole suite: cmocka unit tests, golden tests, the contract's examples.
# Usage: LITLAB=build/san/litlab sh tests/run.sh UNIT-TEST-BINARY...
# Ends with the line CI reads: "N passed, N failed".
LITLAB=${LITLAB:-build/litlab}
LITLAB=$(cd "$(dirname "$LITLAB")" && pwd)/$(basename "$LITLAB")
export LC_ALL=C
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
passed=0
failed=0
top=$(pwd)
log=$(mktemp)
# The evidence cache of this run: empty at the start, gone at the end, never in the tree.
LITLAB_CACHE_DIR=$(mktemp -d)
export LITLAB_CACHE_DIR
trap 'rm -f "$log"; rm -rf "$LITLAB_CACHE_DIR"' EXIT

# 1. Unit tests: each binary is a cmocka group; count its test cases.
for t in "$@"; do
	"$t" >"$log" 2>&1
	rc=$?
	p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
	f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
	p=${p:-0}
	f=${f:-0}
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
	if [ "$f" -ne 0 ]; then
		cat "$log"
		echo "FAIL: $t"
	fi
	echo "unit: $(basename "$t"): $p passed, $f failed"
	passed=$((passed + p))
	failed=$((failed + f))
done

# 2. Golden tests: tests/golden/NAME.md is checked; its diagnostics (stderr) and exit status must
#    equal NAME.expected, compared with diff -u. Run from tests/golden so paths are short. Each
#    is checked twice: cold, then with its evidence from the cache, which must change nothing.
# The glob twice, on purpose: the first pass runs each lesson cold, the second takes it from the cache.
for md in tests/golden/*.md tests/golden/*.md; do
	[ -e "$md" ] || continue
	name=$(basename "$md" .md)
	exp=tests/golden/$name.expected
	[ -e "$exp" ] || { echo "golden: $name: no $exp"; failed=$((failed + 1)); continue; }
	(cd tests/golden && "$LITLAB" check "$name.md" 2>&1 >/dev/null; echo "exit $?") >"$log"
	if diff -u "$exp" "$log"; then
		passed=$((passed + 1))
	else
		echo "golden: $name: FAILED (update with: (cd tests/golden && ../../build/litlab check $name.md 2>&1 >/dev/null; echo \"exit \$?\") > $exp)"
		failed=$((failed + 1))
	fi
done
echo "golden: done"

# 3. Script tests: each tests/scripts/*.sh exits 0 when it passes.
for s in tests/scripts/*.sh; do
	[ -e "$s" ] || continue
	if LITLAB="$LITLAB" sh "$s" >"$log" 2>&1; then
		passed=$((passed + 1))
	else
		cat "$log"
		echo "script: $(basename "$s"): FAILED"
		failed=$((failed + 1))
	fi
done

# 4. The contract's examples (../shared/examples), when the shared folder is beside the project.
if [ -x ../shared/acceptance/expect-check ] && [ -d ../shared/examples ]; then
	python3 ../shared/acceptance/expect-check "$LITLAB" ../shared/examples >"$log" 2>&1
	cat "$log"
	line=$(tail -n 1 "$log")
	p=$(echo "$line" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
	f=$(echo "$line" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
	if [ -z "$p" ]; then p=0; f=1; fi
	passed=$((passed + p))
	failed=$((failed + f))
else
	echo "examples: ../shared/examples not found beside the project: skipped"
fi

cd "$top"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
