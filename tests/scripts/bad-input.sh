#!/bin/sh
# tests/scripts/bad-input.sh: broken and hostile input to `litlab check`.
#
# Each case must end with the right exit status and a message that names the
# file (or the option, or the compiler); a crash (status above 2, or a
# sanitizer report on stderr) is always a failure. Prints one line per
# failure and exits 0 only if every case passed.
# Usage: LITLAB=/abs/path/to/litlab sh tests/scripts/bad-input.sh
LITLAB=${LITLAB:-build/san/litlab}
case $LITLAB in
/*) ;;
*) LITLAB=$(cd "$(dirname "$LITLAB")" && pwd)/$(basename "$LITLAB") ;;
esac
export LC_ALL=C
unset CC

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP
cd "$tmp" || exit 1
mkdir lessons empty

fails=0
fail() {
	echo "FAIL: $*"
	fails=$((fails + 1))
}

# show NAME: the first lines of what litlab printed on stderr, indented.
show() {
	sed -n '1,15s/^/    /p' "$1.err"
}

# run NAME STATUSES ARG...: runs litlab with ARG..., output in NAME.out and NAME.err;
# the exit status must be one of STATUSES (e.g. "0 1").
run() {
	name=$1
	want=$2
	shift 2
	timeout 600 "$LITLAB" "$@" >"$name.out" 2>"$name.err"
	status=$?
	if [ "$status" -gt 2 ] || grep -q -e 'Sanitizer' -e 'runtime error:' -e 'LeakSanitizer' "$name.err"; then
		fail "$name: crashed (exit status $status)"
		show "$name"
		return 1
	fi
	case " $want " in
	*" $status "*) ;;
	*)
		fail "$name: exit status $status, expected $want"
		show "$name"
		return 1
		;;
	esac
	return 0
}

# expect NAME FIXED-TEXT WHAT: stderr of NAME must contain FIXED-TEXT.
expect() {
	if ! grep -q -F -e "$2" "$1.err"; then
		fail "$1: stderr does not say '$2' ($3)"
		show "$1"
	fi
}

# A deterministic 4 KiB "binary" file: all 256 byte values in a scrambled order, 16 times.
pattern() {
	i=0
	while [ $i -lt 256 ]; do
		# shellcheck disable=SC2059
		printf "\\$(printf %o $(((i * 37 + 11) % 256)))"
		i=$((i + 1))
	done
}
pattern >pat
cat pat pat pat pat pat pat pat pat pat pat pat pat pat pat pat pat | head -c 4096 >15-binary.md

# 1. A missing file: exit 2, naming it.
run missing 2 check 15-missing.md && expect missing "15-missing.md" "the missing file"

# 2. A folder with no lessons: exit 2, naming it.
echo "not a lesson" >empty/notes.md
run empty 2 check empty && expect empty "empty" "the folder"

# 3. A binary file: read, never crashes; an encoding diagnostic at a position in it.
run binary "0 1" check 15-binary.md && expect binary "15-binary.md:" "a diagnostic about it" &&
	expect binary "[encoding]" "an encoding diagnostic"
run binary-json "0 1" check --format json 15-binary.md &&
	if ! python3 -c 'import json,sys; json.load(sys.stdin)' <binary-json.out 2>binary-json.pylog; then
		fail "binary-json: --format json output is not JSON"
		sed -n '1,5s/^/    /p' binary-json.pylog
	fi

# 4. Invalid UTF-8 on line 5, column 5.
printf '# Title\n\nSome text.\n\nbad \377 byte\n' >15-utf8.md
run utf8 "0 1" check 15-utf8.md && expect utf8 "15-utf8.md:5:5: warning:" "the line and column" &&
	expect utf8 "[encoding]" "the rule"

# 5. A 10 MB display-only block (its speed is measured by make bench, not here).
{
	printf '# Big\n\n```text\n'
	yes 'int filler_variable_name; /* padding padding padding padding */' | head -c 10000000
	printf '\n```\n\nAfter.\n'
} >15-big.md
run big "0" check 15-big.md

# 6. NUL bytes inside a code block: an encoding warning on line 4; the block still runs.
printf '# NUL\n\n```c\nint main(void) { return 0; } /* \000\000 */\n```\n' >15-nul.md
run nul "0 1" check 15-nul.md && expect nul "15-nul.md:4:" "the line of the NUL" &&
	expect nul "[encoding]" "the rule"

# 7. An unterminated fence: an error at its opening line naming where the close is missing, no crash.
printf '# Open\n\nText.\n\n```c\nint main(void) { return 0; }\n' >15-open.md
run open 1 check 15-open.md && expect open "15-open.md:5:1: error: this code block is never closed" "the opening fence" &&
	expect open "its closing fence is missing after line 6: add a line '\`\`\`' [unclosed-fence]" "where the close is missing"

# 8. An attribute with an unclosed quote: exit 1, [attribute] at line 3, column 11.
printf '# Quote\n\n```c args="unclosed\nint main(void) { return 0; }\n```\n' >15-quote.md
run quote 1 check 15-quote.md && expect quote "15-quote.md:3:11: error:" "the line and column" &&
	expect quote "[attribute]" "the rule"

# 9. 2,000 display-only and derived blocks and 2 run blocks.
awk 'BEGIN {
	print "# Many blocks\n"
	for (i = 0; i < 2000; i++) {
		if (i % 2)
			printf "Block %d.\n\n```python derived reason=\"no python here\"\nprint(%d)\n```\n\n```output\n%d\n```\n\n", i, i, i
		else
			printf "```text\nline %d\n```\n\n", i
	}
	print "```c id=one\n#include <stdio.h>\nint main(void) { puts(\"one\"); return 0; }\n```\n\n```output\none\n```\n"
	print "```c id=two\nint main(void) { return 0; }\n```\n"
}' >15-many.md
run many 0 check 15-many.md

# 10. --format json is JSON, on stdout, with the lesson in it.
cat >lessons/15-json.md <<'EOF'
---
title: "JSON \"quotes\" and \\ backslashes"
---
# JSON

```c id=hello
#include <stdio.h>
int main(void) { puts("tab\there \"quoted\""); return 0; }
```

```output
tab	here "quoted"
```
EOF
run json 0 check --format json lessons/15-json.md &&
	if ! python3 -c 'import json,sys; d = json.load(sys.stdin); assert d["lessons"][0]["blocks"][0]["id"] == "hello"' \
		<json.out 2>json.pylog; then
		fail "json: --format json output is not the expected JSON"
		sed -n '1,5s/^/    /p' json.pylog
	fi

# 11. An unknown option: exit 2, naming it.
run option 2 check --bogus lessons/15-json.md && expect option "--bogus" "the option"

# 12. check --help: exit 0, on stdout, mentions --format.
run help 0 check --help && if ! grep -q -e '--format' help.out; then
	fail "help: 'check --help' does not mention --format"
fi

# 13. A compiler that does not exist: exit 2, naming it.
export CC=/nonexistent/cc
run cc 2 check lessons/15-json.md && expect cc "/nonexistent/cc" "the compiler"
unset CC

# 14. Several compiler errors after several other diagnostics (the list grows while the
#     compile diagnostics are added): each at its lesson line, no crash.
{
	printf -- '---\n'
	for k in a b c d e f g; do printf '%s: x\n' $k; done
	printf -- '---\n# Errors\n\n```c\nint main(void)\n{\n\treturn x + y + z;\n}\n```\n'
} >15-errors.md
run errors 1 check 15-errors.md && expect errors "15-errors.md:15:" "the line of the errors" &&
	expect errors "[compile]" "the rule"

# 15. A course whose rules/ folder holds no rule file: the built-in rules alone, no sanitizer report.
mkdir -p norules/lessons/rules
printf '# No rules\n\nText.\n' >norules/lessons/15-plain.md
run norules 0 check norules/lessons

# A program that writes one file past the per-file limit: the message says no attribute raises it
# and what disk= bounds instead (an author's review, twenty-first round: they tried disk=2G).
printf '# Big file\n\n```c disk=512M\n#include <stdio.h>\nint main(void) {\n\tstatic char b[1 << 20];\n\tFILE *f = fopen("big", "wb");\n\tfor (int i = 0; f && i < 80; i++)\n\t\tfwrite(b, 1, sizeof b, f);\n\treturn 0;\n}\n```\n' >15-fsize.md
run fsize 1 check 15-fsize.md && expect fsize "15-fsize.md:3:1: error: block" "the block's line" &&
	expect fsize "file-size limit (64 MiB per file; SIGXFSZ): no attribute raises it (disk= bounds the work folder's total)" "what to do"

[ "$fails" -eq 0 ] || echo "bad-input: $fails failed"
[ "$fails" -eq 0 ]
