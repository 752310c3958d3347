#!/bin/sh
# What check says, from a new author's review: each case once said nothing, or too little.
#   - two lessons with one number: an error naming both; 'lesson:' against the file name: a warning;
#   - a compiled block's compiler warnings: at the lesson line, from cached evidence too, said once
#     for code two blocks use, suppressible;
#   - an output block that belongs to nothing: an error with --no-rules too, and once without;
#   - --rules DIR that is not a folder: a usage error in check, build, audit and rules; 'litlab
#     rules PATH' reads the lesson folder's rules/ as check does;
#   - files a folder holds that look like lessons: a note each; the JSON stays the same;
#   - a lesson too large to read, or for the rules' memory: the limit, the lesson, what to do;
#   - CC naming a missing file; a near-miss measure reference to no measure block; an empty lesson.
set -u
LITLAB=${LITLAB:-build/litlab}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
# has FILE TEXT: the file holds the text (a fixed string)
has() { grep -qF -- "$2" "$1"; }

# 1. Lesson numbers.
mkdir -p "$work/num/lessons" && cd "$work/num" || exit 1
printf -- '---\nlesson: 8\n---\n# Seven\n\n```c id=x\nint main(void) { return 0; }\n```\n' >lessons/07-seven.md
printf '# Eight\n\n```c id=y\nint main(void) { return 0; }\n```\n' >lessons/08-eight.md
"$LITLAB" check >out 2>&1; rc=$?
[ $rc -eq 1 ] || bad "two lessons 8: exit $rc, not 1"
has out "lessons/08-eight.md:1:1: error: this is lesson 8, and so is 'lessons/07-seven.md:2'" ||
	bad "two lessons 8: no error naming both: $(cat out)"
has out "lessons/07-seven.md:2:1: warning: 'lesson: 8' is not the number the file name gives" ||
	bad "'lesson: 8' in 07-seven.md: no warning: $(cat out)"
"$LITLAB" build -o site >/dev/null 2>&1
[ ! -e site ] || bad "build wrote a site with two lessons 8"
# One file named twice is one lesson, not two with one number.
"$LITLAB" check lessons/08-eight.md ./lessons/08-eight.md >out 2>&1 || bad "one lesson named twice: $(cat out)"
cd "$work" || exit 1

# 2. Compiler warnings.
mkdir -p "$work/warn/lessons" && cd "$work/warn" || exit 1
cat >lessons/01-w.md <<'EOF'
---
cflags: -std=c11 -Wall -Wextra
---
# Warnings

```c id=w
#include <stdio.h>
int main(void)
{
    int unused;
    return 0;
}
```

```c id=shared fragment
static int twice(int x) { int spare; return 2 * x; }
```

```c id=one use=shared
int main(void) { return twice(1) - 2; }
```

```c id=two use=shared
int main(void) { return twice(2) - 4; }
```
EOF
for run in cold cached; do
	"$LITLAB" check >out 2>&1; rc=$?
	[ $rc -eq 0 ] || bad "warnings ($run): exit $rc, not 0: $(cat out)"
	grep -q "^lessons/01-w.md:10:9: warning: unused variable 'unused'.*\[compile-warning\]$" out ||
		bad "warnings ($run): no compile-warning at 10:9: $(cat out)"
	n=$(grep -c "^lessons/01-w.md:16:31: warning: unused variable 'spare'.*\[compile-warning\]$" out)
	[ "$n" -eq 1 ] || bad "warnings ($run): the fragment's warning said $n times, not once: $(cat out)"
	has out "10 |     int unused;" || bad "warnings ($run): the code the compiler quotes is not shown"
done
"$LITLAB" check --format json 2>/dev/null | python3 -c '
import json, sys
d = json.load(sys.stdin)
rules = [x["rule"] for x in d["lessons"][0]["diagnostics"]]
assert rules.count("compile-warning") == 2, rules
assert all(b["evidence"]["cached"] for b in d["lessons"][0]["blocks"] if "evidence" in b)
' || bad "warnings: not in the JSON from cached evidence"
# Suppressed with a reason, before the block; the other warning stays.
sed -i 's/^```c id=w$/<!-- litlab-disable compile-warning: the lesson shows an unused variable -->\n```c id=w/' lessons/01-w.md
"$LITLAB" check >out 2>&1
! grep -q "unused variable 'unused'" out || bad "a suppressed compile-warning is still reported: $(cat out)"
! grep -q "suppressed nothing" out || bad "the compile-warning suppression 'suppressed nothing': $(cat out)"
grep -q "unused variable 'spare'" out || bad "the suppression took another block's warning: $(cat out)"
# Any other engine id cannot be suppressed, and says so.
printf '# S\n\n<!-- litlab-disable output-mismatch: no -->\nText.\n' >lessons/02-s.md
"$LITLAB" check lessons/02-s.md >out 2>&1
has out "'output-mismatch' is reported by litlab itself and cannot be suppressed" ||
	bad "suppressing an engine id: $(cat out)"
cd "$work" || exit 1

# 3. An orphan output block, with and without --no-rules.
mkdir -p "$work/orphan" && cd "$work/orphan" || exit 1
printf '# O\n\n```text\nshown\n```\n\n```output\nnothing runs it\n```\n' >01-o.md
for opt in --no-rules ""; do
	"$LITLAB" check $opt 01-o.md >out 2>&1; rc=$?
	n=$(grep -c '^01-o.md:7:1: error: .*\[output-provenance\]$' out)
	[ $rc -eq 1 ] && [ "$n" -eq 1 ] || bad "orphan output block, check $opt: exit $rc, reported $n times: $(cat out)"
done
cd "$work" || exit 1

# 4. --rules folders.
mkdir -p "$work/rules/course/rules" && cd "$work/rules" || exit 1
printf '# R\n\nText.\n' >course/01-r.md
cat >course/rules/own.lua <<'EOF'
return { id = "course-own", severity = "warning", summary = "a rule of the course's own" }
EOF
for cmd in check build audit; do
	"$LITLAB" $cmd --rules no-such-dir course >out 2>&1; rc=$?
	[ $rc -eq 2 ] && has out "--rules 'no-such-dir': no such folder" || bad "$cmd --rules no-such-dir: exit $rc: $(cat out)"
done
"$LITLAB" rules --rules course/01-r.md >out 2>&1; rc=$?
[ $rc -eq 2 ] && has out "--rules 'course/01-r.md': not a folder" || bad "rules --rules FILE: exit $rc: $(cat out)"
"$LITLAB" rules course >out 2>&1 && grep -q '^course-own .*course/rules/own.lua' out ||
	bad "'litlab rules course' does not list course/rules/: $(cat out)"
"$LITLAB" rules >out 2>&1 && grep -q '^timing-needs-metadata ' out || bad "'litlab rules' without lessons/: $(cat out)"
cd "$work" || exit 1

# 9. Files a folder holds that look like lessons.
mkdir -p "$work/names/lessons/part2" && cd "$work/names" || exit 1
printf '# A\n\nText.\n' >lessons/01-a.md
for f in arrays.md 5-x.markdown 06-upper.MD README.md .draft.md notes.txt part2/02-b.md; do echo "# x" >"lessons/$f"; done
"$LITLAB" check >out 2>err; rc=$?
[ $rc -eq 0 ] || bad "ignored files: exit $rc"
for n in "'lessons/arrays.md' is not read as a lesson" "'lessons/5-x.markdown' is not read as a lesson" \
	"'lessons/06-upper.MD' is not read as a lesson: a lesson's name ends in '.md' (rename it '06-upper.md')" \
	"'lessons/part2/' holds Markdown files"; do
	has err "litlab: note: $n" || bad "no note: $n: $(cat err)"
done
[ "$(grep -c 'litlab: note:' err)" -eq 4 ] || bad "README.md, .draft.md or notes.txt got a note: $(cat err)"
"$LITLAB" check --format json >json 2>/dev/null
python3 -c 'import json, sys; json.load(open(sys.argv[1]))' json && ! grep -q "not read as a lesson" json ||
	bad "the notes changed the JSON"
cd "$work" || exit 1

# 8. Lessons too large: for litlab (the limit), for the rules' memory (the lesson, what to do).
mkdir -p "$work/big" && cd "$work/big" || exit 1
python3 -c '
open("01-big.md", "w").write("# Big\n\n" + "word word word word word word word word word.\n\n" * 220000)
open("02-huge.md", "w").write("# Huge\n\n" + ("x" * 79 + "\n") * 230000)'
"$LITLAB" check 02-huge.md >out 2>&1; rc=$?
[ $rc -eq 2 ] && has out "cannot read '02-huge.md': it is larger than a lesson may be (16 MiB)" ||
	bad "an 18 MB lesson: exit $rc: $(cat out)"
"$LITLAB" check 01-big.md >out 2>&1
grep -q "rule failed on '01-big.md': the lesson, 9.9 MiB, is more than the rules' memory limit (64 MiB) holds, so this rule file did not check it: split it into smaller lessons \[rule-error\]$" out ||
	bad "a 10 MB lesson: $(cat out)"
# each built-in file says so itself: after one fails, the next runs in a child of its own (they share
# one Lua state, which the failed file may have left full)
for f in derived resources timing; do
	grep -q "^engine/rules/$f.lua:1:1: error: rule failed on '01-big.md': the lesson, 9.9 MiB" out ||
		bad "a 10 MB lesson: no rule-error of $f.lua: $(cat out)"
done
cd "$work" || exit 1

# 10. Papercuts.
mkdir -p "$work/cuts" && cd "$work/cuts" || exit 1
printf '# C\n\n```c\nint main(void) { return 0; }\n```\n' >01-c.md
CC=./cc "$LITLAB" check 01-c.md >out 2>&1; rc=$?
[ $rc -eq 2 ] && has out "no C compiler: CC names './cc', which does not exist" || bad "CC=./cc: exit $rc: $(cat out)"
printf '# N\n\nIt took {{ measure:loop:median }}.\n\n```c id=loop\nint main(void) { return 0; }\n```\n' >02-n.md
"$LITLAB" check --no-rules 02-n.md >out 2>&1
has out "nor is there a measure block 'loop' in this lesson, which has none" && ! has out "write {{measure:loop:median}}" ||
	bad "a near miss naming a run block: $(cat out)"
: >03-empty.md
"$LITLAB" check 03-empty.md >out 2>&1
has out "03-empty.md:1:1: warning: the lesson is empty" || bad "an empty lesson: $(cat out)"
cd "$work" || exit 1

[ $fail -eq 0 ] && echo "diagnostics: ok"
exit $fail
