# tests/scripts/lib/diag.sh: sourced by the script tests that ask what litlab printed about a
# lesson (the timing rule's tests). They set LITLAB, work and fail=0, and cd into their folder.
#
# check_lesson FILE   checks FILE (its cache under $work): stderr in ./err, the exit status in $rc
# expect PATTERN      a line of ./err matches PATTERN (grep), else the test fails, showing err
# refuse PATTERN      no line of ./err matches PATTERN, else the test fails, showing err

check_lesson() {
	LITLAB_CACHE_DIR=$work/cache "$LITLAB" check "$1" >out 2>err
	rc=$?
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
