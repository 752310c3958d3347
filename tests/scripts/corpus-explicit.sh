#!/bin/sh
# tests/corpus/measure.py prints two recalls: over every labelled claim, and over the claims with an
# explicit figure (digits or a number in words), the count issue 13's target is stated in. A magnitude
# in the plural ("hundreds of milliseconds") or a unit alone ("microseconds") names no figure.
# run.sh sums both by kind.
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
LITLAB=${LITLAB:-$here/build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$here/$LITLAB ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "corpus-explicit.sh: $*"; exit 1; }
mkdir -p "$work/texts/tiny"
cat >"$work/texts/tiny/a.md" <<'MD'
# Tiny

The lookup takes 3 ms on the old box.

The new loop is twice as fast.

Hill climbing adapts in hundreds of milliseconds.

Tasks run for microseconds at most.
MD
printf '# corpus: tiny\n# kind: performance\n# files: *.md\na.md\t3\tclaim\t3 ms\na.md\t5\tclaim\ttwice as fast\na.md\t7\tclaim\thundreds of milliseconds\na.md\t9\tclaim\tmicroseconds\n' >"$work/tiny.labels"
python3 "$here/tests/corpus/measure.py" "$LITLAB" "$work/tiny.labels" "$work/texts/tiny" >"$work/out" 2>&1 ||
	{ cat "$work/out"; fail "measure.py failed"; }
grep -q "recall 2/4 (50.0%)" "$work/out" || { cat "$work/out"; fail "the recall over every claim is not 2/4"; }
grep -q "claims with an explicit figure: recall 2/2$" "$work/out" ||
	{ cat "$work/out"; fail "the recall over claims with an explicit figure is not 2/2"; }
python3 - "$here/tests/corpus" <<'PY' || fail "explicit() misjudged a figure"
import sys
sys.path.insert(0, sys.argv[1])
from measure import explicit
for t in ("3 ms", "2.5x", "three milliseconds", "twice as fast", "half the time", "an order of magnitude",
          "a second", "roughly halved", "a third", "tenfold", "one full core", "2x#2", "ten thousand per second"):
    assert explicit(t), t
for t in ("hundreds of milliseconds", "microseconds", "tens of cycles", "sub-millisecond", "millions",
          "thousands of processes per second", "near-zero"):
    assert not explicit(t), t
PY
# run.sh sums both by kind
mkdir -p "$work/repo/tests/corpus"
cp "$here/tests/corpus/measure.py" "$here/tests/corpus/run.sh" "$work/repo/tests/corpus/"
cp "$work/tiny.labels" "$work/repo/tests/corpus/"
(cd "$work/repo" && sh tests/corpus/run.sh "$LITLAB" "$work/texts") >"$work/out" 2>&1 ||
	{ cat "$work/out"; fail "run.sh failed"; }
grep -q "by kind: performance (1 set): recall 2/4 (50.0%).*claims with an explicit figure: recall 2/2 (100.0%)" "$work/out" ||
	{ cat "$work/out"; fail "run.sh does not sum the explicit recall by kind"; }
exit 0
