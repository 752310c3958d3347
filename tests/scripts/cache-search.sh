#!/bin/sh
# The evidence cache notices what the compiler would find now that it did not find before:
#   1. a header put in a folder earlier on the include path, which now shadows the one the
#      block was built with;
#   2. a header a failed build could not find, which is now there;
#   3. a folder shown to the sandbox (LITLAB_SANDBOX_PATHS) that was not shown before;
#   4. a file the assembler read (.incbin), which changed, also after a block whose own error
#      says "--MD" and "dependency-file" (the words once turned the lists off for the whole run);
#   5. a header put in a subfolder of an earlier search folder (<sub/greet.h>: FIRST/sub/greet.h
#      shadows SECOND/sub/greet.h; FIRST/sub existed already, so FIRST itself did not change);
#   6. a file whose name its dependency list cannot say as written (a backslash in a header's
#      name, a newline in the name of a file .incbin reads), beside a file named as the list
#      would read it cut short: the block is not cached, so a change to the file is run again.
# Each time, a check with the cache gives what check --fresh gives.
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
work=$(mktemp -d)
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
fail=0
export LITLAB_CACHE_DIR="$work/cache"
mkdir -p "$work/first" "$work/second" "$work/data" "$work/l"
chmod 755 "$work/first" "$work/second" "$work/data"

# same NAME: check (cached) and check --fresh agree on the exit status and the first diagnostic.
same() {
	"$LITLAB" check "$work/l" >/dev/null 2>"$work/cached.err"
	cached=$?
	"$LITLAB" check --fresh "$work/l" >/dev/null 2>"$work/fresh.err"
	fresh=$?
	if [ "$cached" -ne "$fresh" ] || [ "$(head -n 1 "$work/cached.err")" != "$(head -n 1 "$work/fresh.err")" ]; then
		echo "FAIL: $1: cached exit $cached, fresh exit $fresh"
		head -n 3 "$work/cached.err" "$work/fresh.err"
		fail=1
	fi
}

cat >"$work/l/01-greet.md" <<MD
---
cflags: -I$work/first -I$work/second
---
# Greet

\`\`\`c id=greet
#include <stdio.h>
#include "greet.h"
int main(void) { puts(GREETING); return 0; }
\`\`\`

\`\`\`output
hello
\`\`\`
MD
export LITLAB_SANDBOX_PATHS="$work/first:$work/second"

# 2. No greet.h anywhere: a compile error; then it appears in the second folder.
"$LITLAB" check "$work/l" >/dev/null 2>&1
echo '#define GREETING "hello"' >"$work/second/greet.h"
same "a header that appeared after a failed build"
# 1. One in the first folder now shadows it.
"$LITLAB" check "$work/l" >/dev/null 2>&1
echo '#define GREETING "shadowed"' >"$work/first/greet.h"
same "a header that shadows the one built with"
rm -f "$work/first/greet.h"

# 3. The second folder no longer shown, then shown again.
"$LITLAB" check "$work/l" >/dev/null 2>&1
LITLAB_SANDBOX_PATHS="$work/first" same "a folder no longer shown"
same "a folder shown again"

# 4. .incbin: the assembler reads a file the compiler's own list does not name.
rm -f "$work/l/01-greet.md"
echo "one" >"$work/data/answer.txt"
cat >"$work/l/02-incbin.md" <<MD
# Incbin

\`\`\`c id=incbin
#include <stdio.h>
__asm__(".section .rodata\\n.global answer\\nanswer: .incbin \\"$work/data/answer.txt\\"\\n.byte 0\\n.text\\n");
extern const char answer[];
int main(void) { fputs(answer, stdout); return 0; }
\`\`\`

\`\`\`output
one
\`\`\`
MD
cat >"$work/l/01-first.md" <<'MD'
# Words in an error

```c id=says compile-fail
#error this lesson says --MD and dependency-file
int main(void) { return 0; }
```
MD
export LITLAB_SANDBOX_PATHS="$work/data"
# (-j 1: the block whose error says the words is built first, then the .incbin block.)
"$LITLAB" check -j 1 "$work/l" >/dev/null 2>"$work/incbin.err"
grep -q "incbin" "$work/incbin.err" && { echo "FAIL: the .incbin block does not pass"; cat "$work/incbin.err"; fail=1; }
echo "two" >"$work/data/answer.txt"
same "a file .incbin read, changed"
rm -f "$work/l/01-first.md" "$work/l/02-incbin.md"

# 5. <sub/greet.h> in SECOND/sub, then FIRST/sub/greet.h (FIRST/sub there from the start).
mkdir -p "$work/first/sub" "$work/second/sub"
chmod 755 "$work/first/sub" "$work/second/sub"
echo '#define GREETING "hello"' >"$work/second/sub/greet.h"
cat >"$work/l/03-sub.md" <<MD
---
cflags: -I$work/first -I$work/second
---
# Sub

\`\`\`c id=sub
#include <stdio.h>
#include <sub/greet.h>
int main(void) { puts(GREETING); return 0; }
\`\`\`

\`\`\`output
hello
\`\`\`
MD
export LITLAB_SANDBOX_PATHS="$work/first:$work/second"
"$LITLAB" check "$work/l" >/dev/null 2>&1 || { echo "FAIL: the sub block does not pass"; fail=1; }
echo '#define GREETING "shadowed"' >"$work/first/sub/greet.h"
same "a header put in a subfolder of an earlier search folder"
rm -f "$work/l/03-sub.md"

# 6. Names the lists cannot say: the decoys "a" and "e" are what they would read.
echo '#define WORD "one"' >"$work/data/a\\nb.h"
echo 'decoy' >"$work/data/a"
echo 'decoy' >"$work/data/e"
printf 'one' >"$work/data/e
f.txt"
cat >"$work/l/04-names.md" <<MD
---
cflags: -I$work/data
---
# Names

\`\`\`c id=backslash
#include <stdio.h>
#include "a\\nb.h"
int main(void) { puts(WORD); return 0; }
\`\`\`

\`\`\`output
one
\`\`\`

\`\`\`c id=newline
#include <stdio.h>
__asm__(".section .rodata\\n.global word\\nword: .incbin \\"$work/data/e\\\\nf.txt\\"\\n.byte 0\\n.text\\n");
extern const char word[];
int main(void) { puts(word); return 0; }
\`\`\`

\`\`\`output
one
\`\`\`
MD
export LITLAB_SANDBOX_PATHS="$work/data"
"$LITLAB" check "$work/l" >/dev/null 2>"$work/names.err" || { echo "FAIL: the names blocks do not pass"; cat "$work/names.err"; fail=1; }
# Each such block says it is not cached, once, at its fence (an author would wonder why it runs again).
[ "$(grep -c "04-names.md:[0-9]*:[0-9]*: note: this block's evidence is not cached.*\[cache\]" "$work/names.err")" = 2 ] ||
	{ echo "FAIL: the blocks not cached do not say so"; cat "$work/names.err"; fail=1; }
echo '#define WORD "two"' >"$work/data/a\\nb.h"
printf 'two' >"$work/data/e
f.txt"
same "files whose names the dependency lists cannot say, changed"
exit $fail
