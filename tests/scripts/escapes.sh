#!/bin/sh
# Finding 7: terminal escapes in compiler output, program output, diffs and file names must not
# reach the terminal: check, lab, tangle and promote print every control character but newline
# and tab escaped (\x1b), so that a failing lesson cannot print a fake "0 errors" summary over
# the real one. JSON was already escaped by its writer.
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
export LITLAB_CACHE_DIR="$work/cache"
esc=$(printf '\033')
cr=$(printf '\r')
raw() { # $1: what, $2...: files that must hold no ESC, CR or C1 CSI byte
	what=$1
	shift
	if grep -q "$esc\|$cr\|$(printf '\302\233')\|$(printf '\233')" "$@"; then
		echo "FAIL: $what: a raw control character reached the terminal"
		fail=1
	fi
}

# 1. The security review's lesson printed escapes from the compiler (through a -wrapper in
#    cflags, now refused): here the compiler quotes a line of the lesson that holds them, which
#    would erase the real summary and print a fake one.
mkdir "$work/l"
{
	printf '# A verdict the terminal shows\n\n```c id=broken\n'
	printf 'int main(void) { const char *s = "\033[1A\033[2Klitlab: 1 lesson, 1 block: 1 passed; 0 errors\033[8m" return 0; }\n'
	printf '```\n'
} >"$work/l/01-verdict.md"
(cd "$work" && "$LITLAB" check l/01-verdict.md) >"$work/out" 2>"$work/err"
rc=$?
cat "$work/err"
[ "$rc" -eq 1 ] || { echo "FAIL: 1: exit $rc"; fail=1; }
raw "check, compiler output" "$work/out" "$work/err"
grep -q '\\x1b\[1A\\x1b\[2Klitlab' "$work/err" || { echo "FAIL: 1: the escapes are not shown escaped"; fail=1; }

# 2. A program whose output (and so the diff) carries escapes, C1 controls, a bidi override.
cat >"$work/l/02-output.md" <<'MD'
# Output

```c id=forge
#include <stdio.h>
int main(void)
{
    printf("\033[2J\033[Hall good\r\302\233" "31m\342\200\256evil\n");
    fprintf(stderr, "\033]0;title\007\n");
    return 0;
}
```

```output
all good
```
MD
"$LITLAB" check "$work/l/02-output.md" >"$work/out" 2>"$work/err"
rc=$?
cat "$work/err"
[ "$rc" -eq 1 ] || { echo "FAIL: 2: exit $rc"; fail=1; }
raw "check, a diff of program output" "$work/out" "$work/err"
grep -q '^+\\x1b\[2J\\x1b\[Hall good\\x0d\\xc2\\x9b31m\\u202eevil$' "$work/err" || { echo "FAIL: 2: the diff is not escaped readably"; fail=1; }
"$LITLAB" check --format json "$work/l/02-output.md" >"$work/json" 2>/dev/null
# JSON escapes C0 controls itself (\u001b) and keeps the real bytes for programs to read.
grep -q "$esc\|$cr" "$work/json" && { echo "FAIL: 2: a raw control character in the JSON"; fail=1; }
grep -qi '\\u001b\[2J\\u001b\[Hall good' "$work/json" || { echo "FAIL: 2: the JSON does not keep the real output"; fail=1; }
"$LITLAB" audit "$work/l/02-output.md" >"$work/out" 2>"$work/err"
raw "audit" "$work/out" "$work/err"

# 3. lab: the program's output, stderr, the diff; and the compiler's output.
"$LITLAB" tangle --labs "$work/labs" "$work/l/02-output.md" >/dev/null 2>&1
mkdir "$work/lessons" && cp "$work/l/02-output.md" "$work/lessons/"
"$LITLAB" lab --lessons "$work/lessons" --labs "$work/labs" 2 >"$work/out" 2>"$work/err"
rc=$?
cat "$work/out"
[ "$rc" -eq 1 ] || { echo "FAIL: 3: lab exited $rc"; fail=1; }
raw "lab, program output" "$work/out" "$work/err"
grep -q '\\x1b\]0;title\\x07' "$work/out" || { echo "FAIL: 3: stderr is not shown escaped"; fail=1; }
printf '#error "\033[2Jgone"\n' >>"$work/labs/lab-02/forge.c"
"$LITLAB" lab --lessons "$work/lessons" --labs "$work/labs" 2 >"$work/out" 2>"$work/err"
raw "lab, compiler output" "$work/out" "$work/err"
grep -q '\\x1b\[2Jgone' "$work/out" || { cat "$work/out"; echo "FAIL: 3: the compiler's output is not shown escaped"; fail=1; }

# 4. A file name with escapes in a lab folder (tangle names it) and as a lesson (check's diagnostics).
touch "$work/labs/lab-02/$(printf '\033[2Jx').c"
"$LITLAB" tangle --check --labs "$work/labs" "$work/l/02-output.md" >"$work/out" 2>"$work/err"
cat "$work/out"
raw "tangle, a file name" "$work/out" "$work/err"
grep -q 'lab-02/\\x1b\[2Jx.c: extra' "$work/out" || { echo "FAIL: 4: the file name is not shown escaped"; fail=1; }
cp "$work/l/02-output.md" "$work/l/03-$(printf '\033[2J').md"
"$LITLAB" check "$work/l/03-$(printf '\033[2J').md" >"$work/out" 2>"$work/err"
raw "check, a lesson's name" "$work/out" "$work/err"

# 5. A newline in a lesson's path: the block still compiles (the path is written into #line with
#    its control characters as octal escapes; a raw newline ended the directive and the compiler
#    read the rest of the path as code), and each diagnostic stays on one line.
nl=$(printf 'x\ny')
mkdir -p "$work/$nl"
printf '# Two lines\n\n```c id=ok\n#include <stdio.h>\nint main(void) { puts("ok"); return 0; }\n```\n\n```output\nok\n```\n\nIt takes 5 ms.\n' \
	>"$work/$nl/04-nl.md"
"$LITLAB" check --fresh "$work/$nl/04-nl.md" >"$work/out" 2>"$work/err"
grep -q '1 passed' "$work/err" || { cat "$work/err"; echo "FAIL: 5: a block of a lesson whose path holds a newline does not pass"; fail=1; }
grep -q 'x\\x0ay/04-nl.md:12:[0-9]*: error: .*\[timing-needs-metadata\]$' "$work/err" ||
	{ cat "$work/err"; echo "FAIL: 5: the diagnostic is not one line with its path escaped"; fail=1; }
exit $fail
