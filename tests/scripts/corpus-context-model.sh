#!/bin/sh
# tests/corpus/context_model.py learns from the words around the figures the rule leaves undecided in
# some sets and measures on the others (the twenty-third round's experiment): it must read the dump
# measure.py writes, keep the held-out sets apart and count their missed claims.
here=$(cd "$(dirname "$0")/../.." && pwd)
. "$here/tests/scripts/lib/diag.sh" # LITLAB, a folder of its own (work, the current one), fail=0
fail() { echo "corpus-context-model.sh: $*"; exit 1; }
for set in learn keep; do
	mkdir "$work/$set"
	cat >"$work/$set/ch1.md" <<'MD'
# Filtering

The branchless loop takes 40 ns per element. Unrolling adds another 12% on top.

At 50% selectivity the predictor fails half the time.
MD
	printf '# corpus: %s\n# kind: probe\n# files: *.md\nch1.md\t3\tclaim\t40 ns\nch1.md\t3\tclaim\t12%%\n' "$set" >"$work/$set.labels"
	LITLAB_CORPUS_DUMP="$work/dump" python3 "$here/tests/corpus/measure.py" "$LITLAB" "$work/$set.labels" "$work/$set" >"$work/out" 2>&1 ||
		{ cat "$work/out"; fail "measure.py failed"; }
done
python3 "$here/tests/corpus/context_model.py" "$work/dump" '^keep$' --show -1000 >"$work/rep" 2>&1 || { cat "$work/rep"; fail "context_model.py failed"; }
# each set holds one missed claim (12%) and one unlabelled figure of a class (50%, "half")
grep -q "^learned from [0-9]* figures (1 missed claims); held out [0-9]* (1 missed claims)$" "$work/rep" ||
	{ cat "$work/rep"; fail "the sets were not kept apart"; }
grep -q "^held out probe: " "$work/rep" || { cat "$work/rep"; fail "no held-out line"; }
grep -q "gain: keep ch1.md:3: \[12%\]" "$work/rep" || { cat "$work/rep"; fail "the held-out missed claim is not listed"; }
grep -q "false error: keep ch1.md:5: \[50%\]" "$work/rep" || { cat "$work/rep"; fail "the held-out selectivity is not listed"; }
grep -q "learn ch1.md" "$work/rep" && { cat "$work/rep"; fail "a learned figure was listed as held out"; }
exit 0
