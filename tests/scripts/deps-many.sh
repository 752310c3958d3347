#!/bin/sh
# A lesson decides how many files its build reads (.incbin) and how many folders it searches
# (-I): the lists of both are kept in time linear in their length. 3,000 folders searched
# before the one whose subfolder holds 1,500 files read: litlab searched its list of folders
# for each place of each file (minutes); a CPU limit (ulimit -t, not the clock) says so.
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
work=$(mktemp -d)
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
export LITLAB_CACHE_DIR="$work/cache"
mkdir -p "$work/data/sub" "$work/l"
chmod 755 "$work/data" "$work/data/sub"
i=0
while [ $i -lt 1500 ]; do
	: >"$work/data/sub/f$i"
	i=$((i + 1))
done
{
	printf -- '---\ncflags:'
	i=0
	while [ $i -lt 3000 ]; do
		printf ' -I%s/none%d' "$work" $i
		i=$((i + 1))
	done
	printf ' -I%s/data\n---\n# Many\n\n```c id=many\n__asm__(".section .rodata\\n"\n' "$work"
	i=0
	while [ $i -lt 1500 ]; do
		printf '".incbin \\"%s/data/sub/f%d\\"\\n"\n' "$work" $i
		i=$((i + 1))
	done
	printf '".text\\n");\nint main(void) { return 0; }\n```\n'
} >"$work/l/01-many.md"
export LITLAB_SANDBOX_PATHS="$work/data"
# (60 CPU seconds: under the sanitizers a check of it takes a few.)
(ulimit -t 60 && "$LITLAB" check "$work/l" >"$work/out" 2>&1)
rc=$?
if [ $rc -ne 0 ]; then
	echo "FAIL: check of a block reading 1,500 files below 3,000 search folders: exit $rc"
	tail -n 5 "$work/out"
	exit 1
fi
# The record is kept and used: a second check runs nothing.
"$LITLAB" check --format json "$work/l" 2>/dev/null | grep -q '"cached": true' || {
	echo "FAIL: the block's record is not used"
	exit 1
}
exit 0
