#!/bin/sh
# --fresh means the same to check, build, audit and promote: no evidence is taken from the
# cache. A cache record is tampered with (its stdout changed): without --fresh each command
# believes it; with --fresh each runs the block again and sees the real output.
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
LITLAB_CACHE_DIR=$work/cache
# The secret the records are signed with (a folder of root's own, when run as root): the test
# signs what it edits.
XDG_STATE_HOME=$work/state
mkdir -p "$XDG_STATE_HOME" && chmod 700 "$XDG_STATE_HOME"
export LITLAB_CACHE_DIR XDG_STATE_HOME
lib=$(pwd)/tests/scripts
mkdir -p "$work/lessons"
cd "$work" || exit 1
printf '# Hello\n\n```c id=hello\n#include <stdio.h>\nint main(void) { puts("hi"); return 0; }\n```\n\n```output\nhi\n```\n' \
	>lessons/01-hello.md
"$LITLAB" check >/dev/null 2>&1 || { echo "FAIL: the first check"; exit 1; }
tamper() {
	for f in "$LITLAB_CACHE_DIR"/evidence/*/*.json; do
		python3 - "$f" "$lib" "$LITLAB_CACHE_DIR" "$XDG_STATE_HOME/litlab/cache-secret" <<'EOF'
import json, sys
sys.path.insert(0, sys.argv[2])
import cache_record
d, paths = cache_record.split(cache_record.body(sys.argv[1]))
d["evidence"]["run"]["stdout"] = "tampered\n"
d.pop("evidence_sha256", None)  # a record may leave it out
cache_record.write(sys.argv[1], sys.argv[3], sys.argv[4], cache_record.join(d, paths))
EOF
	done
}
tamper

# Without --fresh the tampered record is believed (this is what makes the test able to fail).
"$LITLAB" audit --format json >audit.json 2>/dev/null
[ $? -eq 1 ] || { echo "FAIL: audit did not take the tampered record"; fail=1; }

for cmd in audit build promote; do
	tamper
	case $cmd in
	audit) "$LITLAB" audit --fresh --format json >out 2>err ;;
	build) "$LITLAB" build --fresh -o site >out 2>err ;;
	promote) "$LITLAB" promote --fresh --dry-run lessons >out 2>err ;;
	esac
	rc=$?
	[ $rc -eq 0 ] || { cat out err; echo "FAIL: $cmd --fresh exited $rc: it took evidence from the cache"; fail=1; }
	grep -q tampered out && { echo "FAIL: $cmd --fresh shows the tampered output"; fail=1; }
done
grep -q 'nothing to promote' out || { cat out; echo "FAIL: promote --fresh"; fail=1; }
grep -q 'Evidence reused from the cache' site/01-hello.html && { echo "FAIL: build --fresh says it reused evidence"; fail=1; }

# And promote without --fresh promotes what the cache says (the cache is trusted, as check trusts it).
tamper
"$LITLAB" promote --dry-run lessons >out 2>err
grep -q '^+tampered' out || { cat out err; echo "FAIL: promote without --fresh did not read the cache"; fail=1; }

# Each command's --help says so.
for cmd in check build audit promote; do
	"$LITLAB" $cmd --help | grep -q -- '--fresh' || { echo "FAIL: $cmd --help has no --fresh"; fail=1; }
done

[ $fail -eq 0 ] && echo "fresh: ok"
exit $fail
