#!/bin/sh
# A course rule's code runs only inside the rule pass's protected calls: litlab reads a rule table
# and the lesson's tables without their metamethods, so an __index that errors, loops or fills the
# memory when litlab reads a field between two handlers does not abort the child ("killed by a
# signal"), and the rules after it still report. A rule may not set a __gc finalizer, which Lua
# would run between the protected calls, past the instruction limit.
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/rules"
cat >"$work/01-meta.md" <<'MD'
# Metamethods

The loop took 12 ms.
MD
# the rule table: its severity is asked of an __index once the first handler has run
cat >"$work/rules/a-rule.lua" <<'LUA'
local armed = false
return {
  { id = "arms-it", text = function() armed = true end },
  setmetatable({ id = "reads-severity" }, { __index = function(t, k)
    if armed then
      local keep = {}
      while true do keep[#keep + 1] = string.rep("x", 1 << 20) end
    end
  end }),
}
LUA
# the lesson: a handler hides its blocks behind an __index that errors
cat >"$work/rules/b-lesson.lua" <<'LUA'
return {
  id = "hides-blocks",
  lesson = function(lesson)
    rawset(lesson, "blocks", nil)
    setmetatable(lesson, { __index = function() error("an __index litlab must not run") end })
  end,
}
LUA
cat >"$work/rules/c-after.lua" <<'LUA'
return { id = "still-runs", severity = "note", lesson = function(lesson, report) report({ line = 1, col = 1 }, "ran") end }
LUA
# a finalizer, which Lua would run outside the protected calls (collecting, or closing the state)
mkdir -p "$work/gc"
cat >"$work/gc/a-final.lua" <<'LUA'
local ok, why = pcall(setmetatable, {}, { __gc = function() while true do end end })
return { id = "finalizes", severity = "note", lesson = function(lesson, report) report({ line = 1, col = 1 }, why) end }
LUA
timeout 600 "$LITLAB" check --rules "$work/gc" "$work/01-meta.md" >"$work/gc.out" 2>&1
cat "$work/gc.out"
grep -q "note: setmetatable: a rule may not give a table a __gc finalizer" "$work/gc.out" ||
	{ echo "FAIL: a rule set a __gc finalizer"; fail_gc=1; }
timeout 600 "$LITLAB" check --rules "$work/rules" "$work/01-meta.md" >"$work/out" 2>&1
cat "$work/out"
fail=${fail_gc:-0}
! grep -q "killed by a signal" "$work/out" || { echo "FAIL: a child aborted"; fail=1; }
! grep -q "rule-error" "$work/out" || { echo "FAIL: a rule-error"; fail=1; }
grep -q "01-meta.md:3:.*\[timing-needs-metadata\]" "$work/out" || { echo "FAIL: the timing rule did not report"; fail=1; }
grep -q "01-meta.md:1:1: note: ran \[still-runs\]" "$work/out" || { echo "FAIL: the rule after them did not report"; fail=1; }
exit $fail
