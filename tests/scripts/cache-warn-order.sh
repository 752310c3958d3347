#!/bin/sh
# A check asks the cache for two blocks at a time (base/twice.h); what the cache says of its
# records (corrupt ones, another user's) must still come in course order, as with -j 1: the
# same lines, in the same order, naming the same records, whichever thread read them first.
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
lib=$(pwd)/tests/scripts
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
mkdir -p "$work/c/lessons" "$work/state" "$work/other-state"
chmod 700 "$work/state" "$work/other-state" # root takes an XDG_STATE_HOME only of its own
export LITLAB_CACHE_DIR="$work/cache" XDG_STATE_HOME="$work/state"
cd "$work/c" || exit 1
for n in $(seq 1 2000); do echo "/* a line of comment, $n, to make the block long */"; done >"$work/comment"
for i in 1 2 3 4; do
	{
		printf '# Lesson %s\n\n' "$i"
		for k in 1 2 3 4 5 6 7 8; do
			printf '```c id=b%s\n#include <stdio.h>\n' "$k"
			cat "$work/comment" # a long block: its key takes a while to hash, the helper time to begin
			printf 'int main(void) { puts("%s-%s"); return 0; }\n```\n\n' "$i" "$k"
			printf '```output\n%s-%s\n```\n\n' "$i" "$k"
		done
	} >"lessons/0$i-lesson.md"
done
"$LITLAB" check lessons/ >/dev/null 2>&1 || { echo "FAIL: the lessons do not pass"; exit 1; }

corrupt() { # every record, signed but no JSON
	find "$LITLAB_CACHE_DIR/evidence" -name '*.json' | while read -r f; do
		printf 'not json\n' | python3 -c 'import sys; sys.path.insert(0, sys.argv[1]); import cache_record; cache_record.write(sys.argv[2], sys.argv[3], sys.argv[4], sys.stdin.buffer.read())' \
			"$lib" "$f" "$LITLAB_CACHE_DIR" "$work/state/litlab/cache-secret"
	done
}
keep=$(mktemp -d)
cp -r "$LITLAB_CACHE_DIR" "$keep/cache"
restore() { rm -rf "$LITLAB_CACHE_DIR"; cp -r "$keep/cache" "$LITLAB_CACHE_DIR"; }

# 1. Corrupt records: one warning each, in course order.
corrupt
cp -r "$LITLAB_CACHE_DIR" "$keep/corrupt"
"$LITLAB" check -j 1 lessons/ >/dev/null 2>"$work/j1.err"
[ "$(grep -c 'corrupt cache record' "$work/j1.err")" -eq 32 ] || { cat "$work/j1.err"; echo "FAIL: not 32 warnings with -j 1"; fail=1; }
for n in 1 2 3; do
	rm -rf "$LITLAB_CACHE_DIR"; cp -r "$keep/corrupt" "$LITLAB_CACHE_DIR"
	"$LITLAB" check lessons/ >/dev/null 2>"$work/j2.err"
	cmp -s "$work/j1.err" "$work/j2.err" ||
		{ diff -u "$work/j1.err" "$work/j2.err" | head -20; echo "FAIL: corrupt records said otherwise than with -j 1"; fail=1; break; }
done

# 2. Another user's records (no index to warn of first): the first in course order is named.
restore
rm -rf "$LITLAB_CACHE_DIR/memo"
XDG_STATE_HOME=$work/other-state "$LITLAB" check -j 1 lessons/ >/dev/null 2>"$work/j1.err"
grep -q "ignoring the cache record" "$work/j1.err" || { cat "$work/j1.err"; echo "FAIL: another user's records unsaid"; fail=1; }
for n in 1; do
	restore
	rm -rf "$LITLAB_CACHE_DIR/memo"
	XDG_STATE_HOME=$work/other-state "$LITLAB" check lessons/ >/dev/null 2>"$work/j2.err"
	cmp -s "$work/j1.err" "$work/j2.err" ||
		{ diff -u "$work/j1.err" "$work/j2.err" | head -20; echo "FAIL: another user's records said otherwise than with -j 1"; fail=1; break; }
done
rm -rf "$keep"

[ "$fail" -eq 0 ] && echo "cache-warn-order: ok"
exit "$fail"
