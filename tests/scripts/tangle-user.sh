#!/bin/sh
# tangle and lab as a new author or student meets them (user review):
# 1. a lesson that cannot be tangled (an unclosed fence, a number another lesson has) stops no
#    other lesson; a duplicate number names both files with their lines and which was tangled;
# 2. without --labs the labs go beside the lessons folder, wherever tangle runs from, and lab
#    finds them there; lab run elsewhere hints at --lessons and --labs;
# 3. tangle --check says what to do for each kind of difference; a program built by hand as
#    the lab README says is ignored (and listed in the lab's .gitignore).
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
LITLAB_CACHE_DIR=$work/cache
export LITLAB_CACHE_DIR NO_COLOR=1

# 1a. An unclosed fence in the first lesson: the second and third are still tangled.
mkdir -p "$work/a/lessons" && cd "$work/a" || exit 1
printf '# One\n\n```c id=a\nint main(void) { return 0; }\n' >lessons/01-one.md
printf '# Two\n\n```c id=b\nint main(void) { return 0; }\n```\n' >lessons/02-two.md
printf '# Three\n\n```c id=c\nint main(void) { return 0; }\n```\n' >lessons/03-three.md
"$LITLAB" tangle >"$work/out" 2>"$work/err"
rc=$?
[ $rc -eq 1 ] || { cat "$work/out" "$work/err"; echo "FAIL: 1a: tangle with a broken lesson exited $rc, not 1"; fail=1; }
[ -f labs/lab-02/b.c ] && [ -f labs/lab-03/c.c ] || { cat "$work/out" "$work/err"; echo "FAIL: 1a: the lessons after a broken one were not tangled"; fail=1; }
[ -e labs/lab-01 ] && { echo "FAIL: 1a: the broken lesson was tangled"; fail=1; }
grep -q "lessons/01-one.md:3:1: error: .*\[unclosed-fence\]" "$work/err" && grep -q "1 of 3 lessons not tangled" "$work/err" ||
	{ cat "$work/err"; echo "FAIL: 1a: the broken lesson is not named"; fail=1; }

# 1b. Two lessons numbered 8: both named with the line that numbers them; the first is tangled.
mkdir -p "$work/b/lessons" && cd "$work/b" || exit 1
printf -- '---\nlesson: 8\n---\n# Seven\n\n```c id=x\nint main(void) { return 0; }\n```\n' >lessons/07-seven.md
printf '# Eight\n\n```c id=y\nint main(void) { return 0; }\n```\n' >lessons/08-eight.md
printf '# Nine\n\n```c id=z\nint main(void) { return 0; }\n```\n' >lessons/09-nine.md
"$LITLAB" tangle >"$work/out" 2>"$work/err"
[ $? -eq 1 ] || { cat "$work/err"; echo "FAIL: 1b: duplicate numbers did not exit 1"; fail=1; }
grep -qF "'lessons/07-seven.md:2' and 'lessons/08-eight.md:1' are both lesson 8" "$work/err" &&
	grep -qF "'lessons/07-seven.md' was tangled into 'labs/lab-08', 'lessons/08-eight.md' was not" "$work/err" ||
	{ cat "$work/err"; echo "FAIL: 1b: the duplicate message"; fail=1; }
[ -f labs/lab-08/x.c ] && [ ! -e labs/lab-08/y.c ] && [ -f labs/lab-09/z.c ] ||
	{ ls -R labs; echo "FAIL: 1b: lab-08 is not lesson 07-seven's, or lesson 9 was not tangled"; fail=1; }

# 2. From another folder: labs/ beside the lessons folder, nothing in the current folder.
mkdir -p "$work/c/course/lessons" "$work/c/else" && cd "$work/c/else" || exit 1
cat >../course/lessons/01-hello.md <<'LESSON'
# Hello

```c id=hello
#include <stdio.h>
int main(void) { puts("hi"); return 0; }
```

```output
hi
```

```c id=sizes compile-only
int f(void) { return 1; }
```
LESSON
"$LITLAB" tangle ../course/lessons >"$work/out" 2>"$work/err" || { cat "$work/out" "$work/err"; echo "FAIL: 2: tangle ../course/lessons"; fail=1; }
[ -f ../course/labs/lab-01/hello.c ] || { echo "FAIL: 2: the labs are not beside the lessons folder"; fail=1; }
[ -z "$(ls -A .)" ] || { ls -A; echo "FAIL: 2: tangle wrote into the current folder"; fail=1; }
grep -q '^wrote \.\./course/labs/lab-01/hello.c$' "$work/out" || { cat "$work/out"; echo "FAIL: 2: the paths shown"; fail=1; }
(cd ../course/lessons && "$LITLAB" tangle --check 01-hello.md >/dev/null 2>"$work/err2") ||
	{ cat "$work/err2"; echo "FAIL: 2: tangle in the lessons folder does not find the labs beside it"; fail=1; }
"$LITLAB" lab 1 >"$work/out" 2>"$work/err"
[ $? -eq 2 ] && grep -q -- "--lessons DIR" "$work/err" && grep -q -- "--labs DIR" "$work/err" ||
	{ cat "$work/err"; echo "FAIL: 2: lab from elsewhere does not hint at --lessons and --labs"; fail=1; }
"$LITLAB" tangle >"$work/out" 2>"$work/err"
[ $? -eq 2 ] && grep -q -- "--labs DIR" "$work/err" || { cat "$work/err"; echo "FAIL: 2: tangle from elsewhere gives no hint"; fail=1; }
"$LITLAB" lab --lessons ../course/lessons 1 >"$work/out" 2>"$work/err" || { cat "$work/out" "$work/err"; echo "FAIL: 2: lab --lessons finds no labs beside it"; fail=1; }
[ -z "$(ls -A .)" ] || { ls -A; echo "FAIL: 2: lab wrote into the current folder"; fail=1; }

# 3. A program built by hand, as the README says: ignored by tangle and listed in .gitignore.
cd "$work/c/course" || exit 1
grep -qx '/hello' labs/lab-01/.gitignore && grep -qx '/sizes.o' labs/lab-01/.gitignore ||
	{ cat labs/lab-01/.gitignore; echo "FAIL: 3: .gitignore does not list what the by-hand commands build"; fail=1; }
(cd labs/lab-01 && cc -I ../include -o hello hello.c && cc -I ../include -c sizes.c) || { echo "FAIL: 3: by hand"; fail=1; }
"$LITLAB" tangle --check >"$work/out" 2>"$work/err" || { cat "$work/out" "$work/err"; echo "FAIL: 3: a program built by hand makes tangle --check fail"; fail=1; }
"$LITLAB" tangle --force >"$work/out" 2>"$work/err"
[ -f labs/lab-01/hello ] && [ -f labs/lab-01/sizes.o ] || { echo "FAIL: 3: --force removed a program built by hand"; fail=1; }

# 3b. Each kind of difference gets its own advice.
echo '/* mine */' >>labs/lab-01/hello.c
echo notes >labs/lab-01/notes.txt
sed -i 's/return 1;/return 2;/' lessons/01-hello.md
"$LITLAB" tangle --check >"$work/out" 2>"$work/err"
[ $? -eq 1 ] || { echo "FAIL: 3b: --check with differences did not exit 1"; fail=1; }
grep -q "differ.* from what the lessons give (above): 'make labs' (litlab tangle) writes" "$work/err" ||
	{ cat "$work/err"; echo "FAIL: 3b: no 'make labs' for what the lesson changed"; fail=1; }
grep -q "1 file in 'labs' was edited since tangle wrote it (a student's work): 'make labs' keeps it" "$work/err" &&
	grep -q "'litlab tangle --force' replaces it with the lesson's" "$work/err" ||
	{ cat "$work/err"; echo "FAIL: 3b: no advice for an edited file"; fail=1; }
grep -q "1 file in 'labs' was not written by tangle .*'make labs' keeps it; remove it" "$work/err" ||
	{ cat "$work/err"; echo "FAIL: 3b: no advice for a file tangle did not write"; fail=1; }

[ $fail -eq 0 ] && echo "tangle-user: ok"
exit $fail
