#!/bin/sh
# A lesson's path must be UTF-8: a page's address, receipts.json and the JSON and SARIF reports
# name the lesson by it. A lesson named in Latin-1 was checked, its page published, and left out
# of receipts.json (jansson holds UTF-8 only), so that `litlab verify` of the site said NOT
# VERIFIED; now it is an error at its line 1 (`lesson-name`) and build writes nothing. A name in
# UTF-8, accents and all, builds and verifies.
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
LITLAB_CACHE_DIR=$work/cache
export LITLAB_CACHE_DIR
cd "$work" || exit 1
mkdir bad good
bad="bad/01-caf$(printf '\351').md" # "café" in Latin-1
good="good/01-caf$(printf '\303\251').md"
for f in "$bad" "$good"; do
	printf '# Coffee\n\n```c\n#include <stdio.h>\nint main(void) { puts("hi"); return 0; }\n```\n\n```output\nhi\n```\n' >"$f"
done

"$LITLAB" check "$bad" >out 2>err
rc=$?
[ $rc -eq 1 ] || { echo "FAIL: check of a Latin-1 name exited $rc, not 1"; cat err; fail=1; }
grep -q '^bad/01-caf\\xe9\.md:1:1: error: this lesson.s path is not UTF-8: .*rename the file .*\[lesson-name\]$' err ||
	{ echo "FAIL: no lesson-name error at line 1:"; cat err; fail=1; }
"$LITLAB" build -o site "$bad" >out 2>err
rc=$?
[ $rc -eq 1 ] && [ ! -e site ] || { echo "FAIL: build of a Latin-1 name exited $rc, or wrote a site"; cat err; fail=1; }

"$LITLAB" build -o site "$good" >out 2>err || { echo "FAIL: build of a UTF-8 name"; cat err; fail=1; }
grep -q '"path": "good/01-caf\\u00e9.md"\|"path": "good/01-café.md"' site/receipts.json ||
	{ echo "FAIL: the lesson is not in receipts.json"; cat site/receipts.json; fail=1; }
"$LITLAB" verify site >out 2>err || { echo "FAIL: verify of a UTF-8 name"; cat out err; fail=1; }
[ $fail -eq 0 ] && echo "lesson-name: ok"
exit $fail
