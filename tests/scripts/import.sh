#!/bin/sh
# litlab import as an author meets it:
# 1. --dry-run on a pandoc lesson lists each change and a diff, writes nothing;
# 2. import rewrites it into tests/import/pandoc.imported (only fence lines differ), which checks
#    clean; a second import changes nothing;
# 3. the project's own lessons are litlab's format already: nothing to import;
# 4. a fence that is not closed: exit 1, the file byte for byte as it was;
# 5. CRLF and no final newline: every line but the fences kept, CRLF kept; --dry-run's diff is
#    exact (each CR, '\\ No newline at end of file'): patch applies it;
# 5b. Latin-1 bytes in an info string: still a fence, only the fence lines change;
# 6. through a symbolic link the file is replaced, the link stays; a file with another name (a hard
#    link) is replaced under this name, and a warning says the other keeps the old text; a missing
#    file: exit 2;
# 7. a folder that cannot be written: exit 2, the file whole, no temporary file left (not as root).
set -u
LITLAB=${LITLAB:-build/litlab}
case $LITLAB in /*) ;; *) LITLAB=$(pwd)/$LITLAB ;; esac
top=$(pwd)
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
fail=0
LITLAB_CACHE_DIR=$work/cache
export LITLAB_CACHE_DIR
no() { echo "FAIL: $*"; fail=1; }
cd "$work" || exit 1

# 1.
cp "$top/tests/import/pandoc.md" 03-strings.md
"$LITLAB" import --dry-run 03-strings.md >out 2>err
rc=$?
[ $rc -eq 0 ] || no "dry-run exit $rc: $(cat err)"
cmp -s 03-strings.md "$top/tests/import/pandoc.md" || no "dry-run changed the file"
grep -q "^03-strings.md:9: '{.c .numberLines}' -> 'c': " out || no "dry-run: no change listed for line 9: $(cat out)"
grep -q "^03-strings.md:20: '' -> 'output': " out || no "dry-run: the output block on line 20 not listed"
grep -q "^03-strings.md:60: note: a plain block after the program on line 49" out || no "dry-run: no note for line 60"
grep -q '^-``` {.c .numberLines}$' out && grep -q '^+``` c$' out || no "dry-run: no diff: $(cat out)"
grep -q "^would change 7 of 8 code blocks in 03-strings.md (syntax 6, dropped 3, fragment 1, compile-only 1, output 1, use 1)$" out ||
	no "dry-run: no summary: $(tail -1 out)"

# 2.
"$LITLAB" import 03-strings.md >out 2>err
rc=$?
[ $rc -eq 0 ] || no "import exit $rc: $(cat err)"
# The expected file names the path it was made with on no line: compare the bytes.
cmp -s 03-strings.md "$top/tests/import/pandoc.imported" || { no "import:"; diff -u "$top/tests/import/pandoc.imported" 03-strings.md; }
grep -v '^ *\(```\|~~~\)' "$top/tests/import/pandoc.md" >a
grep -v '^ *\(```\|~~~\)' 03-strings.md >b
cmp -s a b || no "import changed a line that is no fence"
"$LITLAB" check 03-strings.md >out 2>err || no "check of the imported lesson: $(cat err)"
grep -q "2 passed, 0 failed, 0 measured, 1 compiled" err || no "check: $(tail -1 err)"
"$LITLAB" import 03-strings.md >out 2>err
grep -q "^03-strings.md: nothing to import (8 code blocks)$" out || no "second import: $(cat out)"
cmp -s 03-strings.md "$top/tests/import/pandoc.imported" || no "second import changed the file"

# 3.
(cd "$top" && "$LITLAB" import --dry-run lessons/*.md) >out 2>err || no "import of lessons/: $(cat err)"
if grep -v ': nothing to import' out | grep -q .; then no "import would change the project's lessons:"; cat out; fi

# 4.
printf '# T\n\n```{.c}\nint x;\n\n## Next\n\n```{.c}\nint y;\n```\n' >04-open.md
cp 04-open.md 04-open.before
"$LITLAB" import 04-open.md >out 2>err
rc=$?
[ $rc -eq 1 ] || no "unclosed fence: exit $rc"
grep -q "04-open.md:3: a code block whose fence is not closed" err || no "unclosed fence: $(cat err)"
cmp -s 04-open.md 04-open.before || no "unclosed fence: the file changed"

# 5.
printf '# T\r\n\r\n``` {.c .numberLines}\r\nint x = 1;\r\nx++;\r\n```\r\n\r\ntrailing blanks  \r\n~~~~ C\r\nint y;\r\n~~~~' >05-crlf.md
cp 05-crlf.md 05-crlf.before
# --dry-run's diff is the file's: each line with its CR, the last one without a newline said so.
"$LITLAB" import --dry-run 05-crlf.md >out 2>err || no "CRLF dry-run: $(cat err)"
cr=$(printf '\r')
grep -q "^-~~~~ C$cr\$" out && grep -q "^+~~~~ c fragment$cr\$" out && grep -q "^ int x = 1;$cr\$" out ||
	{ no "CRLF dry-run: a diff without the CRs:"; od -c out | head -20; }
grep -q '^ ~~~~$' out && grep -q '^\\ No newline at end of file$' out || no "CRLF dry-run: no 'No newline at end of file': $(cat out)"
if command -v patch >/dev/null; then
	sed -n '/^--- /,/^would change/p' out | sed '$d' >05-crlf.patch
	patch -s 05-crlf.before 05-crlf.patch >/dev/null 2>&1 || no "CRLF dry-run: patch does not apply its diff"
fi
"$LITLAB" import 05-crlf.md >out 2>err || no "CRLF: $(cat err)"
[ ! -f 05-crlf.before ] || ! command -v patch >/dev/null || cmp -s 05-crlf.before 05-crlf.md || no "CRLF dry-run: its diff, applied, is not the imported file"
printf '# T\r\n\r\n``` c fragment\r\nint x = 1;\r\nx++;\r\n```\r\n\r\ntrailing blanks  \r\n~~~~ c fragment\r\nint y;\r\n~~~~' >05-crlf.want
cmp -s 05-crlf.md 05-crlf.want || { no "CRLF:"; od -c 05-crlf.md | head -20; }

# 5b. Latin-1 bytes (not UTF-8) in an info string and in code: the fences are read as fences, only they change.
printf '# Caf\351\n\n```{.c title="caf\351"}\nint x; /* \351 */\n```\n\n```{.c}\nint y;\n```\n' >05-latin1.md
"$LITLAB" import 05-latin1.md >out 2>err || no "Latin-1: exit $?: $(cat err)"
printf '# Caf\351\n\n```c fragment\nint x; /* \351 */\n```\n\n```c fragment\nint y;\n```\n' >05-latin1.want
cmp -s 05-latin1.md 05-latin1.want || { no "Latin-1:"; od -c 05-latin1.md | head; }

# 6.
mkdir real && cp "$top/tests/import/pandoc.md" real/03-linked.md && ln -s real/03-linked.md 03-link.md
"$LITLAB" import 03-link.md >out 2>err || no "symlink: $(cat err)"
[ -L 03-link.md ] || no "symlink: the link was replaced"
cmp -s real/03-linked.md "$top/tests/import/pandoc.imported" || no "symlink: the target was not imported"
# A file with another name (a hard link): replaced under this name, the other said to keep the old text.
cp "$top/tests/import/pandoc.md" 03-one.md && ln 03-one.md 03-other.md
"$LITLAB" import 03-one.md >out 2>err || no "hard link: $(cat err)"
cmp -s 03-one.md "$top/tests/import/pandoc.imported" || no "hard link: the file was not imported"
cmp -s 03-other.md "$top/tests/import/pandoc.md" || no "hard link: the other name changed"
grep -q "warning: '03-one.md' had 1 other name (hard link): it is now a file of its own" err ||
	no "hard link: not said: $(cat err)"
"$LITLAB" import missing.md >out 2>err
rc=$?
[ $rc -eq 2 ] && grep -q "cannot read 'missing.md'" err || no "missing file: exit $rc: $(cat err)"

# 7.
if [ "$(id -u)" != 0 ]; then
	mkdir ro && cp "$top/tests/import/pandoc.md" ro/03-ro.md && chmod a-w ro
	"$LITLAB" import ro/03-ro.md >out 2>err
	rc=$?
	[ $rc -eq 2 ] || no "read-only folder: exit $rc"
	cmp -s ro/03-ro.md "$top/tests/import/pandoc.md" || no "read-only folder: the file changed"
	[ "$(ls -A ro)" = 03-ro.md ] || no "read-only folder: left $(ls -A ro)"
	chmod u+w ro
fi
exit $fail
