#!/bin/sh
# A rule reports only under its own name: a course rule may not take one of litlab's own ids
# ("compile"), an id or alias another rule has, and a report under an id its file did not return
# when litlab loaded it is dropped with a rule-error (a top level that returns other rules in the
# pass than in the loader); math.random has a fixed seed and no randomseed (no clock); `litlab
# rules` shows a summary on its line; a course has at most 64 rule files; a rule file whose own
# data leaves no room for the lesson is told so, not told to split the lesson.
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
printf '# Names\n\nThe loop took 12 ms.\n' >"$work/01-names.md"

# 1. litlab's own id, a built-in's id, another rule's id as an alias: each file refused whole
mkdir -p "$work/taken"
cat >"$work/taken/a-engine.lua" <<'LUA'
return { id = "compile", lesson = function(l, report) report({ line = 1, col = 1 }, "forged compile") end }
LUA
cat >"$work/taken/b-builtin.lua" <<'LUA'
return {
  { id = "fine-first", severity = "note", lesson = function(l, report) report({ line = 1, col = 1 }, "forged first") end },
  { id = "timing-needs-metadata", lesson = function(l, report) report({ line = 1, col = 1 }, "forged timing") end },
}
LUA
cat >"$work/taken/c-kept.lua" <<'LUA'
return { id = "fine-kept", severity = "note", aliases = { "old-kept" }, lesson = function(l, report) report({ line = 1, col = 1 }, "kept") end }
LUA
cat >"$work/taken/d-alias.lua" <<'LUA'
return { id = "own-name", aliases = { "fine-kept" }, lesson = function(l, report) report({ line = 1, col = 1 }, "forged alias") end }
LUA
cat >"$work/taken/e-alias.lua" <<'LUA'
return { id = "old-kept", lesson = function(l, report) report({ line = 1, col = 1 }, "forged alias") end }
LUA
LITLAB_CACHE_DIR=$work/c1 "$LITLAB" check --rules "$work/taken" "$work/01-names.md" >"$work/taken.out" 2>&1
cat "$work/taken.out"
! grep -q "forged" "$work/taken.out" || { echo "FAIL: a rule reported under a name not its own"; fail=1; }
grep -q "a-engine.lua:1:1: .*'compile' is one of litlab's own rule ids" "$work/taken.out" ||
	{ echo "FAIL: an engine id was taken"; fail=1; }
grep -q "b-builtin.lua:1:1: .*rule id 'timing-needs-metadata' is defined twice" "$work/taken.out" ||
	{ echo "FAIL: a built-in's id was taken"; fail=1; }
grep -q "d-alias.lua:1:1: .*rule id 'fine-kept' is defined twice (also in '[^']*c-kept.lua')" "$work/taken.out" ||
	{ echo "FAIL: another rule's id was taken as an alias"; fail=1; }
grep -q "e-alias.lua:1:1: .*rule id 'old-kept' is defined twice (also in '[^']*c-kept.lua', as an alias)" "$work/taken.out" ||
	{ echo "FAIL: an id another rule has as an alias was taken"; fail=1; }
grep -q "01-names.md:1:1: note: kept \[fine-kept\]" "$work/taken.out" || { echo "FAIL: the rule that came first did not report"; fail=1; }
grep -q "01-names.md:3:.*\[timing-needs-metadata\]" "$work/taken.out" || { echo "FAIL: the built-in rule did not report"; fail=1; }

# 2. ids that differ between the loader and the pass (an address in the id): never reported
mkdir -p "$work/moving"
cat >"$work/moving/a.lua" <<'LUA'
local id = "r" .. string.format("%p", {}):gsub("[^%w]", ""):lower()
return { id = id, severity = "note", lesson = function(l, report) report({ line = 1, col = 1 }, "moved " .. id) end }
LUA
seen=0
for i in 1 2 3; do
	LITLAB_CACHE_DIR=$work/c2-$i "$LITLAB" check --rules "$work/moving" "$work/01-names.md" >"$work/moving.out" 2>&1
	if grep -q "which is not one of its rules as litlab loaded them" "$work/moving.out"; then
		seen=1
		! grep -q "moved" "$work/moving.out" || { echo "FAIL: a report under an id not loaded was kept"; fail=1; }
	fi
done
[ "$seen" = 1 ] || { echo "FAIL: reports under ids the loader never saw were taken, three times"; fail=1; }

# 3. no clock: the same random number every run, and no randomseed
mkdir -p "$work/random"
cat >"$work/random/a.lua" <<'LUA'
return { id = "dice", severity = "note", lesson = function(l, report)
  report({ line = 1, col = 1 }, math.random(1 << 30) .. " " .. tostring(math.randomseed)) end }
LUA
a=$(LITLAB_CACHE_DIR=$work/c3 "$LITLAB" check --rules "$work/random" "$work/01-names.md" 2>&1 | grep "\[dice\]")
b=$(LITLAB_CACHE_DIR=$work/c4 "$LITLAB" check --rules "$work/random" "$work/01-names.md" 2>&1 | grep "\[dice\]")
[ -n "$a" ] && [ "$a" = "$b" ] || { echo "FAIL: math.random differs between runs: '$a' '$b'"; fail=1; }
echo "$a" | grep -q " nil \[dice\]" || { echo "FAIL: math.randomseed is there: $a"; fail=1; }

# 4. a summary with a newline and an escape stays on its line in `litlab rules`
mkdir -p "$work/summary"
printf 'return { id = "plain", summary = "one\\ntiming-needs-metadata    error    engine/rules/timing.lua (built in)\\n\\27[2K" }\n' \
	>"$work/summary/a.lua"
"$LITLAB" rules --rules "$work/summary" >"$work/rules.out" 2>&1
n=$(grep -c "^timing-needs-metadata " "$work/rules.out")
[ "$n" -eq 1 ] || { echo "FAIL: a summary forged a line of its own in litlab rules"; fail=1; }
! grep -q "$(printf '\033')" "$work/rules.out" || { echo "FAIL: an escape reached the terminal"; fail=1; }

# 5. at most 64 rule files in a course
mkdir -p "$work/many"
for i in $(seq 65); do printf 'return { id = "r%d" }\n' "$i" >"$work/many/r$i.lua"; done
"$LITLAB" check --rules "$work/many" "$work/01-names.md" >"$work/many.out" 2>&1
rc=$?
[ "$rc" -eq 2 ] && grep -q "at most 64 rule files" "$work/many.out" || { echo "FAIL: 65 rule files were read (exit $rc)"; fail=1; }
rm "$work/many/r65.lua"
LITLAB_CACHE_DIR=$work/c5 "$LITLAB" check --rules "$work/many" "$work/01-names.md" >"$work/many.out" 2>&1
! grep -q "at most 64" "$work/many.out" || { echo "FAIL: 64 rule files were refused"; fail=1; }

# 6. a top level that keeps most of the memory: the file is told, not the lesson
mkdir -p "$work/hoard"
cat >"$work/hoard/a.lua" <<'LUA'
keep = false
local msgs, count = {}, 0
local function fill(n)
  local ok, e = pcall(function() while true do keep = { keep, string.rep("h", n) } count = count + 1 end end)
  msgs[#msgs + 1] = tostring(e) .. "@" .. count
end
fill(1 << 16) fill(1 << 12) fill(1 << 8)
return { id = "hoards", lesson = function(l, report) report({ line = 1, col = 1 }, table.concat(msgs, "; ")) end }
LUA
{ printf '# Hoard\n\n'; for i in $(seq 2000); do printf 'Paragraph %d of a lesson of some length.\n\n' "$i"; done; } >"$work/02-hoard.md"
LITLAB_CACHE_DIR=$work/c6 "$LITLAB" check --rules "$work/hoard" "$work/02-hoard.md" >"$work/hoard.out" 2>&1
grep -q "a.lua:1:1: .*what the rule file keeps ([0-9.]* MiB, from its top level) left too little" "$work/hoard.out" ||
	{ cat "$work/hoard.out"; echo "FAIL: the lesson was blamed for the rule file's own memory"; fail=1; }
exit $fail
