#!/bin/sh
# Finding 18 of the security review: blocks that print as much as they may (1 MiB of stdout and of
# stderr each) held more than the rule pass's 64 MiB, which then failed outside a protected call.
# 36 such blocks: the rules still run (they see the first 64 KiB of each stream, and say so), and
# a rule that reads the evidence still reports; litlab gives back what it grew beyond the output.
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
lesson=$work/01-flood.md
{
	printf '# Flood\n\n```c id=flood fragment\n#include <stdio.h>\n#include <string.h>\n'
	printf 'static int flood(void)\n{\n    static char line[1024];\n    memset(line, 0x78, sizeof line - 1);\n'
	printf '    for (int i = 0; i < 1000; i++) { fputs(line, stdout); fputs(line, stderr); }\n    return 0;\n}\n```\n\n'
	i=0
	while [ $i -lt 36 ]; do
		printf '```c id=b%d use=flood\nint main(void) { return flood(); }\n```\n\n' $i
		i=$((i + 1))
	done
} >"$lesson"
mkdir -p "$work/rules"
cat >"$work/rules/sees-output.lua" <<'LUA'
return {
  id = "sees-output", severity = "warning", summary = "says how much of a block's output a rule sees",
  block = function(b, lesson, report)
    if b.id == "b35" and b.evidence.executed then
      report(b, string.format("%d bytes, truncated %s", #b.evidence.stdout, tostring(b.evidence.stdout_truncated)))
    end
  end,
}
LUA
"$LITLAB" check --fresh -j 2 --rules "$work/rules" "$lesson" >"$work/out" 2>&1
rc=$?
fail=0
grep -v '^    ' "$work/out" | tail -5
[ "$rc" -eq 0 ] || { echo "FAIL: exit status $rc, expected 0"; fail=1; }
grep -q "rule-error" "$work/out" && { echo "FAIL: a rule failed"; fail=1; }
grep -q "01-flood.md:[0-9]*:1: warning: 65536 bytes, truncated true \[sees-output\]" "$work/out" ||
	{ echo "FAIL: the rule did not see the first 64 KiB of the output"; fail=1; }
exit $fail
