#!/bin/sh
# tests/scripts/hostile-text.sh: lesson text shaped to make litlab's own scanners slow.
#
# A reviewer checks a lesson they did not write; its text must not hold litlab for
# minutes. Each lesson below took minutes or hours of CPU where a scanner searched the
# rest of the text again at every place (quadratic): a CPU limit (ulimit -t, not the
# clock) says so. Each must end with its diagnostics, inside the limit.
# Usage: LITLAB=/abs/path/to/litlab sh tests/scripts/hostile-text.sh
set -u
LITLAB=${LITLAB:-build/san/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
export LC_ALL=C
unset CC
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
trap 'exit 1' INT TERM HUP
export LITLAB_CACHE_DIR="$work/cache"
mkdir "$work/l"
fails=0

# check NAME WANT: checks $work/l/NAME.md under a CPU limit; WANT is the exit status.
check() {
	# (30 CPU seconds: under the sanitizers each takes well under one; before, minutes.)
	(ulimit -t 30 && "$LITLAB" check "$work/l/$1.md" >"$work/$1.out" 2>"$work/$1.err")
	rc=$?
	if [ "$rc" -ne "$2" ]; then
		echo "FAIL: $1: exit $rc, want $2"
		tail -n 3 "$work/$1.err" | cut -c1-200
		fails=$((fails + 1))
	fi
}

# 1. One line of 200,000 '{{' that no '}}' closes: cite_resolve() searched the rest of
#    the paragraph for a '}}' at each of them.
awk 'BEGIN {
	printf "# Braces\n\n"
	for (i = 0; i < 20000; i++) printf "{{measure:{{measure:{{measure:{{measure:{{measure:{{ {{ {{ {{ {{ "
	printf "\n\nThe end {{cite:a|4 cycles} of the line.\n"
}' >"$work/l/01-braces.md"
check 01-braces 1
grep -q "01-braces.md:5:.*not closed with '}}' on its line \[cite-reference\]" "$work/01-braces.err" || {
	echo "FAIL: 01-braces: the unclosed {{cite:...}} is not reported at its place"
	fails=$((fails + 1))
}

# 2. 80,000 link reference definitions, each cited: each cited value was looked up by
#    reading every line of the lesson again.
awk 'BEGIN {
	printf "# Cited\n\n"
	for (i = 0; i < 80000; i++) printf "[k%d]: https://example.org/%d \"who, what, 2020\"\n", i, i
	printf "\n"
	for (i = 79999; i >= 0; i--) printf "{{cite:K%d|4 cycles}} ", i
	printf "{{cite:nowhere|4 cycles}}\n"
}' >"$work/l/02-cited.md"
check 02-cited 1
n=$(grep -c "cite-reference" "$work/02-cited.err")
if [ "$n" -ne 1 ] || ! grep -q "no link reference definition '\[nowhere\]'" "$work/02-cited.err"; then
	echo "FAIL: 02-cited: want one cite-reference error (for 'nowhere'), got $n"
	fails=$((fails + 1))
fi

# 3. The same values, every one defined, rendered: each was searched for among all the
#    lesson's cited values, and the text after it searched to its end for a
#    {{measure:...}} it did not hold, at each of them.
sed 's/{{cite:nowhere|4 cycles}}//' "$work/l/02-cited.md" >"$work/l/03-rendered.md"
(ulimit -t 30 && "$LITLAB" build -o "$work/site" "$work/l/03-rendered.md" >"$work/03.out" 2>"$work/03.err")
rc=$?
if [ $rc -ne 0 ]; then
	echo "FAIL: 03-rendered: build exit $rc, want 0"
	tail -n 3 "$work/03.err" | cut -c1-200
	fails=$((fails + 1))
elif ! grep -q 'example.org/0".*who, what, 2020' "$work/site/03-rendered.html" ||
	[ "$(grep -o 'class="cited"' "$work/site/03-rendered.html" | wc -l)" -ne 80000 ]; then
	echo "FAIL: 03-rendered: the page does not show the 80,000 cited values with their sources"
	fails=$((fails + 1))
fi

# 4. 6,000 headings of one name (36 KB): each heading's id "a-N" was looked up among all
#    the page's ids for each N from 2 up (cubic: an hour at 16,000). The ids stay those
#    GitHub gives: a, a-2, a-3..., past any taken already (a block's id, 'a-3' written).
awk 'BEGIN {
	printf "# Headings\n\n## a-3\n\n```c id=a-5 derived reason=\"shown only\"\nint x;\n```\n\n"
	for (i = 0; i < 6000; i++) printf "## a\n\n"
}' >"$work/l/04-headings.md"
(ulimit -t 30 && "$LITLAB" build -o "$work/site4" "$work/l/04-headings.md" >"$work/04.out" 2>"$work/04.err")
rc=$?
ids=$(grep -o '<h2 id="a[^"]*"' "$work/site4/04-headings.html" 2>/dev/null | sed 's/.*id="//; s/"$//' | tr '\n' ' ')
case $ids in
"a-3 a a-2 a-4 a-6 a-7 "*" a-6001 a-6002 ") ;;
*) ids=bad ;;
esac
if [ $rc -ne 0 ] || [ "$ids" = bad ]; then
	echo "FAIL: 04-headings: build exit $rc (want 0), or the ids are not a-3 a a-2 a-4 a-6 ... a-6002"
	tail -n 3 "$work/04.err" | cut -c1-200
	fails=$((fails + 1))
fi

# 5. A lesson linking 30,000 files of its folder, built twice: each was looked up among all
#    the site's files as it was added, and again, on the second build, among the
#    manifest's names and the site's (minutes). The second build finds the site up to date.
mkdir "$work/l5" "$work/l5/f"
awk -v dir="$work/l5" 'BEGIN {
	printf "# Links\n\n" >(dir "/05-links.md")
	for (i = 0; i < 30000; i++) {
		f = dir "/f/" i ".txt"
		printf "%d\n", i >f
		close(f)
		printf "[%d](f/%d.txt)\n", i, i >>(dir "/05-links.md")
	}
}'
#    Its limit is 120 s, not 30: the work is linear in 30,000 files, and under AddressSanitizer
#    on a machine with a slow file system a linear build took 50-60 s of CPU, half of it in the
#    kernel (this build's second run and 6d82f75's alike, measured with /usr/bin/time), where
#    the quadratic lookup it guards against took minutes without the sanitizer.
for step in 1 2; do
	(ulimit -t 120 && "$LITLAB" build -o "$work/site5" "$work/l5" >"$work/05.out" 2>"$work/05.err")
	rc=$?
	if [ $rc -ne 0 ]; then
		echo "FAIL: 05-links: build $step: exit $rc, want 0"
		tail -n 3 "$work/05.err" | cut -c1-200
		fails=$((fails + 1))
		break
	fi
done
if [ $rc -eq 0 ] && { ! grep -q "already up to date.* and 30000 files the lessons link to" "$work/05.err" ||
	[ "$(cat "$work/site5/f/29999.txt")" != 29999 ]; }; then
	echo "FAIL: 05-links: the second build did not find the site, with its 30,000 files, up to date"
	fails=$((fails + 1))
fi

[ $fails -eq 0 ] && echo "hostile-text: ok"
exit $fails
