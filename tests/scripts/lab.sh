#!/bin/sh
# litlab lab N: runs a fixture lesson's labs from another folder (--lessons, --labs): all ok
# (exit 0, measurement summary, derived block listed, no colour when piped); an edited file
# that still matches (exit 0, said to be edited); an edited file that fails (exit 1, a diff);
# a program that exits wrongly; an unknown number (exit 2, the labs that exist); a build and a
# run that write into their current folder, in tiers as found, C and D, leave nothing outside the
# lab's temporary folder; a compile error names the lab file at its line; a header beside the
# lab file is found, and named in its errors. Finding 12: an edited file is told from one the
# lesson changed since 'make labs'. Finding 8: links and FIFOs in the lab folder are not read.
set -u
work=$(mktemp -d)
# Tier C's users must cross it to reach a TMPDIR below it (review-2.sh tests one they cannot).
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
fail=0
mkdir "$work/lessons"
cat >"$work/lessons/07-fixture.md" <<'MD'
---
title: Fixture
cflags: -std=c11 -Wall
---
# Fixture

```c id=hello
#include <stdio.h>
int main(void) { puts("hello"); return 0; }
```

```output
hello
```

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

```c id=timed measure warmup=1 samples=3
#include <stdio.h>
#include "litlab.h"
int main(void)
{
    volatile unsigned long s = 0;
    LITLAB_REGION_BEGIN("loop");
    for (unsigned long i = 0; i < 1000; i++)
        s += i;
    LITLAB_REGION_END("loop");
    printf("sum %lu\n", (unsigned long)s);
    return 0;
}
```

```output
sum 499500
```

```c id=sketch compile-only
int f(void) { return 1; }
```

```python derived reason="no python here"
print(1)
```
MD
cp "$work/lessons/07-fixture.md" "$work/lessons/09-other.md"
sed -i 's/^title: Fixture/title: Other/' "$work/lessons/09-other.md"
"$LITLAB" tangle --labs "$work/labs" "$work/lessons" >/dev/null 2>&1 || { echo "FAIL: tangle"; exit 1; }

lab() { "$LITLAB" lab --lessons "$work/lessons" --labs "$work/labs" "$@" >"$work/out" 2>"$work/err"; }

lab 7
rc=$?
cat "$work/out" "$work/err"
[ "$rc" -eq 0 ] || { echo "FAIL: a clean lab exited $rc"; fail=1; }
[ "$(grep -c '^ok$' "$work/out")" -eq 3 ] || { echo "FAIL: expected 3 'ok' lines"; fail=1; }
grep -q '^ok: compiled' "$work/out" || { echo "FAIL: compile-only not reported"; fail=1; }
grep -q '^measured: 3 samples after 1 warmup run$' "$work/out" || { echo "FAIL: no measurement summary"; fail=1; }
grep -q 'whole process (exec to exit): min .*, median .*, max ' "$work/out" || { echo "FAIL: no distribution"; fail=1; }
grep -q 'region loop: min' "$work/out" || { echo "FAIL: no region"; fail=1; }
grep -q '^  compiler: ' "$work/out" && grep -q '^  machine: ' "$work/out" || { echo "FAIL: no metadata"; fail=1; }
grep -q 'python-1 (derived python): not executed: no python here' "$work/out" || { echo "FAIL: derived block not listed"; fail=1; }
grep -q 'lab 07: 4 ok, 0 failed, 1 not executed' "$work/out" || { echo "FAIL: no summary"; fail=1; }
grep -q "$(printf '\033')" "$work/out" && { echo "FAIL: colour when piped"; fail=1; }
grep -q 'edited' "$work/out" && { echo "FAIL: nothing was edited"; fail=1; }

# "lab-07" and "7" name the same lab; a number with leading zeros too.
lab 007 || { echo "FAIL: 'lab 007'"; fail=1; }

# An edit that keeps the output: still ok, and said to be edited.
echo '/* a note of mine */' >>"$work/labs/lab-07/hello.c"
lab 7
rc=$?
[ "$rc" -eq 0 ] || { cat "$work/out"; echo "FAIL: a harmless edit exited $rc"; fail=1; }
grep -q '(edited: hello.c differs from the lesson)' "$work/out" || { cat "$work/out"; echo "FAIL: edit not reported"; fail=1; }

# An edit that changes the output: the edited file is what runs; a diff; exit 1.
sed -i 's/puts("hello")/puts("goodbye")/' "$work/labs/lab-07/hello.c"
lab 7
rc=$?
cat "$work/out"
[ "$rc" -eq 1 ] || { echo "FAIL: a failing lab exited $rc, expected 1"; fail=1; }
grep -q '(edited: hello.c differs from the lesson)' "$work/out" || { echo "FAIL: edit not reported"; fail=1; }
grep -q '^goodbye$' "$work/out" || { echo "FAIL: the edited program's output is not shown"; fail=1; }
grep -q '^FAILED: stdout differs from' "$work/out" || { echo "FAIL: no FAILED line"; fail=1; }
grep -qx -- '-hello' "$work/out" && grep -qx -- '+goodbye' "$work/out" || { echo "FAIL: no diff"; fail=1; }
grep -q 'lab 07: 3 ok, 1 failed' "$work/out" || { echo "FAIL: summary"; fail=1; }

# A program that exits with another status than the lesson's.
printf '#include <stdio.h>\nint main(void) { puts("42"); return 3; }\n' >"$work/labs/lab-07/double.c"
lab 7
grep -q '^FAILED: exited with status 3, the lesson expects 0$' "$work/out" || { cat "$work/out"; echo "FAIL: exit status not reported"; fail=1; }

# An edited stdin file is what the program reads.
"$LITLAB" tangle --force --labs "$work/labs" "$work/lessons" >/dev/null 2>&1
echo 5 >"$work/labs/lab-07/double.stdin"
lab 7
grep -q '(edited: double.stdin differs from the lesson)' "$work/out" && grep -qx '+10' "$work/out" ||
	{ cat "$work/out"; echo "FAIL: edited stdin"; fail=1; }

# Finding 12: 'lab' tells "you edited this file" from "the lesson changed since the labs were
# written". The lesson changes its input and output after 'make labs': the student, who edited
# nothing, is not told they edited anything, and is judged by what the lesson says now (its
# stdin and expected output), not by the stale files.
"$LITLAB" tangle --force --labs "$work/labs" "$work/lessons" >/dev/null 2>&1
cp "$work/lessons/07-fixture.md" "$work/07-orig.md"
sed -i 's/^21$/30/; s/^42$/60/' "$work/lessons/07-fixture.md"
lab 7
rc=$?
cat "$work/out"
[ "$rc" -eq 0 ] || { echo "FAIL: finding 12: a lab older than the lesson exited $rc"; fail=1; }
grep -q '(edited' "$work/out" && { echo "FAIL: finding 12: the student is said to have edited a file"; fail=1; }
grep -q "(older than the lesson, not edited: double.stdin, double.expected; the lesson changed since 'make labs' wrote them" "$work/out" ||
	{ echo "FAIL: finding 12: the stale files are not named as such"; fail=1; }
grep -qx '60' "$work/out" || { echo "FAIL: finding 12: the program did not read the lesson's input"; fail=1; }
# An edit of the student's beside it: theirs is used, and said to be edited.
echo 5 >"$work/labs/lab-07/double.stdin"
lab 7
cat "$work/out"
grep -q '(edited: double.stdin differs from the lesson)' "$work/out" && grep -qx '+10' "$work/out" ||
	{ echo "FAIL: finding 12: an edited stdin beside a stale expected"; fail=1; }
grep -q "FAILED: stdout differs from the lesson's output" "$work/out" || { echo "FAIL: finding 12: not judged by the lesson's output"; fail=1; }
# Without a record of what tangle wrote (labs from before the manifests): said to differ, used as is.
rm "$work/labs/lab-07/.litlab-manifest"
lab 7
grep -q '(differ from the lesson: double.stdin, double.expected; no record says' "$work/out" || { cat "$work/out"; echo "FAIL: no record"; fail=1; }
cp "$work/07-orig.md" "$work/lessons/07-fixture.md"
"$LITLAB" tangle --force --labs "$work/labs" "$work/lessons" >/dev/null 2>&1

# Finding 8: 'lab' reads lab files without following links, only regular files: a header, a
# source, a stdin file planted as links to a file the student cannot read, a FIFO as the
# expected output, a dangling link; the lab folder itself and labs/ as links.
mkdir -m 700 "$work/rootonly"
echo "root-only secret 42" >"$work/rootonly/secret"
chmod 600 "$work/rootonly/secret"
# The security review's program: it prints notes.h (staged beside it) and what it reads.
mkdir "$work/l8"
cat >"$work/l8/14-show.md" <<'MD'
# Show

```c id=show
#include <stdio.h>
int main(void)
{
    char line[256];
    FILE *f = fopen("notes.h", "r");
    while (f && fgets(line, sizeof line, f))
        fputs(line, stdout);
    while (fgets(line, sizeof line, stdin))
        fputs(line, stdout);
    puts("done");
    return 0;
}
```

```stdin
```

```output
done
```
MD
"$LITLAB" tangle --labs "$work/l8labs" "$work/l8" >/dev/null 2>&1 || { echo "FAIL: tangle l8"; fail=1; }
ln -s "$work/rootonly/secret" "$work/l8labs/lab-14/notes.h"
"$LITLAB" lab --lessons "$work/l8" --labs "$work/l8labs" 14 >"$work/out" 2>&1
rc=$?
cat "$work/out"
[ "$rc" -eq 0 ] || { echo "FAIL: finding 8: the program without its header exited $rc"; fail=1; }
grep -q "secret" "$work/out" && { echo "FAIL: finding 8: a root-only file reached the program through a header link"; fail=1; }
rm "$work/l8labs/lab-14/show.stdin" && ln -s "$work/rootonly/secret" "$work/l8labs/lab-14/show.stdin"
"$LITLAB" lab --lessons "$work/l8" --labs "$work/l8labs" 14 >"$work/out" 2>&1
rc=$?
cat "$work/out"
[ "$rc" -eq 1 ] || { echo "FAIL: finding 8: a stdin link: exit $rc, expected 1"; fail=1; }
grep -q "secret" "$work/out" && { echo "FAIL: finding 8: a root-only file reached the program as its stdin"; fail=1; }
ln -s "$work/rootonly/secret" "$work/labs/lab-07/notes.h"
lab 7
cat "$work/out"
grep -q "secret" "$work/out" && { echo "FAIL: finding 8: the linked header was read"; fail=1; }
grep -q "(not staged: '$work/labs/lab-07/notes.h': it is a symbolic link" "$work/out" || { echo "FAIL: finding 8: the linked header is not named"; fail=1; }
cp "$work/labs/lab-07/double.stdin" "$work/double.stdin"
rm "$work/labs/lab-07/double.stdin" && ln -s "$work/rootonly/secret" "$work/labs/lab-07/double.stdin"
rm "$work/labs/lab-07/hello.expected" && mkfifo "$work/labs/lab-07/hello.expected"
rm "$work/labs/lab-07/hello.c" && ln -s "$work/nowhere.c" "$work/labs/lab-07/hello.c"
timeout 120 "$LITLAB" lab --lessons "$work/lessons" --labs "$work/labs" 7 >"$work/out" 2>"$work/err"
rc=$?
cat "$work/out" "$work/err"
[ "$rc" -eq 1 ] || { echo "FAIL: finding 8: links and a FIFO in the lab: exit $rc, expected 1"; fail=1; }
grep -q "secret" "$work/out" && { echo "FAIL: finding 8: a root-only file reached the program"; fail=1; }
grep -q "FAILED: cannot read '$work/labs/lab-07/double.stdin': it is a symbolic link" "$work/out" || { echo "FAIL: finding 8: the stdin link"; fail=1; }
grep -q "FAILED: cannot read '$work/labs/lab-07/hello.c': it is a symbolic link" "$work/out" || { echo "FAIL: finding 8: the dangling source link"; fail=1; }
"$LITLAB" tangle --force --labs "$work/labs" "$work/lessons" >/dev/null 2>&1
mkfifo "$work/labs/lab-07/fifo.h"
rm "$work/labs/lab-07/hello.expected" && mkfifo "$work/labs/lab-07/hello.expected"
timeout 120 "$LITLAB" lab --lessons "$work/lessons" --labs "$work/labs" 7 >"$work/out" 2>"$work/err"
rc=$?
[ "$rc" -eq 1 ] && grep -q "FAILED: cannot read '$work/labs/lab-07/hello.expected': it is not a regular file" "$work/out" ||
	{ cat "$work/out"; echo "FAIL: finding 8: a FIFO as the expected output (exit $rc)"; fail=1; }
"$LITLAB" tangle --force --labs "$work/labs" "$work/lessons" >/dev/null 2>&1
mv "$work/labs/lab-07" "$work/lab-07-real" && ln -s "$work/lab-07-real" "$work/labs/lab-07"
lab 7
[ $? -eq 2 ] && grep -q "cannot open the lab folder '$work/labs/lab-07': it is a symbolic link" "$work/err" || { cat "$work/out" "$work/err"; echo "FAIL: finding 8: the lab folder as a link"; fail=1; }
rm "$work/labs/lab-07" && mv "$work/lab-07-real" "$work/labs/lab-07"
mkdir "$work/course" && cp -r "$work/lessons" "$work/course/lessons" && ln -s "$work/labs" "$work/course/labs"
(cd "$work/course" && "$LITLAB" lab 7 >"$work/out" 2>"$work/err")
[ $? -eq 2 ] && grep -q "'labs' is a symbolic link" "$work/err" || { cat "$work/err"; echo "FAIL: finding 8: labs/ as a link"; fail=1; }
(cd "$work/course" && "$LITLAB" lab --labs labs 7 >"$work/out" 2>"$work/err") || { cat "$work/out" "$work/err"; echo "FAIL: --labs names the link"; fail=1; }

# A missing lab file is a failure that says what to do.
rm "$work/labs/lab-07/hello.c"
lab 7
[ $? -eq 1 ] && grep -q "hello.c' is missing: run 'make labs'" "$work/out" || { cat "$work/out"; echo "FAIL: missing file"; fail=1; }

# Unknown numbers.
lab 42
rc=$?
[ "$rc" -eq 2 ] || { echo "FAIL: unknown lab exited $rc, expected 2"; fail=1; }
grep -qx 'litlab: no lab 42; labs: 07, 09' "$work/err" || { cat "$work/err"; echo "FAIL: unknown lab message"; fail=1; }
lab x
[ $? -eq 2 ] || { echo "FAIL: 'lab x' is not a usage error"; fail=1; }
rm -r "$work/labs/lab-09"
lab 9
[ $? -eq 2 ] && grep -q "no folder '.*lab-09' for lesson 9: run 'make labs'" "$work/err" || { cat "$work/err"; echo "FAIL: lesson without lab folder"; fail=1; }

# The build and the run happen in the lab's own temporary folder, in every tier: a program that
# writes into its current folder, built with -save-temps=cwd (the compiler writes there too),
# succeeds and leaves nothing in the lesson's folder, the lab folder or the caller's folder,
# whether that is inside the temporary root (TMPDIR unset: /tmp) or outside it.
mkdir "$work/wl" "$work/caller" "$work/tmp"
cat >"$work/wl/05-writes.md" <<'MD'
# Writes

```c id=writer cflags="-save-temps=cwd"
#include <stdio.h>
int main(void)
{
    FILE *f = fopen("written.txt", "w");
    if (!f || fputs("x\n", f) == EOF || fclose(f) != 0) {
        perror("written.txt");
        return 1;
    }
    puts("wrote written.txt");
    return 0;
}
```

```output
wrote written.txt
```
MD
"$LITLAB" tangle --labs "$work/wlabs" "$work/wl" >/dev/null 2>&1 || { echo "FAIL: tangle writes"; exit 1; }
ls -A "$work/wl" "$work/wlabs/lab-05" >"$work/before"
for tier in "" C D; do
	for tmp in "" "$work/tmp"; do
		what="tier ${tier:-as found}, TMPDIR ${tmp:-unset}"
		(cd "$work/caller" && LITLAB_ISOLATION=$tier TMPDIR=$tmp \
			"$LITLAB" lab --lessons ../wl --labs ../wlabs 5 >"$work/out" 2>&1)
		rc=$?
		[ "$rc" -eq 0 ] && grep -qx 'ok' "$work/out" || { cat "$work/out"; echo "FAIL: $what: a lab that writes into its folder exited $rc"; fail=1; }
		[ -z "$(ls -A "$work/caller")" ] || { echo "FAIL: $what: left in the caller's folder: $(ls -A "$work/caller")"; fail=1; }
		ls -A "$work/wl" "$work/wlabs/lab-05" | cmp -s - "$work/before" || { echo "FAIL: $what: the lesson's or the lab's folder changed"; fail=1; }
		[ -z "$(ls -A "$work/tmp")" ] || { echo "FAIL: $what: left in the temporary root: $(ls -A "$work/tmp")"; fail=1; }
		rm -rf "$work/caller"/* "$work/tmp"/*
	done
done

# A compile error points at the lab file the student edits, at its line.
sed -i 's/return 0;/return 0/' "$work/wlabs/lab-05/writer.c"
line=$(grep -n 'return 0$' "$work/wlabs/lab-05/writer.c" | cut -d: -f1)
(cd "$work/caller" && "$LITLAB" lab --lessons ../wl --labs ../wlabs 5 >"$work/out" 2>&1)
[ $? -eq 1 ] && grep -q "^\\.\\./wlabs/lab-05/writer\\.c:$line:[0-9]*: error: " "$work/out" &&
	grep -q '^FAILED: it does not compile$' "$work/out" || { cat "$work/out"; echo "FAIL: the compile error does not name the lab file"; fail=1; }

# A header the student adds beside the lab file is found, and its messages name it.
"$LITLAB" tangle --force --labs "$work/wlabs" "$work/wl" >/dev/null 2>&1
printf '#define WHAT "written.txt"\n' >"$work/wlabs/lab-05/what.h"
sed -i 's/#include <stdio.h>/#include <stdio.h>\n#include "what.h"/; s/fopen("written.txt"/fopen(WHAT/' "$work/wlabs/lab-05/writer.c"
(cd "$work/caller" && "$LITLAB" lab --lessons ../wl --labs ../wlabs 5 >"$work/out" 2>&1) &&
	grep -qx 'ok' "$work/out" || { cat "$work/out"; echo "FAIL: a header beside the lab file"; fail=1; }
printf '#define WHAT "written.txt"\nint oops = ;\n' >"$work/wlabs/lab-05/what.h"
(cd "$work/caller" && "$LITLAB" lab --lessons ../wl --labs ../wlabs 5 >"$work/out" 2>&1)
grep -q '^\.\./wlabs/lab-05/what\.h:2:[0-9]*: error: ' "$work/out" || { cat "$work/out"; echo "FAIL: an error in the header does not name it"; fail=1; }
exit $fail
