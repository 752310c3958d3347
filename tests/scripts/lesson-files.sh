#!/bin/sh
# Lesson files and sources= with the real compiler and linker: an error in a lesson .c file and
# in a header points at its lesson line; an undefined reference points at the line of the
# calling file that names the symbol, saying which function and file; a multiple definition at
# the definition; the cache key covers the lesson files a block sees (a changed data file runs
# the block again, an unchanged one does not); a session is cached, and its expected output is
# not in its key; promote fills a session's outputs; tangle writes lesson files and ID.mk, lab
# runs programs built from several files and sessions, one only with an ID.
set -u
top=$(pwd)
work=$(mktemp -d)
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
fail=0
export LITLAB_CACHE_DIR="$work/cache"
cd "$work"

cat >link.md <<'MD'
# Link

```c file=list.h
int list_sum(const int *v, int n);
int list_max(const int *v, int n);
```

```c file=list.c
#include "list.h"

int list_sum(const int *v, int n)
{
	return n ? v[0] + list_max(v, n) : 0;
}
```

```c id=main sources=list.c
#include "list.h"

int main(void)
{
	int v[] = { 1 };
	return list_sum(v, 1);
}
```

```c file=twice.c
int list_sum(const int *v, int n)
{
	return v[0] + n;
}
```

```c id=dup sources=list.c,twice.c
int list_max(const int *v, int n) { return v[n - 1]; }
int main(void) { return 0; }
```

```c file=broken.c
#include "list.h"
int broken(void)
{
	return nothing;
}
```

```c id=broken-use sources=broken.c
int main(void) { return 0; }
```
MD
"$LITLAB" check link.md >/dev/null 2>err.txt
grep -q "^link.md:13:20: error: undefined reference to 'list_max' (in function 'list_sum' of list.c): " err.txt ||
	{ echo "FAIL: the undefined reference is not at list.c's line"; cat err.txt; fail=1; }
grep -q "^link.md:28:5: error: multiple definition of 'list_sum' (in twice.c)" err.txt ||
	{ echo "FAIL: the multiple definition is not at a definition"; cat err.txt; fail=1; }
grep -q "^link.md:43:9: error: 'nothing' undeclared" err.txt ||
	{ echo "FAIL: a compile error in a lesson file is not at its lesson line"; cat err.txt; fail=1; }

cat >data.md <<'MD'
# Data

```text file=n.txt
41
```

```c id=read
#include <stdio.h>
int main(void)
{
	int n = 0;
	FILE *f = fopen("n.txt", "r");
	if (!f || fscanf(f, "%d", &n) != 1)
		return 1;
	printf("%d\n", n + 1);
	return 0;
}
```

```output
42
```

```console
$ cat n.txt
41
```
MD
"$LITLAB" check data.md 2>err.txt || { echo "FAIL: data.md"; cat err.txt; fail=1; }
"$LITLAB" check --format json data.md 2>/dev/null >out.json
python3 - out.json <<'PY' || fail=1
import json, sys
blocks = {b["id"]: b for b in json.load(open(sys.argv[1]))["lessons"][0]["blocks"]}
for i in ("read", "console-1"):
    if not blocks[i]["evidence"]["cached"]:
        print("FAIL: %s is not cached the second time" % i); sys.exit(1)
if blocks["text-1"].get("file") != "n.txt" or blocks["text-1"].get("version") != 1:
    print("FAIL: the JSON does not name the lesson file"); sys.exit(1)
PY
# Another data file: the block that reads it runs again (and fails), the session too.
sed "4s/41/1/" data.md >data2.md && mv data2.md data.md
"$LITLAB" check data.md >/dev/null 2>err.txt && { echo "FAIL: a changed data file was not read again"; fail=1; }
grep -q "^data.md:21:1: error: stdout of block 'read' differs" err.txt || { echo "FAIL: no mismatch"; cat err.txt; fail=1; }
grep -q "^data.md:26:1: error: session 'console-1': what '\$ cat n.txt' printed differs" err.txt ||
	{ echo "FAIL: no session mismatch"; cat err.txt; fail=1; }

# promote fills a session's outputs: a command whose output matched keeps its "...".
cat >p.md <<'MD'
# P

```text file=w.txt
b
a
```

```console
$ sort w.txt
x
$ seq 5
1
...
5
$ false
$ echo done
```
MD
"$LITLAB" promote p.md >/dev/null 2>err.txt || { echo "FAIL: promote"; cat err.txt; fail=1; }
"$LITLAB" check p.md 2>err.txt || { echo "FAIL: the promoted session does not pass"; cat err.txt; fail=1; }
printf '$ sort w.txt\na\nb\n$ seq 5\n1\n...\n5\n$ false\n[1]\n$ echo done\ndone\n' >want.txt
sed -n '/^```console$/,/^```$/p' p.md | sed '1d;$d' | cmp -s - want.txt ||
	{ echo "FAIL: promote wrote another session"; cat p.md; fail=1; }

# tangle writes the lesson files and ID.mk; lab builds the program from them and runs the
# session; 'lab N ID' runs one only; an edited lesson file is used as the student left it.
mkdir -p course/lessons
cp "$top/lessons/16-several-files.md" course/lessons/
(cd course && "$LITLAB" tangle --labs labs lessons >/dev/null 2>err.txt) || { echo "FAIL: tangle"; cat course/err.txt; fail=1; }
for f in Makefile counter.c counter.h main.c words.txt words.mk forgot.mk words.expected; do
	[ -f "course/labs/lab-16/$f" ] || { echo "FAIL: tangle did not write $f"; fail=1; }
done
cmp -s course/labs/lab-16/words.txt "$top/labs/lab-16/words.txt" || { echo "FAIL: words.txt differs"; fail=1; }
(cd course && "$LITLAB" lab --lessons lessons --labs labs 16 >out.txt 2>&1) || { echo "FAIL: lab 16"; cat course/out.txt; fail=1; }
grep -q '^lab 16: 3 ok, 0 failed' course/out.txt || { echo "FAIL: lab 16 did not run 3"; cat course/out.txt; fail=1; }
(cd course && "$LITLAB" lab --lessons lessons --labs labs 16 console-1 >out.txt 2>&1) || { echo "FAIL: lab 16 console-1"; fail=1; }
grep -q '^lab 16: 1 ok, 0 failed' course/out.txt || { echo "FAIL: lab 16 ID ran another count"; cat course/out.txt; fail=1; }
(cd course && "$LITLAB" lab --lessons lessons --labs labs 16 nope >out.txt 2>&1)
[ $? -eq 2 ] && grep -q "has no program or session 'nope' (it has: words, forgot, console-1)" course/out.txt ||
	{ echo "FAIL: an unknown ID"; cat course/out.txt; fail=1; }
sed -i 's/printf("%s %d\\n"/printf("%s=%d\\n"/' course/labs/lab-16/counter.c
(cd course && "$LITLAB" lab --lessons lessons --labs labs 16 >out.txt 2>&1) && { echo "FAIL: an edited counter.c passed"; fail=1; }
grep -q 'edited: counter.c' course/out.txt && grep -q '^+pear=2' course/out.txt ||
	{ echo "FAIL: the edited lesson file was not used"; cat course/out.txt; fail=1; }
# By hand, as a student: make in the lab folder (the lesson's Makefile), and words.mk.
if command -v make >/dev/null; then
	(cd course/labs/lab-16 && cp "$top/labs/lab-16/counter.c" . &&
		make -s >/dev/null 2>&1 && ./words words.txt | sort | head -n 1 | grep -q '^apple 3$') ||
		{ echo "FAIL: make in the lab folder"; fail=1; }
	(cd course/labs/lab-16 && make -s -f words.mk run 2>&1 | grep -q '^pear 2$') || { echo "FAIL: make -f words.mk run"; fail=1; }
fi
# A header that changes later in the lesson: lab builds each block with the version it saw, as
# check does (it once staged the lab folder's last version over it). And a lesson file may not
# take a name the lab gives a block's program (file=count beside id=count).
mkdir -p "$work/hv/lessons"
cat >"$work/hv/lessons/03-v.md" <<'MD'
# Versions

```c file=msg.h
#define MSG "one"
```

```c file=show.c
#include <stdio.h>
#include "msg.h"
void show(void) { puts(MSG); }
```

```c id=a sources=show.c
void show(void);
int main(void) { show(); return 0; }
```

```output
one
```

```c id=single
#include <stdio.h>
#include "msg.h"
int main(void) { puts(MSG); return 0; }
```

```output
one
```

```c file=msg.h
#define MSG "two"
```
MD
(cd "$work/hv" && "$LITLAB" check lessons >/dev/null 2>&1 && "$LITLAB" tangle lessons >/dev/null 2>&1 &&
	"$LITLAB" lab 3 >lab.out 2>&1) || { echo "FAIL: lab did not build with the header's version the lesson checked"; cat "$work/hv/lab.out"; fail=1; }
printf '# Clash\n\n```text file=count\n1 2 3\n```\n\n```c id=count\nint main(void) { return 0; }\n```\n' >"$work/hv/lessons/04-c.md"
"$LITLAB" check "$work/hv/lessons/04-c.md" >/dev/null 2>"$work/hv/clash.err"
grep -q "file=count: the lab of block 'count'" "$work/hv/clash.err" || { echo "FAIL: file=count beside id=count was not refused"; cat "$work/hv/clash.err"; fail=1; }
# Words of the lesson's that tangle writes into a makefile or a by-hand command are data there:
# a $(shell ...) in cflags= or a $(...) in args= runs nothing on the student's machine.
mkdir -p "$work/q/lessons"
cat >"$work/q/lessons/05-q.md" <<'MD'
# Quoting

```c file=part.c
int part(void) { return 1; }
```

```c id=parts sources=part.c compile-fail cflags="-O2 $(shell touch MAKE-RAN)"
int main(void) { return part(); }
```

```output match=contains
error
```

```c id=echo args="'$(touch SHELL-RAN)' #x"
#include <stdio.h>
int main(int argc, char **argv) { for (int i = 1; i < argc; i++) puts(argv[i]); return 0; }
```

```output
$(touch SHELL-RAN)
#x
```
MD
(cd "$work/q" && "$LITLAB" check lessons >/dev/null 2>"$work/q/check.err") || { echo "FAIL: the quoting lesson"; cat "$work/q/check.err"; fail=1; }
(cd "$work/q" && "$LITLAB" tangle lessons >/dev/null 2>&1)
(cd "$work/q/labs/lab-05" && make -f parts.mk >/dev/null 2>&1)
[ ! -e "$work/q/labs/lab-05/MAKE-RAN" ] || { echo "FAIL: make -f parts.mk ran the lesson's \$(shell ...)"; fail=1; }
cmd=$(sed -n 's/^- by hand, in this folder: `\(cc .*echo.*\)`$/\1/p' "$work/q/labs/lab-05/README.md")
[ -n "$cmd" ] || { echo "FAIL: no by-hand command for echo"; fail=1; }
(cd "$work/q/labs/lab-05" && sh -c "$cmd" >byhand.out 2>&1)
[ ! -e "$work/q/labs/lab-05/SHELL-RAN" ] || { echo "FAIL: the by-hand command ran the lesson's \$(...)"; fail=1; }
grep -qx '#x' "$work/q/labs/lab-05/byhand.out" || { echo "FAIL: the by-hand command does not pass the words as the lesson does"; cat "$work/q/labs/lab-05/byhand.out"; fail=1; }
# promote never writes into a session what would read back as something else: a printed "$ " line
# (a command), "[2]" (a status), "..." (a wildcard), nor a timing value. Each is a note; the
# lesson stays as it was.
mkdir -p "$work/ps"
for out in '$ rm -f data.txt' '[2]' '...' 'sorted in 12 ms'; do
	printf '# P\n\n```console\n$ printf '"'"'%%s\\n'"'"' "%s"\n```\n' "$out" >"$work/ps/01-p.md"
	cp "$work/ps/01-p.md" "$work/ps/before.md"
	"$LITLAB" promote "$work/ps/01-p.md" >/dev/null 2>"$work/ps/err"
	grep -q "note: session 'console-1' not promoted" "$work/ps/err" ||
		{ echo "FAIL: promote of a session that printed '$out'"; cat "$work/ps/err"; fail=1; }
	cmp -s "$work/ps/01-p.md" "$work/ps/before.md" || { echo "FAIL: promote changed the session that printed '$out'"; fail=1; }
done
exit $fail
