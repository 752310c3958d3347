#!/bin/sh
# A paragraph with thousands of code spans (a real course had one unit with dozens): the timing
# rule's litlab.quantities() read each span and left it on the Lua stack, past its end; the
# rule child then wrote over the heap and died ("the rule pass was killed by a signal"). The
# writes are inside liblua, which AddressSanitizer does not see, so the optimised build (the one
# users run, built by make test too) is run here as well as $LITLAB.
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
PLAIN=$(pwd)/build/litlab
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
cd "$work" || exit 1
{
	printf '# Spans\n\nIt took 3 ms to run'
	i=0
	while [ $i -lt 3000 ]; do
		printf ' `x%d`' $i
		i=$((i + 1))
	done
	printf '.\n'
} >01-spans.md
for bin in "$LITLAB" "$PLAIN"; do
	[ -x "$bin" ] || continue
	rm -rf cache
	LITLAB_CACHE_DIR=$work/cache "$bin" check 01-spans.md >out 2>err
	rc=$?
	if [ $rc -ne 1 ] || grep -q 'rule-error' err || ! grep -q "01-spans.md:3:9: error: .*\[timing-needs-metadata\]" err; then
		echo "FAIL: $bin on a paragraph of 3000 code spans (exit $rc):"
		cat err
		fail=1
	fi
done
exit $fail
