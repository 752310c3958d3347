#!/bin/sh
# Finding 5: links planted in .litlab/ (a repository can commit one). litlab, often root, must
# never create, truncate or read a file through them: .gitignore as a dangling link (litlab
# created the file it names), CACHEDIR.TAG as a link to a file (litlab truncated it), a record
# or a memo as a link to /dev/zero (read without bound) or a FIFO (a hang), a record as a hard
# link to a file outside (replaced, not written through), evidence/ or
# .litlab itself as a link to a victim's folder, a link planted between two runs. Each is
# ignored or replaced, never followed; the check still passes; a warning names what it skipped.
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
unset LITLAB_CACHE_DIR
chmod 755 "$work"

mkdir "$work/victim" "$work/c"
echo ORIGINAL >"$work/sentinel"
echo "important" >"$work/victim/thesis.tex"
mkdir "$work/c/lessons"
cat >"$work/c/lessons/01-hello.md" <<'MD'
# Hello

```c id=hello
#include <stdio.h>
int main(void) { puts("hi"); return 0; }
```

```output
hi
```
MD
check() { (cd "$work/c" && timeout 120 "$LITLAB" check "$@" >"$work/out" 2>"$work/err"); }
victim_intact() {
	[ "$(cat "$work/sentinel")" = ORIGINAL ] || { echo "FAIL: $1: the sentinel was written"; fail=1; }
	[ ! -e "$work/created" ] || { echo "FAIL: $1: a file was created through a dangling link"; rm -f "$work/created"; fail=1; }
	[ "$(ls "$work/victim")" = thesis.tex ] || { ls -la "$work/victim"; echo "FAIL: $1: the victim's folder changed"; fail=1; }
}

# 1. The security review's plant: .gitignore dangling, CACHEDIR.TAG to an existing file.
mkdir "$work/c/.litlab"
ln -s "$work/created" "$work/c/.litlab/.gitignore"
ln -s "$work/sentinel" "$work/c/.litlab/CACHEDIR.TAG"
check
rc=$?
cat "$work/err"
[ "$rc" -eq 0 ] || { echo "FAIL: 1: check exited $rc"; fail=1; }
victim_intact 1
[ -d "$work/c/.litlab/evidence" ] || { echo "FAIL: 1: no evidence was kept"; fail=1; }

# 2. Between two runs, the record becomes a link to /dev/zero, then a FIFO; the memos links too.
rec=$(find "$work/c/.litlab/evidence" -name '*.json' | head -n 1)
[ -n "$rec" ] || { echo "FAIL: 2: no record"; exit 1; }
rm "$rec" && ln -s /dev/zero "$rec"
for m in "$work/c/.litlab/memo/"*; do rm "$m" && ln -s "$work/sentinel" "$m"; done
check
rc=$?
cat "$work/err"
[ "$rc" -eq 0 ] || { echo "FAIL: 2: a record linked to /dev/zero: exit $rc"; fail=1; }
grep -q "warning: ignoring the corrupt cache record '.*' (it is a symbolic link" "$work/err" || { echo "FAIL: 2: the link is not named"; fail=1; }
[ -f "$rec" ] && [ ! -L "$rec" ] || { echo "FAIL: 2: the link was not replaced by a record"; fail=1; }
# (The memos linked to the sentinel were refused: victim_intact says the sentinel was not read into or written.)
victim_intact 2
rm "$rec" && mkfifo "$rec"
for m in "$work/c/.litlab/memo/"*; do rm "$m" && mkfifo "$m"; done
check
rc=$?
cat "$work/err"
[ "$rc" -eq 0 ] || { echo "FAIL: 2: a record as a FIFO: exit $rc (124: it hung)"; fail=1; }
grep -q "warning: ignoring the corrupt cache record '.*' (it is not a regular file" "$work/err" || { echo "FAIL: 2: the FIFO is not named"; fail=1; }

# A hard link to a file outside as the record: read as the file it is (not a record: a warning),
# then replaced by a rename, never written through.
rm "$rec" && ln "$work/sentinel" "$rec"
check
rc=$?
[ "$rc" -eq 0 ] || { echo "FAIL: 2: a record as a hard link: exit $rc"; fail=1; }
victim_intact "2 (hard link)"
[ "$(stat -c %h "$rec")" -eq 1 ] || { echo "FAIL: 2: the hard link was not replaced"; fail=1; }

# 3. evidence/ and memo/ as links to a victim's folder: nothing written or read there.
rm -rf "$work/c/.litlab/evidence" "$work/c/.litlab/memo"
ln -s "$work/victim" "$work/c/.litlab/evidence"
ln -s "$work/victim" "$work/c/.litlab/memo"
check
rc=$?
cat "$work/err"
[ "$rc" -eq 0 ] || { echo "FAIL: 3: exit $rc"; fail=1; }
grep -q "warning: cannot write the evidence cache in '.litlab': it is a symbolic link" "$work/err" || { echo "FAIL: 3: no warning"; fail=1; }
victim_intact 3

# 4. .litlab itself a link (to the victim's folder, or dangling): not used, one warning.
rm -rf "$work/c/.litlab"
ln -s "$work/victim" "$work/c/.litlab"
check
rc=$?
cat "$work/err"
[ "$rc" -eq 0 ] || { echo "FAIL: 4: exit $rc"; fail=1; }
[ "$(grep -c "warning: cannot use the evidence cache '.litlab': it is a symbolic link" "$work/err")" -eq 1 ] || { echo "FAIL: 4: not one warning"; fail=1; }
victim_intact 4
rm "$work/c/.litlab" && ln -s "$work/nowhere" "$work/c/.litlab"
check
[ ! -e "$work/nowhere" ] || { echo "FAIL: 4: a folder was made through a dangling .litlab"; fail=1; }
# Named with LITLAB_CACHE_DIR, a link is taken as named (as a shell would).
rm "$work/c/.litlab" && mkdir "$work/real-cache" && ln -s "$work/real-cache" "$work/c/named"
(cd "$work/c" && LITLAB_CACHE_DIR=named timeout 120 "$LITLAB" check >/dev/null 2>"$work/err") || { cat "$work/err"; echo "FAIL: 4: a named cache"; fail=1; }
[ -d "$work/real-cache/evidence" ] || { echo "FAIL: 4: the named cache was not used"; fail=1; }
exit $fail
