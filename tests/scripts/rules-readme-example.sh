#!/bin/sh
# The worked example of engine/rules/README.md does what the README says.
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lessons/rules"
# The rule file is the README's own code block.
awk '$0 == "```lua" { n++; if (n == 2) { on = 1; next } } on && $0 == "```" { exit } on' \
	engine/rules/README.md >"$work/lessons/rules/house-style.lua"
{
	printf -- '---\ntitle: Files\n---\n# Files\n\nSome text.\n\n\n\n\n\n## Steps:\n\n'
	printf '<!-- litlab-disable heading-colon: the heading quotes a compiler message -->\n'
	printf "## error: expected ';' before '}' token:\n"
} >"$work/lessons/04-files.md"
(cd "$work" && "$LITLAB" check lessons/) >"$work/out" 2>&1
cat "$work/out"
fail=0
grep -q "^lessons/04-files.md:12:9: warning: a heading ends with ':': drop it \[heading-colon\]$" "$work/out" || fail=1
grep -q "needs-course" "$work/out" || fail=1
[ "$(grep -c heading-colon "$work/out")" -eq 1 ] || fail=1
exit $fail
