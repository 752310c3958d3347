#!/bin/sh
# make bench: every figure is a ratio against a baseline run side by side in this script.
set -eu
top=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The benchmarks' own evidence cache, not the tree's .litlab/.
LITLAB_CACHE_DIR=$work/cache
export LITLAB_CACHE_DIR

echo "== runner cost per sample: sandbox_launch vs a bare fork/exec/wait4 loop (issue 4)"
printf '#include <stdio.h>\nint main(void) { puts("sample"); return 0; }\n' > "$work/prog.c"
cc -O2 -o "$work/prog" "$work/prog.c"
build/bench_runner "$work/prog" 20

echo
echo "== a console block of 10 short commands vs the same commands typed into sh in a temporary folder (issue 15)"
build/bench_session 10

echo
echo "== the rule pass over 100 lessons of 300 lines: check with rules minus check --no-rules (issue 3)"
mkdir -p "$work/course"
python3 tests/bench/gen_course.py "$work/course" 100 300
t() { s=$(date +%s%N); "$@" >/dev/null 2>&1 || true; e=$(date +%s%N); echo $(( (e - s) / 1000000 )); }
# One check first, so that both sides take the blocks' evidence from the cache alike.
build/litlab check "$work/course" >/dev/null 2>&1 || true
# Alternate to share the machine's noise; three rounds each.
with=0; without=0
for i in 1 2 3; do
	without=$((without + $(t build/litlab check --no-rules "$work/course")))
	with=$((with + $(t build/litlab check "$work/course")))
done
echo "check --no-rules: $((without / 3)) ms   check: $((with / 3)) ms   rule pass: $(((with - without) / 3)) ms for 100 lessons (target < 1000 ms)"
# The same, unmemoised: the rules' memo removed before each run, so every lesson's pass runs.
with=0; without=0
for i in 1 2 3; do
	without=$((without + $(t build/litlab check --no-rules "$work/course")))
	rm -f "$LITLAB_CACHE_DIR"/memo/rules-*
	with=$((with + $(t build/litlab check "$work/course")))
done
echo "unmemoised: check --no-rules: $((without / 3)) ms   check: $((with / 3)) ms   rule pass: $(((with - without) / 3)) ms for 100 lessons"

echo
echo "== the rule pass against d191f32's, side by side (issue 13: no slower than it; a ratio of 1.00 or less, within the machine's noise)"
# d191f32 is built once from this clone's history into build/bench-base/ (skipped without it: a
# tarball, or a shallow clone).
base=build/bench-base/d191f32
if [ ! -x "$base/build/litlab" ] && git cat-file -e 'd191f32^{commit}' 2>/dev/null; then
	rm -rf "$base" && mkdir -p "$base"
	git archive d191f32 | tar -x -C "$base" && make -C "$base" -j2 build/litlab >"$work/base-build.log" 2>&1 ||
		{ tail -n 5 "$work/base-build.log"; rm -rf "$base"; }
fi
if [ ! -x /usr/bin/time ]; then
	echo "skipped: /usr/bin/time is not installed (make deps installs it)"
elif [ -x "$base/build/litlab" ]; then
	bash tests/bench/rulepass.sh "$base/build/litlab" build/litlab 5
else
	echo "skipped: d191f32 is not in this clone's history, or did not build"
fi

echo
echo "== build with warm evidence against the cmark command on the same lessons (issues 5 and 16)"
# Each side one whole process, 30 pairs alternating, medians (tests/bench/build_vs_cmark.py).
python3 tests/bench/build_vs_cmark.py build/litlab "$work/site" lessons/*.md

echo
echo "== litlab serve: saving a one-block edit to the new page, against litlab check of that lesson alone (issue 16)"
python3 tests/bench/serve.py build/litlab "$work/serve" 10

echo
echo "== large lessons (bad-input.sh's cases 5 and 9): check against the cmark command on the same file"
# Growth that is not linear (a scan per line, a copy per block) shows here as a ratio far above 1.
{
	printf '# Big\n\n```text\n'
	yes 'int filler_variable_name; /* padding padding padding padding */' | head -c 10000000
	printf '\n```\n\nAfter.\n'
} >"$work/15-big.md"
awk 'BEGIN {
	print "# Many blocks\n"
	for (i = 0; i < 2000; i++) {
		if (i % 2)
			printf "Block %d.\n\n```python derived reason=\"no python here\"\nprint(%d)\n```\n\n```output\n%d\n```\n\n", i, i, i
		else
			printf "```text\nline %d\n```\n\n", i
	}
}' >"$work/15-many.md"
for f in big many; do
	cm=0; ch=0
	for i in 1 2 3; do
		cm=$((cm + $(t cmark --unsafe "$work/15-$f.md")))
		ch=$((ch + $(t build/litlab check --no-rules "$work/15-$f.md")))
	done
	echo "15-$f.md: cmark: $((cm / 3)) ms   litlab check --no-rules: $((ch / 3)) ms   ratio: $(awk "BEGIN { printf \"%.2f\", $ch / ($cm > 0 ? $cm : 1) }")x"
done

echo
echo "== the evidence cache and parallel runs (issue 7): ratios measured side by side (tests/bench/jobs.py)"
mkdir -p "$work/jobs"
python3 tests/bench/jobs.py build/litlab "$work/jobs"

echo
echo "== sharded checks with portable evidence (issue 17): ${SHARD_BLOCKS:-5000} blocks in ${SHARD_LESSONS:-100} lessons, 4 shards (tests/bench/shard_sim.py)"
# Each shard is a separate process with its own cache and secret, run alone, one after another;
# the ratio is the slowest shard's check against the unsharded check of the same course.
mkdir -p "$work/shards"
python3 tests/bench/shard_sim.py "$top/build/litlab" "$work/shards" "${SHARD_LESSONS:-100}" "${SHARD_BLOCKS:-5000}" 4

echo
echo "== the timing rule on real prose (issue 13): recall and false errors on the labelled corpora"
sh tests/corpus/run.sh build/litlab "${CORPUS_DIR:-tests/corpus/texts}"
