#!/bin/sh
# check --shard I/N: every block in exactly one shard, shards roughly balanced, a block's shard
# unchanged when another lesson changes, usage errors for bad I/N, a shard's summary and JSON say
# it is one, and a shard checks its own blocks only (an error in another shard's block is not
# its own; the rules are the whole course's).
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
top=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
LITLAB_CACHE_DIR=$work/cache
XDG_STATE_HOME=$work/state
mkdir -p "$XDG_STATE_HOME" && chmod 700 "$XDG_STATE_HOME"
export LITLAB_CACHE_DIR XDG_STATE_HOME
mkdir -p "$work/course"
# 8 lessons of 5 blocks: display blocks only (nothing to compile), so that this test is quick;
# which shard a block is in does not depend on its mode.
i=1
while [ $i -le 8 ]; do
	{
		printf '# Lesson %d\n\n' $i
		for b in 1 2 3 4 5; do printf '```text id=b%d\nblock %d of %d\n```\n\n' $b $b $i; done
	} >"$work/course/0$i-gen.md"
	i=$((i + 1))
done
cd "$work" || exit 1

ids() { # the lesson:block ids a JSON document lists
	python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
for l in d["lessons"]:
    for b in l["blocks"]: print(l["path"].rsplit("/", 1)[-1] + ":" + b["id"])' "$1"
}
"$LITLAB" check --format json course >all.json 2>/dev/null || { echo "FAIL: check"; exit 1; }
ids all.json | sort >all.ids
: >union.ids
for s in 1 2 3 4; do
	"$LITLAB" check --shard $s/4 --format json course >s$s.json 2>s$s.err
	rc=$?
	[ $rc -eq 0 ] || { cat s$s.err; echo "FAIL: shard $s/4 exited $rc"; fail=1; }
	grep -q "^litlab: shard $s/4: [0-9]* of the 40 blocks of 8 lessons" s$s.err ||
		{ cat s$s.err; echo "FAIL: shard $s/4's summary does not say it is a shard"; fail=1; }
	grep -q "not checked here" s$s.err || { echo "FAIL: shard $s/4 does not say what it leaves out"; fail=1; }
	python3 -c 'import json,sys; d = json.load(open(sys.argv[1])); assert d["shard"] == {"index": int(sys.argv[2]), "count": 4}' \
		s$s.json $s || { echo "FAIL: shard $s/4's JSON has no shard object"; fail=1; }
	ids s$s.json >s$s.ids
	n=$(wc -l <s$s.ids)
	# 40 blocks in 4 shards: 10 each on average; a hash puts 3 to 18 in each (far from these, the
	# assignment is not what it should be).
	[ "$n" -ge 3 ] && [ "$n" -le 18 ] || { echo "FAIL: shard $s/4 holds $n of 40 blocks"; fail=1; }
	cat s$s.ids >>union.ids
done
sort union.ids >union.sorted
cmp -s all.ids union.sorted || { diff all.ids union.sorted; echo "FAIL: the shards do not hold every block exactly once"; fail=1; }

# Stable: a lesson edited (a block added, a block renamed) moves no block of another lesson.
printf '```text id=new\nadded\n```\n' >>course/03-gen.md
sed 's/id=b2/id=renamed/' course/05-gen.md >x && mv x course/05-gen.md
for s in 1 2 3 4; do
	"$LITLAB" check --shard $s/4 --format json course 2>/dev/null | python3 -c 'import json,sys
d = json.load(sys.stdin)
for l in d["lessons"]:
    for b in l["blocks"]: print(l["path"].rsplit("/", 1)[-1] + ":" + b["id"])' >t$s.ids
	grep -v -e '^03-gen' -e '^05-gen' s$s.ids >before
	grep -v -e '^03-gen' -e '^05-gen' t$s.ids >after
	cmp -s before after || { diff before after; echo "FAIL: editing two lessons moved another's blocks"; fail=1; }
done
# Folders do not matter, only the lesson's file name: the same shard from another folder.
cp -r course other
"$LITLAB" check --shard 2/4 --format json other 2>/dev/null | python3 -c 'import json,sys
d = json.load(sys.stdin)
for l in d["lessons"]:
    for b in l["blocks"]: print(l["path"].rsplit("/", 1)[-1] + ":" + b["id"])' >o2.ids
cmp -s t2.ids o2.ids || { echo "FAIL: the course in another folder is sharded otherwise"; fail=1; }

# Usage errors.
for bad in 0/4 5/4 1/0 4 1/ /4 x/4 1/4x -1/4 1/1001 " 1/4" 99999999999999999999/4; do
	"$LITLAB" check --shard "$bad" course >out 2>err
	rc=$?
	[ $rc -eq 2 ] && grep -q -- "--shard needs I/N" err || { cat err; echo "FAIL: --shard '$bad' exited $rc"; fail=1; }
done
"$LITLAB" check --shard 1/1 course >out 2>err || { cat err; echo "FAIL: --shard 1/1"; fail=1; }
grep -q 'shard 1/1: 41 of the 41 blocks' err || { cat err; echo "FAIL: shard 1/1 is not every block"; fail=1; }

# A shard checks its own blocks: a failing run block is an error in its shard only. And it applies
# no rule: a timing claim with no measurement is the whole course's error, not a shard's.
mkdir fails
cat >fails/01-fail.md <<'EOF'
# Failing

It takes 3 ms.

```c id=wrong
#include <stdio.h>
int main(void) { puts("real"); return 0; }
```

```output
expected
```
EOF
"$LITLAB" check fails >out 2>err
[ $? -eq 1 ] && grep -q 'timing-needs-metadata' err && grep -q 'wrong' err ||
	{ cat err; echo "FAIL: the whole check does not report both errors"; fail=1; }
errs=0
for s in 1 2 3; do
	"$LITLAB" check --shard $s/3 fails >out 2>err
	rc=$?
	grep -q 'timing-needs-metadata' err && { cat err; echo "FAIL: shard $s/3 applied the rules"; fail=1; }
	if grep -q 'shard [0-9]/3: 1 of the 1 block' err; then
		[ $rc -eq 1 ] && grep -q "01-fail.md:1[0-9]:.*error" err || { cat err; echo "FAIL: the shard of 'wrong' did not report it"; fail=1; }
		errs=$((errs + 1))
	else
		[ $rc -eq 0 ] || { cat err; echo "FAIL: shard $s/3, without the block, exited $rc"; fail=1; }
	fi
done
[ $errs -eq 1 ] || { echo "FAIL: the block was in $errs shards"; fail=1; }
cd "$top" || exit 1
exit $fail
