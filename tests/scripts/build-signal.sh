#!/bin/sh
# tests/scripts/build-signal.sh: a build stopped by a signal while it writes the new site.
#
# build writes the new site into a folder beside the old one (DIR.tmp.XXXXXX), then swaps
# them. Stopped there (Ctrl-C, a CI job cancelled), it left that folder, a whole or partial
# copy of the site, for good: one more at each interruption. Now the signal removes it, and
# the site is the old one or the new one, whole, whenever the signal comes (so this test
# passes at any timing; before the fix it failed when the signal came before the swap, which
# the 20,000 files make the likely case).
# Usage: LITLAB=/abs/path/to/litlab sh tests/scripts/build-signal.sh
set -u
LITLAB=${LITLAB:-build/san/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
export LC_ALL=C
unset CC
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
trap 'exit 1' INT TERM HUP
export LITLAB_CACHE_DIR="$work/cache"
cd "$work" || exit 1
mkdir -p l/f
awk 'BEGIN {
	printf "# Links\n\n" >"l/01-links.md"
	for (i = 0; i < 20000; i++) {
		f = "l/f/" i ".txt"
		printf "old %d\n", i >f
		close(f)
		printf "[%d](f/%d.txt)\n", i, i >>"l/01-links.md"
	}
}'
"$LITLAB" build -o site l >out 2>err || { cat err; echo "FAIL: the first build"; exit 1; }
echo new >l/f/7.txt
"$LITLAB" build -o site l >out 2>err &
pid=$!
# Until the new site's folder is there (or the build is done), then the signal.
while ! ls -d site.tmp.* >/dev/null 2>&1 && kill -0 $pid 2>/dev/null; do sleep 0.05; done
kill -TERM $pid 2>/dev/null
wait $pid
rc=$?
fail=0
left=$(ls -a | grep '^site\.' | tr '\n' ' ')
[ -z "$left" ] || { echo "FAIL: the stopped build left $left"; fail=1; }
[ $rc -eq 143 ] || [ $rc -eq 0 ] || { cat err; echo "FAIL: exit $rc, want 143 (or 0 if it was done)"; fail=1; }
n=$(ls site/f | wc -l)
case $(cat site/f/7.txt 2>/dev/null) in
"old 7" | new) ;;
*) echo "FAIL: site/f/7.txt is neither the old site's nor the new one's"; fail=1 ;;
esac
[ "$n" -eq 20000 ] || { echo "FAIL: the site holds $n of its 20000 files"; fail=1; }
[ $fail -eq 0 ] && echo "build-signal: ok"
exit $fail
