#!/bin/sh
# The evidence cache trusts only what this user's litlab wrote. A course repository can carry a
# .litlab/ folder (committed with git add -f): its author ran a check, then edited a record to
# say the program printed what the lesson expects. The author's own litlab takes the edited
# record (it is re-signed with the author's secret); a reviewer's litlab, whose secret is another,
# ignores it, says so once, and runs the block: audit and build fail as check --fresh does.
# Without a home folder to keep the secret in, nothing is cached (a warning) and all still works.
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
unset LITLAB_CACHE_DIR
lib=$(pwd)/tests/scripts
mkdir -p "$work/author/lessons" "$work/author-state" "$work/reviewer-state"
chmod 700 "$work/author-state" "$work/reviewer-state" # root takes an XDG_STATE_HOME only of its own
cat >"$work/author/lessons/01-x.md" <<'MD'
# Forged

```c id=x
#include <stdio.h>
int main(void) { puts("wrong"); return 0; }
```

```output
right
```
MD
cd "$work/author" || exit 1
XDG_STATE_HOME="$work/author-state" "$LITLAB" check lessons >/dev/null 2>&1
# The author edits the record, and signs it again with the author's secret if records are signed.
python3 - "$work/author/.litlab" "$work/author-state/litlab/cache-secret" "$lib" <<'PY' || { echo "FAIL: no record to forge"; exit 1; }
import glob, os, sys
root, secret, lib = sys.argv[1:4]
sys.path.insert(0, lib)
import cache_record
files = glob.glob(os.path.join(root, "evidence", "*", "*.json"))
if not files:
    sys.exit(1)
for path in files:
    signed = open(path, "rb").read().startswith(b"litlab-mac ")
    body = cache_record.body(path).replace(b"wrong\\n", b"right\\n")
    if signed:
        cache_record.write(path, root, secret, body)
    else:
        open(path, "wb").write(body)
PY
XDG_STATE_HOME="$work/author-state" "$LITLAB" audit lessons >author.out 2>&1
[ $? -eq 0 ] || { echo "FAIL: the author's own litlab did not take the edited record (the test forges nothing)"; cat author.out; fail=1; }
# The reviewer's clone, with the .litlab/ the repository carried.
cp -a "$work/author" "$work/reviewer"
cd "$work/reviewer" || exit 1
XDG_STATE_HOME="$work/reviewer-state" "$LITLAB" audit lessons >audit.out 2>audit.err
[ $? -eq 1 ] || { echo "FAIL: audit replayed the forged record"; cat audit.out audit.err; fail=1; }
grep -q "this user's litlab did" audit.err || { echo "FAIL: no warning about records this user's litlab did not write"; cat audit.err; fail=1; }
[ "$(grep -c "this user's litlab did" audit.err)" -eq 1 ] || { echo "FAIL: the warning is not said once"; fail=1; }
XDG_STATE_HOME="$work/reviewer-state" "$LITLAB" build -o site lessons >build.out 2>&1
[ $? -eq 1 ] || { echo "FAIL: build published the forged record"; cat build.out; fail=1; }
# The reviewer's own records are taken from then on, with no warning.
XDG_STATE_HOME="$work/reviewer-state" "$LITLAB" check lessons >check.out 2>check.err
grep -q "this user's litlab did" check.err && { echo "FAIL: the reviewer's own records were not taken"; fail=1; }
# Root run with another user's state folder (sudo -E): that user planted a secret of their own
# there, and a record signed with it. Root must not take the secret, nor the record.
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
	mkdir -p "$work/planted/lessons" "$work/evil/litlab"
	cp "$work/author/lessons/01-x.md" "$work/planted/lessons/"
	head -c 32 /dev/urandom >"$work/evil/litlab/cache-secret"
	chmod 600 "$work/evil/litlab/cache-secret"
	chown -R 65534:65534 "$work/evil"
	chmod 755 "$work/evil" "$work/evil/litlab"
	cd "$work/planted" || exit 1
	XDG_STATE_HOME="$work/author-state" "$LITLAB" check lessons >/dev/null 2>&1 # a record to forge
	python3 - "$work/planted/.litlab" "$work/evil/litlab/cache-secret" "$lib" <<'PY'
import glob, os, sys
root, secret, lib = sys.argv[1:4]
sys.path.insert(0, lib)
import cache_record
for path in glob.glob(os.path.join(root, "evidence", "*", "*.json")):
    cache_record.write(path, root, secret, cache_record.body(path).replace(b"wrong\\n", b"right\\n"))
PY
	XDG_STATE_HOME="$work/evil" HOME="$work/evil" "$LITLAB" check lessons >planted.out 2>&1
	[ $? -eq 1 ] || { echo "FAIL: root took a secret another user planted in its XDG_STATE_HOME"; cat planted.out; fail=1; }
	[ "$(stat -c %U "$work/evil/litlab")" != root ] || { echo "FAIL: root made folders in another user's state folder"; fail=1; }
fi

# No home folder (a user's run: root takes its own from the password file): a warning, nothing
# cached, the right verdict.
cd "$work/author" || exit 1
rm -rf .litlab
as_user=""
if [ "$(id -u)" -eq 0 ]; then
	as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"
	chmod 755 "$work"
	chown -R 65534:65534 "$work/author"
fi
cp "$LITLAB" "$work/litlab" # one the user can run (an ASan build under /root is not)
$as_user env -u HOME -u XDG_STATE_HOME TMPDIR="$work/author" "$work/litlab" check lessons >nohome.out 2>nohome.err
rc=$?
[ $rc -eq 1 ] || { echo "FAIL: without a home folder, exit $rc"; cat nohome.err; fail=1; }
grep -q "cannot keep the evidence cache's secret" nohome.err || { echo "FAIL: no warning without a home folder"; cat nohome.err; fail=1; }
[ ! -d .litlab/evidence ] || { echo "FAIL: records written without a secret"; fail=1; }
exit $fail
