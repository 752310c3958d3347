#!/bin/sh
# A rule that passes its memory limit (64 MiB) is a rule-error that says so, at the line of its
# handler or of its top level; one that catches the refusal (pcall) and then fails for another
# reason is reported with that reason: before, the memory message stuck to the file for the rest
# of its lesson, whatever ended it. Each turn makes one new 1 MiB string (a long string is never
# shared in Lua 5.4), so that the files fill their 64 MiB well within their CPU seconds under
# AddressSanitizer on a busy machine (a concatenation made each turn twice the work).
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/rules"
printf '# Memory\n\nA sentence.\n' >"$work/01-mem.md"
cat >"$work/rules/a-fills.lua" <<'LUA'
return {
  id = "fills",
  lesson = function()
    local keep = {}
    while true do keep[#keep + 1] = string.rep("x", 1 << 20) end
  end,
}
LUA
cat >"$work/rules/b-catches.lua" <<'LUA'
return {
  id = "catches",
  lesson = function()
    local ok = pcall(function()
      local keep = {}
      while true do keep[#keep + 1] = string.rep("x", 1 << 20) end
    end)
    error("a plain error after a caught refusal (" .. tostring(ok) .. ")", 0)
  end,
}
LUA
cat >"$work/rules/c-top.lua" <<'LUA'
local keep = {}
while true do keep[#keep + 1] = string.rep("x", 1 << 20) end
return { id = "never" }
LUA
cat >"$work/rules/d-after.lua" <<'LUA'
return { id = "after", severity = "note", lesson = function(lesson, report) report({ line = 1, col = 1 }, "ran") end }
LUA
timeout 600 "$LITLAB" check --rules "$work/rules" "$work/01-mem.md" >"$work/out" 2>&1
cat "$work/out"
fail=0
grep -q "a-fills.lua:3:1: error: rule failed on '[^']*': ran past its memory limit (64 MiB) \[rule-error\]" "$work/out" ||
	{ echo "FAIL: the handler that filled the memory was not named at its line"; fail=1; }
grep -q "b-catches.lua:[0-9]*:1: error: rule failed on '[^']*': a plain error after a caught refusal (false) \[rule-error\]" "$work/out" ||
	{ echo "FAIL: the plain error after a caught refusal was not the message"; fail=1; }
grep -q "c-top.lua:[0-9]*:1: error: rule file failed to load: ran past its memory limit (64 MiB) \[rule-error\]" "$work/out" ||
	{ echo "FAIL: the top level that filled the memory was not said"; fail=1; }
grep -q "01-mem.md:1:1: note: ran \[after\]" "$work/out" || { echo "FAIL: the rule after them did not run"; fail=1; }
exit $fail
