#!/bin/sh
# tests/corpus/unreported.py counts what reporting a class of undecided figure would gain and cost:
# measure.py writes each file's reports and labels where LITLAB_CORPUS_DUMP says, and a missed claim
# of the class is a gain, an unlabelled figure of the class a false error, a reported one neither.
here=$(cd "$(dirname "$0")/../.." && pwd)
. "$here/tests/scripts/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0
fail() { echo "corpus-unreported.sh: $*"; exit 1; }
mkdir "$work/texts"
cat >"$work/texts/ch1.md" <<'MD'
# Filtering

The branchless loop takes 40 ns per element. Unrolling adds another 12% on top.

At 50% selectivity the predictor fails half the time.

The vectorized loop is 30% faster than the scalar one.
MD
printf '# corpus: unreported\n# kind: performance\n# files: *.md\nch1.md\t3\tclaim\t40 ns\nch1.md\t3\tclaim\t12%%\nch1.md\t7\tclaim\t30%% faster\n' >"$work/u.labels"
LITLAB_CORPUS_DUMP="$work/dump" python3 "$here/tests/corpus/measure.py" "$LITLAB" "$work/u.labels" "$work/texts" -v >"$work/out" 2>&1 ||
	{ cat "$work/out"; fail "measure.py failed"; }
[ "$(wc -l <"$work/dump")" -eq 1 ] || fail "measure.py wrote no dump line"
python3 "$here/tests/corpus/unreported.py" "$work/dump" --show performance percent >"$work/rep" 2>&1 || { cat "$work/rep"; fail "unreported.py failed"; }
# "12%" is a missed claim, "50%" is unlabelled (a false error), "30% faster" is reported: neither
grep -q "^performance percent .* +1/-1$" "$work/rep" || { cat "$work/out" "$work/rep"; fail "percent's gain and cost are not +1/-1 in the densest column"; }
grep -q "gain: u ch1.md:3: \[12%\]" "$work/rep" || { cat "$work/rep"; fail "the missed 12% is not listed as a gain"; }
grep -q "false error: u ch1.md:5: \[50%\]" "$work/rep" || { cat "$work/rep"; fail "the selectivity is not listed as a false error"; }
grep -q "30%" "$work/rep" && { cat "$work/rep"; fail "a reported figure was counted"; }
exit 0
