# tests/scripts/lib/diag.sh: sourced by the script tests that ask what litlab printed about a
# lesson (the timing rule's tests). Sourcing it sets -u, LITLAB (the binary, absolute: the
# environment's, else build/litlab), work (a new folder, removed at exit; the current folder from
# then on) and fail=0.
#
# check_lesson FILE   checks FILE (its cache under $work): stderr in ./err, the exit status in $rc
# build_lesson FILE   builds FILE's site into ./site (its cache under $work): stderr in ./err; a
#                     build that fails ends the test, showing err
# expect PATTERN      a line of ./err matches PATTERN (grep), else the test fails, showing err
# refuse PATTERN      no line of ./err matches PATTERN, else the test fails, showing err
# in_ledger FILE TEXT...  `litlab audit FILE` lists each TEXT (a fixed string), else the test
#                     fails, showing the ledger's entries

set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
cd "$work" || exit 1

check_lesson() {
	LITLAB_CACHE_DIR=$work/cache "$LITLAB" check "$1" >out 2>err
	rc=$?
}

build_lesson() {
	LITLAB_CACHE_DIR=$work/cache "$LITLAB" build -o site "$1" >out 2>err
	rc=$?
	[ "$rc" -eq 0 ] || { cat err; echo "FAIL: build exited $rc"; exit 1; }
}

expect() {
	if ! grep -q "$1" err; then
		echo "FAIL: no '$1' (exit $rc):"
		cat err
		fail=1
	fi
}

refuse() {
	if grep -q "$1" err; then
		echo "FAIL: '$1' reported:"
		cat err
		fail=1
	fi
}

in_ledger() {
	LITLAB_CACHE_DIR=$work/cache "$LITLAB" audit "$1" >audit 2>&1
	shift
	for want in "$@"; do
		if ! grep -qF "$want" audit; then
			echo "FAIL: not in the ledger: $want"
			grep 'let pass' audit
			fail=1
		fi
	done
}
