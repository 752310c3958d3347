#!/bin/sh
# litlab tangle: the same lessons give the same bytes, and --check names each drifted,
# missing and extra file (exit 1) and writes nothing; tangle keeps what it did not write or
# what was edited since (finding 12), --force replaces it; links, FIFOs and hard links planted
# in labs/ are never followed (finding 2). Then the project's own labs/ must be in sync with
# lessons/ (what 'make labs' would write).
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
mkdir "$work/lessons"
cp ../shared/examples/90-contract-basics.md "$work/lessons/" 2>/dev/null ||
	cp lessons/15-*.md "$work/lessons/"
cat >"$work/lessons/07-fixture.md" <<'MD'
---
title: Fixture
cflags: -std=c11
---
# Fixture

Doubles what it reads.

```c id=double
#include <stdio.h>
int main(void) { int x; return scanf("%d", &x) == 1 && printf("%d\n", 2 * x) > 0 ? 0 : 1; }
```

```stdin
21
```

```output
42
```
MD

"$LITLAB" tangle --labs "$work/a" "$work/lessons" >"$work/out1" 2>&1 || { cat "$work/out1"; echo "FAIL: first tangle"; fail=1; }
"$LITLAB" tangle --labs "$work/b" "$work/lessons" >/dev/null 2>&1 || { echo "FAIL: second tangle"; fail=1; }
diff -r "$work/a" "$work/b" || { echo "FAIL: two tangles differ"; fail=1; }
for f in README.md include/litlab.h lab-07/README.md lab-07/double.c lab-07/double.stdin lab-07/double.expected; do
	[ -f "$work/a/$f" ] || { echo "FAIL: no $f"; fail=1; }
done
grep -q '#line' "$work/a/lab-07/double.c" && { echo "FAIL: #line in a lab file"; fail=1; }
cmp -s engine/include/litlab.h "$work/a/include/litlab.h" || { echo "FAIL: include/litlab.h is not the engine's header"; fail=1; }
# Tangling again changes nothing and says so.
"$LITLAB" tangle --labs "$work/a" "$work/lessons" >"$work/out" 2>&1
grep -q "in sync" "$work/out" || { cat "$work/out"; echo "FAIL: a second tangle wrote something"; fail=1; }

"$LITLAB" tangle --check --labs "$work/a" "$work/lessons" >"$work/out" 2>&1
rc=$?
[ "$rc" -eq 0 ] || { cat "$work/out"; echo "FAIL: --check on fresh labs exited $rc"; fail=1; }

# Drift: an edited file, a deleted one, an extra one.
echo '/* my change */' >>"$work/a/lab-07/double.c"
rm "$work/a/lab-07/double.stdin"
echo 'stale' >"$work/a/lab-07/old.c"
cp -r "$work/a" "$work/before"
"$LITLAB" tangle --check --labs "$work/a" "$work/lessons" >"$work/out" 2>"$work/err"
rc=$?
cat "$work/out" "$work/err"
[ "$rc" -eq 1 ] || { echo "FAIL: --check after drift exited $rc, expected 1"; fail=1; }
grep -qx "$work/a/lab-07/double.c: differs from the lesson (edited since tangle wrote it)" "$work/out" || { echo "FAIL: edited file not named"; fail=1; }
grep -qx "$work/a/lab-07/double.stdin: missing (the lesson has it)" "$work/out" || { echo "FAIL: missing file not named"; fail=1; }
grep -qx "$work/a/lab-07/old.c: extra (no lesson produces it; not written by tangle)" "$work/out" || { echo "FAIL: extra file not named"; fail=1; }
[ "$(wc -l <"$work/out")" -eq 3 ] || { echo "FAIL: --check named other files"; fail=1; }
diff -r "$work/before" "$work/a" || { echo "FAIL: --check wrote something"; fail=1; }
# tangle writes the missing file, keeps the edited one and the one it did not write (exit 1)...
"$LITLAB" tangle --labs "$work/a" "$work/lessons" >"$work/out" 2>"$work/err"
rc=$?
cat "$work/out" "$work/err"
[ "$rc" -eq 1 ] || { echo "FAIL: tangle keeping files exited $rc, expected 1"; fail=1; }
grep -qx "wrote $work/a/lab-07/double.stdin" "$work/out" || { echo "FAIL: the missing file was not written"; fail=1; }
grep -q "^kept $work/a/lab-07/double.c: edited since tangle wrote it" "$work/out" || { echo "FAIL: the edited file was not kept"; fail=1; }
grep -q "^kept $work/a/lab-07/old.c: not written by tangle" "$work/out" || { echo "FAIL: the student's file was not kept"; fail=1; }
grep -q "kept 2 files in '$work/a' .*'litlab tangle --force' replaces them" "$work/err" || { echo "FAIL: no summary of what was kept"; fail=1; }
cmp -s "$work/before/lab-07/double.c" "$work/a/lab-07/double.c" || { echo "FAIL: the edit was lost"; fail=1; }
# ... and --force puts it right.
"$LITLAB" tangle --force --labs "$work/a" "$work/lessons" >/dev/null 2>&1 || { echo "FAIL: tangle --force"; fail=1; }
diff -r "$work/a" "$work/b" || { echo "FAIL: tangle --force did not restore the labs"; fail=1; }

# Finding 12: a student's edit survives 'make labs' after the lesson changed; a file no one
# touched follows the lesson. labs/ is the default folder here (tangle in the course's folder).
mkdir "$work/course"
cp -r "$work/lessons" "$work/course/lessons"
(cd "$work/course" && "$LITLAB" tangle >/dev/null 2>&1) || { echo "FAIL: tangle in the course"; fail=1; }
echo '/* the student was here */' >>"$work/course/labs/lab-07/double.c"
cp "$work/course/labs/lab-07/double.c" "$work/student.c"
sed -i 's/^42$/84/; s/2 \* x/4 * x/' "$work/course/lessons/07-fixture.md"
(cd "$work/course" && "$LITLAB" tangle >"$work/out" 2>"$work/err")
rc=$?
cat "$work/out" "$work/err"
[ "$rc" -eq 1 ] || { echo "FAIL: finding 12: exit $rc, expected 1"; fail=1; }
cmp -s "$work/student.c" "$work/course/labs/lab-07/double.c" || { echo "FAIL: finding 12: the student's edit was overwritten"; fail=1; }
grep -q "^kept labs/lab-07/double.c: edited since tangle wrote it, and the lesson gives other bytes" "$work/out" || { echo "FAIL: finding 12: the kept file is not named"; fail=1; }
grep -qx "wrote labs/lab-07/double.expected" "$work/out" || { echo "FAIL: finding 12: the untouched file does not follow the lesson"; fail=1; }
grep -qx 84 "$work/course/labs/lab-07/double.expected" || { echo "FAIL: finding 12: double.expected is stale"; fail=1; }
(cd "$work/course/labs/lab-07" && sha256sum -c --quiet .litlab-manifest >"$work/out" 2>&1)
grep -q "double.c: FAILED" "$work/out" || { cat "$work/out"; echo "FAIL: the manifest is not sha256sum's, or does not record what tangle wrote"; fail=1; }

# Finding 2: a lab folder planted as a link (to a folder, dangling), a FIFO and links as lab
# files, a link planted between two runs, labs/ itself a link: nothing outside is touched.
mkdir "$work/victim" "$work/evil"
echo "important 1" >"$work/victim/notes.txt"
echo "important 2" >"$work/victim/thesis.tex"
cp -r "$work/lessons" "$work/evil/lessons"
mkdir "$work/evil/labs"
ln -s "$work/victim" "$work/evil/labs/lab-99"
ln -s "$work/nowhere" "$work/evil/labs/lab-98"
(cd "$work/evil" && "$LITLAB" tangle >"$work/out" 2>&1)
rc=$?
cat "$work/out"
[ "$rc" -eq 1 ] || { echo "FAIL: finding 2: exit $rc, expected 1 (links kept)"; fail=1; }
[ "$(ls "$work/victim" | tr '\n' ' ')" = "notes.txt thesis.tex " ] || { ls -la "$work/victim"; echo "FAIL: finding 2: the victim's folder changed"; fail=1; }
grep -q "^kept labs/lab-99: not a folder" "$work/out" || { echo "FAIL: finding 2: the link is not named"; fail=1; }
ln -s "$work/victim/thesis.tex" "$work/evil/labs/lab-07/notes.h"
rm "$work/evil/labs/lab-07/double.expected" && mkfifo "$work/evil/labs/lab-07/double.expected"
rm "$work/evil/labs/lab-07/double.c" && ln -s "$work/victim/notes.txt" "$work/evil/labs/lab-07/double.c"
(cd "$work/evil" && timeout 60 "$LITLAB" tangle --check >"$work/out" 2>&1)
rc=$?
cat "$work/out"
[ "$rc" -eq 1 ] || { echo "FAIL: finding 2: --check with a FIFO and links exited $rc"; fail=1; }
grep -qx "labs/lab-07/double.expected: differs from the lesson (not a regular file.*)" "$work/out" || { echo "FAIL: the FIFO is not named"; fail=1; }
(cd "$work/evil" && timeout 60 "$LITLAB" tangle --force >"$work/out" 2>&1) || { cat "$work/out"; echo "FAIL: finding 2: tangle --force"; fail=1; }
[ "$(cat "$work/victim/notes.txt" "$work/victim/thesis.tex" | tr '\n' ' ')" = "important 1 important 2 " ] ||
	{ echo "FAIL: finding 2: a victim's file was written through a link"; fail=1; }
[ -L "$work/evil/labs/lab-99" ] || [ -e "$work/evil/labs/lab-99" ] && { echo "FAIL: --force left the planted link"; fail=1; }
[ -f "$work/victim/notes.txt" ] && [ -f "$work/victim/thesis.tex" ] || { echo "FAIL: finding 2: --force removed a victim's file"; fail=1; }
mv "$work/evil/labs" "$work/evil/real-labs" && ln -s "$work/victim" "$work/evil/labs"
(cd "$work/evil" && "$LITLAB" tangle --force >"$work/out" 2>&1)
rc=$?
cat "$work/out"
[ "$rc" -eq 2 ] || { echo "FAIL: labs/ as a link: exit $rc, expected 2"; fail=1; }
grep -q "'labs' is a symbolic link" "$work/out" || { echo "FAIL: labs/ as a link is not named"; fail=1; }
[ "$(ls "$work/victim" | tr '\n' ' ')" = "notes.txt thesis.tex " ] || { echo "FAIL: labs/ as a link: the victim's folder changed"; fail=1; }

# A lesson tangle refuses (it has errors) writes nothing: no labs folder, no include/ in it.
mkdir "$work/bad"
printf '# Bad\n\n```c id=x cflags=\n```\n' >"$work/bad/08-bad.md"
"$LITLAB" tangle --labs "$work/c" "$work/bad/08-bad.md" >"$work/out" 2>&1
rc=$?
[ "$rc" -eq 1 ] || { cat "$work/out"; echo "FAIL: tangling a lesson with errors exited $rc, expected 1"; fail=1; }
grep -q "not tangled" "$work/out" || { cat "$work/out"; echo "FAIL: the refused lesson is not named"; fail=1; }
[ -e "$work/c" ] && { ls -R "$work/c"; echo "FAIL: a refused lesson made the labs folder"; fail=1; }

# A usage error is 2.
"$LITLAB" tangle --bogus >/dev/null 2>&1
[ $? -eq 2 ] || { echo "FAIL: unknown option is not exit 2"; fail=1; }

# The project's own labs/ are what the lessons give.
if [ -d lessons ]; then
	"$LITLAB" tangle --check >"$work/out" 2>&1 || { cat "$work/out"; echo "FAIL: labs/ is out of sync with lessons/: run 'make labs'"; fail=1; }
fi
exit $fail
