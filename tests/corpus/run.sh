#!/bin/sh
# make corpus: recall and false errors of timing-needs-metadata on each labelled corpus whose full
# text is present (tests/corpus/README.md says how to put it there), then the sums by kind of
# text (each .labels file's "# kind:" line: c-prose, course, performance, probe: chapters written new for the project). Fetches nothing.
# Usage: sh tests/corpus/run.sh LITLAB TEXTS-DIR
set -u
litlab=$1
texts=$2
found=0
totals=$(mktemp)
trap 'rm -f "$totals"' EXIT
export LITLAB_CORPUS_TOTALS="$totals"
for labels in tests/corpus/*.labels; do
	name=$(basename "$labels" .labels)
	if [ -d "$texts/$name" ]; then
		python3 tests/corpus/measure.py "$litlab" "$labels" "$texts/$name" || exit 1
		found=$((found + 1))
	else
		echo "$name: not present in $texts/$name (see tests/corpus/README.md); skipped"
	fi
done
[ "$found" -gt 0 ] || { echo "no labelled corpus is present: nothing measured"; exit 0; }
# The targets are per kind: on performance writing the share of claims reported and of reports
# that are claims; on ordinary C prose the false errors of each whole set.
sort "$totals" | awk -F'\t' '
function pct(a, b) { return b ? sprintf("%.1f%%", 100 * a / b) : "-" }
function flush() {
	if (kind == "") return
	printf "by kind: %s (%d set%s): recall %d/%d (%s); false errors %d, most in one set %d (%s); %d reports, %s of them claims; claims with an explicit figure: recall %d/%d (%s)\n",
	       kind, sets, sets == 1 ? "" : "s", caught, claims, pct(caught, claims), fe, worst, worstname, reports, pct(reports - fe, reports),
	       xcaught, xclaims, pct(xcaught, xclaims)
}
$1 != kind { flush(); kind = $1; sets = claims = caught = fe = reports = worst = xclaims = xcaught = 0; worstname = "-" }
{ sets++; claims += $2; caught += $3; fe += $4; reports += $5; xclaims += $7; xcaught += $8; if ($4 > worst) { worst = $4; worstname = $6 } }
END { flush() }'
exit 0
